// The `convolution` op: 1-, 2- and 3-d, grouped, strided, padded, dilated,
// and its transpose. Forward: im2col into a per-task column buffer, then one
// GEMM per group (OpenBLAS for float32/float64, a wrapping loop for the
// integer dtypes); tasks are (batch element, band of output rows) on the
// shared pool. Transposed: per batch element, GEMM of the weight's
// transpose with the input into columns, then col2im accumulates them into
// the output (the adjoint of the forward). 16-bit floats compute in float32
// and round once, as ATen's slow CPU convolutions do.
#include <cblas.h>

#include <algorithm>
#include <array>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "src/compute.h"
#include "src/conv_fast.h"
#include "src/conv_geometry.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

using Geometry = ConvGeometry;

Geometry MakeGeometry(const Tensor& x, const Tensor& w, const Tensor& out,
                      std::span<const KernelArg> args) {
  Geometry g;
  const int64_t dims = x.dim() - 2;
  const Shape stride = IntListArg(args, 3), pad = IntListArg(args, 4), dil = IntListArg(args, 5);
  g.n = x.size(0);
  g.in_c = x.size(1);
  g.out_c = out.size(1);
  g.groups = IntArg(args, 8);
  for (int64_t i = 0; i < 3; ++i) {
    const int64_t d = i - (3 - dims);  // the op's spatial dim, or < 0 for a padded one
    auto param = [&](const Shape& v) { return d < 0 ? 0 : (v.size() == 1 ? v[0] : v[d]); };
    g.in[i] = d < 0 ? 1 : x.size(2 + d);
    g.out[i] = d < 0 ? 1 : out.size(2 + d);
    g.k[i] = d < 0 ? 1 : w.size(2 + d);
    g.stride[i] = d < 0 ? 1 : param(stride);
    g.pad[i] = param(pad);
    g.dil[i] = d < 0 ? 1 : param(dil);
  }
  return g;
}

// C[m x n] (row stride ldc) += A[m x k] * B[k x n]; A transposed when
// `trans_a` (then stored [k x m]).
template <typename T>
void Gemm(bool trans_a, int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b,
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
void Im2Col(const Geometry& g, const T* x, int64_t channels, int64_t r0, int64_t r1, T* cols) {
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
void ForwardBand(const Geometry& g, const T* x, const T* w, const T* bias, T* out, int64_t b,
                 int64_t r0, int64_t r1, std::vector<T>& cols) {
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
    Gemm<T>(false, ocg, width, cg * kk, w + grp * ocg * cg * kk, cg * kk, bmat, ldb,
            ob + grp * ocg * plane + l0, plane);
  }
}

template <typename T>
void Forward(const Geometry& g, const T* x, const T* w, const T* bias, T* out) {
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
      ForwardBand(g, x, w, bias, out, t / bands, r0, std::min(rows, r0 + band), cols);
    }
  });
}

// Adds columns [oc, kd, kh, kw] x input positions into the output planes.
template <typename T>
void Col2Im(const Geometry& g, const T* cols, int64_t channels, T* out) {
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

// Transposed: weight [in_c, out_c / groups, k...].
template <typename T>
void Transposed(const Geometry& g, const T* x, const T* w, const T* bias, T* out) {
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
        Gemm<T>(true, ocg * kk, in_plane, cg, w + grp * cg * ocg * kk, ocg * kk,
                x + (b * g.in_c + grp * cg) * in_plane, in_plane, cols.data(), in_plane);
        Col2Im(g, cols.data(), ocg, ob + grp * ocg * out_plane);
      }
    }
  });
}

// The float32 fast paths (conv_fast.h), writing `out` (float32, any
// layout; channels_last and contiguous directly). False when they do not
// apply.
bool FastForward(std::span<const KernelArg> args, const Tensor& out) {
  const Tensor& x_in = TensorArg(args, 0);
  const Tensor& w_in = TensorArg(args, 1);
  Tensor x = ToDType(x_in, DType::kFloat32);
  const Geometry g = MakeGeometry(x, w_in, out, args);
  if (!FastConvApplies(g)) return false;
  Tensor w = Contiguous(ToDType(w_in, DType::kFloat32));
  Tensor bias;
  if (IsTensor(args, 2)) bias = Contiguous(ToDType(TensorArg(args, 2), DType::kFloat32));
  const float* bp = bias.defined() ? bias.data<float>() : nullptr;
  const bool cl = out.dim() >= 4 && (tensor::IsChannelsLastStrides2d(out.sizes(), out.strides()) ||
                                     tensor::IsChannelsLastStrides3d(out.sizes(), out.strides()));
  const bool out_cl =
      cl && tensor::IsContiguousAs(out.sizes(), out.strides(),
                                   out.dim() == 4 ? tensor::MemoryFormat::kChannelsLast
                                                  : tensor::MemoryFormat::kChannelsLast3d);
  if (out_cl) {
    // Channels_last in and out: the implicit GEMM reads the input as it is.
    const auto format = out.dim() == 4 ? tensor::MemoryFormat::kChannelsLast
                                       : tensor::MemoryFormat::kChannelsLast3d;
    if (!tensor::IsContiguousAs(x.sizes(), x.strides(), format)) {
      Tensor laid = Tensor::EmptyStrided(x.sizes(),
                                         out.dim() == 4 ? tensor::ChannelsLastStrides(x.sizes())
                                                        : tensor::ChannelsLast3dStrides(x.sizes()),
                                         DType::kFloat32);
      CopyCast(x, laid);
      x = laid;
    }
    ConvForwardNhwc(g, x.data<float>(), w.data<float>(), bp, out.data<float>());
    return true;
  }
  Tensor y = out.is_contiguous() ? out : Tensor::Empty(out.sizes(), DType::kFloat32);
  x = Contiguous(x);
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups;
  // Measured on the shapes: in place from padded rows where it
  // applies (ResNet's 16-channel 3x3 27% faster than packing), else the
  // channels_last route for wide groups, else packed strips.
  if (DirectConvApplies(g)) {
    ConvForwardNchwDirect(g, x.data<float>(), w.data<float>(), bp, y.data<float>());
  } else if (cg >= 32 && ocg >= 32) {
    ConvForwardNchwViaNhwc(g, x.data<float>(), w.data<float>(), bp, y.data<float>());
  } else {
    ConvForwardNchw(g, x.data<float>(), w.data<float>(), bp, y.data<float>());
  }
  if (!out.is_contiguous()) CopyCast(y, out);
  return true;
}

absl::Status ConvolutionKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                               std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  if (out.numel() == 0) return absl::OkStatus();
  const bool transposed = BoolArg(args, 6);
  const DType dtype = out.dtype();
  // 16-bit floats: computed in float32, rounded once.
  const DType compute =
      (dtype == DType::kFloat16 || dtype == DType::kBFloat16) ? DType::kFloat32 : dtype;
  if (!transposed && compute == DType::kFloat32) {
    Tensor y = compute == dtype ? out : Tensor::EmptyStrided(out.sizes(), out.strides(), compute);
    if (FastForward(args, y)) {
      if (compute != dtype) CopyCast(y, out);
      return absl::OkStatus();
    }
  }
  Tensor x = Contiguous(ToDType(TensorArg(args, 0), compute));
  Tensor w = Contiguous(ToDType(TensorArg(args, 1), compute));
  Tensor bias;
  if (IsTensor(args, 2)) bias = Contiguous(ToDType(TensorArg(args, 2), compute));
  // The generic kernels write contiguous results.
  const bool direct = compute == dtype && out.is_contiguous();
  Tensor y = direct ? out : Tensor::Empty(out.sizes(), compute);
  const Geometry g = MakeGeometry(x, w, y, args);
  TC_RETURN_IF_ERROR(tensor::VisitDType(compute, [&]<typename T>(TypeTag<T>) -> absl::Status {
    if constexpr (std::is_same_v<T, bool> || !std::is_same_v<T, Acc<T>>) {
      return absl::InternalError("convolution: unexpected compute dtype");
    } else {
      const T* bp = bias.defined() ? bias.data<T>() : nullptr;
      if (transposed) {
        Transposed<T>(g, x.data<T>(), w.data<T>(), bp, y.data<T>());
      } else {
        Forward<T>(g, x.data<T>(), w.data<T>(), bp, y.data<T>());
      }
      return absl::OkStatus();
    }
  }));
  if (!direct) CopyCast(y, out);
  return absl::OkStatus();
}

}  // namespace

KernelFn FindConvKernel(std::string_view name) {
  if (name == "convolution") return ConvolutionKernel;
  return nullptr;
}

}  // namespace tc::kernels
