// clamp's element formula, shared by eager's clamp kernel
// (pointwise_other.cc) and the C++ codegen-cpu generates (its prelude
// embeds this file's text: see arith.h for why). Plain C++17.
#ifndef TC_KERNELS_FORMULAS_CLAMP_H_
#define TC_KERNELS_FORMULAS_CLAMP_H_

#include <cmath>
#include <type_traits>

namespace tc::kernels::formulas {

// x clamped to the bounds that are present. For floats NaN in the input
// or in a bound propagates, as in PyTorch.
template <typename C>
inline C Clamp(C x, bool has_lo, C lo, bool has_hi, C hi) {
  if constexpr (std::is_floating_point_v<C>) {
    if (!std::isnan(x)) {
      if (has_lo && (std::isnan(lo) || x < lo)) x = lo;
      if (has_hi && (std::isnan(hi) || x > hi)) x = hi;
    }
  } else {
    if (has_lo && x < lo) x = lo;
    if (has_hi && x > hi) x = hi;
  }
  return x;
}

}  // namespace tc::kernels::formulas

#endif  // TC_KERNELS_FORMULAS_CLAMP_H_
