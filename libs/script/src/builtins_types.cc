// The builtins namespace's types (every builtin class and exception, the
// warning categories, the OSError aliases) and constants (None, True,
// NotImplemented, ...).
#include <vector>

#include "tc/script/native.h"

#include "vm_internal.h"

namespace tc::script {

void AddBuiltinTypesAndConstants(DictObject* b) {
  const BuiltinTypes& t = Types();
  for (Type* ty : {t.object,
                   t.type,
                   t.bool_,
                   t.int_,
                   t.float_,
                   t.complex,
                   t.str,
                   t.bytes,
                   t.bytearray,
                   t.tuple,
                   t.list,
                   t.dict,
                   t.set,
                   t.frozenset,
                   t.range,
                   t.slice,
                   t.property,
                   t.staticmethod,
                   t.classmethod,
                   t.super,
                   t.zip,
                   t.enumerate,
                   t.map,
                   t.filter,
                   t.reversed,
                   t.base_exception,
                   t.exception,
                   t.type_error,
                   t.value_error,
                   t.unicode_error,
                   t.unicode_decode_error,
                   t.unicode_encode_error,
                   t.runtime_error,
                   t.not_implemented_error,
                   t.recursion_error,
                   t.assertion_error,
                   t.lookup_error,
                   t.key_error,
                   t.index_error,
                   t.attribute_error,
                   t.name_error,
                   t.unbound_local_error,
                   t.arithmetic_error,
                   t.zero_division_error,
                   t.overflow_error,
                   t.stop_iteration,
                   t.stop_async_iteration,
                   t.import_error,
                   t.module_not_found_error,
                   t.syntax_error,
                   t.system_exit,
                   t.keyboard_interrupt,
                   t.generator_exit,
                   t.os_error,
                   t.warning,
                   t.user_warning,
                   t.deprecation_warning,
                   t.system_error,
                   t.eof_error,
                   t.memory_error,
                   t.buffer_error,
                   t.reference_error,
                   t.floating_point_error,
                   t.unicode_translate_error,
                   t.base_exception_group,
                   t.exception_group}) {
    DictSetStr(b, ty->name, Value::Borrow(ty));
  }
  DictSetStr(b, "memoryview", Value::Borrow(MemoryViewType()));
  // The other warning categories, which the warnings module filters by
  // (made once: types are immortal and shared by every VM).
  static const std::vector<Type*>* const kWarnings = [&t] {
    auto* v = new std::vector<Type*>;
    for (const char* name :
         {"PendingDeprecationWarning", "SyntaxWarning", "RuntimeWarning", "FutureWarning",
          "ImportWarning", "UnicodeWarning", "BytesWarning", "ResourceWarning", "EncodingWarning"})
      v->push_back(NewExceptionType(t, name, t.warning));
    return v;
  }();
  for (Type* ty : *kWarnings) DictSetStr(b, ty->name, Value::Borrow(ty));
  DictSetStr(b, "NotImplemented", NotImplementedValue());
  DictSetStr(b, "Ellipsis", EllipsisValue());
  DictSetStr(b, "None", Value::None());
  DictSetStr(b, "True", Value::Bool(true));
  DictSetStr(b, "False", Value::Bool(false));
  DictSetStr(b, "__name__", NewStr("builtins"));
  DictSetStr(b, "IOError", Value::Borrow(t.os_error));
  DictSetStr(b, "EnvironmentError", Value::Borrow(t.os_error));
  for (Type* ty :
       {t.indentation_error, t.tab_error, t.blocking_io_error, t.child_process_error,
        t.connection_error, t.broken_pipe_error, t.connection_aborted_error,
        t.connection_refused_error, t.connection_reset_error, t.file_exists_error,
        t.file_not_found_error, t.interrupted_error, t.is_a_directory_error,
        t.not_a_directory_error, t.permission_error, t.process_lookup_error, t.timeout_error}) {
    DictSetStr(b, ty->name, Value::Borrow(ty));
  }
}

}  // namespace tc::script
