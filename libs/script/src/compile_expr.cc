// Code generation for expressions and assignment targets.
#include <utility>

#include "absl/strings/str_format.h"

#include "src/compile_codegen.h"

namespace tc::script {
namespace {

using ast::ExprKind;

class LocScope {
 public:
  LocScope(Unit& u, const ast::Loc& loc) : u_(u), saved_(u.loc) {
    u.loc = {loc.line, loc.col, loc.end_line, loc.end_col};
  }
  ~LocScope() { u_.loc = saved_; }

 private:
  Unit& u_;
  SourceLoc saved_;
};

bool HasStarred(const std::vector<ast::ExprPtr>& items) {
  for (const ast::ExprPtr& e : items) {
    if (e->kind == ExprKind::kStarred) return true;
  }
  return false;
}

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

// A set display that CPython compiles to a frozenset constant: all elements
// constant, and at least `min_size` of them (3 for a display on its own;
// any size as the iterable of `for`/comprehensions or right of `in`).
bool IsConstantSetDisplay(const std::vector<ast::ExprPtr>& items, size_t min_size) {
  if (items.size() < min_size) return false;
  for (const ast::ExprPtr& item : items) {
    if (!FoldsToConstant(*item)) return false;
  }
  return true;
}

// Emits a set that iterates as CPython's frozenset constant for `items`
// (merged into a new set when `merge_into_new`: BUILD_SET 0 + LOAD_CONST +
// SET_UPDATE), since colliding elements can come out in another order than
// inserting them in source order does. CPython's compiler builds the
// frozenset by inserting the elements in source order (table F1); adding it
// to the code's constants rebuilds it by inserting F1's elements in F1's
// iteration order (F2); SET_UPDATE merges F2's table into the new set.
// Here: F1 = kBuildSet n, its order captured by a list, F2 = a set updated
// from that list (insertion), then merged into the result.
template <typename EmitExpr>
void EmitConstantSet(Unit& unit, const std::vector<ast::ExprPtr>& items, bool merge_into_new,
                     EmitExpr expr) {
  if (merge_into_new) unit.Emit(Opcode::kBuildSet, 0);  // the result
  unit.Emit(Opcode::kBuildSet, 0);                      // F2
  unit.Emit(Opcode::kBuildList, 0);                     // F1's iteration order
  for (const ast::ExprPtr& item : items) expr(*item);
  unit.Emit(Opcode::kBuildSet, static_cast<int>(items.size()));  // F1
  unit.Emit(Opcode::kListExtend, 1);
  unit.Emit(Opcode::kSetUpdate, 1);                      // F2, by insertion
  if (merge_into_new) unit.Emit(Opcode::kSetUpdate, 1);  // set_merge
}

// The iterable of a comprehension: a set display of constants (any size)
// is a frozenset constant in CPython, iterated as is.
template <typename EmitExpr>
void EmitIterable(Unit& unit, const ast::Expr& iter, EmitExpr expr) {
  if (iter.kind == ExprKind::kSet && IsConstantSetDisplay(iter.items, 1)) {
    LocScope loc(unit, iter.loc);
    return EmitConstantSet(unit, iter.items, /*merge_into_new=*/false, expr);
  }
  expr(iter);
}

}  // namespace

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
        case ast::ConstKind::kFloat:
          return e.float_value;
        case ast::ConstKind::kStr:
          return ConstStr{e.str};
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

bool CodeGen::SuperCall(const ast::Expr& e) {
  const ast::Expr& f = *e.a;
  if (f.kind != ExprKind::kName || f.str != "super" || !e.items.empty() || !e.keywords.empty()) {
    return false;
  }
  Unit& unit = u();
  const Scope* s = unit.scope();
  if (s->kind != ScopeKind::kFunction || unit.code().argcount == 0) return false;
  if (s->Resolve("super") != NameScope::kGlobalImplicit) return false;
  NameScope cls = s->Resolve("__class__");
  if (cls != NameScope::kFree && cls != NameScope::kCell) return false;
  if (unit.CellIndex("__class__") < 0) return false;
  NameOp("__class__", Access::kLoad);
  NameOp(s->params[0], Access::kLoad);
  unit.Emit(Opcode::kLoadSuper);
  return true;
}

void CodeGen::Call(const ast::Expr& e) {
  if (SuperCall(e)) return;
  Unit& unit = u();
  bool star = HasStarred(e.items);
  bool kw_unpack = false;
  for (const ast::Keyword& k : e.keywords) kw_unpack |= k.arg.empty();
  if (star || kw_unpack) {
    Expr(*e.a);
    return CallArgs(e, 0);
  }
  bool method = e.a->kind == ExprKind::kAttribute;
  if (method) {
    LocScope loc(unit, e.a->loc);
    Expr(*e.a->a);
    unit.Emit(Opcode::kLoadMethod, unit.AddName(e.a->str));
  } else {
    Expr(*e.a);
  }
  for (const ast::ExprPtr& arg : e.items) Expr(*arg);
  int n = static_cast<int>(e.items.size() + e.keywords.size());
  if (e.keywords.empty()) {
    unit.Emit(method ? Opcode::kCallMethod : Opcode::kCall, n);
    return;
  }
  auto names = std::make_shared<ConstTuple>();
  for (const ast::Keyword& k : e.keywords) {
    Expr(*k.value);
    names->items.push_back(ConstStr{k.arg});
  }
  LoadConst(std::shared_ptr<const ConstTuple>(names));
  unit.Emit(method ? Opcode::kCallMethodKw : Opcode::kCallKw, n);
}

void CodeGen::CallArgs(const ast::Expr& e, int extra) {
  Unit& unit = u();
  if (HasStarred(e.items)) {
    unit.Emit(Opcode::kBuildList, 0);
    for (const ast::ExprPtr& arg : e.items) {
      if (arg->kind == ExprKind::kStarred) {
        Expr(*arg->a);
        unit.Emit(Opcode::kListExtend, 1);
      } else {
        Expr(*arg);
        unit.Emit(Opcode::kListAppend, 1);
      }
    }
    unit.Emit(Opcode::kListToTuple);
  } else {
    for (const ast::ExprPtr& arg : e.items) Expr(*arg);
    unit.Emit(Opcode::kBuildTuple, static_cast<int>(e.items.size()));
  }
  int flags = extra;
  if (!e.keywords.empty()) {
    unit.Emit(Opcode::kBuildMap, 0);
    for (const ast::Keyword& k : e.keywords) {
      if (k.arg.empty()) {
        Expr(*k.value);
        unit.Emit(Opcode::kDictMerge, 1);
      } else {
        LoadConst(ConstStr{k.arg});
        Expr(*k.value);
        unit.Emit(Opcode::kMapAdd, 1);
      }
    }
    flags |= 1;
  }
  unit.Emit(Opcode::kCallEx, flags);
}

void CodeGen::Sequence(const std::vector<ast::ExprPtr>& items, ExprKind kind) {
  Unit& unit = u();
  int n = static_cast<int>(items.size());
  if (kind == ExprKind::kSet && IsConstantSetDisplay(items, 3)) {
    // CPython: BUILD_SET 0, LOAD_CONST frozenset, SET_UPDATE.
    return EmitConstantSet(unit, items, /*merge_into_new=*/true,
                           [this](const ast::Expr& x) { Expr(x); });
  }
  if (!HasStarred(items)) {
    for (const ast::ExprPtr& item : items) Expr(*item);
    unit.Emit(kind == ExprKind::kTuple  ? Opcode::kBuildTuple
              : kind == ExprKind::kList ? Opcode::kBuildList
                                        : Opcode::kBuildSet,
              n);
    return;
  }
  bool set = kind == ExprKind::kSet;
  unit.Emit(set ? Opcode::kBuildSet : Opcode::kBuildList, 0);
  for (const ast::ExprPtr& item : items) {
    if (item->kind == ExprKind::kStarred) {
      Expr(*item->a);
      unit.Emit(set ? Opcode::kSetUpdate : Opcode::kListExtend, 1);
    } else {
      Expr(*item);
      unit.Emit(set ? Opcode::kSetAdd : Opcode::kListAppend, 1);
    }
  }
  if (kind == ExprKind::kTuple) unit.Emit(Opcode::kListToTuple);
}

void CodeGen::Dict(const ast::Expr& e) {
  Unit& unit = u();
  bool unpack = false;
  for (const ast::ExprPtr& k : e.keys) unpack |= k == nullptr;
  if (!unpack) {
    for (size_t i = 0; i < e.items.size(); ++i) {
      Expr(*e.keys[i]);
      Expr(*e.items[i]);
    }
    unit.Emit(Opcode::kBuildMap, static_cast<int>(e.items.size()));
    return;
  }
  unit.Emit(Opcode::kBuildMap, 0);
  for (size_t i = 0; i < e.items.size(); ++i) {
    if (e.keys[i]) {
      Expr(*e.keys[i]);
      Expr(*e.items[i]);
      unit.Emit(Opcode::kMapAdd, 1);
    } else {
      Expr(*e.items[i]);
      unit.Emit(Opcode::kDictUpdate, 1);
    }
  }
}

void CodeGen::Comprehension(const ast::Expr& e) {
  Scope* scope = symtable_.ScopeOf(&e);
  EnterUnit(scope, scope->name, e.loc.line);
  {
    Unit& inner = u();
    LocScope loc(inner, e.loc);
    inner.code().argcount = 1;
    inner.Emit(e.kind == ExprKind::kSetComp    ? Opcode::kBuildSet
               : e.kind == ExprKind::kDictComp ? Opcode::kBuildMap
                                               : Opcode::kBuildList,
               0);
    ComprehensionLoop(e, 0);
    if (e.kind == ExprKind::kGeneratorExp) inner.Emit(Opcode::kGetIter);
    inner.Emit(Opcode::kReturn);
  }
  std::shared_ptr<Code> code = LeaveUnit();
  MakeFunction(code, 0);
  EmitIterable(u(), *e.generators[0].iter, [this](const ast::Expr& x) { Expr(x); });
  u().Emit(Opcode::kGetIter);
  u().Emit(Opcode::kCall, 1);
}

void CodeGen::ComprehensionLoop(const ast::Expr& e, size_t g) {
  if (failed()) return;
  Unit& unit = u();
  const ast::Comprehension& gen = e.generators[g];
  int start = unit.NewLabel(), end = unit.NewLabel();
  if (g == 0) {
    unit.Emit(Opcode::kLoadFast, unit.VarIndex(".0"));
  } else {
    EmitIterable(unit, *gen.iter, [this](const ast::Expr& x) { Expr(x); });
    unit.Emit(Opcode::kGetIter);
  }
  unit.Bind(start);
  unit.EmitJump(Opcode::kForIter, end);
  Store(*gen.target);
  for (const ast::ExprPtr& cond : gen.ifs) JumpIf(*cond, start, false);
  if (g + 1 < e.generators.size()) {
    ComprehensionLoop(e, g + 1);
  } else {
    int depth = static_cast<int>(e.generators.size()) + 1;
    if (e.kind == ExprKind::kDictComp) {
      Expr(*e.a);
      Expr(*e.b);
      unit.Emit(Opcode::kMapAdd, depth);
    } else {
      Expr(*e.a);
      unit.Emit(e.kind == ExprKind::kSetComp ? Opcode::kSetAdd : Opcode::kListAppend, depth);
    }
  }
  unit.EmitJump(Opcode::kJump, start);
  unit.Bind(end);
}

void CodeGen::Lambda(const ast::Expr& e) {
  int flags = Defaults(*e.args);
  EnterUnit(symtable_.ScopeOf(&e), "<lambda>", e.loc.line);
  SetupParams(*e.args);
  {
    LocScope loc(u(), e.a->loc);
    Expr(*e.a);
    u().Emit(Opcode::kReturn);
  }
  std::shared_ptr<Code> code = LeaveUnit();
  MakeFunction(code, flags);
}

void CodeGen::JoinedStr(const ast::Expr& e) {
  Unit& unit = u();
  if (e.items.empty()) return LoadConst(ConstStr{""});
  for (const ast::ExprPtr& part : e.items) {
    if (part->kind != ExprKind::kFormattedValue) {
      Expr(*part);
      continue;
    }
    LocScope loc(unit, part->loc);
    Expr(*part->a);
    int flags = part->conversion == 's'   ? 1
                : part->conversion == 'r' ? 2
                : part->conversion == 'a' ? 3
                                          : 0;
    if (part->b) {
      JoinedStr(*part->b);
      flags |= 4;
    }
    unit.Emit(Opcode::kFormatValue, flags);
  }
  if (e.items.size() > 1) unit.Emit(Opcode::kBuildString, static_cast<int>(e.items.size()));
}

}  // namespace tc::script
