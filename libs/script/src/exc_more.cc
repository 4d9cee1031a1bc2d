// The builtin exceptions beyond the VM's own (SystemError, EOFError,
// MemoryError, BufferError, ReferenceError, FloatingPointError,
// UnicodeTranslateError), and BaseExceptionGroup and ExceptionGroup
// (PEP 654) as CPython 3.11 makes them: construction with its checks (BaseExceptionGroup(...) of
// plain Exceptions is an ExceptionGroup; an ExceptionGroup refuses BaseExceptions),
// message/exceptions, str, derive, subgroup and split. `except*` is not part of the language yet.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/exc_unicode.h"
#include "src/functools_internal.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// The group's own state beside BaseException's args.
struct ExceptionGroupObject : ExceptionObject {
  explicit ExceptionGroupObject(Type* t) : ExceptionObject(t) {}
  Value message;     // a str
  Value exceptions;  // a tuple of exceptions
};

Object* AllocGroup(Type* cls) { return new ExceptionGroupObject(cls); }

bool IsGroup(const Value& v) { return IsInstance(v, Types().base_exception_group); }

// CPython's PySequence_Check: the sequence types, or a class with
// __getitem__ that is not a dict.
bool IsSequence(const Value& v) {
  const BuiltinTypes& t = Types();
  if (IsInstance(v, t.list) || IsInstance(v, t.tuple) || IsInstance(v, t.str)) return true;
  if (IsInstance(v, t.dict) || !v.is_object()) return false;
  return !v.type()->slot(Slot::kGetItem).is_null();
}

Value GroupNew(VM& vm, const Value& cls, const ArgsView& args) {
  const BuiltinTypes& t = Types();
  if (args.nkw() > 0) {
    return RaiseTypeError(vm, "BaseExceptionGroup.__new__() takes no keyword arguments");
  }
  if (args.nargs != 2) {
    return RaiseTypeError(
        vm, absl::StrFormat("BaseExceptionGroup.__new__() takes exactly 2 arguments (%d given)",
                            args.nargs));
  }
  if (StrValue(args[0]) == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("BaseExceptionGroup.__new__() argument 1 must be str, not %s",
                            TypeName(args[0])));
  }
  if (!IsSequence(args[1])) {
    return RaiseTypeError(vm, "second argument (exceptions) must be a sequence");
  }
  std::vector<Value> excs;
  if (!vm.Extend(&excs, args[1])) return {};
  if (excs.empty()) {
    return RaiseValueError(vm, "second argument (exceptions) must be a non-empty sequence");
  }
  bool all_exceptions = true;
  for (size_t i = 0; i < excs.size(); ++i) {
    if (!IsInstance(excs[i], t.base_exception)) {
      return RaiseValueError(
          vm, absl::StrFormat("Item %d of second argument (exceptions) is not an exception", i));
    }
    all_exceptions = all_exceptions && IsInstance(excs[i], t.exception);
  }
  auto* type = static_cast<Type*>(cls.as_object());
  if (type == t.base_exception_group) {
    // A group of plain Exceptions is an ExceptionGroup, so `except
    // Exception` catches it.
    if (all_exceptions) type = t.exception_group;
  } else if (type == t.exception_group) {
    if (!all_exceptions)
      return RaiseTypeError(vm, "Cannot nest BaseExceptions in an ExceptionGroup");
  } else if (!all_exceptions && IsSubtype(type, t.exception)) {
    // A user's subclass of ExceptionGroup (it derives from Exception).
    return RaiseTypeError(vm, absl::StrFormat("Cannot nest BaseExceptions in '%s'", type->name));
  }
  auto* g = static_cast<ExceptionGroupObject*>(type->alloc(type));
  Value self = Value::Adopt(g);
  g->message = args[0];
  g->exceptions = NewTuple(std::move(excs));
  g->args = NewTuple({args[0], args[1]});
  return self;
}

Value GroupStr(VM& vm, const Value& self, const ArgsView&) {
  auto* g = Cast<ExceptionGroupObject>(self);
  std::string msg;
  if (!vm.StrString(g->message, &msg)) return {};
  size_t n = Cast<TupleObject>(g->exceptions)->items.size();
  return NewStr(absl::StrFormat("%s (%d sub-exception%s)", msg, n, n == 1 ? "" : "s"));
}

Value GroupDerive(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "derive", 1, 1)) return {};
  Value cls = Value::Borrow(Types().base_exception_group);
  return vm.Call(cls, {Cast<ExceptionGroupObject>(self)->message, args[0]});
}

// What split/subgroup match with: a type or tuple of types (isinstance),
// or a predicate.
struct Matcher {
  Value condition;
  bool is_predicate = false;
};

bool MakeMatcher(VM& vm, const Value& cond, Matcher* out) {
  const BuiltinTypes& t = Types();
  out->condition = cond;
  auto is_exc_type = [&](const Value& v) {
    return v.is_object() && IsInstance(v, t.type) &&
           IsSubtype(static_cast<Type*>(v.as_object()), t.base_exception);
  };
  if (is_exc_type(cond)) return true;
  if (IsInstance(cond, t.tuple)) {
    bool all = true;
    for (const Value& v : Cast<TupleObject>(cond)->items) all = all && is_exc_type(v);
    if (all) return true;
  } else if (IsCallable(cond)) {
    out->is_predicate = true;
    return true;
  }
  RaiseTypeError(vm, "expected a function, exception type or tuple of exception types");
  return false;
}

// 1 when `exc` matches, 0 when not, -1 on error.
int Matches(VM& vm, const Matcher& m, const Value& exc) {
  if (!m.is_predicate) {
    if (IsInstance(m.condition, Types().tuple)) {
      for (const Value& v : Cast<TupleObject>(m.condition)->items) {
        if (IsInstance(exc, static_cast<Type*>(v.as_object()))) return 1;
      }
      return 0;
    }
    return IsInstance(exc, static_cast<Type*>(m.condition.as_object())) ? 1 : 0;
  }
  Value r = vm.Call(m.condition, {exc});
  return r.is_null() ? -1 : vm.Truthy(r);
}

// The group `orig` restricted to `excs`: null (none), orig itself (all of
// them), or orig.derive(excs) with orig's cause, context and notes.
bool Subset(VM& vm, const Value& orig, std::vector<Value> excs, Value* out) {
  size_t total = Cast<TupleObject>(Cast<ExceptionGroupObject>(orig)->exceptions)->items.size();
  if (excs.empty()) {
    *out = Value();
    return true;
  }
  if (excs.size() == total) {
    *out = orig;
    return true;
  }
  Value derived = vm.CallMethod(orig, "derive", {NewList(std::move(excs))});
  if (derived.is_null()) return false;
  if (!IsGroup(derived)) {
    RaiseTypeError(vm, "derive must return an instance of BaseExceptionGroup");
    return false;
  }
  auto* src = Cast<ExceptionObject>(orig);
  auto* dst = Cast<ExceptionObject>(derived);
  dst->cause = src->cause;
  dst->context = src->context;
  dst->suppress_context = src->suppress_context;
  dst->traceback = src->traceback;
  if (src->dict != nullptr) {
    if (const Value* notes = DictGetStr(src->dict, "__notes__")) {
      if (!vm.SetAttr(derived, "__notes__", *notes)) return false;
    }
  }
  *out = std::move(derived);
  return true;
}

// CPython's exceptiongroup_split_recursive: the matching part of `exc` in
// *match and (when `rest` is non-null) the rest in *rest; null for none.
bool SplitRecursive(VM& vm, const Value& exc, const Matcher& m, Value* match, Value* rest) {
  int hit = Matches(vm, m, exc);
  if (hit < 0) return false;
  if (hit) {
    *match = exc;
    if (rest != nullptr) *rest = Value();
    return true;
  }
  if (!IsGroup(exc)) {
    *match = Value();
    if (rest != nullptr) *rest = exc;
    return true;
  }
  std::vector<Value> matched, rested;
  for (const Value& e : Cast<TupleObject>(Cast<ExceptionGroupObject>(exc)->exceptions)->items) {
    Value sub_match, sub_rest;
    if (!SplitRecursive(vm, e, m, &sub_match, rest != nullptr ? &sub_rest : nullptr)) return false;
    if (!sub_match.is_null()) matched.push_back(std::move(sub_match));
    if (!sub_rest.is_null()) rested.push_back(std::move(sub_rest));
  }
  if (!Subset(vm, exc, std::move(matched), match)) return false;
  return rest == nullptr || Subset(vm, exc, std::move(rested), rest);
}

Value OrNone(Value v) { return v.is_null() ? Value::None() : std::move(v); }

Value GroupSplit(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "split", 1, 1)) return {};
  Matcher m;
  Value match, rest;
  if (!MakeMatcher(vm, args[0], &m) || !SplitRecursive(vm, self, m, &match, &rest)) return {};
  return NewTuple({OrNone(std::move(match)), OrNone(std::move(rest))});
}

Value GroupSubgroup(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "subgroup", 1, 1)) return {};
  Matcher m;
  Value match;
  if (!MakeMatcher(vm, args[0], &m) || !SplitRecursive(vm, self, m, &match, nullptr)) return {};
  return OrNone(std::move(match));
}

Value GroupMessage(VM&, const Value& self) { return Cast<ExceptionGroupObject>(self)->message; }
Value GroupExceptions(VM&, const Value& self) {
  return Cast<ExceptionGroupObject>(self)->exceptions;
}

// __new__ set args to (message, exceptions); __init__ leaves them.
Value GroupInit(VM&, const Value&, const ArgsView&) { return Value::None(); }

constexpr MethodDef kGroupMethods[] = {{"__new__", GroupNew}, {"__init__", GroupInit},
                                       {"__str__", GroupStr}, {"derive", GroupDerive},
                                       {"split", GroupSplit}, {"subgroup", GroupSubgroup}};
constexpr GetSetDef kGroupGetSets[] = {{"message", GroupMessage}, {"exceptions", GroupExceptions}};

}  // namespace

void InitMoreExceptionTypes(BuiltinTypes& bt) {
  bt.system_error = NewExceptionType(bt, "SystemError", bt.exception);
  bt.eof_error = NewExceptionType(bt, "EOFError", bt.exception);
  bt.memory_error = NewExceptionType(bt, "MemoryError", bt.exception);
  bt.buffer_error = NewExceptionType(bt, "BufferError", bt.exception);
  bt.reference_error = NewExceptionType(bt, "ReferenceError", bt.exception);
  bt.floating_point_error = NewExceptionType(bt, "FloatingPointError", bt.arithmetic_error);
  bt.unicode_translate_error = NewExceptionType(bt, "UnicodeTranslateError", bt.unicode_error);
  InitUnicodeErrorMethods(bt);
  Type* base = NewExceptionType(bt, "BaseExceptionGroup", bt.base_exception);
  base->alloc = AllocGroup;
  AddMethods(base, kGroupMethods);
  AddGetSets(base, kGroupGetSets);
  UpdateSlots(base);
  bt.base_exception_group = base;
  // ExceptionGroup(BaseExceptionGroup, Exception): both bases share
  // BaseException's layout, so the MRO is CPython's.
  Type* group = NewExceptionType(bt, "ExceptionGroup", base);
  group->bases = {base, bt.exception};
  group->mro = {group, base, bt.exception, bt.base_exception, bt.object};
  UpdateSlots(group);
  bt.exception_group = group;
}

}  // namespace tc::script
