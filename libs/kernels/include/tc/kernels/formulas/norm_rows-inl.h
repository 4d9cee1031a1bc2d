// One row of softmax, log_softmax, layer_norm and rms_norm over n
// contiguous float32/float64 elements (and of group_norm: one sample's group
// of channels, at the end), shared by eager's fused kernels
// (norm_simd.cc, rows split over the pool by norms.cc) and the row kernels
// codegen-cpu generates (its prelude embeds this file's text: see arith.h
// for why), so a compiled softmax computes each row with the same lines as
// eager's. Also the blocked vector sum and the NaN-propagating max that
// eager's whole-tensor sum and max (simd.cc) use. Plain C++17 + Highway.
// Included per target after <hwy/highway.h>,
// <hwy/contrib/math/math-inl.h>, unary_math-inl.h (softmax's exp) and
// stream_store-inl.h (the last pass's stores)
// (Highway's -inl.h convention: the guard toggles with HWY_TARGET_TOGGLE;
// without foreach_target it is an ordinary include guard).
#if defined(TC_KERNELS_FORMULAS_NORM_ROWS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TC_KERNELS_FORMULAS_NORM_ROWS_INL_H_
#undef TC_KERNELS_FORMULAS_NORM_ROWS_INL_H_
#else
#define TC_KERNELS_FORMULAS_NORM_ROWS_INL_H_
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::formulas::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Multiply-adds are written out (MulAdd, std::fma) wherever a product
// meets a sum, and plain Mul/Add never meet one: GCC contracts a * b + c
// into an FMA across statements (even through Highway's intrinsics) while
// clang, and the generated code's `fp contract(off)`, do not, so only
// spelled-out FMAs give every compiler eager's rounding.

// Sum over i < n of f(i): four vector accumulators per block, the blocks
// added in double. `vacc(acc, i)` returns acc plus f of the vector of
// elements at i; `rest(i, end)` readies the elements of a block after its
// last 4-vector chunk; `sacc(block, i)` returns the double `block` plus
// f(i). Float blocks are 2048 elements (a multiple of 4 vectors, so only
// the last block has a rest), so float partial sums stay short; a double
// sum is one block.
template <class D, class VecAcc, class Rest, class ScalarAcc>
HWY_INLINE double BlockedSum(D d, int64_t n, VecAcc&& vacc, Rest&& rest, ScalarAcc&& sacc) {
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const int64_t block_size = std::is_same_v<hn::TFromD<D>, float> ? 2048 : n;
  double total = 0.0;
  int64_t i = 0;
  while (i < n) {
    const int64_t end = std::min(n, i + block_size);
    auto a0 = hn::Zero(d), a1 = hn::Zero(d), a2 = hn::Zero(d), a3 = hn::Zero(d);
    for (; i + 4 * N <= end; i += 4 * N) {
      a0 = vacc(a0, i);
      a1 = vacc(a1, i + N);
      a2 = vacc(a2, i + 2 * N);
      a3 = vacc(a3, i + 3 * N);
    }
    double block = hn::GetLane(hn::SumOfLanes(d, hn::Add(hn::Add(a0, a1), hn::Add(a2, a3))));
    rest(i, end);
    for (; i < end; ++i) block = sacc(block, i);
    total += block;
  }
  return total;
}

// The plain sum of n elements.
template <typename T>
HWY_INLINE double BlockedPlainSum(const T* in, int64_t n) {
  const hn::ScalableTag<T> d;
  return BlockedSum(
      d, n, [&](auto acc, int64_t i) HWY_ATTR { return hn::Add(acc, hn::LoadU(d, in + i)); },
      [](int64_t, int64_t) {}, [&](double block, int64_t i) { return block + in[i]; });
}

// The sum of (in[i] - center)^2: each square added to its accumulator with
// one FMA; a float element's square is rounded to float before the double
// block adds it, a double's is fused into the block.
template <typename T>
HWY_INLINE double SumSquares(const T* in, int64_t n, T center) {
  const hn::ScalableTag<T> d;
  const auto vc = hn::Set(d, center);
  return BlockedSum(
      d, n,
      [&](auto acc, int64_t i) HWY_ATTR {
        const auto c = hn::Sub(hn::LoadU(d, in + i), vc);
        return hn::MulAdd(c, c, acc);
      },
      [](int64_t, int64_t) {},
      [&](double block, int64_t i) {
        const T c = in[i] - center;
        if constexpr (std::is_same_v<T, float>) {
          return block + static_cast<double>(c * c);
        } else {
          return std::fma(c, c, block);
        }
      });
}

// The max (or min) of n > 0 elements; NaN when any element is NaN (ATen's
// vec maximum propagates NaN, so a NaN row softmaxes to NaN everywhere).
template <typename T>
HWY_INLINE T MaxMin(const T* in, int64_t n, bool is_max) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  T best = in[0];
  int64_t i = 0;
  if (n >= N) {
    auto acc = hn::LoadU(d, in);
    auto nan = hn::IsNaN(acc);
    for (i = N; i + N <= n; i += N) {
      const auto v = hn::LoadU(d, in + i);
      nan = hn::Or(nan, hn::IsNaN(v));
      acc = is_max ? hn::Max(acc, v) : hn::Min(acc, v);
    }
    if (!hn::AllFalse(d, nan)) return std::numeric_limits<T>::quiet_NaN();
    best = hn::GetLane(is_max ? hn::MaxOfLanes(d, acc) : hn::MinOfLanes(d, acc));
  }
  for (; i < n; ++i) {
    const T v = in[i];
    if (std::isnan(v)) return v;
    if (is_max ? v > best : v < best) best = v;
  }
  return best;
}

// The max of a softmax row of n > 0 elements, NaN when any is NaN, as
// MaxMin computes it but faster: four accumulators (max is exact, so their
// order is free), and instead of a NaN test per vector a running sum that
// any NaN makes NaN; only when it ends NaN (a NaN, or infinities of both
// signs) does MaxMin rescan the row. The sign of a zero max may differ from
// MaxMin's, which softmax cannot see: exp(x - (+-0)) and (x - (+-0)) - lse
// round alike whenever the max is a zero (the sum is then >= 1, and >= 2
// with zeros of both signs, so lse != 0). Eager's whole-tensor max, whose
// zero sign shows, keeps MaxMin.
template <typename T>
HWY_INLINE T SoftmaxRowMax(const T* in, int64_t n) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  if (n < 4 * N) return MaxMin(in, n, /*is_max=*/true);
  auto m0 = hn::LoadU(d, in), m1 = hn::LoadU(d, in + N);
  auto m2 = hn::LoadU(d, in + 2 * N), m3 = hn::LoadU(d, in + 3 * N);
  auto s0 = hn::Add(m0, m2), s1 = hn::Add(m1, m3);
  int64_t i = 4 * N;
  for (; i + 4 * N <= n; i += 4 * N) {
    const auto v0 = hn::LoadU(d, in + i), v1 = hn::LoadU(d, in + i + N);
    const auto v2 = hn::LoadU(d, in + i + 2 * N), v3 = hn::LoadU(d, in + i + 3 * N);
    m0 = hn::Max(m0, v0);
    m1 = hn::Max(m1, v1);
    m2 = hn::Max(m2, v2);
    m3 = hn::Max(m3, v3);
    s0 = hn::Add(s0, hn::Add(v0, v2));
    s1 = hn::Add(s1, hn::Add(v1, v3));
  }
  for (; i + N <= n; i += N) {
    const auto v = hn::LoadU(d, in + i);
    m0 = hn::Max(m0, v);
    s0 = hn::Add(s0, v);
  }
  T best = hn::GetLane(hn::MaxOfLanes(d, hn::Max(hn::Max(m0, m1), hn::Max(m2, m3))));
  T sum = hn::GetLane(hn::SumOfLanes(d, hn::Add(s0, s1)));
  for (; i < n; ++i) {
    best = std::max(best, in[i]);
    sum += in[i];
  }
  return std::isnan(sum) ? MaxMin(in, n, /*is_max=*/true) : best;
}

// exp(x - max) as ATen's softmax kernels compute it (Vectorized<T>::exp()):
// float32 with PyTorch's own vector exp (SleefExpNonPositiveF32V,
// unary_math-inl.h), bit for bit; float64 with ExpV (Highway's Exp, libm
// out of its range), within an ulp of PyTorch's SLEEF exp_u10 but not equal
// to it.
template <class D>
HWY_INLINE hn::Vec<D> SoftmaxExpV(D d, hn::Vec<D> x) {
  if constexpr (sizeof(hn::TFromD<D>) == 4) {
    return SleefExpNonPositiveF32V(d, x);
  } else {
    return ExpV(d, x);
  }
}

// ATen's Vectorized<T> width in the reference build (ATEN_CPU_CAPABILITY=avx2,
// which the goldens pin: scripts/reference_python.py): 8 floats, 4 doubles.
// Softmax sums in the order of vectors this wide whatever width this
// target's vectors have, so every target (and eager and generated code)
// adds a row alike, as PyTorch's AVX2 kernel does.
template <typename T>
constexpr int64_t kAtenLanes = 32 / static_cast<int64_t>(sizeof(T));

// The sum of ATen's accumulator lanes acc[0..kAtenLanes) as its
// vec_reduce_all adds them: float lanes pairwise across halves (lane i +
// lane i + 4, then + 2, then + 1: the AVX2 shuffle tree), double lanes in
// order (its generic loop).
template <typename T>
HWY_INLINE T SumAtenLanes(T* acc) {
  constexpr int64_t L = kAtenLanes<T>;
  if constexpr (sizeof(T) == 4) {
    for (int64_t h = L / 2; h >= 1; h /= 2) {
      for (int64_t i = 0; i < h; ++i) acc[i] = acc[i] + acc[i + h];
    }
    return acc[0];
  } else {
    T s = acc[0];
    for (int64_t i = 1; i < L; ++i) s = s + acc[i];
    return s;
  }
}

// Asks for the cache lines n elements after in (to read) and out (to
// write; null: none, as when the output is streamed: a prefetch for write
// would read the line the streaming store means not to read) that a loop
// step of `bytes` reaches: the next row's, for a loop over contiguous rows. The exp pass is
// compute-bound and the next row's max pass memory-bound; a row of 4 KiB is a page, where the
// hardware's stream prefetchers stop, so without this every row starts with a stall. A prefetch
// never faults, past the tensor's end included.
template <typename T>
HWY_INLINE void PrefetchNextRow(const T* in, T* out, int64_t n, size_t bytes) {
  for (size_t b = 0; b < bytes; b += 64) {
    __builtin_prefetch(reinterpret_cast<const char*>(in + n) + b, 0, 3);
    if (out != nullptr) __builtin_prefetch(reinterpret_cast<const char*>(out + n) + b, 1, 3);
  }
}

// out[i] = exp(in[i] - mx) over n >= kAtenLanes elements (out null: not
// stored; prefetch_in not null: the next rows of prefetch_in and
// prefetch_out are prefetched, PrefetchNextRow), accumulated as ATen's vec::reduce_all /
// map_reduce_all does: an accumulator of kAtenLanes lanes adds each whole group of kAtenLanes
// elements in turn, then the tail's elements to its leading lanes. On
// return acc[] holds the accumulator (for SumAtenLanes). Vectors of this
// target's width are exponentiated and split into ATen-wide halves where
// they are twice as wide (AVX-512 floats); a target whose vectors are
// narrower than ATen's adds lane by lane.
template <typename T>
HWY_INLINE void ExpShiftedAccumulate(const T* in, T mx, T* out, int64_t n, T* acc,
                                     const T* prefetch_in, T* prefetch_out) {
  constexpr int64_t L = kAtenLanes<T>;
  const hn::CappedTag<T, L> da;  // ATen-wide, or narrower on small targets
  const int64_t whole = n - n % L;
  int64_t i = 0;
  if (static_cast<int64_t>(hn::Lanes(da)) == L) {
    auto va = hn::Zero(da);   // 0 + e == e: exps are never -0
#if HWY_TARGET != HWY_SCALAR  // (no UpperHalf; its vectors are never wider)
    const hn::ScalableTag<T> d;
    if constexpr (hn::MaxLanes(d) == 2 * hn::MaxLanes(da)) {
      const hn::Half<decltype(d)> dh;
      const int64_t N = static_cast<int64_t>(hn::Lanes(d));
      const auto vmx = hn::Set(d, mx);
      for (; i + N <= whole; i += N) {
        if (prefetch_in != nullptr) {
          PrefetchNextRow(prefetch_in + i, prefetch_out == nullptr ? nullptr : prefetch_out + i, n,
                          N * sizeof(T));
        }
        const auto e = SoftmaxExpV(d, hn::Sub(hn::LoadU(d, in + i), vmx));
        if (out != nullptr) hn::StoreU(e, d, out + i);
        va = hn::Add(hn::Add(va, hn::LowerHalf(dh, e)), hn::UpperHalf(dh, e));
      }
    }
#endif
    const auto vmxa = hn::Set(da, mx);
    for (; i + L <= whole; i += L) {
      if (prefetch_in != nullptr) {
        PrefetchNextRow(prefetch_in + i, prefetch_out == nullptr ? nullptr : prefetch_out + i, n,
                        L * sizeof(T));
      }
      const auto e = SoftmaxExpV(da, hn::Sub(hn::LoadU(da, in + i), vmxa));
      if (out != nullptr) hn::StoreU(e, da, out + i);
      va = hn::Add(va, e);
    }
    hn::StoreU(va, da, acc);
  } else {
    for (int64_t j = 0; j < L; ++j) acc[j] = T(0);
  }
  // Narrow targets' whole groups, then the tail, element by element.
  const hn::CappedTag<T, 1> d1;
  const auto vmx1 = hn::Set(d1, mx);
  for (; i < n; ++i) {
    const T e = hn::GetLane(SoftmaxExpV(d1, hn::Sub(hn::Set(d1, in[i]), vmx1)));
    if (out != nullptr) out[i] = e;
    acc[i % L] = acc[i % L] + e;
  }
}

// out[i] = exp(in[i] - mx) (in == out allowed; out null: not stored),
// returning their sum in T (widened to double for the callers) as ATen's
// softmax kernels add them (vec::map then vec::reduce_all; log_softmax's
// vec::map_reduce_all, the same order): ExpShiftedAccumulate then
// SumAtenLanes; a row shorter than ATen's vector adds its values in order.
// One pass: each vector is exponentiated, stored and added while it is in
// a register. prefetch_in (not null): the lines of the rows after
// prefetch_in and prefetch_out (not null) are prefetched (PrefetchNextRow).
template <typename T>
HWY_INLINE double ExpShiftedSum(const T* in, T mx, T* out, int64_t n,
                                const T* prefetch_in = nullptr, T* prefetch_out = nullptr) {
  constexpr int64_t L = kAtenLanes<T>;
  if (n < L) {
    const hn::CappedTag<T, 1> d1;
    const auto vmx1 = hn::Set(d1, mx);
    T sum = T(0);
    for (int64_t j = 0; j < n; ++j) {
      const T e = hn::GetLane(SoftmaxExpV(d1, hn::Sub(hn::Set(d1, in[j]), vmx1)));
      if (out != nullptr) out[j] = e;
      sum = j == 0 ? e : sum + e;
    }
    return sum;
  }
  HWY_ALIGN T acc[L];
  ExpShiftedAccumulate(in, mx, out, n, acc, prefetch_in, prefetch_out);
  return SumAtenLanes(acc);
}

// out[i] = (in[i] + add) * mul, then * weight[i], then + bias[i] (either
// may be null; the last multiply and the bias add are one FMA): the affine
// tail shared by layer_norm (add = -mean), rms_norm (add = 0) and
// group_norm without weights. kStream: out is written with streaming
// stores (StoreRow; the values are the same).
template <typename T, bool kStream = false>
HWY_INLINE void ShiftScale(const T* in, T add, T mul, const T* weight, const T* bias, T* out,
                           int64_t n) {
  const hn::ScalableTag<T> d;
  const auto va = hn::Set(d, add), vm = hn::Set(d, mul);
  StoreRow<kStream>(
      d, out, n,
      [&](int64_t i) HWY_ATTR {
        const auto x = hn::Add(hn::LoadU(d, in + i), va);
        if (weight == nullptr && bias == nullptr) return hn::Mul(x, vm);
        if (weight == nullptr) return hn::MulAdd(x, vm, hn::LoadU(d, bias + i));
        if (bias == nullptr) return hn::Mul(hn::Mul(x, vm), hn::LoadU(d, weight + i));
        return hn::MulAdd(hn::Mul(x, vm), hn::LoadU(d, weight + i), hn::LoadU(d, bias + i));
      },
      [&](int64_t i) HWY_ATTR {
        const T x = in[i] + add;
        if (weight == nullptr && bias == nullptr) return x * mul;
        if (weight == nullptr) return std::fma(x, mul, bias[i]);
        if (bias == nullptr) return (x * mul) * weight[i];
        return std::fma(x * mul, weight[i], bias[i]);
      });
}

// One row of softmax (log_softmax with `log`) over n > 0 elements, as
// ATen's vectorized kernels (_vec_softmax_lastdim, _vec_log_softmax_lastdim):
// the row max, exp(x - max) and its sum (ExpShiftedSum), then a multiply by
// 1 / sum (log: (x - max) - log(sum)). in == out is allowed. The rows
// after it (in + n, out + n) are prefetched: callers loop over contiguous
// rows. kStream: out is written once, with streaming stores (StoreRow), so
// softmax's exps go to `scratch` (n elements, staying in cache from row to
// row) instead of out; log_softmax needs no scratch. The values are the
// same either way.
template <typename T, bool kStream = false>
HWY_INLINE void SoftmaxRow(const T* in, T* out, int64_t n, bool log, T* scratch = nullptr) {
  const hn::ScalableTag<T> d;
  const T mx = SoftmaxRowMax(in, n);
  // A streamed output's next row is not prefetched for write.
  T* const prefetch_out = kStream ? nullptr : out;
  if (log) {
    const T lse = std::log(static_cast<T>(ExpShiftedSum<T>(in, mx, nullptr, n, in, prefetch_out)));
    // (x - max) - lse in one pass over x.
    const auto vmx = hn::Set(d, mx), vl = hn::Set(d, lse);
    StoreRow<kStream>(
        d, out, n,
        [&](int64_t i) HWY_ATTR { return hn::Sub(hn::Sub(hn::LoadU(d, in + i), vmx), vl); },
        [&](int64_t i) HWY_ATTR { return (in[i] - mx) - lse; });
  } else {
    T* const exps = kStream ? scratch : out;
    const T inv = T(1) / static_cast<T>(ExpShiftedSum(in, mx, exps, n, in, prefetch_out));
    const auto vinv = hn::Set(d, inv);
    StoreRow<kStream>(
        d, out, n, [&](int64_t i) HWY_ATTR { return hn::Mul(hn::LoadU(d, exps + i), vinv); },
        [&](int64_t i) HWY_ATTR { return exps[i] * inv; });
  }
}

// One row of layer_norm over n > 0 elements: (x - mean) * rstd [* weight]
// [+ bias], rstd = 1 / sqrt(var + eps) with the biased variance; weight
// and bias (n elements) may be null. kStream: see ShiftScale.
template <typename T, bool kStream = false>
HWY_INLINE void LayerNormRow(const T* in, const T* weight, const T* bias, T eps, T* out,
                             int64_t n) {
  const T mean = static_cast<T>(BlockedPlainSum(in, n) / n);
  const T var = static_cast<T>(SumSquares(in, n, mean) / n);
  const T rstd = T(1) / std::sqrt(var + eps);
  ShiftScale<T, kStream>(in, -mean, rstd, weight, bias, out, n);
}

// One row of rms_norm over n > 0 elements: x * (1 / sqrt(mean(x^2) + eps))
// [* weight]. kStream: see ShiftScale.
template <typename T, bool kStream = false>
HWY_INLINE void RmsNormRow(const T* in, const T* weight, T eps, T* out, int64_t n) {
  const double ss = SumSquares(in, n, T(0));
  const T ms = static_cast<T>(ss / n);
  const T rstd = T(1) / std::sqrt(ms + eps);
  ShiftScale<T, kStream>(in, T(0), rstd, weight, nullptr, out, n);
}

// --- group_norm (eager's norms_group.cc and generated row kernels) ---

// out[i] = fma(in[i], scale, bias) over n elements: one rounding each.
// kStream: see ShiftScale.
template <typename T, bool kStream = false>
HWY_INLINE void AffineRow(const T* in, T scale, T bias, T* out, int64_t n) {
  const hn::ScalableTag<T> d;
  const auto vs = hn::Set(d, scale), vb = hn::Set(d, bias);
  StoreRow<kStream>(
      d, out, n, [&](int64_t i) HWY_ATTR { return hn::MulAdd(hn::LoadU(d, in + i), vs, vb); },
      [&](int64_t i) HWY_ATTR { return std::fma(in[i], scale, bias); });
}

// One (sample, group) row of group_norm: `channels` channels of `plane`
// contiguous elements each (channels * plane > 0), as ATen's CPU kernel
// (group_norm_kernel.cpp) computes it: the row's mean and biased variance
// (LayerNormRow's two passes), rstd = 1 / sqrt(max(var, 0) + eps); without
// gamma and beta y = (x - mean) * rstd, else per channel c scale = rstd
// [* gamma[c]], bias = -scale * mean [+ beta[c]] (one FMA) and y = fma(x,
// scale, bias). gamma / beta: the group's `channels` values, or null.
// kStream: see ShiftScale.
template <typename T, bool kStream = false>
HWY_INLINE void GroupNormRow(const T* in, const T* gamma, const T* beta, T eps, T* out,
                             int64_t channels, int64_t plane) {
  const int64_t n = channels * plane;
  const T mean = static_cast<T>(BlockedPlainSum(in, n) / n);
  const T var = static_cast<T>(SumSquares(in, n, mean) / n);
  // std::max keeps a NaN variance (its first operand) NaN.
  const T rstd = T(1) / std::sqrt(std::max(var, T(0)) + eps);
  if (gamma == nullptr && beta == nullptr) {
    ShiftScale<T, kStream>(in, -mean, rstd, nullptr, nullptr, out, n);
    return;
  }
  for (int64_t c = 0; c < channels; ++c) {
    const T scale = gamma == nullptr ? rstd : rstd * gamma[c];
    const T bias = beta == nullptr ? -scale * mean : std::fma(-scale, mean, beta[c]);
    AffineRow<T, kStream>(in + c * plane, scale, bias, out + c * plane, plane);
  }
}

}  // namespace tc::kernels::formulas::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // TC_KERNELS_FORMULAS_NORM_ROWS_INL_H_
