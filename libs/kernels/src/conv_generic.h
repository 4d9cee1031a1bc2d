// The generic convolution kernels (any compute dtype: float32/float64 on
// OpenBLAS, the integers on a wrapping loop), shared by conv.cc (the
// `convolution` op) and conv_backward.cc (its gradients, which are
// convolutions again): im2col / col2im, the forward and the transposed
// convolution. x, w and out are contiguous; the geometry is conv_geometry.h's.
#ifndef TC_KERNELS_SRC_CONV_GENERIC_H_
#define TC_KERNELS_SRC_CONV_GENERIC_H_

#include <cblas.h>

#include <algorithm>
#include <array>
#include <type_traits>
#include <vector>

#include "tc/kernels/thread_pool.h"

#include "src/compute.h"
#include "src/conv_geometry.h"

namespace tc::kernels {

// C[m x n] (row stride ldc) += A[m x k] * B[k x n]; A transposed when
// `trans_a` (then stored [k x m]).
template <typename T>
void ConvGemm(bool trans_a, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
              int64_t ldb, T* c, int64_t ldc) {
  if (m == 0 || n == 0 || k == 0) return;
  const auto ta = trans_a ? CblasTrans : CblasNoTrans;
  const int im = static_cast<int>(m), in = static_cast<int>(n), ik = static_cast<int>(k);
  if constexpr (std::is_same_v<T, float>) {
    cblas_sgemm(CblasRowMajor, ta, CblasNoTrans, im, in, ik, 1.0f, a, static_cast<int>(lda), b,
                static_cast<int>(ldb), 1.0f, c, static_cast<int>(ldc));
  } else if constexpr (std::is_same_v<T, double>) {
    cblas_dgemm(CblasRowMajor, ta, CblasNoTrans, im, in, ik, 1.0, a, static_cast<int>(lda), b,
                static_cast<int>(ldb), 1.0, c, static_cast<int>(ldc));
  } else {
    for (int64_t i = 0; i < m; ++i) {
      T* crow = c + i * ldc;
      for (int64_t p = 0; p < k; ++p) {
        const T av = trans_a ? a[p * lda + i] : a[i * lda + p];
        const T* brow = b + p * ldb;
        for (int64_t j = 0; j < n; ++j) crow[j] = WrapAdd(crow[j], WrapMul(av, brow[j]));
      }
    }
  }
}

// Columns for output rows [r0, r1) (a row: one (od, oh) pair, out[2] wide)
// of one group's `channels` input planes: row (c, kd, kh, kw), column the
// output position.
template <typename T>
void Im2Col(const ConvGeometry& g, const T* x, int64_t channels, int64_t r0, int64_t r1, T* cols) {
  const int64_t ow_n = g.out[2], width = (r1 - r0) * ow_n;
  for (int64_t c = 0; c < channels; ++c) {
    const T* plane = x + c * g.InPlane();
    for (int64_t kd = 0; kd < g.k[0]; ++kd) {
      for (int64_t kh = 0; kh < g.k[1]; ++kh) {
        for (int64_t kw = 0; kw < g.k[2]; ++kw) {
          T* dst = cols;
          cols += width;
          for (int64_t r = r0; r < r1; ++r, dst += ow_n) {
            const int64_t od = r / g.out[1], oh = r % g.out[1];
            const int64_t id = od * g.stride[0] - g.pad[0] + kd * g.dil[0];
            const int64_t ih = oh * g.stride[1] - g.pad[1] + kh * g.dil[1];
            if (id < 0 || id >= g.in[0] || ih < 0 || ih >= g.in[1]) {
              std::fill(dst, dst + ow_n, T(0));
              continue;
            }
            const T* src = plane + (id * g.in[1] + ih) * g.in[2];
            const int64_t off = kw * g.dil[2] - g.pad[2];
            if (g.stride[2] == 1 && off >= 0 && off + ow_n <= g.in[2]) {
              std::copy(src + off, src + off + ow_n, dst);
              continue;
            }
            for (int64_t ow = 0; ow < ow_n; ++ow) {
              const int64_t iw = ow * g.stride[2] + off;
              dst[ow] = (iw >= 0 && iw < g.in[2]) ? src[iw] : T(0);
            }
          }
        }
      }
    }
  }
}

// out rows [r0, r1) of batch element `b`, every channel: bias, then one
// GEMM per group.
template <typename T>
void ConvForwardBand(const ConvGeometry& g, const T* x, const T* w, const T* bias, T* out,
                     int64_t b, int64_t r0, int64_t r1, std::vector<T>& cols) {
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups, kk = g.KernelSize();
  const int64_t plane = g.OutPlane(), l0 = r0 * g.out[2], width = (r1 - r0) * g.out[2];
  T* ob = out + b * g.out_c * plane;
  for (int64_t oc = 0; oc < g.out_c; ++oc) {
    std::fill(ob + oc * plane + l0, ob + oc * plane + l0 + width, bias ? bias[oc] : T(0));
  }
  // A 1x1 kernel with unit stride and no padding reads the input as it is.
  const bool direct = kk == 1 && g.stride == std::array<int64_t, 3>{1, 1, 1} &&
                      g.pad == std::array<int64_t, 3>{0, 0, 0};
  if (!direct) cols.resize(cg * kk * width);
  for (int64_t grp = 0; grp < g.groups; ++grp) {
    const T* xg = x + (b * g.in_c + grp * cg) * g.InPlane();
    const T* bmat = xg + l0;
    int64_t ldb = plane;
    if (!direct) {
      Im2Col(g, xg, cg, r0, r1, cols.data());
      bmat = cols.data();
      ldb = width;
    }
    ConvGemm<T>(false, ocg, width, cg * kk, w + grp * ocg * cg * kk, cg * kk, bmat, ldb,
                ob + grp * ocg * plane + l0, plane);
  }
}

// The forward convolution: im2col into a per-task column buffer, one GEMM
// per group; tasks are (batch element, band of output rows).
template <typename T>
void ConvForwardGeneric(const ConvGeometry& g, const T* x, const T* w, const T* bias, T* out) {
  const int64_t rows = g.out[0] * g.out[1];
  const int64_t cg = g.in_c / g.groups;
  // Bands: enough tasks for every thread, and a column buffer of at most
  // ~4 MiB so it stays near the cache.
  const int64_t row_bytes = std::max<int64_t>(1, cg * g.KernelSize() * g.out[2] * sizeof(T));
  int64_t band = std::max<int64_t>(1, (int64_t{4} << 20) / row_bytes);
  const int64_t want = (NumThreads() + g.n - 1) / std::max<int64_t>(g.n, 1);
  band = std::min(band, std::max<int64_t>(1, (rows + want - 1) / want));
  const int64_t bands = (rows + band - 1) / band;
  ParallelFor(g.n * bands, 1, [&](int64_t t0, int64_t t1) {
    std::vector<T> cols;
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t r0 = (t % bands) * band;
      ConvForwardBand(g, x, w, bias, out, t / bands, r0, std::min(rows, r0 + band), cols);
    }
  });
}

// Adds columns [oc, kd, kh, kw] x input positions into the output planes.
template <typename T>
void Col2Im(const ConvGeometry& g, const T* cols, int64_t channels, T* out) {
  const int64_t in_plane = g.InPlane();
  for (int64_t c = 0; c < channels; ++c) {
    T* plane = out + c * g.OutPlane();
    for (int64_t kd = 0; kd < g.k[0]; ++kd) {
      for (int64_t kh = 0; kh < g.k[1]; ++kh) {
        for (int64_t kw = 0; kw < g.k[2]; ++kw, cols += in_plane) {
          for (int64_t id = 0; id < g.in[0]; ++id) {
            const int64_t od = id * g.stride[0] - g.pad[0] + kd * g.dil[0];
            if (od < 0 || od >= g.out[0]) continue;
            for (int64_t ih = 0; ih < g.in[1]; ++ih) {
              const int64_t oh = ih * g.stride[1] - g.pad[1] + kh * g.dil[1];
              if (oh < 0 || oh >= g.out[1]) continue;
              const T* src = cols + (id * g.in[1] + ih) * g.in[2];
              T* dst = plane + (od * g.out[1] + oh) * g.out[2];
              for (int64_t iw = 0; iw < g.in[2]; ++iw) {
                const int64_t ow = iw * g.stride[2] - g.pad[2] + kw * g.dil[2];
                if (ow >= 0 && ow < g.out[2]) dst[ow] = WrapAdd(dst[ow], src[iw]);
              }
            }
          }
        }
      }
    }
  }
}

// The transposed convolution (the adjoint of the forward's input map):
// per batch element, GEMM of the weight's transpose with x into columns,
// then col2im; weight [in_c, out_c / groups, k...].
template <typename T>
void ConvTransposedGeneric(const ConvGeometry& g, const T* x, const T* w, const T* bias, T* out) {
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups, kk = g.KernelSize();
  const int64_t in_plane = g.InPlane(), out_plane = g.OutPlane();
  ParallelFor(g.n, 1, [&](int64_t b0, int64_t b1) {
    std::vector<T> cols(ocg * kk * in_plane);
    for (int64_t b = b0; b < b1; ++b) {
      T* ob = out + b * g.out_c * out_plane;
      for (int64_t oc = 0; oc < g.out_c; ++oc) {
        std::fill(ob + oc * out_plane, ob + (oc + 1) * out_plane, bias ? bias[oc] : T(0));
      }
      for (int64_t grp = 0; grp < g.groups; ++grp) {
        std::fill(cols.begin(), cols.end(), T(0));
        ConvGemm<T>(true, ocg * kk, in_plane, cg, w + grp * cg * ocg * kk, ocg * kk,
                    x + (b * g.in_c + grp * cg) * in_plane, in_plane, cols.data(), in_plane);
        Col2Im(g, cols.data(), ocg, ob + grp * ocg * out_plane);
      }
    }
  });
}

}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_CONV_GENERIC_H_
