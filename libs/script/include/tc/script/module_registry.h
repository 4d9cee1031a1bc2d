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

struct ModuleRegistrar {
  ModuleRegistrar(std::string_view name, ModuleInitFn init) { RegisterBuiltinModule(name, init); }
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

#endif  // TC_SCRIPT_MODULE_REGISTRY_H_
