// Code generation for generators' and coroutines' suspension points: yield,
// the SEND loop of `yield from` and `await`, `async for` (statement and
// comprehension) and `async with`, with CPython 3.11's compile-time errors.
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
  unit.Emit(Opcode::kGetANext);
  EmitYieldFrom();
  unit.PopHandler();
  return l;
}

void CodeGen::AsyncFor(const ast::Stmt& s) {
  if (!u().scope()->async_def) return Fail(s.loc, "'async for' outside async function");
  Unit& unit = u();
  int end = unit.NewLabel();
  Expr(*s.b);
  unit.Emit(Opcode::kGetAIter);
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

void CodeGen::AsyncWithExit() {
  int none = u().AddConst(ConstNone{});
  for (int k = 0; k < 3; ++k) u().Emit(Opcode::kLoadConst, none);
  u().Emit(Opcode::kCall, 3);
  EmitAwait(2);
  u().Emit(Opcode::kPop);
}

// As With (compile_try.cc), with __aenter__'s and __aexit__'s results awaited.
void CodeGen::AsyncWith(const ast::Stmt& s, size_t item) {
  if (!u().scope()->async_def) return Fail(s.loc, "'async with' outside async function");
  Unit& unit = u();
  int depth = StatementDepth();
  int on_exc = unit.NewLabel(), cleanup = unit.NewLabel(), suppress = unit.NewLabel(),
      end = unit.NewLabel();
  const ast::WithItem& w = s.items[item];
  Expr(*w.context_expr);
  unit.Emit(Opcode::kBeforeAsyncWith);
  EmitAwait(1);
  size_t outside = unit.handler_stack().size();
  unit.PushHandler(on_exc, depth + 1);
  fblocks().push_back({FKind::kAsyncWith, -1, -1, nullptr, "", outside});
  if (w.optional_vars) {
    Store(*w.optional_vars);
  } else {
    unit.Emit(Opcode::kPop);
  }
  if (item + 1 < s.items.size()) {
    AsyncWith(s, item + 1);
  } else {
    Stmts(s.body);
  }
  fblocks().pop_back();
  unit.PopHandler();
  AsyncWithExit();
  unit.EmitJump(Opcode::kJump, end);
  // Exception in the body: exit_bound exc.
  unit.Bind(on_exc);
  unit.PushHandler(cleanup, depth + 2);
  unit.Emit(Opcode::kPushExcInfo);
  unit.Emit(Opcode::kWithExceptStart);
  EmitAwait(2);
  unit.EmitJump(Opcode::kPopJumpIfTrue, suppress);
  unit.Emit(Opcode::kReraise);
  unit.Bind(suppress);
  unit.Emit(Opcode::kPop);
  unit.Emit(Opcode::kPopExcept);
  unit.Emit(Opcode::kPop);
  unit.PopHandler();
  unit.EmitJump(Opcode::kJump, end);
  unit.Bind(cleanup);
  unit.Emit(Opcode::kRotTwo);
  unit.Emit(Opcode::kPopExcept);
  unit.Emit(Opcode::kReraise);
  unit.Bind(end);
}

}  // namespace tc::script
