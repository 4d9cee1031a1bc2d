// torch.Tensor's __getitem__ / __setitem__: basic indexing (ints, slices
// with steps, None, Ellipsis) as views through the core view ops, and
// advanced indexing (integer tensors or lists, boolean masks) computed from
// the concrete index values with index_select, as PyTorch's eager mode does.
//
// Index values are data: an index tensor on the meta device (while
// tracing, every tensor) raises MetaDataAccessError. Real index tensors
// are worked on with the kernels directly, never through a tracer, as
// their values are read here. Views of the indexed tensor go through ops;
// for __setitem__ while tracing they are made by meta inference instead, so
// that they share the target's storage and the tracer's WriteInPlace sees a
// write into part of it.
#include <numeric>

#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/record.h"
#include "tc/kernels/copy.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using tensor::Tensor;

Constant I(int64_t v) { return Constant(Scalar(v)); }

// One advanced index: the dim of the basic-indexed view it applies to and
// its (int64) index values.
struct AdvIndex {
  int64_t dim;
  Tensor index;
};

struct Indexed {
  Tensor view;                // after basic indexing (adv dims kept)
  std::vector<AdvIndex> adv;  // in order
};

// How views of the indexed tensor are made: as ops (a tracer sees them), or
// by meta inference (kernels::CallMeta: views sharing the traced target's
// storage, for a write into it).
enum class Views { kTraced, kAliasing };

bool RunView(VM& vm, Views views, std::string_view op, std::vector<kernels::KernelArg> args,
             Tensor* out) {
  if (views == Views::kTraced) return RunOp(vm, op, std::move(args), out);
  absl::StatusOr<std::vector<Tensor>> r = kernels::CallMeta(*graph_ir::FindOp(op), args);
  if (!r.ok()) {
    RaiseStatus(vm, r.status());
    return false;
  }
  *out = std::move((*r)[0]);
  return true;
}

// Ops on real index tensors, whose values are read next: the kernels
// themselves, whatever tracer is installed.
bool RunOnIndex(VM& vm, std::string_view op, std::vector<kernels::KernelArg> args, Tensor* out) {
  absl::StatusOr<Tensor> r = kernels::Call1(op, std::move(args));
  if (!r.ok()) {
    RaiseStatus(vm, r.status());
    return false;
  }
  *out = std::move(*r);
  return true;
}

constexpr char kMetaIndexMessage[] =
    "Indexing with a meta tensor as index needs its values: meta tensors have no data";
constexpr char kMetaMaskMessage[] =
    "The register_meta function for torch.nonzero() raises unimplemented by default, as a "
    "correct data-independent implementation does not exist.";

bool IsIndexTensorLike(const Value& v) {
  return IsTensor(v) || (v.is_object() && IsInstance(v, Types().list));
}

// Number of dims an index item consumes.
int64_t Consumes(const Value& v) {
  if (v.is_none() || (v.is_object() && v.as_object() == EllipsisValue().as_object())) return 0;
  if (IsTensor(v) && TensorOf(v).dtype() == DType::kBool) return TensorOf(v).dim();
  return 1;
}

// The true positions of a bool mask as one int64 index tensor per mask dim.
std::vector<Tensor> MaskIndices(const Tensor& mask) {
  Tensor m = mask.contiguous();
  const bool* p = m.data<bool>();
  int64_t n = m.numel(), k = m.dim();
  std::vector<int64_t> hits;
  for (int64_t i = 0; i < n; ++i) {
    if (p[i]) hits.push_back(i);
  }
  std::vector<Tensor> out;
  Shape strides = tensor::ContiguousStrides(m.sizes());
  for (int64_t d = 0; d < k; ++d) {
    Tensor t = Tensor::Empty(Shape{static_cast<int64_t>(hits.size())}, DType::kInt64);
    int64_t* q = t.data<int64_t>();
    for (size_t h = 0; h < hits.size(); ++h) q[h] = hits[h] / strides[d] % m.size(d);
    out.push_back(std::move(t));
  }
  return out;
}

bool ApplyBasic(VM& vm, const Tensor& self, const Value& key, Views views, Indexed* out) {
  std::vector<Value> items;
  if (key.is_object() && IsInstance(key, Types().tuple)) {
    items = Cast<TupleObject>(key)->items;
  } else {
    items.push_back(key);
  }
  int64_t consumed = 0, ellipses = 0;
  for (const Value& v : items) {
    consumed += Consumes(v);
    if (v.is_object() && v.as_object() == EllipsisValue().as_object()) ++ellipses;
  }
  if (ellipses > 1) {
    RaiseIndexError(vm, "an index can only have a single ellipsis ('...')");
    return false;
  }
  if (consumed > self.dim()) {
    RaiseIndexError(vm, absl::StrFormat("too many indices for tensor of dimension %d", self.dim()));
    return false;
  }
  Tensor cur = self;
  int64_t dim = 0;
  int64_t orig = 0;  // the dim of `self` this item indexes, for messages
  for (const Value& v : items) {
    if (v.is_none()) {
      if (!RunView(vm, views, "unsqueeze", {cur, I(dim)}, &cur)) return false;
      ++dim;
    } else if (v.is_object() && v.as_object() == EllipsisValue().as_object()) {
      dim += self.dim() - consumed;
      orig += self.dim() - consumed;
    } else if (v.is_int() || (IsTensor(v) && TensorOf(v).dim() == 0 &&
                              tensor::IsIntegral(TensorOf(v).dtype(), false))) {
      if (!v.is_int() && !CheckHasData(vm, TensorOf(v))) return false;
      int64_t i = v.is_int() ? v.as_int() : TensorOf(v).item_int();
      int64_t size = cur.size(dim);
      if (i < -size || i >= size) {
        RaiseIndexError(
            vm, absl::StrFormat("index %d is out of bounds for dimension %d with size %d", i, orig,
                                size));
        return false;
      }
      ++orig;
      if (i < 0) i += size;
      if (!RunView(vm, views, "slice", {cur, I(dim), I(i), I(i + 1), I(1)}, &cur) ||
          !RunView(vm, views, "squeeze", {cur, Constant(Shape{dim})}, &cur)) {
        return false;
      }
    } else if (v.is_object() && v.as_object()->type == Types().slice) {
      auto* s = Cast<SliceObject>(v);
      int64_t start, stop, step, count;
      if (!s->step.is_none()) {
        int64_t st;
        if (!ToInt(vm, s->step, &st)) return false;
        if (st <= 0) {
          RaiseValueError(vm, "step must be greater than zero");
          return false;
        }
      }
      if (!SliceIndices(vm, s, cur.size(dim), &start, &stop, &step, &count)) return false;
      ++orig;
      if (start != 0 || step != 1 || count != cur.size(dim)) {
        if (!RunView(vm, views, "slice", {cur, I(dim), I(start), I(start + count * step), I(step)},
                     &cur)) {
          return false;
        }
      }
      ++dim;
    } else if (IsIndexTensorLike(v)) {
      Tensor idx;
      if (IsTensor(v)) {
        idx = TensorOf(v);
      } else if (!TensorFromData(vm, v, Value::None(), &idx)) {
        return false;
      }
      if (idx.is_meta()) {
        bool mask = idx.dtype() == DType::kBool || idx.dtype() == DType::kUInt8;
        RaiseMetaDataAccess(vm, mask ? kMetaMaskMessage : kMetaIndexMessage);
        return false;
      }
      if (idx.dtype() == DType::kBool || idx.dtype() == DType::kUInt8) {
        for (int64_t d = 0; d < idx.dim(); ++d) {
          if (idx.size(d) != cur.size(dim + d)) {
            RaiseIndexError(vm, absl::StrFormat("The shape of the mask %s at index %d does not "
                                                "match the shape of the indexed tensor %s at "
                                                "index %d",
                                                tensor::ShapeToString(idx.sizes()), d,
                                                tensor::ShapeToString(cur.sizes()), dim + d));
            return false;
          }
        }
        std::vector<Tensor> parts = MaskIndices(idx.to(DType::kBool));
        for (Tensor& p : parts) out->adv.push_back({dim++, std::move(p)});
        orig += idx.dim();
      } else if (tensor::IsIntegral(idx.dtype(), false)) {
        out->adv.push_back({dim++, idx.to(DType::kInt64)});
        ++orig;
      } else {
        RaiseIndexError(vm, "tensors used as indices must be long, int, byte or bool tensors");
        return false;
      }
    } else {
      RaiseIndexError(vm,
                      "only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                      "Variables are valid indices (got " +
                          std::string(TypeName(v)) + ")");
      return false;
    }
  }
  out->view = cur;
  return true;
}

// The layout of an advanced index: the view permuted so the indexed dims
// come first, the broadcast index shape, and each index broadcast to it
// with negative values wrapped (bounds checked).
struct AdvPlan {
  Tensor permuted;                           // adv dims first, then the rest (a view)
  Shape bshape;                              // broadcast index shape
  std::vector<std::vector<int64_t>> coords;  // per adv index, numel(bshape) values
  Shape rest_sizes, rest_strides;
  int64_t insert_at = 0;  // where the index dims go in the result
};

bool PlanAdvanced(VM& vm, const Indexed& ix, Views views, AdvPlan* plan) {
  const Tensor& v = ix.view;
  Shape b;
  for (const AdvIndex& a : ix.adv) {
    absl::StatusOr<Shape> s = tensor::BroadcastShapes(b, a.index.sizes());
    if (!s.ok()) {
      std::string shapes;
      for (const AdvIndex& x : ix.adv)
        absl::StrAppend(&shapes, shapes.empty() ? "" : ", ",
                        tensor::ShapeToString(x.index.sizes()));
      RaiseIndexError(vm,
                      "shape mismatch: indexing tensors could not be broadcast together with "
                      "shapes " +
                          shapes);
      return false;
    }
    b = *s;
  }
  plan->bshape = b;
  bool adjacent = true;
  for (size_t i = 1; i < ix.adv.size(); ++i) {
    if (ix.adv[i].dim != ix.adv[i - 1].dim + 1) adjacent = false;
  }
  plan->insert_at = adjacent ? ix.adv[0].dim : 0;
  Shape perm;
  std::vector<bool> is_adv(static_cast<size_t>(v.dim()), false);
  for (const AdvIndex& a : ix.adv) {
    perm.push_back(a.dim);
    is_adv[static_cast<size_t>(a.dim)] = true;
  }
  for (int64_t d = 0; d < v.dim(); ++d) {
    if (!is_adv[static_cast<size_t>(d)]) {
      perm.push_back(d);
      plan->rest_sizes.push_back(v.size(d));
      plan->rest_strides.push_back(v.stride(d));
    }
  }
  if (!RunView(vm, views, "permute", {v, Constant(perm)}, &plan->permuted)) return false;
  int64_t n = tensor::Numel(b);
  int64_t position = 0;  // PyTorch names an index by its place among the advanced ones
  for (const AdvIndex& a : ix.adv) {
    Tensor e;
    if (!RunOnIndex(vm, "expand", {a.index, Constant(b)}, &e)) return false;
    e = e.contiguous();
    const int64_t* p = e.data<int64_t>();
    int64_t size = v.size(a.dim);
    std::vector<int64_t> c(static_cast<size_t>(n));
    for (int64_t k = 0; k < n; ++k) {
      int64_t i = p[k];
      if (i < -size || i >= size) {
        RaiseIndexError(
            vm, absl::StrFormat("index %d is out of bounds for dimension %d with size %d", i,
                                position, size));
        return false;
      }
      c[static_cast<size_t>(k)] = i < 0 ? i + size : i;
    }
    ++position;
    plan->coords.push_back(std::move(c));
  }
  return true;
}

// Result dims are [bshape..., rest...]; PyTorch puts bshape at insert_at.
Shape ResultPerm(const AdvPlan& plan) {
  int64_t nb = static_cast<int64_t>(plan.bshape.size());
  int64_t nr = static_cast<int64_t>(plan.rest_sizes.size());
  Shape perm;
  for (int64_t i = 0; i < plan.insert_at; ++i) perm.push_back(nb + i);
  for (int64_t i = 0; i < nb; ++i) perm.push_back(i);
  for (int64_t i = plan.insert_at; i < nr; ++i) perm.push_back(nb + i);
  return perm;
}

bool GatherAdvanced(VM& vm, const Indexed& ix, Tensor* out) {
  AdvPlan plan;
  if (!PlanAdvanced(vm, ix, Views::kTraced, &plan)) return false;
  // Flatten the adv dims of the permuted view into one and index_select.
  const Tensor& p = plan.permuted;
  size_t m = ix.adv.size();
  int64_t flat = 1;
  for (size_t i = 0; i < m; ++i) flat *= p.size(static_cast<int64_t>(i));
  Shape fshape{flat};
  fshape.insert(fshape.end(), plan.rest_sizes.begin(), plan.rest_sizes.end());
  Tensor x;
  if (!RunOp(vm, "reshape", {p, Constant(fshape)}, &x)) return false;
  int64_t n = tensor::Numel(plan.bshape);
  Tensor lin = Tensor::Empty(Shape{n}, DType::kInt64);
  int64_t* l = lin.data<int64_t>();
  for (int64_t k = 0; k < n; ++k) {
    int64_t acc = 0;
    for (size_t i = 0; i < m; ++i)
      acc = acc * p.size(static_cast<int64_t>(i)) + plan.coords[i][static_cast<size_t>(k)];
    l[k] = acc;
  }
  Tensor r;
  if (!RunOp(vm, "index_select", {x, I(0), lin}, &r)) return false;
  Shape rshape = plan.bshape;
  rshape.insert(rshape.end(), plan.rest_sizes.begin(), plan.rest_sizes.end());
  if (!RunOp(vm, "reshape", {r, Constant(rshape)}, &r)) return false;
  if (plan.insert_at > 0) {
    if (!RunOp(vm, "permute", {r, Constant(ResultPerm(plan))}, &r) ||
        !ContiguousTensor(vm, r, &r)) {
      return false;
    }
  }
  *out = std::move(r);
  return true;
}

Value GetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getitem__", 1, 1)) return {};
  Indexed ix;
  if (!ApplyBasic(vm, TensorOf(self), args[0], Views::kTraced, &ix)) return {};
  if (ix.adv.empty()) {
    // x[i] is one select in PyTorch (SelectBackward0), a slice and a
    // squeeze here.
    if (args[0].is_int()) autodiff::NameGradFn(ix.view, "SelectBackward0");
    return WrapTensor(std::move(ix.view));
  }
  Tensor r;
  if (!GatherAdvanced(vm, ix, &r)) return {};
  return WrapTensor(std::move(r));
}

// The value to store, as a tensor of the target's dtype.
bool ValueTensor(VM& vm, const Value& v, DType dtype, Tensor* out) {
  if (IsTensor(v)) return ToDTypeTensor(vm, TensorOf(v), dtype, out);
  if (IsNumber(v)) return ScalarTensor(vm, NumberToScalar(v), dtype, out);
  if (v.is_object() && (IsInstance(v, Types().list) || IsInstance(v, Types().tuple))) {
    Tensor t;
    if (!TensorFromData(vm, v, DTypeValue(dtype), &t)) return false;
    *out = std::move(t);
    return true;
  }
  RaiseTypeError(vm, absl::StrFormat("can't assign a %s to a %s tensor", TypeName(v),
                                     tensor::DTypeName(dtype)));
  return false;
}

bool CopyBroadcast(VM& vm, const Tensor& dst, const Tensor& src) {
  Tensor s = src;
  if (s.sizes() != dst.sizes()) {
    if (!RunOp(vm, "expand", {s, Constant(Shape(dst.sizes()))}, &s)) return false;
  }
  return StoreInPlace(vm, dst, s);
}

// PyTorch's node for a recorded x[key] = value: CopySlices when the key
// makes a view first (any int, None or partial slice), else the indexing
// op the write is (index_put_, or masked_fill_ / index_fill_ for a number).
std::string WriteNodeName(const Value& key, bool advanced, bool number) {
  if (!advanced) return "CopySlices";
  std::vector<Value> items;
  if (key.is_object() && key.type() == Types().tuple) {
    items = Cast<TupleObject>(key)->items;
  } else {
    items.push_back(key);
  }
  bool view = false;
  bool mask = false;
  int tensors = 0;
  for (const Value& k : items) {
    if (IsIndexTensorLike(k)) {
      ++tensors;
      mask = mask || (IsTensor(k) && TensorOf(k).dtype() == DType::kBool);
    } else if (k.is_object() && k.type() == Types().slice) {
      const auto* sl = Cast<SliceObject>(k);
      view = view || !sl->start.is_none() || !sl->stop.is_none() || !sl->step.is_none();
    } else if (!(k.is_object() && k.type() == Types().ellipsis)) {
      view = true;  // an int or None
    }
  }
  if (view) return "CopySlices";
  if (!number) return "IndexPutBackward0";
  if (mask) return "MaskedFillBackward0";
  return tensors == 1 ? "IndexFillBackward0" : "IndexPutBackward0";
}

// Which elements of `t` x[key] selects, as row-major indices in the
// selection's shape: the same indexing applied to arange(numel).
bool WrittenPositions(VM& vm, const Tensor& t, const Value& key, Tensor* out) {
  Tensor lin = Tensor::Empty(Shape{t.numel()}, DType::kInt64);
  std::iota(lin.data<int64_t>(), lin.data<int64_t>() + t.numel(), int64_t{0});
  lin = lin.AsStrided(t.sizes(), tensor::ContiguousStrides(t.sizes()), 0);
  Indexed ix;
  if (!ApplyBasic(vm, lin, key, Views::kTraced, &ix)) return false;
  if (ix.adv.empty()) {
    *out = std::move(ix.view);
    return true;
  }
  return GatherAdvanced(vm, ix, out);
}

// Writes val into t[key]; no autograd.
bool WriteIndexed(VM& vm, Tensor& t, const Value& key, const Tensor& val, bool* advanced);

Value SetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__setitem__", 2, 2)) return {};
  Tensor& t = TensorOf(self);
  Tensor val;
  if (!ValueTensor(vm, args[1], t.dtype(), &val)) return {};
  const Value& key = args[0];
  // Autograd records the write as PyTorch does (CopySlices,
  // IndexPutBackward0...); the tensor's earlier history stays below it.
  const bool record = ActiveOpTracer() == nullptr && GradEnabled() &&
                      (autodiff::RequiresGrad(val) || autodiff::RequiresGrad(t));
  // x[mask] = value with a full-shape mask and a broadcastable value.
  if (!record && IsTensor(key) && TensorOf(key).dtype() == DType::kBool &&
      TensorOf(key).sizes() == t.sizes() && val.numel() == 1) {
    Tensor r;
    if (!RunOp(vm, "where", {TensorOf(key), val, t}, &r)) return {};
    if (!WriteInPlace(vm, t, r)) return {};
    return Value::None();
  }
  if (record && autodiff::IsLeaf(t) && autodiff::RequiresGrad(t)) {
    Indexed probe;
    if (!ApplyBasic(vm, t, key, Views::kTraced, &probe)) return {};
    return RaiseRuntimeError(vm, probe.adv.empty() ? "a view of a leaf Variable that requires "
                                                     "grad is being used in an in-place operation."
                                                   : "a leaf Variable that requires grad is being "
                                                     "used in an in-place operation.");
  }
  bool advanced = false;
  {
    // The views the write goes through need no history of their own.
    autodiff::GradModeGuard no_grad(!record && GradEnabled());
    if (!WriteIndexed(vm, t, key, val, &advanced)) return {};
  }
  if (record) {
    Tensor positions;
    if (!WrittenPositions(vm, t, key, &positions)) return {};
    const bool number = !IsTensor(args[1]);
    absl::Status s = autodiff::RecordIndexWrite(t, number ? nullptr : &val, positions,
                                                WriteNodeName(key, advanced, number));
    // t itself a view: the write reaches its base too.
    if (s.ok()) s = autodiff::RebaseHistory(t);
    if (!s.ok()) return RaiseStatus(vm, s);
  }
  return Value::None();
}

bool WriteIndexed(VM& vm, Tensor& t, const Value& key, const Tensor& val, bool* advanced) {
  // While tracing, the written views share t's storage (see the top).
  const Views views = ActiveOpTracer() != nullptr ? Views::kAliasing : Views::kTraced;
  Indexed ix;
  if (!ApplyBasic(vm, t, key, views, &ix)) return false;
  *advanced = !ix.adv.empty();
  // Eager autograd records the write itself (SetItem); while tracing, the
  // value keeps its history, so the graph's write carries its gradient.
  const Tensor src = ActiveOpTracer() != nullptr ? val : autodiff::Detach(val);
  if (ix.adv.empty()) return CopyBroadcast(vm, ix.view, src);
  AdvPlan plan;
  if (!PlanAdvanced(vm, ix, views, &plan)) return false;
  // The value broadcast to the indexing result's shape, then laid out as
  // [bshape..., rest...] like the plan.
  Shape rshape = plan.bshape;
  rshape.insert(rshape.end(), plan.rest_sizes.begin(), plan.rest_sizes.end());
  Shape result_shape;
  Shape perm = ResultPerm(plan);
  for (int64_t d : perm) result_shape.push_back(rshape[static_cast<size_t>(d)]);
  absl::StatusOr<Shape> fits = tensor::BroadcastShapes(result_shape, val.sizes());
  if (!fits.ok() || *fits != result_shape) {
    RaiseRuntimeError(
        vm,
        absl::StrFormat("shape mismatch: value tensor of shape %s cannot be broadcast to "
                        "indexing result of shape %s",
                        tensor::ShapeToString(val.sizes()), tensor::ShapeToString(result_shape)));
    return false;
  }
  Tensor v;
  if (!RunOp(vm, "expand", {src, Constant(result_shape)}, &v)) return false;
  if (plan.insert_at > 0) {
    Shape inv(perm.size());
    for (size_t i = 0; i < perm.size(); ++i)
      inv[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
    if (!RunOp(vm, "permute", {v, Constant(inv)}, &v)) return false;
  }
  int64_t n = tensor::Numel(plan.bshape);
  Shape flat{n};
  flat.insert(flat.end(), plan.rest_sizes.begin(), plan.rest_sizes.end());
  Tensor vf;
  if (!ContiguousTensor(vm, v, &vf) || !RunOp(vm, "reshape", {vf, Constant(flat)}, &vf))
    return false;
  const Tensor& p = plan.permuted;
  int64_t row = tensor::Numel(plan.rest_sizes);
  Shape rest_contig = tensor::ContiguousStrides(plan.rest_sizes);
  for (int64_t k = 0; k < n; ++k) {
    int64_t off = p.storage_offset();
    for (size_t i = 0; i < plan.coords.size(); ++i) {
      off += plan.coords[i][static_cast<size_t>(k)] * p.stride(static_cast<int64_t>(i));
    }
    Tensor dst = p.AsStrided(plan.rest_sizes, plan.rest_strides, off);
    Tensor src = vf.AsStrided(plan.rest_sizes, rest_contig, vf.storage_offset() + k * row);
    if (ActiveOpTracer() != nullptr || dst.is_meta()) {
      if (!StoreInPlace(vm, dst, src)) return false;
      continue;
    }
    // One write as PyTorch's index_put_: the version moves once, below.
    if (absl::Status s = kernels::CopyInto(dst, src); !s.ok()) {
      RaiseStatus(vm, s);
      return false;
    }
  }
  if (ActiveOpTracer() == nullptr && !p.is_meta() && n > 0) p.storage()->BumpVersion();
  return true;
}

constexpr MethodDef kIndexing[] = {{"__getitem__", GetItem}, {"__setitem__", SetItem}};

}  // namespace

std::span<const MethodDef> TensorIndexingMethods() { return kIndexing; }

}  // namespace tc::script_torch
