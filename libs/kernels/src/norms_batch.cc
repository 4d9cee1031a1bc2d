// Fused eager batch_norm over a contiguous or channels-last float32/float64
// CPU input [N, C, *]: per channel, the batch statistics (training) in two
// cached passes (over its N planes, or over the N*H*W rows of C channels of
// a channels-last input), then one pass writing fma(x, alpha, beta) with
// alpha = weight / sqrt(var + eps) and beta = fma(-mean, alpha, bias), as
// ATen's CPU kernel computes it (its compiled loops fuse both); a channels-last input gets a
// channels-last output. The decomposition (ops_composite_norm.cc) makes five whole-tensor passes;
// anything off this path (other dtypes, strided inputs or parameters, bad arguments) declines to
// it.
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "src/alloc_check.h"
#include "src/fused.h"
#include "src/kernel.h"
#include "src/norm_params.h"
#include "src/norm_simd.h"
#include "src/simd.h"

namespace tc::kernels {
namespace {

using Fused = absl::StatusOr<std::optional<std::vector<Tensor>>>;

// Channels-last rows (N*H*W rows of C) are summed in fixed blocks of this
// many rows, in T inside a block and in double across blocks in order, so
// the statistics do not depend on the thread count.
constexpr int64_t kRowBlock = 256;

// Per-channel sums over channels-last `in` (rows x c): of the values, or of
// their squared deviations from `mean` when it is given.
template <typename T>
std::vector<double> ChannelStats(const T* in, int64_t rows, int64_t c, const T* mean) {
  const int64_t blocks = (rows + kRowBlock - 1) / kRowBlock;
  std::vector<T> partial(blocks * c, T(0));
  ParallelFor(
      blocks, std::max<int64_t>(1, 64 / std::max<int64_t>(1, c)), [&](int64_t bb, int64_t be) {
        for (int64_t b = bb; b < be; ++b) {
          simd::ChannelSums(in + b * kRowBlock * c, std::min(kRowBlock, rows - b * kRowBlock), c,
                            mean, partial.data() + b * c);
        }
      });
  std::vector<double> sums(c, 0.0);
  for (int64_t b = 0; b < blocks; ++b) {
    for (int64_t ch = 0; ch < c; ++ch) sums[ch] += partial[b * c + ch];
  }
  return sums;
}

// The batch mean and biased variance per channel: contiguous planes through
// simd::Sum / SumSq, channels-last rows through ChannelStats.
template <typename T>
void BatchStats(const T* in, int64_t n, int64_t c, int64_t plane, bool channels_last,
                std::vector<T>& mean, std::vector<double>& sq_sum) {
  const int64_t count = n * plane;
  mean.resize(c);
  if (channels_last) {
    const std::vector<double> sums = ChannelStats<T>(in, count, c, nullptr);
    for (int64_t ch = 0; ch < c; ++ch) mean[ch] = static_cast<T>(sums[ch] / count);
    sq_sum = ChannelStats<T>(in, count, c, mean.data());
    return;
  }
  sq_sum.resize(c);
  ParallelFor(c, 1, [&](int64_t cb, int64_t ce) {
    for (int64_t ch = cb; ch < ce; ++ch) {
      double sum = 0;
      for (int64_t i = 0; i < n; ++i) sum += simd::Sum(in + (i * c + ch) * plane, plane);
      mean[ch] = static_cast<T>(sum / count);
      double ss = 0;
      for (int64_t i = 0; i < n; ++i) ss += simd::SumSq(in + (i * c + ch) * plane, plane, mean[ch]);
      sq_sum[ch] = ss;
    }
  });
}

template <typename T>
absl::Status Run(std::span<const KernelArg> args, const Tensor& x, bool channels_last,
                 std::vector<Tensor>& outs) {
  const int64_t n = x.size(0), c = x.size(1), plane = x.numel() / (n * c);
  const bool training = BoolArg(args, 5);
  const T momentum = static_cast<T>(ScalarArg(args, 6).to_double());
  const T one_minus = static_cast<T>(1 - ScalarArg(args, 6).to_double());
  const T eps = static_cast<T>(ScalarArg(args, 7).to_double());
  const T *w = ChannelData<T>(args, 1), *b = ChannelData<T>(args, 2);
  const T *rm = ChannelData<T>(args, 3), *rv = ChannelData<T>(args, 4);
  const T* in = x.data<T>();
  T* out = outs[0].data<T>();
  std::vector<T> alpha(c), beta(c), mean;
  std::vector<double> sq_sum;
  if (training) {
    for (int i = 1; i <= 2; ++i) {
      TC_RETURN_IF_ERROR(CheckAllocation(Shape{c}, x.dtype()));
      outs[i] = Tensor::Empty(Shape{c}, x.dtype());
    }
    BatchStats(in, n, c, plane, channels_last, mean, sq_sum);
  } else {
    outs[1] = TensorArg(args, 3);  // the running stats used, as the decomposition returns
    outs[2] = TensorArg(args, 4);
  }
  T* new_mean = training ? outs[1].data<T>() : nullptr;
  T* new_var = training ? outs[2].data<T>() : nullptr;
  const int64_t count = n * plane;
  for (int64_t ch = 0; ch < c; ++ch) {
    T m, var;
    if (training) {
      m = mean[ch];
      var = static_cast<T>(sq_sum[ch] / count);
      const T unbiased = static_cast<T>(sq_sum[ch] / (count - 1));
      new_mean[ch] = rm != nullptr ? m * momentum + rm[ch] * one_minus : m;
      new_var[ch] = rv != nullptr ? unbiased * momentum + rv[ch] * one_minus : var;
    } else {
      m = rm[ch];
      var = rv[ch];
    }
    T a = T(1) / std::sqrt(var + eps);
    if (w != nullptr) a = a * w[ch];
    alpha[ch] = a;
    // ATen's bias - mean * alpha, which its compiler contracts into one
    // FMA (PyTorch's printed values show the single rounding).
    beta[ch] = b != nullptr ? std::fma(-m, a, b[ch]) : -(m * a);
  }
  if (channels_last) {
    ParallelFor(count, std::max<int64_t>(1, 16384 / c), [&](int64_t rb, int64_t re) {
      simd::ScaleShiftChannels(in + rb * c, alpha.data(), beta.data(), out + rb * c, re - rb, c);
    });
    return absl::OkStatus();
  }
  ParallelFor(n * c, std::max<int64_t>(1, 16384 / std::max<int64_t>(plane, 1)),
              [&](int64_t pb, int64_t pe) {
                for (int64_t p = pb; p < pe; ++p) {
                  const int64_t ch = p % c;
                  simd::ScaleShift(in + p * plane, alpha[ch], beta[ch], out + p * plane, plane);
                }
              });
  return absl::OkStatus();
}

// Whether `x` [N, C, *] is laid out channels_last (4-d) or channels_last_3d
// (5-d) and not also contiguous: rows of C contiguous channels.
bool ChannelsLastInput(const Tensor& x) {
  const tensor::MemoryFormat f = x.dim() == 4   ? tensor::MemoryFormat::kChannelsLast
                                 : x.dim() == 5 ? tensor::MemoryFormat::kChannelsLast3d
                                                : tensor::MemoryFormat::kContiguous;
  return f != tensor::MemoryFormat::kContiguous && !x.is_contiguous() &&
         tensor::IsContiguousAs(x.sizes(), x.strides(), f);
}

// batch_norm (input, weight, bias, running_mean, running_var, training,
// momentum, eps) -> (output, new running_mean, new running_var).
Fused BatchNormFused(std::span<const KernelArg> args) {
  if (!IsTensor(args, 0)) return std::nullopt;
  const Tensor& x = TensorArg(args, 0);
  const DType dt = x.dtype();
  if (!x.device().is_cpu() || x.is_meta() || (dt != DType::kFloat32 && dt != DType::kFloat64) ||
      x.dim() < 2 || x.numel() == 0) {
    return std::nullopt;
  }
  const bool channels_last = ChannelsLastInput(x);
  if (!x.is_contiguous() && !channels_last) return std::nullopt;
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
  // A channels-last input gets a channels-last output, as ATen's.
  outs[0] = !channels_last ? Tensor::Empty(x.sizes(), dt)
            : x.dim() == 4
                ? Tensor::EmptyStrided(x.sizes(), tensor::ChannelsLastStrides(x.sizes()), dt)
                : Tensor::EmptyStrided(x.sizes(), tensor::ChannelsLast3dStrides(x.sizes()), dt);
  if (dt == DType::kFloat32) {
    TC_RETURN_IF_ERROR(Run<float>(args, x, channels_last, outs));
  } else {
    TC_RETURN_IF_ERROR(Run<double>(args, x, channels_last, outs));
  }
  return outs;
}

}  // namespace

FusedFn FindBatchNormFusedKernel(std::string_view name) {
  return name == "batch_norm" ? BatchNormFused : nullptr;
}

}  // namespace tc::kernels
