// Float32 forward convolutions on the register tile: see conv_fast.h.
#include "src/conv_fast.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "tc/kernels/thread_pool.h"

#include "src/conv_tile.h"

namespace tc::kernels {
namespace {

using simd::ConvTile;
using simd::ConvTileArgs;
using simd::kTileCols;
using simd::kTileRows;

// A packed band's size target. It is written once and read by every row
// block of weights right after: with few output channels (cheap weights,
// packing a large share of the work) it should stay in the 48 KiB L1;
// with many, larger bands amortize streaming the weights from L2
// (measured: 16 channels 10% faster at 32 KiB, 64 channels 8% at 128).
int64_t PackedBandBytes(int64_t out_channels_per_group) {
  return out_channels_per_group <= 16 ? int64_t{32} << 10 : int64_t{128} << 10;
}

int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Output pixels per task: a packed band near band_bytes, and at least two
// tasks per thread over the batch when the batch alone has too few.
int64_t BandPixels(int64_t plane, int64_t n, int64_t band_bytes, int64_t bytes_per_pixel,
                   int64_t multiple) {
  int64_t band = std::max<int64_t>(multiple, band_bytes / std::max<int64_t>(1, bytes_per_pixel));
  const int64_t want = CeilDiv(2 * NumThreads(), std::max<int64_t>(n, 1));
  band = std::min(band, CeilDiv(plane, want));
  return std::max<int64_t>(multiple, CeilDiv(band, multiple) * multiple);
}

void NchwBand(const ConvGeometry& g, const float* x, const float* w, const float* bias, float* out,
              int64_t b, int64_t p0, int64_t p1, std::vector<float>& packed,
              std::vector<int64_t>& scratch) {
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups, kdim = cg * g.KernelSize();
  const int64_t plane = g.OutPlane(), width = p1 - p0, strips = CeilDiv(width, kTileCols);
  // Grown only (a shrink and regrow would zero-fill the regrown part).
  if (packed.size() < static_cast<size_t>(strips * kdim * kTileCols)) {
    packed.resize(strips * kdim * kTileCols);
  }
  for (int64_t grp = 0; grp < g.groups; ++grp) {
    const float* xg = x + (b * g.in_c + grp * cg) * g.InPlane();
    for (int64_t s = 0; s < strips; ++s) {
      const int64_t q0 = p0 + s * kTileCols;
      simd::PackStrip(g, xg, cg, q0, std::min(kTileCols, p1 - q0),
                      packed.data() + s * kdim * kTileCols, &scratch);
    }
    for (int64_t oc0 = 0; oc0 < ocg; oc0 += kTileRows) {
      const int64_t rows = std::min(kTileRows, ocg - oc0);
      const float* a[kTileRows];
      for (int64_t i = 0; i < kTileRows; ++i) {
        a[i] = w + (grp * ocg + oc0 + std::min(i, rows - 1)) * kdim;
      }
      ConvTileArgs t;
      t.k = kdim;
      t.a = a;
      t.row_stride = plane;
      t.rows = rows;
      t.row_bias = bias != nullptr ? bias + grp * ocg + oc0 : nullptr;
      for (int64_t s = 0; s < strips; ++s) {
        const float* bp = packed.data() + s * kdim * kTileCols;
        t.b = &bp;
        t.c = out + (b * g.out_c + grp * ocg + oc0) * plane + p0 + s * kTileCols;
        t.cols = std::min(kTileCols, width - s * kTileCols);
        ConvTile(t);
      }
    }
  }
}

// The implicit GEMM's tile: rows are output pixels, columns output
// channels; the narrow one when a group has 16 or fewer channels.
struct NhwcTile {
  bool narrow, tall;
  int64_t rows, cols;
};

// The tall tile (12 pixels) where its accumulators fit the registers:
// 2 loads of B per 12 broadcasts and 24 multiply-adds instead of 8 and 16.
NhwcTile ChooseNhwcTile(const ConvGeometry& g) {
  if (g.out_c / g.groups <= simd::kNarrowTileCols) {
    return {true, false, simd::kNarrowTileRows, simd::kNarrowTileCols};
  }
  if (simd::WideTileFits()) return {false, true, simd::kTallTileRows, simd::kTallTileCols};
  return {false, false, kTileRows, kTileCols};
}

// Weights as [group][oc strip][tap][c][tile.cols output channels],
// zero-padded: B of the implicit GEMM, one segment per tap.
std::vector<float> PackWeightsByTap(const ConvGeometry& g, const float* w, NhwcTile tile) {
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups, kk = g.KernelSize();
  const int64_t oc_strips = CeilDiv(ocg, tile.cols), strip = kk * cg * tile.cols;
  std::vector<float> wp(g.groups * oc_strips * strip, 0.0f);
  for (int64_t oc = 0; oc < g.out_c; ++oc) {
    const int64_t grp = oc / ocg, j = oc % ocg;
    float* dst = wp.data() + (grp * oc_strips + j / tile.cols) * strip + j % tile.cols;
    for (int64_t c = 0; c < cg; ++c) {
      for (int64_t s = 0; s < kk; ++s) dst[(s * cg + c) * tile.cols] = w[(oc * cg + c) * kk + s];
    }
  }
  return wp;
}

// One batch element's input in channels_last order: position (id, ih, iw)
// of flat input row id * in[1] + ih >= row0 at
// base + ((row - row0) * in[2] + iw) * in_c.
struct NhwcImage {
  const float* base;
  int64_t row0;
};

// Where the implicit GEMM writes: channels_last (pixel-major) or
// contiguous (channel-major) output of batch element b.
struct NhwcTarget {
  float* out;
  bool channels_last;
};

// Output pixels [p0, p1) of batch element b, a tile's rows at a time: each
// pixel's taps point into the input (or at zeros in the padding), then
// every strip of output channels is one tile.
void NhwcBand(const ConvGeometry& g, NhwcTile tl, NhwcImage img, const float* wp, const float* bias,
              NhwcTarget target, int64_t b, int64_t p0, int64_t p1, const float* zeros) {
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups, kk = g.KernelSize();
  const int64_t oc_strips = CeilDiv(ocg, tl.cols), plane = g.OutPlane();
  thread_local std::vector<const float*> a, bp;
  a.resize(kk * tl.rows);
  bp.resize(kk);
  for (int64_t p = p0; p < p1; p += tl.rows) {
    const int64_t rows = std::min(tl.rows, p1 - p);
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      // (od, oh, ow) of pixel p, stepped along (no divisions per pixel).
      int64_t ow = p % g.out[2], oh = p / g.out[2] % g.out[1], od = p / g.out[2] / g.out[1];
      for (int64_t i = 0; i < tl.rows; ++i) {
        if (i > 0 && i < rows && ++ow == g.out[2]) {
          ow = 0;
          if (++oh == g.out[1]) oh = 0, ++od;
        }
        int64_t s = 0;
        for (int64_t kd = 0; kd < g.k[0]; ++kd) {
          const int64_t id = od * g.stride[0] - g.pad[0] + kd * g.dil[0];
          for (int64_t kh = 0; kh < g.k[1]; ++kh) {
            const int64_t ih = oh * g.stride[1] - g.pad[1] + kh * g.dil[1];
            for (int64_t kw = 0; kw < g.k[2]; ++kw, ++s) {
              const int64_t iw = ow * g.stride[2] - g.pad[2] + kw * g.dil[2];
              const bool ok =
                  id >= 0 && id < g.in[0] && ih >= 0 && ih < g.in[1] && iw >= 0 && iw < g.in[2];
              const int64_t row = id * g.in[1] + ih - img.row0;
              a[s * tl.rows + i] = ok ? img.base + (row * g.in[2] + iw) * g.in_c + grp * cg : zeros;
            }
          }
        }
      }
      for (int64_t st = 0; st < oc_strips; ++st) {
        const float* wst = wp + (grp * oc_strips + st) * kk * cg * tl.cols;
        for (int64_t s = 0; s < kk; ++s) bp[s] = wst + s * cg * tl.cols;
        const int64_t oc0 = grp * ocg + st * tl.cols;
        ConvTileArgs tile;
        tile.narrow = tl.narrow;
        tile.tall = tl.tall;
        tile.segments = kk;
        tile.k = cg;
        tile.a = a.data();
        tile.b = bp.data();
        if (target.channels_last) {
          tile.c = target.out + (b * plane + p) * g.out_c + oc0;
          tile.row_stride = g.out_c;
        } else {
          tile.c = target.out + (b * g.out_c + oc0) * plane + p;
          tile.row_stride = 1;
          tile.col_stride = plane;
        }
        tile.rows = rows;
        tile.cols = std::min(tl.cols, ocg - st * tl.cols);
        tile.col_bias = bias != nullptr ? bias + oc0 : nullptr;
        ConvTile(tile);
      }
    }
  }
}

// The flat input rows [lo, hi) that output pixels [p0, p1) read.
std::pair<int64_t, int64_t> InputRows(const ConvGeometry& g, int64_t p0, int64_t p1) {
  const int64_t r0 = p0 / g.out[2], r1 = (p1 - 1) / g.out[2];
  auto span = [](int64_t o0, int64_t o1, int64_t s, int64_t pad, int64_t k, int64_t d, int64_t n) {
    return std::pair<int64_t, int64_t>{std::clamp<int64_t>(o0 * s - pad, 0, n),
                                       std::clamp<int64_t>(o1 * s - pad + (k - 1) * d + 1, 0, n)};
  };
  if (g.out[0] == 1) {
    const auto [lo, hi] = span(r0, r1, g.stride[1], g.pad[1], g.k[1], g.dil[1], g.in[1]);
    return {lo, std::max(lo, hi)};
  }
  // 3-d: whole input planes of the depths the output rows reach.
  const auto [lo, hi] =
      span(r0 / g.out[1], r1 / g.out[1], g.stride[0], g.pad[0], g.k[0], g.dil[0], g.in[0]);
  return {lo * g.in[1], std::max(lo, hi) * g.in[1]};
}

// Output pixels per task for the implicit GEMM: about 8 output rows (the
// input rows they read, transposed, stay in L2), at least two tasks per
// thread over the batch.
int64_t NhwcBandPixels(const ConvGeometry& g, NhwcTile tl) {
  const int64_t plane = g.OutPlane();
  int64_t band = std::max<int64_t>(512, 8 * g.out[2]);
  const int64_t want = CeilDiv(2 * NumThreads(), std::max<int64_t>(g.n, 1));
  band = std::min(band, CeilDiv(plane, want));
  return std::max<int64_t>(tl.rows, CeilDiv(band, tl.rows) * tl.rows);
}

// One weight row block of the direct path over a band of `nrows` output
// rows (from r0) when the height stride is 1: output pixel (oh, ow) is
// flat position (oh - r0) * wp + ow of the padded input rows (wp wide), so
// tiles run over the flat positions across row ends. Only the wp - out[2]
// columns at each row's end are computed in vain (2 of 58 for a 3x3 on 56
// columns, where row-wise tiles of 32 compute 64 for 56). The tiles write
// to `flat_out` (rows of the tile, flat positions), whose valid columns are
// then copied to out (rows `plane` apart, output row oh at oh * out[2]).
void DirectFlatBand(const ConvGeometry& g, const float* bg, int64_t wp, int64_t nrows, int64_t r0,
                    const float** bp, ConvTileArgs tile, float* out, std::vector<float>& flat_out) {
  // The wide tile where its 24 accumulators fit the registers: 3 loads of
  // B per 8 broadcasts and 24 multiply-adds instead of 2 per 16.
  tile.wide = simd::WideTileFits();
  const int64_t cols = tile.wide ? simd::kWideTileCols : kTileCols;
  const int64_t nflat = (nrows - 1) * wp + g.out[2];
  const int64_t width = CeilDiv(nflat, cols) * cols, plane = g.OutPlane();
  if (flat_out.size() < static_cast<size_t>(kTileRows * width)) flat_out.resize(kTileRows * width);
  tile.row_stride = width;
  tile.cols = cols;
  tile.b = bp;
  for (int64_t f0 = 0; f0 < nflat; f0 += cols) {
    for (int64_t kh = 0, s = 0; kh < g.k[1]; ++kh) {
      const float* brow = bg + kh * g.dil[1] * wp + f0;
      for (int64_t kw = 0; kw < g.k[2]; ++kw, ++s) bp[s] = brow + kw * g.dil[2];
    }
    tile.c = flat_out.data() + f0;
    ConvTile(tile);
  }
  for (int64_t i = 0; i < tile.rows; ++i) {
    const float* src = flat_out.data() + i * width;
    for (int64_t r = 0; r < nrows; ++r) {
      std::copy(src + r * wp, src + r * wp + g.out[2], out + i * plane + (r0 + r) * g.out[2]);
    }
  }
}

}  // namespace

bool FastConvApplies(const ConvGeometry& g) {
  return g.groups == 1 || g.out_c / g.groups >= kTileRows;
}

void ConvForwardNchw(const ConvGeometry& g, const float* x, const float* w, const float* bias,
                     float* out) {
  const int64_t plane = g.OutPlane();
  const int64_t kdim = g.in_c / g.groups * g.KernelSize();
  const int64_t band = BandPixels(plane, g.n, PackedBandBytes(g.out_c / g.groups),
                                  kdim * int64_t{sizeof(float)}, kTileCols);
  const int64_t bands = CeilDiv(plane, band);
  ParallelFor(g.n * bands, 1, [&](int64_t t0, int64_t t1) {
    std::vector<float> packed;
    std::vector<int64_t> scratch;
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t p0 = (t % bands) * band;
      NchwBand(g, x, w, bias, out, t / bands, p0, std::min(plane, p0 + band), packed, scratch);
    }
  });
}

void ConvForwardNhwc(const ConvGeometry& g, const float* x, const float* w, const float* bias,
                     float* out) {
  const NhwcTile tl = ChooseNhwcTile(g);
  const std::vector<float> wp = PackWeightsByTap(g, w, tl);
  const std::vector<float> zeros(g.in_c / g.groups, 0.0f);
  const int64_t plane = g.OutPlane(), band = NhwcBandPixels(g, tl);
  const int64_t bands = CeilDiv(plane, band);
  ParallelFor(g.n * bands, 1, [&](int64_t t0, int64_t t1) {
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t b = t / bands, p0 = (t % bands) * band;
      NhwcBand(g, tl, {x + b * g.InPlane() * g.in_c, 0}, wp.data(), bias, {out, true}, b, p0,
               std::min(plane, p0 + band), zeros.data());
    }
  });
}

void ConvForwardNchwViaNhwc(const ConvGeometry& g, const float* x, const float* w,
                            const float* bias, float* out) {
  const NhwcTile tl = ChooseNhwcTile(g);
  const std::vector<float> wp = PackWeightsByTap(g, w, tl);
  const std::vector<float> zeros(g.in_c / g.groups, 0.0f);
  const int64_t plane = g.OutPlane(), band = NhwcBandPixels(g, tl);
  const int64_t bands = CeilDiv(plane, band);
  const int64_t row_len = g.in[2], in_plane = g.InPlane();
  ParallelFor(g.n * bands, 1, [&](int64_t t0, int64_t t1) {
    thread_local std::vector<float> rows;
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t b = t / bands, p0 = (t % bands) * band, p1 = std::min(plane, p0 + band);
      // The input rows this band reads, transposed to channels_last.
      const auto [lo, hi] = InputRows(g, p0, p1);
      const int64_t n = (hi - lo) * row_len;
      if (rows.size() < static_cast<size_t>(n * g.in_c + 1)) rows.resize(n * g.in_c + 1);
      const float* src = x + b * g.in_c * in_plane + lo * row_len;
      // In blocks of 16 positions, so the written block stays in L1.
      for (int64_t i0 = 0; i0 < n; i0 += 16) {
        const int64_t i1 = std::min(n, i0 + 16);
        for (int64_t c = 0; c < g.in_c; ++c) {
          const float* sc = src + c * in_plane;
          for (int64_t i = i0; i < i1; ++i) rows[i * g.in_c + c] = sc[i];
        }
      }
      NhwcBand(g, tl, {rows.data(), lo}, wp.data(), bias, {out, false}, b, p0, p1, zeros.data());
    }
  });
}

bool DirectConvApplies(const ConvGeometry& g) {
  // Row-wise tiles cover one output row, so narrow rows waste lanes: at
  // least 3/4 of them must be used (a 16-wide row ran 2x slower than
  // packing). Flat tiles (unit height stride) waste only the padding
  // columns: a 16-wide 3x3 uses 16 of 18 (20% faster than the
  // channels_last route for 32 channels).
  const bool lanes_used = 4 * g.out[2] >= 3 * CeilDiv(g.out[2], kTileCols) * kTileCols ||
                          (g.stride[1] == 1 && 4 * g.out[2] >= 3 * (g.in[2] + 2 * g.pad[2]));
  return g.in[0] == 1 && g.k[0] == 1 && g.stride[2] == 1 && g.in_c / g.groups >= 16 &&
         g.out_c / g.groups >= kTileRows && lanes_used;
}

void ConvForwardNchwDirect(const ConvGeometry& g, const float* x, const float* w, const float* bias,
                           float* out) {
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups, kk = g.KernelSize();
  const int64_t plane = g.OutPlane();
  // Weights as [oc][tap][c]: A rows, one segment per tap.
  std::vector<float> wt(g.out_c * kk * cg);
  for (int64_t oc = 0; oc < g.out_c; ++oc) {
    for (int64_t c = 0; c < cg; ++c) {
      for (int64_t s = 0; s < kk; ++s) wt[(oc * kk + s) * cg + c] = w[(oc * cg + c) * kk + s];
    }
  }
  // Bands of output rows whose zero-padded input rows fill ~256 KiB.
  const int64_t wp = g.in[2] + 2 * g.pad[2], ext = (g.k[1] - 1) * g.dil[1] + 1;
  const int64_t row_bytes = g.in_c * wp * int64_t{sizeof(float)} * g.stride[1];
  int64_t band = std::max<int64_t>(1, (int64_t{256} << 10) / std::max<int64_t>(1, row_bytes));
  band = std::min(band, CeilDiv(g.out[1], CeilDiv(2 * NumThreads(), std::max<int64_t>(g.n, 1))));
  const int64_t bands = CeilDiv(g.out[1], band);
  // Even bands (56 rows: 14 x 4, not 17 x 3 + 5), so no task is a short
  // one that pays a whole band's setup.
  band = CeilDiv(g.out[1], bands);
  // Flat tiles where they waste fewer lanes than row-wise ones (a 56-wide
  // row: 58 vs 64 per row; a 32-wide row: 34 vs 32).
  const bool flat = g.stride[1] == 1 && wp < CeilDiv(g.out[2], kTileCols) * kTileCols;
  ParallelFor(g.n * bands, 1, [&](int64_t t0, int64_t t1) {
    std::vector<float> buf, flat_out;
    std::vector<const float*> a(kk * kTileRows), bp(kk);
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t b = t / bands, r0 = (t % bands) * band;
      const int64_t r1 = std::min(g.out[1], r0 + band);
      // Input rows r0 * s - pad .. (r1 - 1) * s - pad + ext - 1, zero-padded
      // on every side, plus a wide tile's width of slack for the last strip.
      const int64_t rows = (r1 - 1 - r0) * g.stride[1] + ext, first = r0 * g.stride[1] - g.pad[1];
      buf.assign(g.in_c * rows * wp + simd::kWideTileCols, 0.0f);
      for (int64_t c = 0; c < g.in_c; ++c) {
        for (int64_t r = 0; r < rows; ++r) {
          const int64_t ih = first + r;
          if (ih < 0 || ih >= g.in[1]) continue;
          const float* src = x + ((b * g.in_c + c) * g.in[1] + ih) * g.in[2];
          std::copy(src, src + g.in[2], buf.data() + (c * rows + r) * wp + g.pad[2]);
        }
      }
      for (int64_t grp = 0; grp < g.groups; ++grp) {
        const float* bg = buf.data() + grp * cg * rows * wp;
        for (int64_t oc0 = 0; oc0 < ocg; oc0 += kTileRows) {
          const int64_t nrows = std::min(kTileRows, ocg - oc0);
          for (int64_t s = 0; s < kk; ++s) {
            for (int64_t i = 0; i < kTileRows; ++i) {
              a[s * kTileRows + i] =
                  wt.data() + ((grp * ocg + oc0 + std::min(i, nrows - 1)) * kk + s) * cg;
            }
          }
          ConvTileArgs tile;
          tile.segments = kk;
          tile.k = cg;
          tile.a = a.data();
          tile.b = bp.data();
          tile.b_stride = rows * wp;
          tile.row_stride = plane;
          tile.rows = nrows;
          tile.row_bias = bias != nullptr ? bias + grp * ocg + oc0 : nullptr;
          float* cg_out = out + (b * g.out_c + grp * ocg + oc0) * plane;
          if (flat) {
            DirectFlatBand(g, bg, wp, r1 - r0, r0, bp.data(), tile, cg_out, flat_out);
            continue;
          }
          for (int64_t oh = r0; oh < r1; ++oh) {
            for (int64_t ow0 = 0; ow0 < g.out[2]; ow0 += kTileCols) {
              for (int64_t kh = 0, s = 0; kh < g.k[1]; ++kh) {
                const float* brow = bg + ((oh - r0) * g.stride[1] + kh * g.dil[1]) * wp + ow0;
                for (int64_t kw = 0; kw < g.k[2]; ++kw, ++s) bp[s] = brow + kw * g.dil[2];
              }
              tile.c = out + (b * g.out_c + grp * ocg + oc0) * plane + oh * g.out[2] + ow0;
              tile.cols = std::min(kTileCols, g.out[2] - ow0);
              ConvTile(tile);
            }
          }
        }
      }
    }
  });
}

void ConvForwardNchwFast(const ConvGeometry& g, const float* x, const float* w, const float* bias,
                         float* out) {
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups;
  // Measured on the shapes: in place from padded rows where it
  // applies (ResNet's 16-channel 3x3 27% faster than packing), else the
  // channels_last route for wide groups, else packed strips.
  if (DirectConvApplies(g)) {
    ConvForwardNchwDirect(g, x, w, bias, out);
  } else if (cg >= 32 && ocg >= 32) {
    ConvForwardNchwViaNhwc(g, x, w, bias, out);
  } else {
    ConvForwardNchw(g, x, w, bias, out);
  }
}

}  // namespace tc::kernels
