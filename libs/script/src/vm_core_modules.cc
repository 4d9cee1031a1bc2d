// The script library's own native modules that the VM finds by name
// without the builtin-module registry (module_registry.h): the ones
// CPython implements natively (sys, math, errno, posix's os functions)
// or that tc keeps native for speed and faithfulness (io, posixpath,
// importlib). They win over same-named files on sys.path, as CPython's
// builtin modules do.
#include <map>

#include "core_modules.h"
#include "vm_internal.h"

namespace tc::script {

ModuleInitFn FindCoreModule(std::string_view name) {
  static const auto* kModules = new std::map<std::string_view, ModuleInitFn>{
      {"sys", InitSysModule},
      {"math", InitMathModule},
      {"os", InitOsModule},
      {"posixpath", InitPosixPathModule},
      {"posix", InitPosixModule},
      {"io", InitIoModule},
      {"importlib", InitImportlibModule},
      {"errno", InitErrnoModule},
      {"builtins", InitBuiltinsModule},
      {"_string", InitStringModule},
      {"_thread", InitThreadModule},
      {"_weakref", InitWeakrefModule},
      {"atexit", InitAtexitModule},
      {"_ast", InitAstModule},
      {"importlib.machinery", InitImportlibMachineryModule},
      {"importlib.util", InitImportlibUtilModule},
  };
  auto it = kModules->find(name);
  return it == kModules->end() ? nullptr : it->second;
}

}  // namespace tc::script
