// torch.Tensor's reductions: sum mean prod amax amin max min argmax argmin
// var std logsumexp all any norm, with PyTorch's argument forms (dim as an
// int or a tuple, keepdim, dtype=, max(dim) -> torch.return_types.max).
#include "absl/strings/str_format.h"

#include "op_name.h"
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

const tensor::Tensor& Self(const Value& v) { return TensorOf(v); }

// dim: None, an int or a sequence of ints.
bool DimArg(VM& vm, const Value& v, const char* fname, kernels::KernelArg* out) {
  if (v.is_null() || v.is_none()) {
    *out = Constant(None{});
    return true;
  }
  tensor::Shape dims;
  if (!ToIntList(vm, v, fname, "dim", &dims)) return false;
  *out = Constant(std::move(dims));
  return true;
}
bool BoolArg(VM& vm, const Value& v, bool def, bool* out) {
  if (v.is_null() || v.is_none()) {
    *out = def;
    return true;
  }
  int b = vm.Truthy(v);
  if (b < 0) return false;
  *out = b != 0;
  return true;
}
bool DTypeArg(VM& vm, const Value& v, kernels::KernelArg* out) {
  if (v.is_null() || v.is_none()) {
    *out = Constant(None{});
    return true;
  }
  DType d;
  if (!ToDType(vm, v, &d)) return false;
  *out = Constant(d);
  return true;
}

// The (dim, keepdim) arguments of most reductions, into a[0] and a[1].
bool DimKeepdimArgs(VM& vm, const ArgsView& args, const char* op, int required, Value* a) {
  static constexpr const char* kNames[] = {"dim", "keepdim"};
  return ParseArgs(vm, args, op, kNames, required, a);
}

// sum / mean / prod (dim=None, keepdim=False, *, dtype=None).
template <OpName kOp>
Value SumLike(VM& vm, const Value& self, const ArgsView& args) {
  const char* op = kOp.text;
  static constexpr const char* kNames[] = {"dim", "keepdim", "dtype"};
  Value a[3];
  if (!ParseArgs(vm, args, op, kNames, 0, a)) return {};
  kernels::KernelArg dim, dtype;
  bool keepdim;
  if (std::string_view(op) == "prod") {
    if (a[0].is_null() || a[0].is_none()) {
      dim = Constant(None{});
    } else {
      int64_t d;
      if (!ToInt(vm, a[0], &d)) return {};
      dim = Constant(tensor::Scalar(d));
    }
  } else if (!DimArg(vm, a[0], op, &dim)) {
    return {};
  }
  if (!BoolArg(vm, a[1], false, &keepdim) || !DTypeArg(vm, a[2], &dtype)) return {};
  return CallOp(vm, op, {Self(self), dim, Constant(tensor::Scalar(keepdim)), dtype});
}

// amax / amin (dim=(), keepdim=False).
template <OpName kOp>
Value AmaxLike(VM& vm, const Value& self, const ArgsView& args) {
  const char* op = kOp.text;
  Value a[2];
  if (!DimKeepdimArgs(vm, args, op, 0, a)) return {};
  tensor::Shape dims;
  if (!a[0].is_null() && !a[0].is_none() && !ToIntList(vm, a[0], op, "dim", &dims)) return {};
  bool keepdim;
  if (!BoolArg(vm, a[1], false, &keepdim)) return {};
  return CallOp(vm, op, {Self(self), Constant(dims), Constant(tensor::Scalar(keepdim))});
}

// max() / max(dim, keepdim=False) / max(other).
Value MaxLike(VM& vm, const Value& self, const ArgsView& args, bool is_max) {
  const char* name = is_max ? "max" : "min";
  Value a[2];
  if (!DimKeepdimArgs(vm, args, name, 0, a)) return {};
  const tensor::Tensor& t = Self(self);
  if (a[0].is_null()) {
    if (t.numel() == 0) {
      return RaiseRuntimeError(vm, absl::StrFormat("%s(): Expected reduction dim to be specified "
                                                   "for input.numel() == 0. Specify the reduction "
                                                   "dim with the 'dim' argument.",
                                                   name));
    }
    return CallOp(vm, is_max ? "amax" : "amin",
                  {t, Constant(tensor::Shape{}), Constant(tensor::Scalar(false))});
  }
  if (IsTensor(a[0])) return CallOp(vm, is_max ? "maximum" : "minimum", {t, TensorOf(a[0])});
  int64_t dim;
  bool keepdim;
  if (!ToInt(vm, a[0], &dim) || !BoolArg(vm, a[1], false, &keepdim)) return {};
  absl::StatusOr<std::vector<tensor::Tensor>> r =
      RunKernel(is_max ? "max_dim" : "min_dim",
                {t, Constant(tensor::Scalar(dim)), Constant(tensor::Scalar(keepdim))});
  if (!r.ok()) return RaiseStatus(vm, r.status());
  return NewReturnTypes(name, WrapTensor((*r)[0]), WrapTensor((*r)[1]));
}
Value RMax(VM& vm, const Value& s, const ArgsView& a) { return MaxLike(vm, s, a, true); }
Value RMin(VM& vm, const Value& s, const ArgsView& a) { return MaxLike(vm, s, a, false); }

// argmax / argmin (dim=None, keepdim=False).
template <OpName kOp>
Value ArgLike(VM& vm, const Value& self, const ArgsView& args) {
  const char* op = kOp.text;
  Value a[2];
  if (!DimKeepdimArgs(vm, args, op, 0, a)) return {};
  kernels::KernelArg dim = Constant(None{});
  if (!a[0].is_null() && !a[0].is_none()) {
    int64_t d;
    if (!ToInt(vm, a[0], &d)) return {};
    dim = Constant(tensor::Scalar(d));
  }
  bool keepdim;
  if (!BoolArg(vm, a[1], false, &keepdim)) return {};
  return CallOp(vm, op, {Self(self), dim, Constant(tensor::Scalar(keepdim))});
}

// var / std (dim=None, unbiased=True, keepdim=False, *, correction=None);
// a leading bool is the legacy `unbiased` form.
template <OpName kOp>
Value VarLike(VM& vm, const Value& self, const ArgsView& args) {
  const char* op = kOp.text;
  static constexpr const char* kNames[] = {"dim", "unbiased", "keepdim", "correction"};
  Value a[4];
  if (!ParseArgs(vm, args, op, kNames, 0, a)) return {};
  if (a[0].is_bool()) {
    a[1] = a[0];
    a[0] = Value();
  }
  kernels::KernelArg dim, correction = Constant(None{});
  if (!DimArg(vm, a[0], op, &dim)) return {};
  if (!a[3].is_null() && !a[3].is_none()) {
    tensor::Scalar c;
    if (!ToScalarArg(vm, a[3], op, "correction", &c)) return {};
    correction = Constant(c);
  } else if (!a[1].is_null() && !a[1].is_none()) {
    bool unbiased;
    if (!BoolArg(vm, a[1], true, &unbiased)) return {};
    correction = Constant(tensor::Scalar(int64_t{unbiased ? 1 : 0}));
  }
  bool keepdim;
  if (!BoolArg(vm, a[2], false, &keepdim)) return {};
  return CallOp(vm, op, {Self(self), dim, correction, Constant(tensor::Scalar(keepdim))});
}

// all / any (dim=None, keepdim=False), and logsumexp, whose dim is
// required (kRequired 1).
template <OpName kOp, int kRequired = 0>
Value AllLike(VM& vm, const Value& self, const ArgsView& args) {
  const char* op = kOp.text;
  Value a[2];
  kernels::KernelArg dim;
  bool keepdim;
  if (!DimKeepdimArgs(vm, args, op, kRequired, a) || !DimArg(vm, a[0], op, &dim) ||
      !BoolArg(vm, a[1], false, &keepdim)) {
    return {};
  }
  return CallOp(vm, op, {Self(self), dim, Constant(tensor::Scalar(keepdim))});
}

// norm(p=2, dim=None, keepdim=False): a numeric p (or 'fro', the 2-norm)
// is linalg_vector_norm, as in PyTorch (LinalgVectorNormBackward0).
Value RNorm(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"p", "dim", "keepdim", "dtype"};
  Value a[4];
  if (!ParseArgs(vm, args, "norm", kNames, 0, a)) return {};
  double p = 2;
  if (!a[0].is_null() && !a[0].is_none()) {
    const std::string* s = StrValue(a[0]);
    if (s != nullptr && *s == "fro") {
      p = 2;
    } else if (s != nullptr || !ToFloat(vm, a[0], &p)) {
      if (!vm.HasException()) return RaiseUnsupported(vm, "torch.norm(p='nuc')");
      return {};
    }
  }
  kernels::KernelArg dim;
  bool keepdim;
  if (!DimArg(vm, a[1], "norm", &dim) || !BoolArg(vm, a[2], false, &keepdim)) return {};
  return CallOp(vm, "linalg_vector_norm",
                {Self(self), Constant(tensor::Scalar(p)), dim, Constant(tensor::Scalar(keepdim))});
}

constexpr MethodDef kReductions[] = {
    {"sum", SumLike<"sum">},
    {"mean", SumLike<"mean">},
    {"prod", SumLike<"prod">},
    {"amax", AmaxLike<"amax">},
    {"amin", AmaxLike<"amin">},
    {"max", RMax},
    {"min", RMin},
    {"argmax", ArgLike<"argmax">},
    {"argmin", ArgLike<"argmin">},
    {"var", VarLike<"var">},
    {"std", VarLike<"std">},
    {"all", AllLike<"all">},
    {"any", AllLike<"any">},
    {"logsumexp", AllLike<"logsumexp", 1>},
    {"norm", RNorm},
};

}  // namespace

std::span<const MethodDef> TensorReductionMethods() { return kReductions; }

}  // namespace tc::script_torch
