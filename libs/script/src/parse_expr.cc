// Expressions: the precedence levels from star-expressions down to
// primaries, and the f-string field entry point.
#include <utility>

#include "absl/strings/str_format.h"

#include "src/parse_parser.h"

namespace tc::script {
namespace {

using ast::ExprKind;

// Longest left-assoc chain (a + b + ...) kept, so the compiler's recursion
// over the tree stays bounded.
constexpr int kMaxChain = 3000;

constexpr std::string_view kSumOps[] = {"+", "-"};
constexpr BinaryOp kSumKinds[] = {BinaryOp::kAdd, BinaryOp::kSub};
constexpr std::string_view kTermOps[] = {"*", "/", "//", "%", "@"};
constexpr BinaryOp kTermKinds[] = {BinaryOp::kMul, BinaryOp::kTrueDiv, BinaryOp::kFloorDiv,
                                   BinaryOp::kMod, BinaryOp::kMatMul};
constexpr std::string_view kShiftOps[] = {"<<", ">>"};
constexpr BinaryOp kShiftKinds[] = {BinaryOp::kLShift, BinaryOp::kRShift};
constexpr std::string_view kOrOps[] = {"|"};
constexpr BinaryOp kOrKinds[] = {BinaryOp::kOr};
constexpr std::string_view kXorOps[] = {"^"};
constexpr BinaryOp kXorKinds[] = {BinaryOp::kXor};
constexpr std::string_view kAndOps[] = {"&"};
constexpr BinaryOp kAndKinds[] = {BinaryOp::kAnd};

}  // namespace

ast::ExprPtr Parser::StarExpressions() {
  // Nodes span from their first token to their last, parentheses included,
  // as CPython's do.
  ast::Loc start = LocOf(Cur());
  ExprPtr first = StarExpression(false);
  if (!first || !IsOp(",")) return first;
  ExprPtr tuple = NewExpr(ExprKind::kTuple, first->loc);
  tuple->items.push_back(std::move(first));
  while (AcceptOp(",")) {
    if (!StartsExpression(Cur()) && !IsOp("*")) break;
    ExprPtr e = StarExpression(false);
    if (!e) return nullptr;
    tuple->items.push_back(std::move(e));
  }
  tuple->loc = SpanTo(start);
  return tuple;
}

ast::ExprPtr Parser::YieldOrStarExpressions() {
  return IsKw("yield") ? Yield() : StarExpressions();
}

ast::ExprPtr Parser::Yield() {
  ast::Loc start = LocOf(Cur());
  Advance();
  if (IsKw("from")) {
    Advance();
    ExprPtr e = NewExpr(ExprKind::kYieldFrom, start);
    e->a = Expression();
    if (!e->a) return nullptr;
    e->loc = SpanTo(start);
    return e;
  }
  ExprPtr e = NewExpr(ExprKind::kYield, start);
  if (StartsExpression(Cur()) || IsOp("*")) {
    e->a = StarExpressions();
    if (!e->a) return nullptr;
  }
  e->loc = SpanTo(start);
  return e;
}

ast::ExprPtr Parser::StarExpression(bool named) {
  if (IsOp("*")) {
    ast::Loc loc = LocOf(Cur());
    Advance();
    ExprPtr v = BitOr();
    if (!v) return nullptr;
    ExprPtr e = NewExpr(ExprKind::kStarred, SpanTo(loc));
    e->a = std::move(v);
    return e;
  }
  return named ? NamedExpression() : Expression();
}

ast::ExprPtr Parser::NamedExpression(bool in_call) {
  if (IsName() && Peek().kind == TokenKind::kOp && Peek().text == ":=") {
    const ast::Loc start = LocOf(Cur());
    ExprPtr named = NewExpr(ExprKind::kNamedExpr, start);
    named->a = NewExpr(ExprKind::kName, start);
    named->a->str = std::string(Cur().text);
    named->a->ctx = ast::ExprContext::kStore;
    Advance();  // the name
    Advance();  // :=
    named->b = Expression();
    if (!named->b) return nullptr;
    named->loc = SpanTo(start);
    return named;
  }
  ExprPtr e = Expression();
  if (e && IsOp(":=") && !in_call) {
    // CPython's invalid_named_expression: only a plain name is a target.
    FailAt(e->loc, absl::StrFormat("cannot use assignment expressions with %s", ExprName(*e)));
    return nullptr;
  }
  return e;
}

ast::ExprPtr Parser::Expression() {
  DepthGuard guard(this);
  if (!guard.ok()) return nullptr;
  if (IsKw("lambda")) return Lambda();
  ast::Loc start = LocOf(Cur());
  ExprPtr body = Disjunction();
  if (!body || !IsKw("if")) return body;
  Advance();
  ExprPtr test = Disjunction();
  if (!test) return nullptr;
  if (!AcceptKw("else")) {
    if (Cur().kind == TokenKind::kError) {
      LexError(Cur());
    } else {
      FailAt(Span(body->loc, test->loc), "expected 'else' after 'if' expression");
    }
    return nullptr;
  }
  ExprPtr orelse = Expression();
  if (!orelse) return nullptr;
  ExprPtr e = NewExpr(ExprKind::kIfExp, SpanTo(start));
  e->a = std::move(test);
  e->b = std::move(body);
  e->c = std::move(orelse);
  return e;
}

ast::ExprPtr Parser::Lambda() {
  ast::Loc loc = LocOf(Cur());
  Advance();
  auto args = std::make_unique<ast::Arguments>();
  if (!Parameters(args.get(), true, ":")) return nullptr;
  Advance();
  ExprPtr body = Expression();
  if (!body) return nullptr;
  ExprPtr e = NewExpr(ExprKind::kLambda, SpanTo(loc));
  e->args = std::move(args);
  e->a = std::move(body);
  return e;
}

ast::ExprPtr Parser::Disjunction() {
  ast::Loc start = LocOf(Cur());
  ExprPtr first = Conjunction();
  if (!first || !IsKw("or")) return first;
  ExprPtr e = NewExpr(ExprKind::kBoolOp, start);
  e->bool_op = ast::BoolOpKind::kOr;
  e->items.push_back(std::move(first));
  while (AcceptKw("or")) {
    ExprPtr next = Conjunction();
    if (!next) return nullptr;
    e->items.push_back(std::move(next));
  }
  e->loc = SpanTo(e->loc);
  return e;
}

ast::ExprPtr Parser::Conjunction() {
  ast::Loc start = LocOf(Cur());
  ExprPtr first = Inversion();
  if (!first || !IsKw("and")) return first;
  ExprPtr e = NewExpr(ExprKind::kBoolOp, start);
  e->bool_op = ast::BoolOpKind::kAnd;
  e->items.push_back(std::move(first));
  while (AcceptKw("and")) {
    ExprPtr next = Inversion();
    if (!next) return nullptr;
    e->items.push_back(std::move(next));
  }
  e->loc = SpanTo(e->loc);
  return e;
}

ast::ExprPtr Parser::Inversion() {
  if (!IsKw("not")) return Comparison();
  DepthGuard guard(this);
  if (!guard.ok()) return nullptr;
  ast::Loc loc = LocOf(Cur());
  Advance();
  ExprPtr v = Inversion();
  if (!v) return nullptr;
  ExprPtr e = NewExpr(ExprKind::kUnaryOp, SpanTo(loc));
  e->unary_op = UnaryOp::kNot;
  e->a = std::move(v);
  return e;
}

ast::ExprPtr Parser::Comparison() {
  ast::Loc start = LocOf(Cur());
  ExprPtr left = BitOr();
  if (!left) return nullptr;
  ExprPtr e;
  while (true) {
    CompareOp op;
    const Token& t = Cur();
    if (t.kind == TokenKind::kOp) {
      if (t.text == "<") {
        op = CompareOp::kLt;
      } else if (t.text == "<=") {
        op = CompareOp::kLe;
      } else if (t.text == "==") {
        op = CompareOp::kEq;
      } else if (t.text == "!=") {
        op = CompareOp::kNe;
      } else if (t.text == ">") {
        op = CompareOp::kGt;
      } else if (t.text == ">=") {
        op = CompareOp::kGe;
      } else {
        break;
      }
      Advance();
    } else if (IsKw("in")) {
      op = CompareOp::kIn;
      Advance();
    } else if (IsKw("not") && Peek().kind == TokenKind::kName && Peek().text == "in") {
      op = CompareOp::kNotIn;
      Advance();
      Advance();
    } else if (IsKw("is")) {
      Advance();
      op = AcceptKw("not") ? CompareOp::kIsNot : CompareOp::kIs;
    } else {
      break;
    }
    ExprPtr right = BitOr();
    if (!right) return nullptr;
    if (!e) {
      e = NewExpr(ExprKind::kCompare, start);
      e->a = std::move(left);
    }
    e->cmp_ops.push_back(op);
    e->items.push_back(std::move(right));
  }
  if (!e) return left;
  e->loc = SpanTo(e->loc);
  return e;
}

ast::ExprPtr Parser::BinaryChain(ExprPtr (Parser::*next)(), const std::string_view* ops,
                                 const BinaryOp* kinds, int n) {
  ast::Loc start = LocOf(Cur());
  ExprPtr left = (this->*next)();
  int count = 0;
  while (left) {
    int found = -1;
    if (Cur().kind == TokenKind::kOp) {
      for (int i = 0; i < n; ++i) {
        if (Cur().text == ops[i]) found = i;
      }
    }
    if (found < 0) break;
    if (++count > kMaxChain) {
      FailToken(Cur(), "too deeply nested expression");
      return nullptr;
    }
    Advance();
    ExprPtr right = (this->*next)();
    if (!right) return nullptr;
    ExprPtr e = NewExpr(ExprKind::kBinOp, SpanTo(start));
    e->binary_op = kinds[found];
    e->a = std::move(left);
    e->b = std::move(right);
    left = std::move(e);
  }
  return left;
}

ast::ExprPtr Parser::BitOr() { return BinaryChain(&Parser::BitXor, kOrOps, kOrKinds, 1); }
ast::ExprPtr Parser::BitXor() { return BinaryChain(&Parser::BitAnd, kXorOps, kXorKinds, 1); }
ast::ExprPtr Parser::BitAnd() { return BinaryChain(&Parser::Shift, kAndOps, kAndKinds, 1); }
ast::ExprPtr Parser::Shift() { return BinaryChain(&Parser::Sum, kShiftOps, kShiftKinds, 2); }
ast::ExprPtr Parser::Sum() { return BinaryChain(&Parser::Term, kSumOps, kSumKinds, 2); }
ast::ExprPtr Parser::Term() { return BinaryChain(&Parser::Factor, kTermOps, kTermKinds, 5); }

ast::ExprPtr Parser::Factor() {
  if (!(IsOp("-") || IsOp("+") || IsOp("~"))) return Power();
  DepthGuard guard(this);
  if (!guard.ok()) return nullptr;
  ast::Loc loc = LocOf(Cur());
  UnaryOp op = IsOp("-") ? UnaryOp::kNeg : IsOp("+") ? UnaryOp::kPos : UnaryOp::kInvert;
  Advance();
  ExprPtr v = Factor();
  if (!v) return nullptr;
  ExprPtr e = NewExpr(ExprKind::kUnaryOp, SpanTo(loc));
  e->unary_op = op;
  e->a = std::move(v);
  return e;
}

ast::ExprPtr Parser::AwaitPrimary() {
  if (!IsKw("await")) return Primary();
  ast::Loc start = LocOf(Cur());
  Advance();
  ExprPtr v = Primary();
  if (!v) return nullptr;
  ExprPtr e = NewExpr(ExprKind::kAwait, SpanTo(start));
  e->a = std::move(v);
  return e;
}

ast::ExprPtr Parser::Power() {
  ast::Loc start = LocOf(Cur());
  ExprPtr base = AwaitPrimary();
  if (!base || !IsOp("**")) return base;
  DepthGuard guard(this);
  if (!guard.ok()) return nullptr;
  Advance();
  ExprPtr exp = Factor();
  if (!exp) return nullptr;
  ExprPtr e = NewExpr(ExprKind::kBinOp, SpanTo(start));
  e->binary_op = BinaryOp::kPow;
  e->a = std::move(base);
  e->b = std::move(exp);
  return e;
}

ast::ExprPtr Parser::Primary() {
  ast::Loc start = LocOf(Cur());
  ExprPtr e = Atom();
  int count = 0;
  while (e) {
    if (!(IsOp(".") || IsOp("(") || IsOp("["))) break;
    if (++count > kMaxChain) {
      FailToken(Cur(), "too deeply nested expression");
      return nullptr;
    }
    if (AcceptOp(".")) {
      if (!IsName()) {
        InvalidSyntax();
        return nullptr;
      }
      ExprPtr attr = NewExpr(ExprKind::kAttribute, Span(start, LocOf(Cur())));
      attr->str = std::string(Cur().text);
      attr->a = std::move(e);
      Advance();
      e = std::move(attr);
    } else if (IsOp("(")) {
      e = Call(std::move(e));
      if (e) e->loc = SpanTo(start);
    } else {
      e = Subscript(std::move(e));
      if (e) e->loc = SpanTo(start);
    }
  }
  return e;
}

ast::ExprPtr Parser::ParseFieldExpression() {
  ExprPtr e = StarExpressions();
  if (!e) return nullptr;
  if (Cur().kind != TokenKind::kEndMarker) {
    InvalidSyntax();
    return nullptr;
  }
  return e;
}

}  // namespace tc::script
