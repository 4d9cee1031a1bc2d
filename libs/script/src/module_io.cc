// The io module: open (the builtin), StringIO, BytesIO, the file classes,
// UnsupportedOperation, the SEEK_* constants, and the ABCs IOBase,
// RawIOBase, BufferedIOBase and TextIOBase (py/io_abcs.py).
#include "io_bases.h"
#include "io_file.h"
#include "io_memory.h"
#include "module_prelude.h"
#include "script_embedded.h"
#include "vm_internal.h"

namespace tc::script {

void AddTextWrapperConstructor();  // io_text_wrapper.cc

namespace {
// io.text_encoding(encoding, stacklevel=2): the encoding, or "locale" for
// None, as CPython outside UTF-8 mode (EncodingWarning is off by default).
Value TextEncoding(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"encoding", "stacklevel"};
  Value a[2];
  if (!ParseArgs(vm, args, "text_encoding", kNames, 1, a)) return {};
  return a[0].is_none() ? NewStr("locale") : a[0];
}
constexpr MethodDef kIoFunctions[] = {{"text_encoding", TextEncoding}};
}  // namespace

bool InitIoModule(VM& vm, ModuleObject* m) {
  AddTextWrapperConstructor();
  // io.open is the builtin open itself, as in CPython.
  const Value* open = DictGetStr(vm.builtins(), "open");
  ModuleSet(m, "open", open != nullptr ? *open : NewNativeFunction("open", OpenBuiltin));
  AddFunctions(m, kIoFunctions);
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
  // The native bases under their _io names, for py/io_abcs.py to build the
  // ABCs on (it deletes them from io afterwards).
  for (Type* t : {IOBaseType(), RawIOBaseType(), BufferedIOBaseType(), TextIOBaseType()}) {
    AddType(m, t);
  }
  return RunModulePrelude(vm, m, kIoAbcsPy);
}

}  // namespace tc::script
