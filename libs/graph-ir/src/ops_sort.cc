// Sorting and selection along one dim: sort (dim, descending, stable),
// topk, kthvalue, median / nanmedian (of all elements, or along a dim),
// mode; values and int64 indices, with PyTorch's checks and messages. The
// outputs are contiguous.
#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;
constexpr char kTopkBoolMessage[] = "topk does not support bool dtypes on CPU";

// The sizes of a reduction over `dim` (a 0-dim input stays 0-dim).
Shape Reduced(const TensorMeta& in, int64_t dim, bool keepdim) {
  Shape s = in.sizes;
  if (in.dim() == 0) return s;
  if (keepdim) {
    s[dim] = 1;
  } else {
    s.erase(s.begin() + dim);
  }
  return s;
}

Metas ValuesIndices(const TensorMeta& in, const Shape& sizes) {
  return Metas(std::vector<TensorMeta>{Contig(in.dtype, sizes, in.device),
                                       Contig(DType::kInt64, sizes, in.device)});
}

Metas Sort(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_RETURN_IF_ERROR(tensor::WrapDim(Int(a, 1), in.dim()).status());
  // ATen sorts into empty_like(self) (preserve_format) values and indices.
  const Shape strides = tensor::PreserveFormatStrides(in.sizes, in.strides);
  return Metas(std::vector<TensorMeta>{TensorMeta{in.dtype, in.sizes, strides, in.device},
                                       TensorMeta{DType::kInt64, in.sizes, strides, in.device}});
}

// ATen's check that a reduced dim is not empty, an IndexError.
absl::Status NonEmptyDim(const TensorMeta& in, int64_t dim, std::string_view fname) {
  if (in.dim() > 0 && in.sizes[dim] == 0) {
    return absl::OutOfRangeError(
        absl::StrFormat("%s(): Expected reduction dim %d to have non-zero size.", fname, dim));
  }
  return absl::OkStatus();
}

Metas Topk(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 2), in.dim()));
  const int64_t k = Int(a, 1), size = in.dim() > 0 ? in.sizes[dim] : 1;
  if (k < 0 || k > size) return Invalid("selected index k out of range");
  // A NotImplementedError in PyTorch; torch.topk raises it as one.
  if (in.dtype == DType::kBool) return Invalid(kTopkBoolMessage);
  Shape sizes = in.sizes;
  if (in.dim() > 0) sizes[dim] = k;
  return ValuesIndices(in, sizes);
}

Metas Kthvalue(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 2), in.dim()));
  TC_RETURN_IF_ERROR(NonEmptyDim(in, dim, "kthvalue"));
  const int64_t k = Int(a, 1), size = in.dim() > 0 ? in.sizes[dim] : 1;
  if (k < 1 || k > size) {
    return Invalid(
        absl::StrFormat("kthvalue(): selected number k out of range for dimension %d", dim));
  }
  if (in.dtype == DType::kBool) return NotImplemented("kthvalue_cpu", in.dtype);
  return ValuesIndices(in, Reduced(in, dim, Bool(a, 3)));
}

Metas MedianAll(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  if (in.dtype == DType::kBool) return NotImplemented("median_cpu", in.dtype);
  return One(Contig(in.dtype, {}, in.device));
}

Metas MedianDim(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), in.dim()));
  TC_RETURN_IF_ERROR(NonEmptyDim(in, dim, "median"));
  if (in.dtype == DType::kBool) return NotImplemented("median_out", in.dtype);
  return ValuesIndices(in, Reduced(in, dim, Bool(a, 2)));
}

Metas Mode(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), in.dim()));
  Shape sizes = Reduced(in, dim, Bool(a, 2));
  int64_t out_numel = 1;
  for (int64_t s : sizes) out_numel *= s;
  // ATen checks the reduced dim only when there is something to output.
  if (out_numel > 0) TC_RETURN_IF_ERROR(NonEmptyDim(in, dim, "mode"));
  return ValuesIndices(in, sizes);
}

}  // namespace

void AddSortOps(std::vector<OpDef>& ops) {
  ops.push_back({"sort",
                 {Req("self", kT), Def("dim", ArgType::kInt, Scalar(int64_t{-1})),
                  Def("descending", ArgType::kBool, Scalar(false)),
                  Def("stable", ArgType::kBool, Scalar(false))},
                 OpCategory::kExtern,
                 2,
                 &Sort});
  const ArgSpec keepdim = Def("keepdim", ArgType::kBool, Scalar(false));
  const ArgSpec last_dim = Def("dim", ArgType::kInt, Scalar(int64_t{-1}));
  ops.push_back(
      {"topk",
       {Req("self", kT), Req("k", ArgType::kInt), last_dim,
        Def("largest", ArgType::kBool, Scalar(true)), Def("sorted", ArgType::kBool, Scalar(true))},
       OpCategory::kExtern,
       2,
       &Topk});
  ops.push_back({"kthvalue",
                 {Req("self", kT), Req("k", ArgType::kInt), last_dim, keepdim},
                 OpCategory::kExtern,
                 2,
                 &Kthvalue});
  for (const char* name : {"median", "nanmedian"}) {
    ops.push_back({name, {Req("self", kT)}, OpCategory::kExtern, 1, &MedianAll});
    ops.push_back({absl::StrCat(name, "_dim"),
                   {Req("self", kT), Req("dim", ArgType::kInt), keepdim},
                   OpCategory::kExtern,
                   2,
                   &MedianDim});
  }
  ops.push_back({"mode", {Req("self", kT), last_dim, keepdim}, OpCategory::kExtern, 2, &Mode});
}

}  // namespace tc::graph_ir::internal
