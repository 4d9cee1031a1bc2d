// Extern ops (library calls in codegen): cat, indexing, matrix products.
#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::ShapeToString;
constexpr ArgType kT = ArgType::kTensor;
using tensor::CTypeName;

Metas Cat(Args a) {
  const std::vector<TensorMeta>& ts = TensorList(a, 0);
  if (ts.empty()) return Invalid("torch.cat(): expected a non-empty list of Tensors");
  DType dtype = ts[0].dtype;
  const TensorMeta* ref = nullptr;  // the first tensor that is not an empty 1-D [0]
  for (size_t i = 0; i < ts.size(); ++i) {
    if (ts[i].dim() == 0) {
      return Invalid(
          absl::StrFormat("zero-dimensional tensor (at position %d) cannot be concatenated", i));
    }
    dtype = tensor::PromoteTypes(dtype, ts[i].dtype);
    if (!ref && !(ts[i].dim() == 1 && ts[i].sizes[0] == 0)) ref = &ts[i];
  }
  if (!ref) return One(Contig(dtype, ts[0].sizes, ts[0].device));
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), ref->dim()));
  Shape sizes = ref->sizes;
  sizes[dim] = 0;
  for (size_t i = 0; i < ts.size(); ++i) {
    const TensorMeta& t = ts[i];
    if (t.dim() == 1 && t.sizes[0] == 0) continue;
    if (t.dim() != ref->dim()) {
      return Invalid(absl::StrFormat("Tensors must have same number of dimensions: got %d and %d",
                                     ref->dim(), t.dim()));
    }
    for (int64_t d = 0; d < t.dim(); ++d) {
      if (d != dim && t.sizes[d] != ref->sizes[d]) {
        return Invalid(absl::StrFormat(
            "Sizes of tensors must match except in dimension %d. Expected size %d but got size %d "
            "for tensor number %d in the list.",
            dim, ref->sizes[d], t.sizes[d], i));
      }
    }
    sizes[dim] += t.sizes[dim];
  }
  // ATen's cat_compute_output_memory_format: the inputs' one suggested
  // memory format, contiguous when any input is contiguous or they differ.
  tensor::MemoryFormat format = tensor::SuggestMemoryFormat(ts[0].sizes, ts[0].strides);
  for (const TensorMeta& t : ts) {
    if (tensor::SuggestMemoryFormat(t.sizes, t.strides) != format) {
      format = tensor::MemoryFormat::kContiguous;
    }
  }
  absl::StatusOr<Shape> strides = tensor::FormatStrides(sizes, format, {});
  if (format == tensor::MemoryFormat::kContiguous || !strides.ok()) {
    return One(Contig(dtype, sizes, ref->device));
  }
  return One(TensorMeta{dtype, sizes, *std::move(strides), ref->device});
}

bool IsIndexDType(DType d) { return d == DType::kInt64 || d == DType::kInt32; }

Metas IndexSelect(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const TensorMeta& index = Tensor(a, 2);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), self.dim()));
  if (index.dim() > 1) return Invalid("index_select(): Index is supposed to be a vector");
  if (!IsIndexDType(index.dtype)) {
    return Invalid("index_select(): Expected dtype int32 or int64 for index");
  }
  Shape sizes = self.sizes;
  if (self.dim() > 0) sizes[dim] = index.numel();
  return One(Contig(self.dtype, sizes, self.device));
}

Metas Gather(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const TensorMeta& index = Tensor(a, 2);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), self.dim()));
  if (!IsIndexDType(index.dtype)) return Invalid("gather(): Expected dtype int32/int64 for index");
  if (std::max<int64_t>(index.dim(), 1) != std::max<int64_t>(self.dim(), 1)) {
    return Invalid("Index tensor must have the same number of dimensions as input tensor");
  }
  for (int64_t d = 0; d < index.dim() && index.numel() > 0; ++d) {
    if (d != dim && d < self.dim() && index.sizes[d] > self.sizes[d]) {
      return Invalid(absl::StrFormat(
          "Size does not match at dimension %d expected index %s to be no larger than self %s "
          "apart from dimension %d",
          d, ShapeToString(index.sizes), ShapeToString(self.sizes), dim));
    }
  }
  return One(Contig(self.dtype, index.sizes, self.device));
}

Metas Scatter(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const TensorMeta& index = Tensor(a, 2);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), self.dim()));
  if (!IsIndexDType(index.dtype)) return Invalid("scatter(): Expected dtype int32/int64 for index");
  const TensorMeta* src = IsTensor(a, 3) ? &Tensor(a, 3) : nullptr;
  if (src && src->dtype != self.dtype) {
    return Invalid("scatter(): Expected self.dtype to be equal to src.dtype");
  }
  if (std::max<int64_t>(index.dim(), 1) != std::max<int64_t>(self.dim(), 1)) {
    return Invalid("Index tensor must have the same number of dimensions as self tensor");
  }
  if (src && std::max<int64_t>(index.dim(), 1) != std::max<int64_t>(src->dim(), 1)) {
    return Invalid("Index tensor must have the same number of dimensions as src tensor");
  }
  // A 0-dim tensor counts as [1] here, as in PyTorch's checks.
  auto size_at = [](const TensorMeta& t, int64_t d) { return t.dim() == 0 ? 1 : t.sizes[d]; };
  for (int64_t d = 0; d < std::max<int64_t>(index.dim(), 1) && index.numel() > 0; ++d) {
    bool too_big = (d != dim && size_at(index, d) > size_at(self, d)) ||
                   (src && size_at(index, d) > size_at(*src, d));
    if (!too_big) continue;
    if (src) {
      return Invalid(absl::StrFormat(
          "Expected index %s to be no larger than self %s apart from dimension %d and to be no "
          "larger size than src %s",
          ShapeToString(index.sizes), ShapeToString(self.sizes), dim, ShapeToString(src->sizes)));
    }
    return Invalid(
        absl::StrFormat("Expected index %s to be no larger than self %s apart from dimension %d",
                        ShapeToString(index.sizes), ShapeToString(self.sizes), dim));
  }
  return One(Contig(self.dtype, self.sizes, self.device));
}

absl::Status MmShapeError(int64_t n, int64_t k1, int64_t k2, int64_t m) {
  return Invalid(absl::StrFormat("mm: mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)",
                                 n, k1, k2, m));
}

absl::Status MmDTypeCheck(DType a, DType b) {
  if (a != b) {
    return Invalid(absl::StrFormat("expected m1 and m2 to have the same dtype, but got: %s != %s",
                                   CTypeName(a), CTypeName(b)));
  }
  if (a == DType::kBool) return NotImplemented("addmm_impl_cpu_", a);
  return absl::OkStatus();
}

absl::Status BmmDTypeCheck(DType a, DType b) {
  if (a != b) {
    return Invalid(absl::StrFormat("expected scalar type %s but found %s", ScalarTypeName(a),
                                   ScalarTypeName(b)));
  }
  if (a == DType::kBool) return NotImplemented("bmm", a);
  return absl::OkStatus();
}

Metas Mm(Args a) {
  const TensorMeta& x = Tensor(a, 0);
  const TensorMeta& y = Tensor(a, 1);
  if (x.dim() != 2) {
    return Invalid(absl::StrFormat("mm: self must be a matrix, got %d-D tensor", x.dim()));
  }
  if (y.dim() != 2) {
    return Invalid(absl::StrFormat("mm: mat2 must be a matrix, got %d-D tensor", y.dim()));
  }
  if (x.sizes[1] != y.sizes[0]) return MmShapeError(x.sizes[0], x.sizes[1], y.sizes[0], y.sizes[1]);
  TC_RETURN_IF_ERROR(MmDTypeCheck(x.dtype, y.dtype));
  return One(Contig(x.dtype, {x.sizes[0], y.sizes[1]}, x.device));
}

absl::Status BatchSizeError(int64_t b, int64_t k, int64_t b2, int64_t k2) {
  return Invalid(absl::StrFormat(
      "Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: [%d, %d].",
      b, k, b2, k2));
}

Metas Bmm(Args a) {
  const TensorMeta& x = Tensor(a, 0);
  const TensorMeta& y = Tensor(a, 1);
  if (x.dim() != 3) return Invalid("batch1 must be a 3D tensor");
  if (y.dim() != 3) return Invalid("batch2 must be a 3D tensor");
  if (y.sizes[0] != x.sizes[0] || y.sizes[1] != x.sizes[2]) {
    return BatchSizeError(x.sizes[0], x.sizes[2], y.sizes[0], y.sizes[1]);
  }
  TC_RETURN_IF_ERROR(BmmDTypeCheck(x.dtype, y.dtype));
  return One(Contig(x.dtype, {x.sizes[0], x.sizes[1], y.sizes[2]}, x.device));
}

// torch.matmul's dispatch on the operands' ranks.
Metas Matmul(Args a) {
  const TensorMeta& x = Tensor(a, 0);
  const TensorMeta& y = Tensor(a, 1);
  int64_t d1 = x.dim(), d2 = y.dim();
  tensor::Device dev = x.device;
  if (d1 == 0 || d2 == 0) {
    return Invalid(absl::StrFormat(
        "both arguments to matmul need to be at least 1D, but they are %dD and %dD", d1, d2));
  }
  if (d1 == 1 && d2 == 1) {
    if (x.sizes[0] != y.sizes[0]) {
      return Invalid(absl::StrFormat(
          "inconsistent tensor size, expected tensor [%d] and src [%d] to have the same number of "
          "elements, but got %d and %d elements respectively",
          x.sizes[0], y.sizes[0], x.sizes[0], y.sizes[0]));
    }
    if (x.dtype != y.dtype) {
      return Invalid(
          absl::StrFormat("dot : expected both vectors to have same dtype, but found %s and %s",
                          ScalarTypeName(x.dtype), ScalarTypeName(y.dtype)));
    }
    return One(Contig(x.dtype, {}, dev));
  }
  if (d2 <= 2 && d1 >= 2) {
    // Fold the batch of `x` into its rows: one mm (or mv).
    int64_t rows = 1;
    for (int64_t i = 0; i + 1 < d1; ++i) rows *= x.sizes[i];
    int64_t k = x.sizes[d1 - 1];
    Shape out(x.sizes.begin(), x.sizes.end() - 1);
    if (d2 == 1) {
      if (k != y.sizes[0]) {
        return Invalid(absl::StrFormat("size mismatch, got input (%d), mat (%dx%d), vec (%d)", rows,
                                       rows, k, y.sizes[0]));
      }
    } else {
      if (k != y.sizes[0]) return MmShapeError(rows, k, y.sizes[0], y.sizes[1]);
      out.push_back(y.sizes[1]);
    }
    TC_RETURN_IF_ERROR(MmDTypeCheck(x.dtype, y.dtype));
    return One(Contig(x.dtype, out, dev));
  }
  if (d1 == 1 && d2 == 2) {
    if (x.sizes[0] != y.sizes[0]) return MmShapeError(1, x.sizes[0], y.sizes[0], y.sizes[1]);
    TC_RETURN_IF_ERROR(MmDTypeCheck(x.dtype, y.dtype));
    return One(Contig(x.dtype, {y.sizes[1]}, dev));
  }
  // Batched: broadcast the batch dims, then bmm.
  int64_t n = d1 > 1 ? x.sizes[d1 - 2] : 1;
  int64_t k1 = x.sizes[d1 - 1];
  int64_t k2 = d2 > 1 ? y.sizes[d2 - 2] : y.sizes[0];
  int64_t p = d2 > 1 ? y.sizes[d2 - 1] : 1;
  tensor::IntSpan batch1(x.sizes.data(), std::max<int64_t>(d1 - 2, 0));
  tensor::IntSpan batch2(y.sizes.data(), std::max<int64_t>(d2 - 2, 0));
  TC_ASSIGN_OR_RETURN(Shape out, tensor::BroadcastShapes(batch1, batch2));
  if (k1 != k2) {
    return BatchSizeError(tensor::Numel(out), k1, tensor::Numel(out), k2);
  }
  TC_RETURN_IF_ERROR(BmmDTypeCheck(x.dtype, y.dtype));
  if (d1 > 1) out.push_back(n);
  if (d2 > 1) out.push_back(p);
  return One(Contig(x.dtype, out, dev));
}

OpDef Extern(std::string name, std::vector<ArgSpec> args, MetaFn meta) {
  return OpDef{std::move(name), std::move(args), OpCategory::kExtern, 1, meta};
}

}  // namespace

void AddExternOps(std::vector<OpDef>& ops) {
  constexpr ArgType kInt = ArgType::kInt;
  ops.push_back(
      Extern("cat", {Req("tensors", ArgType::kTensorList), Def("dim", kInt, Scalar(0))}, &Cat));
  ops.push_back(
      Extern("index_select", {Req("self", kT), Req("dim", kInt), Req("index", kT)}, &IndexSelect));
  ops.push_back(Extern("gather", {Req("self", kT), Req("dim", kInt), Req("index", kT)}, &Gather));
  ops.push_back(Extern(
      "scatter",
      {Req("self", kT), Req("dim", kInt), Req("index", kT), Req("src", ArgType::kTensorOrScalar)},
      &Scatter));
  ops.push_back(Extern("mm", {Req("self", kT), Req("mat2", kT)}, &Mm));
  ops.push_back(Extern("bmm", {Req("self", kT), Req("mat2", kT)}, &Bmm));
  ops.push_back(Extern("matmul", {Req("self", kT), Req("other", kT)}, &Matmul));
}

}  // namespace tc::graph_ir::internal
