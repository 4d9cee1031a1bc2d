// The exp pass of attention's online softmax over float32 score rows,
// vectorized to the last element (Highway dynamic dispatch).
#ifndef TC_KERNELS_SRC_ATTENTION_SIMD_H_
#define TC_KERNELS_SRC_ATTENTION_SIMD_H_

#include <cstdint>

namespace tc::kernels::simd {

// out[i] = exp(in[i] - mx) for n elements (in == out allowed), returning
// their sum. Unlike ExpShifted (softmax's pass, which must match ATen's bits
// and so sends tails and tiny results to libm), the tail runs as a padded
// vector and results below float's normal range (in[i] - mx < -87, masked
// -inf keys included) are 0: next to the row maximum's exp(0) = 1 they
// are below a float ulp of the sum.
double ExpShiftedFlush(const float* in, float mx, float* out, int64_t n);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_ATTENTION_SIMD_H_
