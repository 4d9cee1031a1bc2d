// torch.optim (its optimizers, torch.optim.lr_scheduler and the modules
// PyTorch defines them in: torch.optim.optimizer, .sgd, .adam, ...) and the
// gradient utilities of torch.nn.utils (clip_grad, convert_parameters):
// each module's body is an embedded Python file (py/optim_*.py,
// py/nn_utils_*.py), run in the module's namespace on first import, so
// classes and functions carry PyTorch's __module__.
#include "absl/strings/str_cat.h"

#include "tc/script/module_registry.h"

#include "script_torch_embedded.h"
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

// A module whose body is one embedded file.
template <const EmbeddedFile& kFile>
bool InitPyModule(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  return RunPrelude(vm, kFile, m);
}

bool InitLrScheduler(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  return RunPrelude(vm, kOptimLrSchedulerPy, m) && RunPrelude(vm, kOptimLrSchedulerExtraPy, m);
}

// Sets each of `names` from module `from` (imported) into m.
bool ImportNames(VM& vm, ModuleObject* m, const char* from,
                 std::initializer_list<const char*> names) {
  Value mod = vm.Import(from);
  if (mod.is_null()) return false;
  for (const char* name : names) {
    Value v = vm.GetAttrOrNull(mod, Intern(name));
    if (v.is_null()) {
      RaiseRuntimeError(vm, absl::StrCat(from, " defines no ", name));
      return false;
    }
    ModuleSet(m, name, v);
  }
  return true;
}

// torch.optim: the optimizers from their modules, and lr_scheduler
// (importing a submodule sets it as an attribute of its parent).
bool InitOptim(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  return ImportNames(vm, m, "torch.optim.optimizer", {"Optimizer"}) &&
         ImportNames(vm, m, "torch.optim.adagrad", {"Adagrad"}) &&
         ImportNames(vm, m, "torch.optim.adam", {"Adam"}) &&
         ImportNames(vm, m, "torch.optim.adamw", {"AdamW"}) &&
         ImportNames(vm, m, "torch.optim.rmsprop", {"RMSprop"}) &&
         ImportNames(vm, m, "torch.optim.sgd", {"SGD"}) &&
         !vm.Import("torch.optim.lr_scheduler").is_null();
}

}  // namespace

// torch.nn.utils: what PyTorch's torch/nn/utils/__init__.py exports from
// clip_grad and convert_parameters, and the rnn submodule.
bool InitNnUtilsModule(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  if (!ImportNames(vm, m, "torch.nn.utils.clip_grad",
                   {"clip_grad_norm", "clip_grad_norm_", "clip_grad_value_"}) ||
      !ImportNames(vm, m, "torch.nn.utils.convert_parameters",
                   {"parameters_to_vector", "vector_to_parameters"})) {
    return false;
  }
  Value clip = vm.Import("torch.nn.utils.clip_grad");
  Value total = vm.GetAttrOrNull(clip, Intern("_get_total_norm"));
  Value with_norm = vm.GetAttrOrNull(clip, Intern("_clip_grads_with_norm_"));
  if (total.is_null() || with_norm.is_null()) return false;
  ModuleSet(m, "get_total_norm", total);
  ModuleSet(m, "clip_grads_with_norm_", with_norm);
  return !vm.Import("torch.nn.utils.rnn").is_null();
}

void RegisterOptimModules() {
  script::RegisterBuiltinModule("torch.optim", InitOptim);
  script::RegisterBuiltinModule("torch.optim.optimizer", InitPyModule<kOptimOptimizerPy>);
  script::RegisterBuiltinModule("torch.optim.sgd", InitPyModule<kOptimSgdPy>);
  script::RegisterBuiltinModule("torch.optim.adam", InitPyModule<kOptimAdamPy>);
  script::RegisterBuiltinModule("torch.optim.adamw", InitPyModule<kOptimAdamwPy>);
  script::RegisterBuiltinModule("torch.optim.rmsprop", InitPyModule<kOptimRmspropPy>);
  script::RegisterBuiltinModule("torch.optim.adagrad", InitPyModule<kOptimAdagradPy>);
  script::RegisterBuiltinModule("torch.optim.lr_scheduler", InitLrScheduler);
  script::RegisterBuiltinModule("torch.nn.utils.clip_grad", InitPyModule<kNnUtilsClipGradPy>);
  script::RegisterBuiltinModule("torch.nn.utils.convert_parameters",
                                InitPyModule<kNnUtilsConvertParametersPy>);
}

}  // namespace tc::script_torch
