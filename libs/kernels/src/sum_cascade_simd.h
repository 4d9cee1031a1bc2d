// The two-dimensional step of ATen's CPU sum (SumKernel.cpp's cascade_sum)
// in Highway, so that tc's float sums round exactly as PyTorch's do: rows
// summed with 4 independent accumulators, each a 4-level cascade of chunks,
// in vectors of 32 bytes (8 float / 4 double lanes, ATen's AVX2 build) on
// every target. scripts/aten_sum_order.py models the same order in NumPy and
// checks it against torch; sum_cascade.cc walks the dims around this step.
#ifndef TC_KERNELS_SRC_SUM_CASCADE_SIMD_H_
#define TC_KERNELS_SRC_SUM_CASCADE_SIMD_H_

#include <cstdint>

namespace tc::kernels::simd {

enum class SumType : int { kF32, kF64, kF16, kBF16 };

// One call of cascade_sum's 2-D loop: `in` is size0 x size1 elements with
// byte strides in_strides; the out element of (i, j) is at
// i * out_strides[0] + j * out_strides[1] (bytes; 0 along reduced dims) and
// receives += its sum. `parallel`: the call may use the thread pool (it
// never changes the order of the additions).
struct Sum2DArgs {
  char* out;
  const char* in;
  int64_t in_strides[2];
  int64_t out_strides[2];
  int64_t size0;
  int64_t size1;
  bool parallel;
};

void CascadeSum2D(SumType type, const Sum2DArgs& args);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_SUM_CASCADE_SIMD_H_
