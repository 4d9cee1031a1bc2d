// sys.stdout / sys.stderr (sys_streams.h).
#include "sys_streams.h"

#include <unistd.h>

#include <cstdio>

#include "absl/strings/str_format.h"

#include "str_helpers.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

struct StreamObject : Object {
  StreamObject(Type* t, bool err) : Object(t), is_stderr(err) {}
  bool is_stderr;
};

FILE* CFile(const Value& self) { return Cast<StreamObject>(self)->is_stderr ? stderr : stdout; }

Value StreamWrite(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "write", 1, 1)) return {};
  const std::string* s = StrArgText(vm, args[0], "write");
  if (s == nullptr) return {};
  vm.Write(*s, Cast<StreamObject>(self)->is_stderr);
  // CPython returns the number of characters written.
  int64_t n = 0;
  for (unsigned char c : *s) n += (c & 0xC0) != 0x80;
  return Value::Int(n);
}
Value StreamWriteLines(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "writelines", 1, 1)) return {};
  std::vector<Value> lines;
  if (!vm.Extend(&lines, args[0])) return {};
  for (const Value& l : lines) {
    Value a[1] = {l};
    if (StreamWrite(vm, self, ArgsView(a, 1)).is_null()) return {};
  }
  return Value::None();
}
Value StreamFlush(VM&, const Value& self, const ArgsView&) {
  std::fflush(CFile(self));
  return Value::None();
}
Value StreamFileno(VM&, const Value& self, const ArgsView&) {
  return Value::Int(Cast<StreamObject>(self)->is_stderr ? 2 : 1);
}
Value StreamIsatty(VM&, const Value& self, const ArgsView&) {
  return Value::Bool(::isatty(Cast<StreamObject>(self)->is_stderr ? 2 : 1) == 1);
}
Value True(VM&, const Value&, const ArgsView&) { return Value::Bool(true); }
Value False(VM&, const Value&, const ArgsView&) { return Value::Bool(false); }
Value StreamRepr(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::StrFormat("<_io.TextIOWrapper name='%s' mode='w' encoding='utf-8'>",
                                Cast<StreamObject>(self)->is_stderr ? "<stderr>" : "<stdout>"));
}
Value StreamName(VM&, const Value& self) {
  return NewStr(Cast<StreamObject>(self)->is_stderr ? "<stderr>" : "<stdout>");
}
Value StreamMode(VM&, const Value&) { return NewStr("w"); }
Value StreamEncoding(VM&, const Value&) { return NewStr("utf-8"); }
Value StreamErrors(VM&, const Value& self) {
  return NewStr(Cast<StreamObject>(self)->is_stderr ? "backslashreplace" : "strict");
}
Value StreamClosed(VM&, const Value&) { return Value::Bool(false); }

constexpr MethodDef kStreamMethods[] = {{"write", StreamWrite},   {"writelines", StreamWriteLines},
                                        {"flush", StreamFlush},   {"fileno", StreamFileno},
                                        {"isatty", StreamIsatty}, {"writable", True},
                                        {"readable", False},      {"seekable", False},
                                        {"__repr__", StreamRepr}};
constexpr GetSetDef kStreamGetSets[] = {{"name", StreamName},
                                        {"mode", StreamMode},
                                        {"encoding", StreamEncoding},
                                        {"errors", StreamErrors},
                                        {"closed", StreamClosed}};

Type* StreamType() {
  static Type* t = NewNativeType({.name = "TextIOWrapper",
                                  .module = "_io",
                                  .methods = kStreamMethods,
                                  .getsets = kStreamGetSets});
  return t;
}

}  // namespace

Value NewStdStream(bool is_stderr) { return NewObject<StreamObject>(StreamType(), is_stderr); }

bool IsStdStream(const Value& v, bool* is_stderr) {
  if (!v.is_object() || v.as_object()->type != StreamType()) return false;
  *is_stderr = Cast<StreamObject>(v)->is_stderr;
  return true;
}

bool WriteToFile(VM& vm, const Value& file, std::string_view text) {
  bool is_stderr;
  if (IsStdStream(file, &is_stderr)) {
    vm.Write(text, is_stderr);
    return true;
  }
  Value write = vm.GetAttr(file, "write");
  if (write.is_null()) return false;
  return !vm.Call(write, {NewStr(std::string(text))}).is_null();
}

Value CurrentStdStream(VM& vm, bool is_stderr) {
  const char* name = is_stderr ? "stderr" : "stdout";
  const Value* sys = DictGetStr(vm.modules(), "sys");
  const Value* stream = sys == nullptr || sys->as_object()->dict == nullptr
                            ? nullptr
                            : DictGetStr(sys->as_object()->dict, name);
  if (stream == nullptr) return RaiseRuntimeError(vm, absl::StrFormat("lost sys.%s", name));
  return *stream;
}

}  // namespace tc::script
