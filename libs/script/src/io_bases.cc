// The io base classes as CPython's _io makes them (_IOBase, _RawIOBase,
// _BufferedIOBase, _TextIOBase): the generic behaviour a stream class
// inherits (close/closed, `with`, iteration by readline, readlines,
// writelines, UnsupportedOperation for what the subclass does not define),
// written over the subclass's own methods as Modules/_io/iobase.c writes
// it. The file and memory classes derive from them; io's IOBase,
// RawIOBase, BufferedIOBase and TextIOBase are the ABCs over them
// (py/io_abcs.py, as CPython's io.py).
#include "io_bases.h"

#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

constexpr const char* kClosedFlag = "__IOBase_closed";

Value Unsupported(VM& vm, const char* what) {
  return Raise(vm, Types().unsupported_operation, what);
}

// Whether self.closed is true (the subclass's property or ours); -1 on error.
int IsClosed(VM& vm, const Value& self) {
  Value c = vm.GetAttr(self, "closed");
  if (c.is_null()) return -1;
  return vm.Truthy(c);
}
bool CheckNotClosed(VM& vm, const Value& self) {
  int c = IsClosed(vm, self);
  if (c < 0) return false;
  if (c == 1) {
    RaiseValueError(vm, "I/O operation on closed file.");
    return false;
  }
  return true;
}

// --- _IOBase --------------------------------------------------------------
Value ClosedGet(VM&, const Value& self) {
  DictObject* d = self.as_object()->dict;
  return Value::Bool(d != nullptr && DictGetStr(d, kClosedFlag) != nullptr);
}
Value Close(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "close", 0, 0)) return {};
  int c = IsClosed(vm, self);
  if (c != 0) return c < 0 ? Value() : Value::None();
  Value r = vm.CallMethod(self, "flush", {});
  if (!vm.SetAttr(self, kClosedFlag, Value::Bool(true))) return {};
  return r.is_null() ? Value() : Value::None();
}
Value Flush(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "flush", 0, 0) || !CheckNotClosed(vm, self)) return {};
  return Value::None();
}
Value Enter(VM& vm, const Value& self, const ArgsView&) {
  if (!CheckNotClosed(vm, self)) return {};
  return self;
}
Value Exit(VM& vm, const Value& self, const ArgsView&) {
  Value r = vm.CallMethod(self, "close", {});
  return r.is_null() ? Value() : Value::None();
}
Value False(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "readable", 0, 0)) return {};
  (void)self;
  return Value::Bool(false);
}
Value IsAtty(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "isatty", 0, 0) || !CheckNotClosed(vm, self)) return {};
  return Value::Bool(false);
}
Value Seek(VM& vm, const Value&, const ArgsView&) { return Unsupported(vm, "seek"); }
Value Tell(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "tell", 0, 0)) return {};
  return vm.CallMethod(self, "seek", {Value::Int(0), Value::Int(1)});
}
Value Truncate(VM& vm, const Value&, const ArgsView&) { return Unsupported(vm, "truncate"); }
Value Fileno(VM& vm, const Value&, const ArgsView&) { return Unsupported(vm, "fileno"); }
Value Iter(VM& vm, const Value& self, const ArgsView&) {
  if (!CheckNotClosed(vm, self)) return {};
  return self;
}
Value Next(VM& vm, const Value& self, const ArgsView&) {
  Value line = vm.CallMethod(self, "readline", {});
  if (line.is_null()) return {};
  int64_t n;
  if (!vm.Length(line, &n)) return {};
  if (n == 0) return Raise(vm, Types().stop_iteration, "");
  return line;
}
// readline(size=-1) over read(1), as iobase.c does when there is no peek.
Value ReadLine(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"size"};
  Value a[1];
  if (!ParseArgs(vm, args, "readline", kNames, 0, a)) return {};
  int64_t limit = -1;
  if (!a[0].is_null() && !a[0].is_none() && !ToInt(vm, a[0], &limit)) return {};
  std::string out;
  while (limit < 0 || std::ssize(out) < limit) {
    Value b = vm.CallMethod(self, "read", {Value::Int(1)});
    if (b.is_null()) return {};
    const std::string* data = BytesValue(b);
    if (data == nullptr) {
      return Raise(
          vm, Types().os_error,
          absl::StrFormat("read() should have returned a bytes object, not '%s'", TypeName(b)));
    }
    if (data->empty()) break;
    out += *data;
    if (out.back() == '\n') break;
  }
  return NewBytes(std::move(out));
}
Value ReadLines(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"hint"};
  Value a[1];
  if (!ParseArgs(vm, args, "readlines", kNames, 0, a)) return {};
  int64_t hint = -1;
  if (!a[0].is_null() && !a[0].is_none() && !ToInt(vm, a[0], &hint)) return {};
  std::vector<Value> lines;
  Value it = vm.Iter(self);
  if (it.is_null()) return {};
  int64_t total = 0;
  while (true) {
    Value line = vm.Next(it);
    if (line.is_null()) {
      if (vm.HasException()) return {};
      break;
    }
    int64_t n;
    if (!vm.Length(line, &n)) return {};
    lines.push_back(line);
    total += n;
    if (hint > 0 && total >= hint) break;
  }
  return NewList(std::move(lines));
}
Value WriteLines(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "writelines", 1, 1) || !CheckNotClosed(vm, self)) return {};
  Value it = vm.Iter(args[0]);
  if (it.is_null()) return {};
  while (true) {
    Value line = vm.Next(it);
    if (line.is_null()) return vm.HasException() ? Value() : Value::None();
    if (vm.CallMethod(self, "write", {line}).is_null()) return {};
  }
}

constexpr MethodDef kIOBaseMethods[] = {
    {"close", Close},         {"flush", Flush},          {"__enter__", Enter},
    {"__exit__", Exit},       {"readable", False},       {"writable", False},
    {"seekable", False},      {"isatty", IsAtty},        {"seek", Seek},
    {"tell", Tell},           {"truncate", Truncate},    {"fileno", Fileno},
    {"__iter__", Iter},       {"__next__", Next},        {"readline", ReadLine},
    {"readlines", ReadLines}, {"writelines", WriteLines}};
constexpr GetSetDef kIOBaseGetSets[] = {{"closed", ClosedGet}};

// --- _RawIOBase -----------------------------------------------------------
Value RawReadAll(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "readall", 0, 0)) return {};
  std::string out;
  while (true) {
    Value b = vm.CallMethod(self, "read", {Value::Int(8192)});
    if (b.is_null()) return {};
    if (b.is_none()) return out.empty() ? b : NewBytes(std::move(out));
    const std::string* data = BytesValue(b);
    if (data == nullptr) return RaiseTypeError(vm, "read() should return bytes");
    if (data->empty()) break;
    out += *data;
  }
  return NewBytes(std::move(out));
}
// read(size=-1): readall, or readinto a bytearray of `size`.
Value RawRead(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"size"};
  Value a[1];
  if (!ParseArgs(vm, args, "read", kNames, 0, a)) return {};
  int64_t size = -1;
  if (!a[0].is_null() && !a[0].is_none() && !ToInt(vm, a[0], &size)) return {};
  if (size < 0) return vm.CallMethod(self, "readall", {});
  Value buf = NewByteArray(std::string(static_cast<size_t>(size), '\0'));
  Value n = vm.CallMethod(self, "readinto", {buf});
  if (n.is_null() || n.is_none()) return n;
  int64_t got;
  if (!ToInt(vm, n, &got)) return {};
  if (got < 0 || got > size) {
    return RaiseValueError(
        vm, absl::StrFormat("readinto returned %d outside buffer size %d", got, size));
  }
  return NewBytes(BytesValue(buf)->substr(0, static_cast<size_t>(got)));
}
Value RawReadInto(VM& vm, const Value&, const ArgsView&) {
  return RaiseNotImplementedError(vm, "");
}
Value RawWrite(VM& vm, const Value&, const ArgsView&) { return RaiseNotImplementedError(vm, ""); }

constexpr MethodDef kRawMethods[] = {
    {"read", RawRead}, {"readall", RawReadAll}, {"readinto", RawReadInto}, {"write", RawWrite}};

// --- _BufferedIOBase and _TextIOBase --------------------------------------
Value ReadUnsupported(VM& vm, const Value&, const ArgsView&) { return Unsupported(vm, "read"); }
Value Read1Unsupported(VM& vm, const Value&, const ArgsView&) { return Unsupported(vm, "read1"); }
Value WriteUnsupported(VM& vm, const Value&, const ArgsView&) { return Unsupported(vm, "write"); }
Value DetachUnsupported(VM& vm, const Value&, const ArgsView&) { return Unsupported(vm, "detach"); }
Value ReadLineUnsupported(VM& vm, const Value&, const ArgsView&) {
  return Unsupported(vm, "readline");
}
// readinto(b) over read(len(b)).
Value BufferedReadInto(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "readinto", 1, 1)) return {};
  if (!IsInstance(args[0], Types().bytearray)) {
    return RaiseTypeError(vm, "readinto() argument must be read-write bytes-like object");
  }
  auto* target = const_cast<std::string*>(BytesValue(args[0]));
  Value data = vm.CallMethod(self, "read", {Value::Int(std::ssize(*target))});
  if (data.is_null()) return {};
  const std::string* d = BytesValue(data);
  if (d == nullptr) return RaiseTypeError(vm, "read() should return bytes");
  target->replace(0, d->size(), *d);
  return Value::Int(std::ssize(*d));
}
Value NoneGet(VM&, const Value&) { return Value::None(); }

constexpr MethodDef kBufferedMethods[] = {{"read", ReadUnsupported},
                                          {"read1", Read1Unsupported},
                                          {"write", WriteUnsupported},
                                          {"detach", DetachUnsupported},
                                          {"readinto", BufferedReadInto}};
constexpr MethodDef kTextMethods[] = {{"read", ReadUnsupported},
                                      {"write", WriteUnsupported},
                                      {"readline", ReadLineUnsupported},
                                      {"detach", DetachUnsupported}};
constexpr GetSetDef kTextGetSets[] = {
    {"encoding", NoneGet}, {"newlines", NoneGet}, {"errors", NoneGet}};

Type* BaseType(const char* name, Type* base, std::span<const MethodDef> methods,
               std::span<const GetSetDef> getsets) {
  return NewNativeType({.name = name,
                        .module = "_io",
                        .base = base,
                        .methods = methods,
                        .getsets = getsets,
                        .flags = Type::kBaseType | Type::kInstanceDict});
}

}  // namespace

Type* IOBaseType() {
  static Type* t = BaseType("_IOBase", nullptr, kIOBaseMethods, kIOBaseGetSets);
  return t;
}
Type* RawIOBaseType() {
  static Type* t = BaseType("_RawIOBase", IOBaseType(), kRawMethods, {});
  return t;
}
Type* BufferedIOBaseType() {
  static Type* t = BaseType("_BufferedIOBase", IOBaseType(), kBufferedMethods, {});
  return t;
}
Type* TextIOBaseType() {
  static Type* t = BaseType("_TextIOBase", IOBaseType(), kTextMethods, kTextGetSets);
  return t;
}

}  // namespace tc::script
