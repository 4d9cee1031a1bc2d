// native_batch_norm_backward: batch_norm's gradients per channel c, with
// mean and invstd the batch's (training: save_mean / save_invstd, or the
// input's own statistics when they are not given) or the running ones
// (evaluation), x_hat = (x - mean) * invstd, M values per channel:
//   grad_weight = sum(dy * x_hat),  grad_bias = sum(dy),
//   grad_input  = weight * invstd * (dy - grad_bias / M - x_hat * grad_weight / M)
//                 (training), weight * invstd * dy (evaluation),
// as ATen's batch_norm_backward_cpu computes them. Channels run in
// parallel; sums are taken in double. Inputs of other layouts are read
// through contiguous copies; 16-bit floats compute in float32.
#include <algorithm>
#include <cmath>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/compute.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/simd.h"

namespace tc::kernels {
namespace {

// Sums of a[i] and a[i] * (b[i] - shift) over n values, in eight lanes
// (independent chains the compiler vectorizes) added in double.
template <typename T>
void PlaneSums(const T* a, const T* b, T shift, int64_t n, double* sum_a, double* dot) {
  T s[8] = {}, d[8] = {};
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    for (int j = 0; j < 8; ++j) {
      s[j] += a[i + j];
      d[j] += a[i + j] * (b[i + j] - shift);
    }
  }
  double ts = 0, td = 0;
  for (int j = 0; j < 8; ++j) {
    ts += s[j];
    td += d[j];
  }
  for (; i < n; ++i) {
    ts += a[i];
    td += static_cast<double>(a[i]) * (b[i] - shift);
  }
  *sum_a += ts;
  *dot += td;
}

// A per-channel parameter as T (null when None).
template <typename T>
std::vector<T> Param(std::span<const KernelArg> args, size_t i) {
  if (!IsTensor(args, i)) return {};
  const Tensor p = Contiguous(ToDType(TensorArg(args, i), tensor::DTypeOf<T>()));
  return std::vector<T>(p.data<T>(), p.data<T>() + p.numel());
}

template <typename T>
absl::Status Run(std::span<const KernelArg> args, std::span<Tensor> outs) {
  const DType compute = tensor::DTypeOf<T>();
  const Tensor dy = Contiguous(ToDType(TensorArg(args, 0), compute));
  const Tensor x = Contiguous(ToDType(TensorArg(args, 1), compute));
  const std::vector<T> weight = Param<T>(args, 2), rm = Param<T>(args, 3), rv = Param<T>(args, 4);
  const std::vector<T> save_mean = Param<T>(args, 5), save_invstd = Param<T>(args, 6);
  const bool train = BoolArg(args, 7);
  const double eps = ScalarArg(args, 8).to_double();
  const Shape m = IntListArg(args, 9);
  const int64_t n = x.size(0), c = x.size(1), plane = x.numel() / std::max<int64_t>(1, n * c);
  const int64_t count = n * plane;
  Tensor out[3];
  for (int i = 0; i < 3; ++i) {
    if (m[i] == 0) continue;
    out[i] = outs[i].dtype() == compute ? outs[i] : Tensor::Empty(outs[i].sizes(), compute);
  }
  const T* xd = x.data<T>();
  const T* dyd = dy.data<T>();
  ParallelFor(c, 1, [&](int64_t c0, int64_t c1) {
    for (int64_t ch = c0; ch < c1; ++ch) {
      double mean, invstd;
      if (train && !save_mean.empty() && !save_invstd.empty()) {
        mean = save_mean[ch];
        invstd = save_invstd[ch];
      } else if (train) {
        double sum = 0, sq = 0, unused = 0;
        for (int64_t i = 0; i < n; ++i) sum += simd::Sum(xd + (i * c + ch) * plane, plane);
        mean = count > 0 ? sum / count : 0;
        for (int64_t i = 0; i < n; ++i) {
          const T* p = xd + (i * c + ch) * plane;
          PlaneSums(p, p, static_cast<T>(mean), plane, &unused, &sq);
        }
        invstd = count > 0 ? 1 / std::sqrt(sq / count + eps) : 0;
      } else {
        mean = rm[ch];
        invstd = 1 / std::sqrt(static_cast<double>(rv[ch]) + eps);
      }
      double sum_dy = 0, dot = 0;
      for (int64_t i = 0; i < n; ++i) {
        const int64_t at = (i * c + ch) * plane;
        PlaneSums(dyd + at, xd + at, static_cast<T>(mean), plane, &sum_dy, &dot);
      }
      const double w = weight.empty() ? 1.0 : static_cast<double>(weight[ch]);
      if (m[1] != 0) out[1].data<T>()[ch] = static_cast<T>(dot * invstd);
      if (m[2] != 0) out[2].data<T>()[ch] = static_cast<T>(sum_dy);
      if (m[0] == 0) continue;
      // dx = a * dy + b * x + shift per channel.
      const double scale = w * invstd;
      double a = scale, b = 0, shift = 0;
      if (train && count > 0) {
        const double k = dot * invstd * invstd / count;
        b = -scale * k;
        shift = scale * (k * mean - sum_dy / count);
      }
      const T ta = static_cast<T>(a), tb = static_cast<T>(b), ts = static_cast<T>(shift);
      T* gx = out[0].data<T>();
      for (int64_t i = 0; i < n; ++i) {
        const int64_t at = (i * c + ch) * plane;
        for (int64_t k = 0; k < plane; ++k) gx[at + k] = ta * dyd[at + k] + tb * xd[at + k] + ts;
      }
    }
  });
  for (int i = 0; i < 3; ++i) {
    if (m[i] != 0 && out[i].raw_data() != outs[i].raw_data()) CopyCast(out[i], outs[i]);
  }
  return absl::OkStatus();
}

absl::Status NativeBatchNormBackwardKernel(std::span<const KernelArg> args,
                                           std::span<const TensorMeta>, std::span<Tensor> outs) {
  if (TensorArg(args, 1).dtype() == DType::kFloat64) return Run<double>(args, outs);
  return Run<float>(args, outs);
}

}  // namespace

KernelFn FindNormBackwardKernel(std::string_view name) {
  return name == "native_batch_norm_backward" ? NativeBatchNormBackwardKernel : nullptr;
}

}  // namespace tc::kernels
