// Code generation for statements: definitions, loops and blocks that
// break/continue/return leave, assignments, imports, assert, raise, del.
#include <algorithm>
#include <utility>

#include "absl/strings/str_format.h"

#include "tc/script/compiler.h"
#include "tc/script/parser.h"

#include "src/compile_codegen.h"
#include "src/compile_emit.h"

namespace tc::script {

const std::string* Docstring(const std::vector<ast::StmtPtr>& body) {
  if (body.empty() || body[0]->kind != ast::StmtKind::kExpr) return nullptr;
  const ast::Expr& e = *body[0]->a;
  if (e.kind != ast::ExprKind::kConstant || e.constant != ast::ConstKind::kStr) return nullptr;
  return &e.str;
}

void CodeGen::Stmts(const std::vector<ast::StmtPtr>& body) {
  for (const ast::StmtPtr& s : body) {
    if (failed()) return;
    Stmt(*s);
  }
}

void CodeGen::Stmt(const ast::Stmt& s) {
  LocScope loc(u(), s.loc);
  using K = ast::StmtKind;
  switch (s.kind) {
    case K::kFunctionDef:
      return FunctionDef(s);
    case K::kClassDef:
      return ClassDef(s);
    case K::kReturn:
      return Return(s);
    case K::kDelete:
      for (const ast::ExprPtr& t : s.targets) Delete(*t);
      return;
    case K::kAssign:
      return Assign(s);
    case K::kAugAssign:
      return AugAssign(s);
    case K::kAnnAssign:
      return AnnAssign(s);
    case K::kFor:
      return For(s);
    case K::kWhile:
      return While(s);
    case K::kIf:
      return If(s);
    case K::kWith:
      return With(s, 0);
    case K::kRaise:
      return Raise(s);
    case K::kTry:
      return Try(s);
    case K::kAssert:
      return Assert(s);
    case K::kImport:
      return Import(s);
    case K::kImportFrom:
      return ImportFrom(s);
    case K::kExpr:
      // Constant statements (docstrings, `...`) do nothing, as in CPython.
      if (s.a->kind == ast::ExprKind::kConstant) return;
      Expr(*s.a);
      u().Emit(Opcode::kPop);
      return;
    case K::kMatch:
      return Match(s);
    case K::kBreak:
      return BreakContinue(s, true);
    case K::kContinue:
      return BreakContinue(s, false);
    case K::kGlobal:
    case K::kNonlocal:
    case K::kPass:
      return;
  }
}

int CodeGen::Defaults(const ast::Arguments& args) {
  int flags = 0;
  if (!args.defaults.empty()) {
    auto tuple = std::make_shared<ConstTuple>();
    for (const ast::ExprPtr& d : args.defaults) {
      std::optional<Const> c = ConstValue(*d);
      if (!c) {
        tuple.reset();
        break;
      }
      tuple->items.push_back(std::move(*c));
    }
    if (tuple) {
      LoadConst(std::shared_ptr<const ConstTuple>(tuple));
    } else {
      for (const ast::ExprPtr& d : args.defaults) Expr(*d);
      u().Emit(Opcode::kBuildTuple, static_cast<int>(args.defaults.size()));
    }
    flags |= 1;
  }
  int kw = 0;
  for (size_t i = 0; i < args.kwonly.size(); ++i) {
    if (!args.kw_defaults[i]) continue;
    LoadConst(ConstStr{args.kwonly[i].name});
    Expr(*args.kw_defaults[i]);
    ++kw;
  }
  if (kw > 0) {
    u().Emit(Opcode::kBuildMap, kw);
    flags |= 2;
  }
  return flags;
}

void CodeGen::SetupParams(const ast::Arguments& args) {
  Code& c = u().code();
  c.argcount = static_cast<int32_t>(args.args.size());
  c.kwonly_argcount = static_cast<int32_t>(args.kwonly.size());
  if (args.has_vararg) c.flags |= Code::kVarArgs;
  if (args.has_kwarg) c.flags |= Code::kVarKeywords;
}

void CodeGen::FunctionDef(const ast::Stmt& s) {
  for (const ast::ExprPtr& d : s.decorators) Expr(*d);
  int flags = Defaults(*s.args) | Annotations(*s.args);
  int first_line = s.decorators.empty() ? s.loc.line : s.decorators[0]->loc.line;
  EnterUnit(symtable_.ScopeOf(&s), s.name, first_line);
  SetupParams(*s.args);
  Stmts(s.body);
  std::shared_ptr<Code> code = LeaveUnit();
  if (const std::string* doc = Docstring(s.body)) code->docstring = *doc;
  MakeFunction(code, flags);
  for (size_t i = 0; i < s.decorators.size(); ++i) u().Emit(Opcode::kCall, 1);
  NameOp(s.name, Access::kStore);
}

void CodeGen::ClassDef(const ast::Stmt& s) {
  for (const ast::ExprPtr& d : s.decorators) Expr(*d);
  int first_line = s.decorators.empty() ? s.loc.line : s.decorators[0]->loc.line;
  Scope* scope = symtable_.ScopeOf(&s);
  EnterUnit(scope, s.name, first_line);
  {
    Unit& body = u();
    body.loc = {s.loc.line, s.loc.col, s.loc.line, s.loc.col};
    body.Emit(Opcode::kLoadName, body.AddName("__name__"));
    body.Emit(Opcode::kStoreName, body.AddName("__module__"));
    LoadConst(ConstStr{body.code().qualname});
    body.Emit(Opcode::kStoreName, body.AddName("__qualname__"));
    if (const std::string* doc = Docstring(s.body)) {
      LocScope loc(body, s.body[0]->loc);
      LoadConst(ConstStr{*doc});
      body.Emit(Opcode::kStoreName, body.AddName("__doc__"));
    }
    if (HasAnnotations(s.body)) body.Emit(Opcode::kSetupAnnotations);
    Stmts(s.body);
    if (scope->class_cell) {
      u().Emit(Opcode::kLoadClosure, u().CellIndex("__class__"));
      u().Emit(Opcode::kStoreName, u().AddName("__classcell__"));
    }
  }
  std::shared_ptr<Code> code = LeaveUnit();
  MakeFunction(code, 0);
  // Bases (starred ones spliced in) and keywords, as a call's arguments.
  bool starred = std::any_of(s.targets.begin(), s.targets.end(), [](const ast::ExprPtr& b) {
    return b->kind == ast::ExprKind::kStarred;
  });
  if (!starred) {
    for (const ast::ExprPtr& b : s.targets) Expr(*b);
    u().Emit(Opcode::kBuildTuple, static_cast<int>(s.targets.size()));
  } else {
    u().Emit(Opcode::kBuildList, 0);
    for (const ast::ExprPtr& b : s.targets) {
      Expr(b->kind == ast::ExprKind::kStarred ? *b->a : *b);
      u().Emit(b->kind == ast::ExprKind::kStarred ? Opcode::kListExtend : Opcode::kListAppend, 1);
    }
    u().Emit(Opcode::kListToTuple);
  }
  if (s.keywords.empty()) {
    LoadConst(ConstNone{});
  } else {
    u().Emit(Opcode::kBuildMap, 0);
    for (const ast::Keyword& k : s.keywords) {
      if (k.arg.empty()) {
        Expr(*k.value);
        u().Emit(Opcode::kDictMerge, 1);
      } else {
        LoadConst(ConstStr{k.arg});
        Expr(*k.value);
        u().Emit(Opcode::kMapAdd, 1);
      }
    }
  }
  u().Emit(Opcode::kMakeClass, u().AddName(s.name));
  for (size_t i = 0; i < s.decorators.size(); ++i) u().Emit(Opcode::kCall, 1);
  NameOp(s.name, Access::kStore);
}

template <typename F>
void CodeGen::OutsideBlock(size_t i, F emit) {
  std::vector<int> handlers = u().handler_stack();
  std::vector<FBlock> blocks = fblocks();
  u().handler_stack().resize(blocks[i].handlers);
  fblocks().resize(i);
  emit();
  u().handler_stack() = std::move(handlers);
  fblocks() = std::move(blocks);
}

void CodeGen::UnwindBlock(size_t i, bool preserve_tos) {
  FBlock fb = fblocks()[i];
  OutsideBlock(i, [&] {
    Unit& unit = u();
    switch (fb.kind) {
      case FKind::kForLoop:
        if (preserve_tos) unit.Emit(Opcode::kRotTwo);
        unit.Emit(Opcode::kPop);
        break;
      case FKind::kWhileLoop:
        break;
      case FKind::kTryFinally:
        Stmts(*fb.finalbody);
        break;
      case FKind::kFinallyEnd:
        if (preserve_tos) unit.Emit(Opcode::kRotThree);
        unit.Emit(Opcode::kPop);
        unit.Emit(Opcode::kPopExcept);
        break;
      case FKind::kHandlerCleanup:
        if (preserve_tos) unit.Emit(Opcode::kRotTwo);
        unit.Emit(Opcode::kPopExcept);
        if (!fb.name.empty()) {
          LoadConst(ConstNone{});
          NameOp(fb.name, Access::kStore);
          NameOp(fb.name, Access::kDelete);
        }
        break;
      case FKind::kWith:
      case FKind::kAsyncWith:
        if (preserve_tos) unit.Emit(Opcode::kRotTwo);
        WithExit(fb.kind == FKind::kAsyncWith);
        break;
    }
  });
}

void CodeGen::Return(const ast::Stmt& s) {
  if (!u().scope()->IsFunctionLike()) return Fail(s.loc, "'return' outside function");
  if (s.a && u().scope()->coroutine && u().scope()->generator) {
    return Fail(s.loc, "'return' with value in async generator");
  }
  std::optional<Const> c;
  if (s.a) {
    c = ConstValue(*s.a);
  } else {
    c = ConstNone{};
  }
  size_t n = fblocks().size();
  if (c) {
    for (size_t i = n; i-- > 0;) UnwindBlock(i, false);
    LoadConst(std::move(*c));
  } else {
    Expr(*s.a);
    for (size_t i = n; i-- > 0;) UnwindBlock(i, true);
  }
  u().Emit(Opcode::kReturn);
}

void CodeGen::BreakContinue(const ast::Stmt& s, bool is_break) {
  int loop = -1;
  for (size_t i = fblocks().size(); i-- > 0;) {
    FKind k = fblocks()[i].kind;
    if (k == FKind::kForLoop || k == FKind::kWhileLoop) {
      loop = static_cast<int>(i);
      break;
    }
  }
  if (loop < 0) {
    return Fail(s.loc, is_break ? "'break' outside loop" : "'continue' not properly in loop");
  }
  for (size_t i = fblocks().size(); i-- > static_cast<size_t>(loop) + 1;) UnwindBlock(i, false);
  const FBlock& fb = fblocks()[loop];
  int target = is_break ? fb.break_label : fb.continue_label;
  if (is_break) UnwindBlock(loop, false);
  u().EmitJump(Opcode::kJump, target);
}

void CodeGen::For(const ast::Stmt& s) {
  if (s.is_async) return AsyncFor(s);
  Unit& unit = u();
  int start = unit.NewLabel(), cleanup = unit.NewLabel(), end = unit.NewLabel();
  Iterable(*s.b);
  unit.Emit(Opcode::kGetIter);
  unit.Bind(start);
  unit.EmitJump(Opcode::kForIter, cleanup);
  fblocks().push_back({FKind::kForLoop, start, end, nullptr, "", unit.handler_stack().size()});
  Store(*s.a);
  Stmts(s.body);
  unit.EmitJump(Opcode::kJump, start);
  fblocks().pop_back();
  unit.Bind(cleanup);
  Stmts(s.orelse);
  unit.Bind(end);
}

void CodeGen::While(const ast::Stmt& s) {
  Unit& unit = u();
  int start = unit.NewLabel(), orelse = unit.NewLabel(), end = unit.NewLabel();
  unit.Bind(start);
  std::optional<Const> c = ConstValue(*s.a);
  bool always = c && ((std::holds_alternative<bool>(*c) && std::get<bool>(*c)) ||
                      (std::holds_alternative<int64_t>(*c) && std::get<int64_t>(*c) != 0));
  if (!always) JumpIf(*s.a, orelse, false);
  fblocks().push_back({FKind::kWhileLoop, start, end, nullptr, "", unit.handler_stack().size()});
  Stmts(s.body);
  unit.EmitJump(Opcode::kJump, start);
  fblocks().pop_back();
  unit.Bind(orelse);
  Stmts(s.orelse);
  unit.Bind(end);
}

void CodeGen::If(const ast::Stmt& s) {
  Unit& unit = u();
  int orelse = unit.NewLabel(), end = unit.NewLabel();
  JumpIf(*s.a, orelse, false);
  Stmts(s.body);
  if (!s.orelse.empty()) unit.EmitJump(Opcode::kJump, end);
  unit.Bind(orelse);
  Stmts(s.orelse);
  unit.Bind(end);
}

void CodeGen::Assign(const ast::Stmt& s) {
  Expr(*s.a);
  for (size_t i = 0; i < s.targets.size(); ++i) {
    if (i + 1 < s.targets.size()) u().Emit(Opcode::kDup);
    Store(*s.targets[i]);
  }
}

void CodeGen::AugAssign(const ast::Stmt& s) {
  Unit& unit = u();
  const ast::Expr& t = *s.a;
  int op = static_cast<int>(s.binary_op);
  switch (t.kind) {
    case ast::ExprKind::kName:
      NameOp(t.str, Access::kLoad);
      Expr(*s.b);
      unit.Emit(Opcode::kInplace, op);
      NameOp(t.str, Access::kStore);
      return;
    case ast::ExprKind::kAttribute: {
      LocScope loc(unit, t.loc);
      Expr(*t.a);
      unit.Emit(Opcode::kDup);
      unit.Emit(Opcode::kLoadAttr, unit.AddName(t.str));
      Expr(*s.b);
      unit.Emit(Opcode::kInplace, op);
      unit.Emit(Opcode::kRotTwo);
      unit.Emit(Opcode::kStoreAttr, unit.AddName(t.str));
      return;
    }
    default: {
      LocScope loc(unit, t.loc);
      Expr(*t.a);
      SliceIndex(*t.b);
      unit.Emit(Opcode::kDupTwo);
      unit.Emit(Opcode::kBinarySubscr);
      Expr(*s.b);
      unit.Emit(Opcode::kInplace, op);
      unit.Emit(Opcode::kRotThree);
      unit.Emit(Opcode::kStoreSubscr);
    }
  }
}

void CodeGen::Import(const ast::Stmt& s) {
  Unit& unit = u();
  for (const ast::Alias& a : s.names) {
    LocScope loc(unit, a.loc);
    unit.Emit(Opcode::kImportName, unit.AddName(a.name));
    if (!a.asname.empty()) {
      NameOp(a.asname, Access::kStore);
      continue;
    }
    size_t dot = a.name.find('.');
    if (dot == std::string::npos) {
      NameOp(a.name, Access::kStore);
      continue;
    }
    std::string top = a.name.substr(0, dot);
    unit.Emit(Opcode::kPop);
    unit.Emit(Opcode::kImportName, unit.AddName(top));
    NameOp(top, Access::kStore);
  }
}

void CodeGen::ImportFrom(const ast::Stmt& s) {
  Unit& unit = u();
  // A relative import's level travels as leading dots of the name
  // (VM::ImportName resolves them against the module's __package__).
  unit.Emit(Opcode::kImportName, unit.AddName(std::string(s.level, '.') + s.name));
  if (s.names.size() == 1 && s.names[0].name == "*") {
    LocScope loc(unit, s.names[0].loc);
    unit.Emit(Opcode::kImportStar);
    return;
  }
  for (const ast::Alias& a : s.names) {
    LocScope loc(unit, a.loc);
    unit.Emit(Opcode::kImportFrom, unit.AddName(a.name));
    NameOp(a.asname.empty() ? a.name : a.asname, Access::kStore);
  }
  unit.Emit(Opcode::kPop);
}

void CodeGen::Assert(const ast::Stmt& s) {
  Unit& unit = u();
  int end = unit.NewLabel();
  JumpIf(*s.a, end, true);
  unit.Emit(Opcode::kLoadAssertionError);
  if (s.b) {
    Expr(*s.b);
    unit.Emit(Opcode::kCall, 1);
  }
  unit.Emit(Opcode::kRaise, 1);
  unit.Bind(end);
}

void CodeGen::Raise(const ast::Stmt& s) {
  int n = 0;
  if (s.a) {
    Expr(*s.a);
    ++n;
    if (s.b) {
      Expr(*s.b);
      ++n;
    }
  }
  u().Emit(Opcode::kRaise, n);
}

void CodeGen::Delete(const ast::Expr& t) {
  Unit& unit = u();
  LocScope loc(unit, t.loc);
  switch (t.kind) {
    case ast::ExprKind::kName:
      NameOp(t.str, Access::kDelete);
      return;
    case ast::ExprKind::kAttribute:
      Expr(*t.a);
      unit.Emit(Opcode::kDeleteAttr, unit.AddName(t.str));
      return;
    case ast::ExprKind::kSubscript:
      Expr(*t.a);
      SliceIndex(*t.b);
      unit.Emit(Opcode::kDeleteSubscr);
      return;
    default:
      for (const ast::ExprPtr& item : t.items) Delete(*item);
  }
}

}  // namespace tc::script
