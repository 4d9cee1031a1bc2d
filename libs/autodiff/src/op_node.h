// OpNode: the tape's node for one recorded op call. It keeps the call's
// constants, the tensors its derivative formula reads (saved with their
// version, so an in-place write after saving is caught) and the metadata
// of the rest, and runs the formula on a TapeEmitter at backward.
#ifndef TC_AUTODIFF_SRC_OP_NODE_H_
#define TC_AUTODIFF_SRC_OP_NODE_H_

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "tc/autodiff/derivatives.h"
#include "tc/autodiff/node.h"
#include "tc/graph_ir/op.h"

namespace tc::autodiff::internal {

// A forward tensor as the node keeps it: its data when saved, else its
// metadata only.
struct SavedTensor {
  tensor::Tensor data;  // undefined when not saved (or released)
  graph_ir::TensorMeta meta;
  bool saved = false;
  // An output of the node itself: kept without its autograd meta (which
  // points back at the node) and given one again when unpacked.
  bool is_output = false;
  uint32_t output_nr = 0;
  uint64_t version = 0;
  // Named in the in-place error: "output 0 of ExpBackward0".
  std::string producer;
  uint32_t producer_output = 0;
};
using SavedArg = std::variant<SavedTensor, std::vector<SavedTensor>, graph_ir::Constant>;

SavedTensor SaveTensor(const tensor::Tensor& t, bool keep_data, bool is_output, uint32_t output_nr);

class OpNode final : public Node {
 public:
  // `def` null: an op without a derivative; Apply reports it.
  OpNode(const graph_ir::OpDef& op, const DerivativeDef* def, std::string name);
  std::string name() const override { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }
  absl::StatusOr<GradList> Apply(GradList grads) override;
  void ReleaseSaved() override;
  // Replaces saved tensors on `storage` by copies (an in-place write into
  // that storage is about to make this node's result).
  void DetachSavedFrom(const tensor::Storage* storage);

  // Filled by Record.
  void AddInput(const tensor::Tensor& t) {
    AddNextEdge(GradientEdgeOf(t), InputInfo{t.sizes(), t.dtype()});
  }
  std::vector<SavedArg> args;
  std::vector<SavedTensor> outputs;
  void SetNumOutputs(uint32_t n) { set_num_inputs(n); }

 private:
  static Edge GradientEdgeOf(const tensor::Tensor& t);
  // A saved tensor's value (s.saved must hold).
  absl::StatusOr<tensor::Tensor> Unpack(const SavedTensor& s);

  const graph_ir::OpDef& op_;
  const DerivativeDef* def_;
  std::string name_;
  bool released_ = false;
};

}  // namespace tc::autodiff::internal

#endif  // TC_AUTODIFF_SRC_OP_NODE_H_
