// Scans along one dim: cumsum, cumprod, logcumsumexp, cummax, cummin, as
// ATen's CPU kernels compute them: each line in order, accumulating in
// at::acc_type<T, false> (double for float and double, float for half and
// bfloat16, int64 for integers), so the results match bit for bit. Lines
// are independent and split over the pool.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "tc/support/status.h"

#include "compute.h"
#include "dispatch.h"
#include "families.h"
#include "kernel.h"
#include "loop.h"

namespace tc::kernels {
namespace {

// at::acc_type<T, /*is_cuda=*/false>.
template <typename T>
using ScanAcc =
    std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, double>, double,
                       std::conditional_t<std::is_floating_point_v<Acc<T>>, float, int64_t>>;

// The input as `dtype`, contiguous, and the lines of `dim`: `outer`
// blocks of `n` steps `inner` apart.
struct Lines {
  Tensor x;
  int64_t outer = 1, n = 1, inner = 1;
};
absl::StatusOr<Lines> LinesOf(const Tensor& in, int64_t dim_arg, DType dtype) {
  Lines l;
  l.x = (in.dtype() == dtype ? in : in.to(dtype)).contiguous();
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(dim_arg, in.dim()));
  for (int64_t d = 0; d < in.dim(); ++d) {
    if (d < dim) l.outer *= in.size(d);
    if (d == dim) l.n = in.size(d);
    if (d > dim) l.inner *= in.size(d);
  }
  return l;
}

// Runs `line(base)` for every line, `base` its first element's index.
template <typename Fn>
void ForEachLine(const Lines& l, Fn&& line) {
  const int64_t lines = l.outer * l.inner;
  const int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(l.n, 1));
  ParallelRange(lines, grain, [&](int64_t begin, int64_t end) {
    for (int64_t j = begin; j < end; ++j) line((j / l.inner) * l.n * l.inner + j % l.inner);
  });
}

enum class Cum : uint8_t { kSum, kProd };

template <Cum kOp>
absl::Status CumKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                       std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  TC_ASSIGN_OR_RETURN(const Lines l, LinesOf(TensorArg(args, 0), IntArg(args, 1), out.dtype()));
  if (out.numel() == 0) return absl::OkStatus();
  tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    using A = std::conditional_t<std::is_same_v<T, bool>, int64_t, ScanAcc<T>>;
    const T* in = l.x.data<T>();
    T* o = out.data<T>();
    ForEachLine(l, [&](int64_t base) {
      A acc = kOp == Cum::kSum ? A(0) : A(1);
      for (int64_t k = 0; k < l.n; ++k) {
        const int64_t i = base + k * l.inner;
        if constexpr (kOp == Cum::kSum) {
          acc += static_cast<A>(in[i]);
        } else {
          acc *= static_cast<A>(in[i]);
        }
        o[i] = static_cast<T>(acc);
      }
    });
  });
  return absl::OkStatus();
}

// ATen's _log_add_exp_helper: log(exp(x) + exp(y)), NaN propagating, and
// equal infinities giving x.
template <typename A>
A LogAddExp(A x, A y) {
  A lo = std::isnan(y) ? y : std::min(x, y);
  A hi = std::isnan(y) ? y : std::max(x, y);
  if (lo != hi || std::isfinite(lo)) return std::log1p(std::exp(lo - hi)) + hi;
  return x;
}

absl::Status LogCumSumExpKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  TC_ASSIGN_OR_RETURN(const Lines l, LinesOf(TensorArg(args, 0), IntArg(args, 1), out.dtype()));
  if (out.numel() == 0) return absl::OkStatus();
  VisitFloating(out.dtype(), [&]<typename T>(TypeTag<T>) {
    using A = ScanAcc<T>;
    const T* in = l.x.data<T>();
    T* o = out.data<T>();
    ForEachLine(l, [&](int64_t base) {
      A acc = -std::numeric_limits<A>::infinity();
      for (int64_t k = 0; k < l.n; ++k) {
        const int64_t i = base + k * l.inner;
        acc = LogAddExp(static_cast<A>(in[i]), acc);
        o[i] = static_cast<T>(acc);
      }
    });
  });
  return absl::OkStatus();
}

// cummax / cummin: the running extremum and the index where it was taken
// (the last of equal values; a NaN sticks), as ATen's cummax_cummin_helper.
template <bool kMax>
absl::Status CumExtremumKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                               std::span<Tensor> outs) {
  const Tensor& values = outs[0];
  TC_ASSIGN_OR_RETURN(const Lines l, LinesOf(TensorArg(args, 0), IntArg(args, 1), values.dtype()));
  if (values.numel() == 0) return absl::OkStatus();
  int64_t* idx = outs[1].data<int64_t>();
  tensor::VisitDType(values.dtype(), [&]<typename T>(TypeTag<T>) {
    using C = Acc<T>;
    auto is_nan = [](C v) {
      if constexpr (std::is_floating_point_v<C>) {
        return std::isnan(v);
      } else {
        return false;
      }
    };
    const T* in = l.x.data<T>();
    T* o = values.data<T>();
    ForEachLine(l, [&](int64_t base) {
      C best = static_cast<C>(in[base]);
      int64_t at = 0;
      for (int64_t k = 0; k < l.n; ++k) {
        const int64_t i = base + k * l.inner;
        C x = static_cast<C>(in[i]);
        if (is_nan(x) || (!is_nan(best) && (kMax ? x >= best : x <= best))) {
          best = x;
          at = k;
        }
        o[i] = static_cast<T>(best);
        idx[i] = at;
      }
    });
  });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindScanKernel(std::string_view name) {
  if (name == "cumsum") return CumKernel<Cum::kSum>;
  if (name == "cumprod") return CumKernel<Cum::kProd>;
  if (name == "logcumsumexp") return LogCumSumExpKernel;
  if (name == "cummax") return CumExtremumKernel<true>;
  if (name == "cummin") return CumExtremumKernel<false>;
  return nullptr;
}

}  // namespace tc::kernels
