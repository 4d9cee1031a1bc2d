// Code generation for `with` and `try` (finally bodies emitted for the
// normal and the exceptional path, handlers matched by type).
#include <utility>

#include "absl/strings/str_format.h"

#include "tc/script/compiler.h"
#include "tc/script/parser.h"

#include "src/compile_codegen.h"
#include "src/compile_emit.h"

namespace tc::script {

// `async with` is the same with __aenter__'s and __aexit__'s results
// awaited (CPython's BEFORE_ASYNC_WITH and GET_AWAITABLE 1 / 2).
void CodeGen::With(const ast::Stmt& s, size_t item) {
  if (s.is_async && !u().scope()->async_def) {
    return Fail(s.loc, "'async with' outside async function");
  }
  Unit& unit = u();
  int depth = StatementDepth();
  int on_exc = unit.NewLabel(), cleanup = unit.NewLabel(), suppress = unit.NewLabel(),
      end = unit.NewLabel();
  const ast::WithItem& w = s.items[item];
  Expr(*w.context_expr);
  if (s.is_async) {
    unit.Emit(Opcode::kBeforeAsyncWith);
    EmitAwait(1);
  } else {
    unit.Emit(Opcode::kBeforeWith);
  }
  size_t outside = unit.handler_stack().size();
  unit.PushHandler(on_exc, depth + 1);
  fblocks().push_back(
      {s.is_async ? FKind::kAsyncWith : FKind::kWith, -1, -1, nullptr, "", outside});
  if (w.optional_vars) {
    Store(*w.optional_vars);
  } else {
    unit.Emit(Opcode::kPop);
  }
  if (item + 1 < s.items.size()) {
    With(s, item + 1);
  } else {
    Stmts(s.body);
  }
  fblocks().pop_back();
  unit.PopHandler();
  WithExit(s.is_async);
  unit.EmitJump(Opcode::kJump, end);
  // Exception in the body: exit_bound exc.
  unit.Bind(on_exc);
  unit.PushHandler(cleanup, depth + 2);
  unit.Emit(Opcode::kPushExcInfo);
  unit.Emit(Opcode::kWithExceptStart);
  if (s.is_async) EmitAwait(2);
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

void CodeGen::WithExit(bool async) {
  int none = u().AddConst(ConstNone{});
  for (int k = 0; k < 3; ++k) u().Emit(Opcode::kLoadConst, none);
  u().Emit(Opcode::kCall, 3);
  if (async) EmitAwait(2);
  u().Emit(Opcode::kPop);
}

void CodeGen::Try(const ast::Stmt& s) {
  if (!s.finalbody.empty()) return TryFinally(s);
  TryExcept(s);
}

void CodeGen::TryFinally(const ast::Stmt& s) {
  Unit& unit = u();
  int depth = StatementDepth();
  int on_exc = unit.NewLabel(), cleanup = unit.NewLabel(), end = unit.NewLabel();
  size_t outside = unit.handler_stack().size();
  unit.PushHandler(on_exc, depth);
  fblocks().push_back({FKind::kTryFinally, -1, -1, &s.finalbody, "", outside});
  if (s.handlers.empty()) {
    Stmts(s.body);
  } else {
    TryExcept(s);
  }
  fblocks().pop_back();
  unit.PopHandler();
  Stmts(s.finalbody);
  unit.EmitJump(Opcode::kJump, end);
  // Exceptional path: the finally body runs with prev_exc exc on the stack.
  unit.Bind(on_exc);
  unit.PushHandler(cleanup, depth + 1);
  unit.Emit(Opcode::kPushExcInfo);
  fblocks().push_back({FKind::kFinallyEnd, -1, -1, nullptr, "", outside});
  Stmts(s.finalbody);
  fblocks().pop_back();
  unit.PopHandler();
  unit.Emit(Opcode::kRotTwo);
  unit.Emit(Opcode::kPopExcept);
  unit.Emit(Opcode::kReraise);
  unit.Bind(cleanup);
  unit.Emit(Opcode::kRotTwo);
  unit.Emit(Opcode::kPopExcept);
  unit.Emit(Opcode::kReraise);
  unit.Bind(end);
}

void CodeGen::TryExcept(const ast::Stmt& s) {
  Unit& unit = u();
  int depth = StatementDepth();
  int on_exc = unit.NewLabel(), cleanup = unit.NewLabel(), end = unit.NewLabel();
  unit.PushHandler(on_exc, depth);
  Stmts(s.body);
  unit.PopHandler();
  Stmts(s.orelse);
  unit.EmitJump(Opcode::kJump, end);
  unit.Bind(on_exc);
  size_t outside = unit.handler_stack().size();
  unit.PushHandler(cleanup, depth + 1);
  unit.Emit(Opcode::kPushExcInfo);  // prev_exc exc
  for (const ast::ExceptHandler& h : s.handlers) {
    if (failed()) return;
    LocScope loc(unit, h.loc);
    int next = unit.NewLabel();
    if (h.type) {
      Expr(*h.type);
      unit.Emit(Opcode::kCheckExcMatch);
      unit.EmitJump(Opcode::kPopJumpIfFalse, next);
    }
    if (h.name.empty()) {
      unit.Emit(Opcode::kPop);
      fblocks().push_back({FKind::kHandlerCleanup, -1, -1, nullptr, "", outside});
      Stmts(h.body);
      fblocks().pop_back();
      unit.Emit(Opcode::kPopExcept);
      unit.EmitJump(Opcode::kJump, end);
    } else {
      NameOp(h.name, Access::kStore);
      int clear = unit.NewLabel();
      unit.PushHandler(clear, depth + 1);
      fblocks().push_back({FKind::kHandlerCleanup, -1, -1, nullptr, h.name, outside});
      Stmts(h.body);
      fblocks().pop_back();
      unit.PopHandler();
      unit.Emit(Opcode::kPopExcept);
      LoadConst(ConstNone{});
      NameOp(h.name, Access::kStore);
      NameOp(h.name, Access::kDelete);
      unit.EmitJump(Opcode::kJump, end);
      // An exception in the body: clear the name, then the cleanup below.
      unit.Bind(clear);
      LoadConst(ConstNone{});
      NameOp(h.name, Access::kStore);
      NameOp(h.name, Access::kDelete);
      unit.Emit(Opcode::kReraise);
    }
    unit.Bind(next);
  }
  unit.Emit(Opcode::kReraise);  // no handler matched
  unit.PopHandler();
  unit.Bind(cleanup);
  unit.Emit(Opcode::kRotTwo);
  unit.Emit(Opcode::kPopExcept);
  unit.Emit(Opcode::kReraise);
  unit.Bind(end);
}

}  // namespace tc::script
