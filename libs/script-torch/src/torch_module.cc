// The `torch` module: dtypes, types, creation functions, the torch.X forms
// of Tensor methods, grad-mode context managers, and the attribute
// fallback that turns real-but-missing torch APIs into NotImplementedError.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/module_registry.h"
#include "tc/script_torch/modules.h"
#include "tc/support/check.h"

#include "script_torch_embedded.h"
#include "torch_function.h"
#include "torch_known_names.h"
#include "torch_random.h"
#include "torch_tensor.h"

namespace tc::script_torch {

// torch_linalg.cc: the methods torch also offers as functions, and
// torch.einsum / torch.tensordot.
std::span<const char* const> LinalgFunctions();
void AddLinalgFunctions(ModuleObject* m);

namespace {

// --- Module attribute fallback -------------------------------------------
// The VM has no module-level __getattr__ yet, so torch's modules get a
// subtype of `module` whose __getattr__ imports registered submodules and
// reports missing APIs.

Value ModuleGetAttr(VM& vm, const Value& self, const ArgsView& args) {
  const std::string* name = args.nargs == 1 ? StrValue(args[0]) : nullptr;
  if (name == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  const std::string& mod = Cast<ModuleObject>(self)->name;
  std::string full = absl::StrCat(mod, ".", *name);
  if (FindBuiltinModule(full) != nullptr) return vm.Import(full);
  if (mod == "torch" && (*name == "save" || *name == "load")) {
    // Loaded on first use: torch.serialization runs Python (zipfile, pickle).
    Value s = vm.Import("torch.serialization");
    return s.is_null() ? s : vm.GetAttr(s, *name);
  }
  // A name PyTorch has there: hasattr(torch, name) is False for these
  // (native.h).
  std::optional<TorchNamespace> ns = TorchModuleNamespace(mod);
  if (ns.has_value() && TorchHasName(*ns, *name)) {
    RaiseUnsupported(vm, full);
    return MarkUnsupportedAttribute(vm);
  }
  return RaiseAttributeError(vm, absl::StrFormat("module '%s' has no attribute '%s'", mod, *name));
}
Value ModuleRepr(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::StrFormat("<module '%s' (built-in)>", Cast<ModuleObject>(self)->name));
}
constexpr MethodDef kModuleMethods[] = {{"__getattr__", ModuleGetAttr}, {"__repr__", ModuleRepr}};

Type* TorchModuleType() {
  static Type* t = NewNativeType({.name = "module",
                                  .module = "builtins",
                                  .base = Types().module,
                                  .methods = kModuleMethods,
                                  .flags = Type::kInstanceDict});
  return t;
}

// --- torch.X(input, ...) = input.X(...) --------------------------------------

Value MethodAdapter(VM& vm, const Value& method, const ArgsView& args) {
  auto* nf = Cast<NativeFunctionObject>(method);
  // torch.pow(2, t): a number base is the reflected operator.
  if (nf->name == "pow" && args.nargs == 2 && IsNumber(args[0]) && IsTensor(args[1])) {
    return vm.Binary(BinaryOp::kPow, args[0], args[1]);
  }
  if (args.nargs >= 1) {
    if (!IsTensor(args[0])) {
      return RaiseTypeError(vm, absl::StrFormat("%s(): argument 'input' (position 1) must be "
                                                "Tensor, not %s",
                                                nf->name, TypeName(args[0])));
    }
    return CallNative(vm, nf, args[0], ArgsView(args.data + 1, args.nargs - 1, args.kwnames));
  }
  // input= given by keyword: rebuild the keywords without it.
  std::vector<Value> vals;
  std::vector<Value> names;
  Value input;
  for (int k = 0; k < args.nkw(); ++k) {
    if (args.kwname(k) == "input") {
      input = args.kwvalue(k);
    } else {
      vals.push_back(args.kwvalue(k));
      names.push_back(args.kwnames->items[k]);
    }
  }
  if (input.is_null() || !IsTensor(input)) {
    return RaiseTypeError(
        vm, absl::StrFormat("%s() missing required argument 'input' (pos 1)", nf->name));
  }
  Value kw = NewTuple(std::move(names));
  return CallNative(vm, nf, input, ArgsView(vals.data(), 0, Cast<TupleObject>(kw)));
}

// Tensor methods that torch also offers as functions.
constexpr const char* kMethodFunctions[] = {
    "abs",          "neg",          "exp",          "log",         "log1p",
    "expm1",        "sqrt",         "rsqrt",        "sin",         "cos",
    "tan",          "tanh",         "sigmoid",      "relu",        "erf",
    "floor",        "ceil",         "round",        "sign",        "logical_not",
    "bitwise_not",  "add",          "sub",          "mul",         "div",
    "floor_divide", "remainder",    "pow",          "clamp",       "clip",
    "eq",           "ne",           "lt",           "le",          "gt",
    "ge",           "logical_and",  "logical_or",   "logical_xor", "bitwise_and",
    "bitwise_or",   "bitwise_xor",  "masked_fill",  "scatter",     "maximum",
    "minimum",      "index_select", "gather",       "matmul",      "mm",
    "bmm",          "addmm",        "softmax",      "log_softmax", "sum",
    "mean",         "prod",         "amax",         "amin",        "max",
    "min",          "argmax",       "argmin",       "var",         "std",
    "cumsum",       "cumprod",      "logcumsumexp", "cummax",      "cummin",
    "all",          "any",          "logsumexp",    "norm",        "reshape",
    "permute",      "transpose",    "swapaxes",     "t",           "unsqueeze",
    "squeeze",      "flatten",      "narrow",       "split",       "chunk",
    "unbind",       "subtract",     "multiply",     "divide",      "true_divide",
    "negative",     "absolute",     "clamp_min",    "clamp_max",   "greater",
    "less",         "clone",        "detach",       "numel",       "is_floating_point",
    "gelu",         "silu",         "equal",        "isclose",     "allclose"};

// torch_shape_extra.cc's methods that torch also offers as functions.
constexpr const char* kShapeMethodFunctions[] = {"diag",           "diagonal",
                                                 "flip",           "fliplr",
                                                 "flipud",         "index_add",
                                                 "index_copy",     "index_fill",
                                                 "index_put",      "index_put_",
                                                 "masked_scatter", "moveaxis",
                                                 "movedim",        "repeat_interleave",
                                                 "roll",           "rot90",
                                                 "scatter_add",    "scatter_reduce",
                                                 "take_along_dim", "tile",
                                                 "trace",          "tril",
                                                 "triu",           "unflatten"};

// --- Grad mode ---------------------------------------------------------------

struct GradModeObject : Object {
  explicit GradModeObject(Type* t) : Object(t) {}
  bool mode = false;
  std::vector<bool> saved;
};

Value GradModeInit(VM& vm, const Value& self, const ArgsView& args) {
  auto* g = Cast<GradModeObject>(self);
  if (std::string_view(self.type()->name) == "set_grad_enabled") {
    if (!CheckArgCount(vm, args, "set_grad_enabled", 1, 1)) return {};
    int b = vm.Truthy(args[0]);
    if (b < 0) return {};
    g->mode = b != 0;
    // Like PyTorch, set_grad_enabled takes effect at once.
    g->saved.push_back(GradEnabled());
    SetGradEnabled(g->mode);
    return Value::None();
  }
  g->mode = std::string_view(self.type()->name) == "enable_grad";
  if (std::string_view(self.type()->name) == "inference_mode" && args.nargs == 1) {
    int b = vm.Truthy(args[0]);
    if (b < 0) return {};
    g->mode = b == 0;
  }
  return Value::None();
}
Value GradModeEnter(VM&, const Value& self, const ArgsView&) {
  auto* g = Cast<GradModeObject>(self);
  if (std::string_view(self.type()->name) != "set_grad_enabled") {
    g->saved.push_back(GradEnabled());
    SetGradEnabled(g->mode);
  }
  return Value::None();
}
Value GradModeExit(VM&, const Value& self, const ArgsView&) {
  auto* g = Cast<GradModeObject>(self);
  if (!g->saved.empty()) {
    SetGradEnabled(g->saved.back());
    g->saved.pop_back();
  }
  return Value::Bool(false);
}
// The decorator form: a function that runs `fn` under the mode.
Value GradModeWrapped(VM& vm, const Value& data, const ArgsView& args) {
  auto* t = Cast<TupleObject>(data);
  bool prev = GradEnabled();
  SetGradEnabled(t->items[1].as_bool());
  Value r = vm.Call(t->items[0], args);
  SetGradEnabled(prev);
  return r;
}
Value GradModeCall(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__call__", 1, 1)) return {};
  std::string name = "decorated";
  Value n = vm.GetAttrOrNull(args[0], Intern("__name__"));
  if (const std::string* s = StrValue(n)) name = *s;
  vm.ClearException();
  return NewNativeFunction(name, GradModeWrapped,
                           NewTuple({args[0], Value::Bool(Cast<GradModeObject>(self)->mode)}));
}
constexpr MethodDef kGradModeMethods[] = {{"__init__", GradModeInit},
                                          {"__enter__", GradModeEnter},
                                          {"__exit__", GradModeExit},
                                          {"__call__", GradModeCall}};

Type* GradModeType(const char* name) {
  return NewNativeType({.name = name,
                        .module = "torch.autograd.grad_mode",
                        .methods = kGradModeMethods,
                        .alloc = [](Type* cls) -> Object* { return new GradModeObject(cls); },
                        .flags = Type::kBaseType});
}

Value FIsGradEnabled(VM&, const Value&, const ArgsView&) { return Value::Bool(GradEnabled()); }

// --- Misc functions ----------------------------------------------------------

Value FIsTensor(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "is_tensor", 1, 1)) return {};
  return Value::Bool(IsTensor(args[0]));
}
// torch.typename(obj): a tensor's legacy type name (Tensor.type()), else
// "module.qualname" of obj (a class or function) or of its class, builtins
// named alone.
Value FTypename(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "typename", 1, 1)) return {};
  const Value& obj = args[0];
  if (IsTensor(obj)) return vm.CallMethod(obj, "type", {});
  auto str_attr = [&](const Value& o, const char* name) -> std::string {
    Value v = vm.GetAttrOrNull(o, Intern(name));
    vm.ClearException();
    const std::string* s = StrValue(v);
    return s != nullptr ? *s : std::string();
  };
  std::string module = str_attr(obj, "__module__");
  std::string qualname = str_attr(obj, "__qualname__");
  if (qualname.empty()) qualname = str_attr(obj, "__name__");
  if (qualname.empty()) {
    Value cls = Value::Borrow(obj.type());
    module = str_attr(cls, "__module__");
    qualname = str_attr(cls, "__qualname__");
  }
  if (module.empty() || module == "builtins") return NewStr(qualname);
  return NewStr(absl::StrCat(module, ".", qualname));
}
Value FGetDefaultDType(VM&, const Value&, const ArgsView&) { return DTypeValue(DType::kFloat32); }
Value FSetDefaultDType(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "set_default_dtype", 1, 1)) return {};
  DType d;
  if (!ToDType(vm, args[0], &d)) return {};
  if (d != DType::kFloat32) return RaiseUnsupported(vm, "torch.set_default_dtype");
  return Value::None();
}
Value FPromoteTypes(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "promote_types", 2, 2)) return {};
  DType a, b;
  if (!ToDType(vm, args[0], &a) || !ToDType(vm, args[1], &b)) return {};
  return DTypeValue(tensor::PromoteTypes(a, b));
}
Value FWhere(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"condition", "input", "other"};
  Value a[3];
  if (!ParseArgs(vm, args, "where", kNames, 1, a)) return {};
  if (a[1].is_null()) return RaiseUnsupported(vm, "torch.where(condition)");
  tensor::Tensor cond;
  if (!ToTensorArg(vm, a[0], "where", "condition", &cond)) return {};
  std::vector<kernels::KernelArg> kargs = {cond};
  for (int i = 1; i < 3; ++i) {
    if (IsTensor(a[i])) {
      kargs.emplace_back(TensorOf(a[i]));
    } else if (IsNumber(a[i])) {
      kargs.emplace_back(graph_ir::Constant(NumberToScalar(a[i])));
    } else {
      return RaiseTypeError(vm, absl::StrFormat("where(): argument '%s' must be Tensor, not %s",
                                                kNames[i], TypeName(a[i])));
    }
  }
  return CallOp(vm, "where", std::move(kargs));
}

constexpr MethodDef kMisc[] = {
    {"is_tensor", FIsTensor},
    {"typename", FTypename},
    {"get_default_dtype", FGetDefaultDType},
    {"set_default_dtype", FSetDefaultDType},
    {"promote_types", FPromoteTypes},
    {"is_grad_enabled", FIsGradEnabled},
    {"where", FWhere},
};

struct DTypeName {
  const char* name;
  DType dtype;
};
constexpr DTypeName kDTypes[] = {
    {"float32", DType::kFloat32},   {"float", DType::kFloat32},   {"float64", DType::kFloat64},
    {"double", DType::kFloat64},    {"float16", DType::kFloat16}, {"half", DType::kFloat16},
    {"bfloat16", DType::kBFloat16}, {"int64", DType::kInt64},     {"long", DType::kInt64},
    {"int32", DType::kInt32},       {"int", DType::kInt32},       {"int16", DType::kInt16},
    {"short", DType::kInt16},       {"int8", DType::kInt8},       {"uint8", DType::kUInt8},
    {"bool", DType::kBool},
};

}  // namespace

bool InitTorchModule(VM& vm, ModuleObject* m) {
  (void)vm;
  m->type = TorchModuleType();
  for (const DTypeName& d : kDTypes) ModuleSet(m, d.name, DTypeValue(d.dtype));
  AddType(m, TensorType());
  AddType(m, SizeType());
  AddType(m, DTypeType());
  AddType(m, DeviceType());
  AddType(m, GeneratorType());
  AddMemoryFormats(m);
  static Type* no_grad = GradModeType("no_grad");
  static Type* enable_grad = GradModeType("enable_grad");
  static Type* set_grad_enabled = GradModeType("set_grad_enabled");
  static Type* inference_mode = GradModeType("inference_mode");
  AddType(m, no_grad);
  AddType(m, enable_grad);
  AddType(m, set_grad_enabled);
  AddType(m, inference_mode);
  AddTorchCreation(m);
  AddConvPoolFunctions(m, true);
  AddDropoutFunctions(m);
  AddTorchRandom(m);
  AddRnnFunctions(m);
  AddFunctions(m, kMisc);
  AddFunctions(m, BucketizeFunctions());
  AddLinalgFunctions(m);
  std::vector<const char*> names(std::begin(kMethodFunctions), std::end(kMethodFunctions));
  for (const char* name : PointwiseExtraFunctions()) names.push_back(name);
  for (const char* name : kShapeMethodFunctions) names.push_back(name);
  for (const char* name : SortFunctions()) names.push_back(name);
  for (const char* name : DataDependentFunctions()) names.push_back(name);
  for (const char* name : BucketizeMethodFunctions()) names.push_back(name);
  for (const char* name : LinalgFunctions()) names.push_back(name);
  for (const char* name : names) {
    if (!TorchHasName(TorchNamespace::kTorch, name)) continue;
    const Value* method = DictGetStr(TensorType()->dict, name);
    TC_CHECK(method != nullptr);
    ModuleSet(m, name,
              NewNativeFunction(name, MethodAdapter, *method, absl::StrCat("torch.", name)));
  }
  ModuleSet(m, "__version__", NewStr("2.5.0+tc"));
  return true;
}

void AdoptTorchModuleType(ModuleObject* m) { m->type = TorchModuleType(); }

void RegisterModules() {
  script::RegisterBuiltinModule("torch", InitTorchModule);
  script::RegisterBuiltinModule("torch.nn", InitNnModule);
  script::RegisterBuiltinModule("torch.nn.init", InitNnInitModule);
  script::RegisterBuiltinModule("torch.nn.modules", [](VM&, ModuleObject* m) {
    AdoptTorchModuleType(m);
    return true;
  });
  script::RegisterBuiltinModule("torch.nn.modules.module", InitNnModulesModuleModule);
  script::RegisterBuiltinModule("torch.nn.functional", InitFunctionalModule);
  script::RegisterBuiltinModule("torch.nn.utils", InitNnUtilsModule);
  script::RegisterBuiltinModule("torch.nn.utils.rnn", InitNnUtilsRnnModule);
  RegisterOptimModules();
  script::RegisterBuiltinModule("torch.linalg", InitLinalgModule);
  script::RegisterBuiltinModule("torch.serialization", InitSerializationModule);
  script::RegisterBuiltinModule("torch.autograd", InitAutogradModule);
  script::RegisterBuiltinModule("torch.autograd.function", InitAutogradFunctionModule);
  script::RegisterBuiltinModule("torch.utils", [](VM&, ModuleObject* m) {
    AdoptTorchModuleType(m);
    return true;
  });
  script::RegisterBuiltinModule("torch.utils.hooks", [](VM& vm, ModuleObject* m) {
    AdoptTorchModuleType(m);
    return RunPrelude(vm, kUtilsHooksPy, m);
  });
  script::RegisterBuiltinModule("torch.autograd.gradcheck", [](VM& vm, ModuleObject* m) {
    AdoptTorchModuleType(m);
    return RunPrelude(vm, kAutogradGradcheckPy, m);
  });
  // Filled by torch.serialization with the rebuild functions pickles name.
  script::RegisterBuiltinModule("torch._utils", [](VM&, ModuleObject*) { return true; });
  script::RegisterBuiltinModule("torch.random", [](VM&, ModuleObject* m) {
    AddRandomModuleFunctions(m);
    return true;
  });
}

namespace {
// Registers at start-up wherever this file is linked (modules.h says why).
[[maybe_unused]] const bool kRegistered = (RegisterModules(), true);
}  // namespace

}  // namespace tc::script_torch
