// The torch.nn module: nn.Parameter (a native Tensor subclass) and the
// Module and layer classes written in Python (py/nn_module.py,
// py/nn_layers.py, py/nn_conv.py, embedded at build time), compiled into the module's
// namespace on first import, with torch.nn.init (nn_init.cc) bound as
// `init` in between, as the layers initialize their parameters with it.
#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/script/compiler.h"

#include "script_torch_embedded.h"
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

// Parameter(data=None, requires_grad=True): shares data's storage.
Value ParameterNew(VM& vm, const Value&, const ArgsView& all) {
  const Value& cls = all[0];
  ArgsView args(all.data + 1, all.nargs - 1, all.kwnames);
  static constexpr const char* kNames[] = {"data", "requires_grad"};
  Value a[2];
  if (!ParseArgs(vm, args, "Parameter", kNames, 0, a)) return {};
  tensor::Tensor data;
  if (a[0].is_null() || a[0].is_none()) {
    data = tensor::Tensor::Empty(tensor::Shape{0}, DType::kFloat32);
  } else if (!ToTensorArg(vm, a[0], "Parameter", "data", &data)) {
    return {};
  }
  bool requires_grad = true;
  if (!a[1].is_null()) {
    int b = vm.Truthy(a[1]);
    if (b < 0) return {};
    requires_grad = b != 0;
  }
  if (requires_grad && !tensor::IsFloatingPoint(data.dtype())) {
    return RaiseRuntimeError(vm,
                             "Only Tensors of floating point and complex dtype can require "
                             "gradients");
  }
  Type* type =
      IsInstance(cls, Types().type) ? static_cast<Type*>(cls.as_object()) : ParameterType();
  auto* p = static_cast<TensorObject*>(type->alloc(type));
  p->t = std::move(data);
  if (requires_grad) (void)autodiff::SetRequiresGrad(p->t, true);
  return Value::Adopt(p);
}

constexpr MethodDef kParameterMethods[] = {{"__new__", ParameterNew, MethodDef::kStatic}};

}  // namespace

// Compiles and runs one embedded Python file in m's namespace.
bool RunPrelude(VM& vm, const EmbeddedFile& file, ModuleObject* m) {
  absl::StatusOr<std::shared_ptr<const Code>> code = CompileSource(file.text, file.name);
  if (!code.ok()) {
    RaiseRuntimeError(vm, absl::StrFormat("torch.nn prelude: %s", code.status().message()));
    return false;
  }
  return !vm.RunCode(*code, m->dict).is_null();
}

bool InitNnModule(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  static bool parameter_ready = false;
  if (!parameter_ready) {
    AddMethods(ParameterType(), kParameterMethods);
    UpdateSlots(ParameterType());
    parameter_ready = true;
  }
  AddType(m, ParameterType());
  // In order: nn_layers.py uses what nn_module.py defines, and `init`.
  if (!RunPrelude(vm, kNnModulePy, m) || !RunPrelude(vm, kNnBackwardHooksPy, m)) return false;
  Value init = vm.Import("torch.nn.init");
  if (init.is_null()) return false;
  ModuleSet(m, "init", init);
  return RunPrelude(vm, kNnLayersPy, m) && RunPrelude(vm, kNnNormLayersPy, m) &&
         RunPrelude(vm, kNnActivationsLossesPy, m) && RunPrelude(vm, kNnConvPy, m) &&
         RunPrelude(vm, kNnShapeLayersPy, m) && RunPrelude(vm, kNnAttentionPy, m) &&
         RunPrelude(vm, kNnTransformerPy, m) && RunPrelude(vm, kNnSparsePy, m) &&
         RunPrelude(vm, kNnPackedPy, m) && RunPrelude(vm, kNnRnnPy, m) &&
         RunPrelude(vm, kNnResampleLayersPy, m) && RunPrelude(vm, kNnDropoutLayersPy, m);
}

// torch.nn.utils.rnn: what nn_packed.py defines in torch.nn's namespace.
bool InitNnUtilsRnnModule(VM& vm, ModuleObject* m) {
  Value nn = vm.Import("torch.nn");
  if (nn.is_null()) return false;
  for (const char* name : {"PackedSequence", "pack_padded_sequence", "pad_packed_sequence",
                           "pad_sequence", "pack_sequence"}) {
    Value v = vm.GetAttrOrNull(nn, Intern(name));
    if (v.is_null()) return false;
    ModuleSet(m, name, v);
  }
  return true;
}

// torch.nn.modules.module: Module and the global backward-hook
// registration functions, which torch.nn defines (nn_backward_hooks.py).
bool InitNnModulesModuleModule(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  Value nn = vm.Import("torch.nn");
  if (nn.is_null()) return false;
  for (const char* name :
       {"Module", "register_module_full_backward_hook", "register_module_full_backward_pre_hook"}) {
    Value v = vm.GetAttr(nn, name);
    if (v.is_null()) return false;
    ModuleSet(m, name, v);
  }
  return true;
}

}  // namespace tc::script_torch
