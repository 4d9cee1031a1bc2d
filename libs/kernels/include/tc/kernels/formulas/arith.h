// Integer and division formulas shared by eager's kernels (compute.h,
// pointwise_binary.cc) and the C++ that codegen-cpu generates: the
// generated code cannot link libtc, so its prelude embeds this file's text
// (kernels' formula_text.h) and both compute every element with these very
// lines. Plain C++17, no tc or Abseil includes, for that reason.
#ifndef TC_KERNELS_FORMULAS_ARITH_H_
#define TC_KERNELS_FORMULAS_ARITH_H_

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace tc::kernels::formulas {

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

// c10's div_floor_floating: Python's // on floats.
template <typename C>
inline C DivFloorFloat(C a, C b) {
  if (b == 0) return a / b;
  C mod = std::fmod(a, b);
  C div = (a - mod) / b;
  if (mod != 0 && (b < 0) != (mod < 0)) div -= C(1);
  if (div == 0) return std::copysign(C(0), a / b);
  C floordiv = std::floor(div);
  if (div - floordiv > C(0.5)) floordiv += C(1);
  return floordiv;
}

// Python's % on floats: the result takes the divisor's sign.
template <typename C>
inline C RemainderFloat(C a, C b) {
  C mod = std::fmod(a, b);
  if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
  return mod;
}

enum class IntDivKind { kTrunc, kFloor, kRemainder };

// Integer (not bool) division with C's truncation or Python's floor signs.
// A zero divisor sets *zero_div (eager raises ZeroDivisionError) and gives 0.
template <IntDivKind K, typename C>
inline C IntDivide(C a, C b, bool* zero_div) {
  if (b == 0) {
    *zero_div = true;
    return C(0);
  }
  if constexpr (std::is_signed_v<C>) {
    // MIN / -1 overflows: wrap (PyTorch itself traps here).
    if (b == C(-1)) return K == IntDivKind::kRemainder ? C(0) : WrapSub(C(0), a);
  }
  C q = static_cast<C>(a / b);
  C r = static_cast<C>(a % b);
  if constexpr (K == IntDivKind::kTrunc) return q;
  if constexpr (K == IntDivKind::kFloor) return (r != 0 && ((r < 0) != (b < 0))) ? C(q - 1) : q;
  return (r != 0 && ((r < 0) != (b < 0))) ? C(r + b) : r;
}

// Integer pow by squaring, wrapping; a negative exponent gives 0 but for
// a base of 1 or -1, as ATen's powi.
template <typename C>
inline C PowInt(C base, C exp) {
  if constexpr (std::is_signed_v<C>) {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return (exp & 1) ? C(-1) : C(1);
      return 0;
    }
  }
  C result = 1;
  while (exp) {
    if (exp & 1) result = WrapMul(result, base);
    exp = static_cast<C>(exp >> 1);
    base = WrapMul(base, base);
  }
  return result;
}

}  // namespace tc::kernels::formulas

#endif  // TC_KERNELS_FORMULAS_ARITH_H_
