// Kernels of flip, diagonal (a view), tril, triu and diag. flip copies a
// negative-stride view of its input; tril/triu copy and zero the other side
// of the diagonal per matrix; diag places or reads one diagonal.
#include <algorithm>

#include "tc/support/status.h"
#include "tc/tensor/dispatch.h"

#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"

namespace tc::kernels {
namespace {

absl::Status FlipKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  Shape strides(in.strides().begin(), in.strides().end());
  int64_t offset = in.storage_offset();
  for (int64_t d : IntListArg(args, 1)) {
    TC_ASSIGN_OR_RETURN(int64_t w, tensor::WrapDim(d, in.dim()));
    if (in.dim() == 0 || in.size(w) == 0) continue;
    offset += (in.size(w) - 1) * strides[w];
    strides[w] = -strides[w];
  }
  CopyCast(in.AsStrided(in.sizes(), strides, offset), outs[0]);
  return absl::OkStatus();
}

// The storage offset of diagonal `offset` of dims d1, d2 of `t`.
int64_t DiagOffset(const Tensor& t, int64_t offset, int64_t d1, int64_t d2, int64_t length) {
  if (length == 0) return t.storage_offset();
  return t.storage_offset() + (offset >= 0 ? offset * t.stride(d2) : -offset * t.stride(d1));
}

absl::Status DiagonalKernel(std::span<const KernelArg> args, std::span<const TensorMeta> metas,
                            std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  TC_ASSIGN_OR_RETURN(int64_t d1, tensor::WrapDim(IntArg(args, 2), in.dim()));
  TC_ASSIGN_OR_RETURN(int64_t d2, tensor::WrapDim(IntArg(args, 3), in.dim()));
  const TensorMeta& m = metas[0];
  outs[0] =
      in.AsStrided(m.sizes, m.strides, DiagOffset(in, IntArg(args, 1), d1, d2, m.sizes.back()));
  return absl::OkStatus();
}

// tril (lower = true) keeps j - i <= k, triu keeps j - i >= k, per matrix
// of the last two dims.
template <bool kLower>
absl::Status TriangleKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                            std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  const Tensor& out = outs[0];
  CopyCast(in, out);  // out is contiguous
  const int64_t k = IntArg(args, 1);
  const int64_t rows = in.size(in.dim() - 2), cols = in.size(in.dim() - 1);
  const int64_t mats = rows * cols == 0 ? 0 : out.numel() / (rows * cols);
  tensor::VisitDType(out.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
    T* p = out.data<T>();
    for (int64_t b = 0; b < mats; ++b) {
      for (int64_t i = 0; i < rows; ++i) {
        T* row = p + (b * rows + i) * cols;
        // Columns to zero: j > i + k (tril) or j < i + k (triu).
        int64_t lo = kLower ? std::clamp<int64_t>(i + k + 1, 0, cols) : 0;
        int64_t hi = kLower ? cols : std::clamp<int64_t>(i + k, 0, cols);
        std::fill(row + lo, row + hi, T{});
      }
    }
  });
  return absl::OkStatus();
}

absl::Status DiagKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                        std::span<Tensor> outs) {
  const Tensor& in = TensorArg(args, 0);
  const Tensor& out = outs[0];
  const int64_t k = IntArg(args, 1);
  if (in.dim() == 1) {
    // A zero matrix with `in` written along its diagonal k.
    tensor::VisitDType(out.dtype(), [&]<typename T>(tensor::TypeTag<T>) {
      std::fill(out.data<T>(), out.data<T>() + out.numel(), T{});
    });
    const int64_t n = out.size(0);
    Tensor diag = out.AsStrided(Shape{in.size(0)}, Shape{n + 1}, k >= 0 ? k : -k * n);
    CopyCast(in, diag);
    return absl::OkStatus();
  }
  const int64_t len = out.size(0);
  Tensor src =
      in.AsStrided(Shape{len}, Shape{in.stride(0) + in.stride(1)}, DiagOffset(in, k, 0, 1, len));
  CopyCast(src, out);
  return absl::OkStatus();
}

}  // namespace

KernelFn FindShapeExtraKernel(std::string_view name) {
  if (name == "flip") return FlipKernel;
  if (name == "diagonal") return DiagonalKernel;
  if (name == "tril") return TriangleKernel<true>;
  if (name == "triu") return TriangleKernel<false>;
  if (name == "diag") return DiagKernel;
  return nullptr;
}

}  // namespace tc::kernels
