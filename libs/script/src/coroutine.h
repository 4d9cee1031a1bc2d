// Coroutines and async generators (the objects `async def` calls make,
// built on generator.h's suspended frames) and the protocols the VM's
// await / async for / async with opcodes follow, with CPython 3.11's rules
// and error texts.
#ifndef TC_SCRIPT_SRC_COROUTINE_H_
#define TC_SCRIPT_SRC_COROUTINE_H_

#include "tc/script/value.h"
#include "tc/script/vm.h"

#include "generator.h"

namespace tc::script {

// The iterator `await v` delegates to: v itself for a coroutine or a
// types.coroutine generator, else what v's type's __await__ returns (an
// iterator, not a coroutine). `where` names the source in the TypeError
// when there is no __await__: 0 an await expression, 1 __aenter__, 2
// __aexit__. Null with the error pending.
Value GetAwaitableIter(VM& vm, const Value& v, int where);
// GET_AWAITABLE: GetAwaitableIter, and "coroutine is being awaited
// already" for a coroutine suspended in an await of its own.
Value Awaitable(VM& vm, const Value& v, int where);
// async for: obj.__aiter__() and, per step, the awaitable of
// aiter.__anext__() (an async generator's asend(None)).
Value GetAIter(VM& vm, const Value& obj);
Value GetANext(VM& vm, const Value& aiter);
// async with: pushes nothing on failure; else the bound __aexit__ and the
// result of __aenter__() (to be awaited).
bool BeforeAsyncWith(VM& vm, const Value& mgr, Value* exit_bound, Value* enter_result);

// An async generator's own `yield v`, marked so the awaitable driving it
// (asend / athrow) tells it from values an inner await passes up.
Value AsyncGenWrap(Value v);
// An asend() / athrow() awaitable.
bool IsAsyncGenAwaitable(const Value& v);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_COROUTINE_H_
