// Code generation for expressions: constants, operators, subscripts,
// comparisons and conditions, assignment targets.
#include <utility>

#include "absl/strings/str_format.h"

#include "src/compile_codegen.h"
#include "src/compile_emit.h"

namespace tc::script {

using ast::ExprKind;

bool HasStarred(const std::vector<ast::ExprPtr>& items) {
  for (const ast::ExprPtr& e : items) {
    if (e->kind == ExprKind::kStarred) return true;
  }
  return false;
}

namespace {

// Whether CPython 3.11's AST optimizer folds `e` to a constant: literals,
// unary operators and tuples of such, and binary operators that cannot fail
// or grow large (CPython also folds /, **, <<, % ... when safe; a set display
// using those between literals is left out of the approximation).
bool FoldsToConstant(const ast::Expr& e) {
  switch (e.kind) {
    case ExprKind::kConstant:
      return true;
    case ExprKind::kUnaryOp:
      return FoldsToConstant(*e.a);
    case ExprKind::kTuple:
      for (const ast::ExprPtr& item : e.items) {
        if (!FoldsToConstant(*item)) return false;
      }
      return true;
    case ExprKind::kBinOp:
      switch (e.binary_op) {
        case BinaryOp::kAdd:
        case BinaryOp::kSub:
        case BinaryOp::kAnd:
        case BinaryOp::kOr:
        case BinaryOp::kXor:
          return FoldsToConstant(*e.a) && FoldsToConstant(*e.b);
        default:
          return false;
      }
    default:
      return false;
  }
}

}  // namespace

bool IsConstantSetDisplay(const std::vector<ast::ExprPtr>& items, size_t min_size) {
  if (items.size() < min_size) return false;
  for (const ast::ExprPtr& item : items) {
    if (!FoldsToConstant(*item)) return false;
  }
  return true;
}

void CodeGen::Iterable(const ast::Expr& e) {
  EmitIterable(u(), e, [this](const ast::Expr& x) { Expr(x); });
}

void CodeGen::LoadConst(Const c) { u().Emit(Opcode::kLoadConst, u().AddConst(std::move(c))); }

std::optional<Const> CodeGen::ConstValue(const ast::Expr& e) const {
  switch (e.kind) {
    case ExprKind::kConstant:
      switch (e.constant) {
        case ast::ConstKind::kNone:
          return ConstNone{};
        case ast::ConstKind::kTrue:
          return true;
        case ast::ConstKind::kFalse:
          return false;
        case ast::ConstKind::kInt:
          return e.int_value;
        case ast::ConstKind::kBigInt:
          return ConstBigInt{e.str};
        case ast::ConstKind::kFloat:
          return e.float_value;
        case ast::ConstKind::kImaginary:
          return ConstImaginary{e.float_value};
        case ast::ConstKind::kStr:
          return ConstStr{e.str};
        case ast::ConstKind::kBytes:
          return ConstBytes{e.str};
        case ast::ConstKind::kEllipsis:
          return std::nullopt;
      }
      return std::nullopt;
    case ExprKind::kUnaryOp:
      if (e.unary_op == UnaryOp::kNeg && e.a->kind == ExprKind::kConstant) {
        if (e.a->constant == ast::ConstKind::kInt) return -e.a->int_value;
        if (e.a->constant == ast::ConstKind::kFloat) return -e.a->float_value;
      }
      return std::nullopt;
    case ExprKind::kTuple: {
      auto t = std::make_shared<ConstTuple>();
      for (const ast::ExprPtr& item : e.items) {
        std::optional<Const> c = ConstValue(*item);
        if (!c) return std::nullopt;
        t->items.push_back(std::move(*c));
      }
      return std::shared_ptr<const ConstTuple>(t);
    }
    default:
      return std::nullopt;
  }
}

void CodeGen::Expr(const ast::Expr& e) {
  if (failed()) return;
  Unit& unit = u();
  LocScope loc(unit, e.loc);
  if (std::optional<Const> c = ConstValue(e)) return LoadConst(std::move(*c));
  switch (e.kind) {
    case ExprKind::kName:
      return NameOp(e.str, Access::kLoad);
    case ExprKind::kConstant:  // Ellipsis: the builtin name
      unit.Emit(Opcode::kLoadGlobal, unit.AddName("Ellipsis"));
      return;
    case ExprKind::kJoinedStr:
      return JoinedStr(e);
    case ExprKind::kFormattedValue: {
      Expr(*e.a);
      unit.Emit(Opcode::kFormatValue, 0);
      return;
    }
    case ExprKind::kTuple:
    case ExprKind::kList:
    case ExprKind::kSet:
      return Sequence(e.items, e.kind);
    case ExprKind::kDict:
      return Dict(e);
    case ExprKind::kListComp:
    case ExprKind::kSetComp:
    case ExprKind::kDictComp:
    case ExprKind::kGeneratorExp:
      return Comprehension(e);
    case ExprKind::kYield:
      if (e.a) {
        Expr(*e.a);
      } else {
        LoadConst(ConstNone{});
      }
      EmitYield();
      return;
    case ExprKind::kYieldFrom:
      if (unit.scope()->async_def) return Fail(e.loc, "'yield from' inside async function");
      Expr(*e.a);
      unit.Emit(Opcode::kGetYieldFromIter);
      EmitYieldFrom();
      return;
    case ExprKind::kAwait:
      // CPython's compiler checks: comprehensions may await (and become
      // asynchronous), lambdas and plain functions may not.
      if (!unit.scope()->IsFunctionLike()) return Fail(e.loc, "'await' outside function");
      if (unit.scope()->kind == ScopeKind::kFunction && !unit.scope()->async_def) {
        return Fail(e.loc, "'await' outside async function");
      }
      Expr(*e.a);
      EmitAwait(0);
      return;
    case ExprKind::kBoolOp:
      return BoolOp(e);
    case ExprKind::kBinOp:
      Expr(*e.a);
      Expr(*e.b);
      unit.Emit(Opcode::kBinary, static_cast<int>(e.binary_op));
      return;
    case ExprKind::kUnaryOp:
      Expr(*e.a);
      unit.Emit(Opcode::kUnary, static_cast<int>(e.unary_op));
      return;
    case ExprKind::kCompare:
      return Compare(e);
    case ExprKind::kIfExp: {
      int orelse = unit.NewLabel(), end = unit.NewLabel();
      JumpIf(*e.a, orelse, false);
      Expr(*e.b);
      unit.EmitJump(Opcode::kJump, end);
      unit.Bind(orelse);
      Expr(*e.c);
      unit.Bind(end);
      return;
    }
    case ExprKind::kLambda:
      return Lambda(e);
    case ExprKind::kCall:
      return Call(e);
    case ExprKind::kAttribute:
      Expr(*e.a);
      unit.Emit(Opcode::kLoadAttr, unit.AddName(e.str));
      return;
    case ExprKind::kSubscript:
      Expr(*e.a);
      SliceIndex(*e.b);
      unit.Emit(Opcode::kBinarySubscr);
      return;
    case ExprKind::kSlice:
      return SliceIndex(e);
    case ExprKind::kStarred:
      return Fail(e.loc, "can't use starred expression here");
    case ExprKind::kNamedExpr:
      // `a := b`: the value stays on the stack as the expression's result.
      Expr(*e.b);
      u().Emit(Opcode::kDup);
      Store(*e.a);
      return;
  }
}

void CodeGen::SliceIndex(const ast::Expr& e) {
  Unit& unit = u();
  if (e.kind == ExprKind::kSlice) {
    LocScope loc(unit, e.loc);
    for (const ast::Expr* part : {e.a.get(), e.b.get()}) {
      if (part) {
        Expr(*part);
      } else {
        LoadConst(ConstNone{});
      }
    }
    if (e.c) Expr(*e.c);
    unit.Emit(Opcode::kBuildSlice, e.c ? 3 : 2);
    return;
  }
  if (e.kind == ExprKind::kTuple && !ConstValue(e)) {
    bool any_slice = false;
    for (const ast::ExprPtr& item : e.items) any_slice |= item->kind == ExprKind::kSlice;
    if (any_slice && !HasStarred(e.items)) {
      LocScope loc(unit, e.loc);
      for (const ast::ExprPtr& item : e.items) SliceIndex(*item);
      unit.Emit(Opcode::kBuildTuple, static_cast<int>(e.items.size()));
      return;
    }
  }
  Expr(e);
}

void CodeGen::Store(const ast::Expr& t) {
  if (failed()) return;
  Unit& unit = u();
  LocScope loc(unit, t.loc);
  switch (t.kind) {
    case ExprKind::kName:
      return NameOp(t.str, Access::kStore);
    case ExprKind::kAttribute:
      Expr(*t.a);
      unit.Emit(Opcode::kStoreAttr, unit.AddName(t.str));
      return;
    case ExprKind::kSubscript:
      Expr(*t.a);
      SliceIndex(*t.b);
      unit.Emit(Opcode::kStoreSubscr);
      return;
    case ExprKind::kTuple:
    case ExprKind::kList:
      return Unpack(t);
    case ExprKind::kStarred:
      return Fail(t.loc, "starred assignment target must be in a list or tuple");
    default:
      return Fail(t.loc, "cannot assign to expression");
  }
}

void CodeGen::Unpack(const ast::Expr& t) {
  Unit& unit = u();
  int star = -1;
  int n = static_cast<int>(t.items.size());
  for (int i = 0; i < n; ++i) {
    if (t.items[i]->kind != ExprKind::kStarred) continue;
    if (star >= 0) return Fail(t.loc, "multiple starred expressions in assignment");
    star = i;
  }
  if (star < 0) {
    unit.Emit(Opcode::kUnpackSequence, n);
  } else {
    int before = star, after = n - star - 1;
    if (before >= 256 || after >= (1 << 23)) {
      return Fail(t.loc, "too many expressions in star-unpacking assignment");
    }
    unit.Emit(Opcode::kUnpackEx, before | (after << 8));
  }
  for (const ast::ExprPtr& item : t.items) {
    Store(item->kind == ExprKind::kStarred ? *item->a : *item);
  }
}

void CodeGen::JumpIf(const ast::Expr& e, int label, bool cond) {
  Unit& unit = u();
  LocScope loc(unit, e.loc);
  if (e.kind == ExprKind::kUnaryOp && e.unary_op == UnaryOp::kNot) {
    return JumpIf(*e.a, label, !cond);
  }
  if (e.kind == ExprKind::kBoolOp) {
    bool is_or = e.bool_op == ast::BoolOpKind::kOr;
    size_t n = e.items.size();
    if (is_or == cond) {
      // Any item deciding like `cond` jumps.
      for (const ast::ExprPtr& item : e.items) JumpIf(*item, label, cond);
      return;
    }
    int next = unit.NewLabel();
    for (size_t i = 0; i + 1 < n; ++i) JumpIf(*e.items[i], next, !cond);
    JumpIf(*e.items[n - 1], label, cond);
    unit.Bind(next);
    return;
  }
  Expr(e);
  unit.EmitJump(cond ? Opcode::kPopJumpIfTrue : Opcode::kPopJumpIfFalse, label);
}

void CodeGen::BoolOp(const ast::Expr& e) {
  Unit& unit = u();
  int end = unit.NewLabel();
  Opcode jump =
      e.bool_op == ast::BoolOpKind::kAnd ? Opcode::kJumpIfFalseOrPop : Opcode::kJumpIfTrueOrPop;
  for (size_t i = 0; i < e.items.size(); ++i) {
    Expr(*e.items[i]);
    if (i + 1 < e.items.size()) unit.EmitJump(jump, end);
  }
  unit.Bind(end);
}

void CodeGen::Compare(const ast::Expr& e) {
  Unit& unit = u();
  Expr(*e.a);
  size_t n = e.cmp_ops.size();
  // `x in {1, 2, 3}`: CPython tests a frozenset constant. Iteration order
  // does not matter to `in`, so the set is built directly (cheapest).
  auto last_comparand = [&] {
    const ast::Expr& c = *e.items[n - 1];
    CompareOp op = e.cmp_ops[n - 1];
    if ((op == CompareOp::kIn || op == CompareOp::kNotIn) && c.kind == ExprKind::kSet &&
        !HasStarred(c.items)) {
      LocScope loc(unit, c.loc);
      for (const ast::ExprPtr& item : c.items) Expr(*item);
      unit.Emit(Opcode::kBuildSet, static_cast<int>(c.items.size()));
      return;
    }
    Expr(c);
  };
  if (n == 1) {
    last_comparand();
    unit.Emit(Opcode::kCompare, static_cast<int>(e.cmp_ops[0]));
    return;
  }
  // a < b < c: keep b for the next comparison; on a false link, drop it.
  int cleanup = unit.NewLabel(), end = unit.NewLabel();
  for (size_t i = 0; i + 1 < n; ++i) {
    Expr(*e.items[i]);
    unit.Emit(Opcode::kDup);
    unit.Emit(Opcode::kRotThree);
    unit.Emit(Opcode::kCompare, static_cast<int>(e.cmp_ops[i]));
    unit.EmitJump(Opcode::kJumpIfFalseOrPop, cleanup);
  }
  last_comparand();
  unit.Emit(Opcode::kCompare, static_cast<int>(e.cmp_ops[n - 1]));
  unit.EmitJump(Opcode::kJump, end);
  unit.Bind(cleanup);
  unit.Emit(Opcode::kRotTwo);
  unit.Emit(Opcode::kPop);
  unit.Bind(end);
}

}  // namespace tc::script
