// Standard modules whose CPython source is partly Python run their Python
// part (an embedded py/*.py file, script_embedded.h) in the module's
// namespace after the native part is in place.
#ifndef TC_SCRIPT_SRC_MODULE_PRELUDE_H_
#define TC_SCRIPT_SRC_MODULE_PRELUDE_H_

#include "tc/script/native.h"

namespace tc::script {

struct EmbeddedFile;

// Compiles and runs `file` with module `m`'s dict as its globals; false
// with the exception set when it fails.
bool RunModulePrelude(VM& vm, ModuleObject* m, const EmbeddedFile& file);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_MODULE_PRELUDE_H_
