// _ast, native in CPython: the syntax-tree node classes that CPython's
// ast.py re-exports (and inspect, dataclasses' import, needs). The classes
// are made by py/ast_nodes.py from its table of CPython 3.11's nodes.
#include "core_modules.h"
#include "module_prelude.h"
#include "script_embedded.h"

namespace tc::script {

bool InitAstModule(VM& vm, ModuleObject* m) { return RunModulePrelude(vm, m, kAstNodesPy); }

}  // namespace tc::script
