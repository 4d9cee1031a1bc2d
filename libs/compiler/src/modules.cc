// The compiler library's modules: torch._dynamo (and its config, exc,
// testing and utils submodules), torch.compiler, torch._inductor (and its
// config), and torch.compile added to the torch module. Their Python parts
// are py/*.py, embedded at build time.
#include <span>

#include "absl/strings/str_format.h"

#include "tc/frame_capture/dynamo.h"
#include "tc/script/compiler.h"
#include "tc/script/module_registry.h"
#include "tc/script/native.h"

#include "compiler_embedded.h"
#include "natives.h"

namespace tc::compiler {

using frame_capture::Dynamo;
using script::ArgsView;
using script::Value;
using script::VM;

namespace {

// Runs one of py/*.py in module `m`'s namespace; tracebacks name the file.
bool RunPrelude(VM& vm, script::ModuleObject* m, const EmbeddedFile& file) {
  auto code = script::CompileSource(file.text, file.name);
  if (!code.ok()) {
    script::RaiseRuntimeError(
        vm, absl::StrFormat("%s prelude: %s", file.name, code.status().message()));
    return false;
  }
  return !vm.RunCode(*code, m->dict).is_null();
}

// A module type (printed "module") whose __setattr__ is `set_attr`: the
// config modules check and forward assignments.
script::Type* NewConfigModuleType(const script::MethodDef* set_attr) {
  script::TypeSpec spec;
  spec.name = "module";
  spec.module = "builtins";
  spec.base = script::Types().module;
  spec.methods = std::span<const script::MethodDef>(set_attr, 1);
  spec.flags = script::Type::kInstanceDict;
  return script::NewNativeType(spec);
}

bool InitDynamo(VM& vm, script::ModuleObject* m) {
  return RunPrelude(vm, m, kDynamoPy) && !vm.Import("torch._dynamo.config").is_null() &&
         !vm.Import("torch._dynamo.exc").is_null() && !vm.Import("torch._dynamo.utils").is_null();
}
bool InitTesting(VM& vm, script::ModuleObject* m) { return RunPrelude(vm, m, kDynamoTestingPy); }
bool InitUtils(VM& vm, script::ModuleObject* m) { return RunPrelude(vm, m, kDynamoUtilsPy); }
bool InitCompilerModule(VM& vm, script::ModuleObject* m) { return RunPrelude(vm, m, kCompilerPy); }
bool InitInductor(VM& vm, script::ModuleObject* m) { return RunPrelude(vm, m, kInductorPy); }

// torch._inductor.config: the prelude builds the options from the table,
// which it finds (and deletes) as _tc_options_table. Assignments go
// through the prelude's _set, which rejects unknown names as PyTorch does.
Value InductorConfigSetAttr(VM& vm, const Value& self, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "__setattr__", 2, 2)) return {};
  auto* m = script::Cast<script::ModuleObject>(self);
  const Value* set = script::DictGetStr(m->dict, "_set");
  if (set == nullptr) return script::RaiseRuntimeError(vm, "torch._inductor.config has no _set");
  if (vm.Call(*set, {args[0], args[1]}).is_null()) return {};
  return Value::None();
}

constexpr script::MethodDef kInductorConfigSetAttr = {"__setattr__", InductorConfigSetAttr};

bool InitInductorConfig(VM& vm, script::ModuleObject* m) {
  static script::Type* const type = NewConfigModuleType(&kInductorConfigSetAttr);
  m->type = type;
  script::ModuleSet(m, "_tc_options_table", script::NewStr(std::string(kInductorOptionsTxt.text)));
  return RunPrelude(vm, m, kInductorConfigPy);
}

bool InitExc(VM&, script::ModuleObject* m) {
  script::Type* unsupported = Dynamo::UnsupportedType();
  script::AddType(m, unsupported->base);  // TorchDynamoException
  script::AddType(m, unsupported);
  script::AddType(m, Dynamo::RecompileErrorType());
  script::AddType(m, InvalidBackendType());
  return true;
}

// --- torch._dynamo.config ----------------------------------------------------------

// Assignments are checked and forwarded to frame-capture's Config; reads
// are plain module attributes.
Value ConfigSetAttr(VM& vm, const Value& self, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "__setattr__", 2, 2)) return {};
  const std::string* name = script::StrValue(args[0]);
  if (name == nullptr) return script::RaiseTypeError(vm, "attribute name must be string");
  auto* m = script::Cast<script::ModuleObject>(self);
  frame_capture::Config& c = Dynamo::For(vm).config();
  if (*name == "cache_size_limit" || *name == "recompile_limit" ||
      *name == "accumulated_recompile_limit" || *name == "accumulated_cache_size_limit") {
    int64_t n;
    if (!script::ToInt(vm, args[1], &n)) return {};
    if (*name == "cache_size_limit" || *name == "recompile_limit") {
      c.recompile_limit = static_cast<int>(n);
      script::ModuleSet(m, "cache_size_limit", Value::Int(n));
      script::ModuleSet(m, "recompile_limit", Value::Int(n));
    } else {
      c.accumulated_recompile_limit = static_cast<int>(n);
      script::ModuleSet(m, "accumulated_cache_size_limit", Value::Int(n));
      script::ModuleSet(m, "accumulated_recompile_limit", Value::Int(n));
    }
    return Value::None();
  }
  if (*name == "error_on_recompile") {
    int b = vm.Truthy(args[1]);
    if (b < 0) return {};
    c.error_on_recompile = b == 1;
  }
  script::ModuleSet(m, *name, args[1]);
  return Value::None();
}

constexpr script::MethodDef kConfigSetAttr = {"__setattr__", ConfigSetAttr};

script::Type* ConfigModuleType() {
  static script::Type* t = NewConfigModuleType(&kConfigSetAttr);
  return t;
}

bool InitConfig(VM& vm, script::ModuleObject* m) {
  m->type = ConfigModuleType();
  const frame_capture::Config& c = Dynamo::For(vm).config();
  script::ModuleSet(m, "cache_size_limit", Value::Int(c.recompile_limit));
  script::ModuleSet(m, "recompile_limit", Value::Int(c.recompile_limit));
  script::ModuleSet(m, "accumulated_cache_size_limit", Value::Int(c.accumulated_recompile_limit));
  script::ModuleSet(m, "accumulated_recompile_limit", Value::Int(c.accumulated_recompile_limit));
  script::ModuleSet(m, "error_on_recompile", Value::Bool(c.error_on_recompile));
  // Options tc reads nowhere yet, with torch's defaults, so scripts that set
  // or print them run.
  script::ModuleSet(m, "capture_scalar_outputs", Value::Bool(false));
  script::ModuleSet(m, "capture_dynamic_output_shape_ops", Value::Bool(false));
  script::ModuleSet(m, "nested_graph_breaks", Value::Bool(false));
  script::ModuleSet(m, "automatic_dynamic_shapes", Value::Bool(true));
  script::ModuleSet(m, "assume_static_by_default", Value::Bool(true));
  script::ModuleSet(m, "suppress_errors", Value::Bool(false));
  script::ModuleSet(m, "verbose", Value::Bool(false));
  script::ModuleSet(m, "inline_inbuilt_nn_modules", Value::Bool(true));
  script::ModuleSet(m, "specialize_int", Value::Bool(false));
  return true;
}

// --- torch.compile ---------------------------------------------------------------

// torch.compile forwards to torch._dynamo's script implementation, imported
// on first use so `import torch` stays cheap.
Value TorchCompile(VM& vm, const Value&, const ArgsView& args) {
  Value dynamo = vm.Import("torch._dynamo");
  if (dynamo.is_null()) return {};
  Value fn = vm.GetAttr(dynamo, "compile");
  if (fn.is_null()) return {};
  return vm.Call(fn, args);
}

bool ExtendTorch(VM&, script::ModuleObject* m) {
  script::ModuleSet(m, "compile", script::NewNativeFunction("compile", TorchCompile));
  return true;
}

TC_SCRIPT_REGISTER_MODULE("torch._dynamo", InitDynamo);
TC_SCRIPT_REGISTER_MODULE("torch._dynamo.config", InitConfig);
TC_SCRIPT_REGISTER_MODULE("torch._dynamo.exc", InitExc);
TC_SCRIPT_REGISTER_MODULE("torch._dynamo.testing", InitTesting);
TC_SCRIPT_REGISTER_MODULE("torch._dynamo.utils", InitUtils);
TC_SCRIPT_REGISTER_MODULE("torch.compiler", InitCompilerModule);
TC_SCRIPT_REGISTER_MODULE("torch._inductor", InitInductor);
TC_SCRIPT_REGISTER_MODULE("torch._inductor.config", InitInductorConfig);
TC_SCRIPT_EXTEND_MODULE("torch", ExtendTorch);

}  // namespace

}  // namespace tc::compiler
