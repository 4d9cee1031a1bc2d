// ATen's vectorised Box-Muller for float32 (normal_fill_16_AVX2, used by
// AVX2 and AVX512 builds): a block of 16 uniforms d[0..16) becomes 16
// normals, pair j taking u1 = 1 - d[j] for the radius and u2 = d[j + 8] for
// the angle, through the Cephes-derived float32 log and sincos of ATen's
// avx_mathfun.h with the FMA contractions its compiler makes (research/
// rng.md §1.6.1). Both functions here give the same bits: the Highway one
// (simd dispatch, hardware FMA) is the fast path, the scalar one (std::fmaf)
// the reference for targets without FMA and for tests.
#ifndef TC_KERNELS_SRC_RANDOM_NORMAL_BLOCK_H_
#define TC_KERNELS_SRC_RANDOM_NORMAL_BLOCK_H_

#include <cstdint>

namespace tc::kernels::random {

// Transforms `num_blocks` consecutive blocks of 16 floats in place.
void NormalBlocks16(float* d, int64_t num_blocks, float mean, float std);
void NormalBlocks16Scalar(float* d, int64_t num_blocks, float mean, float std);

}  // namespace tc::kernels::random

#endif  // TC_KERNELS_SRC_RANDOM_NORMAL_BLOCK_H_
