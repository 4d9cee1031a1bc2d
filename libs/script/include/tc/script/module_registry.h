// The builtin-module table: higher libraries register modules by dotted
// name ("torch", "torch.nn", "torch._dynamo") with an init function; the
// VM's `import` finds them there. Any other name is
// `ModuleNotFoundError: No module named 'x'`.
//
// Importing "a.b" imports "a" first, then runs a.b's init and sets it as
// attribute "b" of module a. Each module is initialized once per VM.
#ifndef TC_SCRIPT_MODULE_REGISTRY_H_
#define TC_SCRIPT_MODULE_REGISTRY_H_

#include <string>
#include <string_view>
#include <vector>

namespace tc::script {

class VM;
struct ModuleObject;

// Fills `module` (already named and in the VM's module table); returns
// false with an exception set on failure.
using ModuleInitFn = bool (*)(VM& vm, ModuleObject* module);

// Registers (or replaces) a module. Process-wide; call before the VM
// imports it (at start-up, or from a static registrar below).
void RegisterBuiltinModule(std::string_view dotted_name, ModuleInitFn init);
// Null when no module has that name.
ModuleInitFn FindBuiltinModule(std::string_view dotted_name);
std::vector<std::string> BuiltinModuleNames();

// Adds to a module after its init ran (a builtin module) or its body ran (a
// module from a source file): a higher library puts its names into a lower
// one's module (the compiler library adds `torch.compile` to `torch`), a
// native type registers with CPython's _collections_abc. Extensions run in
// registration order.
void RegisterModuleExtension(std::string_view dotted_name, ModuleInitFn extend);
std::vector<ModuleInitFn> ModuleExtensions(std::string_view dotted_name);

struct ModuleRegistrar {
  ModuleRegistrar(std::string_view name, ModuleInitFn init) { RegisterBuiltinModule(name, init); }
};
struct ModuleExtensionRegistrar {
  ModuleExtensionRegistrar(std::string_view name, ModuleInitFn extend) {
    RegisterModuleExtension(name, extend);
  }
};

}  // namespace tc::script

// Registers at static-initialization time. The object file must be linked
// (libtc links every archive whole; a test linking the static library
// should call RegisterBuiltinModule itself or reference the file).
#define TC_SCRIPT_REGISTER_MODULE_CAT2(a, b) a##b
#define TC_SCRIPT_REGISTER_MODULE_CAT(a, b) TC_SCRIPT_REGISTER_MODULE_CAT2(a, b)
#define TC_SCRIPT_REGISTER_MODULE(name, init)                                                     \
  static ::tc::script::ModuleRegistrar TC_SCRIPT_REGISTER_MODULE_CAT(tc_script_module_registrar_, \
                                                                     __LINE__)(name, init)

#define TC_SCRIPT_EXTEND_MODULE(name, extend)                                  \
  static ::tc::script::ModuleExtensionRegistrar TC_SCRIPT_REGISTER_MODULE_CAT( \
      tc_script_module_extension_, __LINE__)(name, extend)

#endif  // TC_SCRIPT_MODULE_REGISTRY_H_
