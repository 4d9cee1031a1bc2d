// The float32 register-tile kernel of the fast convolutions (Highway
// dynamic dispatch): an 8 x 32 block of C = A * B summed over segments,
// where each of A's 8 rows is read through its own pointer (weight rows,
// or the input pixels of a channels_last patch, so no im2col copy is
// needed for them) and B comes packed 32 floats per k. conv_fast.cc drives
// it over bands of output pixels.
#ifndef TC_KERNELS_SRC_CONV_TILE_H_
#define TC_KERNELS_SRC_CONV_TILE_H_

#include <cstdint>
#include <vector>

#include "src/conv_geometry.h"

namespace tc::kernels::simd {

inline constexpr int64_t kTileRows = 8;
inline constexpr int64_t kTileCols = 32;
// The narrow tile, for 16 or fewer output channels per group on the
// channels_last path (a 32-wide tile would compute half zeros).
inline constexpr int64_t kNarrowTileRows = 16;
inline constexpr int64_t kNarrowTileCols = 16;

struct ConvTileArgs {
  bool narrow = false;   // kNarrowTile* instead of kTile* below
  int64_t segments = 1;  // terms of the sum
  int64_t k = 0;         // k per segment
  // a[s * (tile rows) + r]: row r of segment s, k floats (every pointer
  // valid, also for rows past `rows`).
  const float* const* a = nullptr;
  // b[s]: segment s's B, k rows of kTileCols floats (narrow: kNarrowTileCols)
  // b_stride floats apart (0: packed, one row after the other).
  const float* const* b = nullptr;
  int64_t b_stride = 0;
  // C(r, j) at c[r * row_stride + j * col_stride], for r < rows, j < cols.
  float* c = nullptr;
  int64_t row_stride = 0, col_stride = 1;
  int64_t rows = kTileRows, cols = kTileCols;  // at most the tile's
  // Added once the sum is done: row_bias[r] and/or col_bias[j] (may be null).
  const float* row_bias = nullptr;
  const float* col_bias = nullptr;
};

// C = sum over s, k of a[s][r][k] * b[s][k][j] (+ biases), each element
// summed in (s, k) order with fused multiply-adds.
void ConvTile(const ConvTileArgs& t);

// im2col of one strip: output pixels [q0, q0 + width) (flat over the output
// plane, width <= kTileCols) of one group's `cg` input planes xg (NC[D]HW)
// into dst[k * kTileCols + lane], k over (c, kd, kh, kw); lanes past width
// and taps in the padding are zeros. `scratch` holds its per-tap tables
// (reused across calls; no thread_local lookups per strip).
void PackStrip(const ConvGeometry& g, const float* xg, int64_t cg, int64_t q0, int64_t width,
               float* dst, std::vector<int64_t>* scratch);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_CONV_TILE_H_
