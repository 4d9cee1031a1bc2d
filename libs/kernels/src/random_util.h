// Shared pieces of the CPU random kernels: the uniform transforms of ATen's
// distribution helpers (TransformationHelper.h), the double Box-Muller with
// the generator's one-value cache, and the element stores. Every kernel
// fills its (contiguous) output in order, one draw (or pair) per element,
// as ATen's serial TensorIterator loops do, so the same seed gives the same
// numbers as PyTorch's CPU generator.
#ifndef TC_KERNELS_SRC_RANDOM_UTIL_H_
#define TC_KERNELS_SRC_RANDOM_UTIL_H_

#include <cmath>
#include <cstdint>
#include <numbers>

#include "tc/tensor/cpu_generator.h"
#include "tc/tensor/dispatch.h"

namespace tc::kernels::random {

using tensor::CpuGenerator;

// uniform_real_distribution<float>(0, 1): the low 24 bits of one 32-bit
// draw, exact in float.
inline float Uniform24(uint32_t r) {
  return static_cast<float>(r & 0xFFFFFFu) * (1.0f / 16777216.0f);
}
// uniform_real_distribution<double>(0, 1): the low 53 bits of one 64-bit
// draw (high word drawn first), exact in double.
inline double Uniform53(uint64_t r) {
  return static_cast<double>(r & ((uint64_t{1} << 53) - 1)) * (1.0 / 9007199254740992.0);
}
inline double NextUniform53(CpuGenerator& g) { return Uniform53(g.Random64()); }

// at::normal_distribution<double>(mean, std) on the CPU: a cached sample
// first; else a Box-Muller pair from two 53-bit uniforms (u2 feeds the
// radius through log1p(-u2), u1 the angle), caching the sine half. ATen's
// AVX2 build contracts `c * std + mean` into one FMA.
inline double NormalDouble(CpuGenerator& g, double mean, double std) {
  std::optional<double>& cache = g.next_double_normal_sample();
  if (cache.has_value()) {
    const double c = *cache;
    cache.reset();
    return std::fma(c, std, mean);
  }
  const double u1 = NextUniform53(g);
  const double u2 = NextUniform53(g);
  const double r = std::sqrt(-2.0 * std::log1p(-u2));
  const double theta = 2.0 * std::numbers::pi * u1;
  cache = r * std::sin(theta);
  return std::fma(r * std::cos(theta), std, mean);
}

template <typename T>
inline constexpr bool kIsReducedFloat =
    std::is_same_v<T, tensor::Half> || std::is_same_v<T, tensor::BFloat16>;

// static_cast<scalar_t>(v) as ATen writes a double or int64 result: half
// and bfloat16 go through float (c10's constructors take a float), bool is
// v != 0.
template <typename T, typename From>
inline T CastResult(From v) {
  if constexpr (kIsReducedFloat<T>) {
    return T(static_cast<float>(v));
  } else if constexpr (std::is_same_v<T, bool>) {
    return v != From{0};
  } else {
    return static_cast<T>(v);
  }
}
template <typename T>
inline T FromDouble(double v) {
  return CastResult<T>(v);
}
template <typename T>
inline constexpr bool kIsFloating =
    kIsReducedFloat<T> || std::is_same_v<T, float> || std::is_same_v<T, double>;

}  // namespace tc::kernels::random

#endif  // TC_KERNELS_SRC_RANDOM_UTIL_H_
