// Expressions and assignment targets.
#include <utility>

#include "absl/container/flat_hash_set.h"
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
  ExprPtr first = StarExpression();
  if (!first || !IsOp(",")) return first;
  ExprPtr tuple = NewExpr(ExprKind::kTuple, first->loc);
  tuple->items.push_back(std::move(first));
  while (AcceptOp(",")) {
    if (!StartsExpression(Cur()) && !IsOp("*")) break;
    ExprPtr e = StarExpression();
    if (!e) return nullptr;
    tuple->items.push_back(std::move(e));
  }
  tuple->loc = SpanTo(start);
  return tuple;
}

ast::ExprPtr Parser::StarExpression() {
  if (IsOp("*")) {
    ast::Loc loc = LocOf(Cur());
    Advance();
    ExprPtr v = BitOr();
    if (!v) return nullptr;
    ExprPtr e = NewExpr(ExprKind::kStarred, SpanTo(loc));
    e->a = std::move(v);
    return e;
  }
  return NamedExpression();
}

ast::ExprPtr Parser::NamedExpression() {
  if (IsName() && Peek().kind == TokenKind::kOp && Peek().text == ":=") {
    Unsupported(Peek(), "assignment expressions (:=) are");
    return nullptr;
  }
  return Expression();
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

ast::ExprPtr Parser::Power() {
  ast::Loc start = LocOf(Cur());
  ExprPtr base = Primary();
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

ast::ExprPtr Parser::Atom() {
  DepthGuard guard(this);
  if (!guard.ok()) return nullptr;
  const Token& t = Cur();
  switch (t.kind) {
    case TokenKind::kName: {
      if (t.text == "None" || t.text == "True" || t.text == "False") {
        ExprPtr e = NewExpr(ExprKind::kConstant, LocOf(t));
        e->constant = t.text == "None"   ? ast::ConstKind::kNone
                      : t.text == "True" ? ast::ConstKind::kTrue
                                         : ast::ConstKind::kFalse;
        Advance();
        return e;
      }
      if (!IsName()) {
        InvalidSyntax();
        return nullptr;
      }
      ExprPtr e = NewExpr(ExprKind::kName, LocOf(t));
      e->str = std::string(t.text);
      Advance();
      return e;
    }
    case TokenKind::kInt: {
      ExprPtr e = NewExpr(ExprKind::kConstant, LocOf(t));
      e->constant = ast::ConstKind::kInt;
      e->int_value = t.int_value;
      Advance();
      return e;
    }
    case TokenKind::kFloat: {
      ExprPtr e = NewExpr(ExprKind::kConstant, LocOf(t));
      e->constant = ast::ConstKind::kFloat;
      e->float_value = t.float_value;
      Advance();
      return e;
    }
    case TokenKind::kString:
      return Strings();
    case TokenKind::kError:
      LexError(t);
      return nullptr;
    case TokenKind::kOp:
      if (t.text == "(") return Paren();
      if (t.text == "[") return ListDisplay();
      if (t.text == "{") return BraceDisplay();
      if (t.text == "...") {
        ExprPtr e = NewExpr(ExprKind::kConstant, LocOf(t));
        e->constant = ast::ConstKind::kEllipsis;
        Advance();
        return e;
      }
      break;
    default:
      break;
  }
  InvalidSyntax();
  return nullptr;
}

ast::ExprPtr Parser::Strings() {
  ast::Loc loc = LocOf(Cur());
  bool any_bytes = false, any_str = false, any_f = false;
  size_t first = pos_;
  while (Cur().kind == TokenKind::kString) {
    (Cur().is_bytes ? any_bytes : any_str) = true;
    any_f |= Cur().is_fstring;
    Advance();
  }
  size_t last = pos_;
  loc = SpanTo(loc);
  if (any_bytes && any_str) {
    FailAt(loc, "cannot mix bytes and nonbytes literals");
    return nullptr;
  }
  if (any_bytes) {
    FailAt(loc, "bytes literals are not supported by tc");
    return nullptr;
  }
  if (!any_f) {
    ExprPtr e = NewExpr(ExprKind::kConstant, loc);
    e->constant = ast::ConstKind::kStr;
    for (size_t i = first; i < last; ++i) e->str += tokens_[i].str_value;
    return e;
  }
  std::vector<ExprPtr> parts;
  for (size_t i = first; i < last; ++i) {
    const Token& t = tokens_[i];
    if (t.is_fstring) {
      if (!FString(t, &parts, 0)) return nullptr;
    } else {
      ExprPtr c = NewExpr(ExprKind::kConstant, LocOf(t));
      c->constant = ast::ConstKind::kStr;
      c->str = t.str_value;
      parts.push_back(std::move(c));
    }
  }
  // Adjacent literal parts merge; empty ones go, as in CPython's JoinedStr.
  ExprPtr e = NewExpr(ExprKind::kJoinedStr, loc);
  for (ExprPtr& p : parts) {
    if (p->kind == ExprKind::kConstant) {
      if (p->str.empty()) continue;
      if (!e->items.empty() && e->items.back()->kind == ExprKind::kConstant) {
        e->items.back()->str += p->str;
        continue;
      }
      p->loc = loc;
    }
    e->items.push_back(std::move(p));
  }
  return e;
}

void Parser::ElementEnd(const ast::Expr& prev) {
  if (failed()) return;
  const Token& t = Cur();
  if (t.level > 0 && StartsExpression(t) &&
      !(prev.kind == ExprKind::kName && t.kind == TokenKind::kString) &&
      (t.kind != TokenKind::kName || t.text != "not")) {
    size_t save = pos_;
    ExprPtr next = Expression();
    if (next) {
      FailAt(Span(prev.loc, next->loc), "invalid syntax. Perhaps you forgot a comma?");
      return;
    }
    // The next element is itself broken: report the first token instead.
    if (error_ && error_->msg != "invalid syntax") return;
    error_.reset();
    pos_ = save;
  }
  InvalidSyntax();
}

ast::ExprPtr Parser::Paren() {
  ast::Loc open = LocOf(Cur());
  Advance();
  if (IsOp(")")) {
    Advance();
    return NewExpr(ExprKind::kTuple, SpanTo(open));
  }
  if (IsKw("yield")) {
    Unsupported(Cur(), "'yield'");
    return nullptr;
  }
  ExprPtr first = StarExpression();
  if (!first) return nullptr;
  if (IsKw("for")) {
    ExprPtr g = NewExpr(ExprKind::kGeneratorExp, open);
    g->a = std::move(first);
    if (!Generators(&g->generators)) return nullptr;
    if (!IsOp(")")) {
      ElementEnd(*g->a);
      return nullptr;
    }
    Advance();
    g->loc = SpanTo(open);
    return g;
  }
  if (IsOp(")")) {
    Advance();
    if (first->kind == ExprKind::kStarred) {
      FailAt(first->loc, "cannot use starred expression here");
      return nullptr;
    }
    return first;
  }
  if (!IsOp(",")) {
    ElementEnd(*first);
    return nullptr;
  }
  ExprPtr tuple = NewExpr(ExprKind::kTuple, open);
  tuple->items.push_back(std::move(first));
  while (AcceptOp(",")) {
    if (IsOp(")")) break;
    ExprPtr e = StarExpression();
    if (!e) return nullptr;
    tuple->items.push_back(std::move(e));
    if (!IsOp(",") && !IsOp(")")) {
      ElementEnd(*tuple->items.back());
      return nullptr;
    }
  }
  if (!ExpectOp(")")) return nullptr;
  tuple->loc = SpanTo(open);
  return tuple;
}

ast::ExprPtr Parser::ListDisplay() {
  ast::Loc open = LocOf(Cur());
  Advance();
  ExprPtr list = NewExpr(ExprKind::kList, open);
  if (AcceptOp("]")) {
    list->loc = SpanTo(open);
    return list;
  }
  ExprPtr first = StarExpression();
  if (!first) return nullptr;
  if (IsKw("for")) {
    ExprPtr c = NewExpr(ExprKind::kListComp, open);
    c->a = std::move(first);
    if (!Generators(&c->generators)) return nullptr;
    if (!IsOp("]")) {
      ElementEnd(*c->a);
      return nullptr;
    }
    Advance();
    c->loc = SpanTo(open);
    return c;
  }
  list->items.push_back(std::move(first));
  while (true) {
    if (AcceptOp("]")) break;
    if (!AcceptOp(",")) {
      ElementEnd(*list->items.back());
      return nullptr;
    }
    if (AcceptOp("]")) break;
    ExprPtr e = StarExpression();
    if (!e) return nullptr;
    list->items.push_back(std::move(e));
  }
  list->loc = SpanTo(open);
  return list;
}

ast::ExprPtr Parser::BraceDisplay() {
  ast::Loc open = LocOf(Cur());
  Advance();
  if (AcceptOp("}")) return NewExpr(ExprKind::kDict, SpanTo(open));
  ExprPtr first_key, first;
  bool dict = false;
  if (IsOp("**")) {
    Advance();
    first = BitOr();
    if (!first) return nullptr;
    dict = true;
  } else {
    first = StarExpression();
    if (!first) return nullptr;
    if (AcceptOp(":")) {
      dict = true;
      first_key = std::move(first);
      first = Expression();
      if (!first) return nullptr;
    }
  }
  if (IsKw("for")) {
    if (dict && !first_key) {
      InvalidSyntax();
      return nullptr;
    }
    ExprPtr c = NewExpr(dict ? ExprKind::kDictComp : ExprKind::kSetComp, open);
    if (dict) {
      c->a = std::move(first_key);
      c->b = std::move(first);
    } else {
      c->a = std::move(first);
    }
    if (!Generators(&c->generators)) return nullptr;
    if (!IsOp("}")) {
      InvalidSyntax();
      return nullptr;
    }
    Advance();
    c->loc = SpanTo(open);
    return c;
  }
  ExprPtr e = NewExpr(dict ? ExprKind::kDict : ExprKind::kSet, open);
  e->keys.push_back(std::move(first_key));
  e->items.push_back(std::move(first));
  while (true) {
    if (AcceptOp("}")) break;
    if (!AcceptOp(",")) {
      ElementEnd(*e->items.back());
      return nullptr;
    }
    if (AcceptOp("}")) break;
    ExprPtr key;
    ExprPtr value;
    if (dict) {
      if (AcceptOp("**")) {
        value = BitOr();
        if (!value) return nullptr;
      } else {
        key = Expression();
        if (!key) return nullptr;
        if (!IsOp(":")) {
          if (Cur().kind == TokenKind::kError || Cur().level == 0) {
            InvalidSyntax();
          } else {
            FailAt(key->loc, "':' expected after dictionary key");
          }
          return nullptr;
        }
        Advance();
        value = Expression();
        if (!value) return nullptr;
      }
    } else {
      value = StarExpression();
      if (!value) return nullptr;
    }
    e->keys.push_back(std::move(key));
    e->items.push_back(std::move(value));
  }
  if (!dict) e->keys.clear();
  e->loc = SpanTo(open);
  return e;
}

ast::ExprPtr Parser::SliceItem() {
  ast::Loc start = LocOf(Cur());
  ExprPtr lower;
  if (!IsOp(":")) {
    lower = StarExpression();
    if (!lower || !IsOp(":")) return lower;
  }
  Advance();
  ExprPtr s = NewExpr(ExprKind::kSlice, start);
  s->a = std::move(lower);
  auto ends = [this] { return IsOp(":") || IsOp("]") || IsOp(","); };
  if (!ends()) {
    s->b = Expression();
    if (!s->b) return nullptr;
  }
  if (AcceptOp(":")) {
    if (!ends()) {
      s->c = Expression();
      if (!s->c) return nullptr;
    }
  }
  s->loc = SpanTo(start);
  return s;
}

ast::ExprPtr Parser::Subscript(ExprPtr value) {
  Advance();  // [
  ExprPtr first = SliceItem();
  if (!first) return nullptr;
  ExprPtr index;
  const ast::Expr* last = first.get();
  if (IsOp(",")) {
    index = NewExpr(ExprKind::kTuple, first->loc);
    index->items.push_back(std::move(first));
    while (AcceptOp(",")) {
      if (IsOp("]")) break;
      ExprPtr e = SliceItem();
      if (!e) return nullptr;
      last = e.get();
      index->items.push_back(std::move(e));
    }
    index->loc = SpanTo(index->loc);
  } else {
    index = std::move(first);
  }
  if (!IsOp("]")) {
    ElementEnd(*last);
    return nullptr;
  }
  Advance();
  ExprPtr e = NewExpr(ExprKind::kSubscript, SpanTo(value->loc));
  e->a = std::move(value);
  e->b = std::move(index);
  return e;
}

ast::ExprPtr Parser::Call(ExprPtr func) {
  Advance();  // (
  ExprPtr call = NewExpr(ExprKind::kCall, func->loc);
  call->a = std::move(func);
  bool seen_keyword = false, seen_kw_unpack = false;
  const ast::Expr* bare_genexp = nullptr;
  absl::flat_hash_set<std::string> names;
  while (!IsOp(")")) {
    const ast::Expr* last = nullptr;
    if (IsOp("*")) {
      const Token& star = Cur();
      Advance();
      ExprPtr v = Expression();
      if (!v) return nullptr;
      if (seen_kw_unpack) {
        FailToken(star, "iterable argument unpacking follows keyword argument unpacking");
        return nullptr;
      }
      ExprPtr s = NewExpr(ExprKind::kStarred, Span(LocOf(star), v->loc));
      s->a = std::move(v);
      last = s.get();
      call->items.push_back(std::move(s));
    } else if (IsOp("**")) {
      ast::Loc loc = LocOf(Cur());
      Advance();
      ExprPtr v = Expression();
      if (!v) return nullptr;
      seen_kw_unpack = true;
      ast::Keyword kw;
      kw.loc = Span(loc, v->loc);
      kw.value = std::move(v);
      last = kw.value.get();
      call->keywords.push_back(std::move(kw));
    } else if (IsName() && Peek().kind == TokenKind::kOp && Peek().text == "=") {
      ast::Keyword kw;
      kw.arg = std::string(Cur().text);
      kw.loc = LocOf(Cur());
      Advance();
      Advance();
      kw.value = Expression();
      if (!kw.value) return nullptr;
      kw.loc = Span(kw.loc, kw.value->loc);
      if (!names.insert(kw.arg).second) {
        FailAt(kw.loc, absl::StrFormat("keyword argument repeated: %s", kw.arg));
        return nullptr;
      }
      seen_keyword = true;
      last = kw.value.get();
      call->keywords.push_back(std::move(kw));
    } else {
      ExprPtr a = NamedExpression();
      if (!a) return nullptr;
      if (IsKw("for")) {
        ExprPtr g = NewExpr(ExprKind::kGeneratorExp, a->loc);
        g->a = std::move(a);
        if (!Generators(&g->generators)) return nullptr;
        g->loc = SpanTo(g->loc);
        a = std::move(g);
        bare_genexp = a.get();
      }
      if (IsOp("=")) {
        FailAt(Span(a->loc, LocOf(Cur())),
               "expression cannot contain assignment, perhaps you meant \"==\"?");
        return nullptr;
      }
      // CPython reports these at the token after the argument.
      if (seen_kw_unpack) {
        FailToken(Cur(), "positional argument follows keyword argument unpacking");
        return nullptr;
      }
      if (seen_keyword) {
        FailToken(Cur(), "positional argument follows keyword argument");
        return nullptr;
      }
      last = a.get();
      call->items.push_back(std::move(a));
    }
    if (!AcceptOp(",")) {
      if (!IsOp(")")) {
        ElementEnd(*last);
        return nullptr;
      }
      break;
    }
  }
  Advance();  // )
  if (bare_genexp != nullptr && call->items.size() + call->keywords.size() > 1) {
    FailAt(bare_genexp->loc, "Generator expression must be parenthesized");
    return nullptr;
  }
  call->loc = SpanTo(call->loc);
  return call;
}

bool Parser::Generators(std::vector<ast::Comprehension>* out) {
  while (IsKw("for") || IsKw("async")) {
    if (IsKw("async")) {
      Unsupported(Cur(), "'async'");
      return false;
    }
    Advance();
    ast::Comprehension c;
    c.target = TargetList("in");
    if (!c.target) return false;
    if (!AcceptKw("in")) {
      InvalidSyntax();
      return false;
    }
    c.iter = Disjunction();
    if (!c.iter) return false;
    while (AcceptKw("if")) {
      ExprPtr cond = Disjunction();
      if (!cond) return false;
      c.ifs.push_back(std::move(cond));
    }
    out->push_back(std::move(c));
  }
  return true;
}

ast::ExprPtr Parser::TargetList(std::string_view stop) {
  ast::Loc start = LocOf(Cur());
  std::vector<ExprPtr> items;
  bool trailing_comma = false;
  while (true) {
    ExprPtr e;
    if (IsOp("*")) {
      ast::Loc loc = LocOf(Cur());
      Advance();
      ExprPtr v = BitOr();
      if (!v) return nullptr;
      e = NewExpr(ExprKind::kStarred, Span(loc, v->loc));
      e->a = std::move(v);
    } else {
      e = BitOr();
      if (!e) return nullptr;
    }
    items.push_back(std::move(e));
    trailing_comma = false;
    if (!IsOp(",")) break;
    Advance();
    trailing_comma = true;
    if (IsKw(stop) || IsOp(stop) || IsOp("=")) break;
  }
  ExprPtr target;
  if (items.size() == 1 && !trailing_comma) {
    target = std::move(items[0]);
  } else {
    target = NewExpr(ExprKind::kTuple, SpanTo(start));
    target->items = std::move(items);
  }
  if (!SetContext(target.get(), ast::ExprContext::kStore, false)) return nullptr;
  return target;
}

const ast::Expr* Parser::InvalidTarget(const ast::Expr* e, ast::ExprContext ctx) {
  switch (e->kind) {
    case ExprKind::kName:
    case ExprKind::kAttribute:
    case ExprKind::kSubscript:
      return nullptr;
    case ExprKind::kStarred:
      if (ctx == ast::ExprContext::kDel) return e;
      return InvalidTarget(e->a.get(), ctx);
    case ExprKind::kTuple:
    case ExprKind::kList:
      for (const ExprPtr& item : e->items) {
        if (const ast::Expr* bad = InvalidTarget(item.get(), ctx)) return bad;
      }
      return nullptr;
    default:
      return e;
  }
}

std::string Parser::ExprName(const ast::Expr& e) {
  switch (e.kind) {
    case ExprKind::kAttribute:
      return "attribute";
    case ExprKind::kSubscript:
      return "subscript";
    case ExprKind::kStarred:
      return "starred";
    case ExprKind::kName:
      return "name";
    case ExprKind::kList:
      return "list";
    case ExprKind::kTuple:
      return "tuple";
    case ExprKind::kLambda:
      return "lambda";
    case ExprKind::kCall:
      return "function call";
    case ExprKind::kBoolOp:
    case ExprKind::kBinOp:
    case ExprKind::kUnaryOp:
      return "expression";
    case ExprKind::kGeneratorExp:
      return "generator expression";
    case ExprKind::kListComp:
      return "list comprehension";
    case ExprKind::kSetComp:
      return "set comprehension";
    case ExprKind::kDictComp:
      return "dict comprehension";
    case ExprKind::kDict:
      return "dict literal";
    case ExprKind::kSet:
      return "set display";
    case ExprKind::kJoinedStr:
    case ExprKind::kFormattedValue:
      return "f-string expression";
    case ExprKind::kCompare:
      return "comparison";
    case ExprKind::kIfExp:
      return "conditional expression";
    case ExprKind::kSlice:
      return "slice";
    case ExprKind::kConstant:
      switch (e.constant) {
        case ast::ConstKind::kNone:
          return "None";
        case ast::ConstKind::kTrue:
          return "True";
        case ast::ConstKind::kFalse:
          return "False";
        case ast::ConstKind::kEllipsis:
          return "ellipsis";
        default:
          return "literal";
      }
  }
  return "expression";
}

namespace {
void ApplyContext(ast::Expr* e, ast::ExprContext ctx) {
  e->ctx = ctx;
  if (e->kind == ExprKind::kStarred) ApplyContext(e->a.get(), ctx);
  if (e->kind == ExprKind::kTuple || e->kind == ExprKind::kList) {
    for (ast::ExprPtr& item : e->items) ApplyContext(item.get(), ctx);
  }
}
}  // namespace

bool Parser::SetContext(ast::Expr* e, ast::ExprContext ctx, bool here_hint) {
  const ast::Expr* bad = InvalidTarget(e, ctx);
  if (bad == nullptr) {
    ApplyContext(e, ctx);
    return true;
  }
  std::string name = ExprName(*bad);
  if (ctx == ast::ExprContext::kDel) {
    FailAt(bad->loc, absl::StrFormat("cannot delete %s", name));
  } else if (here_hint && bad == e && bad->kind != ExprKind::kConstant) {
    FailAt(bad->loc,
           absl::StrFormat("cannot assign to %s here. Maybe you meant '==' instead of '='?", name));
  } else if (here_hint && bad == e && name == "literal") {
    FailAt(bad->loc, "cannot assign to literal here. Maybe you meant '==' instead of '='?");
  } else {
    FailAt(bad->loc, absl::StrFormat("cannot assign to %s", name));
  }
  return false;
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
