// torch.nn.functional: activations, softmax, linear, layer_norm, dropout
// and the losses, with PyTorch's signatures, each one call of a
// registered (core or composite) op.
#include "nn_functional.h"

#include "absl/strings/str_format.h"

#include "script_torch_embedded.h"
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

bool Tensor0(VM& vm, const Value& v, const char* f, const char* arg, tensor::Tensor* out) {
  return ToTensorArg(vm, v, f, arg, out);
}
Constant OptTensorNone() { return Constant(None{}); }

// relu / tanh / sigmoid / silu (input, inplace=False).
Value Unary(VM& vm, const ArgsView& args, const char* fname, const char* op) {
  static constexpr const char* kNames[] = {"input", "inplace"};
  Value a[2];
  if (!ParseArgs(vm, args, fname, kNames, 1, a)) return {};
  tensor::Tensor x;
  if (!Tensor0(vm, a[0], fname, "input", &x)) return {};
  Value r = CallOp(vm, op, {x});
  if (r.is_null()) return r;
  if (!a[1].is_null() && vm.Truthy(a[1]) == 1) {
    if (!WriteInPlace(vm, x, TensorOf(r))) return {};
    return a[0];
  }
  return r;
}
Value FRelu(VM& vm, const Value&, const ArgsView& a) { return Unary(vm, a, "relu", "relu"); }
Value FTanh(VM& vm, const Value&, const ArgsView& a) { return Unary(vm, a, "tanh", "tanh"); }
Value FSigmoid(VM& vm, const Value&, const ArgsView& a) {
  return Unary(vm, a, "sigmoid", "sigmoid");
}
Value FSilu(VM& vm, const Value&, const ArgsView& a) { return Unary(vm, a, "silu", "silu"); }

Value FGelu(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "approximate"};
  Value a[2];
  if (!ParseArgs(vm, args, "gelu", kNames, 1, a)) return {};
  tensor::Tensor x;
  if (!Tensor0(vm, a[0], "gelu", "input", &x)) return {};
  std::string approx = "none";
  if (!a[1].is_null()) {
    const std::string* s = StrValue(a[1]);
    if (s == nullptr) return RaiseTypeError(vm, "gelu(): argument 'approximate' must be str");
    approx = *s;
  }
  return CallOp(vm, "gelu", {x, Constant(approx)});
}

// softmax / log_softmax (input, dim=None, _stacklevel=3, dtype=None).
Value SoftmaxLike(VM& vm, const ArgsView& args, const char* op) {
  static constexpr const char* kNames[] = {"input", "dim", "_stacklevel", "dtype"};
  Value a[4];
  if (!ParseArgs(vm, args, op, kNames, 1, a)) return {};
  tensor::Tensor x;
  if (!Tensor0(vm, a[0], op, "input", &x)) return {};
  int64_t dim;
  if (a[1].is_null() || a[1].is_none()) {
    // PyTorch's implicit dim (deprecated).
    int64_t nd = x.dim();
    dim = (nd == 0 || nd == 1 || nd == 3) ? 0 : 1;
  } else if (!ToInt(vm, a[1], &dim)) {
    return {};
  }
  Constant dtype = Constant(None{});
  if (!a[3].is_null() && !a[3].is_none()) {
    DType d;
    if (!ToDType(vm, a[3], &d)) return {};
    dtype = Constant(d);
  }
  return CallOp(vm, op, {x, Constant(Scalar(dim)), dtype});
}
Value FSoftmax(VM& vm, const Value&, const ArgsView& a) { return SoftmaxLike(vm, a, "softmax"); }
Value FLogSoftmax(VM& vm, const Value&, const ArgsView& a) {
  return SoftmaxLike(vm, a, "log_softmax");
}

Value FLinear(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "weight", "bias"};
  Value a[3];
  if (!ParseArgs(vm, args, "linear", kNames, 2, a)) return {};
  tensor::Tensor x, w;
  kernels::KernelArg b;
  if (!Tensor0(vm, a[0], "linear", "input", &x) || !Tensor0(vm, a[1], "linear", "weight", &w) ||
      !OptTensor(vm, a[2], "linear", "bias", &b)) {
    return {};
  }
  return CallOp(vm, "linear", {x, w, b});
}

Value FLayerNorm(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "normalized_shape", "weight", "bias", "eps"};
  Value a[5];
  if (!ParseArgs(vm, args, "layer_norm", kNames, 2, a)) return {};
  tensor::Tensor x;
  tensor::Shape shape;
  kernels::KernelArg w, b;
  double eps = 1e-5;
  if (!Tensor0(vm, a[0], "layer_norm", "input", &x) ||
      !ToIntList(vm, a[1], "layer_norm", "normalized_shape", &shape) ||
      !OptTensor(vm, a[2], "layer_norm", "weight", &w) ||
      !OptTensor(vm, a[3], "layer_norm", "bias", &b) ||
      (!a[4].is_null() && !ToFloat(vm, a[4], &eps))) {
    return {};
  }
  return CallOp(vm, "layer_norm", {x, Constant(shape), w, b, Constant(Scalar(eps))});
}

Value FDropout(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "p", "training", "inplace"};
  Value a[4];
  if (!ParseArgs(vm, args, "dropout", kNames, 1, a)) return {};
  tensor::Tensor x;
  double p = 0.5;
  if (!Tensor0(vm, a[0], "dropout", "input", &x) || (!a[1].is_null() && !ToFloat(vm, a[1], &p))) {
    return {};
  }
  if (p < 0 || p > 1) {
    return RaiseValueError(vm, absl::StrFormat("dropout probability has to be between 0 and 1, but "
                                               "got %s",
                                               Scalar(p).ToString()));
  }
  bool training = true;
  if (!a[2].is_null()) {
    int t = vm.Truthy(a[2]);
    if (t < 0) return {};
    training = t != 0;
  }
  Value r = CallOp(vm, "dropout", {x, Constant(Scalar(p)), Constant(Scalar(training))});
  if (r.is_null()) return r;
  if (!a[3].is_null() && vm.Truthy(a[3]) == 1) {
    if (!WriteInPlace(vm, x, TensorOf(r))) return {};
    return a[0];
  }
  return r;
}

bool Reduction(VM& vm, const Value& v, std::string* out) {
  *out = "mean";
  if (v.is_null()) return true;
  const std::string* s = StrValue(v);
  if (s == nullptr) {
    RaiseTypeError(vm, "reduction must be a string");
    return false;
  }
  if (*s != "mean" && *s != "sum" && *s != "none") {
    RaiseValueError(vm, *s + " is not a valid value for reduction");
    return false;
  }
  *out = *s;
  return true;
}

Value FMseLoss(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "target", "size_average", "reduce",
                                           "reduction"};
  Value a[5];
  if (!ParseArgs(vm, args, "mse_loss", kNames, 2, a)) return {};
  tensor::Tensor x, y;
  std::string red;
  if (!Tensor0(vm, a[0], "mse_loss", "input", &x) || !Tensor0(vm, a[1], "mse_loss", "target", &y) ||
      !Reduction(vm, a[4], &red)) {
    return {};
  }
  return CallOp(vm, "mse_loss", {x, y, Constant(red)});
}

// nll_loss / cross_entropy share their signature up to label_smoothing.
Value LossWithTarget(VM& vm, const ArgsView& args, const char* op) {
  static constexpr const char* kNames[] = {"input",        "target",         "weight",
                                           "size_average", "ignore_index",   "reduce",
                                           "reduction",    "label_smoothing"};
  bool ce = std::string_view(op) == "cross_entropy";
  Value a[8];
  std::span<const char* const> names(kNames, ce ? 8 : 7);
  if (!ParseArgs(vm, args, op, names, 2, a)) return {};
  tensor::Tensor x, y;
  kernels::KernelArg w;
  std::string red;
  int64_t ignore = -100;
  double smoothing = 0;
  if (!Tensor0(vm, a[0], op, "input", &x) || !Tensor0(vm, a[1], op, "target", &y) ||
      !OptTensor(vm, a[2], op, "weight", &w) || !Reduction(vm, a[6], &red) ||
      (!a[4].is_null() && !ToInt(vm, a[4], &ignore)) ||
      (!a[7].is_null() && !ToFloat(vm, a[7], &smoothing))) {
    return {};
  }
  std::vector<kernels::KernelArg> k = {x, y, w, Constant(red), Constant(Scalar(ignore))};
  if (ce) k.emplace_back(Constant(Scalar(smoothing)));
  return CallOp(vm, op, std::move(k));
}
Value FNllLoss(VM& vm, const Value&, const ArgsView& a) {
  return LossWithTarget(vm, a, "nll_loss");
}
Value FCrossEntropy(VM& vm, const Value&, const ArgsView& a) {
  return LossWithTarget(vm, a, "cross_entropy");
}

constexpr MethodDef kFunctions[] = {
    {"relu", FRelu},
    {"tanh", FTanh},
    {"sigmoid", FSigmoid},
    {"silu", FSilu},
    {"gelu", FGelu},
    {"softmax", FSoftmax},
    {"log_softmax", FLogSoftmax},
    {"linear", FLinear},
    {"layer_norm", FLayerNorm},
    {"dropout", FDropout},
    {"mse_loss", FMseLoss},
    {"nll_loss", FNllLoss},
    {"cross_entropy", FCrossEntropy},
};

// Runs the wrapped function (`inner`): autograd records its ops.
Value Tracked(VM& vm, const Value& inner, const ArgsView& args) {
  auto* f = Cast<NativeFunctionObject>(inner);
  return CallNative(vm, f, f->self, args);
}

}  // namespace

bool OptTensor(VM& vm, const Value& v, const char* f, const char* arg, kernels::KernelArg* out) {
  if (v.is_null() || v.is_none()) {
    *out = OptTensorNone();
    return true;
  }
  tensor::Tensor t;
  if (!ToTensorArg(vm, v, f, arg, &t)) return false;
  *out = std::move(t);
  return true;
}
// nn_functional_shape.cc's functions (one_hot, pad, pixel_shuffle, ...).
std::span<const MethodDef> FunctionalShapeFunctions();
// nn_functional_interp.cc's interpolate.
std::span<const MethodDef> FunctionalInterpFunctions();
std::span<const MethodDef> FunctionalAttentionFunctions();  // nn_functional_attention.cc
// nn_functional_embedding.cc's: embedding, embedding_bag.
std::span<const MethodDef> FunctionalEmbeddingFunctions();

bool InitFunctionalModule(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  std::vector<MethodDef> defs(std::begin(kFunctions), std::end(kFunctions));
  for (const MethodDef& d : NormFunctions()) defs.push_back(d);
  for (const MethodDef& d : FunctionalExtraFunctions()) defs.push_back(d);
  for (const MethodDef& d : FunctionalShapeFunctions()) defs.push_back(d);
  for (const MethodDef& d : FunctionalInterpFunctions()) defs.push_back(d);
  for (const MethodDef& d : FunctionalAttentionFunctions()) defs.push_back(d);
  for (const MethodDef& d : FunctionalEmbeddingFunctions()) defs.push_back(d);
  for (const MethodDef& d : defs) {
    Value inner = NewNativeFunction(d.name, d.fn, Value::Borrow(m));
    ModuleSet(
        m, d.name,
        NewNativeFunction(d.name, Tracked, inner, std::string("torch.nn.functional.") + d.name));
  }
  AddConvPoolFunctions(m, false);
  // dropout1d/2d/3d, alpha_dropout, feature_alpha_dropout (Python).
  return RunPrelude(vm, kNnFunctionalDropoutPy, m);
}

}  // namespace tc::script_torch
