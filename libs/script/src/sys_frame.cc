// sys._getframe(depth=0): a frame object of a running frame, for the
// Python code that looks at its caller (CPython's warnings.py finds the
// warning's location and module this way). The object is a snapshot taken
// at the call: f_code, f_globals, f_lineno (the line running then),
// f_back (the caller's snapshot, taken at the same time) and f_locals for
// module and class frames; a function frame's f_locals, f_trace and
// frame.clear are not supported.
#include "sys_frame.h"

#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

struct FrameObject : Object {
  explicit FrameObject(Type* t) : Object(t) {}
  Value code, globals, locals, back;
  int32_t line = 0;
};

FrameObject* F(const Value& v) { return Cast<FrameObject>(v); }

Value FCode(VM&, const Value& self) { return F(self)->code; }
Value Globals(VM&, const Value& self) { return F(self)->globals; }
Value Line(VM&, const Value& self) { return Value::Int(F(self)->line); }
Value Back(VM&, const Value& self) {
  return F(self)->back.is_null() ? Value::None() : F(self)->back;
}
Value Locals(VM& vm, const Value& self) {
  if (F(self)->locals.is_null()) {
    return RaiseNotImplementedError(vm,
                                    "frame.f_locals of a function frame is not supported by tc");
  }
  return F(self)->locals;
}
Value Repr(VM& vm, const Value& self, const ArgsView&) {
  Value file = vm.GetAttr(F(self)->code, "co_filename");
  Value name = vm.GetAttr(F(self)->code, "co_name");
  std::string f, n;
  if (file.is_null() || name.is_null() || !vm.ReprString(file, &f)) return {};
  const std::string* ns = StrValue(name);
  return NewStr(absl::StrFormat("<frame at %p, file %s, line %d, code %s>", self.as_object(), f,
                                F(self)->line, ns == nullptr ? "?" : *ns));
}

constexpr MethodDef kMethods[] = {{"__repr__", Repr}};
constexpr GetSetDef kGetSets[] = {{"f_code", FCode},
                                  {"f_globals", Globals},
                                  {"f_lineno", Line},
                                  {"f_back", Back},
                                  {"f_locals", Locals}};

Type* FrameType() {
  static Type* t = NewNativeType({.name = "frame",
                                  .module = "builtins",
                                  .methods = kMethods,
                                  .getsets = kGetSets,
                                  .alloc = [](Type* c) -> Object* { return new FrameObject(c); }});
  return t;
}

// Snapshots of `f` and the frames below it, f first.
Value Snapshot(const Frame* f) {
  Value first, prev;
  for (; f != nullptr; f = f->prev) {
    Value v = NewObject<FrameObject>(FrameType());
    FrameObject* o = F(v);
    o->code = Value::Borrow(f->code);
    o->globals = Value::Borrow(f->globals);
    if (f->func == nullptr) o->locals = Value::Borrow(f->ns != nullptr ? f->ns : f->globals);
    const Code& c = *f->code->code;
    o->line = c.locations.empty() ? 0 : c.locations[f->pc].line;
    if (first.is_null()) {
      first = v;
    } else {
      F(prev)->back = v;
    }
    prev = v;
  }
  return first;
}

}  // namespace

Value SysGetFrame(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_getframe", 0, 1)) return {};
  int64_t depth = 0;
  if (args.nargs == 1 && !ToInt(vm, args[0], &depth)) return {};
  const Frame* f = vm.current_frame();
  for (; f != nullptr && depth > 0; --depth) f = f->prev;
  if (f == nullptr) return RaiseValueError(vm, "call stack is not deep enough");
  return Snapshot(f);
}

}  // namespace tc::script
