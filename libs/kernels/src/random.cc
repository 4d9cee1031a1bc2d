// rand and randn from the Philox generator: element i of a draw depends only
// on (seed, offset + i), so chunks run in parallel and eager, interpreted
// and generated code agree.
#include <vector>

#include "tc/tensor/philox.h"

#include "src/compute.h"
#include "src/dispatch.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/loop.h"

namespace tc::kernels {
namespace {

template <bool kNormal>
absl::Status RandomKernel(std::span<const KernelArg>, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const int64_t n = out.numel();
  tensor::Generator& gen = tensor::DefaultGenerator();
  const uint64_t seed = gen.seed();
  const uint64_t offset = gen.Reserve(static_cast<uint64_t>(n));
  VisitFloating(out.dtype(), [&]<typename T>(TypeTag<T>) {
    T* p = out.data<T>();
    ParallelFor(n, kParallelGrain, [&](int64_t b, int64_t e) {
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        if constexpr (kNormal) {
          tensor::PhiloxNormal(seed, offset + b, p + b, e - b);
        } else {
          tensor::PhiloxUniform(seed, offset + b, p + b, e - b);
        }
      } else {
        // 16-bit floats: draw float32, round once.
        std::vector<float> tmp(e - b);
        if constexpr (kNormal) {
          tensor::PhiloxNormal(seed, offset + b, tmp.data(), e - b);
        } else {
          tensor::PhiloxUniform(seed, offset + b, tmp.data(), e - b);
        }
        for (int64_t i = b; i < e; ++i) p[i] = static_cast<T>(tmp[i - b]);
      }
    });
  });
  return absl::OkStatus();
}

}  // namespace

KernelFn FindRandomKernel(std::string_view name) {
  if (name == "rand") return RandomKernel<false>;
  if (name == "randn") return RandomKernel<true>;
  return nullptr;
}

}  // namespace tc::kernels
