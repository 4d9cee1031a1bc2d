// float16 and bfloat16 storage types: 16 bits in memory, float arithmetic.
//
// Conversions round to nearest even, as PyTorch's c10::Half and c10::BFloat16
// do, so values printed and compared match PyTorch bit for bit.
#ifndef TC_TENSOR_HALF_H_
#define TC_TENSOR_HALF_H_

#include <cstdint>
#include <cstring>

namespace tc::tensor {

namespace internal {

inline uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}
inline float BitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}

// IEEE binary16 from binary32, round to nearest even (after Fabian Giesen's
// branch-light conversion).
inline uint16_t FloatToHalfBits(float f) {
  uint32_t x = FloatBits(f);
  uint32_t sign = (x >> 16) & 0x8000u;
  x &= 0x7fffffffu;
  uint16_t h;
  if (x >= 0x47800000u) {  // overflow, inf or nan
    h = x > 0x7f800000u ? static_cast<uint16_t>(0x7e00u | ((x >> 13) & 0x3ffu)) : 0x7c00u;
  } else if (x < 0x38800000u) {     // subnormal or zero in half
    float v = BitsFloat(x) + 0.5f;  // adds the magic number that aligns the mantissa
    h = static_cast<uint16_t>(FloatBits(v) - 0x3f000000u);
  } else {
    uint32_t mant_odd = (x >> 13) & 1u;
    x += 0xc8000fffu + mant_odd;  // rebias exponent (-112 << 23) and round
    h = static_cast<uint16_t>(x >> 13);
  }
  return static_cast<uint16_t>(h | sign);
}

inline float HalfBitsToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  if (exp == 0x1f) return BitsFloat(sign | 0x7f800000u | (mant << 13));
  if (exp == 0) {
    float v = static_cast<float>(mant) * 5.9604644775390625e-8f;  // 2^-24
    return sign ? -v : v;
  }
  return BitsFloat(sign | ((exp + 112) << 23) | (mant << 13));
}

inline uint16_t FloatToBFloat16Bits(float f) {
  uint32_t x = FloatBits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return 0x7fc0u;  // canonical nan
  uint32_t rounding_bias = 0x7fffu + ((x >> 16) & 1u);
  return static_cast<uint16_t>((x + rounding_bias) >> 16);
}

inline float BFloat16BitsToFloat(uint16_t b) { return BitsFloat(static_cast<uint32_t>(b) << 16); }

}  // namespace internal

struct Half {
  uint16_t bits = 0;
  Half() = default;
  Half(float f) : bits(internal::FloatToHalfBits(f)) {}  // NOLINT: implicit like c10::Half
  operator float() const { return internal::HalfBitsToFloat(bits); }
  static Half FromBits(uint16_t b) {
    Half h;
    h.bits = b;
    return h;
  }
};

struct BFloat16 {
  uint16_t bits = 0;
  BFloat16() = default;
  BFloat16(float f) : bits(internal::FloatToBFloat16Bits(f)) {}  // NOLINT: implicit
  operator float() const { return internal::BFloat16BitsToFloat(bits); }
  static BFloat16 FromBits(uint16_t b) {
    BFloat16 h;
    h.bits = b;
    return h;
  }
};

}  // namespace tc::tensor

#endif  // TC_TENSOR_HALF_H_
