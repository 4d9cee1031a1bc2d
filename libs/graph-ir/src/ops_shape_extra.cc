// Shape ops with their own kernels: flip, tril, triu, diag (copies, category
// extern) and diagonal (a view whose storage offset the kernel moves, as
// slice's does). Checks and messages as ATen's.
#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kI = ArgType::kInt;

Metas Flip(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  // Wraps each dim and rejects repeats as reductions do ("dim 0 appears
  // multiple times in the list of dims").
  TC_RETURN_IF_ERROR(ReduceMask(in.dim(), IntList(a, 1)).status());
  // ATen's flip fills empty_like(self, preserve_format).
  return One(TensorMeta{in.dtype, in.sizes, tensor::PreserveFormatStrides(in.sizes, in.strides),
                        in.device});
}

// The length of the diagonal `offset` of dims d1, d2 (0 when it misses).
int64_t DiagLength(const TensorMeta& in, int64_t offset, int64_t d1, int64_t d2) {
  int64_t n = offset >= 0 ? std::min(in.sizes[d1], in.sizes[d2] - offset)
                          : std::min(in.sizes[d1] + offset, in.sizes[d2]);
  return std::max<int64_t>(n, 0);
}

// diagonal(self, offset, dim1, dim2): dims d1 and d2 removed, one dim of
// the diagonal's length appended with stride stride1 + stride2.
Metas Diagonal(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(int64_t d1, tensor::WrapDim(Int(a, 2), in.dim()));
  TC_ASSIGN_OR_RETURN(int64_t d2, tensor::WrapDim(Int(a, 3), in.dim()));
  if (d1 == d2) {
    return Invalid(
        absl::StrFormat("diagonal dimensions cannot be identical %d, %d", Int(a, 2), Int(a, 3)));
  }
  Shape sizes, strides;
  for (int64_t d = 0; d < in.dim(); ++d) {
    if (d == d1 || d == d2) continue;
    sizes.push_back(in.sizes[d]);
    strides.push_back(in.strides[d]);
  }
  sizes.push_back(DiagLength(in, Int(a, 1), d1, d2));
  strides.push_back(in.strides[d1] + in.strides[d2]);
  return One(TensorMeta{in.dtype, std::move(sizes), std::move(strides), in.device});
}

template <const char* kName>
Metas Triangle(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  if (in.dim() < 2) {
    return Invalid(absl::StrFormat("%s: input tensor must have at least 2 dimensions", kName));
  }
  return One(Contig(in.dtype, in.sizes, in.device));
}
constexpr char kTril[] = "tril";
constexpr char kTriu[] = "triu";

// diag: a vector becomes a square matrix with it on diagonal `k`; a matrix
// gives its diagonal `k` as a new vector.
Metas Diag(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  int64_t k = Int(a, 1);
  if (in.dim() == 1) {
    int64_t n = in.sizes[0] + (k >= 0 ? k : -k);
    return One(Contig(in.dtype, {n, n}, in.device));
  }
  if (in.dim() != 2) {
    return Invalid(absl::StrFormat("diag(): Supports 1D or 2D tensors. Got %dD", in.dim()));
  }
  return One(Contig(in.dtype, {DiagLength(in, k, 0, 1)}, in.device));
}

OpDef Make(std::string name, std::vector<ArgSpec> args, OpCategory category, MetaFn meta) {
  return OpDef{std::move(name), std::move(args), category, 1, meta};
}

}  // namespace

void AddShapeExtraOps(std::vector<OpDef>& ops) {
  constexpr auto kExtern = OpCategory::kExtern;
  ops.push_back(Make("flip", {Req("self", kT), Req("dims", ArgType::kIntList)}, kExtern, &Flip));
  ops.push_back(Make("diagonal",
                     {Req("self", kT), Def("offset", kI, Scalar(0)), Def("dim1", kI, Scalar(0)),
                      Def("dim2", kI, Scalar(1))},
                     OpCategory::kView, &Diagonal));
  ops.push_back(
      Make("tril", {Req("self", kT), Def("diagonal", kI, Scalar(0))}, kExtern, &Triangle<kTril>));
  ops.push_back(
      Make("triu", {Req("self", kT), Def("diagonal", kI, Scalar(0))}, kExtern, &Triangle<kTriu>));
  ops.push_back(Make("diag", {Req("self", kT), Def("diagonal", kI, Scalar(0))}, kExtern, &Diag));
}

}  // namespace tc::graph_ir::internal
