// Statements, blocks and the parser's shared helpers; Parse() itself.
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

constexpr int kMaxDepth = 400;

constexpr std::array<std::string_view, 35> kKeywords = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

bool IsKeyword(std::string_view s) {
  return std::find(kKeywords.begin(), kKeywords.end(), s) != kKeywords.end();
}

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

DepthGuard::DepthGuard(Parser* p) : p_(p) {
  ok_ = ++p_->depth_ <= kMaxDepth;
  if (!ok_ && !p_->failed()) {
    const Token& t = p_->Cur();
    p_->Fail("too deeply nested expression", t.line, t.col, t.end_line, t.end_col);
  }
}

Parser::Parser(std::string_view source, std::string_view filename, std::vector<Token> tokens)
    : source_(source), filename_(filename), tokens_(std::move(tokens)) {
  for (const Token& t : tokens_) {
    if (t.kind == TokenKind::kError) {
      lex_error_ = &t;
      break;
    }
  }
}

bool Parser::IsName() const { return Cur().kind == TokenKind::kName && !IsKeyword(Cur().text); }

bool Parser::AcceptOp(std::string_view op) {
  if (!IsOp(op)) return false;
  Advance();
  return true;
}

bool Parser::AcceptKw(std::string_view kw) {
  if (!IsKw(kw)) return false;
  Advance();
  return true;
}

bool Parser::ExpectOp(std::string_view op) {
  if (AcceptOp(op)) return true;
  InvalidSyntax();
  return false;
}

bool Parser::ExpectColon() {
  if (AcceptOp(":")) return true;
  if (Cur().kind == TokenKind::kNewline) {
    FailToken(Cur(), "expected ':'");
  } else {
    InvalidSyntax();
  }
  return false;
}

bool Parser::StartsExpression(const Token& t) const {
  switch (t.kind) {
    case TokenKind::kName:
      return !IsKeyword(t.text) || t.text == "None" || t.text == "True" || t.text == "False" ||
             t.text == "not" || t.text == "lambda";
    case TokenKind::kInt:
    case TokenKind::kFloat:
    case TokenKind::kString:
      return true;
    case TokenKind::kOp:
      return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" ||
             t.text == "~" || t.text == "...";
    default:
      return false;
  }
}

void Parser::Fail(std::string msg, int line, int col, int end_line, int end_col,
                  std::string_view type) {
  if (error_) return;
  SyntaxError e;
  e.type = std::string(type);
  e.filename = filename_;
  e.line = line;
  e.col = col;
  e.end_line = end_line;
  e.end_col = end_col;
  e.msg = std::move(msg);
  e.text = std::string(SourceLine(source_, line));
  error_ = std::move(e);
}

void Parser::LexError(const Token& t) {
  int end_col = t.err_end_col;
  Fail(t.str_value, t.line, t.col, t.line, end_col, t.text);
}

void Parser::InvalidSyntax() {
  if (failed()) return;
  const Token& t = Cur();
  // As CPython, a lexical error anywhere in the file wins over a generic
  // "invalid syntax", except that an unclosed bracket only does when it was
  // opened on an earlier line than the error.
  if (lex_error_ != nullptr &&
      (!lex_error_->unclosed_bracket || t.line > lex_error_->line || t.kind == TokenKind::kError)) {
    return LexError(*lex_error_);
  }
  if (t.kind == TokenKind::kIndent) {
    return Fail("unexpected indent", t.line, 0, 0, 0, "IndentationError");
  }
  if (t.kind == TokenKind::kDedent) {
    return Fail("unindent does not match any outer indentation level", t.line, t.col, 0, 0,
                "IndentationError");
  }
  if (t.kind == TokenKind::kName) {
    if (t.text == "yield") return Unsupported(t, "'yield'");
    if (t.text == "await") return Unsupported(t, "'await'");
    if (t.text == "async") return Unsupported(t, "'async'");
  }
  if (t.kind == TokenKind::kOp && t.text == ":=") {
    return Unsupported(t, "assignment expressions (:=) are");
  }
  FailToken(t, "invalid syntax");
}

void Parser::Unsupported(const Token& t, std::string_view what) {
  std::string msg(what);
  if (msg.size() < 4 || msg.substr(msg.size() - 4) != " are") msg += " is";
  FailToken(t, absl::StrFormat("%s not supported by tc", msg));
}

ast::Loc Parser::SpanTo(const ast::Loc& a) const {
  size_t i = pos_ > 0 ? pos_ - 1 : 0;
  while (i > 0 &&
         (tokens_[i].kind == TokenKind::kNewline || tokens_[i].kind == TokenKind::kIndent ||
          tokens_[i].kind == TokenKind::kDedent)) {
    --i;
  }
  return {a.line, a.col, tokens_[i].end_line, tokens_[i].end_col};
}

ast::ExprPtr Parser::NewExpr(ast::ExprKind kind, const ast::Loc& loc) {
  auto e = std::make_unique<ast::Expr>();
  e->kind = kind;
  e->loc = loc;
  return e;
}

// --- Statements ------------------------------------------------------------

ast::Module Parser::ParseFile() {
  ast::Module m;
  while (!failed() && Cur().kind != TokenKind::kEndMarker) {
    if (Cur().kind == TokenKind::kNewline) {
      Advance();
      continue;
    }
    if (Cur().kind == TokenKind::kError) {
      LexError(Cur());
      break;
    }
    Statement(&m.body);
  }
  return m;
}

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
      Unsupported(t, "'async'");
      return false;
    } else if (t.text == "match" && StartsExpression(Peek())) {
      // A match statement: `match <subject>:` at the end of the line.
      for (size_t i = pos_ + 1; i < tokens_.size(); ++i) {
        const Token& u = tokens_[i];
        if (u.kind == TokenKind::kNewline || u.kind == TokenKind::kEndMarker) {
          if (tokens_[i - 1].kind == TokenKind::kOp && tokens_[i - 1].text == ":") {
            Unsupported(t, "the 'match' statement");
            return false;
          }
          break;
        }
      }
      return SimpleStatements(out);
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

bool Parser::Block(std::vector<StmtPtr>* out, std::string_view what, int line) {
  if (Cur().kind != TokenKind::kNewline) return SimpleStatements(out);
  Advance();
  if (Cur().kind != TokenKind::kIndent) {
    if (Cur().kind == TokenKind::kError) {
      LexError(Cur());
      return false;
    }
    const Token& t = Cur();
    std::string msg = absl::StrFormat("expected an indented block after %s on line %d", what, line);
    if (t.kind == TokenKind::kEndMarker) {
      // As CPython: the header's line, no caret.
      Fail(std::move(msg), Prev().line, 0, 0, 0, "IndentationError");
    } else {
      Fail(std::move(msg), t.line, t.col, 0, 0, "IndentationError");
    }
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
  ExprPtr e = StarExpressions();
  if (!e) return nullptr;
  auto s = std::make_unique<ast::Stmt>();
  s->loc = SpanTo(LocOf(start));
  if (IsOp("=")) {
    s->kind = ast::StmtKind::kAssign;
    std::vector<ExprPtr> chain;
    chain.push_back(std::move(e));
    while (AcceptOp("=")) {
      ExprPtr v = StarExpressions();
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
    s->b = StarExpressions();
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
      s->c = StarExpressions();
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

ast::ExprPtr Parser::Condition() {
  ExprPtr test = NamedExpression();
  if (!test) return nullptr;
  if (IsOp("=")) {
    Advance();
    ExprPtr v = BitOr();
    if (!v) return nullptr;
    if (test->kind == ast::ExprKind::kName) {
      FailAt(Span(test->loc, v->loc),
             "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    } else {
      FailAt(test->loc,
             absl::StrFormat("cannot assign to %s here. Maybe you meant '==' instead of '='?",
                             ExprName(*test)));
    }
    return nullptr;
  }
  return test;
}

ast::StmtPtr Parser::If(bool elif) {
  const Token& kw = Cur();
  auto s = std::make_unique<ast::Stmt>();
  s->kind = ast::StmtKind::kIf;
  s->loc = LocOf(kw);
  int line = kw.line;
  Advance();
  s->a = Condition();
  if (!s->a || !ExpectColon()) return nullptr;
  if (!Block(&s->body, elif ? "'elif' statement" : "'if' statement", line)) return nullptr;
  if (IsKw("elif")) {
    StmtPtr e = If(true);
    if (!e) return nullptr;
    s->orelse.push_back(std::move(e));
  } else if (IsKw("else")) {
    if (!ElseBlock(&s->orelse)) return nullptr;
  }
  s->loc = SpanTo(s->loc);
  return s;
}

bool Parser::ElseBlock(std::vector<StmtPtr>* out) {
  int line = Cur().line;
  Advance();  // 'else'
  return ExpectColon() && Block(out, "'else' statement", line);
}

ast::StmtPtr Parser::While() {
  auto s = std::make_unique<ast::Stmt>();
  s->kind = ast::StmtKind::kWhile;
  s->loc = LocOf(Cur());
  int line = Cur().line;
  Advance();
  s->a = Condition();
  if (!s->a || !ExpectColon()) return nullptr;
  if (!Block(&s->body, "'while' statement", line)) return nullptr;
  if (IsKw("else")) {
    if (!ElseBlock(&s->orelse)) return nullptr;
  }
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::For() {
  auto s = std::make_unique<ast::Stmt>();
  s->kind = ast::StmtKind::kFor;
  s->loc = LocOf(Cur());
  int line = Cur().line;
  Advance();
  s->a = TargetList("in");
  if (!s->a) return nullptr;
  if (!IsKw("in")) {
    InvalidSyntax();
    return nullptr;
  }
  Advance();
  s->b = StarExpressions();
  if (!s->b || !ExpectColon()) return nullptr;
  if (!Block(&s->body, "'for' statement", line)) return nullptr;
  if (IsKw("else")) {
    if (!ElseBlock(&s->orelse)) return nullptr;
  }
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::With() {
  auto s = std::make_unique<ast::Stmt>();
  s->kind = ast::StmtKind::kWith;
  s->loc = LocOf(Cur());
  int line = Cur().line;
  Advance();
  do {
    ast::WithItem item;
    item.context_expr = Expression();
    if (!item.context_expr) return nullptr;
    if (AcceptKw("as")) {
      // One target: `as (b, c)` unpacks; in `as b, c` the comma starts a new item.
      item.optional_vars = BitOr();
      if (!item.optional_vars ||
          !SetContext(item.optional_vars.get(), ast::ExprContext::kStore, false)) {
        return nullptr;
      }
    }
    s->items.push_back(std::move(item));
  } while (AcceptOp(","));
  if (!ExpectColon()) return nullptr;
  if (!Block(&s->body, "'with' statement", line)) return nullptr;
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::Try() {
  auto s = std::make_unique<ast::Stmt>();
  s->kind = ast::StmtKind::kTry;
  s->loc = LocOf(Cur());
  int line = Cur().line;
  Advance();
  if (!ExpectColon() || !Block(&s->body, "'try' statement", line)) return nullptr;
  while (IsKw("except")) {
    ast::ExceptHandler h;
    h.loc = LocOf(Cur());
    int hline = Cur().line;
    Advance();
    if (IsOp("*")) {
      Unsupported(Cur(), "'except*'");
      return nullptr;
    }
    if (!IsOp(":")) {
      h.type = Expression();
      if (!h.type) return nullptr;
      if (IsOp(",")) {
        ExprPtr first = std::move(h.type);
        ast::Loc loc = first->loc;
        while (AcceptOp(",")) {
          ExprPtr next = Expression();
          if (!next) return nullptr;
          loc = Span(loc, next->loc);
        }
        FailAt(loc, "multiple exception types must be parenthesized");
        return nullptr;
      }
      if (AcceptKw("as")) {
        if (!IsName()) {
          InvalidSyntax();
          return nullptr;
        }
        h.name = std::string(Cur().text);
        Advance();
      }
    }
    if (!ExpectColon() || !Block(&h.body, "'except' statement", hline)) return nullptr;
    h.loc = SpanTo(h.loc);
    s->handlers.push_back(std::move(h));
  }
  if (IsKw("else")) {
    if (s->handlers.empty()) {
      FailToken(Cur(), "expected 'except' or 'finally' block");
      return nullptr;
    }
    if (!ElseBlock(&s->orelse)) return nullptr;
  }
  if (IsKw("finally")) {
    int fline = Cur().line;
    Advance();
    if (!ExpectColon() || !Block(&s->finalbody, "'finally' statement", fline)) return nullptr;
  }
  if (s->handlers.empty() && s->finalbody.empty()) {
    if (Cur().kind == TokenKind::kError) {
      LexError(Cur());
    } else {
      FailToken(Cur(), "expected 'except' or 'finally' block");
    }
    return nullptr;
  }
  for (size_t i = 0; i + 1 < s->handlers.size(); ++i) {
    if (!s->handlers[i].type) {
      FailAt(s->handlers[i].loc, "default 'except:' must be last");
      return nullptr;
    }
  }
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::Decorated() {
  std::vector<ExprPtr> decorators;
  while (IsOp("@")) {
    Advance();
    ExprPtr d = NamedExpression();
    if (!d) return nullptr;
    if (Cur().kind != TokenKind::kNewline) {
      InvalidSyntax();
      return nullptr;
    }
    Advance();
    decorators.push_back(std::move(d));
  }
  const Token& t = Cur();
  if (IsKw("def")) return FunctionDef(std::move(decorators), t);
  if (IsKw("class")) return ClassDef(std::move(decorators), t);
  if (IsKw("async")) {
    Unsupported(t, "'async'");
    return nullptr;
  }
  InvalidSyntax();
  return nullptr;
}

bool Parser::Parameters(ast::Arguments* args, bool lambda, std::string_view close) {
  absl::flat_hash_set<std::string> seen;
  bool seen_default = false, seen_star = false;
  auto add_name = [&](ast::Arg* arg) -> bool {
    if (!IsName()) {
      InvalidSyntax();
      return false;
    }
    arg->name = std::string(Cur().text);
    arg->loc = LocOf(Cur());
    if (!seen.insert(arg->name).second) {
      FailToken(Cur(),
                absl::StrFormat("duplicate argument '%s' in function definition", arg->name));
      return false;
    }
    Advance();
    if (!lambda && AcceptOp(":")) {  // annotations are parsed and ignored
      if (!Expression()) return false;
    }
    return true;
  };
  while (!IsOp(close)) {
    if (args->has_kwarg) {
      FailToken(Cur(), "arguments cannot follow var-keyword argument");
      return false;
    }
    if (IsOp("/")) {
      if (seen_star || args->args.empty()) {
        InvalidSyntax();
        return false;
      }
      Advance();
    } else if (IsOp("**")) {
      Advance();
      if (!add_name(&args->kwarg)) return false;
      args->has_kwarg = true;
    } else if (IsOp("*")) {
      const Token& star = Cur();
      if (seen_star) {
        FailToken(star, "* argument may appear only once");
        return false;
      }
      seen_star = true;
      Advance();
      if (IsOp(",") || IsOp(close)) {
        if (IsOp(close) ||
            (Peek().kind == TokenKind::kOp && (Peek().text == "**" || Peek().text == close))) {
          FailToken(star, "named arguments must follow bare *");
          return false;
        }
      } else {
        if (!add_name(&args->vararg)) return false;
        args->has_vararg = true;
      }
    } else {
      ast::Arg arg;
      const Token& name_tok = Cur();
      if (!add_name(&arg)) return false;
      ExprPtr def;
      if (AcceptOp("=")) {
        def = Expression();
        if (!def) return false;
      }
      if (seen_star) {
        args->kwonly.push_back(std::move(arg));
        args->kw_defaults.push_back(std::move(def));
      } else {
        if (def) {
          seen_default = true;
          args->defaults.push_back(std::move(def));
        } else if (seen_default) {
          FailToken(name_tok, "non-default argument follows default argument");
          return false;
        }
        args->args.push_back(std::move(arg));
      }
    }
    if (!AcceptOp(",")) break;
  }
  if (!IsOp(close)) {
    InvalidSyntax();
    return false;
  }
  return true;
}

ast::StmtPtr Parser::FunctionDef(std::vector<ExprPtr> decorators, const Token& start) {
  auto s = std::make_unique<ast::Stmt>();
  s->kind = ast::StmtKind::kFunctionDef;
  s->loc = LocOf(start);
  s->decorators = std::move(decorators);
  int line = start.line;
  Advance();
  if (!IsName()) {
    InvalidSyntax();
    return nullptr;
  }
  s->name = std::string(Cur().text);
  Advance();
  if (!ExpectOp("(")) return nullptr;
  s->args = std::make_unique<ast::Arguments>();
  if (!Parameters(s->args.get(), false, ")")) return nullptr;
  Advance();
  if (AcceptOp("->")) {
    if (!Expression()) return nullptr;
  }
  if (!ExpectColon()) return nullptr;
  if (!Block(&s->body, "function definition", line)) return nullptr;
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::ClassDef(std::vector<ExprPtr> decorators, const Token& start) {
  auto s = std::make_unique<ast::Stmt>();
  s->kind = ast::StmtKind::kClassDef;
  s->loc = LocOf(start);
  s->decorators = std::move(decorators);
  int line = start.line;
  Advance();
  if (!IsName()) {
    InvalidSyntax();
    return nullptr;
  }
  s->name = std::string(Cur().text);
  Advance();
  if (IsOp("(")) {
    ExprPtr dummy = NewExpr(ast::ExprKind::kName, LocOf(Cur()));
    ExprPtr call = Call(std::move(dummy));
    if (!call) return nullptr;
    if (!call->keywords.empty()) {
      FailAt(call->keywords[0].loc, "class keyword arguments are not supported by tc");
      return nullptr;
    }
    for (ExprPtr& base : call->items) {
      if (base->kind == ast::ExprKind::kStarred) {
        FailAt(base->loc, "starred base classes are not supported by tc");
        return nullptr;
      }
      if (!s->targets.empty()) {
        FailAt(base->loc, "multiple inheritance is not supported by tc");
        return nullptr;
      }
      s->targets.push_back(std::move(base));
    }
  }
  if (!ExpectColon()) return nullptr;
  if (!Block(&s->body, "class definition", line)) return nullptr;
  s->loc = SpanTo(s->loc);
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

ast::StmtPtr Parser::Import() {
  auto s = std::make_unique<ast::Stmt>();
  s->kind = ast::StmtKind::kImport;
  s->loc = LocOf(Cur());
  Advance();
  do {
    ast::Alias a;
    if (!DottedName(&a.name, &a.loc)) return nullptr;
    if (AcceptKw("as")) {
      if (!IsName()) {
        InvalidSyntax();
        return nullptr;
      }
      a.asname = std::string(Cur().text);
      Advance();
      a.loc = SpanTo(a.loc);
    }
    s->names.push_back(std::move(a));
  } while (AcceptOp(","));
  s->loc = SpanTo(s->loc);
  return s;
}

ast::StmtPtr Parser::ImportFrom() {
  auto s = std::make_unique<ast::Stmt>();
  s->kind = ast::StmtKind::kImportFrom;
  s->loc = LocOf(Cur());
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
  if (s->level > 0) {
    FailAt(SpanTo(s->loc), "relative imports are not supported by tc");
    return nullptr;
  }
  if (IsOp("*")) {
    Unsupported(Cur(), "'from ... import *'");
    return nullptr;
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
    if (AcceptKw("as")) {
      if (!IsName()) {
        InvalidSyntax();
        return nullptr;
      }
      a.asname = std::string(Cur().text);
      Advance();
      a.loc = SpanTo(a.loc);
    }
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

absl::StatusOr<ast::Module> Parse(std::string_view source, std::string_view filename) {
  Parser parser(source, filename, Tokenize(source));
  ast::Module m = parser.ParseFile();
  if (parser.error()) return parser.error()->ToStatus();
  return m;
}

}  // namespace tc::script
