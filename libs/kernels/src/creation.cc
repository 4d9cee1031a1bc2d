// full and arange.
#include <algorithm>
#include <type_traits>

#include "tc/kernels/thread_pool.h"

#include "src/compute.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/loop.h"

namespace tc::kernels {
namespace {

absl::Status FullKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Scalar value = ScalarArg(args, 1);
  tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    const T v = static_cast<T>(ScalarAs<Acc<T>>(value));
    T* p = out.data<T>();
    ParallelFor(out.numel(), kParallelGrain,
                [&](int64_t b, int64_t e) { std::fill(p + b, p + e, v); });
  });
  return absl::OkStatus();
}

// torch.arange's float32 values as ATen's CPU kernel rounds them: it runs
// at AVX2 (8 lanes) over each thread's chunk of at::parallel_for (grain
// 32768), two vectors at a time, and a vector of lanes k = 0..7 holds
// float(float(start + step * i) + k * step), i its first index, in double;
// the chunk's tail is float(start + step * i).
void ArangeFloat32(double start, double step, float* p, int64_t n) {
  constexpr int64_t kLanes = 8, kGrain = 32768;
  const int64_t tasks = n > kGrain ? std::min<int64_t>(NumThreads(), (n + kGrain - 1) / kGrain) : 1;
  const int64_t chunk = (n + tasks - 1) / tasks;
  for (int64_t b = 0; b < n; b += chunk) {
    const int64_t e = std::min(n, b + chunk);
    int64_t i = b;
    for (; i + 2 * kLanes <= e; i += 2 * kLanes) {
      for (int64_t v = i; v < i + 2 * kLanes; v += kLanes) {
        const double base = static_cast<float>(start + step * static_cast<double>(v));
        for (int64_t k = 0; k < kLanes; ++k) p[v + k] = static_cast<float>(base + k * step);
      }
    }
    for (; i < e; ++i) p[i] = static_cast<float>(start + step * static_cast<double>(i));
  }
}

absl::Status ArangeKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Scalar start = ScalarArg(args, 0);
  const Scalar step = args.size() > 2 ? ScalarArg(args, 2) : Scalar(1);
  tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    T* p = out.data<T>();
    const int64_t n = out.numel();
    if constexpr (std::is_same_v<T, float>) {
      ArangeFloat32(start.to_double(), step.to_double(), p, n);
    } else if constexpr (kIsFloat<T>) {
      // PyTorch computes start + i * step in double, then rounds.
      const double s = start.to_double(), d = step.to_double();
      for (int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(static_cast<Acc<T>>(s + i * d));
    } else if (start.is_float() || step.is_float()) {
      const double s = start.to_double(), d = step.to_double();
      for (int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(s + i * d);
    } else {
      const int64_t s = start.to_int(), d = step.to_int();
      for (int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(WrapAdd(s, WrapMul(i, d)));
    }
  });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindCreationKernel(std::string_view name) {
  if (name == "full") return FullKernel;
  if (name == "arange") return ArangeKernel;
  return nullptr;
}

}  // namespace tc::kernels
