// Code generation for annotations: module and class bodies keep their
// annotated assignments' in __annotations__ (SETUP_ANNOTATIONS creates it),
// as CPython 3.11's compiler_annassign does, function bodies evaluate none;
// a def's parameter and return annotations become its __annotations__.
#include <optional>
#include <string>

#include "tc/script/syntax_error.h"

#include "src/ast_unparse.h"
#include "src/compile_codegen.h"
#include "src/compile_emit.h"

namespace tc::script {
namespace {

// The text of `loc` in `source` (one line or several joined by newlines).
std::string SourceSegment(std::string_view source, const ast::Loc& loc) {
  std::string out;
  for (int line = loc.line; line <= loc.end_line; ++line) {
    std::string_view text = SourceLine(source, line);
    size_t begin = line == loc.line ? static_cast<size_t>(loc.col - 1) : 0;
    size_t end = line == loc.end_line ? static_cast<size_t>(loc.end_col - 1) : text.size();
    if (begin > text.size()) begin = text.size();
    if (end > text.size()) end = text.size();
    if (end < begin) end = begin;
    if (!out.empty()) out += '\n';
    out.append(text.substr(begin, end - begin));
  }
  return out;
}

}  // namespace

bool CodeGen::HasAnnotations(const std::vector<ast::StmtPtr>& body) {
  // CPython's find_ann: annotated names anywhere in the body's own blocks,
  // not in nested functions or classes.
  for (const ast::StmtPtr& s : body) {
    switch (s->kind) {
      case ast::StmtKind::kAnnAssign:
        return true;
      case ast::StmtKind::kFor:
      case ast::StmtKind::kWhile:
      case ast::StmtKind::kIf:
      case ast::StmtKind::kWith:
      case ast::StmtKind::kTry:
        if (HasAnnotations(s->body) || HasAnnotations(s->orelse) || HasAnnotations(s->finalbody)) {
          return true;
        }
        for (const ast::ExceptHandler& h : s->handlers) {
          if (HasAnnotations(h.body)) return true;
        }
        break;
      default:
        break;
    }
  }
  return false;
}

bool CodeGen::HasFutureAnnotations(const std::vector<ast::StmtPtr>& body) {
  // Future imports come first (after a docstring).
  for (size_t i = 0; i < body.size(); ++i) {
    const ast::Stmt& s = *body[i];
    if (i == 0 && Docstring(body) != nullptr) continue;
    if (s.kind != ast::StmtKind::kImportFrom || s.name != "__future__") return false;
    for (const ast::Alias& a : s.names) {
      if (a.name == "annotations") return true;
    }
  }
  return false;
}

void CodeGen::Annotation(const ast::Expr& e) {
  if (future_annotations_) {
    // CPython keeps ast.unparse's spelling; the source text stands in for
    // the kinds Unparse leaves out.
    if (std::optional<std::string> text = Unparse(e)) {
      LoadConst(ConstStr{std::move(*text)});
      return;
    }
    if (source_) {
      LoadConst(ConstStr{SourceSegment(*source_, e.loc)});
      return;
    }
  }
  Expr(e);
}

int CodeGen::Annotations(const ast::Arguments& args) {
  // The def's __annotations__, built where the def runs: parameters in
  // order, then 'return' (CPython 3.11's compiler_visit_annotations).
  int n = 0;
  auto one = [&](const std::string& name, const ast::ExprPtr& e) {
    if (!e) return;
    LoadConst(ConstStr{name});
    Annotation(*e);
    ++n;
  };
  for (const ast::Arg& a : args.args) one(a.name, a.annotation);
  if (args.has_vararg) one(args.vararg.name, args.vararg.annotation);
  for (const ast::Arg& a : args.kwonly) one(a.name, a.annotation);
  if (args.has_kwarg) one(args.kwarg.name, args.kwarg.annotation);
  one("return", args.returns);
  if (n == 0) return 0;
  u().Emit(Opcode::kBuildMap, n);
  return 8;
}

void CodeGen::AnnAssign(const ast::Stmt& s) {
  Unit& unit = u();
  const ast::Expr& target = *s.a;
  if (s.c) {
    Expr(*s.c);
    Store(target);
  }
  ScopeKind kind = unit.scope()->kind;
  if (kind != ScopeKind::kModule && kind != ScopeKind::kClass) return;
  // A parenthesized name, `(x): int`, is not "simple": nothing is recorded.
  bool simple = target.kind == ast::ExprKind::kName && target.loc.line == s.loc.line &&
                target.loc.col == s.loc.col;
  if (!simple) {
    if (!future_annotations_) {
      Expr(*s.b);
      unit.Emit(Opcode::kPop);
    }
    return;
  }
  LocScope loc(unit, s.b->loc);
  Annotation(*s.b);
  NameOp("__annotations__", Access::kLoad);
  LoadConst(ConstStr{target.str});
  unit.Emit(Opcode::kStoreSubscr);
}

}  // namespace tc::script
