// The derivative table: for each differentiable op, the gradients of its
// inputs from the gradients of its outputs, written once against
// graph_ir::Emitter so that the same formula runs eagerly (the tape's
// nodes emit kernels::Call) and builds graph nodes (the AOT joint graph
// emits into a graph_ir::Graph). PyTorch's derivatives.yaml is the
// reference for every formula and node name.
#ifndef TC_AUTODIFF_DERIVATIVES_H_
#define TC_AUTODIFF_DERIVATIVES_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/decompose.h"
#include "tc/graph_ir/op.h"
#include "tc/kernels/eager.h"

namespace tc::autodiff {

using graph_ir::EmitArg;
using graph_ir::EmitRef;
using graph_ir::Emitter;

// What a formula sees. Tensor arguments of the forward call are handles
// in `emitter` (those the definition does not save carry metadata only:
// Meta() works, emitting an op on them fails); constants are as given,
// with defaults filled in.
struct BackwardArgs {
  Emitter& emitter;
  std::span<const EmitArg> args;
  // The forward outputs (handles valid when the definition saves them).
  std::span<const EmitRef> outputs;
  // One per forward output; nullopt: no gradient reached it (zero).
  std::span<const std::optional<EmitRef>> grads;
  // One per tensor input in argument order (Tensor[] arguments
  // flattened): whether its gradient is wanted.
  std::span<const bool> needs_grad;
};

// One gradient per tensor input (flattened as in needs_grad); nullopt for
// inputs without one. Gradients may be broadcast versions of the input's
// shape or another floating dtype: the caller sums and casts them.
using Grads = std::vector<std::optional<EmitRef>>;
using DerivativeFn = absl::StatusOr<Grads> (*)(const BackwardArgs& b);
// PyTorch's node name for a call ("AddBackward0", "SumBackward1"), which
// can depend on the arguments (a scalar or tensor `other`, a dim given).
// Names matter on the eager tape only (printed grad_fn), so this sees the
// eager call's arguments.
using NodeNameFn = std::string (*)(std::span<const kernels::KernelArg> args);

// What a call saves for backward (save_for): bit i of `args` saves forward
// argument i, bit i of `outputs` forward output i.
struct SaveMask {
  uint32_t args = 0;
  uint32_t outputs = 0;
};

struct DerivativeDef {
  std::string_view op;
  // A fixed node name, or null when `name_fn` decides.
  const char* name = nullptr;
  NodeNameFn name_fn = nullptr;
  DerivativeFn fn = nullptr;
  // Bit i: forward argument i (a tensor or tensor list) is read by `fn`
  // and saved for backward.
  uint32_t save_args = 0;
  // The forward outputs are read by `fn` and saved.
  bool save_outputs = false;
  // When set, decides what is saved instead of save_args, from which
  // tensor arguments need a gradient (bit i: argument i): PyTorch saves
  // x for y's gradient of x * y only when y's gradient is wanted, so an
  // in-place write into x then is no error.
  uint32_t (*save_fn)(uint32_t needs) = nullptr;
  // For a composite op: whether `fn` covers this call (else the call is
  // differentiated through its decomposition); null: always.
  bool (*applies)(std::span<const kernels::KernelArg> args) = nullptr;
  // When set, decides what is saved instead of save_args, save_fn and
  // save_outputs, from the call's arguments and which tensor arguments need
  // a gradient (bit i: argument i): batch_norm saves its running statistics
  // in evaluation only (training writes new ones into them after the call),
  // max_pool2d_with_indices its indices but not its values (which an
  // in-place op may then change, as in PyTorch).
  SaveMask (*save_for)(std::span<const kernels::KernelArg> args, uint32_t needs) = nullptr;
};

// The definition for `op`, or null when it has none (a composite op
// without one is differentiated through its decomposition; any other op
// fails at backward with PyTorch's "derivative for ... is not
// implemented").
const DerivativeDef* FindDerivative(std::string_view op);

// Whether output `i` of `op` (of dtype `dtype`) carries a gradient: a
// floating output, except the ones PyTorch computes outside autograd
// (batch_norm's updated running statistics: ATen writes them in place,
// with no history).
bool IsDifferentiableOutput(const graph_ir::OpDef& op, size_t i, tensor::DType dtype);
// Every definition, for tests that cover the table.
std::span<const DerivativeDef* const> AllDerivatives();

// The node name a call gets.
std::string NodeName(const DerivativeDef& def, std::span<const kernels::KernelArg> args);
// The name of the node that ends a composite op differentiated through
// its decomposition ("NllLossBackward0" for cross_entropy), or "" to keep
// the last core op's.
std::string CompositeNodeName(std::string_view op, std::span<const kernels::KernelArg> args);

}  // namespace tc::autodiff

#endif  // TC_AUTODIFF_DERIVATIVES_H_
