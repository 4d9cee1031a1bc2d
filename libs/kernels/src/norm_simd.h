// Fused row kernels (Highway dynamic dispatch) for softmax, log_softmax,
// layer_norm and rms_norm over contiguous rows of float32 or float64: each
// row is read while it sits in cache (statistics first, then the output),
// instead of the five to eight whole-tensor passes their decompositions
// make. norms.cc splits the rows over the thread pool. Also the per-channel
// loops of batch_norm (norms_batch.cc), contiguous and channels-last, and
// group_norm's rows (norms_group.cc).
#ifndef TC_KERNELS_SRC_NORM_SIMD_H_
#define TC_KERNELS_SRC_NORM_SIMD_H_

#include <cstdint>

namespace tc::kernels::simd {

// The row kernels' `stream`: out is written with streaming stores
// (formulas/stream_store-inl.h; for outputs too large to stay in cache,
// tc/kernels/stream_stores.h decides) and fenced (hwy::FlushStream) before
// the call returns, so the thread pool's join publishes it; the values are
// the same as without.

// out = softmax(in) (or log_softmax with `log`) over each of `rows` rows of
// n > 0 elements. As ATen's vectorized kernel: the row max, exp(x - max) and
// its sum, then a multiply by 1 / sum (log: (x - max) - log(sum)).
void SoftmaxRows(const float* in, float* out, int64_t rows, int64_t n, bool log,
                 bool stream = false);
void SoftmaxRows(const double* in, double* out, int64_t rows, int64_t n, bool log,
                 bool stream = false);

// out[i] = exp(in[i] - mx) over n elements (in == out allowed), returning
// their sum: softmax's middle pass, for attention's online softmax.
double ExpShifted(const float* in, float mx, float* out, int64_t n);
double ExpShifted(const double* in, double mx, double* out, int64_t n);

// out = (x - mean) * rstd [* weight] [+ bias] per row of n > 0 elements,
// rstd = 1 / sqrt(var + eps) with the biased variance; weight and bias (n
// elements) may be null.
void LayerNormRows(const float* in, const float* weight, const float* bias, float eps, float* out,
                   int64_t rows, int64_t n, bool stream = false);
void LayerNormRows(const double* in, const double* weight, const double* bias, double eps,
                   double* out, int64_t rows, int64_t n, bool stream = false);

// out = x * rsqrt(mean(x^2) + eps) [* weight] per row of n > 0 elements.
void RmsNormRows(const float* in, const float* weight, float eps, float* out, int64_t rows,
                 int64_t n, bool stream = false);
void RmsNormRows(const double* in, const double* weight, double eps, double* out, int64_t rows,
                 int64_t n, bool stream = false);

// Per-channel pieces of batch_norm: the sum of n values, the sum of their
// squared deviations from `mean` (both accumulated as RowSum does: float
// vectors per block, blocks in double), and out = fma(in, alpha, beta) (one
// rounding, as compiled batch_norm: codegen-cpu's lower_batch_norm.cc).
double SumSq(const float* in, int64_t n, float mean);
double SumSq(const double* in, int64_t n, double mean);
void ScaleShift(const float* in, float alpha, float beta, float* out, int64_t n);
void ScaleShift(const double* in, double alpha, double beta, double* out, int64_t n);

// group_norm over rows first_row .. first_row + rows - 1 of a contiguous
// [N, C, *] input seen as N * groups rows of `channels` (C / groups)
// channels of `plane` elements (in and out point at row first_row):
// formulas::GroupNormRow per row, with the row's group's slice of gamma /
// beta (C elements each, or null).
void GroupNormRows(const float* in, const float* gamma, const float* beta, float eps, float* out,
                   int64_t first_row, int64_t rows, int64_t groups, int64_t channels, int64_t plane,
                   bool stream = false);
void GroupNormRows(const double* in, const double* gamma, const double* beta, double eps,
                   double* out, int64_t first_row, int64_t rows, int64_t groups, int64_t channels,
                   int64_t plane, bool stream = false);

// --- batch_norm over channels-last inputs (norms_batch.cc): `rows` rows of
// `channels` contiguous values (N*H*W rows of C for NHWC). ---

// acc[c] += the sum over the rows of in[r * channels + c], or of its squared
// deviation (in - mean[c])^2 when `mean` is not null, added in T in row
// order.
void ChannelSums(const float* in, int64_t rows, int64_t channels, const float* mean, float* acc);
void ChannelSums(const double* in, int64_t rows, int64_t channels, const double* mean, double* acc);

// out[r * channels + c] = fma(in[r * channels + c], alpha[c], beta[c]) (the
// contiguous kernel's ScaleShift, per channel).
void ScaleShiftChannels(const float* in, const float* alpha, const float* beta, float* out,
                        int64_t rows, int64_t channels);
void ScaleShiftChannels(const double* in, const double* alpha, const double* beta, double* out,
                        int64_t rows, int64_t channels);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_NORM_SIMD_H_
