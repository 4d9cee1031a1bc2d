// layer_norm's backward over contiguous rows of float32 / float64 (Highway
// dynamic dispatch): the row statistics recomputed exactly as the fused
// forward computes them (formulas/norm_rows-inl.h), then per row
//   dx = rstd * ((g - mean(g)) - x_hat * mean(g * x_hat)),  g = dy * weight,
// and the per-column sums of dy * x_hat and dy that weight's and bias's
// gradients are. One pass reads each row twice while it is in cache, where
// the op's decomposition makes about fifteen whole-tensor passes.
#ifndef TC_KERNELS_SRC_LAYER_NORM_BACKWARD_SIMD_H_
#define TC_KERNELS_SRC_LAYER_NORM_BACKWARD_SIMD_H_

#include <cstdint>

namespace tc::kernels::simd {

// Rows [0, rows) of n > 0 elements: x and dy the rows, weight n elements or
// null; dx (rows x n, or null: not wanted); dw_acc and db_acc (n elements
// each, or null) get the rows' dy * x_hat and dy added, in row order.
void LayerNormBackwardRows(const float* x, const float* dy, const float* weight, float eps,
                           float* dx, float* dw_acc, float* db_acc, int64_t rows, int64_t n);
void LayerNormBackwardRows(const double* x, const double* dy, const double* weight, double eps,
                           double* dx, double* dw_acc, double* db_acc, int64_t rows, int64_t n);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_LAYER_NORM_BACKWARD_SIMD_H_
