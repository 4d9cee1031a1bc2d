// Fused eager kernel of gelu_backward (fused.h): the exact GELU's
// derivative over contiguous float32 operands of one shape, in one
// vectorized pass (gelu_simd.h) instead of its decomposition's eleven
// whole-tensor ops. Anything else declines to the decomposition.
#include <optional>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/fused.h"
#include "src/gelu_simd.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

using Fused = absl::StatusOr<std::optional<std::vector<Tensor>>>;

bool FastFloat(const Tensor& t) {
  return t.device().is_cpu() && !t.is_meta() && t.dtype() == DType::kFloat32 && t.is_contiguous();
}

// gelu_backward(grad_output, self, approximate).
Fused GeluBackwardFused(std::span<const KernelArg> args) {
  if (!IsTensor(args, 0) || !IsTensor(args, 1)) return std::nullopt;
  const Tensor& dy = TensorArg(args, 0);
  const Tensor& x = TensorArg(args, 1);
  std::optional<std::string> mode = OptStringArg(args, 2);
  if ((mode.has_value() && *mode != "none") || !FastFloat(dy) || !FastFloat(x) ||
      !std::ranges::equal(dy.sizes(), x.sizes())) {
    return std::nullopt;
  }
  TC_RETURN_IF_ERROR(CheckAllocation(x.sizes(), x.dtype()));
  Tensor out = Tensor::Empty(x.sizes(), x.dtype());
  const float* g = dy.data<float>();
  const float* in = x.data<float>();
  float* o = out.data<float>();
  ParallelFor(x.numel(), 16384,
              [&](int64_t b, int64_t e) { simd::GeluBackward(g + b, in + b, o + b, e - b); });
  return std::vector<Tensor>{std::move(out)};
}

}  // namespace

FusedFn FindActivationFusedKernel(std::string_view name) {
  return name == "gelu_backward" ? GeluBackwardFused : nullptr;
}

}  // namespace tc::kernels
