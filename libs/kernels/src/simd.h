// Vectorized contiguous fast paths (Highway dynamic dispatch) for float32
// and float64: binary arithmetic, unary math, sum and max/min reductions.
// Everything else goes through the generic strided loops.
#ifndef TC_KERNELS_SRC_SIMD_H_
#define TC_KERNELS_SRC_SIMD_H_

#include <cstdint>

namespace tc::kernels::simd {

enum class BinaryOp : int { kAdd, kSub, kMul, kDiv, kMaximum, kMinimum };
enum class UnaryOp : int {
  kExp,
  kLog,
  kExpm1,
  kTanh,
  kSigmoid,
  kSilu,
  kSqrt,
  kRsqrt,
  kNeg,
  kAbs,
  kRelu
};

// out[i] = a[i] op (alpha * b[i]); alpha only applies to add and sub.
void Binary(BinaryOp op, const float* a, const float* b, float alpha, float* out, int64_t n);
void Binary(BinaryOp op, const double* a, const double* b, double alpha, double* out, int64_t n);
// out[i] = a[i] op b.
void BinaryScalar(BinaryOp op, const float* a, float b, float* out, int64_t n);
void BinaryScalar(BinaryOp op, const double* a, double b, double* out, int64_t n);
// Whether Unary() implements `op`.
bool HasUnary(UnaryOp op);
void Unary(UnaryOp op, const float* in, float* out, int64_t n);
void Unary(UnaryOp op, const double* in, double* out, int64_t n);
// The same over strided elements (strides in elements): every element
// gets the vector formula, so a strided op computes what a contiguous one
// does.
void UnaryStrided(UnaryOp op, const float* in, int64_t in_stride, float* out, int64_t out_stride,
                  int64_t n);
void UnaryStrided(UnaryOp op, const double* in, int64_t in_stride, double* out, int64_t out_stride,
                  int64_t n);
// Accurate sums (blocked, with double accumulation across blocks).
double Sum(const float* in, int64_t n);
double Sum(const double* in, int64_t n);
// Max (is_max) or min of n > 0 values; NaN if any is NaN.
float MaxMin(const float* in, int64_t n, bool is_max);
double MaxMin(const double* in, int64_t n, bool is_max);

}  // namespace tc::kernels::simd

#endif  // TC_KERNELS_SRC_SIMD_H_
