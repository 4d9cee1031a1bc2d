// full and arange.
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

absl::Status ArangeKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Scalar start = ScalarArg(args, 0);
  const Scalar step = args.size() > 2 ? ScalarArg(args, 2) : Scalar(1);
  tensor::VisitDType(out.dtype(), [&]<typename T>(TypeTag<T>) {
    T* p = out.data<T>();
    const int64_t n = out.numel();
    if constexpr (kIsFloat<T>) {
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
