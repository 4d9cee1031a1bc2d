// float32/float64 exp, expm1, log, tanh, sigmoid and silu, shared by eager's
// kernels (simd.cc) and the C++ codegen-cpu generates (its prelude embeds
// this file's text: see arith.h for why). Each lane gets Highway's
// hwy/contrib/math function where that is accurate and libm's (std::) on
// the lanes outside that range, lane by lane: an element's value depends
// only on its input, never on where it sits (a vector, a tail, a strided
// loop, a thread's chunk), so eager and fused generated code, which split
// the same tensor differently, compute every element alike.
// Plain C++17 + Highway. Included per target after <hwy/highway.h>
// (Highway's -inl.h convention: the guard toggles with HWY_TARGET_TOGGLE;
// without foreach_target it is an ordinary include guard).
#if defined(TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_
#undef TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_
#else
#define TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_
#endif

#include <cmath>
#include <limits>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::formulas {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// r, with libm(x) on the lanes marked `bad`.
template <class D, class M, class F>
HWY_INLINE hn::Vec<D> WithLibm(D d, hn::Vec<D> x, hn::Vec<D> r, M bad, F libm) {
  if (HWY_LIKELY(hn::AllFalse(d, bad))) return r;
  using T = hn::TFromD<D>;
  HWY_ALIGN T lanes[hn::MaxLanes(d)];
  hn::Store(x, d, lanes);
  for (size_t j = 0; j < hn::Lanes(d); ++j) lanes[j] = libm(lanes[j]);
  return hn::IfThenElse(bad, hn::Load(d, lanes), r);
}

// Lanes where Highway's Exp is not used: |x| >= 87 (float) / 700 (double),
// where exp overflows or goes subnormal, and NaN.
template <class D>
HWY_INLINE auto ExpOutOfRange(D d, hn::Vec<D> x) {
  using T = hn::TFromD<D>;
  const T lim = sizeof(T) == 4 ? T(87) : T(700);
  return hn::Not(hn::And(hn::Lt(x, hn::Set(d, lim)), hn::Gt(x, hn::Set(d, -lim))));
}

template <class D>
HWY_INLINE hn::Vec<D> ExpV(D d, hn::Vec<D> x) {
  return WithLibm(d, x, hn::Exp(d, x), ExpOutOfRange(d, x),
                  [](hn::TFromD<D> v) { return std::exp(v); });
}

// a * b + c rounded once: Highway's MulAdd where it is an FMA instruction;
// the emulated targets' MulAdd is a multiply then an add (which GCC may or
// may not contract), so there each lane takes std::fma.
template <class D>
HWY_INLINE hn::Vec<D> FusedMulAdd(D d, hn::Vec<D> a, hn::Vec<D> b, hn::Vec<D> c) {
#if HWY_TARGET == HWY_SCALAR || HWY_TARGET == HWY_EMU128
  using T = hn::TFromD<D>;
  HWY_ALIGN T la[hn::MaxLanes(d)], lb[hn::MaxLanes(d)], lc[hn::MaxLanes(d)];
  hn::Store(a, d, la);
  hn::Store(b, d, lb);
  hn::Store(c, d, lc);
  for (size_t j = 0; j < hn::Lanes(d); ++j) la[j] = std::fma(la[j], lb[j], lc[j]);
  return hn::Load(d, la);
#else
  (void)d;
  return hn::MulAdd(a, b, c);
#endif
}

// u * 2^q for an integral float q, rounded once. SLEEF multiplies by
// 2^(q >> 1) (exact: u is near 1) and then by 2^(q - (q >> 1)), which
// rounds once and reaches the subnormals; AVX-512's scalef computes the
// same correctly rounded product in one instruction.
template <class D>
HWY_INLINE hn::Vec<D> MulPow2(D d, hn::Vec<D> u, hn::Vec<D> q) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
  if constexpr (hn::MaxLanes(d) == 16) {
    return hn::Vec<D>{_mm512_scalef_ps(u.raw, q.raw)};
  } else if constexpr (hn::MaxLanes(d) == 8) {
    return hn::Vec<D>{_mm256_scalef_ps(u.raw, q.raw)};
  } else {
    return hn::Vec<D>{_mm_scalef_ps(u.raw, q.raw)};
  }
#else
  const hn::RebindToSigned<D> di;
  const auto qi = hn::ConvertTo(di, q);
  const auto bias = hn::Set(di, 0x7f);
  const auto q1 = hn::ShiftRight<1>(qi);  // arithmetic: q may be negative
  const auto p1 = hn::BitCast(d, hn::ShiftLeft<23>(hn::Add(q1, bias)));
  const auto p2 = hn::BitCast(d, hn::ShiftLeft<23>(hn::Add(hn::Sub(qi, q1), bias)));
  return hn::Mul(hn::Mul(u, p1), p2);
#endif
}

// SLEEF's expf_u10 for x in [-104.5, 100.5] (see SleefExpF32V): exp(x) =
// 2^q * exp(s), q = rint(x / ln 2), s = x - q ln 2 in two steps (ln 2
// split in a high part with trailing zero bits and a low part), exp(s) a
// degree-7 polynomial. SLEEF's zero below -104 and infinity above 100 are
// what this computes there anyway (checked for every float in [-104.5,
// -104) and (88.72, 100.5]), so callers clamp to the range instead.
template <class D>
HWY_INLINE hn::Vec<D> SleefExpCoreF32V(D d, hn::Vec<D> x) {
  // Round: half to even, as SLEEF's vrint (cvtps2dq) rounds.
  const auto q = hn::Round(hn::Mul(x, hn::Set(d, 1.442695040888963407359924681001892f)));
  auto s = FusedMulAdd(d, q, hn::Set(d, -0.693145751953125f), x);
  s = FusedMulAdd(d, q, hn::Set(d, -1.428606765330187045e-06f), s);
  auto u = hn::Set(d, 0.000198527617612853646278381f);
  u = FusedMulAdd(d, u, s, hn::Set(d, 0.00139304355252534151077271f));
  u = FusedMulAdd(d, u, s, hn::Set(d, 0.00833336077630519866943359f));
  u = FusedMulAdd(d, u, s, hn::Set(d, 0.0416664853692054748535156f));
  u = FusedMulAdd(d, u, s, hn::Set(d, 0.166666671633720397949219f));
  u = FusedMulAdd(d, u, s, hn::Set(d, 0.5f));
  u = hn::Add(hn::Set(d, 1.0f), FusedMulAdd(d, hn::Mul(s, s), u, s));
  return MulPow2(d, u, q);
}

// PyTorch's float32 vector exp, bit for bit: Vectorized<float>::exp() is
// SLEEF's expf_u10 (xexpf), which ATen's softmax and log_softmax kernels
// call on every element (their tails too: vec::map loads a partial
// vector). Checked against torch 2.15's softmax over 1.2M inputs in
// [-104, 0] plus -0, -inf, NaN and the subnormal range, with its AVX2 and
// its AVX-512 kernels: equal in every bit. Every multiply-add is fused
// (SLEEF's AVX2/AVX-512 builds use FMA instructions); only SSE4, whose
// MulAdd rounds twice, may differ by an ulp. No libm: exact on every lane,
// over- and underflow and NaN included, at a fixed cost (about 18 vector
// ops).
template <class D>
HWY_INLINE hn::Vec<D> SleefExpF32V(D d, hn::Vec<D> x) {
  static_assert(sizeof(hn::TFromD<D>) == 4, "float32 only");
  const auto r = SleefExpCoreF32V(d, hn::Min(hn::Max(x, hn::Set(d, -104.5f)), hn::Set(d, 100.5f)));
  return hn::IfThenElse(hn::IsNaN(x), x, r);
}

// SleefExpF32V for x <= 0 (softmax's x - max), four ops cheaper: no upper
// clamp and no NaN blend. A NaN lane gives 0 or NaN (x86's Max returns its
// second operand, the clamp, for NaN); a softmax row with a NaN has NaN
// minus max in every lane and comes out NaN either way (0 * (1 / 0),
// x - max - log 0).
template <class D>
HWY_INLINE hn::Vec<D> SleefExpNonPositiveF32V(D d, hn::Vec<D> x) {
  static_assert(sizeof(hn::TFromD<D>) == 4, "float32 only");
  return SleefExpCoreF32V(d, hn::Max(x, hn::Set(d, -104.5f)));
}

// Highway's Expm1 gives +0 for -0; expm1(-0) is -0 (IEEE 754, libm,
// PyTorch): zeros pass through.
template <class D>
HWY_INLINE hn::Vec<D> Expm1V(D d, hn::Vec<D> x) {
  const hn::Vec<D> r = hn::IfThenElse(hn::Eq(x, hn::Zero(d)), x, hn::Expm1(d, x));
  return WithLibm(d, x, r, ExpOutOfRange(d, x), [](hn::TFromD<D> v) { return std::expm1(v); });
}

// 1 / (1 + exp(-x)): libm's form on the lanes where exp(-x) would be.
template <class D>
HWY_INLINE hn::Vec<D> SigmoidV(D d, hn::Vec<D> x) {
  using T = hn::TFromD<D>;
  const hn::Vec<D> one = hn::Set(d, T(1));
  const hn::Vec<D> r = hn::Div(one, hn::Add(one, hn::Exp(d, hn::Neg(x))));
  return WithLibm(d, x, r, ExpOutOfRange(d, x), [](T v) { return T(1) / (T(1) + std::exp(-v)); });
}

// x / (1 + exp(-x)).
template <class D>
HWY_INLINE hn::Vec<D> SiluV(D d, hn::Vec<D> x) {
  using T = hn::TFromD<D>;
  const hn::Vec<D> r = hn::Div(x, hn::Add(hn::Set(d, T(1)), hn::Exp(d, hn::Neg(x))));
  return WithLibm(d, x, r, ExpOutOfRange(d, x), [](T v) { return v / (T(1) + std::exp(-v)); });
}

// libm below the smallest normal number (zero, subnormals, negatives),
// above the largest finite one, and for NaN.
template <class D>
HWY_INLINE hn::Vec<D> LogV(D d, hn::Vec<D> x) {
  using T = hn::TFromD<D>;
  const auto bad = hn::Not(hn::And(hn::Ge(x, hn::Set(d, std::numeric_limits<T>::min())),
                                   hn::Le(x, hn::Set(d, std::numeric_limits<T>::max()))));
  return WithLibm(d, x, hn::Log(d, x), bad, [](T v) { return std::log(v); });
}

template <class D>
HWY_INLINE hn::Vec<D> TanhV(D d, hn::Vec<D> x) {
  return WithLibm(d, x, hn::Tanh(d, x), hn::IsNaN(x), [](hn::TFromD<D> v) { return std::tanh(v); });
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::formulas
HWY_AFTER_NAMESPACE();

#endif  // TC_KERNELS_FORMULAS_UNARY_MATH_INL_H_
