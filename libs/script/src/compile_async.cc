// Code generation for generators' and coroutines' suspension points: yield,
// the SEND loop of `yield from` and `await`, `async for` (statement and
// comprehension), with CPython 3.11's compile-time errors. `async with` is
// With's (compile_try.cc).
#include "tc/script/compiler.h"

#include "src/compile_codegen.h"
#include "src/compile_emit.h"

namespace tc::script {

void CodeGen::EmitYield() {
  // An async generator's own yields are told apart from the values an
  // await inside it passes up to whoever drives the generator.
  if (u().scope()->coroutine) u().Emit(Opcode::kAsyncGenWrap);
  u().Emit(Opcode::kYieldValue);
}

void CodeGen::EmitYieldFrom() {
  Unit& unit = u();
  LoadConst(ConstNone{});
  int loop = unit.NewLabel(), exit = unit.NewLabel();
  unit.Bind(loop);
  unit.EmitJump(Opcode::kSend, exit);
  unit.Emit(Opcode::kYieldValue);
  unit.EmitJump(Opcode::kJump, loop);
  unit.Bind(exit);
}

void CodeGen::EmitAwait(int where) {
  u().Emit(Opcode::kGetAwaitable, where);
  EmitYieldFrom();
}

CodeGen::AsyncLoopLabels CodeGen::AsyncLoopHead(int depth) {
  Unit& unit = u();
  AsyncLoopLabels l{unit.NewLabel(), unit.NewLabel()};
  unit.Bind(l.start);
  // StopAsyncIteration from __anext__'s awaitable ends the loop at
  // EndAsyncFor, with the iterator (at `depth`) still on the stack.
  unit.PushHandler(l.except, depth);
  unit.Emit(Opcode::kGetAnext);
  EmitYieldFrom();
  unit.PopHandler();
  return l;
}

void CodeGen::AsyncFor(const ast::Stmt& s) {
  if (!u().scope()->async_def) return Fail(s.loc, "'async for' outside async function");
  Unit& unit = u();
  int end = unit.NewLabel();
  Expr(*s.b);
  unit.Emit(Opcode::kGetAiter);
  AsyncLoopLabels l = AsyncLoopHead(StatementDepth() + 1);
  fblocks().push_back({FKind::kForLoop, l.start, end, nullptr, "", unit.handler_stack().size()});
  Store(*s.a);
  Stmts(s.body);
  unit.EmitJump(Opcode::kJump, l.start);
  fblocks().pop_back();
  unit.Bind(l.except);
  unit.Emit(Opcode::kEndAsyncFor);
  Stmts(s.orelse);
  unit.Bind(end);
}

}  // namespace tc::script
