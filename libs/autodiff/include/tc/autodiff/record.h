// Running ops with autograd: kernels::Call, plus a node on the tape when
// grad mode is on and an input requires grad. Everything that runs ops
// eagerly for a user (the torch module, derivative formulas under
// create_graph) goes through here.
#ifndef TC_AUTODIFF_RECORD_H_
#define TC_AUTODIFF_RECORD_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"

namespace tc::autodiff {

// Whether a call on `args` would be recorded now.
bool ShouldRecord(std::span<const kernels::KernelArg> args);

// kernels::Call, recorded. A composite op with a derivative of its own
// (softmax, layer_norm, linear...) runs its fused kernel and records one
// node; one without runs its decomposition op by op, each recorded, and
// its last node takes the composite's PyTorch name.
absl::StatusOr<std::vector<tensor::Tensor>> Call(const graph_ir::OpDef& op,
                                                 std::span<const kernels::KernelArg> args);
absl::StatusOr<tensor::Tensor> Call1(std::string_view op,
                                     std::initializer_list<kernels::KernelArg> args);

// Records a call that already ran (its outputs get the new node as
// grad_fn). For callers that compute an op's outputs another way.
absl::Status Record(const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args,
                    std::span<tensor::Tensor> outputs);

// In-place ops (x.add_(y), x.copy_(y), x[i] = y) run as an out-of-place
// op whose `result` is then written into `self`. Before the write:
// PyTorch's error for a leaf that requires grad, and the result's node
// keeps its own copy of anything it saved from self's storage (the write
// would otherwise invalidate it). After: `self` takes the result's history
// (when the result has none, as x.copy_(c), a node `overwrite_name` that
// gives self's earlier history zeros, as PyTorch's CopyBackwards does).
absl::Status CheckInPlace(const tensor::Tensor& self, const tensor::Tensor& result);
void TakeHistory(tensor::Tensor& self, const tensor::Tensor& result,
                 std::string_view overwrite_name = "CopyBackwards");

// Records a write into part of `self` that already ran (x[i] = v,
// x[mask] = v): the elements at `positions` (row-major indices into self,
// int64, in the written region's shape) now hold `value` broadcast (null
// when the value was a number). `self` takes a node named `name`
// ("CopySlices", "IndexPutBackward0", "MaskedFillBackward0") with edges to
// self's previous history and to `value`.
absl::Status RecordIndexWrite(tensor::Tensor& self, const tensor::Tensor* value,
                              const tensor::Tensor& positions, std::string name);

// After an in-place write into `self` took the write's history: when
// self is a view of another variable (view_base), that base's history
// becomes a CopySlices node over its earlier history and self's new one.
absl::Status RebaseHistory(tensor::Tensor& self);

// Names the node that made `t` as PyTorch names the torch-level call tc
// computed with several ops (embedding_bag, x[0]); no-op for leaves.
void NameGradFn(const tensor::Tensor& t, std::string name);

// Gives `outputs` a node named `name` with edges to `inputs`, whose
// backward reports that `op` has no derivative: for results tc computes
// outside the op table, so they print and chain as PyTorch's do until
// their derivative exists.
void RecordWithoutDerivative(std::string_view op, std::string name,
                             std::span<const tensor::Tensor> inputs,
                             std::span<tensor::Tensor> outputs);

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_RECORD_H_
