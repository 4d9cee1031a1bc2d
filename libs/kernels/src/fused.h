// Fused eager kernels of composite ops. A composite op (softmax,
// layer_norm, ...) is defined by its decomposition, which every backend may
// use; eagerly on the CPU, a fused kernel runs it in one pass instead when
// its arguments are on the kernel's fast path (dtype, layout), and declines
// otherwise, leaving the decomposition (and its error texts) to run.
#ifndef TC_KERNELS_SRC_FUSED_H_
#define TC_KERNELS_SRC_FUSED_H_

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

#include "src/kernel.h"

namespace tc::kernels {

// The outputs, or nullopt when the arguments (defaults filled in, not yet
// checked) are off the fast path.
using FusedFn =
    absl::StatusOr<std::optional<std::vector<Tensor>>> (*)(std::span<const KernelArg> args);

// The fused kernel of a composite op, or nullptr.
FusedFn FindFusedKernel(const graph_ir::OpDef& op);
// fn(args) when the arguments (defaults filled in) have the forms op's
// schema wants, else nullopt.
absl::StatusOr<std::optional<std::vector<Tensor>>> RunFused(FusedFn fn, const graph_ir::OpDef& op,
                                                            std::span<const KernelArg> args);

// Per-family lookups by name, combined by FindFusedKernel.
FusedFn FindNormFusedKernel(std::string_view name);        // norms.cc
FusedFn FindBatchNormFusedKernel(std::string_view name);   // norms_batch.cc
FusedFn FindGroupNormFusedKernel(std::string_view name);   // norms_group.cc
FusedFn FindLinearFusedKernel(std::string_view name);      // linear_fused.cc
FusedFn FindActivationFusedKernel(std::string_view name);  // activation_fused.cc
FusedFn FindAttentionFusedKernel(std::string_view name);   // attention_backward.cc

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_FUSED_H_
