// Statements: dispatch, simple statements, blocks and imports.
#include <algorithm>
#include <array>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"

#include "tc/script/lexer.h"
#include "tc/script/parser.h"

#include "src/parse_parser.h"

namespace tc::script {
namespace {

// The augmented assignment operators and what they compute.
struct AugOp {
  std::string_view text;
  BinaryOp op;
};
constexpr AugOp kAugOps[] = {
    {"+=", BinaryOp::kAdd},     {"-=", BinaryOp::kSub},       {"*=", BinaryOp::kMul},
    {"/=", BinaryOp::kTrueDiv}, {"//=", BinaryOp::kFloorDiv}, {"%=", BinaryOp::kMod},
    {"**=", BinaryOp::kPow},    {"@=", BinaryOp::kMatMul},    {"<<=", BinaryOp::kLShift},
    {">>=", BinaryOp::kRShift}, {"&=", BinaryOp::kAnd},       {"|=", BinaryOp::kOr},
    {"^=", BinaryOp::kXor}};

}  // namespace

bool Parser::Statement(std::vector<StmtPtr>* out) {
  const Token& t = Cur();
  if (t.kind == TokenKind::kIndent) {
    InvalidSyntax();
    return false;
  }
  if (t.kind == TokenKind::kName) {
    StmtPtr s;
    if (t.text == "if") {
      s = If(false);
    } else if (t.text == "while") {
      s = While();
    } else if (t.text == "for") {
      s = For();
    } else if (t.text == "with") {
      s = With();
    } else if (t.text == "try") {
      s = Try();
    } else if (t.text == "def") {
      s = FunctionDef({}, t);
    } else if (t.text == "class") {
      s = ClassDef({}, t);
    } else if (t.text == "async") {
      s = Async({}, t);
    } else if (t.text == "match" && StartsMatch()) {
      s = Match();
    } else if (t.text == "match" && StartsExpression(Peek())) {
      size_t start = pos_;
      if (SimpleStatements(out)) return true;
      pos_ = start;
      MissingMatchColon();
      return false;
    } else {
      return SimpleStatements(out);
    }
    if (!s) return false;
    out->push_back(std::move(s));
    return true;
  }
  if (t.kind == TokenKind::kOp && t.text == "@") {
    StmtPtr s = Decorated();
    if (!s) return false;
    out->push_back(std::move(s));
    return true;
  }
  return SimpleStatements(out);
}

bool Parser::SimpleStatements(std::vector<StmtPtr>* out) {
  while (true) {
    StmtPtr s = SimpleStatement();
    if (!s) return false;
    out->push_back(std::move(s));
    if (AcceptOp(";")) {
      if (Cur().kind == TokenKind::kNewline) break;
      continue;
    }
    break;
  }
  if (Cur().kind != TokenKind::kNewline) {
    InvalidSyntax();
    return false;
  }
  Advance();
  return true;
}

void Parser::MissingIndentedBlock(std::string_view what, int line) {
  const Token& t = Cur();
  if (t.kind == TokenKind::kError) return LexError(t);
  std::string msg = absl::StrFormat("expected an indented block after %s on line %d", what, line);
  if (t.kind == TokenKind::kEndMarker) {
    // As CPython: the header's line, no caret.
    Fail(std::move(msg), Prev().line, 0, 0, 0, "IndentationError");
  } else {
    Fail(std::move(msg), t.line, t.col, 0, 0, "IndentationError");
  }
}

bool Parser::Block(std::vector<StmtPtr>* out, std::string_view what, int line) {
  if (Cur().kind != TokenKind::kNewline) return SimpleStatements(out);
  Advance();
  if (Cur().kind != TokenKind::kIndent) {
    MissingIndentedBlock(what, line);
    return false;
  }
  Advance();
  while (!failed() && Cur().kind != TokenKind::kDedent) {
    if (Cur().kind == TokenKind::kEndMarker) break;
    if (Cur().kind == TokenKind::kError) {
      LexError(Cur());
      return false;
    }
    if (!Statement(out)) return false;
  }
  if (failed()) return false;
  Advance();
  return true;
}

ast::StmtPtr Parser::SimpleStatement() {
  const Token& t = Cur();
  auto s = std::make_unique<ast::Stmt>();
  s->loc = LocOf(t);
  if (t.kind == TokenKind::kName) {
    std::string_view kw = t.text;
    if (kw == "pass" || kw == "break" || kw == "continue") {
      s->kind = kw == "pass"    ? ast::StmtKind::kPass
                : kw == "break" ? ast::StmtKind::kBreak
                                : ast::StmtKind::kContinue;
      Advance();
      return s;
    }
    if (kw == "return") {
      s->kind = ast::StmtKind::kReturn;
      Advance();
      if (Cur().kind != TokenKind::kNewline && !IsOp(";")) {
        s->a = StarExpressions();
        if (!s->a) return nullptr;
      }
      s->loc = SpanTo(s->loc);
      return s;
    }
    if (kw == "raise") {
      s->kind = ast::StmtKind::kRaise;
      Advance();
      if (Cur().kind != TokenKind::kNewline && !IsOp(";")) {
        s->a = Expression();
        if (!s->a) return nullptr;
        if (AcceptKw("from")) {
          s->b = Expression();
          if (!s->b) return nullptr;
        }
      }
      s->loc = SpanTo(s->loc);
      return s;
    }
    if (kw == "global" || kw == "nonlocal") {
      s->kind = kw == "global" ? ast::StmtKind::kGlobal : ast::StmtKind::kNonlocal;
      Advance();
      do {
        if (!IsName()) {
          InvalidSyntax();
          return nullptr;
        }
        s->identifiers.emplace_back(Cur().text);
        Advance();
      } while (AcceptOp(","));
      s->loc = SpanTo(s->loc);
      return s;
    }
    if (kw == "del") {
      s->kind = ast::StmtKind::kDelete;
      Advance();
      do {
        if (Cur().kind == TokenKind::kNewline || IsOp(";")) break;
        ExprPtr e = BitOr();
        if (!e) return nullptr;
        if (!SetContext(e.get(), ast::ExprContext::kDel, false)) return nullptr;
        s->targets.push_back(std::move(e));
      } while (AcceptOp(","));
      if (s->targets.empty()) {
        InvalidSyntax();
        return nullptr;
      }
      s->loc = SpanTo(s->loc);
      return s;
    }
    if (kw == "assert") {
      s->kind = ast::StmtKind::kAssert;
      Advance();
      s->a = Expression();
      if (!s->a) return nullptr;
      if (AcceptOp(",")) {
        s->b = Expression();
        if (!s->b) return nullptr;
      }
      s->loc = SpanTo(s->loc);
      return s;
    }
    if (kw == "import") return Import();
    if (kw == "from") return ImportFrom();
  }
  return ExpressionStatement();
}

ast::StmtPtr Parser::ExpressionStatement() {
  const Token& start = Cur();
  ExprPtr e = YieldOrStarExpressions();
  if (!e) return nullptr;
  if (IsOp(":=") && !(e->kind == ast::ExprKind::kName && &start == &Prev())) {
    // As CPython: `a.b := 1` or `(x) := 1` as a statement names the bad
    // target; a bare `x := 1` is plain invalid syntax.
    FailAt(e->loc, absl::StrFormat("cannot use assignment expressions with %s", ExprName(*e)));
    return nullptr;
  }
  auto s = std::make_unique<ast::Stmt>();
  s->loc = SpanTo(LocOf(start));
  if (IsOp("=")) {
    s->kind = ast::StmtKind::kAssign;
    std::vector<ExprPtr> chain;
    chain.push_back(std::move(e));
    bool bare_yield = start.kind == TokenKind::kName && start.text == "yield";
    while (AcceptOp("=")) {
      if (bare_yield) {
        FailAt(chain.back()->loc, "assignment to yield expression not possible");
        return nullptr;
      }
      bare_yield = IsKw("yield");
      ExprPtr v = YieldOrStarExpressions();
      if (!v) return nullptr;
      chain.push_back(std::move(v));
    }
    for (size_t i = 0; i + 1 < chain.size(); ++i) {
      bool hint = chain.size() == 2 && chain[i]->kind != ast::ExprKind::kTuple &&
                  chain[i]->kind != ast::ExprKind::kList;
      if (!SetContext(chain[i].get(), ast::ExprContext::kStore, hint)) return nullptr;
    }
    s->a = std::move(chain.back());
    chain.pop_back();
    s->targets = std::move(chain);
    s->loc = SpanTo(s->loc);
    return s;
  }
  for (const AugOp& op : kAugOps) {
    if (!IsOp(op.text)) continue;
    if (e->kind != ast::ExprKind::kName && e->kind != ast::ExprKind::kAttribute &&
        e->kind != ast::ExprKind::kSubscript) {
      FailAt(e->loc, absl::StrFormat("'%s' is an illegal expression for augmented assignment",
                                     ExprName(*e)));
      return nullptr;
    }
    Advance();
    if (!SetContext(e.get(), ast::ExprContext::kStore, false)) return nullptr;
    s->kind = ast::StmtKind::kAugAssign;
    s->binary_op = op.op;
    s->a = std::move(e);
    s->b = YieldOrStarExpressions();
    if (!s->b) return nullptr;
    s->loc = SpanTo(s->loc);
    return s;
  }
  if (IsOp(":")) {
    if (e->kind == ast::ExprKind::kTuple) {
      FailAt(e->loc, "only single target (not tuple) can be annotated");
      return nullptr;
    }
    if (e->kind == ast::ExprKind::kList) {
      FailAt(e->loc, "only single target (not list) can be annotated");
      return nullptr;
    }
    if (e->kind != ast::ExprKind::kName && e->kind != ast::ExprKind::kAttribute &&
        e->kind != ast::ExprKind::kSubscript) {
      FailAt(e->loc, "illegal target for annotation");
      return nullptr;
    }
    Advance();
    if (!SetContext(e.get(), ast::ExprContext::kStore, false)) return nullptr;
    s->kind = ast::StmtKind::kAnnAssign;
    s->a = std::move(e);
    s->b = Expression();
    if (!s->b) return nullptr;
    if (AcceptOp("=")) {
      s->c = YieldOrStarExpressions();
      if (!s->c) return nullptr;
    }
    s->loc = SpanTo(s->loc);
    return s;
  }
  if (Cur().kind != TokenKind::kNewline && !IsOp(";") && e->kind == ast::ExprKind::kName &&
      (e->str == "print" || e->str == "exec") && StartsExpression(Cur())) {
    ExprPtr rest = StarExpressions();
    if (!rest) return nullptr;
    Fail(absl::StrFormat("Missing parentheses in call to '%s'. Did you mean %s(...)?", e->str,
                         e->str),
         start.line, start.col, rest->loc.end_line, rest->loc.end_col);
    return nullptr;
  }
  s->kind = ast::StmtKind::kExpr;
  s->a = std::move(e);
  return s;
}

bool Parser::DottedName(std::string* out, ast::Loc* loc) {
  if (!IsName()) {
    InvalidSyntax();
    return false;
  }
  *loc = LocOf(Cur());
  *out = std::string(Cur().text);
  Advance();
  while (IsOp(".")) {
    Advance();
    if (!IsName()) {
      InvalidSyntax();
      return false;
    }
    absl::StrAppend(out, ".", std::string(Cur().text));
    Advance();
  }
  *loc = SpanTo(*loc);
  return true;
}

bool Parser::AsName(ast::Alias* a) {
  if (!AcceptKw("as")) return true;
  if (!IsName()) {
    InvalidSyntax();
    return false;
  }
  a->asname = std::string(Cur().text);
  Advance();
  a->loc = SpanTo(a->loc);
  return true;
}

ast::StmtPtr Parser::Import() {
  StmtPtr s = NewStmt(ast::StmtKind::kImport, LocOf(Cur()));
  Advance();
  do {
    ast::Alias a;
    if (!DottedName(&a.name, &a.loc) || !AsName(&a)) return nullptr;
    s->names.push_back(std::move(a));
  } while (AcceptOp(","));
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::ImportFrom() {
  StmtPtr s = NewStmt(ast::StmtKind::kImportFrom, LocOf(Cur()));
  Advance();
  while (IsOp(".") || IsOp("...")) {
    s->level += static_cast<int>(Cur().text.size());
    Advance();
  }
  ast::Loc mloc;
  if (!(s->level > 0 && IsKw("import"))) {
    if (!DottedName(&s->name, &mloc)) return nullptr;
  }
  if (!IsKw("import")) {
    InvalidSyntax();
    return nullptr;
  }
  Advance();
  if (IsOp("*")) {
    // `from m import *`: one alias named "*", as CPython's AST has it.
    ast::Alias a;
    a.name = "*";
    a.loc = LocOf(Cur());
    Advance();
    s->names.push_back(std::move(a));
    s->loc = SpanTo(s->loc);
    return s;
  }
  bool paren = AcceptOp("(");
  do {
    if (paren && IsOp(")")) break;
    ast::Alias a;
    if (!IsName()) {
      InvalidSyntax();
      return nullptr;
    }
    a.name = std::string(Cur().text);
    a.loc = LocOf(Cur());
    Advance();
    if (!AsName(&a)) return nullptr;
    s->names.push_back(std::move(a));
  } while (AcceptOp(","));
  if (paren && !ExpectOp(")")) return nullptr;
  if (!paren && Prev().kind == TokenKind::kOp && Prev().text == ",") {
    FailToken(Prev(), "trailing comma not allowed without surrounding parentheses");
    return nullptr;
  }
  s->loc = SpanTo(s->loc);
  return s;
}

}  // namespace tc::script
