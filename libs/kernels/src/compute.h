// Element types kernels compute in: float for the 16-bit floats (computed
// in float and rounded once, as PyTorch does), the type itself otherwise.
#ifndef TC_KERNELS_SRC_COMPUTE_H_
#define TC_KERNELS_SRC_COMPUTE_H_

#include <cmath>
#include <type_traits>

#include "tc/kernels/formulas/arith.h"
#include "tc/tensor/dispatch.h"
#include "tc/tensor/half.h"
#include "tc/tensor/scalar.h"

namespace tc::kernels {

using tensor::BFloat16;
using tensor::Half;
using tensor::TypeTag;

template <typename T>
struct AccOf {
  using type = T;
};
template <>
struct AccOf<Half> {
  using type = float;
};
template <>
struct AccOf<BFloat16> {
  using type = float;
};
template <typename T>
using Acc = typename AccOf<T>::type;

template <typename T>
inline constexpr bool kIsFloat = std::is_floating_point_v<Acc<T>>;

// A Python number as compute type C (floats are not rounded to 16 bits).
template <typename C>
inline C ScalarAs(const tensor::Scalar& s) {
  if constexpr (std::is_same_v<C, bool>) {
    return s.to_bool();
  } else if constexpr (std::is_floating_point_v<C>) {
    return static_cast<C>(s.to_double());
  } else {
    if (s.is_float()) return static_cast<C>(s.to_double());
    return static_cast<C>(s.to_int());  // wraps like PyTorch's cast
  }
}

template <typename T>
inline Acc<T> Load(const char* p) {
  return static_cast<Acc<T>>(*reinterpret_cast<const T*>(p));
}
template <typename T>
inline void Store(char* p, Acc<T> v) {
  *reinterpret_cast<T*>(p) = static_cast<T>(v);
}
template <>
inline void Store<bool>(char* p, bool v) {
  *reinterpret_cast<bool*>(p) = v;
}

// Two's complement wrapping arithmetic, shared with generated code.
using formulas::WrapAdd;
using formulas::WrapMul;
using formulas::WrapSub;

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_COMPUTE_H_
