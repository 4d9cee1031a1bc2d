// The op-tracer seam: while frame-capture (the Dynamo layer) traces a
// frame, every op the torch module would run goes to an OpTracer instead of
// the kernels, so the same argument parsing, defaults and error messages
// serve eager runs and tracing. Tensors seen while tracing are fake: meta
// tensors (tensor::Device::Meta(), no data) whose identity is their Storage.
//
// With no tracer installed the eager path pays one load and one branch per
// op.
#ifndef TC_SCRIPT_TORCH_OP_TRACER_H_
#define TC_SCRIPT_TORCH_OP_TRACER_H_

#include <span>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"
#include "tc/script/object.h"
#include "tc/tensor/tensor.h"

namespace tc::script_torch {

class OpTracer {
 public:
  virtual ~OpTracer() = default;

  // Called instead of kernels::Call for every op the torch module runs
  // while this tracer is installed, whatever its arguments (creation and
  // random ops have no tensor inputs and must be recorded too; torch.zeros,
  // ones, empty, new_* and zeros_like-style forms arrive as `full`, copies
  // (clone, contiguous, dtype casts) as `to_dtype`). Composite (torch-level) ops
  // arrive as themselves, not decomposed. `args` is complete: the schema's
  // defaults are filled in. Tensor arguments are fakes this tracer made, or
  // real cpu tensors it did not: tensors from outside the traced code and
  // tensors made from Python data (torch.tensor, list indices, values read
  // out of real index tensors), which hold their values. Returns the op's
  // outputs (op.num_outputs of them) as meta tensors with the dtype, sizes
  // and strides the real op would give; kernels::CallMeta computes exactly
  // that. An error status is the op's own error (wrong shape, dtype),
  // reported to the script as the eager run would report it.
  virtual absl::StatusOr<std::vector<tensor::Tensor>> RunOp(
      const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args) = 0;

  // An in-place op (`x.add_(y)`, `x[0] = y`, `x.copy_(y)`, `x.fill_(2)`)
  // computed `value` (already traced through RunOp, broadcast to self's
  // sizes; its dtype may differ from self's, the write casts) and now
  // writes it into `self`; the tracer rebinds self's identity to the new
  // value. For `x[...] = y` self is the indexed part of x as a view over
  // x's own storage (offset, sizes and strides of the part), made without
  // RunOp, so a write into part of a tensor shows as such. An error status
  // (e.g. writing into a view of part of a tensor, not modeled) reaches
  // the script as a RuntimeError.
  virtual absl::Status WriteInPlace(const tensor::Tensor& self, const tensor::Tensor& value) = 0;
};

// Installs `tracer` (null removes it) for the calling thread (each thread
// runs its own VM) and returns the previous one.
OpTracer* SetOpTracer(OpTracer* tracer);
OpTracer* CurrentOpTracer();

// Script code needed the data of a meta tensor (bool(t), t.item(),
// t.tolist(), int(t), a tensor used as an index or a size, torch.equal
// ...), while tracing or on meta tensors of its own. The torch module
// raises an instance of this type, a subclass of RuntimeError, so that
// frame-capture can tell "needs real data here: graph break" from the
// script's own errors. Its message is PyTorch's for meta tensors where
// there is one, e.g. "Tensor.item() cannot be called on meta tensors",
// "Cannot copy out of meta tensor; no data!". Printing a meta tensor is not
// a data read: it prints "tensor(..., device='meta', size=(2, 3))". The
// type is named RuntimeError, as what PyTorch raises is one, so scripts
// print the same under tc and PyTorch.
script::Type* MetaDataAccessErrorType();

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_OP_TRACER_H_
