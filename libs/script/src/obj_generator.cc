// Generator objects (generator.h): creation from a call, resumption through
// the eval loop (which stops at YIELD_VALUE and keeps the frame's stack in
// the generator's slots), and the Python-level generator type.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "generator.h"

namespace tc::script {

namespace {

using State = GeneratorObject::State;

Value* StackBase(GeneratorObject* g) {
  CodeObject* co = g->frame.code;
  return g->slots.get() + co->nlocals + co->ncells;
}

void Finish(GeneratorObject* g) {
  g->state = State::kFinished;
  g->exc_state = Value();
  g->slots.reset();
  g->nslots = 0;
  g->frame.locals = nullptr;
}

// Runs the frame from where it stopped (its stack and flags prepared by
// the caller) until it yields, returns or raises.
GenStep Run(VM& vm, GeneratorObject* g, Value* out) {
  if (!vm.RecursionEnter()) {
    g->frame.throw_in = false;
    return GenStep::kRaised;
  }
  Value keep = Value::Borrow(g);  // the frame may drop the last other reference
  g->state = State::kRunning;
  Value outer = vm.handled_exception();
  vm.set_handled_exception(std::move(g->exc_state));
  Value r = vm.Eval(&g->frame);
  g->exc_state = vm.handled_exception();
  vm.set_handled_exception(std::move(outer));
  vm.RecursionLeave();
  if (g->frame.yielded) {
    g->frame.yielded = false;
    g->state = State::kSuspended;
    *out = std::move(r);
    return GenStep::kYielded;
  }
  Finish(g);
  if (r.is_null()) {
    // PEP 479: a StopIteration escaping the body would end the caller's
    // loop silently; it becomes a RuntimeError (and so does an async
    // generator's StopAsyncIteration).
    bool async_gen = g->type == AsyncGeneratorType();
    if (vm.ExceptionMatches(Types().stop_iteration) ||
        (async_gen && vm.ExceptionMatches(Types().stop_async_iteration))) {
      bool stop_iteration = vm.ExceptionMatches(Types().stop_iteration);
      Value stop = vm.TakeException();
      Value err =
          vm.NewException(Types().runtime_error,
                          absl::StrFormat("%s raised %s", GenKindName(g),
                                          stop_iteration ? "StopIteration" : "StopAsyncIteration"));
      auto* e = static_cast<ExceptionObject*>(err.as_object());
      e->cause = stop;
      e->context = stop;
      e->suppress_context = true;
      vm.SetException(std::move(err));
    }
    return GenStep::kRaised;
  }
  *out = std::move(r);
  return GenStep::kReturned;
}

bool CheckNotRunning(VM& vm, GeneratorObject* g) {
  if (g->state != State::kRunning) return true;
  RaiseValueError(vm, absl::StrCat(GenKindName(g), " already executing"));
  return false;
}

// An exhausted coroutine cannot run again, as a generator silently can.
bool CheckReusable(VM& vm, GeneratorObject* g) {
  if (g->state != State::kFinished || g->type != CoroutineType()) return true;
  RaiseRuntimeError(vm, "cannot reuse already awaited coroutine");
  return false;
}

// Throws the pending exception into the frame at its yield.
GenStep ThrowIntoFrame(VM& vm, GeneratorObject* g, Value* out) {
  g->frame.throw_in = true;
  return Run(vm, g, out);
}

// The iterator a suspended `yield from` delegates to: the YIELD_VALUE the
// frame stopped at follows a SEND, whose iterator is on top of the stack.
const Instruction* DelegatingSend(GeneratorObject* g) {
  const Frame& f = g->frame;
  if (f.resume_pc < 2 || f.resume_depth < 1) return nullptr;
  const Instruction& ins = f.code->code->instructions[f.resume_pc - 2];
  return ins.op == Opcode::kSend ? &ins : nullptr;
}

// Closes the iterator being delegated to (GeneratorExit reaching a
// `yield from`): close() on generators and anything that has it.
bool CloseDelegate(VM& vm, const Value& it) {
  if (IsGenOrCoro(it)) {
    Value r = vm.CallMethod(it, "close", {});
    return !r.is_null();
  }
  Value close = vm.GetAttrOrNull(it, Intern("close"));
  if (close.is_null()) return !vm.HasException();
  return !vm.Call(close, ArgsView()).is_null();
}

// StopIteration's value (its first argument, else None).
Value StopValue(const Value& exc) {
  const auto* e = static_cast<const ExceptionObject*>(exc.as_object());
  const auto& args = Cast<TupleObject>(e->args)->items;
  return args.empty() ? Value::None() : args[0];
}

}  // namespace

const char* GenKindName(const GeneratorObject* g) {
  return g->type == CoroutineType()        ? "coroutine"
         : g->type == AsyncGeneratorType() ? "async generator"
                                           : "generator";
}

Value NewGenerator(FunctionObject* fn, Value* locals) {
  CodeObject* co = fn->code.get();
  uint32_t flags = co->code->flags;
  auto* g = new GeneratorObject((flags & Code::kCoroutine)        ? CoroutineType()
                                : (flags & Code::kAsyncGenerator) ? AsyncGeneratorType()
                                                                  : GeneratorType());
  Value gv = Value::Adopt(g);
  g->func = Ref<FunctionObject>::Borrow(fn);
  g->nslots = co->frame_size;
  g->slots = std::make_unique<Value[]>(static_cast<size_t>(co->frame_size));
  for (int32_t i = 0; i < co->nlocals + co->ncells; ++i) g->slots[i] = std::move(locals[i]);
  g->frame.code = co;
  g->frame.func = fn;
  g->frame.globals = fn->globals.get();
  g->frame.locals = g->slots.get();
  return gv;
}

GenStep GeneratorSend(VM& vm, GeneratorObject* g, Value v, Value* out) {
  if (!CheckNotRunning(vm, g) || !CheckReusable(vm, g)) return GenStep::kRaised;
  if (g->state == State::kFinished) {
    *out = Value::None();
    return GenStep::kReturned;
  }
  if (v.is_null()) v = Value::None();
  if (g->state == State::kCreated) {
    if (!v.is_none()) {
      RaiseTypeError(vm,
                     absl::StrCat("can't send non-None value to a just-started ", GenKindName(g)));
      return GenStep::kRaised;
    }
  } else {
    StackBase(g)[g->frame.resume_depth++] = std::move(v);
  }
  return Run(vm, g, out);
}

Value GeneratorNext(VM& vm, GeneratorObject* g) {
  Value r;
  return GeneratorSend(vm, g, Value(), &r) == GenStep::kYielded ? r : Value();
}

GenStep GeneratorThrow(VM& vm, GeneratorObject* g, Value exc, Value* out) {
  if (!CheckNotRunning(vm, g)) return GenStep::kRaised;
  if (g->state == State::kFinished && g->type == CoroutineType() &&
      !IsInstance(exc, Types().generator_exit)) {
    vm.SetException(std::move(exc));
    CheckReusable(vm, g);  // chained to the thrown exception, as CPython
    return GenStep::kRaised;
  }
  if (g->state != State::kSuspended) {
    // Not started or finished: the exception comes straight back out.
    Finish(g);
    vm.SetException(std::move(exc));
    return GenStep::kRaised;
  }
  if (const Instruction* send = DelegatingSend(g)) {
    Value& sub = StackBase(g)[g->frame.resume_depth - 1];
    Value it = sub;
    GenStep s;
    Value r;
    if (IsInstance(exc, Types().generator_exit)) {
      if (!CloseDelegate(vm, it)) return ThrowIntoFrame(vm, g, out);
      vm.SetException(std::move(exc));
      return ThrowIntoFrame(vm, g, out);
    }
    if (IsGenOrCoro(it)) {
      g->state = State::kRunning;
      s = GeneratorThrow(vm, Gen(it), exc, &r);
      g->state = State::kSuspended;
    } else {
      Value meth = vm.GetAttrOrNull(it, Intern("throw"));
      if (meth.is_null()) {
        if (vm.HasException()) return ThrowIntoFrame(vm, g, out);
        vm.SetException(std::move(exc));
        return ThrowIntoFrame(vm, g, out);
      }
      r = vm.Call(meth, {exc});
      s = GenStep::kYielded;
      if (r.is_null()) {
        s = GenStep::kRaised;
        if (vm.ExceptionMatches(Types().stop_iteration)) {
          r = StopValue(vm.TakeException());
          s = GenStep::kReturned;
        }
      }
    }
    if (s == GenStep::kYielded) {
      *out = std::move(r);
      return GenStep::kYielded;
    }
    if (s == GenStep::kRaised) return ThrowIntoFrame(vm, g, out);
    // The delegate returned: `yield from` evaluates to its value.
    sub = std::move(r);
    g->frame.resume_pc = send->arg;
    return Run(vm, g, out);
  }
  vm.SetException(std::move(exc));
  return ThrowIntoFrame(vm, g, out);
}

GenStep DelegateSend(VM& vm, const Value& it, Value v, Value* out) {
  if (IsGenOrCoro(it)) return GeneratorSend(vm, Gen(it), std::move(v), out);
  Value r;
  if (v.is_none()) {
    // __next__ itself, not VM::Next, which drops StopIteration's value.
    const Value& next = it.type()->slot(Slot::kNext);
    r = next.is_null() ? vm.Next(it) : vm.CallWithSelf(next, it, ArgsView());
  } else {
    r = vm.CallMethod(it, "send", {v});
  }
  if (r.is_null()) {
    if (!vm.ExceptionMatches(Types().stop_iteration)) return GenStep::kRaised;
    *out = StopValue(vm.TakeException());
    return GenStep::kReturned;
  }
  *out = std::move(r);
  return GenStep::kYielded;
}

Value Delegate(GeneratorObject* g) {
  if (g->state != State::kSuspended || DelegatingSend(g) == nullptr) return Value();
  return StackBase(g)[g->frame.resume_depth - 1];
}

namespace {

// StopIteration(value) for a return value other than None, as CPython.
Value RaiseStop(VM& vm, Value value) {
  vm.SetException(NewExceptionArgs(Types().stop_iteration,
                                   value.is_none() ? NewTuple({}) : NewTuple({std::move(value)})));
  return Value();
}

}  // namespace

Value StepResult(VM& vm, GenStep s, Value r) {
  if (s == GenStep::kYielded) return r;
  if (s == GenStep::kReturned) return RaiseStop(vm, std::move(r));
  return Value();
}

bool ThrowArgs(VM& vm, const ArgsView& args, Value* exc) {
  const BuiltinTypes& T = Types();
  Value typ = args[0];
  Value val = args.nargs > 1 ? args[1] : Value::None();
  if (typ.is_object() && IsInstance(typ, T.type) &&
      static_cast<Type*>(typ.as_object())->has_flag(Type::kExceptionType)) {
    auto* cls = static_cast<Type*>(typ.as_object());
    if (IsInstance(val, cls)) {
      *exc = val;
    } else {
      *exc =
          val.is_none() ? vm.Call(typ, ArgsView())
          : val.is_object() && val.type() == T.tuple
              ? vm.Call(typ, ArgsView(Cast<TupleObject>(val)->items.data(),
                                      static_cast<int32_t>(Cast<TupleObject>(val)->items.size())))
              : vm.Call(typ, {val});
      if (exc->is_null()) return false;
    }
  } else if (typ.is_object() && typ.as_object()->type->has_flag(Type::kExceptionType)) {
    if (!val.is_none()) {
      RaiseTypeError(vm, "instance exception may not have a separate value");
      return false;
    }
    *exc = typ;
  } else {
    RaiseTypeError(
        vm, absl::StrFormat(
                "exceptions must be classes or instances deriving from BaseException, not %s",
                TypeName(typ)));
    return false;
  }
  return true;
}

Value GeneratorClose(VM& vm, GeneratorObject* g) {
  if (g->state == State::kCreated || g->state == State::kFinished) {
    Finish(g);
    return Value::None();
  }
  Value r;
  GenStep s = GeneratorThrow(vm, g, NewExceptionArgs(Types().generator_exit, NewTuple({})), &r);
  if (s == GenStep::kYielded) {
    return RaiseRuntimeError(vm, absl::StrCat(GenKindName(g), " ignored GeneratorExit"));
  }
  if (s == GenStep::kReturned) return Value::None();
  if (vm.ExceptionMatches(Types().generator_exit) || vm.ExceptionMatches(Types().stop_iteration)) {
    vm.ClearException();
    return Value::None();
  }
  return {};
}

Value GenNext(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__next__", 0, 0)) return {};
  Value r;
  GenStep s = GeneratorSend(vm, Gen(self), Value(), &r);
  return StepResult(vm, s, std::move(r));
}

Value GenSend(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "send", 1, 1)) return {};
  Value r;
  GenStep s = GeneratorSend(vm, Gen(self), args[0], &r);
  return StepResult(vm, s, std::move(r));
}

// throw(exc) or the deprecated throw(type[, value[, traceback]]).
Value GenThrow(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "throw", 1, 3)) return {};
  Value exc;
  if (!ThrowArgs(vm, args, &exc)) return {};
  Value r;
  GenStep s = GeneratorThrow(vm, Gen(self), std::move(exc), &r);
  return StepResult(vm, s, std::move(r));
}

Value GenClose(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "close", 0, 0)) return {};
  return GeneratorClose(vm, Gen(self));
}

Value GenIter(VM&, const Value& self, const ArgsView&) { return self; }

Value GenRepr(VM&, const Value& self, const ArgsView&) {
  return NewStr(absl::StrFormat("<%s object %s at %p>", self.type()->name,
                                Gen(self)->func->qualname->value, self.as_object()));
}

Value GenName(VM&, const Value& self) { return Value::Borrow(Gen(self)->func->name.get()); }
Value GenQualName(VM&, const Value& self) { return Value::Borrow(Gen(self)->func->qualname.get()); }
Value GenRunning(VM&, const Value& self) {
  return Value::Bool(Gen(self)->state == State::kRunning);
}
Value GenSuspended(VM&, const Value& self) {
  return Value::Bool(Gen(self)->state == State::kSuspended);
}
Value GenCode(VM&, const Value& self) { return Value::Borrow(Gen(self)->func->code.get()); }

namespace {

constexpr MethodDef kGeneratorMethods[] = {
    {"__next__", GenNext}, {"send", GenSend},     {"throw", GenThrow},
    {"close", GenClose},   {"__iter__", GenIter}, {"__repr__", GenRepr},
};
constexpr GetSetDef kGeneratorGetSets[] = {
    {"__name__", GenName},          {"__qualname__", GenQualName}, {"gi_running", GenRunning},
    {"gi_suspended", GenSuspended}, {"gi_code", GenCode},
};

Value StopIterationValue(VM&, const Value& self) { return StopValue(self); }
constexpr GetSetDef kStopIterationGetSets[] = {{"value", StopIterationValue}};

}  // namespace

Type* GeneratorType() {
  static Type* const kType = NewNativeType(
      {.name = "generator", .methods = kGeneratorMethods, .getsets = kGeneratorGetSets});
  return kType;
}

bool IsGeneratorObject(const Value& v) { return IsGenerator(v); }

void InitStopIterationType(BuiltinTypes& bt) {
  AddGetSets(bt.stop_iteration, kStopIterationGetSets);
  UpdateSlots(bt.stop_iteration);
}

}  // namespace tc::script
