// Async generators (an `async def` that yields): the async_generator type,
// the awaitables its __anext__/asend/athrow/aclose return, the wrapped
// values that tell its own yields from an inner await's, and the async
// for protocol (coroutine.h). The state machines are CPython 3.11's
// (Objects/genobject.c), error texts included.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "coroutine.h"

namespace tc::script {

namespace {

// An async generator's own yields are OneValueObjects of this type.
Type* WrappedValueType() {
  static Type* const kType = NewNativeType({.name = "async_generator_wrapped_value"});
  return kType;
}
bool IsWrapped(const Value& v) { return v.is_object() && v.type() == WrappedValueType(); }

// asend() / __anext__() and athrow() / aclose() awaitables.
struct AsyncGenAwaitable : Object {
  explicit AsyncGenAwaitable(Type* t) : Object(t) {}
  enum class State : uint8_t { kInit, kIter, kClosed };
  Value gen;
  Value sendval;  // asend: the value sent first
  Value args;     // athrow: its arguments (a tuple); null for aclose()
  State state = State::kInit;
};
using AState = AsyncGenAwaitable::State;
Type* ASendType();
Type* AThrowType();
AsyncGenAwaitable* Aw(const Value& v) { return Cast<AsyncGenAwaitable>(v); }

Value NewAwaitable(Type* t, const Value& gen) {
  auto* a = new AsyncGenAwaitable(t);
  a->gen = gen;
  return Value::Adopt(a);
}

// One step of the generator as a value: what it yielded, or null with its
// error (StopAsyncIteration when it returned) pending.
Value AsResult(VM& vm, GenStep s, Value r) {
  if (s == GenStep::kYielded) return r;
  if (s == GenStep::kReturned) {
    vm.SetException(NewExceptionArgs(Types().stop_async_iteration, NewTuple({})));
  }
  return Value();
}

// CPython's async_gen_unwrap_value: the generator's own yield ends the
// awaitable with StopIteration(value); an inner await's value passes up.
Value Unwrap(VM& vm, GeneratorObject* g, Value r) {
  if (r.is_null()) {
    if (vm.ExceptionMatches(Types().stop_async_iteration) ||
        vm.ExceptionMatches(Types().generator_exit)) {
      g->closed = true;
    }
    g->running_async = false;
    return Value();
  }
  if (IsWrapped(r)) {
    g->running_async = false;
    Value v = Cast<OneValueObject>(r)->value;
    vm.SetException(NewExceptionArgs(Types().stop_iteration,
                                     v.is_none() ? NewTuple({}) : NewTuple({std::move(v)})));
    return Value();
  }
  return r;
}

Value Send(VM& vm, GeneratorObject* g, Value v) {
  Value r;
  GenStep s = GeneratorSend(vm, g, std::move(v), &r);
  return AsResult(vm, s, std::move(r));
}
Value Throw(VM& vm, GeneratorObject* g, Value exc) {
  Value r;
  GenStep s = GeneratorThrow(vm, g, std::move(exc), &r);
  return AsResult(vm, s, std::move(r));
}

// --- asend -----------------------------------------------------------------------
Value ASendSend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "send", 1, 1)) return {};
  AsyncGenAwaitable* a = Aw(self);
  GeneratorObject* g = Gen(a->gen);
  if (a->state == AState::kClosed) {
    return RaiseRuntimeError(vm, "cannot reuse already awaited __anext__()/asend()");
  }
  Value arg = args[0];
  if (a->state == AState::kInit) {
    if (g->running_async) {
      return RaiseRuntimeError(vm, "anext(): asynchronous generator is already running");
    }
    if (arg.is_none()) arg = a->sendval;
    a->state = AState::kIter;
  }
  g->running_async = true;
  Value r = Unwrap(vm, g, Send(vm, g, arg));
  if (r.is_null()) a->state = AState::kClosed;
  return r;
}
Value ASendNext(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__next__", 0, 0)) return {};
  Value none = Value::None();
  return ASendSend(vm, self, ArgsView(&none, 1));
}
// throw() on an awaitable: throws into the generator unless the
// awaitable is spent; null with the error pending when nothing was thrown.
bool ThrowInto(VM& vm, AsyncGenAwaitable* a, const ArgsView& args, const char* what, Value* r) {
  if (!CheckArgCount(vm, args, "throw", 1, 3)) return false;
  if (a->state == AState::kClosed) {
    RaiseRuntimeError(vm, absl::StrCat("cannot reuse already awaited ", what));
    return false;
  }
  Value exc;
  if (!ThrowArgs(vm, args, &exc)) return false;
  *r = Throw(vm, Gen(a->gen), std::move(exc));
  return true;
}

Value ASendThrow(VM& vm, const Value& self, const ArgsView& args) {
  AsyncGenAwaitable* a = Aw(self);
  Value thrown;
  if (!ThrowInto(vm, a, args, "__anext__()/asend()", &thrown)) return {};
  Value r = Unwrap(vm, Gen(a->gen), std::move(thrown));
  if (r.is_null()) a->state = AState::kClosed;
  return r;
}
Value AwaitableClose(VM&, const Value& self, const ArgsView&) {
  Aw(self)->state = AState::kClosed;
  return Value::None();
}
Value AwaitableSelf(VM&, const Value& self, const ArgsView&) { return self; }

constexpr MethodDef kASendMethods[] = {
    {"send", ASendSend},       {"__next__", ASendNext},     {"throw", ASendThrow},
    {"close", AwaitableClose}, {"__iter__", AwaitableSelf}, {"__await__", AwaitableSelf},
};

// --- athrow / aclose ---------------------------------------------------------------
Value IgnoredExit(VM& vm, AsyncGenAwaitable* a) {
  Gen(a->gen)->running_async = false;
  a->state = AState::kClosed;
  return RaiseRuntimeError(vm, "async generator ignored GeneratorExit");
}

// The generator ended: aclose() is done (StopIteration), athrow() reports it.
Value CheckError(VM& vm, AsyncGenAwaitable* a) {
  Gen(a->gen)->running_async = false;
  a->state = AState::kClosed;
  if (a->args.is_null() && (vm.ExceptionMatches(Types().stop_async_iteration) ||
                            vm.ExceptionMatches(Types().generator_exit))) {
    vm.ClearException();
    vm.SetException(NewExceptionArgs(Types().stop_iteration, NewTuple({})));
  }
  return Value();
}

Value AThrowSend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "send", 1, 1)) return {};
  AsyncGenAwaitable* a = Aw(self);
  GeneratorObject* g = Gen(a->gen);
  bool aclose = a->args.is_null();
  if (a->state == AState::kClosed) {
    return RaiseRuntimeError(vm, "cannot reuse already awaited aclose()/athrow()");
  }
  if (g->state == GeneratorObject::State::kFinished) {
    a->state = AState::kClosed;
    vm.SetException(NewExceptionArgs(Types().stop_iteration, NewTuple({})));
    return Value();
  }
  if (a->state == AState::kInit) {
    if (g->running_async) {
      a->state = AState::kClosed;
      return RaiseRuntimeError(vm, aclose ? "aclose(): asynchronous generator is already running"
                                          : "athrow(): asynchronous generator is already running");
    }
    if (g->closed) {
      a->state = AState::kClosed;
      vm.SetException(NewExceptionArgs(Types().stop_async_iteration, NewTuple({})));
      return Value();
    }
    if (!args[0].is_none()) {
      return RaiseRuntimeError(vm, "can't send non-None value to a just-started coroutine");
    }
    a->state = AState::kIter;
    g->running_async = true;
    Value r;
    if (aclose) {
      g->closed = true;
      r = Throw(vm, g, NewExceptionArgs(Types().generator_exit, NewTuple({})));
      if (IsWrapped(r)) return IgnoredExit(vm, a);
    } else {
      const auto& items = Cast<TupleObject>(a->args)->items;
      Value exc;
      if (!ThrowArgs(vm, ArgsView(items.data(), static_cast<int32_t>(items.size())), &exc)) {
        return CheckError(vm, a);
      }
      r = Unwrap(vm, g, Throw(vm, g, std::move(exc)));
    }
    return r.is_null() ? CheckError(vm, a) : r;
  }
  Value r = Send(vm, g, args[0]);
  if (!aclose) return Unwrap(vm, g, std::move(r));
  if (r.is_null()) return CheckError(vm, a);
  return IsWrapped(r) ? IgnoredExit(vm, a) : r;
}
Value AThrowNext(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__next__", 0, 0)) return {};
  Value none = Value::None();
  return AThrowSend(vm, self, ArgsView(&none, 1));
}
Value AThrowThrow(VM& vm, const Value& self, const ArgsView& args) {
  AsyncGenAwaitable* a = Aw(self);
  Value r;
  if (!ThrowInto(vm, a, args, "aclose()/athrow()", &r)) return {};
  if (!a->args.is_null()) return Unwrap(vm, Gen(a->gen), std::move(r));
  if (IsWrapped(r)) return IgnoredExit(vm, a);
  if (r.is_null() && (vm.ExceptionMatches(Types().stop_async_iteration) ||
                      vm.ExceptionMatches(Types().generator_exit))) {
    vm.ClearException();
    vm.SetException(NewExceptionArgs(Types().stop_iteration, NewTuple({})));
  }
  return r;
}

constexpr MethodDef kAThrowMethods[] = {
    {"send", AThrowSend},      {"__next__", AThrowNext},    {"throw", AThrowThrow},
    {"close", AwaitableClose}, {"__iter__", AwaitableSelf}, {"__await__", AwaitableSelf},
};

Type* ASendType() {
  static Type* const kType =
      NewNativeType({.name = "async_generator_asend", .methods = kASendMethods});
  return kType;
}
Type* AThrowType() {
  static Type* const kType =
      NewNativeType({.name = "async_generator_athrow", .methods = kAThrowMethods});
  return kType;
}

// --- async_generator --------------------------------------------------------------
Value AGenAIter(VM&, const Value& self, const ArgsView&) { return self; }
Value AGenANext(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__anext__", 0, 0)) return {};
  Value a = NewAwaitable(ASendType(), self);
  Aw(a)->sendval = Value::None();
  return a;
}
Value AGenASend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "asend", 1, 1)) return {};
  Value a = NewAwaitable(ASendType(), self);
  Aw(a)->sendval = args[0];
  return a;
}
Value AGenAThrow(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "athrow", 1, 3)) return {};
  Value a = NewAwaitable(AThrowType(), self);
  Aw(a)->args = NewTuple(std::vector<Value>(args.data, args.data + args.nargs));
  return a;
}
Value AGenAClose(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "aclose", 0, 0)) return {};
  return NewAwaitable(AThrowType(), self);
}
Value AGenAwait(VM&, const Value& self) {
  Value d = Delegate(Gen(self));
  return d.is_null() ? Value::None() : d;
}

constexpr MethodDef kAsyncGenMethods[] = {
    {"__aiter__", AGenAIter}, {"__anext__", AGenANext}, {"asend", AGenASend},
    {"athrow", AGenAThrow},   {"aclose", AGenAClose},   {"__repr__", GenRepr},
};
constexpr GetSetDef kAsyncGenGetSets[] = {
    {"__name__", GenName}, {"__qualname__", GenQualName}, {"ag_running", GenRunning},
    {"ag_code", GenCode},  {"ag_await", AGenAwait},
};

}  // namespace

Type* AsyncGeneratorType() {
  static Type* const kType = NewNativeType(
      {.name = "async_generator", .methods = kAsyncGenMethods, .getsets = kAsyncGenGetSets});
  return kType;
}

bool IsAsyncGenAwaitable(const Value& v) {
  return v.is_object() && (v.type() == ASendType() || v.type() == AThrowType());
}

Value AsyncGenWrap(Value v) {
  auto* w = new OneValueObject(WrappedValueType());
  w->value = std::move(v);
  return Value::Adopt(w);
}

namespace {

// obj.<name>() looked up on its type, as CPython's async for does; the
// TypeError "'async for' requires <what> with <name> method, got T" when
// the type has none.
Value CallAsyncForSlot(VM& vm, const Value& obj, const char* name, const char* what) {
  const Value* fn = LookupInMro(obj.type(), Intern(name));
  if (fn == nullptr) {
    return RaiseTypeError(vm, absl::StrFormat("'async for' requires %s with %s method, got %s",
                                              what, name, TypeName(obj)));
  }
  return vm.CallWithSelf(*fn, obj, ArgsView());
}

}  // namespace

Value GetAIter(VM& vm, const Value& obj) {
  Value it = CallAsyncForSlot(vm, obj, "__aiter__", "an object");
  if (it.is_null()) return {};
  if (LookupInMro(it.type(), Intern("__anext__")) == nullptr) {
    return RaiseTypeError(vm, absl::StrFormat("'async for' received an object from __aiter__ "
                                              "that does not implement __anext__: %s",
                                              TypeName(it)));
  }
  return it;
}

Value GetANext(VM& vm, const Value& aiter) {
  if (IsAsyncGenerator(aiter)) return AGenANext(vm, aiter, ArgsView());
  Value next = CallAsyncForSlot(vm, aiter, "__anext__", "an iterator");
  if (next.is_null()) return {};
  Value it = GetAwaitableIter(vm, next, 0);
  if (it.is_null()) {
    Value cause = vm.TakeException();
    Value err =
        vm.NewException(Types().type_error,
                        absl::StrFormat("'async for' received an invalid object from __anext__: %s",
                                        TypeName(next)));
    auto* e = static_cast<ExceptionObject*>(err.as_object());
    e->cause = cause;
    e->context = cause;
    e->suppress_context = true;
    vm.SetException(std::move(err));
  }
  return it;
}

}  // namespace tc::script
