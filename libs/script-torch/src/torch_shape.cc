// torch.Tensor's shape methods: view reshape permute transpose t
// unsqueeze squeeze expand flatten split chunk narrow unbind repeat, as
// views through the core view ops wherever PyTorch returns a view.
#include "absl/strings/str_format.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

const tensor::Tensor& Self(const Value& v) { return TensorOf(v); }
Constant I(int64_t v) { return Constant(Scalar(v)); }

// view(*shape) / reshape(*shape) / expand(*sizes) / permute(*dims).
Value SizesOp(VM& vm, const Value& self, const ArgsView& args, const char* op, const char* kw) {
  tensor::Shape sizes;
  if (!SizesFromArgs(vm, args, 0, KwArg(args, kw), op, &sizes)) return {};
  return CallOp(vm, op, {Self(self), Constant(std::move(sizes))});
}
Value SView(VM& vm, const Value& s, const ArgsView& a) {
  if (a.nargs == 1 && IsInstance(a[0], DTypeType()))
    return RaiseUnsupported(vm, "torch.Tensor.view(dtype)");
  return SizesOp(vm, s, a, "view", "size");
}
Value SReshape(VM& vm, const Value& s, const ArgsView& a) {
  return SizesOp(vm, s, a, "reshape", "shape");
}
Value SExpand(VM& vm, const Value& s, const ArgsView& a) {
  return SizesOp(vm, s, a, "expand", "size");
}
Value SPermute(VM& vm, const Value& s, const ArgsView& a) {
  return SizesOp(vm, s, a, "permute", "dims");
}

Value SViewAs(VM& vm, const Value& self, const ArgsView& args, const char* op) {
  if (!CheckArgCount(vm, args, op, 1, 1)) return {};
  tensor::Tensor other;
  if (!ToTensorArg(vm, args[0], op, "other", &other)) return {};
  std::string_view base(op);
  base = base.substr(0, base.size() - 3);  // view_as -> view
  return CallOp(vm, std::string(base), {Self(self), Constant(tensor::Shape(other.sizes()))});
}
Value SViewAsM(VM& vm, const Value& s, const ArgsView& a) { return SViewAs(vm, s, a, "view_as"); }
Value SReshapeAs(VM& vm, const Value& s, const ArgsView& a) {
  return SViewAs(vm, s, a, "reshape_as");
}
Value SExpandAs(VM& vm, const Value& s, const ArgsView& a) {
  return SViewAs(vm, s, a, "expand_as");
}

Value STranspose(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"dim0", "dim1"};
  Value a[2];
  if (!ParseArgs(vm, args, "transpose", kNames, 2, a)) return {};
  int64_t d0, d1;
  if (!ToInt(vm, a[0], &d0) || !ToInt(vm, a[1], &d1)) return {};
  return CallOp(vm, "transpose", {Self(self), I(d0), I(d1)});
}
Value ST(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "t", 0, 0)) return {};
  return CallOp(vm, "t", {Self(self)});
}
Value SUnsqueeze(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"dim"};
  Value a[1];
  int64_t d;
  if (!ParseArgs(vm, args, "unsqueeze", kNames, 1, a) || !ToInt(vm, a[0], &d)) return {};
  return CallOp(vm, "unsqueeze", {Self(self), I(d)});
}
Value SSqueeze(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"dim"};
  Value a[1];
  if (!ParseArgs(vm, args, "squeeze", kNames, 0, a)) return {};
  if (a[0].is_null() || a[0].is_none())
    return CallOp(vm, "squeeze", {Self(self), Constant(None{})});
  tensor::Shape dims;
  if (!ToIntList(vm, a[0], "squeeze", "dim", &dims)) return {};
  return CallOp(vm, "squeeze", {Self(self), Constant(std::move(dims))});
}
Value SFlatten(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"start_dim", "end_dim"};
  Value a[2];
  if (!ParseArgs(vm, args, "flatten", kNames, 0, a)) return {};
  int64_t s = 0, e = -1;
  if (!a[0].is_null() && !ToInt(vm, a[0], &s)) return {};
  if (!a[1].is_null() && !ToInt(vm, a[1], &e)) return {};
  return CallOp(vm, "flatten", {Self(self), I(s), I(e)});
}
Value SNarrow(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"dim", "start", "length"};
  Value a[3];
  int64_t d, s, l;
  if (!ParseArgs(vm, args, "narrow", kNames, 3, a) || !ToInt(vm, a[0], &d) ||
      !ToInt(vm, a[1], &s) || !ToInt(vm, a[2], &l)) {
    return {};
  }
  return CallOp(vm, "narrow", {Self(self), I(d), I(s), I(l)});
}

// Pieces of `sizes` along `dim` as narrow views.
Value SplitSizes(VM& vm, const tensor::Tensor& t, int64_t dim, const std::vector<int64_t>& sizes) {
  std::vector<Value> parts;
  int64_t start = 0;
  for (int64_t s : sizes) {
    Value v = CallOp(vm, "narrow", {t, I(dim), I(start), I(s)});
    if (v.is_null()) return v;
    parts.push_back(std::move(v));
    start += s;
  }
  return NewTuple(std::move(parts));
}
Value SSplit(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"split_size", "dim"};
  Value a[2];
  if (!ParseArgs(vm, args, "split", kNames, 1, a)) return {};
  const tensor::Tensor& t = Self(self);
  if (t.dim() == 0) return RaiseRuntimeError(vm, "split expects at least a 1-dimensional tensor");
  int64_t dim;
  if (!WrapDimArg(vm, t, a[1], &dim)) return {};
  int64_t n = t.size(dim);
  std::vector<int64_t> sizes;
  if (a[0].is_int()) {
    int64_t k = a[0].as_int();
    if (k <= 0 && n > 0)
      return RaiseRuntimeError(
          vm, "split_size can only be 0 if dimension size is 0, but got dimension size of " +
                  std::to_string(n));
    for (int64_t s = 0; s < n; s += k) sizes.push_back(std::min(k, n - s));
    if (n == 0) sizes.push_back(0);
  } else {
    tensor::Shape ss;
    if (!ToIntList(vm, a[0], "split", "split_size", &ss)) return {};
    int64_t total = 0;
    for (int64_t s : ss) total += s;
    if (total != n) {
      return RaiseRuntimeError(vm, absl::StrFormat("split_with_sizes expects split_sizes to sum "
                                                   "exactly to %d (input tensor's size at "
                                                   "dimension %d), but got split_sizes=%s",
                                                   n, dim, tensor::ShapeToString(ss)));
    }
    sizes.assign(ss.begin(), ss.end());
  }
  return SplitSizes(vm, t, dim, sizes);
}
Value SChunk(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"chunks", "dim"};
  Value a[2];
  if (!ParseArgs(vm, args, "chunk", kNames, 1, a)) return {};
  const tensor::Tensor& t = Self(self);
  if (t.dim() == 0) return RaiseRuntimeError(vm, "chunk expects at least a 1-dimensional tensor");
  int64_t chunks, dim;
  if (!ToInt(vm, a[0], &chunks) || !WrapDimArg(vm, t, a[1], &dim)) return {};
  if (chunks <= 0)
    return RaiseRuntimeError(
        vm, "chunk expects `chunks` to be greater than 0, got: " + std::to_string(chunks));
  int64_t n = t.size(dim);
  int64_t k = (n + chunks - 1) / chunks;
  std::vector<int64_t> sizes;
  if (k == 0) {
    sizes.push_back(0);
  } else {
    for (int64_t s = 0; s < n; s += k) sizes.push_back(std::min(k, n - s));
  }
  return SplitSizes(vm, t, dim, sizes);
}
Value SUnbind(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"dim"};
  Value a[1];
  if (!ParseArgs(vm, args, "unbind", kNames, 0, a)) return {};
  const tensor::Tensor& t = Self(self);
  if (t.dim() == 0)
    return RaiseIndexError(vm, "Dimension specified as 0 but tensor has no dimensions");
  int64_t dim;
  if (!WrapDimArg(vm, t, a[0], &dim)) return {};
  std::vector<Value> parts;
  for (int64_t i = 0; i < t.size(dim); ++i) {
    tensor::Tensor piece;
    if (!RunOp(vm, "narrow", {t, I(dim), I(i), I(1)}, &piece) ||
        !RunOp(vm, "squeeze", {piece, Constant(tensor::Shape{dim})}, &piece)) {
      return {};
    }
    parts.push_back(WrapTensor(std::move(piece)));
  }
  return NewTuple(std::move(parts));
}
// repeat(*sizes): each dim tiled; x.view(1, a, 1, b).expand(r0, a, r1, b).reshape(r0*a, r1*b).
Value SRepeat(VM& vm, const Value& self, const ArgsView& args) {
  tensor::Shape reps;
  if (!SizesFromArgs(vm, args, 0, KwArg(args, "repeats"), "repeat", &reps)) return {};
  const tensor::Tensor& t = Self(self);
  if (static_cast<int64_t>(reps.size()) < t.dim()) {
    return RaiseRuntimeError(vm,
                             "Number of dimensions of repeat dims can not be smaller than "
                             "number of dimensions of tensor");
  }
  size_t lead = reps.size() - static_cast<size_t>(t.dim());
  // repeat always copies (CloneTensor below); negative counts are
  // rejected on the output's sizes, as ATen words it.
  for (size_t i = 0; i < reps.size(); ++i) {
    if (reps[i] >= 0) continue;
    tensor::Shape bad;
    for (size_t j = 0; j < reps.size(); ++j) {
      bad.push_back(reps[j] * (j < lead ? 1 : t.size(static_cast<int64_t>(j - lead))));
    }
    return RaiseRuntimeError(vm, absl::StrFormat("Trying to create tensor with negative dimension "
                                                 "%d: %s",
                                                 bad[i], tensor::ShapeToString(bad)));
  }
  tensor::Shape view, expand, out;
  for (size_t i = 0; i < reps.size(); ++i) {
    int64_t s = i < lead ? 1 : t.size(static_cast<int64_t>(i - lead));
    view.push_back(1);
    view.push_back(s);
    expand.push_back(reps[i]);
    expand.push_back(s);
    out.push_back(reps[i] * s);
  }
  tensor::Tensor r;
  if (!RunOp(vm, "reshape", {t, Constant(view)}, &r) ||
      !RunOp(vm, "expand", {r, Constant(expand)}, &r) ||
      !CloneTensorAs(vm, r, tensor::MemoryFormat::kContiguous, &r)) {
    return {};
  }
  return CallOp(vm, "reshape", {r, Constant(out)});
}

// transpose_ / t_ / unsqueeze_ / squeeze_: the view replaces self's
// metadata (same storage).
Value ViewInPlace(const Value& self, Value r) {
  if (r.is_null()) return r;
  Cast<TensorObject>(self)->t = TensorOf(r);
  return self;
}
Value STransposeInPlace(VM& vm, const Value& s, const ArgsView& a) {
  return ViewInPlace(s, STranspose(vm, s, a));
}
Value STInPlace(VM& vm, const Value& s, const ArgsView& a) { return ViewInPlace(s, ST(vm, s, a)); }
Value SUnsqueezeInPlace(VM& vm, const Value& s, const ArgsView& a) {
  return ViewInPlace(s, SUnsqueeze(vm, s, a));
}
Value SSqueezeInPlace(VM& vm, const Value& s, const ArgsView& a) {
  return ViewInPlace(s, SSqueeze(vm, s, a));
}

constexpr MethodDef kShape[] = {
    {"transpose_", STransposeInPlace},
    {"t_", STInPlace},
    {"unsqueeze_", SUnsqueezeInPlace},
    {"squeeze_", SSqueezeInPlace},
    {"view", SView},
    {"reshape", SReshape},
    {"expand", SExpand},
    {"permute", SPermute},
    {"view_as", SViewAsM},
    {"reshape_as", SReshapeAs},
    {"expand_as", SExpandAs},
    {"transpose", STranspose},
    {"swapaxes", STranspose},
    {"t", ST},
    {"unsqueeze", SUnsqueeze},
    {"squeeze", SSqueeze},
    {"flatten", SFlatten},
    {"narrow", SNarrow},
    {"split", SSplit},
    {"chunk", SChunk},
    {"unbind", SUnbind},
    {"repeat", SRepeat},
};

}  // namespace

std::span<const MethodDef> TensorShapeMethods() { return kShape; }

}  // namespace tc::script_torch
