// The `convolution` op: 1-, 2- and 3-d, grouped, strided, padded, dilated,
// and its transpose. Float32 forward convolutions take the register-tile
// fast paths (conv_fast.h) where they apply; the rest the generic kernels
// (conv_generic.h). Forward: im2col into a per-task column buffer, then one
// GEMM per group (OpenBLAS for float32/float64, a wrapping loop for the
// integer dtypes); tasks are (batch element, band of output rows) on the
// shared pool. Transposed: per batch element, GEMM of the weight's
// transpose with the input into columns, then col2im accumulates them into
// the output (the adjoint of the forward). 16-bit floats compute in float32
// and round once, as ATen's slow CPU convolutions do.
#include <algorithm>
#include <array>
#include <vector>

#include "tc/kernels/thread_pool.h"
#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "src/compute.h"
#include "src/conv_fast.h"
#include "src/conv_generic.h"
#include "src/conv_geometry.h"
#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

using Geometry = ConvGeometry;

Geometry MakeGeometry(const Tensor& x, const Tensor& w, const Tensor& out,
                      std::span<const KernelArg> args) {
  return MakeConvGeometry(x.sizes(), out.sizes(), w.sizes(), IntListArg(args, 3),
                          IntListArg(args, 4), IntListArg(args, 5), IntArg(args, 8));
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
  ConvForwardNchwFast(g, x.data<float>(), w.data<float>(), bp, y.data<float>());
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
        ConvTransposedGeneric<T>(g, x.data<T>(), w.data<T>(), bp, y.data<T>());
      } else {
        ConvForwardGeneric<T>(g, x.data<T>(), w.data<T>(), bp, y.data<T>());
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
