// Assignment and deletion targets: target lists, what cannot be assigned
// to (with CPython's messages) and setting a target's context.
#include <utility>

#include "absl/strings/str_format.h"

#include "src/parse_parser.h"

namespace tc::script {

using ast::ExprKind;

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
    case ExprKind::kYield:
    case ExprKind::kYieldFrom:
      return "yield expression";
    case ExprKind::kNamedExpr:
      return "named expression";
    case ExprKind::kAwait:
      return "await expression";
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

}  // namespace tc::script
