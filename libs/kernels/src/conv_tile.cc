// Highway register tile of the fast convolutions: see conv_tile.h. This
// file is re-included once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/conv_tile.cc"  // relative to the library root
#include "src/conv_tile.h"

#include <algorithm>
#include <vector>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
// clang-format on

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::simd {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Rows [r0, r0 + kR) of a kRows x kCols tile, kNV vectors of B per k:
// kR * kNV accumulators stay in registers (16 zmm on AVX-512).
template <int kRows, int kCols, int kR, int kNV, class D>
HWY_INLINE void TileRows(D d, const ConvTileArgs& t, int64_t r0) {
  using V = hn::Vec<D>;
  constexpr int64_t kL = static_cast<int64_t>(hn::MaxLanes(D()));
  // Fully unrolled (the pragmas) so the accumulators live in registers.
  V acc[kR][kNV];
#pragma GCC unroll 16
  for (int i = 0; i < kR; ++i) {
#pragma GCC unroll 32
    for (int v = 0; v < kNV; ++v) acc[i][v] = hn::Zero(d);
  }
  for (int64_t s = 0; s < t.segments; ++s) {
    const float* ap[kR];
#pragma GCC unroll 16
    for (int i = 0; i < kR; ++i) ap[i] = t.a[s * kRows + r0 + i];
    const float* bp = t.b[s];
    const int64_t b_step = t.b_stride != 0 ? t.b_stride : kCols;
    for (int64_t k = 0; k < t.k; ++k, bp += b_step) {
      V bv[kNV];
#pragma GCC unroll 32
      for (int v = 0; v < kNV; ++v) bv[v] = hn::LoadU(d, bp + v * kL);
#pragma GCC unroll 16
      for (int i = 0; i < kR; ++i) {
        const V av = hn::Set(d, ap[i][k]);
#pragma GCC unroll 32
        for (int v = 0; v < kNV; ++v) acc[i][v] = hn::MulAdd(av, bv[v], acc[i][v]);
      }
    }
  }
  const int64_t rows = std::min<int64_t>(kR, t.rows - r0);
  const bool dense = t.col_stride == 1 && t.cols == kCols;
#pragma GCC unroll 16
  for (int i = 0; i < kR; ++i) {
    if (i >= rows) break;
    const int64_t r = r0 + i;
    const V rb = t.row_bias != nullptr ? hn::Set(d, t.row_bias[r]) : hn::Zero(d);
    HWY_ALIGN float tmp[kCols];
#pragma GCC unroll 32
    for (int v = 0; v < kNV; ++v) {
      V x = hn::Add(acc[i][v], rb);
      if (t.col_bias != nullptr && dense) x = hn::Add(x, hn::LoadU(d, t.col_bias + v * kL));
      if (dense) {
        hn::StoreU(x, d, t.c + r * t.row_stride + v * kL);
      } else {
        hn::Store(x, d, tmp + v * kL);
      }
    }
    if (dense) continue;
    float* crow = t.c + r * t.row_stride;
    for (int64_t j = 0; j < t.cols; ++j) {
      crow[j * t.col_stride] = t.col_bias != nullptr ? tmp[j] + t.col_bias[j] : tmp[j];
    }
  }
}

template <int kRows, int kCols>
HWY_INLINE void Tile(const ConvTileArgs& t) {
  const hn::ScalableTag<float> d;
  constexpr int64_t kL = static_cast<int64_t>(hn::MaxLanes(hn::ScalableTag<float>()));
  constexpr int kNV = static_cast<int>(kCols / kL);
  // Rows per pass so the accumulators fit the register file.
  constexpr int kR = kNV * kRows <= 16 ? kRows : std::max(1, 16 / kNV);
  for (int64_t r0 = 0; r0 < kRows && r0 < t.rows; r0 += kR) {
    TileRows<kRows, kCols, kR, kNV>(d, t, r0);
  }
}

void ConvTileImpl(const ConvTileArgs& t) {
  if (t.narrow) {
    Tile<kNarrowTileRows, kNarrowTileCols>(t);
  } else {
    Tile<kTileRows, kTileCols>(t);
  }
}

// dst[t] = src[t * stride] for t < n (n <= kTileCols); `avail` floats
// from src on may be read (the rest of the input plane).
HWY_INLINE void CopyRun(const float* src, int64_t n, int64_t stride, int64_t avail, float* dst) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  if (stride == 1) {
    int64_t t = 0;
    for (; t + lanes <= n; t += lanes) hn::StoreU(hn::LoadU(d, src + t), d, dst + t);
    if (t < n) {
      const auto m = hn::FirstN(d, static_cast<size_t>(n - t));
      hn::BlendedStore(hn::MaskedLoad(m, d, src + t), m, d, dst + t);
    }
    return;
  }
  int64_t t = 0;
  if (stride == 2) {  // even lanes of pairs of vectors, while inside the row
    for (; t + lanes <= n && 2 * (t + lanes) <= avail; t += lanes) {
      hn::Vec<decltype(d)> even, odd;
      hn::LoadInterleaved2(d, src + 2 * t, even, odd);
      hn::StoreU(even, d, dst + t);
    }
  }
  for (; t < n; ++t) dst[t] = src[t * stride];
}

void PackStripImpl(const ConvGeometry& g, const float* xg, int64_t cg, int64_t q0, int64_t width,
                   float* dst, std::vector<int64_t>* scratch) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  // The strip's pieces of output rows: lanes [lane, lane + n) are pixels
  // ow.. of output row (od, oh).
  struct Piece {
    int64_t lane, n, od, oh, ow;
  };
  Piece pieces[kTileCols];
  int64_t np = 0;
  for (int64_t q = q0; q < q0 + width; ++np) {
    const int64_t row = q / g.out[2], ow = q % g.out[2];
    const int64_t n = std::min(g.out[2] - ow, q0 + width - q);
    pieces[np] = {q - q0, n, row / g.out[1], row % g.out[1], ow};
    q += n;
  }
  // Per kernel column: input column ow * s2 + off[kw] is inside [0, in[2])
  // for ow in [lo[kw], hi[kw]).
  const int64_t s2 = g.stride[2], kw_n = g.k[2], taps = g.KernelSize();
  // Per tap and piece: the input run [ra, rb) of output columns and the
  // input row it reads (src offset at column 0); zeros elsewhere.
  struct Run {
    int64_t lane, n, src;
  };
  static_assert(sizeof(Run) == 3 * sizeof(int64_t));
  scratch->resize(3 * kw_n + 3 * taps * np + taps);
  int64_t* off = scratch->data();
  int64_t* lo = off + kw_n;
  int64_t* hi = lo + kw_n;
  for (int64_t kw = 0; kw < kw_n; ++kw) {
    off[kw] = kw * g.dil[2] - g.pad[2];
    lo[kw] = off[kw] >= 0 ? 0 : (-off[kw] + s2 - 1) / s2;
    hi[kw] = g.in[2] - 1 - off[kw] >= 0 ? (g.in[2] - 1 - off[kw]) / s2 + 1 : 0;
  }
  Run* runs = reinterpret_cast<Run*>(hi + kw_n);
  int64_t* full = hi + kw_n + 3 * taps * np;  // per tap: runs cover every lane
  int64_t tap = 0;
  for (int64_t kd = 0; kd < g.k[0]; ++kd) {
    for (int64_t kh = 0; kh < g.k[1]; ++kh) {
      for (int64_t kw = 0; kw < kw_n; ++kw, ++tap) {
        int64_t covered = 0;
        for (int64_t i = 0; i < np; ++i) {
          const Piece& pc = pieces[i];
          const int64_t id = pc.od * g.stride[0] - g.pad[0] + kd * g.dil[0];
          const int64_t ih = pc.oh * g.stride[1] - g.pad[1] + kh * g.dil[1];
          const bool ok = id >= 0 && id < g.in[0] && ih >= 0 && ih < g.in[1];
          const int64_t ra = std::clamp(lo[kw], pc.ow, pc.ow + pc.n);
          const int64_t rb = ok ? std::clamp(hi[kw], ra, pc.ow + pc.n) : ra;
          const int64_t first = ra * s2 + off[kw];
          runs[tap * np + i] = {pc.lane + (ra - pc.ow), rb - ra,
                                ok ? (id * g.in[1] + ih) * g.in[2] + first : 0};
          covered += rb - ra;
        }
        full[tap] = covered == kTileCols;
      }
    }
  }
  for (int64_t c = 0; c < cg; ++c) {
    const float* plane = xg + c * g.InPlane();
    for (int64_t t = 0; t < taps; ++t, dst += kTileCols) {
      if (!full[t]) {
        for (int64_t v = 0; v < kTileCols; v += lanes) hn::StoreU(hn::Zero(d), d, dst + v);
      }
      for (int64_t i = 0; i < np; ++i) {
        const Run& r = runs[t * np + i];
        if (r.n <= 0) continue;
        CopyRun(plane + r.src, r.n, s2, g.InPlane() - r.src, dst + r.lane);
      }
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::simd {
HWY_EXPORT(ConvTileImpl);
HWY_EXPORT(PackStripImpl);

void ConvTile(const ConvTileArgs& t) { HWY_DYNAMIC_DISPATCH(ConvTileImpl)(t); }
void PackStrip(const ConvGeometry& g, const float* xg, int64_t cg, int64_t q0, int64_t width,
               float* dst, std::vector<int64_t>* scratch) {
  HWY_DYNAMIC_DISPATCH(PackStripImpl)(g, xg, cg, q0, width, dst, scratch);
}
}  // namespace tc::kernels::simd
#endif  // HWY_ONCE
