// The io module: open (the builtin), StringIO, BytesIO, the file classes,
// UnsupportedOperation and the SEEK_* constants.
#include "io_file.h"
#include "io_memory.h"
#include "vm_internal.h"

namespace tc::script {

bool InitIoModule(VM& vm, ModuleObject* m) {
  // io.open is the builtin open itself, as in CPython.
  const Value* open = DictGetStr(vm.builtins(), "open");
  ModuleSet(m, "open", open != nullptr ? *open : NewNativeFunction("open", OpenBuiltin));
  AddType(m, StringIOType());
  AddType(m, BytesIOType());
  for (FileKind kind : {FileKind::kTextIOWrapper, FileKind::kBufferedReader,
                        FileKind::kBufferedWriter, FileKind::kBufferedRandom}) {
    AddType(m, FileTypeOf(kind));
  }
  AddType(m, Types().unsupported_operation);
  ModuleSet(m, "SEEK_SET", Value::Int(0));
  ModuleSet(m, "SEEK_CUR", Value::Int(1));
  ModuleSet(m, "SEEK_END", Value::Int(2));
  ModuleSet(m, "DEFAULT_BUFFER_SIZE", Value::Int(8192));
  return true;
}

}  // namespace tc::script
