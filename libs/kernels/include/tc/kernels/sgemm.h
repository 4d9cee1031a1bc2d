// Our own float32 GEMM (src/gemm_f32*.cc): C = alpha * A B + beta * C, GotoBLAS/BLIS style.
// B is packed once per call into panels of NR columns (both pool threads
// share it); A is read in place when its rows are contiguous (else packed
// into strips of MR rows); a register-blocked Highway micro-kernel keeps an
// MR x NR tile of C in vector registers (12 x 32 floats with AVX-512) over a
// slab of KC steps of k. Each C element is one sequential chain of FMAs over
// k within a slab (k ascending, as OpenBLAS's kernels sum), the slab sums
// added onto C in k order.
#ifndef TC_KERNELS_SGEMM_H_
#define TC_KERNELS_SGEMM_H_

#include <cstdint>
#include <functional>

namespace tc::kernels {

// A matrix operand: element (i, j) at data[i * rs + j * cs] (any strides,
// negative and zero included).
struct GemmMat {
  const float* data = nullptr;
  int64_t rs = 0, cs = 0;
};

struct SgemmArgs {
  int64_t m = 0, n = 0, k = 0;  // C is m x n, A m x k, B k x n
  float alpha = 1.0f;
  GemmMat a, b;
  // beta == 0 never reads C (NaN or garbage there is overwritten), as BLAS.
  float beta = 0.0f;
  float* c = nullptr;  // element (i, j) at c[i * ldc + j]
  int64_t ldc = 0;
  // When set (n floats), C = alpha * A B + bias, bias broadcast over rows,
  // and C is never read (beta is ignored): a linear's bias rounds with
  // the product as if C held it and beta were 1, without a pass writing it.
  const float* bias = nullptr;
};

// Called once per finished block of C rows [begin, end) (concurrently from
// pool threads for disjoint blocks); every row of C is covered once. Blocks
// start at multiples of `align_rows` (gemm_panels.h's hook).
struct SgemmRowsDone {
  std::function<void(int64_t begin, int64_t end)> fn;
  int64_t align_rows = 1;
};

// Runs the product on the kernels pool (inline when small or when already
// inside a parallel region). `done` may be null.
void Sgemm(const SgemmArgs& g, const SgemmRowsDone* done = nullptr);

// Whether Sgemm beats OpenBLAS's sgemm (as the kernels call it: one thread
// per row panel) for this shape, measured by benches/kernels/gemm_bench.cc.
bool SgemmPreferred(int64_t m, int64_t n, int64_t k);

}  // namespace tc::kernels

#endif  // TC_KERNELS_SGEMM_H_
