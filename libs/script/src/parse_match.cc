// The match statement (PEP 634): `match` and `case` as soft keywords, the
// case blocks and every kind of pattern, with the SyntaxErrors CPython 3.11's
// grammar gives for them (the compiler checks the rest: duplicate names,
// unreachable cases, alternatives binding different names).
#include <utility>

#include "absl/strings/str_format.h"

#include "tc/script/lexer.h"
#include "tc/script/parser.h"

#include "src/parse_parser.h"

namespace tc::script {
namespace {

using ast::PatternKind;
using ast::PatternPtr;

PatternPtr NewPattern(PatternKind kind, const ast::Loc& loc) {
  auto p = std::make_unique<ast::Pattern>();
  p->kind = kind;
  p->loc = loc;
  return p;
}

bool IsNumber(const Token& t) { return t.kind == TokenKind::kInt || t.kind == TokenKind::kFloat; }

}  // namespace

bool Parser::StartsMatch() const {
  // `match` is a keyword only where a match statement parses: a subject and
  // a colon ending the line (an expression statement never ends in one).
  if (!StartsExpression(Peek()) && !(Peek().kind == TokenKind::kOp && Peek().text == "*")) {
    return false;
  }
  for (size_t i = pos_ + 1; i < tokens_.size(); ++i) {
    const Token& u = tokens_[i];
    if (u.kind == TokenKind::kNewline || u.kind == TokenKind::kEndMarker) {
      return tokens_[i - 1].kind == TokenKind::kOp && tokens_[i - 1].text == ":";
    }
  }
  return false;
}

bool Parser::MissingMatchColon() {
  // CPython's invalid_match_stmt: `match <subject>` then the line's end.
  size_t saved = pos_;
  std::optional<SyntaxError> saved_error = std::move(error_);
  const Token* saved_lex = lex_error_;
  error_.reset();
  Advance();
  ExprPtr subject = StarExpressions();
  bool missing = subject != nullptr && Cur().kind == TokenKind::kNewline;
  if (missing) {
    FailToken(Cur(), "expected ':'");
  } else {
    error_ = std::move(saved_error);
    lex_error_ = saved_lex;
    pos_ = saved;
  }
  return missing;
}

ast::StmtPtr Parser::Match() {
  StmtPtr s = NewStmt(ast::StmtKind::kMatch, LocOf(Cur()));
  int line = Cur().line;
  Advance();  // 'match'
  // subject_expr: star_named_expression ',' star_named_expressions? | named_expression
  ExprPtr first = StarExpression();
  if (!first) return nullptr;
  if (IsOp(",")) {
    ExprPtr tuple = NewExpr(ast::ExprKind::kTuple, first->loc);
    tuple->items.push_back(std::move(first));
    while (AcceptOp(",")) {
      if (IsOp(":")) break;
      ExprPtr item = StarExpression();
      if (!item) return nullptr;
      tuple->items.push_back(std::move(item));
    }
    tuple->loc = SpanTo(tuple->loc);
    first = std::move(tuple);
  } else if (first->kind == ast::ExprKind::kStarred) {
    InvalidSyntax();
    return nullptr;
  }
  s->a = std::move(first);
  if (!ExpectColon()) return nullptr;
  if (Cur().kind != TokenKind::kNewline) {
    InvalidSyntax();
    return nullptr;
  }
  Advance();
  if (Cur().kind != TokenKind::kIndent) {
    MissingIndentedBlock("'match' statement", line);
    return nullptr;
  }
  Advance();
  while (!failed() && Cur().kind != TokenKind::kDedent && Cur().kind != TokenKind::kEndMarker) {
    if (!IsKw("case")) {
      InvalidSyntax();
      return nullptr;
    }
    ast::MatchCase c;
    if (!Case(&c)) return nullptr;
    s->cases.push_back(std::move(c));
  }
  if (failed()) return nullptr;
  if (s->cases.empty()) {
    InvalidSyntax();
    return nullptr;
  }
  Advance();  // DEDENT
  s->loc = SpanTo(s->loc);
  return s;
}

bool Parser::Case(ast::MatchCase* out) {
  int line = Cur().line;
  Advance();  // 'case'
  out->pattern = CasePatterns();
  if (!out->pattern) return false;
  if (AcceptKw("if")) {
    out->guard = NamedExpression();
    if (!out->guard) return false;
  }
  return ExpectColon() && Block(&out->body, "'case' statement", line);
}

ast::PatternPtr Parser::CasePatterns() {
  // patterns: open_sequence_pattern | pattern
  ast::Loc start = LocOf(Cur());
  PatternPtr first = MaybeStarPattern();
  if (!first) return nullptr;
  if (!IsOp(",")) {
    if (first->kind == PatternKind::kStar) {
      InvalidSyntax();
      return nullptr;
    }
    return first;
  }
  PatternPtr seq = NewPattern(PatternKind::kSequence, start);
  seq->patterns.push_back(std::move(first));
  while (AcceptOp(",")) {
    if (IsOp(":") || IsKw("if")) break;
    PatternPtr p = MaybeStarPattern();
    if (!p) return nullptr;
    seq->patterns.push_back(std::move(p));
  }
  seq->loc = SpanTo(start);
  return seq;
}

ast::PatternPtr Parser::MaybeStarPattern() {
  if (!IsOp("*")) return AsPattern();
  ast::Loc loc = LocOf(Cur());
  Advance();
  if (!IsName()) {
    InvalidSyntax();
    return nullptr;
  }
  PatternPtr p = NewPattern(PatternKind::kStar, Span(loc, LocOf(Cur())));
  if (Cur().text != "_") p->name = std::string(Cur().text);
  Advance();
  return p;
}

ast::PatternPtr Parser::AsPattern() {
  DepthGuard guard(this);
  if (!guard.ok()) return nullptr;
  PatternPtr p = OrPattern();
  if (!p || !IsKw("as")) return p;
  Advance();
  if (IsName()) {
    const Token& name = Cur();
    if (name.text == "_") {
      FailToken(name, "cannot use '_' as a target");
      return nullptr;
    }
    if (Peek().kind == TokenKind::kOp &&
        (Peek().text == "." || Peek().text == "(" || Peek().text == "=")) {
      Advance();
      InvalidSyntax();
      return nullptr;
    }
    PatternPtr as = NewPattern(PatternKind::kAs, Span(p->loc, LocOf(name)));
    as->name = std::string(name.text);
    as->pattern = std::move(p);
    Advance();
    return as;
  }
  if (StartsExpression(Cur())) {
    ExprPtr target = Expression();
    if (target) FailAt(target->loc, "invalid pattern target");
    return nullptr;
  }
  InvalidSyntax();
  return nullptr;
}

ast::PatternPtr Parser::OrPattern() {
  PatternPtr first = ClosedPattern();
  if (!first || !IsOp("|")) return first;
  PatternPtr alt = NewPattern(PatternKind::kOr, first->loc);
  alt->patterns.push_back(std::move(first));
  while (AcceptOp("|")) {
    PatternPtr p = ClosedPattern();
    if (!p) return nullptr;
    alt->patterns.push_back(std::move(p));
  }
  alt->loc = Span(alt->loc, alt->patterns.back()->loc);
  return alt;
}

ast::ExprPtr Parser::LiteralExpr() {
  // signed_number, complex_number, strings, None, True, False.
  const Token& t = Cur();
  if (t.kind == TokenKind::kString) {
    ExprPtr s = Strings();
    if (s && s->kind != ast::ExprKind::kConstant) {
      FailAt(s->loc, "patterns may only match literals and attribute lookups");
      return nullptr;
    }
    return s;
  }
  if (t.kind == TokenKind::kName) return Atom();  // None / True / False
  ExprPtr num;
  if (IsOp("-")) {
    ast::Loc loc = LocOf(t);
    Advance();
    if (!IsNumber(Cur())) {
      InvalidSyntax();
      return nullptr;
    }
    ExprPtr operand = Atom();
    if (!operand) return nullptr;
    num = NewExpr(ast::ExprKind::kUnaryOp, Span(loc, operand->loc));
    num->unary_op = UnaryOp::kNeg;
    num->a = std::move(operand);
  } else {
    num = Atom();
    if (!num) return nullptr;
  }
  if (IsOp("+") || IsOp("-")) {
    // complex_number: signed_real_number ('+' | '-') imaginary_number. tc's
    // lexer has no imaginary literals, so the right operand is never one.
    Advance();
    if (IsNumber(Cur())) {
      FailToken(Cur(), "imaginary number required in complex literal");
    } else {
      InvalidSyntax();
    }
    return nullptr;
  }
  return num;
}

ast::ExprPtr Parser::NameOrAttr() {
  ExprPtr e = NewExpr(ast::ExprKind::kName, LocOf(Cur()));
  e->str = std::string(Cur().text);
  Advance();
  while (IsOp(".")) {
    Advance();
    if (!IsName()) {
      InvalidSyntax();
      return nullptr;
    }
    ExprPtr attr = NewExpr(ast::ExprKind::kAttribute, Span(e->loc, LocOf(Cur())));
    attr->str = std::string(Cur().text);
    attr->a = std::move(e);
    e = std::move(attr);
    Advance();
  }
  return e;
}

ast::PatternPtr Parser::ClosedPattern() {
  DepthGuard guard(this);
  if (!guard.ok()) return nullptr;
  const Token& t = Cur();
  ast::Loc loc = LocOf(t);
  bool keyword_constant =
      t.kind == TokenKind::kName && (t.text == "None" || t.text == "True" || t.text == "False");
  if (keyword_constant) {
    PatternPtr p = NewPattern(PatternKind::kSingleton, loc);
    p->value = Atom();
    return p->value ? std::move(p) : nullptr;
  }
  if (IsNumber(t) || t.kind == TokenKind::kString || IsOp("-")) {
    ExprPtr value = LiteralExpr();
    if (!value) return nullptr;
    PatternPtr p = NewPattern(PatternKind::kValue, value->loc);
    p->value = std::move(value);
    return p;
  }
  if (IsName()) {
    ExprPtr name = NameOrAttr();
    if (!name) return nullptr;
    if (IsOp("(")) return ClassPattern(std::move(name));
    if (name->kind == ast::ExprKind::kAttribute) {
      PatternPtr p = NewPattern(PatternKind::kValue, name->loc);
      p->value = std::move(name);
      return p;
    }
    PatternPtr p = NewPattern(PatternKind::kAs, name->loc);
    if (name->str != "_") p->name = name->str;
    return p;
  }
  if (IsOp("(") || IsOp("[")) return SequencePattern();
  if (IsOp("{")) return MappingPattern();
  InvalidSyntax();
  return nullptr;
}

ast::PatternPtr Parser::SequencePattern() {
  bool paren = IsOp("(");
  ast::Loc start = LocOf(Cur());
  std::string_view close = paren ? ")" : "]";
  Advance();
  PatternPtr seq = NewPattern(PatternKind::kSequence, start);
  bool comma = false;
  while (!IsOp(close)) {
    PatternPtr p = MaybeStarPattern();
    if (!p) return nullptr;
    seq->patterns.push_back(std::move(p));
    if (!AcceptOp(",")) break;
    comma = true;
  }
  if (!IsOp(close)) {
    InvalidSyntax();
    return nullptr;
  }
  Advance();
  if (paren && !comma && seq->patterns.size() == 1) {
    // A group pattern: `(p)` is p itself.
    if (seq->patterns[0]->kind == PatternKind::kStar) {
      FailToken(Prev(), "invalid syntax");
      return nullptr;
    }
    return std::move(seq->patterns[0]);
  }
  seq->loc = SpanTo(start);
  return seq;
}

ast::PatternPtr Parser::MappingPattern() {
  ast::Loc start = LocOf(Cur());
  Advance();  // '{'
  PatternPtr map = NewPattern(PatternKind::kMapping, start);
  while (!IsOp("}")) {
    if (AcceptOp("**")) {
      if (!IsName() || Cur().text == "_") {
        InvalidSyntax();
        return nullptr;
      }
      map->name = std::string(Cur().text);
      Advance();
      AcceptOp(",");
      if (!IsOp("}")) {
        InvalidSyntax();
        return nullptr;
      }
      break;
    }
    ExprPtr key;
    const Token& t = Cur();
    bool literal =
        IsNumber(t) || t.kind == TokenKind::kString || IsOp("-") ||
        (t.kind == TokenKind::kName && (t.text == "None" || t.text == "True" || t.text == "False"));
    if (literal) {
      key = LiteralExpr();
    } else if (IsName() && Peek().kind == TokenKind::kOp && Peek().text == ".") {
      key = NameOrAttr();
    } else {
      InvalidSyntax();
      return nullptr;
    }
    if (!key || !ExpectOp(":")) return nullptr;
    PatternPtr value = AsPattern();
    if (!value) return nullptr;
    map->keys.push_back(std::move(key));
    map->patterns.push_back(std::move(value));
    if (!AcceptOp(",")) break;
  }
  if (!IsOp("}")) {
    InvalidSyntax();
    return nullptr;
  }
  Advance();
  map->loc = SpanTo(start);
  return map;
}

ast::PatternPtr Parser::ClassPattern(ExprPtr cls) {
  PatternPtr p = NewPattern(PatternKind::kClass, cls->loc);
  p->value = std::move(cls);
  Advance();  // '('
  // Positional sub-patterns after a keyword one: CPython names their span.
  const ast::Pattern* late_first = nullptr;
  const ast::Pattern* late_last = nullptr;
  std::vector<PatternPtr> late;
  while (!IsOp(")")) {
    if (IsName() && Peek().kind == TokenKind::kOp && Peek().text == "=") {
      p->kwd_attrs.emplace_back(Cur().text);
      Advance();
      Advance();  // '='
      PatternPtr value = AsPattern();
      if (!value) return nullptr;
      p->kwd_patterns.push_back(std::move(value));
    } else {
      PatternPtr value = AsPattern();
      if (!value) return nullptr;
      if (!p->kwd_attrs.empty()) {
        if (late_first == nullptr) late_first = value.get();
        late_last = value.get();
        late.push_back(std::move(value));
      } else {
        p->patterns.push_back(std::move(value));
      }
    }
    if (!AcceptOp(",")) break;
  }
  if (!IsOp(")")) {
    InvalidSyntax();
    return nullptr;
  }
  if (late_first != nullptr) {
    FailAt(Span(late_first->loc, late_last->loc), "positional patterns follow keyword patterns");
    return nullptr;
  }
  Advance();
  p->loc = SpanTo(p->loc);
  return p;
}

}  // namespace tc::script
