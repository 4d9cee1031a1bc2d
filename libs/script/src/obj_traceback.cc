// Traceback and frame objects, built from the (code, line) entries an
// exception collects as it unwinds. tc's frames live on the C++ stack and
// are gone by the time a handler looks, so a frame object is a snapshot:
// its code, line and the globals of the module whose file the code is
// from (f_locals is empty, f_back None, tb_lasti -1: no instruction
// offsets, so traceback.py prints no caret lines).
#include "obj_traceback.h"

#include <string>
#include <vector>

#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {
namespace {

struct FrameSnapshot : Object {
  explicit FrameSnapshot(Type* t) : Object(t) {}
  Value code;
  Value globals;
  int32_t line = 0;
};

struct TracebackObject : Object {
  explicit TracebackObject(Type* t) : Object(t) {}
  Value frame;
  Value next;  // None for the innermost
  int32_t line = 0;
};

FrameSnapshot* F(const Value& v) { return static_cast<FrameSnapshot*>(v.as_object()); }
TracebackObject* TB(const Value& v) { return static_cast<TracebackObject*>(v.as_object()); }

Value FrameCode(VM&, const Value& self) { return F(self)->code; }
Value FrameLine(VM&, const Value& self) { return Value::Int(F(self)->line); }
Value FrameGlobals(VM&, const Value& self) { return F(self)->globals; }
Value FrameLocals(VM&, const Value&) { return NewDict(); }
Value FrameBack(VM&, const Value&) { return Value::None(); }
Value FrameLasti(VM&, const Value&) { return Value::Int(-1); }

Value FrameRepr(VM&, const Value& self, const ArgsView&) {
  FrameSnapshot* f = F(self);
  const Code& code = *static_cast<CodeObject*>(f->code.as_object())->code;
  return NewStr(absl::StrFormat("<frame at %#x, file '%s', line %d, code %s>",
                                reinterpret_cast<uintptr_t>(f), code.filename, f->line, code.name));
}

constexpr GetSetDef kFrameGetSets[] = {
    {"f_code", FrameCode},     {"f_lineno", FrameLine}, {"f_globals", FrameGlobals},
    {"f_locals", FrameLocals}, {"f_back", FrameBack},   {"f_lasti", FrameLasti},
};
constexpr MethodDef kFrameMethods[] = {{"__repr__", FrameRepr}};

Value TbFrame(VM&, const Value& self) { return TB(self)->frame; }
Value TbNext(VM&, const Value& self) { return TB(self)->next; }
Value TbLine(VM&, const Value& self) { return Value::Int(TB(self)->line); }
Value TbLasti(VM&, const Value&) { return Value::Int(-1); }

constexpr GetSetDef kTracebackGetSets[] = {
    {"tb_frame", TbFrame}, {"tb_next", TbNext}, {"tb_lineno", TbLine}, {"tb_lasti", TbLasti}};

Type* FrameType() {
  static Type* const kType = NewNativeType(
      {.name = "frame", .module = "builtins", .methods = kFrameMethods, .getsets = kFrameGetSets});
  return kType;
}

Type* TracebackType() {
  static Type* const kType =
      NewNativeType({.name = "traceback", .module = "builtins", .getsets = kTracebackGetSets});
  return kType;
}

// The namespace of the loaded module whose __file__ is `filename`, else
// a new empty dict.
Value GlobalsOf(VM& vm, const std::string& filename) {
  for (const DictObject::Entry& e : vm.modules()->entries) {
    if (e.key.is_null() || !e.value.is_object() || e.value.as_object()->dict == nullptr) continue;
    const Value* file = DictGetStr(e.value.as_object()->dict, "__file__");
    if (file != nullptr && StrValue(*file) != nullptr && *StrValue(*file) == filename) {
      return Value::Borrow(e.value.as_object()->dict);
    }
  }
  return NewDict();
}

}  // namespace

Value ExceptionTraceback(VM& vm, const ExceptionObject* exc) {
  Value next = Value::None();
  // Entries are innermost first: build the chain from the inside out.
  for (const TracebackEntry& entry : exc->traceback) {
    auto* frame = new FrameSnapshot(FrameType());
    Value fv = Value::Adopt(frame);
    frame->code = entry.code.value();
    frame->line = entry.line;
    frame->globals = GlobalsOf(vm, entry.code->code->filename);
    auto* tb = new TracebackObject(TracebackType());
    Value tbv = Value::Adopt(tb);
    tb->frame = std::move(fv);
    tb->line = entry.line;
    tb->next = std::move(next);
    next = std::move(tbv);
  }
  return next;
}

bool SetExceptionTraceback(VM& vm, ExceptionObject* exc, const Value& tb) {
  if (!tb.is_none() && !(tb.is_object() && tb.as_object()->type == TracebackType())) {
    RaiseTypeError(vm, "__traceback__ must be a traceback or None");
    return false;
  }
  // The chain runs outermost first; entries are kept innermost first.
  std::vector<TracebackEntry> entries;
  for (Value t = tb; !t.is_none(); t = TB(t)->next) {
    FrameSnapshot* f = F(TB(t)->frame);
    entries.push_back(
        {Ref<CodeObject>::Borrow(static_cast<CodeObject*>(f->code.as_object())), TB(t)->line});
  }
  exc->traceback.assign(entries.rbegin(), entries.rend());
  return true;
}

}  // namespace tc::script
