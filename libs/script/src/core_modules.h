// Native modules that vm_core_modules.cc finds by name, declared here
// rather than in vm_internal.h: _ast (module_ast.cc), atexit
// (module_atexit.cc; RunAtExit is in tc/script/script_file.h),
// importlib.machinery (module_importlib.cc) and _weakref
// (module_weakref.cc, with the hook Object's destructor calls).
#ifndef TC_SCRIPT_SRC_CORE_MODULES_H_
#define TC_SCRIPT_SRC_CORE_MODULES_H_

#include "tc/script/native.h"

namespace tc::script {

bool InitAstModule(VM& vm, ModuleObject* m);
bool InitAtexitModule(VM& vm, ModuleObject* m);
bool InitImportlibMachineryModule(VM& vm, ModuleObject* m);
bool InitImportlibUtilModule(VM& vm, ModuleObject* m);  // module_importlib_util.cc
bool InitWeakrefModule(VM& vm, ModuleObject* m);

// `o` is being freed: its weak references go dead, then their callbacks run.
void ClearWeakRefs(Object* o);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_CORE_MODULES_H_
