// Element types kernels compute in: float for the 16-bit floats (computed
// in float and rounded once, as PyTorch does), the type itself otherwise.
#ifndef TC_KERNELS_SRC_COMPUTE_H_
#define TC_KERNELS_SRC_COMPUTE_H_

#include <cmath>
#include <type_traits>

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

// Two's complement wrapping arithmetic (signed overflow is UB in C++).
template <typename T>
inline T WrapAdd(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  } else {
    return a + b;
  }
}
template <typename T>
inline T WrapSub(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
  } else {
    return a - b;
  }
}
template <typename T>
inline T WrapMul(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    // uint16 * uint16 promotes to int and may overflow: multiply as uint64.
    return static_cast<T>(static_cast<U>(static_cast<uint64_t>(static_cast<U>(a)) *
                                         static_cast<uint64_t>(static_cast<U>(b))));
  } else {
    return a * b;
  }
}

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_COMPUTE_H_
