// The builtins module: `import builtins` gives a module whose namespace is
// the VM's builtins dict itself, as in CPython, so `builtins.print is
// print` and assigning `builtins.name = v` changes what every script sees
// as the builtin `name` (global lookups fall back to that same dict).
#include "vm_internal.h"

namespace tc::script {

bool InitBuiltinsModule(VM& vm, ModuleObject* m) {
  DictObject* builtins = vm.builtins();
  // The module attributes the importer set (__name__, __doc__, __spec__,
  // ...) move into the builtins dict, where CPython keeps them too.
  if (m->dict != nullptr) {
    for (const auto& e : m->dict->entries) {
      if (!e.key.is_null() && !DictSet(vm, builtins, e.key, e.value)) return false;
    }
    DecRef(m->dict);
  }
  IncRef(builtins);
  m->dict = builtins;
  return true;
}

}  // namespace tc::script
