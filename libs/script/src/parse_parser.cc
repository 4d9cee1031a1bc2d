// The parser's shared helpers (tokens, errors, node construction, the
// nesting limit), the file rule and Parse() itself.
#include "src/parse_parser.h"

#include <algorithm>
#include <array>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"

#include "tc/script/lexer.h"
#include "tc/script/parser.h"

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
             t.text == "not" || t.text == "lambda" || t.text == "await";
    case TokenKind::kInt:
    case TokenKind::kFloat:
    case TokenKind::kImaginary:
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

ast::StmtPtr Parser::NewStmt(ast::StmtKind kind, const ast::Loc& loc) {
  auto s = std::make_unique<ast::Stmt>();
  s->kind = kind;
  s->loc = loc;
  return s;
}

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

absl::StatusOr<ast::Module> Parse(std::string_view source, std::string_view filename) {
  Parser parser(source, filename, Tokenize(source));
  ast::Module m = parser.ParseFile();
  if (parser.error()) return parser.error()->ToStatus();
  return m;
}

}  // namespace tc::script
