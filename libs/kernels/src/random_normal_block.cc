// The float32 Box-Muller block transform (see random_normal_block.h), once
// per Highway target (foreach_target.h re-includes this file).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/random_normal_block.cc"  // relative to the library root
#include "src/random_normal_block.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
// clang-format on

#ifndef TC_KERNELS_SRC_RANDOM_NORMAL_BLOCK_ONCE_
#define TC_KERNELS_SRC_RANDOM_NORMAL_BLOCK_ONCE_
namespace tc::kernels::random {
namespace {

// avx_mathfun.h's constants.
constexpr float kSqrtHalf = 0.707106781186547524f;
constexpr float kLogP[] = {7.0376836292E-2f,  -1.1514610310E-1f, 1.1676998740E-1f,
                           -1.2420140846E-1f, 1.4249322787E-1f,  -1.6668057665E-1f,
                           2.0000714765E-1f,  -2.4999993993E-1f, 3.3333331174E-1f};
constexpr float kLogQ1 = -2.12194440e-4f, kLogQ2 = 0.693359375f;
constexpr float kFourOverPi = 1.27323954473516f;
constexpr float kDP1 = -0.78515625f, kDP2 = -2.4187564849853515625e-4f,
                kDP3 = -3.77489497744594108e-8f;
constexpr float kCos0 = 2.443315711809948e-5f, kCos1 = -1.388731625493765e-3f,
                kCos2 = 4.166664568298827e-2f;
constexpr float kSin0 = -1.9515295891e-4f, kSin1 = 8.3321608736e-3f, kSin2 = -1.6666654611e-1f;
constexpr float kTwoPi = 6.28318530717958647692f;  // 2*pi rounded to float

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float FromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// log256_ps for x in (0, 1].
float LogScalar(float x) {
  if (!(x > 0)) return std::numeric_limits<float>::quiet_NaN();
  x = std::max(x, FromBits(0x00800000u));
  const uint32_t b = Bits(x);
  float e = static_cast<float>(static_cast<int32_t>(b >> 23) - 0x7f);
  x = FromBits((b & ~0x7f800000u) | Bits(0.5f));
  e = e + 1.0f;
  const bool small = x < kSqrtHalf;
  const float tmp = small ? x : 0.0f;
  x = x - 1.0f;
  e = e - (small ? 1.0f : 0.0f);
  x = x + tmp;
  const float z = x * x;
  float y = kLogP[0];
  for (int k = 1; k < 9; ++k) y = std::fmaf(y, x, kLogP[k]);
  y = y * x;
  y = std::fmaf(y, z, e * kLogQ1);
  y = y - z * 0.5f;
  x = x + y;
  return x + e * kLogQ2;
}

// sincos256_ps.
void SinCosScalar(float xin, float* s, float* c) {
  uint32_t sign_sin = Bits(xin) & 0x80000000u;
  float x = std::fabs(xin);
  int32_t j = static_cast<int32_t>(x * kFourOverPi);
  j = (j + 1) & ~1;
  const float y = static_cast<float>(j);
  const uint32_t swap_sign = static_cast<uint32_t>(j & 4) << 29;
  const bool poly = (j & 2) == 0;
  x = std::fmaf(y, kDP1, x);
  x = std::fmaf(y, kDP2, x);
  x = std::fmaf(y, kDP3, x);
  const uint32_t sign_cos = static_cast<uint32_t>(~(j - 2) & 4) << 29;
  sign_sin ^= swap_sign;
  const float z = x * x;
  float yc = std::fmaf(kCos0, z, kCos1);
  yc = std::fmaf(yc, z, kCos2);
  yc = yc * z;
  yc = std::fmaf(yc, z, -(z * 0.5f));
  yc = yc + 1.0f;
  float ys = std::fmaf(kSin0, z, kSin1);
  ys = std::fmaf(ys, z, kSin2);
  ys = ys * z;
  ys = std::fmaf(ys, x, x);
  *s = FromBits(Bits(poly ? ys : yc) ^ sign_sin);
  *c = FromBits(Bits(poly ? yc : ys) ^ sign_cos);
}

}  // namespace

void NormalBlocks16Scalar(float* d, int64_t num_blocks, float mean, float std) {
  for (int64_t b = 0; b < num_blocks; ++b, d += 16) {
    for (int j = 0; j < 8; ++j) {
      const float u1 = 1.0f - d[j];
      const float u2 = d[j + 8];
      const float radius = std::sqrt(-2.0f * LogScalar(u1));
      float s, c;
      SinCosScalar(kTwoPi * u2, &s, &c);
      d[j] = std::fmaf(radius * c, std, mean);
      d[j + 8] = std::fmaf(radius * s, std, mean);
    }
  }
}

}  // namespace tc::kernels::random
#endif  // TC_KERNELS_SRC_RANDOM_NORMAL_BLOCK_ONCE_

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::random {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_TARGET == HWY_SCALAR
// No hardware FMA: Highway's MulAdd would round twice.
void NormalBlocks16Impl(float* d, int64_t num_blocks, float mean, float std) {
  NormalBlocks16Scalar(d, num_blocks, mean, std);
}
#else
using DF = hn::CappedTag<float, 8>;
using DI = hn::RebindToSigned<DF>;
using DU = hn::RebindToUnsigned<DF>;
using VF = hn::Vec<DF>;

HWY_INLINE VF Log(DF df, VF x) {
  const DI di;
  const DU du;
  const auto invalid = hn::Not(hn::Gt(x, hn::Zero(df)));
  x = hn::Max(x, hn::BitCast(df, hn::Set(du, 0x00800000u)));
  const auto b = hn::BitCast(du, x);
  VF e = hn::ConvertTo(df, hn::Sub(hn::BitCast(di, hn::ShiftRight<23>(b)), hn::Set(di, 0x7f)));
  x = hn::BitCast(
      df, hn::Or(hn::And(b, hn::Set(du, ~0x7f800000u)), hn::BitCast(du, hn::Set(df, 0.5f))));
  e = hn::Add(e, hn::Set(df, 1.0f));
  const auto small = hn::Lt(x, hn::Set(df, kSqrtHalf));
  const VF tmp = hn::IfThenElseZero(small, x);
  x = hn::Sub(x, hn::Set(df, 1.0f));
  e = hn::Sub(e, hn::IfThenElseZero(small, hn::Set(df, 1.0f)));
  x = hn::Add(x, tmp);
  const VF z = hn::Mul(x, x);
  VF y = hn::Set(df, kLogP[0]);
  for (int k = 1; k < 9; ++k) y = hn::MulAdd(y, x, hn::Set(df, kLogP[k]));
  y = hn::Mul(y, x);
  y = hn::MulAdd(y, z, hn::Mul(e, hn::Set(df, kLogQ1)));
  y = hn::Sub(y, hn::Mul(z, hn::Set(df, 0.5f)));
  x = hn::Add(x, y);
  x = hn::Add(x, hn::Mul(e, hn::Set(df, kLogQ2)));
  return hn::IfThenElse(invalid, hn::Set(df, std::numeric_limits<float>::quiet_NaN()), x);
}

HWY_INLINE void SinCos(DF df, VF xin, VF* s, VF* c) {
  const DI di;
  const DU du;
  const auto sign_bit = hn::Set(du, 0x80000000u);
  auto sign_sin = hn::And(hn::BitCast(du, xin), sign_bit);
  VF x = hn::Abs(xin);
  auto j = hn::ConvertTo(di, hn::Mul(x, hn::Set(df, kFourOverPi)));  // truncates
  j = hn::And(hn::Add(j, hn::Set(di, 1)), hn::Set(di, ~1));
  const VF y = hn::ConvertTo(df, j);
  const auto swap_sign = hn::ShiftLeft<29>(hn::BitCast(du, hn::And(j, hn::Set(di, 4))));
  const auto poly = hn::RebindMask(df, hn::Eq(hn::And(j, hn::Set(di, 2)), hn::Zero(di)));
  x = hn::MulAdd(y, hn::Set(df, kDP1), x);
  x = hn::MulAdd(y, hn::Set(df, kDP2), x);
  x = hn::MulAdd(y, hn::Set(df, kDP3), x);
  const auto sign_cos =
      hn::ShiftLeft<29>(hn::BitCast(du, hn::AndNot(hn::Sub(j, hn::Set(di, 2)), hn::Set(di, 4))));
  sign_sin = hn::Xor(sign_sin, swap_sign);
  const VF z = hn::Mul(x, x);
  VF yc = hn::MulAdd(hn::Set(df, kCos0), z, hn::Set(df, kCos1));
  yc = hn::MulAdd(yc, z, hn::Set(df, kCos2));
  yc = hn::Mul(yc, z);
  yc = hn::MulAdd(yc, z, hn::Neg(hn::Mul(z, hn::Set(df, 0.5f))));
  yc = hn::Add(yc, hn::Set(df, 1.0f));
  VF ys = hn::MulAdd(hn::Set(df, kSin0), z, hn::Set(df, kSin1));
  ys = hn::MulAdd(ys, z, hn::Set(df, kSin2));
  ys = hn::Mul(ys, z);
  ys = hn::MulAdd(ys, x, x);
  *s = hn::BitCast(df, hn::Xor(hn::BitCast(du, hn::IfThenElse(poly, ys, yc)), sign_sin));
  *c = hn::BitCast(df, hn::Xor(hn::BitCast(du, hn::IfThenElse(poly, yc, ys)), sign_cos));
}

void NormalBlocks16Impl(float* d, int64_t num_blocks, float mean, float std) {
  const DF df;
  const size_t n = hn::Lanes(df);
  const VF vmean = hn::Set(df, mean), vstd = hn::Set(df, std);
  for (int64_t b = 0; b < num_blocks; ++b, d += 16) {
    for (size_t j = 0; j < 8; j += n) {
      const VF u1 = hn::Sub(hn::Set(df, 1.0f), hn::LoadU(df, d + j));
      const VF u2 = hn::LoadU(df, d + 8 + j);
      const VF radius = hn::Sqrt(hn::Mul(hn::Set(df, -2.0f), Log(df, u1)));
      VF s, c;
      SinCos(df, hn::Mul(hn::Set(df, kTwoPi), u2), &s, &c);
      hn::StoreU(hn::MulAdd(hn::Mul(radius, c), vstd, vmean), df, d + j);
      hn::StoreU(hn::MulAdd(hn::Mul(radius, s), vstd, vmean), df, d + 8 + j);
    }
  }
}
#endif

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::random
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::random {
HWY_EXPORT(NormalBlocks16Impl);
void NormalBlocks16(float* d, int64_t num_blocks, float mean, float std) {
  HWY_DYNAMIC_DISPATCH(NormalBlocks16Impl)(d, num_blocks, mean, std);
}
}  // namespace tc::kernels::random
#endif
