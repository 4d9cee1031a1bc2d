// Float32 forward convolutions on the register tile of conv_tile.h, for
// contiguous (NC[D]HW) and channels_last (N[D]HWC) tensors. conv.cc picks
// them for float32 (and 16-bit floats, computed in float32) when the
// groups are wide enough to fill a tile; the other cases keep its generic
// im2col + BLAS kernels.
#ifndef TC_KERNELS_SRC_CONV_FAST_H_
#define TC_KERNELS_SRC_CONV_FAST_H_

#include "src/conv_geometry.h"

namespace tc::kernels {

// Whether the fast paths suit `g` (a forward convolution): every group has
// at least a tile's rows of output channels, or there is one group.
bool FastConvApplies(const ConvGeometry& g);

// x [n, in_c, in...] and out [n, out_c, out...] contiguous; w contiguous
// [out_c, in_c / groups, k...]; bias [out_c] or null. Bands of output
// pixels are packed im2col-style 32 pixels per strip (in cache), then each
// strip meets 8 weight rows at a time.
void ConvForwardNchw(const ConvGeometry& g, const float* x, const float* w, const float* bias,
                     float* out);

// x and out channels_last (dense [n, spatial..., channels]); w contiguous
// [out_c, in_c / groups, k...]; bias [out_c] or null. Implicit GEMM: the
// tile reads each output pixel's patch straight from the input (a run of
// in_c / groups floats per kernel tap), the weights packed once per call.
void ConvForwardNhwc(const ConvGeometry& g, const float* x, const float* w, const float* bias,
                     float* out);

// As ConvForwardNchw (contiguous x and out), computed as ConvForwardNhwc:
// each band's input rows are transposed to channels_last in cache and the
// output tiles are stored transposed. Faster than the packed path when the
// groups have many input channels (no 9-fold im2col copy).
void ConvForwardNchwViaNhwc(const ConvGeometry& g, const float* x, const float* w,
                            const float* bias, float* out);

// Whether ConvForwardNchwDirect suits `g`: 1-d or 2-d, unit stride along
// the width, at least 16 input and 8 output channels per group, output rows
// that fill 3/4 of their 32-pixel tiles, or (unit height stride, tiles
// running across row ends) 3/4 of their zero-padded input rows.
bool DirectConvApplies(const ConvGeometry& g);

// As ConvForwardNchw, without im2col: each band's input rows are copied
// once into a zero-padded buffer, and B of the tile is read from it in
// place (32 output pixels of a row are 32 consecutive padded inputs per
// kernel tap and channel).
void ConvForwardNchwDirect(const ConvGeometry& g, const float* x, const float* w, const float* bias,
                           float* out);

// The fastest of the NCHW paths above for `g` (FastConvApplies must hold):
// in place from padded rows where DirectConvApplies, else the
// channels_last route for wide groups, else packed strips.
void ConvForwardNchwFast(const ConvGeometry& g, const float* x, const float* w, const float* bias,
                         float* out);

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_CONV_FAST_H_
