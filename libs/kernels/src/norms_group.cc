// Fused eager group_norm over a contiguous float32/float64 CPU input
// [N, C, *]: each (sample, group) slice of C / groups channels is one
// contiguous row, normalized in two cached passes and written in a third
// (tc/kernels/formulas/norm_rows-inl.h's GroupNormRow, as ATen's CPU kernel
// computes it: per channel scale = rstd * gamma, bias = -scale * mean +
// beta, y = fma(x, scale, bias)), rows split over the thread pool. The
// decomposition (ops_composite_norm.cc) makes about eight whole-tensor
// passes; anything off this path (other dtypes, strided inputs or
// parameters, bad arguments) declines to it, and it reports the errors.
#include <algorithm>
#include <optional>
#include <vector>

#include "tc/kernels/stream_stores.h"
#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/fused.h"
#include "src/kernel.h"
#include "src/norm_params.h"
#include "src/norm_simd.h"

namespace tc::kernels {
namespace {

using Fused = absl::StatusOr<std::optional<std::vector<Tensor>>>;

// group_norm (input, num_groups, weight, bias, eps) -> output.
Fused GroupNormFused(std::span<const KernelArg> args) {
  if (!IsTensor(args, 0)) return std::nullopt;
  const Tensor& x = TensorArg(args, 0);
  const DType dt = x.dtype();
  if (!x.device().is_cpu() || x.is_meta() || (dt != DType::kFloat32 && dt != DType::kFloat64) ||
      x.dim() < 2 || x.numel() == 0 || !x.is_contiguous()) {
    return std::nullopt;
  }
  const int64_t n = x.size(0), c = x.size(1), groups = IntArg(args, 1);
  if (groups <= 0 || c % groups != 0) return std::nullopt;
  if (!FastChannelParam(args, 2, dt, c) || !FastChannelParam(args, 3, dt, c)) return std::nullopt;
  const int64_t channels = c / groups, plane = x.numel() / (n * c);
  const int64_t rows = n * groups, row = channels * plane;
  const double eps = ScalarArg(args, 4).to_double();
  TC_RETURN_IF_ERROR(CheckAllocation(x.sizes(), dt));
  Tensor out = Tensor::Empty(x.sizes(), dt);
  const int64_t grain = std::max<int64_t>(1, 16384 / row);
  const bool stream = UseStreamStores(out.numel() * static_cast<int64_t>(out.itemsize()));
  auto run = [&]<typename T>(T) {
    const T* in = x.data<T>();
    const T *w = ChannelData<T>(args, 2), *b = ChannelData<T>(args, 3);
    T* o = out.data<T>();
    ParallelFor(rows, grain, [&](int64_t rb, int64_t re) {
      simd::GroupNormRows(in + rb * row, w, b, static_cast<T>(eps), o + rb * row, rb, re - rb,
                          groups, channels, plane, stream);
    });
  };
  if (dt == DType::kFloat32) {
    run(float{});
  } else {
    run(double{});
  }
  return std::vector<Tensor>{std::move(out)};
}

}  // namespace

FusedFn FindGroupNormFusedKernel(std::string_view name) {
  return name == "group_norm" ? GroupNormFused : nullptr;
}

}  // namespace tc::kernels
