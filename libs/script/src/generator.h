// Generator objects: the suspended frame of a call of a function whose
// body yields (and of generator expressions), resumed by next(), send(),
// throw() and close() with CPython's rules, and `yield from` delegation.
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
};

Type* GeneratorType();
inline bool IsGenerator(const Value& v) {
  return v.is_object() && v.as_object()->type == GeneratorType();
}

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

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_GENERATOR_H_
