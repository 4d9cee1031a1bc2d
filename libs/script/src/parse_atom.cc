// Atoms and what follows them: names, literals, strings, parentheses,
// displays and comprehensions, subscripts and slices, calls.
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"

#include "src/parse_parser.h"

namespace tc::script {

using ast::ExprKind;

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
      e->constant = t.str_value.empty() ? ast::ConstKind::kInt : ast::ConstKind::kBigInt;
      e->int_value = t.int_value;
      e->str = t.str_value;
      Advance();
      return e;
    }
    case TokenKind::kFloat:
    case TokenKind::kImaginary: {
      ExprPtr e = NewExpr(ExprKind::kConstant, LocOf(t));
      e->constant =
          t.kind == TokenKind::kFloat ? ast::ConstKind::kFloat : ast::ConstKind::kImaginary;
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
    // CPython reports it at the token after the literals.
    FailAt(LocOf(Cur()), "cannot mix bytes and nonbytes literals");
    return nullptr;
  }
  if (!any_f) {
    ExprPtr e = NewExpr(ExprKind::kConstant, loc);
    e->constant = any_bytes ? ast::ConstKind::kBytes : ast::ConstKind::kStr;
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
    ExprPtr y = Yield();
    if (!y) return nullptr;
    if (!IsOp(")")) {
      InvalidSyntax();
      return nullptr;
    }
    Advance();
    return y;
  }
  ExprPtr first = StarExpression();
  if (!first) return nullptr;
  if (StartsComprehension()) {
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
  if (StartsComprehension()) {
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
  if (StartsComprehension()) {
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
      ExprPtr a = NamedExpression(/*in_call=*/true);
      if (!a) return nullptr;
      if (StartsComprehension()) {
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
  while (StartsComprehension()) {
    ast::Comprehension c;
    c.is_async = AcceptKw("async");
    Advance();  // 'for'
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

}  // namespace tc::script
