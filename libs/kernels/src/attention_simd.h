// The max / exp / sum pass of attention's online softmax over a block of
// float32 score rows, in one Highway call (dynamic dispatch).
#ifndef TC_KERNELS_SRC_ATTENTION_SIMD_H_
#define TC_KERNELS_SRC_ATTENTION_SIMD_H_

#include <cstdint>

namespace tc::kernels::simd {

// The online-softmax pass over a block of float32 scores: for each of
// `rows` rows of `sc` (row stride `ld`, `cols` columns), the row's first
// v = clamp(first_visible + r, 0, cols) keys take part (causal masking;
// first_visible >= cols: all). max_out[r] = max(max_in[r], their max) (a
// NaN score gives NaN, whose max with max_in is max_in, as std::max
// orders them); when that is -inf the row becomes 0 and sum_out[r] = 0,
// else the row becomes exp(score - max_out[r]) on its visible keys, 0
// past them, and sum_out[r] their sum. Unlike ExpShifted (softmax's pass,
// which must match ATen's bits and so sends tails and tiny results to
// libm), tails run as masked vectors and results below float's normal
// range (score - max < -87) are 0: next to the row maximum's exp(0) = 1
// they are below a float ulp of the sum. Reads up to 64 floats past the
// last row's end (the caller pads).
void OnlineSoftmaxRows(float* sc, int64_t ld, int64_t rows, int64_t cols, int64_t first_visible,
                       const float* max_in, float* max_out, float* sum_out);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_ATTENTION_SIMD_H_
