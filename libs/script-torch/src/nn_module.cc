// The torch.nn module: nn.Parameter (a native Tensor subclass) and the
// Module / init / layer classes written in Python (py/nn_module.py,
// py/nn_init.py, py/nn_layers.py, embedded at build time), compiled into
// the module's namespace on first import.
#include "absl/strings/str_format.h"

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
  p->requires_grad = requires_grad;
  return Value::Adopt(p);
}

constexpr MethodDef kParameterMethods[] = {{"__new__", ParameterNew, MethodDef::kStatic}};

}  // namespace

bool InitNnModule(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  static bool parameter_ready = false;
  if (!parameter_ready) {
    AddMethods(ParameterType(), kParameterMethods);
    UpdateSlots(ParameterType());
    parameter_ready = true;
  }
  AddType(m, ParameterType());
  // In order: nn_init.py and nn_layers.py use what nn_module.py defines.
  for (const EmbeddedFile* file : {&kNnModulePy, &kNnInitPy, &kNnLayersPy}) {
    absl::StatusOr<std::shared_ptr<const Code>> code = CompileSource(file->text, file->name);
    if (!code.ok()) {
      RaiseRuntimeError(vm, absl::StrFormat("torch.nn prelude: %s", code.status().message()));
      return false;
    }
    if (vm.RunCode(*code, m->dict).is_null()) return false;
  }
  return true;
}

}  // namespace tc::script_torch
