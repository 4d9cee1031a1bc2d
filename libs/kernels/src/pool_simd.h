// Highway (dynamic dispatch) inner loops of the float32/float64 pooling
// kernels: channels-last windows vectorized over the contiguous channels,
// and contiguous (NCHW) output rows vectorized over output columns. Each
// lane visits its window in row-major order with the scalar kernels'
// update rule (a NaN wins, the first max keeps its index; sums start at 0
// and add in window order), so the results equal pool.cc's scalar loops
// and ATen's kernels bit for bit.
#ifndef TC_KERNELS_SRC_POOL_SIMD_H_
#define TC_KERNELS_SRC_POOL_SIMD_H_

#include <cstdint>

namespace tc::kernels::simd {

// A channels-last window: `taps` input pixels of n channels each, at
// base + offsets[t], with flat in-plane indices index[t] (h * W + w).
template <typename T>
struct NhwcWindow {
  const T* base;
  const int64_t* offsets;
  const int64_t* index;
  int64_t taps;
};

// out[c] = the max over the window's taps of channel c (NaN wins), at[c]
// its index; an all -inf window keeps `first_index`.
void MaxNhwc(const NhwcWindow<float>& w, int64_t first_index, float* out, int64_t* at, int64_t n);
void MaxNhwc(const NhwcWindow<double>& w, int64_t first_index, double* out, int64_t* at, int64_t n);

// out[c] = (0 + the window's taps of channel c in order) / div for the
// channels c < split, and / tail_div1 / tail_div2 for the others
// (adaptive_avg_pool2d's channels-last kernel divides its vector lanes by
// kh * kw and its scalar tail by kh, then kw).
template <typename T>
struct AvgDivisors {
  T div, tail_div1, tail_div2;
  int64_t split;
};
void AvgNhwc(const NhwcWindow<float>& w, const AvgDivisors<float>& d, float* out, int64_t n);
void AvgNhwc(const NhwcWindow<double>& w, const AvgDivisors<double>& d, double* out, int64_t n);

// One contiguous output row of a 2-d pool over a plane of `width` columns:
// output column o (0 <= o < count) covers rows rows[0..nrows) and columns
// col0 + o * stride + j * dilation for j < kw, all inside the plane.
template <typename T>
struct RowWindows {
  const T* plane;
  int64_t width;
  const int64_t* rows;
  int64_t nrows;
  int64_t kw, stride, dilation, col0, count;
};

// out[o] = the window max (NaN wins), at[o] its flat index in the plane.
void MaxRow(const RowWindows<float>& r, float* out, int64_t* at);
void MaxRow(const RowWindows<double>& r, double* out, int64_t* at);
// out[o] = 0 + (0 + the window's values in row-major order) / div.
void AvgRow(const RowWindows<float>& r, float div, float* out);
void AvgRow(const RowWindows<double>& r, double div, double* out);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_POOL_SIMD_H_
