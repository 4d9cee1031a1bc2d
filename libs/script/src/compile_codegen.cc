// The code generator's units (code objects under construction), closures,
// name access and the module; the Compile() and CompileSource() API.
#include "src/compile_codegen.h"

#include <utility>

#include "absl/strings/str_format.h"

#include "tc/script/compiler.h"
#include "tc/script/parser.h"

#include "src/compile_emit.h"
#include "src/source_decode.h"

namespace tc::script {

void CodeGen::Fail(const ast::Loc& loc, std::string msg) {
  if (error_) return;
  SyntaxError e;
  e.filename = filename_;
  e.line = loc.line;
  e.col = loc.col;
  e.end_line = loc.end_line;
  e.end_col = loc.end_col;
  e.msg = std::move(msg);
  if (source_) e.text = std::string(SourceLine(*source_, loc.line));
  error_ = std::move(e);
}

int CodeGen::StackItems(FKind kind) {
  switch (kind) {
    case FKind::kForLoop:
    case FKind::kHandlerCleanup:
    case FKind::kWith:
    case FKind::kAsyncWith:
      return 1;
    case FKind::kFinallyEnd:
      return 2;
    default:
      return 0;
  }
}

int CodeGen::StatementDepth() const {
  int d = 0;
  for (const FBlock& fb : fblock_stacks_.back()) d += StackItems(fb.kind);
  return d;
}

std::string CodeGen::QualName(const std::string& name) const {
  if (units_.empty()) return name;
  const Scope* parent = units_.back()->scope();
  if (parent->kind == ScopeKind::kModule) return name;
  const std::string& pq = units_.back()->shared_code()->qualname;
  if (parent->kind == ScopeKind::kClass) return absl::StrFormat("%s.%s", pq, name);
  return absl::StrFormat("%s.<locals>.%s", pq, name);
}

void CodeGen::EnterUnit(Scope* scope, const std::string& name, int first_line) {
  auto code = std::make_shared<Code>();
  code->name = name;
  code->qualname = QualName(name);
  code->filename = filename_;
  code->first_line = first_line;
  code->source = source_;
  code->cellvars = scope->cellvars;
  code->freevars = scope->freevars;
  if (scope->kind == ScopeKind::kModule) code->flags |= Code::kModule;
  if (scope->kind == ScopeKind::kClass) code->flags |= Code::kClassBody;
  if (scope->IsFunctionLike()) {  // CPython's compute_code_flags
    code->flags |= scope->generator && scope->coroutine ? Code::kAsyncGenerator
                   : scope->generator                   ? Code::kGenerator
                   : scope->coroutine                   ? Code::kCoroutine
                                                        : 0u;
  }
  if (!units_.empty() && units_.back()->scope()->IsFunctionLike()) code->flags |= Code::kNested;
  units_.push_back(std::make_unique<Unit>(scope, code));
  fblock_stacks_.emplace_back();
  for (const std::string& p : scope->params) u().VarIndex(p);
  for (const std::string& c : code->cellvars) {
    int index = -1;
    for (size_t i = 0; i < scope->params.size(); ++i) {
      if (scope->params[i] == c) index = static_cast<int>(i);
    }
    code->cell_param_index.push_back(index);
  }
  u().loc = {first_line, 1, first_line, 1};
}

std::shared_ptr<Code> CodeGen::LeaveUnit() {
  Unit& unit = u();
  if (!unit.LastIsTerminal() || unit.HasLabelAtEnd()) {
    unit.Emit(Opcode::kLoadConst, unit.AddConst(ConstNone{}));
    unit.Emit(Opcode::kReturn);
  }
  // After an error the code is incomplete (and dropped): skip the analysis.
  if (!failed()) unit.Finish();
  std::shared_ptr<Code> code = unit.shared_code();
  units_.pop_back();
  fblock_stacks_.pop_back();
  return code;
}

void CodeGen::MakeClosure(const Code& code, int* flags) {
  if (code.freevars.empty()) return;
  for (const std::string& name : code.freevars) {
    int index = u().CellIndex(name);
    if (index < 0) {  // cannot happen when the symbol table is consistent
      Fail({u().loc.line, u().loc.col, u().loc.end_line, u().loc.end_col},
           absl::StrFormat("internal error: no cell for '%s'", name));
      return;
    }
    u().Emit(Opcode::kLoadClosure, index);
  }
  u().Emit(Opcode::kBuildTuple, static_cast<int>(code.freevars.size()));
  *flags |= 4;
}

void CodeGen::MakeFunction(const std::shared_ptr<Code>& code, int flags) {
  MakeClosure(*code, &flags);
  u().Emit(Opcode::kLoadConst, u().AddConst(std::shared_ptr<const Code>(code)));
  u().Emit(Opcode::kMakeFunction, flags);
}

void CodeGen::NameOp(const std::string& name, Access access) {
  Unit& unit = u();
  const Scope* s = unit.scope();
  NameScope r = s->Resolve(name);
  auto pick = [access](Opcode load, Opcode store, Opcode del) {
    return access == Access::kLoad ? load : access == Access::kStore ? store : del;
  };
  if (r == NameScope::kCell || r == NameScope::kFree) {
    int index = unit.CellIndex(name);
    if (index >= 0) {
      unit.Emit(pick(Opcode::kLoadDeref, Opcode::kStoreDeref, Opcode::kDeleteDeref), index);
      return;
    }
  }
  Opcode global = pick(Opcode::kLoadGlobal, Opcode::kStoreGlobal, Opcode::kDeleteGlobal);
  switch (s->kind) {
    case ScopeKind::kModule:
      if (options_.names_in_namespace) {
        unit.Emit(pick(Opcode::kLoadName, Opcode::kStoreName, Opcode::kDeleteName),
                  unit.AddName(name));
        return;
      }
      unit.Emit(global, unit.AddName(name));
      return;
    case ScopeKind::kClass:
      if (r == NameScope::kGlobalExplicit) {
        unit.Emit(global, unit.AddName(name));
      } else {
        unit.Emit(pick(Opcode::kLoadName, Opcode::kStoreName, Opcode::kDeleteName),
                  unit.AddName(name));
      }
      return;
    default:
      if (r == NameScope::kLocal || r == NameScope::kCell || r == NameScope::kFree) {
        unit.Emit(pick(Opcode::kLoadFast, Opcode::kStoreFast, Opcode::kDeleteFast),
                  unit.VarIndex(name));
      } else {
        unit.Emit(global, unit.AddName(name));
      }
  }
}

std::shared_ptr<Code> CodeGen::CompileModule(const ast::Module& m) {
  EnterUnit(symtable_.module(), "<module>", 1);
  if (options_.eval_mode) {
    Expr(*m.body[0]->a);
    u().Emit(Opcode::kReturn);
    return LeaveUnit();
  }
  future_annotations_ = HasFutureAnnotations(m.body);
  if (HasAnnotations(m.body)) u().Emit(Opcode::kSetupAnnotations);
  if (const std::string* doc = Docstring(m.body)) {
    // As CPython: the module's first instructions store its docstring.
    LocScope loc(u(), m.body[0]->loc);
    LoadConst(ConstStr{*doc});
    NameOp("__doc__", Access::kStore);
  }
  Stmts(m.body);
  return LeaveUnit();
}

absl::StatusOr<std::shared_ptr<const Code>> Compile(const ast::Module& module,
                                                    std::string_view filename,
                                                    std::shared_ptr<const std::string> source,
                                                    const CompileOptions& options) {
  SymbolTable table;
  std::string_view text = source ? std::string_view(*source) : std::string_view();
  if (std::optional<SyntaxError> e = SymbolTable::Build(module, filename, text, &table)) {
    return e->ToStatus();
  }
  CodeGen gen(table, filename, std::move(source), options);
  std::shared_ptr<Code> code = gen.CompileModule(module);
  if (gen.error()) return gen.error()->ToStatus();
  return std::shared_ptr<const Code>(std::move(code));
}

absl::StatusOr<std::shared_ptr<const Code>> CompileSource(std::string_view source,
                                                          std::string_view filename) {
  absl::StatusOr<std::string> decoded = DecodeSource(source, filename);
  if (!decoded.ok()) return decoded.status();
  auto text = std::make_shared<const std::string>(*std::move(decoded));
  absl::StatusOr<ast::Module> module = Parse(*text, filename);
  if (!module.ok()) return module.status();
  return Compile(*module, filename, std::move(text));
}

absl::StatusOr<std::shared_ptr<const Code>> CompileText(std::string_view text,
                                                        std::string_view filename,
                                                        const CompileOptions& options) {
  auto owned = std::make_shared<const std::string>(text);
  absl::StatusOr<ast::Module> module = Parse(*owned, filename);
  if (!module.ok()) return module.status();
  if (options.eval_mode) {
    // CPython's eval input: one expression (no statements, no `;`).
    const ast::Stmt* bad = nullptr;
    if (module->body.empty()) {
      SyntaxError e;
      e.filename = std::string(filename);
      e.msg = "invalid syntax";
      e.line = e.end_line = 1;
      e.col = e.end_col = 1;
      return e.ToStatus();
    }
    if (module->body[0]->kind != ast::StmtKind::kExpr) {
      bad = module->body[0].get();
    } else if (module->body.size() > 1) {
      bad = module->body[1].get();
    }
    if (bad != nullptr) {
      SyntaxError e;
      e.filename = std::string(filename);
      e.msg = "invalid syntax";
      e.line = e.end_line = bad->loc.line;
      e.col = e.end_col = bad->loc.col;
      e.text = std::string(SourceLine(*owned, bad->loc.line));
      return e.ToStatus();
    }
  }
  return Compile(*module, filename, std::move(owned), options);
}

}  // namespace tc::script
