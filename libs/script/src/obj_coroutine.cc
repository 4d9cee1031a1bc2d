// The coroutine type, the iterator its __await__ returns, and the await /
// async with protocols (coroutine.h).
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "coroutine.h"

namespace tc::script {

namespace {

// coroutine.__await__(): an iterator over the coroutine's steps, so
// `yield from` and hand-written drivers can run it (CPython's
// coroutine_wrapper, a OneValueObject holding the coroutine).
Type* CoroWrapperType();

Value CoroAwait(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__await__", 0, 0)) return {};
  auto* w = new OneValueObject(CoroWrapperType());
  w->value = self;
  return Value::Adopt(w);
}
Value CoroAwaitAttr(VM&, const Value& self) {
  Value d = Delegate(Gen(self));
  return d.is_null() ? Value::None() : d;
}
Value CoroOrigin(VM&, const Value&) { return Value::None(); }

constexpr MethodDef kCoroutineMethods[] = {
    {"send", GenSend},     {"throw", GenThrow},      {"close", GenClose},
    {"__repr__", GenRepr}, {"__await__", CoroAwait},
};
constexpr GetSetDef kCoroutineGetSets[] = {
    {"__name__", GenName},          {"__qualname__", GenQualName}, {"cr_running", GenRunning},
    {"cr_suspended", GenSuspended}, {"cr_code", GenCode},          {"cr_await", CoroAwaitAttr},
    {"cr_origin", CoroOrigin},
};

// The wrapper's methods act on the coroutine it wraps.
Value Wrapped(const Value& self) { return Cast<OneValueObject>(self)->value; }
Value WrapperNext(VM& vm, const Value& self, const ArgsView& args) {
  return GenNext(vm, Wrapped(self), args);
}
Value WrapperSend(VM& vm, const Value& self, const ArgsView& args) {
  return GenSend(vm, Wrapped(self), args);
}
Value WrapperThrow(VM& vm, const Value& self, const ArgsView& args) {
  return GenThrow(vm, Wrapped(self), args);
}
Value WrapperClose(VM& vm, const Value& self, const ArgsView& args) {
  return GenClose(vm, Wrapped(self), args);
}
Value WrapperIter(VM&, const Value& self, const ArgsView&) { return self; }
constexpr MethodDef kWrapperMethods[] = {
    {"__next__", WrapperNext}, {"send", WrapperSend},     {"throw", WrapperThrow},
    {"close", WrapperClose},   {"__iter__", WrapperIter},
};

Type* CoroWrapperType() {
  static Type* const kType =
      NewNativeType({.name = "coroutine_wrapper", .methods = kWrapperMethods});
  return kType;
}

// A generator function that types.coroutine() marked awaitable.
bool IsIterableCoroutine(const Value& v) {
  return IsGenerator(v) && (Gen(v)->func->code->code->flags & Code::kIterableCoroutine) != 0;
}

const Value* Special(const Value& v, const char* name) {
  return LookupInMro(v.type(), Intern(name));
}

}  // namespace

Type* CoroutineType() {
  static Type* const kType = NewNativeType(
      {.name = "coroutine", .methods = kCoroutineMethods, .getsets = kCoroutineGetSets});
  return kType;
}

bool KeepsStopValue(const Value& v) {
  return (v.is_object() && v.type() == CoroWrapperType()) || IsAsyncGenAwaitable(v);
}

bool ResumesFrame(const Value& v) {
  return IsGenOrCoro(v) || IsAsyncGenerator(v) || KeepsStopValue(v);
}

Value GetAwaitableIter(VM& vm, const Value& v, int where) {
  if (IsCoroutine(v) || IsIterableCoroutine(v)) return v;
  const Value* await = Special(v, "__await__");
  if (await == nullptr) {
    std::string_view type = TypeName(v);
    return RaiseTypeError(
        vm, where == 1   ? absl::StrFormat("'async with' received an object from __aenter__ that "
                                             "does not implement __await__: %s",
                                           type)
            : where == 2 ? absl::StrFormat("'async with' received an object from __aexit__ that "
                                           "does not implement __await__: %s",
                                           type)
                         : absl::StrFormat("object %s can't be used in 'await' expression", type));
  }
  Value it = vm.CallWithSelf(*await, v, ArgsView());
  if (it.is_null()) return {};
  if (IsCoroutine(it) || IsIterableCoroutine(it)) {
    return RaiseTypeError(vm, "__await__() returned a coroutine");
  }
  if (it.type()->slot(Slot::kNext).is_null()) {
    return RaiseTypeError(
        vm, absl::StrFormat("__await__() returned non-iterator of type '%s'", TypeName(it)));
  }
  return it;
}

Value Awaitable(VM& vm, const Value& v, int where) {
  Value it = GetAwaitableIter(vm, v, where);
  if (!it.is_null() && IsCoroutine(it) && !Delegate(Gen(it)).is_null()) {
    return RaiseRuntimeError(vm, "coroutine is being awaited already");
  }
  return it;
}

bool BeforeAsyncWith(VM& vm, const Value& mgr, Value* exit_bound, Value* enter_result) {
  const Value* enter = Special(mgr, "__aenter__");
  const Value* exit = enter == nullptr ? nullptr : Special(mgr, "__aexit__");
  if (exit == nullptr) {
    RaiseTypeError(
        vm, absl::StrFormat("'%s' object does not support the asynchronous context "
                            "manager protocol%s",
                            TypeName(mgr), enter == nullptr ? "" : " (missed __aexit__ method)"));
    return false;
  }
  *exit_bound = vm.Descr(*exit, mgr, mgr.type());
  if (exit_bound->is_null()) return false;
  *enter_result = vm.CallWithSelf(*enter, mgr, ArgsView());
  return !enter_result->is_null();
}

}  // namespace tc::script
