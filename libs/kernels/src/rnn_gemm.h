// The GEMM the recurrent kernels (rnn.cc, rnn_backward.cc) run on: OpenBLAS
// split over the kernels pool by column panels of the result.
#ifndef TC_KERNELS_SRC_RNN_GEMM_H_
#define TC_KERNELS_SRC_RNN_GEMM_H_

#include <cblas.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "tc/kernels/thread_pool.h"

namespace tc::kernels::rnn_gemm {

// c[m, n] = beta * c + a @ b, a [m, k] or (ta) its [k, m] transpose, b
// [k, n] or (tb) its [n, k] transpose; split over the pool by column
// panels of c when large.
template <typename T>
inline void Gemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda,
                 const T* b, int64_t ldb, T beta, T* c, int64_t ldc) {
  if (m == 0 || n == 0) return;
  const int64_t threads = NumThreads();
  const int64_t grain = m * n * k < (int64_t{1} << 18) || InParallelRegion()
                            ? n
                            : std::max<int64_t>(16, (n + threads - 1) / threads);
  ParallelFor(n, grain, [&](int64_t j0, int64_t j1) {
    const T* bj = tb ? b + j0 * ldb : b + j0;
    const auto oa = ta ? CblasTrans : CblasNoTrans, ob = tb ? CblasTrans : CblasNoTrans;
    if constexpr (std::is_same_v<T, float>) {
      cblas_sgemm(CblasRowMajor, oa, ob, static_cast<int>(m), static_cast<int>(j1 - j0),
                  static_cast<int>(k), 1.0f, a, static_cast<int>(lda), bj, static_cast<int>(ldb),
                  beta, c + j0, static_cast<int>(ldc));
    } else {
      cblas_dgemm(CblasRowMajor, oa, ob, static_cast<int>(m), static_cast<int>(j1 - j0),
                  static_cast<int>(k), 1.0, a, static_cast<int>(lda), bj, static_cast<int>(ldb),
                  beta, c + j0, static_cast<int>(ldc));
    }
  });
}

}  // namespace tc::kernels::rnn_gemm

#endif  // TC_KERNELS_SRC_RNN_GEMM_H_
