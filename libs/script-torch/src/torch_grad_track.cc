// requires_grad propagation for inference: every Tensor method is wrapped
// (a native data method carrying the original) so that it marks results
// computed (in grad mode) from tensors requiring grad, so `y = w * 2; y.requires_grad` and the
// printed `grad_fn=<MulBackward0>` match PyTorch before autograd exists.
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

bool RequiresGrad(const Value& v) {
  if (IsTensor(v)) return Cast<TensorObject>(v)->requires_grad;
  if (v.is_object() && (IsInstance(v, Types().list) || IsInstance(v, Types().tuple))) {
    const std::vector<Value>& items =
        IsInstance(v, Types().list) ? Cast<ListObject>(v)->items : Cast<TupleObject>(v)->items;
    for (const Value& i : items) {
      if (IsTensor(i) && Cast<TensorObject>(i)->requires_grad) return true;
    }
  }
  return false;
}

// PyTorch's backward node name for the common ops; "" when unknown.
std::string GradFnName(std::string_view name, const tensor::Tensor& out, const Value& self,
                       const ArgsView& args) {
  if (name.size() > 4 && name.substr(0, 2) == "__") name = name.substr(2, name.size() - 4);
  if (name.size() > 1 && name[0] == 'r' &&
      (name == "radd" || name == "rsub" || name == "rmul" || name == "rtruediv" || name == "rpow" ||
       name == "rmatmul")) {
    if (name == "rsub") return "RsubBackward1";
    name = name.substr(1);
  }
  if (name == "truediv") name = "div";
  if (name == "matmul" || name == "mm") {
    int64_t a = TensorOf(self).dim();
    int64_t b = args.nargs > 0 && IsTensor(args[0]) ? TensorOf(args[0]).dim() : 2;
    if (a == 2 && b == 2) return "MmBackward0";
    if (a == 1 && b == 1) return "DotBackward0";
    if (a == 2 && b == 1) return "MvBackward0";
    if (a == 3 && b == 3) return "BmmBackward0";
    return "UnsafeViewBackward0";
  }
  bool has_args = args.nargs > 0 || args.nkw() > 0;
  if (name == "sum" || name == "mean") {
    std::string n = name == "sum" ? "Sum" : "Mean";
    return n + (has_args ? "Backward1" : "Backward0");
  }
  if (name == "view" || name == "reshape" || name == "flatten") return "ViewBackward0";
  if (name == "T" || name == "permute") return "PermuteBackward0";
  if (name == "getitem") return out.dim() >= 0 ? "SelectBackward0" : "";
  // Convolutions and pools (nn_functional_conv.cc); the 1-d pools end in
  // a squeeze of their 2-d pool, a 1x1 adaptive average in a mean.
  if (name.starts_with("conv")) return "ConvolutionBackward0";
  if (name.ends_with("pool1d")) return "SqueezeBackward1";
  if (name == "max_pool2d") return "MaxPool2DWithIndicesBackward0";
  if (name == "avg_pool2d") return "AvgPool2DBackward0";
  if (name == "adaptive_max_pool2d") return "AdaptiveMaxPool2DBackward0";
  if (name == "adaptive_avg_pool2d") {
    const int64_t nd = out.dim();
    const bool one = nd >= 2 && out.size(nd - 1) == 1 && out.size(nd - 2) == 1;
    return one ? "MeanBackward1" : "AdaptiveAvgPool2DBackward0";
  }
  // Ops whose node is named after the op: op name, node name stem.
  struct SimpleOp {
    const char* op;
    const char* node;
  };
  static constexpr SimpleOp kSimple[] = {{"add", "Add"},
                                         {"sub", "Sub"},
                                         {"mul", "Mul"},
                                         {"div", "Div"},
                                         {"neg", "Neg"},
                                         {"exp", "Exp"},
                                         {"log", "Log"},
                                         {"sin", "Sin"},
                                         {"cos", "Cos"},
                                         {"tanh", "Tanh"},
                                         {"sigmoid", "Sigmoid"},
                                         {"relu", "Relu"},
                                         {"pow", "Pow"},
                                         {"sqrt", "Sqrt"},
                                         {"rsqrt", "Rsqrt"},
                                         {"abs", "Abs"},
                                         {"clone", "Clone"},
                                         {"t", "T"},
                                         {"unsqueeze", "Unsqueeze"},
                                         {"squeeze", "Squeeze"},
                                         {"expand", "Expand"},
                                         {"transpose", "Transpose"},
                                         {"softmax", "Softmax"},
                                         {"log_softmax", "LogSoftmax"},
                                         {"gelu", "Gelu"},
                                         {"silu", "Silu"},
                                         {"clamp", "Clamp"},
                                         {"amax", "Amax"},
                                         {"amin", "Amin"},
                                         {"prod", "Prod"},
                                         {"var", "Var"},
                                         {"std", "Std"},
                                         {"logsumexp", "Logsumexp"},
                                         {"where", "Where"},
                                         {"maximum", "Maximum"},
                                         {"minimum", "Minimum"},
                                         {"index_select", "IndexSelect"},
                                         {"embedding", "Embedding"},
                                         {"embedding_bag", "EmbeddingBag"},
                                         {"gather", "Gather"},
                                         {"cat", "Cat"},
                                         {"stack", "Stack"},
                                         {"addmm", "Addmm"},
                                         {"erf", "Erf"},
                                         {"log1p", "Log1P"},
                                         {"expm1", "Expm1"},
                                         {"floor", "Floor"},
                                         {"ceil", "Ceil"},
                                         {"round", "Round"},
                                         {"sign", "Sign"},
                                         {"masked_fill", "MaskedFill"}};
  for (const SimpleOp& op : kSimple) {
    if (name == op.op) {
      std::string n = op.node;
      bool scalar_other = args.nargs > 0 && IsNumber(args[0]);
      if ((n == "Add" || n == "Sub" || n == "Mul" || n == "Div") && scalar_other) {
        return n + "Backward0";
      }
      if (n == "Pow" && scalar_other) return "PowBackward0";
      if (n == "Pow") return "PowBackward1";
      if (n == "Round" && has_args) return "RoundBackward1";      // round(decimals=)
      if (n == "Squeeze" && has_args) return "SqueezeBackward1";  // squeeze(dim)
      if (n == "Transpose" || n == "Unsqueeze" || n == "Squeeze") return n + "Backward0";
      return n + "Backward0";
    }
  }
  return "";
}

void Mark(const Value& v, const std::string& fn) {
  if (!IsTensor(v) || !tensor::IsFloatingPoint(TensorOf(v).dtype())) return;
  auto* t = Cast<TensorObject>(v);
  t->requires_grad = true;
  t->is_leaf = false;
  t->grad_fn = fn;
}

// Methods whose results never carry grad, or that manage the flag.
bool Untracked(std::string_view n) {
  static constexpr std::string_view kSkip[] = {
      "detach",         "__deepcopy__", "detach_",
      "requires_grad_", "__repr__",     "__str__",
      "__format__",     "__bool__",     "__len__",
      "__int__",        "__float__",    "__index__",
      "__hash__",       "__getattr__",  "__setitem__",
      "size",           "stride",       "dim",
      "ndimension",     "numel",        "nelement",
      "item",           "tolist",       "is_contiguous",
      "storage_offset", "element_size", "is_floating_point",
      "equal",          "allclose",     "new_zeros",
      "new_ones",       "new_full",     "new_empty",
      "new_tensor",     "cpu",          "cuda",
      "zero_",          "fill_",        "uniform_",
      "normal_",        "__eq__",       "__ne__",
      "__lt__",         "__le__",       "__gt__",
      "__ge__",         "argmax",       "argmin",
      "__new__",        "__init__"};
  for (std::string_view s : kSkip) {
    if (s == n) return true;
  }
  return false;
}

// The wrapper every tracked method calls through: `data` is a copy of the
// original method (its name and function).
Value TrackedMethod(VM& vm, const Value& self, const ArgsView& args, const Value& data) {
  auto* orig = Cast<NativeFunctionObject>(data);
  return TrackGrad(orig->name, CallNative(vm, orig, self, args), self, args);
}

}  // namespace

Value TrackGrad(std::string_view name, Value result, const Value& self, const ArgsView& args) {
  if (result.is_null() || !GradEnabled()) return result;
  if (result.is_object() && result.as_object() == self.as_object()) return result;
  bool any = RequiresGrad(self);
  for (int i = 0; !any && i < args.nargs + args.nkw(); ++i) any = RequiresGrad(args.data[i]);
  if (!any) return result;
  if (IsTensor(result)) {
    Mark(result, GradFnName(name, TensorOf(result), self, args));
  } else if (result.is_object() && IsInstance(result, Types().tuple)) {
    for (const Value& v : Cast<TupleObject>(result)->items) {
      if (IsTensor(v)) Mark(v, GradFnName(name, TensorOf(v), self, args));
    }
  }
  return result;
}

void AddGradTracking(Type* t) {
  for (auto& e : t->dict->entries) {
    if (e.key.is_null() || !e.value.is_object() || e.value.type() != Types().native_function)
      continue;
    auto* f = Cast<NativeFunctionObject>(e.value);
    if (!f->is_method || Untracked(f->name) || f->data_fn == TrackedMethod) continue;
    Value orig = CopyNativeMethod(f, Value(), f->owner);
    f->data_fn = TrackedMethod;
    f->data = std::move(orig);
  }
}

}  // namespace tc::script_torch
