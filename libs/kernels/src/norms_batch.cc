// Fused eager batch_norm over a contiguous float32/float64 CPU input
// [N, C, *]: per channel, the batch statistics (training) in two cached
// passes over its N planes, then one pass writing x * alpha + beta with
// alpha = weight / sqrt(var + eps) and beta = bias - mean * alpha, as
// ATen's CPU kernel computes it. The decomposition (ops_composite_norm.cc)
// makes five whole-tensor passes; anything off this path (other dtypes,
// strided inputs or parameters, bad arguments) declines to it.
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/alloc_check.h"
#include "src/fused.h"
#include "src/kernel.h"
#include "src/norm_simd.h"
#include "src/simd.h"

namespace tc::kernels {
namespace {

using Fused = absl::StatusOr<std::optional<std::vector<Tensor>>>;

// An optional per-channel tensor usable as a plain array of C elements.
bool FastChannelParam(std::span<const KernelArg> args, size_t i, DType dtype, int64_t channels) {
  if (IsNone(args, i)) return true;
  if (!IsTensor(args, i)) return false;
  const Tensor& p = TensorArg(args, i);
  return p.device().is_cpu() && !p.is_meta() && p.dtype() == dtype && p.is_contiguous() &&
         p.dim() == 1 && p.numel() == channels;
}

template <typename T>
const T* Data(std::span<const KernelArg> args, size_t i) {
  return IsNone(args, i) ? nullptr : TensorArg(args, i).data<T>();
}

template <typename T>
absl::Status Run(std::span<const KernelArg> args, const Tensor& x, std::vector<Tensor>& outs) {
  const int64_t n = x.size(0), c = x.size(1), plane = x.numel() / (n * c);
  const bool training = BoolArg(args, 5);
  const T momentum = static_cast<T>(ScalarArg(args, 6).to_double());
  const T one_minus = static_cast<T>(1 - ScalarArg(args, 6).to_double());
  const T eps = static_cast<T>(ScalarArg(args, 7).to_double());
  const T *w = Data<T>(args, 1), *b = Data<T>(args, 2);
  const T *rm = Data<T>(args, 3), *rv = Data<T>(args, 4);
  const T* in = x.data<T>();
  T* out = outs[0].data<T>();
  std::vector<T> alpha(c), beta(c);
  if (training) {
    for (int i = 1; i <= 2; ++i) {
      TC_RETURN_IF_ERROR(CheckAllocation(Shape{c}, x.dtype()));
      outs[i] = Tensor::Empty(Shape{c}, x.dtype());
    }
  } else {
    outs[1] = TensorArg(args, 3);  // the running stats used, as the decomposition returns
    outs[2] = TensorArg(args, 4);
  }
  T* new_mean = training ? outs[1].data<T>() : nullptr;
  T* new_var = training ? outs[2].data<T>() : nullptr;
  const int64_t count = n * plane;
  ParallelFor(c, 1, [&](int64_t cb, int64_t ce) {
    for (int64_t ch = cb; ch < ce; ++ch) {
      T mean, var;
      if (training) {
        double sum = 0;
        for (int64_t i = 0; i < n; ++i) sum += simd::Sum(in + (i * c + ch) * plane, plane);
        mean = static_cast<T>(sum / count);
        double ss = 0;
        for (int64_t i = 0; i < n; ++i) ss += simd::SumSq(in + (i * c + ch) * plane, plane, mean);
        var = static_cast<T>(ss / count);
        const T unbiased = static_cast<T>(ss / (count - 1));
        new_mean[ch] = rm != nullptr ? mean * momentum + rm[ch] * one_minus : mean;
        new_var[ch] = rv != nullptr ? unbiased * momentum + rv[ch] * one_minus : var;
      } else {
        mean = rm[ch];
        var = rv[ch];
      }
      T a = T(1) / std::sqrt(var + eps);
      if (w != nullptr) a = a * w[ch];
      alpha[ch] = a;
      beta[ch] = b != nullptr ? b[ch] - mean * a : -(mean * a);
    }
  });
  ParallelFor(n * c, std::max<int64_t>(1, 16384 / std::max<int64_t>(plane, 1)),
              [&](int64_t pb, int64_t pe) {
                for (int64_t p = pb; p < pe; ++p) {
                  const int64_t ch = p % c;
                  simd::ScaleShift(in + p * plane, alpha[ch], beta[ch], out + p * plane, plane);
                }
              });
  return absl::OkStatus();
}

// batch_norm (input, weight, bias, running_mean, running_var, training,
// momentum, eps) -> (output, new running_mean, new running_var).
Fused BatchNormFused(std::span<const KernelArg> args) {
  if (!IsTensor(args, 0)) return std::nullopt;
  const Tensor& x = TensorArg(args, 0);
  const DType dt = x.dtype();
  if (!x.device().is_cpu() || x.is_meta() || (dt != DType::kFloat32 && dt != DType::kFloat64) ||
      x.dim() < 2 || x.numel() == 0 || !x.is_contiguous()) {
    return std::nullopt;
  }
  const int64_t c = x.size(1);
  for (size_t i = 1; i <= 4; ++i) {
    if (!FastChannelParam(args, i, dt, c)) return std::nullopt;
  }
  const bool training = BoolArg(args, 5);
  if (!training && (IsNone(args, 3) || IsNone(args, 4))) return std::nullopt;
  // One value per channel: the unbiased variance divides by zero; leave
  // that case to the decomposition.
  if (training && x.numel() / c < 2) return std::nullopt;
  std::vector<Tensor> outs(3);
  TC_RETURN_IF_ERROR(CheckAllocation(x.sizes(), dt));
  outs[0] = Tensor::Empty(x.sizes(), dt);
  if (dt == DType::kFloat32) {
    TC_RETURN_IF_ERROR(Run<float>(args, x, outs));
  } else {
    TC_RETURN_IF_ERROR(Run<double>(args, x, outs));
  }
  return outs;
}

}  // namespace

FusedFn FindBatchNormFusedKernel(std::string_view name) {
  return name == "batch_norm" ? BatchNormFused : nullptr;
}

}  // namespace tc::kernels
