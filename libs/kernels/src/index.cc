// cat, index_select, gather and scatter.
#include <cstring>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "src/copy.h"
#include "src/families.h"
#include "src/kernel.h"
#include "src/loop.h"

namespace tc::kernels {
namespace {

absl::Status CatKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                       std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const auto& tensors = std::get<std::vector<Tensor>>(args[0]);
  TC_ASSIGN_OR_RETURN(const int64_t dim,
                      tensor::WrapDim(args.size() > 1 ? IntArg(args, 1) : 0, out.dim()));
  int64_t pos = 0;
  for (const Tensor& t : tensors) {
    // Empty 1-D tensors are skipped, as in PyTorch.
    if (t.dim() == 1 && t.size(0) == 0) continue;
    Shape sizes(out.sizes().begin(), out.sizes().end());
    sizes[dim] = t.size(dim);
    Tensor dst = out.AsStrided(sizes, out.strides(), out.storage_offset() + pos * out.stride(dim));
    CopyCast(t, dst);
    pos += t.size(dim);
  }
  return absl::OkStatus();
}

int64_t IndexAt(const char* p, bool is64) {
  return is64 ? *reinterpret_cast<const int64_t*>(p) : *reinterpret_cast<const int32_t*>(p);
}

absl::Status IndexSelectKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                               std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& self = TensorArg(args, 0);
  const Tensor& index = TensorArg(args, 2);
  TC_ASSIGN_OR_RETURN(const int64_t wrapped, tensor::WrapDim(IntArg(args, 1), self.dim()));
  const int64_t dim = self.dim() == 0 ? -1 : wrapped;
  const int64_t size = dim < 0 ? 1 : self.size(dim);
  const bool is64 = index.dtype() == DType::kInt64;
  const int64_t n = index.numel();
  const char* ip = static_cast<const char*>(index.raw_data());
  const int64_t istride = index.dim() == 0 ? 0 : index.stride(0) * index.itemsize();
  for (int64_t j = 0; j < n; ++j) {
    int64_t k = IndexAt(ip + j * istride, is64);
    if (k < 0 || k >= size) return absl::InvalidArgumentError("index out of range in self");
  }
  if (dim < 0) {  // 0-dim self: one element
    if (n > 0) CopyCast(self, out.AsStrided({}, {}, out.storage_offset()));
    return absl::OkStatus();
  }
  // Contiguous self and out of one dtype (an embedding lookup): each picked
  // slice is one block of bytes, copied as such; building a view per index
  // costs more than the copy for short rows (GPT's [4, 64] lookups).
  if (self.dtype() == out.dtype() && self.is_contiguous() && out.is_contiguous()) {
    int64_t outer = 1, inner = static_cast<int64_t>(self.itemsize());
    for (int64_t d = 0; d < dim; ++d) outer *= self.size(d);
    for (int64_t d = dim + 1; d < self.dim(); ++d) inner *= self.size(d);
    const char* src = static_cast<const char*>(self.raw_data());
    char* dst = static_cast<char*>(out.raw_data());
    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t j = 0; j < n; ++j) {
        const int64_t k = IndexAt(ip + j * istride, is64);
        std::memcpy(dst + (o * n + j) * inner, src + (o * size + k) * inner,
                    static_cast<size_t>(inner));
      }
    }
    return absl::OkStatus();
  }
  Shape sizes(self.sizes().begin(), self.sizes().end());
  sizes[dim] = 1;
  for (int64_t j = 0; j < n; ++j) {
    int64_t k = IndexAt(ip + j * istride, is64);
    Tensor src =
        self.AsStrided(sizes, self.strides(), self.storage_offset() + k * self.stride(dim));
    Tensor dst = out.AsStrided(sizes, out.strides(), out.storage_offset() + j * out.stride(dim));
    CopyCast(src, dst);
  }
  return absl::OkStatus();
}

absl::Status OutOfBounds(int64_t k, int64_t dim, int64_t size) {
  return absl::InvalidArgumentError(
      absl::StrFormat("index %d is out of bounds for dimension %d with size %d", k, dim, size));
}

// A view of `t` with `sizes` and t's strides, except stride 0 at `dim`
// (the index supplies that coordinate).
Tensor IndexedView(const Tensor& t, IntSpan sizes, int64_t dim) {
  Shape strides(t.strides().begin(), t.strides().end());
  // A 0-dim tensor with a 1-D index or the reverse (the only rank mismatch
  // meta allows): the one coordinate comes from the index alone.
  if (t.dim() == 0 || t.dim() != static_cast<int64_t>(sizes.size())) {
    return t.AsStrided(sizes, Shape(sizes.size(), 0), t.storage_offset());
  }
  strides[dim] = 0;
  return t.AsStrided(sizes, strides, t.storage_offset());
}

// gather and scatter: one element copied per index entry, over the index's
// shape. The entry k picks the coordinate along `dim` on one side: the
// source for gather (out[i] = self[..k..]), the destination for scatter
// (out[..k..] = src[i]). That side is passed as IndexedView (stride 0 at
// `dim`), with `size` and byte stride of its real `dim`.
absl::Status IndexedCopy(const Tensor& dst, const Tensor& src, const Tensor& index, bool scatter,
                         int64_t dim, int64_t size, int64_t dim_stride) {
  const bool is64 = index.dtype() == DType::kInt64;
  const int64_t item = static_cast<int64_t>(dst.itemsize());
  Loop loop(index.sizes(), {&dst, &src, &index});
  int64_t bad = 0;
  bool failed = false;
  loop.Run(0, loop.numel(), [&](char* const* p, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n && !failed; ++i) {
      int64_t k = IndexAt(p[2] + i * s[2], is64);
      if (k < 0 || k >= size) {
        failed = true;
        bad = k;
        return;
      }
      const int64_t shift = k * dim_stride;
      std::memcpy(p[0] + i * s[0] + (scatter ? shift : 0), p[1] + i * s[1] + (scatter ? 0 : shift),
                  item);
    }
  });
  if (failed) return OutOfBounds(bad, dim, size);
  return absl::OkStatus();
}

// The size and byte stride of `t` along `dim` (a 0-dim tensor counts as one
// element).
int64_t DimSize(const Tensor& t, int64_t dim) { return t.dim() == 0 ? 1 : t.size(dim); }
int64_t DimByteStride(const Tensor& t, int64_t dim) {
  return t.dim() == 0 ? 0 : t.stride(dim) * static_cast<int64_t>(t.itemsize());
}

absl::Status GatherKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                          std::span<Tensor> outs) {
  const Tensor& self = TensorArg(args, 0);
  const Tensor& index = TensorArg(args, 2);
  TC_ASSIGN_OR_RETURN(const int64_t dim, tensor::WrapDim(IntArg(args, 1), self.dim()));
  return IndexedCopy(outs[0], IndexedView(self, index.sizes(), dim), index, /*scatter=*/false, dim,
                     DimSize(self, dim), DimByteStride(self, dim));
}

absl::Status ScatterKernel(std::span<const KernelArg> args, std::span<const TensorMeta>,
                           std::span<Tensor> outs) {
  const Tensor& out = outs[0];
  const Tensor& self = TensorArg(args, 0);
  const Tensor& index = TensorArg(args, 2);
  TC_ASSIGN_OR_RETURN(const int64_t dim, tensor::WrapDim(IntArg(args, 1), self.dim()));
  CopyCast(self, out);
  Tensor src = IsTensor(args, 3) ? ToDType(TensorArg(args, 3), out.dtype())
                                 : Tensor::FromScalar(ScalarArg(args, 3), out.dtype());
  if (src.dim() > 0) {
    // src is read at the index's coordinates (it may be larger).
    src = src.AsStrided(index.sizes(),
                        src.dim() == index.dim() ? src.strides() : Shape(index.dim(), 0),
                        src.storage_offset());
  }
  return IndexedCopy(IndexedView(out, index.sizes(), dim), src, index, /*scatter=*/true, dim,
                     DimSize(out, dim), DimByteStride(out, dim));
}

}  // namespace

KernelFn FindIndexKernel(std::string_view name) {
  if (name == "cat") return CatKernel;
  if (name == "index_select") return IndexSelectKernel;
  if (name == "gather") return GatherKernel;
  if (name == "scatter") return ScatterKernel;
  return nullptr;
}

}  // namespace tc::kernels
