// The code generator: walks the AST of one scope at a time and emits its
// Unit. Its parts: compile_codegen.cc (units, names, Compile()),
// compile_stmt.cc and compile_try.cc (statements), compile_expr.cc and
// compile_call.cc (expressions); compile_emit.h holds shared helpers.
#ifndef TC_SCRIPT_SRC_COMPILE_CODEGEN_H_
#define TC_SCRIPT_SRC_COMPILE_CODEGEN_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tc/script/ast.h"
#include "tc/script/code.h"
#include "tc/script/compiler.h"
#include "tc/script/syntax_error.h"

#include "src/compile_symtable.h"
#include "src/compile_unit.h"

namespace tc::script {

class CodeGen {
 public:
  CodeGen(const SymbolTable& symtable, std::string_view filename,
          std::shared_ptr<const std::string> source, const CompileOptions& options)
      : symtable_(symtable), filename_(filename), source_(std::move(source)), options_(options) {}

  std::shared_ptr<Code> CompileModule(const ast::Module& m);
  const std::optional<SyntaxError>& error() const { return error_; }

 private:
  // Blocks that break/continue/return must leave in order, innermost last.
  enum class FKind {
    kForLoop,
    kWhileLoop,
    kTryFinally,
    kFinallyEnd,
    kHandlerCleanup,
    kWith,
    kAsyncWith
  };
  struct FBlock {
    FKind kind;
    int continue_label = -1;
    int break_label = -1;
    const std::vector<ast::StmtPtr>* finalbody = nullptr;
    std::string name;     // kHandlerCleanup: the `as` name to clear
    size_t handlers = 0;  // handler stack size outside this block
  };
  // Values each block keeps on the stack while its body runs.
  static int StackItems(FKind kind);
  int StatementDepth() const;

  void Fail(const ast::Loc& loc, std::string msg);
  bool failed() const { return error_.has_value(); }

  // Units.
  std::shared_ptr<Code> NewCode(Scope* scope, const std::string& name, int first_line);
  std::string QualName(const std::string& name) const;
  void EnterUnit(Scope* scope, const std::string& name, int first_line);
  std::shared_ptr<Code> LeaveUnit();
  // Pushes `code` as a function: defaults/kwdefaults/closure flags in `flags`.
  void MakeFunction(const std::shared_ptr<Code>& code, int flags);
  void MakeClosure(const Code& code, int* flags);
  Unit& u() { return *units_.back(); }

  // Names.
  enum class Access { kLoad, kStore, kDelete };
  void NameOp(const std::string& name, Access access);

  // Statements.
  void Stmts(const std::vector<ast::StmtPtr>& body);
  void Stmt(const ast::Stmt& s);
  void FunctionDef(const ast::Stmt& s);
  void ClassDef(const ast::Stmt& s);
  void Return(const ast::Stmt& s);
  void BreakContinue(const ast::Stmt& s, bool is_break);
  void For(const ast::Stmt& s);
  void While(const ast::Stmt& s);
  void If(const ast::Stmt& s);
  void With(const ast::Stmt& s, size_t item);  // with and async with
  // The normal exit of a with block: exit_bound(None, None, None), awaited
  // for `async with`.
  void WithExit(bool async);
  void Try(const ast::Stmt& s);
  void TryExcept(const ast::Stmt& s);
  void TryFinally(const ast::Stmt& s);
  void Assign(const ast::Stmt& s);
  void AugAssign(const ast::Stmt& s);
  void Import(const ast::Stmt& s);
  void ImportFrom(const ast::Stmt& s);
  void Assert(const ast::Stmt& s);
  void Raise(const ast::Stmt& s);
  void Delete(const ast::Expr& target);
  // Annotations (compile_annotations.cc): `x: T = v` records T in the
  // __annotations__ of module and class bodies, as CPython 3.11 does (the
  // source text of T under `from __future__ import annotations`).
  static bool HasAnnotations(const std::vector<ast::StmtPtr>& body);
  static bool HasFutureAnnotations(const std::vector<ast::StmtPtr>& body);
  void AnnAssign(const ast::Stmt& s);
  // An annotation's value: evaluated, or its source text under
  // `from __future__ import annotations`.
  void Annotation(const ast::Expr& e);
  // Pushes a def's annotations as a dict; the MakeFunction flag (8) or 0.
  int Annotations(const ast::Arguments& args);
  // The match statement (compile_match.cc), as CPython's compiler: a
  // pattern consumes the subject on top of the stack; the values it
  // captures wait on the stack (names in `stores`, the first nearest the
  // top) under `on_top` items it still needs; a failed test jumps to
  // fail_pop[k], which pops k items and falls into fail_pop[k - 1].
  struct PatternContext {
    std::vector<std::string> stores;
    bool allow_irrefutable = false;
    std::vector<int> fail_pop;
    int on_top = 0;
  };
  void Match(const ast::Stmt& s);
  void SetPatternLoc(const ast::Loc& loc);
  void EnsureFailPop(PatternContext* pc, size_t n);
  void JumpToFailPop(PatternContext* pc, Opcode op);
  void EmitAndResetFailPop(PatternContext* pc);
  void PatternRotate(int count);  // TOS down to the count-th place
  void PatternStoreName(const std::string& name, PatternContext* pc);
  void Pattern(const ast::Pattern& p, PatternContext* pc);
  void Subpattern(const ast::Pattern& p, PatternContext* pc);
  void SequencePattern(const ast::Pattern& p, PatternContext* pc);
  void MappingPattern(const ast::Pattern& p, PatternContext* pc);
  void ClassPattern(const ast::Pattern& p, PatternContext* pc);
  void OrPattern(const ast::Pattern& p, PatternContext* pc);
  // Emits the exit code of fblocks_[i] (keeping the top of stack if
  // `preserve_tos`); returns false on error.
  void UnwindBlock(size_t i, bool preserve_tos);
  // Runs `emit` with the handler stack and fblocks as they were outside
  // fblocks_[i].
  template <typename F>
  void OutsideBlock(size_t i, F emit);
  // Parameters and defaults for def and lambda; returns MAKE_FUNCTION flags.
  int Defaults(const ast::Arguments& args);
  void SetupParams(const ast::Arguments& args);

  // Expressions.
  void Expr(const ast::Expr& e);
  // The iterable of a for loop or comprehension (constant sets as CPython).
  void Iterable(const ast::Expr& e);
  void Store(const ast::Expr& target);
  void Unpack(const ast::Expr& target);
  void JumpIf(const ast::Expr& e, int label, bool cond);
  void BoolOp(const ast::Expr& e);
  void Compare(const ast::Expr& e);
  void Call(const ast::Expr& e);
  bool SuperCall(const ast::Expr& e);
  void CallArgs(const ast::Expr& e, int extra);  // kCallEx path
  void Sequence(const std::vector<ast::ExprPtr>& items, ast::ExprKind kind);
  void Dict(const ast::Expr& e);
  void Comprehension(const ast::Expr& e);
  void ComprehensionLoop(const ast::Expr& e, size_t gen);
  void Lambda(const ast::Expr& e);
  void JoinedStr(const ast::Expr& e);
  void Subscript(const ast::Expr& e);
  void SliceIndex(const ast::Expr& e);
  std::optional<Const> ConstValue(const ast::Expr& e) const;
  void LoadConst(Const c);
  // Generators and coroutines (compile_async.cc).
  void EmitYield();           // v -> sent (an async generator's yields are wrapped)
  void EmitYieldFrom();       // it -> its return value: CPython's SEND loop
  void EmitAwait(int where);  // v -> result of `await v` (where: GetAwaitable's arg)
  void AsyncFor(const ast::Stmt& s);
  // An `async for`'s step, with the async iterator at stack depth `depth`:
  // binds `start`, then awaits the next item (pushed); StopAsyncIteration
  // goes to `except`, where the caller emits EndAsyncFor.
  struct AsyncLoopLabels {
    int start, except;
  };
  AsyncLoopLabels AsyncLoopHead(int depth);

  const SymbolTable& symtable_;
  std::string filename_;
  std::shared_ptr<const std::string> source_;
  std::vector<std::unique_ptr<Unit>> units_;
  std::vector<std::vector<FBlock>> fblock_stacks_;  // one per unit
  std::vector<FBlock>& fblocks() { return fblock_stacks_.back(); }
  std::optional<SyntaxError> error_;
  CompileOptions options_;
  bool future_annotations_ = false;
  ast::Loc pattern_loc_;  // the pattern compiled last (CPython's errors name it)
};

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_COMPILE_CODEGEN_H_
