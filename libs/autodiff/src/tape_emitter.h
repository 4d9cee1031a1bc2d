// TapeEmitter: the Emitter derivative formulas run on at backward time.
// Each emitted op runs eagerly through autodiff::Call, so under
// create_graph (grad mode on) the backward's own ops are recorded and can
// be differentiated again.
#ifndef TC_AUTODIFF_SRC_TAPE_EMITTER_H_
#define TC_AUTODIFF_SRC_TAPE_EMITTER_H_

#include <vector>

#include "tc/graph_ir/decompose.h"
#include "tc/tensor/tensor.h"

namespace tc::autodiff::internal {

class TapeEmitter final : public graph_ir::Emitter {
 public:
  graph_ir::EmitRef Add(tensor::Tensor t);
  // A tensor known by its metadata only (an input the formula must not read).
  graph_ir::EmitRef AddMeta(graph_ir::TensorMeta meta);
  const tensor::Tensor& tensor(graph_ir::EmitRef r) const { return tensors_[r.index]; }
  absl::StatusOr<std::vector<graph_ir::EmitRef>> Emit(const graph_ir::OpDef& op,
                                                      std::vector<graph_ir::EmitArg> args) override;
  const graph_ir::TensorMeta& Meta(graph_ir::EmitRef r) const override { return metas_[r.index]; }

 private:
  std::vector<tensor::Tensor> tensors_;
  std::vector<graph_ir::TensorMeta> metas_;
};

graph_ir::TensorMeta MetaOfTensor(const tensor::Tensor& t);

}  // namespace tc::autodiff::internal

#endif  // TC_AUTODIFF_SRC_TAPE_EMITTER_H_
