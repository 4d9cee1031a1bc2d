// Highway pooling loops: see pool_simd.h. This file is re-included once per
// target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/pool_simd.cc"  // relative to the library root
#include "src/pool_simd.h"

#include <algorithm>
#include <cmath>
#include <limits>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Index lanes as wide as the value lanes (int32 for float, as ATen's
// channels-last kernel keeps them; callers keep planes under 2^31).
template <typename T>
using IndexOf = hwy::MakeSigned<T>;
constexpr int64_t kMaxLanes = 64;

// Writes N index lanes to int64 outputs.
template <class DI, class VI>
HWY_INLINE void StoreIndex(DI di, VI v, int64_t* at) {
  using TI = hn::TFromD<DI>;
  if constexpr (sizeof(TI) == 8) {
    hn::StoreU(v, di, reinterpret_cast<TI*>(at));
  } else {
    TI tmp[kMaxLanes];
    hn::StoreU(v, di, tmp);
    for (size_t l = 0; l < hn::Lanes(di); ++l) at[l] = tmp[l];
  }
}

template <typename T>
void MaxNhwcT(const NhwcWindow<T>& w, int64_t first_index, T* out, int64_t* at, int64_t n) {
  const hn::ScalableTag<T> d;
  const hn::RebindToSigned<decltype(d)> di;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const T lowest = -std::numeric_limits<T>::infinity();
  int64_t c = 0;
  for (; c + N <= n && N <= kMaxLanes; c += N) {
    auto best = hn::Set(d, lowest);
    auto idx = hn::Set(di, static_cast<IndexOf<T>>(first_index));
    for (int64_t t = 0; t < w.taps; ++t) {
      const auto v = hn::LoadU(d, w.base + w.offsets[t] + c);
      const auto m = hn::Or(hn::Gt(v, best), hn::IsNaN(v));
      best = hn::IfThenElse(m, v, best);
      idx = hn::IfThenElse(hn::RebindMask(di, m), hn::Set(di, static_cast<IndexOf<T>>(w.index[t])),
                           idx);
    }
    hn::StoreU(best, d, out + c);
    StoreIndex(di, idx, at + c);
  }
  for (; c < n; ++c) {
    T best = lowest;
    int64_t idx = first_index;
    for (int64_t t = 0; t < w.taps; ++t) {
      const T v = w.base[w.offsets[t] + c];
      if (v > best || std::isnan(v)) {
        best = v;
        idx = w.index[t];
      }
    }
    out[c] = best;
    at[c] = idx;
  }
}

template <typename T>
void AvgNhwcT(const NhwcWindow<T>& w, const AvgDivisors<T>& dv, T* out, int64_t n) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const auto div = hn::Set(d, dv.div);
  const int64_t split = std::min(dv.split, n);
  int64_t c = 0;
  for (; c + N <= split; c += N) {
    auto sum = hn::Zero(d);
    for (int64_t t = 0; t < w.taps; ++t)
      sum = hn::Add(sum, hn::LoadU(d, w.base + w.offsets[t] + c));
    hn::StoreU(hn::Div(sum, div), d, out + c);
  }
  for (; c < n; ++c) {
    T sum = 0;
    for (int64_t t = 0; t < w.taps; ++t) sum += w.base[w.offsets[t] + c];
    out[c] = c < split ? sum / dv.div : sum / dv.tail_div1 / dv.tail_div2;
  }
}

// Loads lanes p[0], p[stride], ... (stride 1 or 2).
template <class D>
HWY_INLINE hn::Vec<D> LoadStrided(D d, const hn::TFromD<D>* p, int64_t stride) {
  if (stride == 1) return hn::LoadU(d, p);
  hn::Vec<D> even, odd;
  hn::LoadInterleaved2(d, p, even, odd);
  return even;
}

// Output columns [0, end) can run vectorized: their loads stay inside the
// row (an interleaved load reads one element past its last lane).
template <typename T>
int64_t VectorEnd(const RowWindows<T>& r) {
  if (r.stride != 1 && r.stride != 2) return 0;
  const int64_t extra = r.stride == 2 ? 1 : 0;
  // Last column read by output o: col0 + o * stride + (kw - 1) * dilation + extra.
  const int64_t room = r.width - 1 - extra - r.col0 - (r.kw - 1) * r.dilation;
  return room < 0 ? 0 : std::min(r.count, room / r.stride + 1);
}

// Calls vec(o) for vectors of N outputs covering [0, end) (the last one
// shifted back to end at `end`, recomputing a few outputs identically) and
// returns where the scalar columns start.
template <class VecFn>
HWY_INLINE int64_t ForEachVector(int64_t end, int64_t N, VecFn vec) {
  if (end < N) return 0;
  int64_t o = 0;
  for (; o + N <= end; o += N) vec(o);
  if (o < end) vec(end - N);
  return end;
}

// Output columns [from, count) of MaxRow, one at a time.
template <typename T>
void MaxRowScalar(const RowWindows<T>& r, int64_t from, T* out, int64_t* at) {
  const T lowest = -std::numeric_limits<T>::infinity();
  for (int64_t o = from; o < r.count; ++o) {
    const int64_t c0 = r.col0 + o * r.stride;
    T best = lowest;
    int64_t idx = r.rows[0] * r.width + c0;
    for (int64_t i = 0; i < r.nrows; ++i) {
      for (int64_t j = 0; j < r.kw; ++j) {
        const int64_t flat = r.rows[i] * r.width + c0 + j * r.dilation;
        const T v = r.plane[flat];
        if (v > best || std::isnan(v)) {
          best = v;
          idx = flat;
        }
      }
    }
    out[o] = best;
    at[o] = idx;
  }
}

template <typename T>
void MaxRowT(const RowWindows<T>& r, T* out, int64_t* at) {
  const hn::ScalableTag<T> d;
  const hn::RebindToSigned<decltype(d)> di;
  using TI = IndexOf<T>;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const T lowest = -std::numeric_limits<T>::infinity();
  if (N > kMaxLanes) return MaxRowScalar(r, 0, out, at);
  TI lane_cols[kMaxLanes];
  for (int64_t l = 0; l < N; ++l) lane_cols[l] = static_cast<TI>(l * r.stride);
  const auto lanes = hn::LoadU(di, lane_cols);
  const int64_t scalar_from = ForEachVector(VectorEnd(r), N, [&](int64_t o) HWY_ATTR {
    const int64_t c0 = r.col0 + o * r.stride;
    auto best = hn::Set(d, lowest);
    auto idx = hn::Add(hn::Set(di, static_cast<TI>(r.rows[0] * r.width + c0)), lanes);
    for (int64_t i = 0; i < r.nrows; ++i) {
      const T* row = r.plane + r.rows[i] * r.width;
      for (int64_t j = 0; j < r.kw; ++j) {
        const int64_t c = c0 + j * r.dilation;
        const auto v = LoadStrided(d, row + c, r.stride);
        const auto m = hn::Or(hn::Gt(v, best), hn::IsNaN(v));
        best = hn::IfThenElse(m, v, best);
        idx = hn::IfThenElse(hn::RebindMask(di, m),
                             hn::Add(hn::Set(di, static_cast<TI>(r.rows[i] * r.width + c)), lanes),
                             idx);
      }
    }
    hn::StoreU(best, d, out + o);
    StoreIndex(di, idx, at + o);
  });
  MaxRowScalar(r, scalar_from, out, at);
}

template <typename T>
void AvgRowT(const RowWindows<T>& r, T div, T* out) {
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const auto vdiv = hn::Set(d, div);
  const int64_t scalar_from = ForEachVector(VectorEnd(r), N, [&](int64_t o) HWY_ATTR {
    const int64_t c0 = r.col0 + o * r.stride;
    auto sum = hn::Zero(d);
    for (int64_t i = 0; i < r.nrows; ++i) {
      const T* row = r.plane + r.rows[i] * r.width;
      for (int64_t j = 0; j < r.kw; ++j) {
        sum = hn::Add(sum, LoadStrided(d, row + c0 + j * r.dilation, r.stride));
      }
    }
    // ATen adds the quotient to a zeroed output (so -0 becomes 0).
    hn::StoreU(hn::Add(hn::Zero(d), hn::Div(sum, vdiv)), d, out + o);
  });
  for (int64_t o = scalar_from; o < r.count; ++o) {
    const int64_t c0 = r.col0 + o * r.stride;
    T sum = 0;
    for (int64_t i = 0; i < r.nrows; ++i) {
      for (int64_t j = 0; j < r.kw; ++j) sum += r.plane[r.rows[i] * r.width + c0 + j * r.dilation];
    }
    out[o] = T(0) + sum / div;
  }
}

void MaxNhwcF32(const NhwcWindow<float>& w, int64_t first, float* out, int64_t* at, int64_t n) {
  MaxNhwcT(w, first, out, at, n);
}
void MaxNhwcF64(const NhwcWindow<double>& w, int64_t first, double* out, int64_t* at, int64_t n) {
  MaxNhwcT(w, first, out, at, n);
}
void AvgNhwcF32(const NhwcWindow<float>& w, const AvgDivisors<float>& d, float* out, int64_t n) {
  AvgNhwcT(w, d, out, n);
}
void AvgNhwcF64(const NhwcWindow<double>& w, const AvgDivisors<double>& d, double* out, int64_t n) {
  AvgNhwcT(w, d, out, n);
}
void MaxRowF32(const RowWindows<float>& r, float* out, int64_t* at) { MaxRowT(r, out, at); }
void MaxRowF64(const RowWindows<double>& r, double* out, int64_t* at) { MaxRowT(r, out, at); }
void AvgRowF32(const RowWindows<float>& r, float div, float* out) { AvgRowT(r, div, out); }
void AvgRowF64(const RowWindows<double>& r, double div, double* out) { AvgRowT(r, div, out); }

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(MaxNhwcF32);
HWY_EXPORT(MaxNhwcF64);
HWY_EXPORT(AvgNhwcF32);
HWY_EXPORT(AvgNhwcF64);
HWY_EXPORT(MaxRowF32);
HWY_EXPORT(MaxRowF64);
HWY_EXPORT(AvgRowF32);
HWY_EXPORT(AvgRowF64);

void MaxNhwc(const NhwcWindow<float>& w, int64_t first_index, float* out, int64_t* at, int64_t n) {
  HWY_DYNAMIC_DISPATCH(MaxNhwcF32)(w, first_index, out, at, n);
}
void MaxNhwc(const NhwcWindow<double>& w, int64_t first_index, double* out, int64_t* at,
             int64_t n) {
  HWY_DYNAMIC_DISPATCH(MaxNhwcF64)(w, first_index, out, at, n);
}
void AvgNhwc(const NhwcWindow<float>& w, const AvgDivisors<float>& d, float* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(AvgNhwcF32)(w, d, out, n);
}
void AvgNhwc(const NhwcWindow<double>& w, const AvgDivisors<double>& d, double* out, int64_t n) {
  HWY_DYNAMIC_DISPATCH(AvgNhwcF64)(w, d, out, n);
}
void MaxRow(const RowWindows<float>& r, float* out, int64_t* at) {
  HWY_DYNAMIC_DISPATCH(MaxRowF32)(r, out, at);
}
void MaxRow(const RowWindows<double>& r, double* out, int64_t* at) {
  HWY_DYNAMIC_DISPATCH(MaxRowF64)(r, out, at);
}
void AvgRow(const RowWindows<float>& r, float div, float* out) {
  HWY_DYNAMIC_DISPATCH(AvgRowF32)(r, div, out);
}
void AvgRow(const RowWindows<double>& r, double div, double* out) {
  HWY_DYNAMIC_DISPATCH(AvgRowF64)(r, div, out);
}
}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
