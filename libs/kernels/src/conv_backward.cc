// The `convolution_backward` op: the gradients of a convolution (1-3 d,
// grouped, strided, padded, dilated, transposed) with respect to its input,
// weight and bias, each computed only when the output mask asks for it.
// Every piece is a convolution primitive run on the gradients:
// - a regular convolution's input gradient is the transposed convolution
//   of grad_output with the weight: with unit strides a forward convolution
//   of grad_output with the flipped weight (the float32 fast paths of
//   conv_fast.h), else GEMM + col2im (conv_generic.h);
// - a transposed convolution's input gradient is the regular convolution
//   of grad_output with the weight;
// - the weight gradient is, per group, grad_output times the im2col
//   columns of the convolution's input, transposed (for a transposed
//   convolution the roles of input and grad_output swap), summed over
//   batch elements in fixed chunks (so the sum order does not depend on the
//   thread count);
// - the bias gradient sums grad_output over every dim but the channels.
// 16-bit floats compute in float32 and round once.
#include <cblas.h>

#include <algorithm>
#include <vector>

#include "tc/kernels/sgemm.h"
#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"

#include "src/compute.h"
#include "src/conv_fast.h"
#include "src/conv_generic.h"
#include "src/conv_geometry.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/simd.h"

namespace tc::kernels {
namespace {

// C[m x n] (row stride ldc) += A[m x k] (rows contiguous, lda apart) * B,
// B [k x n] read transposed from storage [n x k] (rows ldb apart).
template <typename T>
void GemmNT(int64_t m, int64_t n, int64_t k, const T* a, int64_t lda, const T* b, int64_t ldb, T* c,
            int64_t ldc) {
  if (m == 0 || n == 0 || k == 0) return;
  if constexpr (std::is_same_v<T, float>) {
    // Our GEMM reads A in place and packs the small B once.
    SgemmArgs args;
    args.m = m;
    args.n = n;
    args.k = k;
    args.a = GemmMat{a, lda, 1};
    args.b = GemmMat{b, 1, ldb};
    args.beta = 1.0f;
    args.c = c;
    args.ldc = ldc;
    Sgemm(args);
  } else {
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<int>(m), static_cast<int>(n),
                static_cast<int>(k), 1.0, a, static_cast<int>(lda), b, static_cast<int>(ldb), 1.0,
                c, static_cast<int>(ldc));
  }
}

// gw [out_c, in_c / groups, k...] = the weight gradient of the regular
// convolution `g` from x [n, in_c, in...] to gy [n, out_c, out...].
template <typename T>
void WeightGrad(const ConvGeometry& g, const T* x, const T* gy, T* gw) {
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups, kk = g.KernelSize();
  const int64_t rows = g.out[0] * g.out[1], plane = g.OutPlane(), wsize = g.out_c * cg * kk;
  std::fill(gw, gw + wsize, T(0));
  if (g.n == 0 || plane == 0) return;
  // Bands of output rows whose columns take about 1 MiB.
  const int64_t row_bytes = std::max<int64_t>(1, cg * kk * g.out[2] * sizeof(T));
  const int64_t band = std::clamp<int64_t>((int64_t{1} << 20) / row_bytes, 1, rows);
  const int64_t bands = (rows + band - 1) / band, tasks = g.n * bands;
  const int64_t chunks = std::min<int64_t>(tasks, 16);
  const bool direct = kk == 1 && g.stride == std::array<int64_t, 3>{1, 1, 1} &&
                      g.pad == std::array<int64_t, 3>{0, 0, 0};
  std::vector<T> partial(chunks * wsize, T(0));
  ParallelFor(chunks, 1, [&](int64_t c0, int64_t c1) {
    std::vector<T> cols;
    for (int64_t c = c0; c < c1; ++c) {
      T* acc = partial.data() + c * wsize;  // [group][cg * kk][ocg]
      for (int64_t t = c * tasks / chunks; t < (c + 1) * tasks / chunks; ++t) {
        const int64_t b = t / bands, r0 = (t % bands) * band, r1 = std::min(rows, r0 + band);
        const int64_t l0 = r0 * g.out[2], width = (r1 - r0) * g.out[2];
        if (!direct) cols.resize(cg * kk * width);
        for (int64_t grp = 0; grp < g.groups; ++grp) {
          const T* xg = x + (b * g.in_c + grp * cg) * g.InPlane();
          const T* bmat = xg + l0;
          int64_t ldb = g.InPlane();
          if (!direct) {
            Im2Col(g, xg, cg, r0, r1, cols.data());
            bmat = cols.data();
            ldb = width;
          }
          // The transposed product, [cg * kk, ocg]: the columns are its A,
          // read in place, and grad_output its small B.
          GemmNT<T>(cg * kk, ocg, width, bmat, ldb, gy + (b * g.out_c + grp * ocg) * plane + l0,
                    plane, acc + grp * cg * kk * ocg, ocg);
        }
      }
    }
  });
  // The chunks' sums in order, transposed back to [ocg, cg * kk] per group.
  const int64_t per = cg * kk;
  for (int64_t c = 0; c < chunks; ++c) {
    const T* p = partial.data() + c * wsize;
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      for (int64_t j = 0; j < per; ++j) {
        for (int64_t oc = 0; oc < ocg; ++oc) {
          gw[(grp * ocg + oc) * per + j] += p[(grp * per + j) * ocg + oc];
        }
      }
    }
  }
}

// gb[c] = the sum of gy [n, channels, plane] over n and the plane.
template <typename T>
void BiasGrad(const T* gy, int64_t n, int64_t channels, int64_t plane, T* gb) {
  ParallelFor(channels, 1, [&](int64_t c0, int64_t c1) {
    for (int64_t c = c0; c < c1; ++c) {
      double sum = 0;
      for (int64_t i = 0; i < n; ++i) sum += simd::Sum(gy + (i * channels + c) * plane, plane);
      gb[c] = static_cast<T>(sum);
    }
  });
}

// The geometry of the regular convolution from gy to gx that a unit-stride
// convolution's input gradient is: the weight flipped, input and output
// channels swapped, padding dilation * (k - 1) - padding (which must not
// be negative).
bool FlippedGeometry(const ConvGeometry& g, ConvGeometry* f) {
  *f = g;
  std::swap(f->in_c, f->out_c);
  std::swap(f->in, f->out);
  for (int i = 0; i < 3; ++i) {
    if (g.stride[i] != 1) return false;
    f->pad[i] = g.dil[i] * (g.k[i] - 1) - g.pad[i];
    if (f->pad[i] < 0) return false;
  }
  return FastConvApplies(*f);
}

// w [out_c, cg, k...] as [in_c, ocg, k...] with the taps reversed (per
// group), the weight of FlippedGeometry's convolution.
std::vector<float> FlipWeight(const ConvGeometry& g, const float* w) {
  const int64_t cg = g.in_c / g.groups, ocg = g.out_c / g.groups, kk = g.KernelSize();
  std::vector<float> f(g.out_c * cg * kk);
  for (int64_t grp = 0; grp < g.groups; ++grp) {
    for (int64_t oc = 0; oc < ocg; ++oc) {
      for (int64_t c = 0; c < cg; ++c) {
        const float* src = w + ((grp * ocg + oc) * cg + c) * kk;
        float* dst = f.data() + ((grp * cg + c) * ocg + oc) * kk;
        for (int64_t s = 0; s < kk; ++s) dst[kk - 1 - s] = src[s];
      }
    }
  }
  return f;
}

// gx = the input gradient of the regular convolution `g` (x -> y).
template <typename T>
void InputGrad(const ConvGeometry& g, const T* gy, const T* w, T* gx) {
  if constexpr (std::is_same_v<T, float>) {
    ConvGeometry f;
    if (FlippedGeometry(g, &f)) {
      const std::vector<float> wf = FlipWeight(g, w);
      ConvForwardNchwFast(f, gy, wf.data(), nullptr, gx);
      return;
    }
  }
  // The transposed convolution of gy: from g's output side to its input.
  ConvGeometry t = g;
  std::swap(t.in_c, t.out_c);
  std::swap(t.in, t.out);
  ConvTransposedGeneric<T>(t, gy, w, nullptr, gx);
}

// A call's gradients are those of the regular convolution `g` (a
// transposed call's runs from its grad_output to its input).
struct Setup {
  ConvGeometry g;
  bool transposed;
};

template <typename T>
absl::Status Run(const Setup& s, const Tensor& gy_in, const Tensor& x_in, const Tensor& w_in,
                 const std::vector<bool>& mask, std::span<Tensor> outs) {
  const DType compute = tensor::DTypeOf<T>();
  const Tensor gy = Contiguous(ToDType(gy_in, compute));
  const Tensor x = Contiguous(ToDType(x_in, compute));
  const Tensor w = Contiguous(ToDType(w_in, compute));
  auto target = [&](int i) {
    return outs[i].dtype() == compute && outs[i].is_contiguous()
               ? outs[i]
               : Tensor::Empty(outs[i].sizes(), compute);
  };
  const ConvGeometry& g = s.g;
  // Nothing to sum (an empty batch, channels or kernel): zero gradients.
  const bool empty = gy.numel() == 0 || x.numel() == 0 || w.numel() == 0;
  for (int i = 0; i < 3; ++i) {
    if (!mask[i]) continue;
    Tensor r = target(i);
    T* out = r.data<T>();
    if (empty) {
      std::fill(out, out + r.numel(), T(0));
    } else if (i == 0) {
      if (s.transposed) {
        // The regular convolution of grad_output (g's a) with the weight.
        if constexpr (std::is_same_v<T, float>) {
          if (FastConvApplies(g)) {
            ConvForwardNchwFast(g, gy.data<T>(), w.data<T>(), nullptr, out);
          } else {
            ConvForwardGeneric<T>(g, gy.data<T>(), w.data<T>(), nullptr, out);
          }
        } else {
          ConvForwardGeneric<T>(g, gy.data<T>(), w.data<T>(), nullptr, out);
        }
      } else {
        InputGrad<T>(g, gy.data<T>(), w.data<T>(), out);
      }
    } else if (i == 1) {
      // Transposed: input and grad_output swap roles.
      WeightGrad<T>(g, s.transposed ? gy.data<T>() : x.data<T>(),
                    s.transposed ? x.data<T>() : gy.data<T>(), out);
    } else {
      const int64_t channels = gy.size(1);
      BiasGrad<T>(gy.data<T>(), gy.size(0), channels,
                  gy.numel() / std::max<int64_t>(1, gy.size(0) * channels), out);
    }
    if (r.raw_data() != outs[i].raw_data()) CopyCast(r, outs[i]);
  }
  return absl::OkStatus();
}

// convolution_backward(grad_output, input, weight, bias_sizes, stride,
// padding, dilation, transposed, output_padding, groups, output_mask).
absl::Status ConvolutionBackwardKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                                       std::span<Tensor> outs) {
  const Tensor& gy = TensorArg(args, 0);
  const Tensor& x = TensorArg(args, 1);
  const Tensor& w = TensorArg(args, 2);
  const Shape m = IntListArg(args, 10);
  const std::vector<bool> mask = {m[0] != 0, m[1] != 0, m[2] != 0};
  Setup s;
  s.transposed = BoolArg(args, 7);
  // A transposed call's regular convolution runs from its output to its
  // input.
  const Tensor& a = s.transposed ? gy : x;
  const Tensor& b = s.transposed ? x : gy;
  s.g = MakeConvGeometry(a.sizes(), b.sizes(), w.sizes(), IntListArg(args, 4), IntListArg(args, 5),
                         IntListArg(args, 6), IntArg(args, 9));
  const DType dtype = x.dtype();
  if (dtype == DType::kFloat64) return Run<double>(s, gy, x, w, mask, outs);
  if (tensor::IsFloatingPoint(dtype)) return Run<float>(s, gy, x, w, mask, outs);
  return absl::InternalError("convolution_backward: unexpected dtype");
}

}  // namespace

KernelFn FindConvBackwardKernel(std::string_view name) {
  return name == "convolution_backward" ? ConvolutionBackwardKernel : nullptr;
}

}  // namespace tc::kernels
