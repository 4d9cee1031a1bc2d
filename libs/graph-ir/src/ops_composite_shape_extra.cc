// Composite shape ops that ATen writes over others: roll (cat of two
// slices per dim), rot90 (flip + transpose), trace (sum of the diagonal),
// movedim (a permute), unflatten (a view), tile (repeat: reshape, expand,
// copy), take_along_dim (broadcast + gather), repeat_interleave with an int
// count (unsqueeze, expand, reshape). Views stay views where PyTorch's are.
#include <numeric>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kI = ArgType::kInt;
constexpr ArgType kIL = ArgType::kIntList;
using tensor::ShapeToString;

Refs Out(RefOr r) {
  if (!r.ok()) return r.status();
  return std::vector<EmitRef>{*r};
}

RefOr Clone(Emitter& e, EmitRef x) { return Emit1(e, "to_dtype", {x, CDType(e.Meta(x).dtype)}); }

// x rolled by `shift` along `dim`: the last `shift` entries come first.
RefOr RollOne(Emitter& e, EmitRef x, int64_t shift, int64_t dim) {
  if (e.Meta(x).dim() == 0) return Clone(e, x);
  int64_t n = e.Meta(x).sizes[dim];
  if (n == 0) return Clone(e, x);
  int64_t s = ((shift % n) + n) % n;
  if (s == 0) return Clone(e, x);
  TC_ASSIGN_OR_RETURN(EmitRef tail, Emit1(e, "slice", {x, CInt(dim), CInt(n - s), CInt(n)}));
  TC_ASSIGN_OR_RETURN(EmitRef head, Emit1(e, "slice", {x, CInt(dim), CInt(0), CInt(n - s)}));
  return Emit1(e, "cat", {std::vector<EmitRef>{tail, head}, CInt(dim)});
}

Refs Roll(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  const Shape& shifts = IntList(a, 1);
  const Shape& dims = IntList(a, 2);
  if (shifts.empty()) return Invalid("`shifts` required");
  if (dims.empty() && shifts.size() == 1) {  // over the flattened tensor
    TC_ASSIGN_OR_RETURN(EmitRef flat, Emit1(e, "reshape", {x, CList({-1})}));
    TC_ASSIGN_OR_RETURN(EmitRef r, RollOne(e, flat, shifts[0], 0));
    return Out(Emit1(e, "view", {r, CList(in.sizes)}));
  }
  if (shifts.size() != dims.size()) {
    return Invalid(absl::StrFormat("shifts and dimensions must align. shifts: %d, dims:%d",
                                   shifts.size(), dims.size()));
  }
  EmitRef cur = x;
  for (size_t i = 0; i < dims.size(); ++i) {
    TC_ASSIGN_OR_RETURN(int64_t d, tensor::WrapDim(dims[i], in.dim()));
    TC_ASSIGN_OR_RETURN(cur, RollOne(e, cur, shifts[i], d));
  }
  return std::vector<EmitRef>{cur};
}

RefOr Swap(Emitter& e, EmitRef x, int64_t d0, int64_t d1) {
  Shape perm(e.Meta(x).dim());
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[d0], perm[d1]);
  return Emit1(e, "permute", {x, CList(perm)});
}

Refs Rot90(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  const Shape& dims = IntList(a, 2);
  if (dims.size() != 2) {
    return Invalid(
        absl::StrFormat("expected total rotation dims == 2, but got dims = %d", dims.size()));
  }
  if (in.dim() < 2) {
    return Invalid(absl::StrFormat("expected total dims >= 2, but got total dims = %d", in.dim()));
  }
  if (dims[0] == dims[1]) {
    return Invalid(
        absl::StrFormat("expected rotation dims to be different, but got dim0 = %d and dim1 = %d",
                        dims[0], dims[1]));
  }
  TC_ASSIGN_OR_RETURN(int64_t d0, tensor::WrapDim(dims[0], in.dim()));
  TC_ASSIGN_OR_RETURN(int64_t d1, tensor::WrapDim(dims[1], in.dim()));
  if (d0 == d1) {
    return Invalid(absl::StrFormat(
        "expected rotation dims to be different, but got dim0 = %d and dim1 = %d", d0, d1));
  }
  int64_t k = ((Int(a, 1) % 4) + 4) % 4;
  if (k == 0) return Out(Clone(e, x));
  if (k == 2) return Out(Emit1(e, "flip", {x, CList({d0, d1})}));
  TC_ASSIGN_OR_RETURN(EmitRef f, Emit1(e, "flip", {x, CList({k == 1 ? d1 : d0})}));
  return Out(Swap(e, f, d0, d1));
}

Refs Trace(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  if (in.dim() != 2) {
    return Invalid(
        absl::StrFormat("trace: expected a matrix, but got tensor with dim %d", in.dim()));
  }
  if (in.dtype == DType::kBool) return NotImplemented("trace", in.dtype);
  TC_ASSIGN_OR_RETURN(EmitRef d, Emit1(e, "diagonal", {x, CInt(0), CInt(0), CInt(1)}));
  return Out(Emit1(e, "sum", {d}));
}

// ATen's movedim: the named dims go to their destinations, the others keep
// their order in the remaining places.
Refs Movedim(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const int64_t rank = e.Meta(x).dim();
  const Shape& src = IntList(a, 1);
  const Shape& dst = IntList(a, 2);
  if (src.size() != dst.size()) {
    return Invalid(absl::StrFormat(
        "movedim: Invalid source or destination dims: source (%s dims) should contain the same "
        "number of dims as destination (%s dims)",
        ShapeToString(src), ShapeToString(dst)));
  }
  Shape ns(src.size()), nd(dst.size());
  for (size_t i = 0; i < src.size(); ++i) {
    TC_ASSIGN_OR_RETURN(ns[i], tensor::WrapDim(src[i], rank));
    TC_ASSIGN_OR_RETURN(nd[i], tensor::WrapDim(dst[i], rank));
  }
  auto repeated = [](const Shape& s) {
    for (size_t i = 0; i < s.size(); ++i) {
      for (size_t j = i + 1; j < s.size(); ++j) {
        if (s[i] == s[j]) return true;
      }
    }
    return false;
  };
  if (repeated(ns)) {
    return Invalid(absl::StrFormat("movedim: repeated dim in `source` (%s)", ShapeToString(src)));
  }
  if (repeated(nd)) {
    return Invalid(
        absl::StrFormat("movedim: repeated dim in `destination` (%s)", ShapeToString(dst)));
  }
  if (rank == 0) return Out(Emit1(e, "permute", {x, CList({})}));
  Shape perm(rank, -1);
  std::vector<bool> used(rank, false);
  for (size_t i = 0; i < ns.size(); ++i) {
    perm[nd[i]] = ns[i];
    used[ns[i]] = true;
  }
  int64_t next = 0;
  for (int64_t& p : perm) {
    if (p != -1) continue;
    while (used[next]) ++next;
    p = next++;
  }
  return Out(Emit1(e, "permute", {x, CList(perm)}));
}

Refs Unflatten(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 1), in.dim()));
  const Shape& sizes = IntList(a, 2);
  if (in.dim() == 0) {
    return absl::OutOfRangeError("Dimension specified as 0 but tensor has no dimensions");
  }
  if (sizes.empty()) return Invalid("unflatten: sizes must be non-empty");
  int64_t known = 1, infer = -1;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1 && infer < 0) {
      infer = static_cast<int64_t>(i);
    } else {
      known *= sizes[i];
    }
  }
  Shape inner = sizes;
  int64_t n = in.sizes[dim];
  bool fits = infer >= 0 ? (known != 0 && n % known == 0) : known == n;
  if (!fits) {
    return Invalid(absl::StrFormat(
        "unflatten: Provided sizes %s don't multiply up to the size of dim %d (%d) in the input "
        "tensor",
        ShapeToString(sizes), Int(a, 1), n));
  }
  if (infer >= 0) inner[infer] = n / known;
  Shape out(in.sizes.begin(), in.sizes.begin() + dim);
  out.insert(out.end(), inner.begin(), inner.end());
  out.insert(out.end(), in.sizes.begin() + dim + 1, in.sizes.end());
  // view's meta says "Stride calculation overflowed" for sizes such as
  // [0, 3, 2**63 - 1], as PyTorch does; the eager view kernel does not check.
  TC_RETURN_IF_ERROR(CheckStorageSize(out, in.dtype));
  return Out(Emit1(e, "view", {x, CList(out)}));
}

// repeat(reps): x.reshape(1, a, 1, b).expand(r0, a, r1, b) copied and
// reshaped to (r0 * a, r1 * b). tile pads reps with leading 1s first.
Refs Tile(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  Shape reps = IntList(a, 1);
  while (static_cast<int64_t>(reps.size()) < in.dim()) reps.insert(reps.begin(), 1);
  size_t lead = reps.size() - static_cast<size_t>(in.dim());
  Shape view, expand, out;
  for (size_t i = 0; i < reps.size(); ++i) {
    int64_t s = i < lead ? 1 : in.sizes[i - lead];
    view.insert(view.end(), {1, s});
    expand.insert(expand.end(), {reps[i], s});
    out.push_back(reps[i] * s);
  }
  TC_RETURN_IF_ERROR(CheckNewSizes(out));
  TC_ASSIGN_OR_RETURN(EmitRef r, Emit1(e, "reshape", {x, CList(view)}));
  TC_ASSIGN_OR_RETURN(r, Emit1(e, "expand", {r, CList(expand)}));
  TC_ASSIGN_OR_RETURN(r, Clone(e, r));
  return Out(Emit1(e, "reshape", {r, CList(out)}));
}

Refs TakeAlongDim(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0), idx = Ref(a, 1);
  const TensorMeta in = e.Meta(x), im = e.Meta(idx);
  if (im.dtype != DType::kInt64) {
    return Invalid("torch.take_along_dim(): dtype of indices should be Long but got " +
                   std::string(ScalarTypeName(im.dtype)));
  }
  if (IsNone(a, 2)) {
    TC_ASSIGN_OR_RETURN(EmitRef fx, Emit1(e, "reshape", {x, CList({-1})}));
    TC_ASSIGN_OR_RETURN(EmitRef fi, Emit1(e, "reshape", {idx, CList({-1})}));
    return Out(Emit1(e, "gather", {fx, CInt(0), fi}));
  }
  if (in.dim() != im.dim()) {
    return Invalid(absl::StrFormat(
        "torch.take_along_dim(): input and indices should have the same number of dimensions, "
        "but got %d dimensions for input, and %d dimensions for indices",
        in.dim(), im.dim()));
  }
  TC_ASSIGN_OR_RETURN(int64_t dim, tensor::WrapDim(Int(a, 2), in.dim()));
  if (in.dim() == 0) return Out(Emit1(e, "gather", {x, CInt(dim), idx}));
  Shape ss = in.sizes, is = im.sizes;
  ss[dim] = im.sizes[dim];
  is[dim] = in.sizes[dim];
  TC_ASSIGN_OR_RETURN(Shape ib, tensor::BroadcastShapes(ss, im.sizes));
  TC_ASSIGN_OR_RETURN(Shape xb, tensor::BroadcastShapes(is, in.sizes));
  TC_ASSIGN_OR_RETURN(EmitRef bi, Emit1(e, "expand", {idx, CList(ib)}));
  TC_ASSIGN_OR_RETURN(EmitRef bx, Emit1(e, "expand", {x, CList(xb)}));
  return Out(Emit1(e, "gather", {bx, CInt(dim), bi}));
}

// repeat_interleave(self, int repeats, int? dim=None, int? output_size=None).
Refs RepeatInterleave(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  int64_t reps = Int(a, 1);
  if (reps < 0) return Invalid("Repeats must be non-negative");
  if (IsNone(a, 2)) {
    TC_ASSIGN_OR_RETURN(x, Emit1(e, "reshape", {x, CList({-1})}));
  }
  const TensorMeta in = e.Meta(x);
  int64_t dim = 0;
  if (!IsNone(a, 2)) {
    TC_ASSIGN_OR_RETURN(dim, tensor::WrapDim(Int(a, 2), in.dim()));
  }
  if (in.dim() == 0) {
    TC_ASSIGN_OR_RETURN(x, Emit1(e, "reshape", {x, CList({1})}));
  }
  const Shape sizes = e.Meta(x).sizes;
  if (!IsNone(a, 3) && Int(a, 3) != sizes[dim] * reps) {
    return Invalid(absl::StrFormat("repeat_interleave: Invalid output_size, expected %d but got %d",
                                   sizes[dim] * reps, Int(a, 3)));
  }
  Shape expand = sizes, out = sizes;
  expand.insert(expand.begin() + dim + 1, reps);
  out[dim] *= reps;
  TC_ASSIGN_OR_RETURN(EmitRef r, Emit1(e, "unsqueeze", {x, CInt(dim + 1)}));
  TC_ASSIGN_OR_RETURN(r, Emit1(e, "expand", {r, CList(expand)}));
  TC_ASSIGN_OR_RETURN(r, Clone(e, r));
  return Out(Emit1(e, "reshape", {r, CList(out)}));
}

}  // namespace

void AddCompositeShapeExtraOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&Movedim>(
      "movedim", {Req("self", kT), Req("source", kIL), Req("destination", kIL)}));
  ops.push_back(Composite<&RepeatInterleave>(
      "repeat_interleave",
      {Req("self", kT), Req("repeats", kI), Opt("dim", kI), Opt("output_size", kI)}));
  ops.push_back(
      Composite<&Roll>("roll", {Req("self", kT), Req("shifts", kIL), Def("dims", kIL, Shape{})}));
  ops.push_back(Composite<&Rot90>(
      "rot90", {Req("self", kT), Def("k", kI, Scalar(1)), Def("dims", kIL, Shape{0, 1})}));
  ops.push_back(Composite<&TakeAlongDim>("take_along_dim",
                                         {Req("self", kT), Req("indices", kT), Opt("dim", kI)}));
  ops.push_back(Composite<&Tile>("tile", {Req("self", kT), Req("dims", kIL)}));
  ops.push_back(Composite<&Trace>("trace", {Req("self", kT)}));
  ops.push_back(
      Composite<&Unflatten>("unflatten", {Req("self", kT), Req("dim", kI), Req("sizes", kIL)}));
}

}  // namespace tc::graph_ir::internal
