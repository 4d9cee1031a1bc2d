// The per-target parts of our float32 GEMM (gemm_f32.h): packing B into
// panels, packing A strips, and the register-blocked micro-kernel. This file
// is re-included once per target by foreach_target.h.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "src/gemm_f32_simd.cc"  // relative to the library root
#include <algorithm>

// clang-format off
#include <hwy/foreach_target.h>  // must precede highway.h
#include <hwy/highway.h>
#include <hwy/cache_control.h>
// clang-format on

#include "src/gemm_f32.h"

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::gemm_detail {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D = hn::ScalableTag<float>;
using V = hn::Vec<D>;
constexpr int64_t kLanes = static_cast<int64_t>(hn::MaxLanes(D()));
// Rows per strip: a 12 x 2-vector tile is 24 of AVX-512's 32 registers,
// leaving room for the two B vectors and a broadcast; with 16 registers
// (AVX2) half of it.
constexpr int kMr = HWY_MAX_BYTES >= 64 ? 12 : 6;

// The tile C[0:rows, 0:cols] of one strip (R rows of A) times one packed B
// panel (NV vectors wide) over kc steps of k. A is read in place (row r at
// a_rows[r], unit stride in k; rows past `rows` repeat a real row, their
// results are dropped) or packed (step p at a_rows[0] + p * R). Each C
// element is one FMA chain over k; `first` (the slab at k = 0) applies
// beta, later slabs add onto C.
template <int R, int NV, bool kPacked>
HWY_INLINE void Tile(const float* const* a_rows, const float* HWY_RESTRICT b, int64_t kc,
                     float* HWY_RESTRICT c, int64_t ldc, int64_t rows, int64_t cols, float alpha,
                     float beta, const float* bias, bool first) {
  const D d;
  constexpr int64_t kNr = NV * kLanes;
  V acc[R][NV];
  const float* a[R];
#pragma GCC unroll 16
  for (int r = 0; r < R; ++r) a[r] = a_rows[kPacked ? 0 : r];
#pragma GCC unroll 16
  for (int r = 0; r < R; ++r) {
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) acc[r][v] = hn::Zero(d);
  }
  for (int64_t p = 0; p < kc; ++p) {
    // B streams from L2: ask for it a few steps ahead.
    hwy::Prefetch(b + (p + 8) * kNr);
    if constexpr (NV > 1) hwy::Prefetch(b + (p + 8) * kNr + kLanes);
    V bv[NV];
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) bv[v] = hn::Load(d, b + p * kNr + v * kLanes);
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r) {
      const V av = hn::Set(d, kPacked ? a[0][p * R + r] : a[r][p]);
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[r][v] = hn::MulAdd(av, bv[v], acc[r][v]);
    }
  }
  const V va = hn::Set(d, alpha), vb = hn::Set(d, beta);
  // alpha * acc + (first ? beta * C or the bias : C); beta == 0 never
  // reads C.
  auto combine = [&](V x, const float* from, const float* bias_from) HWY_ATTR {
    if (first && bias_from != nullptr) return hn::MulAdd(va, x, hn::LoadU(d, bias_from));
    if (first && beta == 0.0f) return hn::Mul(va, x);
    const V prior = hn::LoadU(d, from);
    return hn::MulAdd(va, x, first ? hn::Mul(vb, prior) : prior);
  };
#pragma GCC unroll 16
  for (int r = 0; r < R; ++r) {
    if (r >= rows) break;
    float* cr = c + r * ldc;
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) {
      const int64_t left = cols - v * kLanes;
      if (left <= 0) break;
      const float* bias_v = bias != nullptr ? bias + v * kLanes : nullptr;
      if (left >= kLanes) {
        hn::StoreU(combine(acc[r][v], cr + v * kLanes, bias_v), d, cr + v * kLanes);
      } else {
        // The last columns go through buffers: no access past C's row or
        // the bias.
        HWY_ALIGN float buf[kLanes] = {};
        HWY_ALIGN float bias_buf[kLanes] = {};
        std::copy(cr + v * kLanes, cr + v * kLanes + left, buf);
        if (bias_v != nullptr) std::copy(bias_v, bias_v + left, bias_buf);
        hn::Store(combine(acc[r][v], buf, bias_v != nullptr ? bias_buf : nullptr), d, buf);
        std::copy(buf, buf + left, cr + v * kLanes);
      }
    }
  }
}

// Strip widths for a last, partial strip: the smallest of kMr/3, 2kMr/3,
// kMr rows that holds `rows`.
int StripRows(int64_t rows) {
  for (int r : {kMr / 3, 2 * kMr / 3}) {
    if (rows <= r) return r;
  }
  return kMr;
}

// Packs rows [i, i + rows) x k [k0, k0 + kc) of A as out[p * R + r], zero
// past `rows`.
void PackStrip(const GemmMat& a, int64_t i, int64_t rows, int64_t k0, int64_t kc, int R,
               float* out) {
  if (a.rs == 1) {
    // A transposed (a weight gradient's x^T): its columns are contiguous, so
    // walk k outside and rows inside, reading and writing in order.
    for (int64_t p = 0; p < kc; ++p) {
      const float* src = a.data + i + (k0 + p) * a.cs;
      float* dst = out + p * R;
      for (int64_t r = 0; r < rows; ++r) dst[r] = src[r];
      for (int64_t r = rows; r < R; ++r) dst[r] = 0.0f;
    }
    return;
  }
  for (int64_t r = 0; r < R; ++r) {
    if (r >= rows) {
      for (int64_t p = 0; p < kc; ++p) out[p * R + r] = 0.0f;
      continue;
    }
    const float* src = a.data + (i + r) * a.rs + k0 * a.cs;
    for (int64_t p = 0; p < kc; ++p) out[p * R + r] = src[p * a.cs];
  }
}

int64_t PanelWidthT(int64_t n) { return n <= kLanes ? kLanes : 2 * kLanes; }

#if HWY_TARGET <= HWY_AVX3
// Transposes a 16 x 16 tile in registers: stage b swaps bit b of the row
// and column indices (rows r and r | 2^b trade halves through one
// two-source permute each), so after the 4 stages (r, c) holds (c, r).
HWY_INLINE void Transpose16(__m512 (&t)[16]) {
#pragma GCC unroll 4
  for (int b = 0; b < 4; ++b) {
    const int bit = 1 << b;
    alignas(64) int32_t lo[16], hi[16];
    for (int c = 0; c < 16; ++c) {
      const int from_second = (c & bit) != 0 ? 16 : 0;
      lo[c] = (c & ~bit) | from_second;
      hi[c] = (c | bit) | from_second;
    }
    const __m512i vlo = _mm512_load_si512(lo), vhi = _mm512_load_si512(hi);
#pragma GCC unroll 16
    for (int r = 0; r < 16; ++r) {
      if ((r & bit) != 0) continue;
      const __m512 x = t[r], y = t[r | bit];
      t[r] = _mm512_permutex2var_ps(x, vlo, y);
      t[r | bit] = _mm512_permutex2var_ps(x, vhi, y);
    }
  }
}

// Panel columns contiguous along k (a linear's weight, B = W^T): 16 k
// steps of 16 columns are loaded as 16 vectors and transposed in registers
// (four times the rate of element copies).
void PackPanelKContiguous(const GemmMat& b, int64_t k, int64_t j0, int64_t cols, int64_t nr,
                          float* o) {
  for (int64_t k0 = 0; k0 < k; k0 += 16) {
    const int64_t kn = std::min<int64_t>(16, k - k0);
    const __mmask16 mask = static_cast<__mmask16>((1u << kn) - 1);
    for (int64_t v = 0; v < nr; v += 16) {
      __m512 t[16];
#pragma GCC unroll 16
      for (int c = 0; c < 16; ++c) {
        t[c] = v + c < cols ? _mm512_maskz_loadu_ps(mask, b.data + (j0 + v + c) * b.cs + k0)
                            : _mm512_setzero_ps();
      }
      Transpose16(t);
      for (int64_t kk = 0; kk < kn; ++kk) _mm512_store_ps(o + (k0 + kk) * nr + v, t[kk]);
    }
  }
}
#endif  // HWY_TARGET <= HWY_AVX3

void PackBT(const GemmMat& b, int64_t k, int64_t n, int64_t nr, int64_t p0, int64_t p1,
            float* out) {
  for (int64_t p = p0; p < p1; ++p) {
    const int64_t j0 = p * nr, cols = std::min(nr, n - j0);
    float* o = out + p * k * nr;
#if HWY_TARGET <= HWY_AVX3
    if (b.rs == 1 && nr % 16 == 0) {
      PackPanelKContiguous(b, k, j0, cols, nr, o);
      continue;
    }
#endif
    if (cols < nr) std::fill(o, o + k * nr, 0.0f);
    if (b.cs == 1) {
      for (int64_t kk = 0; kk < k; ++kk) {
        const float* src = b.data + kk * b.rs + j0;
        std::copy(src, src + cols, o + kk * nr);
      }
      continue;
    }
    // Columns strided: blocks of 64 k steps keep the written rows of the
    // panel in L1 while each column is read along its own run.
    constexpr int64_t kBlock = 64;
    for (int64_t k0 = 0; k0 < k; k0 += kBlock) {
      const int64_t k1 = std::min(k, k0 + kBlock);
      for (int64_t cc = 0; cc < cols; ++cc) {
        const float* src = b.data + (j0 + cc) * b.cs;
        for (int64_t kk = k0; kk < k1; ++kk) o[kk * nr + cc] = src[kk * b.rs];
      }
    }
  }
}

template <int NV>
void Compute(const SgemmArgs& g, const float* packed_b, int64_t r0, int64_t r1, int64_t p0,
             int64_t p1, float* a_buf) {
  constexpr int64_t kNr = NV * kLanes;
  for (int64_t k0 = 0, kc = 0; k0 < g.k; k0 += kc) {
    kc = SlabLength(g.k - k0);
    const bool first = k0 == 0;
    for (int64_t i = r0; i < r1; i += kMr) {
      const int64_t rows = std::min<int64_t>(kMr, r1 - i);
      const bool direct = g.a.cs == 1;
      const int strip = StripRows(rows);
      const float* a_rows[kMr];
      for (int64_t r = 0; r < kMr; ++r) {
        a_rows[r] = direct ? g.a.data + (i + std::min(r, rows - 1)) * g.a.rs + k0 : a_buf;
      }
      if (!direct) PackStrip(g.a, i, rows, k0, kc, strip, a_buf);
      for (int64_t p = p0; p < p1; ++p) {
        const float* b = packed_b + p * g.k * kNr + k0 * kNr;
        float* c = g.c + i * g.ldc + p * kNr;
        const int64_t cols = std::min(kNr, g.n - p * kNr);
        const float* bias = g.bias != nullptr ? g.bias + p * kNr : nullptr;
        auto tile = [&]<int R, bool kPacked>() HWY_ATTR {
          Tile<R, NV, kPacked>(a_rows, b, kc, c, g.ldc, rows, cols, g.alpha, g.beta, bias, first);
        };
        if (strip == kMr / 3) {
          direct ? tile.template operator()<kMr / 3, false>()
                 : tile.template operator()<kMr / 3, true>();
        } else if (strip == 2 * kMr / 3) {
          direct ? tile.template operator()<2 * kMr / 3, false>()
                 : tile.template operator()<2 * kMr / 3, true>();
        } else {
          direct ? tile.template operator()<kMr, false>() : tile.template operator()<kMr, true>();
        }
      }
    }
  }
}

void ComputeBlockT(const SgemmArgs& g, const float* packed_b, const Blocking& blk, int64_t r0,
                   int64_t r1, int64_t p0, int64_t p1, float* a_buf) {
  if (blk.nr == kLanes) {
    Compute<1>(g, packed_b, r0, r1, p0, p1, a_buf);
  } else {
    Compute<2>(g, packed_b, r0, r1, p0, p1, a_buf);
  }
}

int64_t MaxStripFloatsT(int64_t kc) { return kMr * kc; }

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::gemm_detail
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace tc::kernels::gemm_detail {
HWY_EXPORT(PanelWidthT);
HWY_EXPORT(PackBT);
HWY_EXPORT(ComputeBlockT);
HWY_EXPORT(MaxStripFloatsT);

int64_t PanelWidth(int64_t n) { return HWY_DYNAMIC_DISPATCH(PanelWidthT)(n); }
void PackB(const GemmMat& b, int64_t k, int64_t n, int64_t nr, int64_t p0, int64_t p1, float* out) {
  HWY_DYNAMIC_DISPATCH(PackBT)(b, k, n, nr, p0, p1, out);
}
void ComputeBlock(const SgemmArgs& g, const float* packed_b, const Blocking& blk, int64_t r0,
                  int64_t r1, int64_t p0, int64_t p1, float* a_buf) {
  HWY_DYNAMIC_DISPATCH(ComputeBlockT)(g, packed_b, blk, r0, r1, p0, p1, a_buf);
}
int64_t MaxStripFloats(int64_t kc) { return HWY_DYNAMIC_DISPATCH(MaxStripFloatsT)(kc); }

}  // namespace tc::kernels::gemm_detail
#endif  // HWY_ONCE
