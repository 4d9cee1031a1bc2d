// Composite shape ops: transpose, t, flatten, stack, narrow. Each is a view
// (or, for stack, a cat of views) exactly as in PyTorch.
#include <numeric>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kI = ArgType::kInt;

RefOr Permute(Emitter& e, EmitRef x, int64_t d0, int64_t d1) {
  Shape perm(e.Meta(x).dim());
  std::iota(perm.begin(), perm.end(), 0);
  if (!perm.empty()) std::swap(perm[d0], perm[d1]);
  return Emit1(e, "permute", {x, CList(perm)});
}

Refs Transpose(Emitter& e, EArgs a) {
  int64_t rank = e.Meta(Ref(a, 0)).dim();
  TC_ASSIGN_OR_RETURN(int64_t d0, tensor::WrapDim(Int(a, 1), rank));
  TC_ASSIGN_OR_RETURN(int64_t d1, tensor::WrapDim(Int(a, 2), rank));
  TC_ASSIGN_OR_RETURN(EmitRef out, Permute(e, Ref(a, 0), d0, d1));
  return std::vector<EmitRef>{out};
}

Refs T(Emitter& e, EArgs a) {
  int64_t rank = e.Meta(Ref(a, 0)).dim();
  if (rank > 2) {
    return Invalid(
        absl::StrFormat("t() expects a tensor with <= 2 dimensions, but self is %dD", rank));
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, Permute(e, Ref(a, 0), 0, rank == 2 ? 1 : 0));
  return std::vector<EmitRef>{out};
}

Refs Flatten(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  TC_ASSIGN_OR_RETURN(int64_t start, tensor::WrapDim(Int(a, 1), in.dim()));
  TC_ASSIGN_OR_RETURN(int64_t end, tensor::WrapDim(Int(a, 2), in.dim()));
  if (in.dim() == 0) {
    TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "reshape", {x, CList({1})}));
    return std::vector<EmitRef>{out};
  }
  if (start > end) {
    return Invalid("flatten() has invalid args: start_dim cannot come after end_dim");
  }
  if (start == end) return std::vector<EmitRef>{x};  // PyTorch returns self
  Shape sizes(in.sizes.begin(), in.sizes.begin() + start);
  int64_t n = 1;
  for (int64_t d = start; d <= end; ++d) n *= in.sizes[d];
  sizes.push_back(n);
  sizes.insert(sizes.end(), in.sizes.begin() + end + 1, in.sizes.end());
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "reshape", {x, CList(sizes)}));
  return std::vector<EmitRef>{out};
}

Refs Stack(Emitter& e, EArgs a) {
  const std::vector<EmitRef>& ts = RefList(a, 0);
  if (ts.empty()) return Invalid("stack expects a non-empty TensorList");
  const Shape first = e.Meta(ts[0]).sizes;
  TC_ASSIGN_OR_RETURN(int64_t dim,
                      tensor::WrapDim(Int(a, 1), static_cast<int64_t>(first.size()) + 1));
  for (size_t i = 1; i < ts.size(); ++i) {
    if (e.Meta(ts[i]).sizes != first) {
      return Invalid(absl::StrFormat(
          "stack expects each tensor to be equal size, but got %s at entry 0 and %s at entry %d",
          tensor::ShapeToString(first), tensor::ShapeToString(e.Meta(ts[i]).sizes), i));
    }
  }
  std::vector<EmitRef> parts;
  parts.reserve(ts.size());
  for (EmitRef t : ts) {
    TC_ASSIGN_OR_RETURN(EmitRef u, Emit1(e, "unsqueeze", {t, CInt(dim)}));
    parts.push_back(u);
  }
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "cat", {std::move(parts), CInt(dim)}));
  return std::vector<EmitRef>{out};
}

Refs Narrow(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  if (in.dim() == 0) return Invalid("narrow() cannot be applied to a 0-dim tensor.");
  int64_t length = Int(a, 3);
  if (length < 0) return Invalid("narrow(): length must be non-negative.");
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), in.dim()));
  int64_t size = in.sizes[dim];
  int64_t start = Int(a, 2);
  if (start < -size || start > size) {
    return Invalid(
        absl::StrFormat("start out of range (expected to be in range of [%d, %d], but got %d)",
                        -size, size, start));
  }
  if (start < 0) start += size;
  if (length > size - start) {  // start + length could overflow
    return Invalid(absl::StrFormat("start (%d) + length (%d) exceeds dimension size (%d).", start,
                                   length, size));
  }
  TC_ASSIGN_OR_RETURN(
      EmitRef out, Emit1(e, "slice", {x, CInt(dim), CInt(start), CInt(start + length), CInt(1)}));
  return std::vector<EmitRef>{out};
}

}  // namespace

void AddCompositeShapeOps(std::vector<OpDef>& ops) {
  ops.push_back(
      Composite<&Transpose>("transpose", {Req("self", kT), Req("dim0", kI), Req("dim1", kI)}));
  ops.push_back(Composite<&T>("t", {Req("self", kT)}));
  ops.push_back(Composite<&Flatten>("flatten", {Req("self", kT), Def("start_dim", kI, Scalar(0)),
                                                Def("end_dim", kI, Scalar(-1))}));
  ops.push_back(Composite<&Stack>(
      "stack", {Req("tensors", ArgType::kTensorList), Def("dim", kI, Scalar(0))}));
  ops.push_back(Composite<&Narrow>(
      "narrow", {Req("self", kT), Req("dim", kI), Req("start", kI), Req("length", kI)}));
}

}  // namespace tc::graph_ir::internal
