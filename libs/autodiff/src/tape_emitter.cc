#include "src/tape_emitter.h"

#include "absl/strings/str_cat.h"

#include "tc/autodiff/record.h"
#include "tc/graph_ir/map_args.h"
#include "tc/support/status.h"

namespace tc::autodiff::internal {

graph_ir::TensorMeta MetaOfTensor(const tensor::Tensor& t) {
  return graph_ir::TensorMeta{t.dtype(), t.sizes(), t.strides(), t.device()};
}

graph_ir::EmitRef TapeEmitter::Add(tensor::Tensor t) {
  metas_.push_back(MetaOfTensor(t));
  tensors_.push_back(std::move(t));
  return graph_ir::EmitRef{static_cast<int32_t>(tensors_.size() - 1)};
}

graph_ir::EmitRef TapeEmitter::AddMeta(graph_ir::TensorMeta meta) {
  metas_.push_back(std::move(meta));
  tensors_.emplace_back();
  return graph_ir::EmitRef{static_cast<int32_t>(tensors_.size() - 1)};
}

absl::StatusOr<std::vector<graph_ir::EmitRef>> TapeEmitter::Emit(
    const graph_ir::OpDef& op, std::vector<graph_ir::EmitArg> args) {
  std::vector<kernels::KernelArg> kargs;
  bool unsaved = false;
  graph_ir::MapArgs(args, kargs, [&](graph_ir::EmitRef r) {
    if (!tensors_[r.index].defined()) unsaved = true;
    return tensors_[r.index];
  });
  if (unsaved) {
    return absl::InternalError(
        absl::StrCat("derivative formula reads a tensor its op did not save (in ", op.name, ")"));
  }
  TC_ASSIGN_OR_RETURN(std::vector<tensor::Tensor> outs, autodiff::Call(op, kargs));
  std::vector<graph_ir::EmitRef> refs;
  refs.reserve(outs.size());
  for (tensor::Tensor& t : outs) refs.push_back(Add(std::move(t)));
  return refs;
}

}  // namespace tc::autodiff::internal
