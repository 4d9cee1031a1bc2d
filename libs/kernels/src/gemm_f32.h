// The per-target parts of our float32 GEMM (tc/kernels/sgemm.h), in
// src/gemm_f32_simd.cc, used by its driver src/gemm_f32.cc.
#ifndef TC_KERNELS_SRC_GEMM_F32_H_
#define TC_KERNELS_SRC_GEMM_F32_H_

#include <cstdint>

#include "tc/kernels/sgemm.h"

namespace tc::kernels::gemm_detail {

struct Blocking {
  int64_t nr = 0;  // columns per packed B panel (a multiple of the vector width)
  int64_t kc = 0;  // the most k steps in one slab
};

// The length of the next slab of k when `left` steps remain.
int64_t SlabLength(int64_t left);
// The packed B panel width for an n-column product.
int64_t PanelWidth(int64_t n);
// Packs panels [p0, p1) of B (k x n) into `out` (panel p at p * k * nr,
// row-major k x nr, zero past column n).
void PackB(const GemmMat& b, int64_t k, int64_t n, int64_t nr, int64_t p0, int64_t p1, float* out);
// C rows [r0, r1) x panels [p0, p1) of the product with packed B;
// `a_buf` holds at least MaxStripFloats(kc) floats.
void ComputeBlock(const SgemmArgs& g, const float* packed_b, const Blocking& blk, int64_t r0,
                  int64_t r1, int64_t p0, int64_t p1, float* a_buf);
int64_t MaxStripFloats(int64_t kc);

}  // namespace tc::kernels::gemm_detail

#endif  // TC_KERNELS_SRC_GEMM_F32_H_
