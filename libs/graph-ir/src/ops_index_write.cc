// Index writes, functional forms (category extern): index_add, index_copy,
// index_fill, scatter_add, scatter_reduce, masked_scatter, index_put. Each
// returns a new tensor of self's shape and dtype; the in-place methods
// (index_add_, ...) write that back. Checks and messages as ATen's.
#include <algorithm>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::ShapeToString;
constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kI = ArgType::kInt;

// PyTorch raises IndexError for these; OutOfRange says so to the torch layer.
absl::Status IndexErr(std::string message) { return absl::OutOfRangeError(std::move(message)); }

bool IsIndexDType(DType d) { return d == DType::kInt64 || d == DType::kInt32; }

// self with its own sizes, contiguous: every op here returns that.
Metas SameAsSelf(const TensorMeta& self) {
  return One(Contig(self.dtype, self.sizes, self.device));
}

// Sizes of `t` with 0-dim counted as [1] (ATen's checks see it so).
Shape AtLeast1D(const TensorMeta& t) { return t.dim() == 0 ? Shape{1} : t.sizes; }

// index_add(self, dim, index, source, alpha).
Metas IndexAdd(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const TensorMeta& index = Tensor(a, 2);
  const TensorMeta& source = Tensor(a, 3);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), self.dim()));
  if (index.dim() > 1) {
    return IndexErr(absl::StrFormat(
        "index_add_(): Index is supposed to be a vector, but got dim: %d with type: %s and size: "
        "%s",
        index.dim(), ScalarTypeName(index.dtype), ShapeToString(index.sizes)));
  }
  if (!IsIndexDType(index.dtype)) {
    return Invalid(absl::StrFormat("index_add_(): Expected dtype int32/int64 for index but got: %s",
                                   ScalarTypeName(index.dtype)));
  }
  if (self.dtype != source.dtype) {
    return Invalid(
        absl::StrFormat("index_add_(): self (%s) and source (%s) must have the same scalar type",
                        ScalarTypeName(self.dtype), ScalarTypeName(source.dtype)));
  }
  int64_t src_n = source.dim() == 0 ? 1 : source.sizes[dim < source.dim() ? dim : 0];
  if (index.numel() != src_n) {
    return Invalid(absl::StrFormat(
        "index_add_(): Number of indices (%d) should be equal to source.size(dim): (%d), for dim: "
        "%d",
        index.numel(), src_n, dim));
  }
  Shape ss = AtLeast1D(self), sr = AtLeast1D(source);
  bool ok = ss.size() == sr.size();
  for (size_t d = 0; ok && d < ss.size(); ++d)
    ok = static_cast<int64_t>(d) == dim || ss[d] == sr[d];
  if (!ok) {
    return Invalid(absl::StrFormat(
        "source tensor shape must match self tensor shape, excluding the specified dimension. Got "
        "self.shape = %s source.shape = %s",
        ShapeToString(self.sizes), ShapeToString(source.sizes)));
  }
  return SameAsSelf(self);
}

// index_copy(self, dim, index, source).
Metas IndexCopy(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const TensorMeta& index = Tensor(a, 2);
  const TensorMeta& source = Tensor(a, 3);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), self.dim()));
  if (index.dim() > 1) return Invalid("index_copy_(): Index should have dimension 1 or 0 (got 2)");
  if (index.dtype != DType::kInt64) {
    return Invalid("index_copy_(): Expected a long tensor for index, but got " +
                   std::string(ScalarTypeName(index.dtype)));
  }
  if (self.dtype != source.dtype) {
    return Invalid(absl::StrFormat(
        "index_copy_(): self and source expected to have the same dtype, but got (self) %s and "
        "(source) %s",
        ScalarTypeName(self.dtype), ScalarTypeName(source.dtype)));
  }
  Shape ss = AtLeast1D(self), sr = AtLeast1D(source);
  if (ss.size() != sr.size()) {
    return Invalid(absl::StrFormat(
        "index_copy_(): When source and destination are not scalars, their dimensionality must "
        "match. Source dimensionality (%d), destination dimensionality (%d)",
        source.dim(), self.dim()));
  }
  for (size_t d = 0; d < ss.size(); ++d) {
    // ATen names the dim by its place in the slice (without `dim`).
    const int64_t slice_dim = static_cast<int64_t>(d) - (static_cast<int64_t>(d) > dim ? 1 : 0);
    if (static_cast<int64_t>(d) != dim && ss[d] != sr[d]) {
      return Invalid(absl::StrFormat(
          "index_copy_(): Source/destination tensor must have same slice shapes. Destination "
          "slice shape: %d at dimension %d and source slice shape: %d at dimension %d.",
          ss[d], slice_dim, sr[d], slice_dim));
    }
  }
  if (index.numel() != sr[dim]) {
    return IndexErr(absl::StrFormat(
        "index_copy_(): Number of indices (%d) should be equal to source.size(dim) (%d)",
        index.numel(), sr[dim]));
  }
  return SameAsSelf(self);
}

// index_fill(self, dim, index, value): value a number or a 0-dim tensor.
Metas IndexFill(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const TensorMeta& index = Tensor(a, 2);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), self.dim()));
  (void)dim;
  if (index.dtype != DType::kInt64)
    return IndexErr("index_fill_(): Expected dtype int64 for index.");
  // A RuntimeError in PyTorch despite its "Index" start (FailedPrecondition says so).
  if (index.dim() > 1) return absl::FailedPreconditionError("Index has to be a vector/scalar");
  if (IsTensor(a, 3) && Tensor(a, 3).dim() != 0) {
    return Invalid(absl::StrFormat(
        "index_fill_ only supports a 0-dimensional value tensor, but got tensor with %d "
        "dimension(s).",
        Tensor(a, 3).dim()));
  }
  return SameAsSelf(self);
}

// scatter_add / scatter_reduce: scatter's checks with a tensor src.
absl::Status ScatterChecks(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const TensorMeta& index = Tensor(a, 2);
  const TensorMeta& src = Tensor(a, 3);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), self.dim()));
  if (!IsIndexDType(index.dtype)) return Invalid("scatter(): Expected dtype int32/int64 for index");
  if (src.dtype != self.dtype) {
    return Invalid("scatter(): Expected self.dtype to be equal to src.dtype");
  }
  int64_t ni = std::max<int64_t>(index.dim(), 1);
  if (ni != std::max<int64_t>(self.dim(), 1)) {
    return Invalid("Index tensor must have the same number of dimensions as self tensor");
  }
  if (ni != std::max<int64_t>(src.dim(), 1)) {
    return Invalid("Index tensor must have the same number of dimensions as src tensor");
  }
  Shape is = AtLeast1D(index), ss = AtLeast1D(self), sr = AtLeast1D(src);
  for (int64_t d = 0; d < ni && index.numel() > 0; ++d) {
    if ((d != dim && is[d] > ss[d]) || is[d] > sr[d]) {
      return Invalid(absl::StrFormat(
          "Expected index %s to be no larger than self %s apart from dimension %d and to be no "
          "larger size than src %s",
          ShapeToString(index.sizes), ShapeToString(self.sizes), dim, ShapeToString(src.sizes)));
    }
  }
  return absl::OkStatus();
}

Metas ScatterAdd(Args a) {
  TC_RETURN_IF_ERROR(ScatterChecks(a));
  return SameAsSelf(Tensor(a, 0));
}

Metas ScatterReduce(Args a) {
  TC_RETURN_IF_ERROR(ScatterChecks(a));
  const std::string& reduce = Str(a, 4);
  if (reduce != "sum" && reduce != "prod" && reduce != "mean" && reduce != "amax" &&
      reduce != "amin") {
    return Invalid("reduce argument must be either sum, prod, mean, amax or amin, got " + reduce);
  }
  return SameAsSelf(Tensor(a, 0));
}

// masked_scatter(self, mask, source): mask broadcasts to self.
Metas MaskedScatter(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const TensorMeta& mask = Tensor(a, 1);
  const TensorMeta& source = Tensor(a, 2);
  if (mask.dtype != DType::kBool) {
    return Invalid("masked_scatter_ only supports boolean masks, but got mask with dtype " +
                   std::string(ScalarTypeName(mask.dtype)));
  }
  if (self.dtype != source.dtype) {
    return Invalid("masked_scatter: expected self and source to have same dtypes but got" +
                   std::string(ScalarTypeName(self.dtype)) + " and " +
                   std::string(ScalarTypeName(source.dtype)));
  }
  // ATen names the mask tensor a.
  TC_ASSIGN_OR_RETURN(Shape b, tensor::BroadcastShapes(mask.sizes, self.sizes));
  if (b != self.sizes) {
    return Invalid(absl::StrFormat("output with shape %s doesn't match the broadcast shape %s",
                                   ShapeToString(self.sizes), ShapeToString(b)));
  }
  return SameAsSelf(self);
}

// index_put(self, indices, values, accumulate): integer index tensors for
// the leading dims (bool masks become integer indices before, as ATen's
// nonzero does); values broadcast to [broadcast(indices)..., rest...].
Metas IndexPut(Args a) {
  const TensorMeta& self = Tensor(a, 0);
  const std::vector<TensorMeta>& indices = TensorList(a, 1);
  const TensorMeta& values = Tensor(a, 2);
  if (static_cast<int64_t>(indices.size()) > self.dim()) {
    return IndexErr(absl::StrFormat("too many indices for tensor of dimension %d (got %d)",
                                    self.dim(), indices.size()));
  }
  Shape b;
  for (const TensorMeta& i : indices) {
    if (!tensor::IsIntegral(i.dtype, false)) {
      return IndexErr("tensors used as indices must be long, int, byte or bool tensors");
    }
    absl::StatusOr<Shape> s = tensor::BroadcastShapes(b, i.sizes);
    if (!s.ok()) {
      std::vector<std::string> shapes;
      for (const TensorMeta& j : indices) shapes.push_back(ShapeToString(j.sizes));
      return IndexErr(
          "shape mismatch: indexing tensors could not be broadcast together with shapes " +
          absl::StrJoin(shapes, ", "));
    }
    b = *s;
  }
  if (self.dtype != values.dtype) {
    return absl::FailedPreconditionError(absl::StrFormat(
        "Index put requires the source and destination dtypes match, got %s for the destination "
        "and %s for the source.",
        ScalarTypeName(self.dtype), ScalarTypeName(values.dtype)));
  }
  Shape result = b;
  result.insert(result.end(), self.sizes.begin() + indices.size(), self.sizes.end());
  absl::StatusOr<Shape> vb = tensor::BroadcastShapes(result, values.sizes);
  if (!vb.ok() || *vb != result) {
    return Invalid(absl::StrFormat(
        "shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of "
        "shape %s",
        ShapeToString(values.sizes), ShapeToString(result)));
  }
  return SameAsSelf(self);
}

OpDef Extern(std::string name, std::vector<ArgSpec> args, MetaFn meta) {
  return OpDef{std::move(name), std::move(args), OpCategory::kExtern, 1, meta};
}

}  // namespace

void AddIndexWriteOps(std::vector<OpDef>& ops) {
  ops.push_back(Extern("index_add",
                       {Req("self", kT), Req("dim", kI), Req("index", kT), Req("source", kT),
                        Def("alpha", ArgType::kScalar, Scalar(int64_t{1}))},
                       &IndexAdd));
  ops.push_back(Extern("index_copy",
                       {Req("self", kT), Req("dim", kI), Req("index", kT), Req("source", kT)},
                       &IndexCopy));
  ops.push_back(Extern(
      "index_fill",
      {Req("self", kT), Req("dim", kI), Req("index", kT), Req("value", ArgType::kTensorOrScalar)},
      &IndexFill));
  ops.push_back(Extern("index_put",
                       {Req("self", kT), Req("indices", ArgType::kTensorList), Req("values", kT),
                        Def("accumulate", ArgType::kBool, Scalar(false))},
                       &IndexPut));
  ops.push_back(Extern("masked_scatter", {Req("self", kT), Req("mask", kT), Req("source", kT)},
                       &MaskedScatter));
  ops.push_back(Extern("scatter_add",
                       {Req("self", kT), Req("dim", kI), Req("index", kT), Req("src", kT)},
                       &ScatterAdd));
  ops.push_back(
      Extern("scatter_reduce",
             {Req("self", kT), Req("dim", kI), Req("index", kT), Req("src", kT),
              Req("reduce", ArgType::kString), Def("include_self", ArgType::kBool, Scalar(true))},
             &ScatterReduce));
}

}  // namespace tc::graph_ir::internal
