// Generator objects: the suspended frame of a call of a function whose
// body yields (and of generator expressions), resumed by next(), send(),
// throw() and close() with CPython's rules, and `yield from` delegation.
// Coroutines (calls of `async def` functions) and async generators are the
// same object under another type; coroutine.h holds what is theirs.
#ifndef TC_SCRIPT_SRC_GENERATOR_H_
#define TC_SCRIPT_SRC_GENERATOR_H_

#include <cstdint>
#include <memory>

#include "tc/script/object.h"
#include "tc/script/value.h"
#include "tc/script/vm.h"

#include "vm_internal.h"

namespace tc::script {

struct GeneratorObject : Object {
  explicit GeneratorObject(Type* t) : Object(t) {}
  enum class State : uint8_t { kCreated, kSuspended, kRunning, kFinished };
  Ref<FunctionObject> func;
  // The frame's locals, cells and operand stack, which live here (not on
  // the VM's value stack) between resumptions.
  std::unique_ptr<Value[]> slots;
  int32_t nslots = 0;
  Frame frame;
  // The exception being handled inside the generator while it is
  // suspended (CPython's gi_exc_state): swapped with the VM's on resume.
  Value exc_state;
  State state = State::kCreated;
  // Async generators (CPython's ag_running_async, ag_closed): an asend() /
  // athrow() awaitable is driving it; aclose() or its end closed it.
  bool running_async = false;
  bool closed = false;
};

inline GeneratorObject* Gen(const Value& v) { return Cast<GeneratorObject>(v); }

// An object that holds one value: the coroutine a coroutine_wrapper steps,
// the value an async generator yields, wrapped.
struct OneValueObject : Object {
  explicit OneValueObject(Type* t) : Object(t) {}
  Value value;
};

Type* GeneratorType();
Type* CoroutineType();
Type* AsyncGeneratorType();
inline bool IsGenerator(const Value& v) {
  return v.is_object() && v.as_object()->type == GeneratorType();
}
inline bool IsCoroutine(const Value& v) {
  return v.is_object() && v.as_object()->type == CoroutineType();
}
inline bool IsAsyncGenerator(const Value& v) {
  return v.is_object() && v.as_object()->type == AsyncGeneratorType();
}
// What `yield from` and `await` resume directly (not through methods).
inline bool IsGenOrCoro(const Value& v) { return IsGenerator(v) || IsCoroutine(v); }
// "generator", "coroutine" or "async generator": CPython's messages name it.
const char* GenKindName(const GeneratorObject* g);

// The generator that calling `fn` makes; `locals` holds the bound
// parameters (the code's frame_size slots), which it takes over.
Value NewGenerator(FunctionObject* fn, Value* locals);

// What one resumption did. kYielded / kReturned set *out; kRaised leaves
// the exception pending.
enum class GenStep : uint8_t { kYielded, kReturned, kRaised };
// send(v) (v null or None: next()).
GenStep GeneratorSend(VM& vm, GeneratorObject* g, Value v, Value* out);
// next(): the yielded value, else null (a return value is dropped, as for
// loops do; an exception is left pending).
Value GeneratorNext(VM& vm, GeneratorObject* g);
// throw(exc): raises `exc` (an exception instance) where `g` is suspended.
GenStep GeneratorThrow(VM& vm, GeneratorObject* g, Value exc, Value* out);
// One step of `yield from`: sends `v` to the iterator being delegated to
// (a generator, or any iterator: next() for None, else its send method).
GenStep DelegateSend(VM& vm, const Value& it, Value v, Value* out);
// The iterator a suspended `yield from` / `await` of `g` delegates to
// (null when `g` is not suspended in one): cr_await, gi_yieldfrom.
Value Delegate(GeneratorObject* g);
// The exception throw(typ[, val[, tb]]) raises (CPython's argument forms);
// false with a TypeError pending on bad arguments.
bool ThrowArgs(VM& vm, const ArgsView& args, Value* exc);
// What a Python-level send()/__next__/throw() returns for a step: the
// yielded value, or null with StopIteration(value) or the error pending.
Value StepResult(VM& vm, GenStep s, Value r);
// close(): GeneratorExit thrown in, with CPython's rules.
Value GeneratorClose(VM& vm, GeneratorObject* g);

// The Python-level methods and attributes generators and coroutines share.
Value GenNext(VM& vm, const Value& self, const ArgsView& args);
Value GenSend(VM& vm, const Value& self, const ArgsView& args);
Value GenThrow(VM& vm, const Value& self, const ArgsView& args);
Value GenClose(VM& vm, const Value& self, const ArgsView& args);
Value GenRepr(VM& vm, const Value& self, const ArgsView& args);  // <coroutine object f at 0x..>
Value GenName(VM& vm, const Value& self);
Value GenQualName(VM& vm, const Value& self);
Value GenRunning(VM& vm, const Value& self);
Value GenSuspended(VM& vm, const Value& self);
Value GenCode(VM& vm, const Value& self);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_GENERATOR_H_
