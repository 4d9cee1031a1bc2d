// rand and uniform_: ATen's uniform_kernel. float32, float16 and bfloat16
// compute in float from 24 bits of one 32-bit draw, float64 in double from
// 53 bits of one 64-bit draw; x * (to - from) + from is one FMA (ATen's
// AVX2/AVX512 builds contract it); a result that rounds to `to` in the
// output dtype becomes `from`.
#include <algorithm>
#include <cmath>

#include "src/dispatch.h"
#include "src/kernel.h"
#include "src/random_kernels.h"
#include "src/random_util.h"

namespace tc::kernels::random {
namespace {

constexpr int64_t kChunk = 4096;  // draws buffered per step

template <typename T>
void FillUniform(CpuGenerator& g, T* out, int64_t n, double from, double to) {
  uint32_t words[2 * kChunk];
  if constexpr (std::is_same_v<T, double>) {
    const double width = to - from;
    const bool unit = from == 0.0 && width == 1.0;  // fma(x, 1, 0) == x
    for (int64_t b = 0; b < n; b += kChunk) {
      const int64_t m = std::min(kChunk, n - b);
      g.Fill(words, static_cast<size_t>(2 * m));
      double* o = out + b;
      for (int64_t i = 0; i < m; ++i) {
        const uint64_t r = (uint64_t{words[2 * i]} << 32) | words[2 * i + 1];
        o[i] = Uniform53(r);
      }
      if (!unit) {
        for (int64_t i = 0; i < m; ++i) {
          const double v = std::fma(o[i], width, from);
          o[i] = v == to ? from : v;
        }
      }
    }
  } else {
    const float f = static_cast<float>(from), t = static_cast<float>(to);
    const float width = t - f;
    const bool unit = f == 0.0f && width == 1.0f;
    const T to_t = T(t), from_t = T(f);
    for (int64_t b = 0; b < n; b += kChunk) {
      const int64_t m = std::min(kChunk, n - b);
      g.Fill(words, static_cast<size_t>(m));
      T* o = out + b;
      if (unit) {
        // x < 1 rounds to at most 1 in half/bfloat16: the to->from rule
        // still applies there.
        for (int64_t i = 0; i < m; ++i) {
          const T v = T(Uniform24(words[i]));
          if constexpr (std::is_same_v<T, float>) {
            o[i] = v;
          } else {
            o[i] = static_cast<float>(v) == static_cast<float>(to_t) ? from_t : v;
          }
        }
      } else {
        for (int64_t i = 0; i < m; ++i) {
          const T v = T(std::fmaf(Uniform24(words[i]), width, f));
          o[i] = static_cast<float>(v) == static_cast<float>(to_t) ? from_t : v;
        }
      }
    }
  }
}

}  // namespace

void Uniform(CpuGenerator& g, const Tensor& out, double from, double to) {
  std::lock_guard<std::mutex> lock(g.mutex());
  VisitFloating(out.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    FillUniform<T>(g, out.data<T>(), out.numel(), from, to);
  });
}

absl::Status UniformKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                           std::span<Tensor> outs) {
  Uniform(tensor::CurrentCpuGenerator(), outs[0], ScalarArg(args, 1).to_double(),
          ScalarArg(args, 2).to_double());
  return absl::OkStatus();
}

absl::Status RandKernel(std::span<const KernelArg>, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  Uniform(tensor::CurrentCpuGenerator(), outs[0], 0.0, 1.0);
  return absl::OkStatus();
}

}  // namespace tc::kernels::random
