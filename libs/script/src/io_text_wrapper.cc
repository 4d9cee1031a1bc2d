// io.TextIOWrapper(buffer, encoding=None, errors=None, newline=None,
// line_buffering=False, write_through=False) over a binary file that
// open() made (what tokenize.open, and so linecache and warnings, do): a
// text file over a duplicate of the buffer's descriptor, from the
// buffer's position, keeping the buffer as its .buffer. A buffer of
// another kind (a BytesIO, a user class) is NotImplementedError.
#include <unistd.h>

#include <cerrno>

#include "exc_os_error.h"
#include "io_file.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value TextWrapperNew(VM& vm, const Value&, const ArgsView& args) {
  // args[0] is the class (a static __new__).
  static constexpr const char* kNames[] = {"cls",     "buffer",         "encoding",     "errors",
                                           "newline", "line_buffering", "write_through"};
  Value a[7];
  if (!ParseArgs(vm, args, "TextIOWrapper", kNames, 2, a)) return {};
  const Value& buffer = a[1];
  bool is_file = false;
  for (FileKind k :
       {FileKind::kBufferedReader, FileKind::kBufferedWriter, FileKind::kBufferedRandom}) {
    is_file = is_file || buffer.type() == FileTypeOf(k);
  }
  if (!is_file) {
    return RaiseNotImplementedError(
        vm, absl::StrFormat("io.TextIOWrapper over a %s is not supported by tc (only over a "
                            "binary file from open())",
                            TypeName(buffer)));
  }
  auto* b = Cast<FileObject>(buffer);
  if (b->closed) return RaiseValueError(vm, "I/O operation on closed file.");
  if (!FileFlush(vm, b) || !FileDropReadAhead(vm, b)) return {};
  int fd = ::dup(b->fd);
  if (fd < 0) return RaiseOSError(vm, errno);
  const char* mode = b->readable && b->writable ? "r+" : b->writable ? "a" : "r";
  if (b->writable && !b->readable && !b->appending) mode = "w";
  Value open_args[] = {Value::Int(fd), NewStr(mode), Value::Int(-1), a[2], a[3], a[4]};
  for (Value& v : std::span(open_args).subspan(3)) {
    if (v.is_null()) v = Value::None();
  }
  // "w" would truncate: open the duplicate as "r+" and keep it write-only.
  if (std::string_view(mode) == "w") open_args[1] = NewStr("r+");
  Value f = OpenBuiltin(vm, Value::None(), ArgsView(open_args, 6));
  if (f.is_null()) {
    ::close(fd);
    return {};
  }
  auto* t = Cast<FileObject>(f);
  t->name = b->name;
  t->readable = b->readable;
  t->writable = b->writable;
  t->mode = b->readable && b->writable ? "r+" : b->writable ? "w" : "r";
  if (!vm.SetAttr(f, "buffer", buffer)) return {};
  return f;
}

constexpr MethodDef kMethods[] = {{"__new__", TextWrapperNew, MethodDef::kStatic}};

}  // namespace

void AddTextWrapperConstructor() {
  static const bool done = [] {
    Type* t = FileTypeOf(FileKind::kTextIOWrapper);
    AddMethods(t, kMethods);
    UpdateSlots(t);
    return true;
  }();
  (void)done;
}

}  // namespace tc::script
