// The fused recurrent step (rnn_step.h), Highway dynamic dispatch: this
// file is re-included once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/rnn_step.cc"  // relative to the library root
#include "src/rnn_step.h"

#include <algorithm>
#include <cmath>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include <hwy/cache_control.h>
#include <hwy/contrib/math/math-inl.h>
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::rnn_step {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <Cell kCell>
constexpr int kGates = kCell == Cell::kLstm ? 4 : (kCell == Cell::kGru ? 3 : 1);

// Rows per register tile: the accumulators (rows x gates) share the
// vector registers with the gates' weight vectors and a temporary, so
// 6 x 4 (LSTM), 8 x 3 (GRU) and 8 x 1 (RNN) with AVX-512's 32 registers.
template <Cell kCell>
constexpr int kTileRows = std::min(8, ((HWY_TARGET <= HWY_AVX3 ? 32 : 16) - kGates<kCell> - 2) /
                                          kGates<kCell>);

// The lanes [0, valid) of p; the rest read as zero and are not touched.
template <class D, typename T = hn::TFromD<D>>
HWY_INLINE hn::Vec<D> LoadPart(D d, const T* p, int64_t valid) {
  if (valid == static_cast<int64_t>(hn::Lanes(d))) return hn::LoadU(d, p);
  return hn::MaskedLoad(hn::FirstN(d, static_cast<size_t>(valid)), d, p);
}

template <class D, typename T = hn::TFromD<D>>
HWY_INLINE void StorePart(D d, hn::Vec<D> v, T* p, int64_t valid) {
  if (valid == static_cast<int64_t>(hn::Lanes(d))) {
    hn::StoreU(v, d, p);
  } else {
    hn::BlendedStore(v, hn::FirstN(d, static_cast<size_t>(valid)), d, p);
  }
}

// r with the lanes where `bad` replaced by f(x) (libm): the lanes outside
// the range where Highway's approximation matches, as in simd.cc's Unary.
template <class D, class F, typename T = hn::TFromD<D>>
HWY_NOINLINE hn::Vec<D> FixLanes(D d, hn::Vec<D> x, hn::Vec<D> r, hn::Mask<D> bad, F f) {
  HWY_ALIGN T xs[HWY_MAX_BYTES / sizeof(T)];
  HWY_ALIGN T rs[HWY_MAX_BYTES / sizeof(T)];
  HWY_ALIGN T bs[HWY_MAX_BYTES / sizeof(T)];
  hn::Store(x, d, xs);
  hn::Store(r, d, rs);
  hn::Store(hn::IfThenElseZero(bad, hn::Set(d, T(1))), d, bs);
  for (size_t i = 0; i < hn::Lanes(d); ++i) {
    if (bs[i] != T(0)) rs[i] = f(xs[i]);
  }
  return hn::Load(d, rs);
}

// 1 / (1 + exp(-x)), as simd.cc's kSigmoid computes it.
template <class D, typename T = hn::TFromD<D>>
HWY_INLINE hn::Vec<D> SigmoidV(D d, hn::Vec<D> x) {
  const T lim = sizeof(T) == 4 ? T(87) : T(700);  // exp's exact range
  const auto one = hn::Set(d, T(1));
  const auto r = hn::Div(one, hn::Add(one, hn::Exp(d, hn::Neg(x))));
  const auto bad = hn::Not(hn::And(hn::Lt(x, hn::Set(d, lim)), hn::Gt(x, hn::Set(d, -lim))));
  if (HWY_UNLIKELY(!hn::AllFalse(d, bad))) {
    return FixLanes(d, x, r, bad, [](T v) { return T(1) / (T(1) + std::exp(-v)); });
  }
  return r;
}

// tanh, as simd.cc's kTanh computes it.
template <class D, typename T = hn::TFromD<D>>
HWY_INLINE hn::Vec<D> TanhV(D d, hn::Vec<D> x) {
  const auto r = hn::Tanh(d, x);
  const auto bad = hn::IsNaN(x);
  if (HWY_UNLIKELY(!hn::AllFalse(d, bad))) {
    return FixLanes(d, x, r, bad, [](T v) { return std::tanh(v); });
  }
  return r;
}

// Rows per block: the products of a block of rows wait in a buffer on the
// stack (at most 48 x 4 vectors) while the k blocks accumulate into them.
constexpr int64_t kBlockRows = 48;
// Bytes of packed weights per k block: half of L1, so a panel's slice stays
// in L1 across all row tiles of the block.
constexpr int64_t kBlockBytes = 24 << 10;

// What a tile prefetches for the epilogue: from its first row on, xw's
// lines (row stride gates * hidden, gate stride hidden) and out's (row
// stride ld_out); xw == nullptr: nothing.
template <typename T>
struct Ahead {
  const T* xw;
  int64_t hidden;
  const T* out;
  int64_t ld_out;
  // The same from r rows further on.
  Ahead Rows(int64_t r, int64_t gates) const {
    if (xw == nullptr) return *this;
    return {xw + r * gates * hidden, hidden, out != nullptr ? out + r * ld_out : nullptr, ld_out};
  }
};

// prod[R rows][G] (+)= h[r0 + r, k0 : k0 + kn] @ the panel's w rows: a
// register tile; every loop over the accumulators is unrolled so that they
// stay in registers.
template <typename T, int G, int R>
HWY_INLINE void GemmTile(const T* HWY_RESTRICT w, const T* HWY_RESTRICT h, int64_t ldh, int64_t kn,
                         bool first, T* HWY_RESTRICT prod, Ahead<T> ahead) {
  const hn::ScalableTag<T> d;
  using V = hn::Vec<decltype(d)>;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  V acc[R][G];
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r) {
#pragma GCC unroll 4
    for (int g = 0; g < G; ++g) {
      acc[r][g] = first ? hn::Zero(d) : hn::Load(d, prod + (r * G + g) * N);
    }
  }
  for (int64_t kk = 0; kk < kn; ++kk) {
    // One line per k: xw's (row kk / G, gate kk % G), then out's rows.
    if (ahead.xw != nullptr && kk < R * (G + 1)) {
      if (kk < R * G) {
        hwy::Prefetch(ahead.xw + (kk / G) * G * ahead.hidden + (kk % G) * ahead.hidden);
      } else if (ahead.out != nullptr) {
        hwy::Prefetch(ahead.out + (kk - R * G) * ahead.ld_out);
      }
    }
    const T* wk = w + kk * G * N;
    V wv[G];
#pragma GCC unroll 4
    for (int g = 0; g < G; ++g) wv[g] = hn::LoadU(d, wk + g * N);
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) {
      const V hv = hn::Set(d, h[r * ldh + kk]);
#pragma GCC unroll 4
      for (int g = 0; g < G; ++g) acc[r][g] = hn::MulAdd(wv[g], hv, acc[r][g]);
    }
  }
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r) {
#pragma GCC unroll 4
    for (int g = 0; g < G; ++g) hn::Store(acc[r][g], d, prod + (r * G + g) * N);
  }
}

// The last rows (fewer than a full tile): a tile of exactly `rows`.
template <typename T, int G, int R>
HWY_INLINE void GemmTail(const T* w, const T* h, int64_t ldh, int64_t kn, bool first, T* prod,
                         Ahead<T> ahead, int64_t rows) {
  if constexpr (R > 1) {
    if (rows < R) return GemmTail<T, G, R - 1>(w, h, ldh, kn, first, prod, ahead, rows);
  }
  GemmTile<T, G, R>(w, h, ldh, kn, first, prod, ahead);
}

// The cell's elementwise math for rows [r0, r0 + rows) of the panel at
// units [u0, u0 + valid), from the products prod[rows][G].
template <typename T, Cell kCell>
HWY_INLINE void Epilogue(const StepArgs<T>& a, const T* prod, int64_t r0, int64_t rows, int64_t u0,
                         int64_t valid) {
  constexpr int G = kGates<kCell>;
  const hn::ScalableTag<T> d;
  using V = hn::Vec<decltype(d)>;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const int64_t H = a.hidden;
  V bias[G], bias_ih[G];
  for (int g = 0; g < G; ++g) {
    bias[g] = a.b_hh != nullptr ? LoadPart(d, a.b_hh + g * H + u0, valid) : hn::Zero(d);
    bias_ih[g] = a.b_ih != nullptr ? LoadPart(d, a.b_ih + g * H + u0, valid) : hn::Zero(d);
  }
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t row = r0 + r;
    const T* xr = a.xw + row * G * H + u0;
    V hg[G], xw[G];  // linear_hh: h @ w_hh^T + b_hh; linear_ih: x @ w_ih^T + b_ih
    for (int g = 0; g < G; ++g) {
      const V p = hn::Load(d, prod + (r * G + g) * N);
      hg[g] = a.b_hh != nullptr ? hn::Add(p, bias[g]) : p;
      const V x = LoadPart(d, xr + g * H, valid);
      xw[g] = a.b_ih != nullptr ? hn::Add(x, bias_ih[g]) : x;
    }
    V hn_new;
    if constexpr (kCell == Cell::kLstm) {
      const V i = SigmoidV(d, hn::Add(hg[0], xw[0]));
      const V f = SigmoidV(d, hn::Add(hg[1], xw[1]));
      const V g = TanhV(d, hn::Add(hg[2], xw[2]));
      const V o = SigmoidV(d, hn::Add(hg[3], xw[3]));
      T* c = a.c + row * H + u0;
      const V cy = hn::Add(hn::Mul(f, LoadPart(d, c, valid)), hn::Mul(i, g));
      StorePart(d, cy, c, valid);
      hn_new = hn::Mul(o, TanhV(d, cy));
      if (a.ws != nullptr) {
        T* w = a.ws + row * a.ld_ws + u0;
        StorePart(d, i, w, valid);
        StorePart(d, f, w + H, valid);
        StorePart(d, g, w + 2 * H, valid);
        StorePart(d, o, w + 3 * H, valid);
        StorePart(d, cy, w + 4 * H, valid);
      }
    } else if constexpr (kCell == Cell::kGru) {
      const V rg = SigmoidV(d, hn::Add(hg[0], xw[0]));
      const V z = SigmoidV(d, hn::Add(hg[1], xw[1]));
      const V n = TanhV(d, hn::Add(xw[2], hn::Mul(hg[2], rg)));
      const V hp = LoadPart(d, a.h + row * a.ldh + u0, valid);
      hn_new = hn::Add(hn::Mul(hn::Sub(hp, n), z), n);
      if (a.ws != nullptr) {
        T* w = a.ws + row * a.ld_ws + u0;
        StorePart(d, rg, w, valid);
        StorePart(d, z, w + H, valid);
        StorePart(d, n, w + 2 * H, valid);
        StorePart(d, hg[2], w + 3 * H, valid);
      }
    } else {
      const V pre = hn::Add(hg[0], xw[0]);
      if constexpr (kCell == Cell::kRnnTanh) {
        hn_new = TanhV(d, pre);
      } else {
        hn_new = hn::IfThenElse(hn::Lt(pre, hn::Zero(d)), hn::Zero(d), pre);
      }
    }
    StorePart(d, hn_new, a.h_new + row * a.ld_new + u0, valid);
    if (a.ws != nullptr) {
      StorePart(d, hn_new, a.ws + row * a.ld_ws + (G == 1 ? 0 : G + 1) * H + u0, valid);
    }
    if (a.out != nullptr) StorePart(d, hn_new, a.out + row * a.ld_out + u0, valid);
  }
}

template <typename T, Cell kCell>
void Panels(const StepArgs<T>& a, int64_t p0, int64_t p1) {
  constexpr int G = kGates<kCell>, R = kTileRows<kCell>;
  const hn::ScalableTag<T> d;
  const int64_t N = static_cast<int64_t>(hn::Lanes(d));
  const int64_t kb = std::max<int64_t>(1, kBlockBytes / (G * N * static_cast<int64_t>(sizeof(T))));
  HWY_ALIGN T prod[kBlockRows * G * HWY_MAX_BYTES / sizeof(T)];
  for (int64_t p = p0; p < p1; ++p) {
    const T* w = a.packed + p * a.k * G * N;
    const int64_t u0 = p * N, valid = std::min(N, a.hidden - u0);
    for (int64_t b0 = 0; b0 < a.rows; b0 += kBlockRows) {
      const int64_t rows = std::min(kBlockRows, a.rows - b0);
      for (int64_t k0 = 0; k0 < a.k; k0 += kb) {
        const int64_t kn = std::min(kb, a.k - k0);
        const T* wb = w + k0 * G * N;
        const T* hb = a.h + b0 * a.ldh + k0;
        // The lines the epilogue reads from xw (one per row and gate, rows
        // far apart in a buffer of many MB: misses the hardware prefetcher
        // does not see coming) and writes in out are fetched by the tiles
        // of the first k block, one per k, so that they arrive during the
        // GEMM without queuing up.
        Ahead<T> ahead{};
        if (k0 == 0) ahead = {a.xw + b0 * G * a.hidden + u0, a.hidden, a.out, a.ld_out};
        if (ahead.out != nullptr) ahead.out += b0 * a.ld_out + u0;
        int64_t r = 0;
        for (; r + R <= rows; r += R) {
          GemmTile<T, G, R>(wb, hb + r * a.ldh, a.ldh, kn, k0 == 0, prod + r * G * N,
                            ahead.Rows(r, G));
        }
        if (r < rows) {
          GemmTail<T, G, R - 1>(wb, hb + r * a.ldh, a.ldh, kn, k0 == 0, prod + r * G * N,
                                ahead.Rows(r, G), rows - r);
        }
      }
      if (a.k == 0) std::fill(prod, prod + rows * G * N, T(0));
      Epilogue<T, kCell>(a, prod, b0, rows, u0, valid);
    }
  }
}

template <typename T>
void StepPanelsT(const StepArgs<T>& a, int64_t p0, int64_t p1) {
  switch (a.cell) {
    case Cell::kLstm:
      return Panels<T, Cell::kLstm>(a, p0, p1);
    case Cell::kGru:
      return Panels<T, Cell::kGru>(a, p0, p1);
    case Cell::kRnnTanh:
      return Panels<T, Cell::kRnnTanh>(a, p0, p1);
    case Cell::kRnnRelu:
      return Panels<T, Cell::kRnnRelu>(a, p0, p1);
  }
}

void StepPanelsF32(const StepArgs<float>& a, int64_t p0, int64_t p1) { StepPanelsT(a, p0, p1); }
void StepPanelsF64(const StepArgs<double>& a, int64_t p0, int64_t p1) { StepPanelsT(a, p0, p1); }
int64_t UnitsF32() { return static_cast<int64_t>(hn::Lanes(hn::ScalableTag<float>())); }
int64_t UnitsF64() { return static_cast<int64_t>(hn::Lanes(hn::ScalableTag<double>())); }

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::rnn_step
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::rnn_step {
HWY_EXPORT(StepPanelsF32);
HWY_EXPORT(StepPanelsF64);
HWY_EXPORT(UnitsF32);
HWY_EXPORT(UnitsF64);

int64_t GatesOf(Cell cell) { return cell == Cell::kLstm ? 4 : (cell == Cell::kGru ? 3 : 1); }

int64_t PanelUnits(const float*) { return HWY_DYNAMIC_DISPATCH(UnitsF32)(); }
int64_t PanelUnits(const double*) { return HWY_DYNAMIC_DISPATCH(UnitsF64)(); }

int64_t PackedSize(int64_t gates, int64_t hidden, int64_t k, int64_t units) {
  const int64_t panels = (hidden + units - 1) / units;
  return panels * k * gates * units;
}

template <typename T>
void PackHh(const T* w_hh, int64_t gates, int64_t hidden, int64_t k, int64_t units, int64_t p0,
            int64_t p1, T* packed) {
  // 16 k at a time: each source row is read a cache line at a time while
  // the writes fill a few KB of the panel in order (3x faster than whole
  // rows with the writes strided across the panel).
  constexpr int64_t kStep = 16;
  for (int64_t p = p0; p < p1; ++p) {
    T* dst = packed + p * k * gates * units;
    const int64_t valid = std::min(units, hidden - p * units);
    for (int64_t k0 = 0; k0 < k; k0 += kStep) {
      const int64_t k1 = std::min(k, k0 + kStep);
      for (int64_t g = 0; g < gates; ++g) {
        for (int64_t l = 0; l < units; ++l) {
          const T* src = l < valid ? w_hh + (g * hidden + p * units + l) * k : nullptr;
          for (int64_t kk = k0; kk < k1; ++kk) {
            dst[(kk * gates + g) * units + l] = src != nullptr ? src[kk] : T(0);
          }
        }
      }
    }
  }
}

template void PackHh<float>(const float*, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t,
                            float*);
template void PackHh<double>(const double*, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t,
                             double*);

void StepPanels(const StepArgs<float>& a, int64_t p0, int64_t p1) {
  HWY_DYNAMIC_DISPATCH(StepPanelsF32)(a, p0, p1);
}
void StepPanels(const StepArgs<double>& a, int64_t p0, int64_t p1) {
  HWY_DYNAMIC_DISPATCH(StepPanelsF64)(a, p0, p1);
}

}  // namespace tc::kernels::rnn_step
#endif  // HWY_ONCE
