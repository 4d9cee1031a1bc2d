// Highway kernels of ATen's cascade sum: see sum_cascade_simd.h. This file
// is re-included once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/sum_cascade_simd.cc"  // relative to the library root
#include "src/sum_cascade_simd.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/tensor/half.h"

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include "tc/kernels/formulas/sum_cascade-inl.h"
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Work below this many elements stays on the calling thread.
constexpr int64_t kSumGrain = 32768;

// One ATen Vectorized<A> of the AVX2 build (32 bytes), held as however many
// Highway vectors this target needs, so the lanes (and so the rounding) are
// the same on AVX-512 and on the scalar fallback.
template <typename A>
struct Wide {
  static constexpr size_t kLanes = 32 / sizeof(A);
  using D = hn::CappedTag<A, kLanes>;
  static constexpr size_t kPer = hn::MaxLanes(D());
  static constexpr size_t kParts = kLanes / kPer;
  hn::Vec<D> p[kParts];

  static HWY_INLINE Wide Zero() {
    Wide w;
    HWY_UNROLL(8)
    for (size_t k = 0; k < kParts; ++k) w.p[k] = hn::Zero(D());
    return w;
  }
  static HWY_INLINE Wide Load(const A* x) {
    Wide w;
    HWY_UNROLL(8)
    for (size_t k = 0; k < kParts; ++k) w.p[k] = hn::LoadU(D(), x + k * kPer);
    return w;
  }
  HWY_INLINE void Add(const Wide& o) {
    HWY_UNROLL(8)
    for (size_t k = 0; k < kParts; ++k) p[k] = hn::Add(p[k], o.p[k]);
  }
  HWY_INLINE void Store(A* x) const {
    for (size_t k = 0; k < kParts; ++k) hn::StoreU(p[k], D(), x + k * kPer);
  }
};

// The cascade's chunk loop is shared with generated code.
using formulas::HWY_NAMESPACE::One;

// Accumulation type: float for the 16-bit floats, as at::acc_type.
template <typename T>
using AccT = std::conditional_t<std::is_same_v<T, double>, double, float>;

template <typename T>
HWY_INLINE AccT<T> LoadOne(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return static_cast<AccT<T>>(v);
}

// The load policies of SumKernel.cpp: kBytes is how far one load reaches.
template <typename T>
struct ScalarLoad {
  using Acc = One<AccT<T>>;
  static constexpr int64_t kBytes = sizeof(T);
  static HWY_INLINE Acc Load(const char* p) { return {LoadOne<T>(p)}; }
};

// Inner (contiguous) reduction: one 32-byte vector of T folded into the
// accumulator's lanes (16 halves into 8 floats: bfloat16 adds lane i and
// i + 8, float16 adds neighbours, as ATen's two policies do).
template <typename T>
struct InnerVecLoad {
  using A = AccT<T>;
  using Acc = Wide<A>;
  static constexpr int64_t kBytes = 32;
  static constexpr int64_t kElems = 32 / sizeof(T);
  static HWY_INLINE Acc Load(const char* p) {
    if constexpr (std::is_same_v<T, A>) {
      return Acc::Load(reinterpret_cast<const A*>(p));
    } else {
      alignas(32) A lanes[Acc::kLanes];
      for (size_t i = 0; i < Acc::kLanes; ++i) {
        if constexpr (std::is_same_v<T, tensor::BFloat16>) {
          lanes[i] = LoadOne<T>(p + i * sizeof(T)) + LoadOne<T>(p + (i + 8) * sizeof(T));
        } else {
          lanes[i] =
              (A(0) + LoadOne<T>(p + 2 * i * sizeof(T))) + LoadOne<T>(p + (2 * i + 1) * sizeof(T));
        }
      }
      return Acc::Load(lanes);
    }
  }
};

// Outer reduction: as many elements as the accumulator has lanes.
template <typename T>
struct OuterVecLoad {
  using A = AccT<T>;
  using Acc = Wide<A>;
  static constexpr int64_t kBytes = sizeof(T) * Acc::kLanes;
  static HWY_INLINE Acc Load(const char* p) {
    if constexpr (std::is_same_v<T, A>) {
      return Acc::Load(reinterpret_cast<const A*>(p));
    } else {
      alignas(32) A lanes[Acc::kLanes];
      for (size_t i = 0; i < Acc::kLanes; ++i) lanes[i] = LoadOne<T>(p + i * sizeof(T));
      return Acc::Load(lanes);
    }
  }
};

// SumKernel.cpp's multi_row_sum: kRows column sums over `size` rows. With
// `parallel`, the top-level chunks (2^(3 power) rows, each summed from zero
// and added in order into level 3) are computed on the pool: same bits.
template <class P, int kRows>
HWY_INLINE std::array<typename P::Acc, kRows> MultiRowSum(const char* base, int64_t rs, int64_t cs,
                                                          int64_t size, bool parallel) {
  using Acc = typename P::Acc;
  namespace f = formulas::HWY_NAMESPACE;
  auto ld = [base, rs, cs](int64_t i, int k) HWY_ATTR { return P::Load(base + i * rs + k * cs); };
  const int power = f::CascadePower(size);
  Acc acc[4][kRows];
  for (auto& level : acc) {
    for (auto& a : level) a = Acc::Zero();
  }
  int64_t i = 0;
  const int64_t top = int64_t{1} << (3 * power);
  const int64_t blocks = size / top;
  if (parallel && blocks >= 2 && !InParallelRegion()) {
    std::vector<std::array<Acc, kRows>> sums(blocks);
    ParallelFor(blocks, 1, [&](int64_t b0, int64_t b1) HWY_ATTR {
      for (int64_t b = b0; b < b1; ++b) {
        Acc a[4][kRows];
        for (auto& level : a) {
          for (auto& x : level) x = Acc::Zero();
        }
        int64_t r = b * top;
        f::CascadeLevels(ld, r, r + top, power, a);
        for (int k = 0; k < kRows; ++k) sums[b][k] = a[3][k];
      }
    });
    for (int64_t b = 0; b < blocks; ++b) {
      for (int k = 0; k < kRows; ++k) acc[3][k].Add(sums[b][k]);
    }
    i = blocks * top;
  }
  f::CascadeLevels(ld, i, size, power, acc);
  std::array<Acc, kRows> out;
  f::CascadeFinish(ld, i, size, acc, out);
  return out;
}

// SumKernel.cpp's row_sum: the row seen as (-1, 4) for 4 independent sums.
template <class P>
HWY_INLINE typename P::Acc RowSum(const char* base, int64_t stride, int64_t size, bool parallel) {
  const int64_t n = size / 4;
  auto parts = MultiRowSum<P, 4>(base, 4 * stride, stride, n, parallel);
  for (int64_t i = n * 4; i < size; ++i) parts[0].Add(P::Load(base + i * stride));
  for (int k = 1; k < 4; ++k) parts[0].Add(parts[k]);
  return parts[0];
}

// CastStoreAccumulate: *out += v in the output's type.
template <typename T>
HWY_INLINE void StoreAdd(char* p, AccT<T> v) {
  T o;
  std::memcpy(&o, p, sizeof(T));
  o = static_cast<T>(static_cast<AccT<T>>(o) + v);
  std::memcpy(p, &o, sizeof(T));
}

template <typename A>
HWY_INLINE void StoreLanes(char* out, int64_t os, int64_t j, const Wide<A>& v, auto store) {
  alignas(32) A lanes[Wide<A>::kLanes];
  v.Store(lanes);
  for (size_t m = 0; m < Wide<A>::kLanes; ++m) store(out + (j + m) * os, lanes[m]);
}

// Runs unit(u, inside) for u in [0, units): split over the pool when the
// units write their own outputs (os != 0: else they all add, in order, into
// one) and there are enough of them, else in order with `inside` (parallel
// within a unit).
template <class Unit>
HWY_INLINE void ForUnits(bool parallel, int64_t os, int64_t units, int64_t unit_elems,
                         const Unit& unit) {
  const bool split = parallel && os != 0 && units >= 2 && !InParallelRegion() &&
                     (units >= NumThreads() || unit_elems < kSumGrain);
  if (split) {
    const int64_t grain = std::max<int64_t>(1, kSumGrain / std::max<int64_t>(1, unit_elems));
    ParallelFor(units, grain, [&](int64_t b, int64_t e) HWY_ATTR {
      for (int64_t u = b; u < e; ++u) unit(u, false);
    });
    return;
  }
  for (int64_t u = 0; u < units; ++u) unit(u, parallel && unit_elems >= 2 * kSumGrain);
}

// Contiguous inner reduction (vectorized_inner_sum).
template <typename T>
HWY_INLINE void InnerSum(const Sum2DArgs& a, const int64_t* in_s, int64_t os) {
  using P = InnerVecLoad<T>;
  using A = AccT<T>;
  const int64_t vec = a.size0 / P::kElems;
  ForUnits(a.parallel, os, a.size1, a.size0, [&](int64_t j, bool inside) HWY_ATTR {
    const char* row = a.in + j * in_s[1];
    const auto v = RowSum<P>(row, P::kBytes, vec, inside);
    A final = 0;
    for (int64_t k = vec * P::kElems; k < a.size0; ++k) final += LoadOne<T>(row + k * sizeof(T));
    alignas(32) A lanes[Wide<A>::kLanes];
    v.Store(lanes);
    for (size_t k = 0; k < Wide<A>::kLanes; ++k) final += lanes[k];
    StoreAdd<T>(a.out + j * os, final);
  });
}

// Contiguous outer reduction (vectorized_outer_sum): groups of 4 vectors of
// columns, then single vectors, then single columns; a column's bits depend
// on its group, so the groups are fixed by the whole row before any split.
template <typename T>
HWY_INLINE void OuterSum(const Sum2DArgs& a, const int64_t* in_s, int64_t os) {
  using P = OuterVecLoad<T>;
  using A = AccT<T>;
  constexpr int64_t L = Wide<A>::kLanes;
  const int64_t n4 = a.size1 / (4 * L);
  const int64_t n1 = (a.size1 - n4 * 4 * L) / L;
  const int64_t first_scalar = (n4 * 4 + n1) * L;
  // Columns have their own accumulators, so two groups of 4 vectors summed
  // together (8 rows of MultiRowSum) give the same bits in one pass over the
  // rows instead of two: channels_last's 64 channels are one unit.
  const int64_t n8 = n4 / 2;
  const int64_t n4_left = n4 % 2;
  const int64_t units = n8 + n4_left + n1 + (a.size1 - first_scalar);
  auto store = [](char* p, A v) { StoreAdd<T>(p, v); };
  ForUnits(a.parallel, os, units, a.size0 * 8 * L, [&](int64_t u, bool inside) HWY_ATTR {
    if (u < n8) {
      const int64_t j = u * 8 * L;
      const auto sums =
          MultiRowSum<P, 8>(a.in + j * sizeof(T), in_s[0], P::kBytes, a.size0, inside);
      for (int k = 0; k < 8; ++k) StoreLanes<A>(a.out, os, j + k * L, sums[k], store);
    } else if (u < n8 + n4_left) {
      const int64_t j = n8 * 8 * L;
      const auto sums =
          MultiRowSum<P, 4>(a.in + j * sizeof(T), in_s[0], P::kBytes, a.size0, inside);
      for (int k = 0; k < 4; ++k) StoreLanes<A>(a.out, os, j + k * L, sums[k], store);
    } else if (u < n8 + n4_left + n1) {
      const int64_t j = (n4 * 4 + (u - n8 - n4_left)) * L;
      StoreLanes<A>(a.out, os, j, RowSum<P>(a.in + j * sizeof(T), in_s[0], a.size0, inside), store);
    } else {
      const int64_t j = first_scalar + (u - n8 - n4_left - n1);
      const auto s = RowSum<ScalarLoad<T>>(a.in + j * sizeof(T), in_s[0], a.size0, inside);
      StoreAdd<T>(a.out + j * os, s.v);
    }
  });
}

// Strided reductions: scalar_inner_sum / scalar_outer_sum.
template <typename T>
HWY_INLINE void ScalarSum(const Sum2DArgs& a, const int64_t* in_s, int64_t os) {
  using P = ScalarLoad<T>;
  if (in_s[0] < in_s[1]) {
    ForUnits(a.parallel, os, a.size1, a.size0, [&](int64_t j, bool inside) HWY_ATTR {
      StoreAdd<T>(a.out + j * os, RowSum<P>(a.in + j * in_s[1], in_s[0], a.size0, inside).v);
    });
    return;
  }
  const int64_t n4 = a.size1 / 4;
  ForUnits(a.parallel, os, n4 + a.size1 % 4, a.size0 * 4, [&](int64_t u, bool inside) HWY_ATTR {
    if (u < n4) {
      const int64_t j = u * 4;
      const auto s = MultiRowSum<P, 4>(a.in + j * in_s[1], in_s[0], in_s[1], a.size0, inside);
      for (int k = 0; k < 4; ++k) StoreAdd<T>(a.out + (j + k) * os, s[k].v);
    } else {
      const int64_t j = n4 * 4 + (u - n4);
      StoreAdd<T>(a.out + j * os, RowSum<P>(a.in + j * in_s[1], in_s[0], a.size0, inside).v);
    }
  });
}

template <typename T>
void Sum2DT(const Sum2DArgs& args) {
  Sum2DArgs a = args;
  int64_t in_s[2] = {a.in_strides[0], a.in_strides[1]};
  int64_t out_s[2] = {a.out_strides[0], a.out_strides[1]};
  // The reduced dim goes first.
  if (out_s[0] != 0 && out_s[1] == 0) {
    std::swap(in_s[0], in_s[1]);
    std::swap(out_s[0], out_s[1]);
    std::swap(a.size0, a.size1);
  }
  if (out_s[0] != 0 && out_s[1] != 0) {  // no reduction here: out += in
    for (int64_t j = 0; j < a.size1; ++j) {
      for (int64_t i = 0; i < a.size0; ++i) {
        char* o = a.out + i * out_s[0] + j * out_s[1];
        T x;
        std::memcpy(&x, o, sizeof(T));
        x = static_cast<T>(static_cast<AccT<T>>(x) + LoadOne<T>(a.in + i * in_s[0] + j * in_s[1]));
        std::memcpy(o, &x, sizeof(T));
      }
    }
    return;
  }
  const int64_t os = out_s[1];
  constexpr int64_t kVec = 32 / sizeof(T);  // ATen's Vectorized<T>::size()
  if (in_s[0] == static_cast<int64_t>(sizeof(T)) && a.size0 >= kVec) {
    InnerSum<T>(a, in_s, os);
  } else if (in_s[1] == static_cast<int64_t>(sizeof(T)) && a.size1 >= kVec) {
    OuterSum<T>(a, in_s, os);
  } else {
    ScalarSum<T>(a, in_s, os);
  }
}

void Sum2DF32(const Sum2DArgs& a) { Sum2DT<float>(a); }
void Sum2DF64(const Sum2DArgs& a) { Sum2DT<double>(a); }
void Sum2DF16(const Sum2DArgs& a) { Sum2DT<tensor::Half>(a); }
void Sum2DBF16(const Sum2DArgs& a) { Sum2DT<tensor::BFloat16>(a); }

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(Sum2DF32);
HWY_EXPORT(Sum2DF64);
HWY_EXPORT(Sum2DF16);
HWY_EXPORT(Sum2DBF16);

void CascadeSum2D(SumType type, const Sum2DArgs& args) {
  switch (type) {
    case SumType::kF32:
      return HWY_DYNAMIC_DISPATCH(Sum2DF32)(args);
    case SumType::kF64:
      return HWY_DYNAMIC_DISPATCH(Sum2DF64)(args);
    case SumType::kF16:
      return HWY_DYNAMIC_DISPATCH(Sum2DF16)(args);
    case SumType::kBF16:
      return HWY_DYNAMIC_DISPATCH(Sum2DBF16)(args);
  }
}
}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
