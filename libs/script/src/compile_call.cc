// Code generation for calls (super() included), displays (tuples, lists,
// sets, dicts), comprehensions, lambdas and f-strings.
#include <utility>

#include "absl/strings/str_format.h"

#include "src/compile_codegen.h"
#include "src/compile_emit.h"

namespace tc::script {

using ast::ExprKind;

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
  const Scope* outer = u().scope();
  bool awaited = scope->coroutine && e.kind != ExprKind::kGeneratorExp;
  if (awaited && !outer->async_def && outer->kind != ScopeKind::kComprehension) {
    return Fail(e.loc, "asynchronous comprehension outside of an asynchronous function");
  }
  EnterUnit(scope, scope->name, e.loc.line);
  {
    Unit& inner = u();
    LocScope loc(inner, e.loc);
    inner.code().argcount = 1;
    if (e.kind == ExprKind::kGeneratorExp) {  // a generator: LeaveUnit returns None
      ComprehensionLoop(e, 0);
    } else {
      inner.Emit(e.kind == ExprKind::kSetComp    ? Opcode::kBuildSet
                 : e.kind == ExprKind::kDictComp ? Opcode::kBuildMap
                                                 : Opcode::kBuildList,
                 0);
      ComprehensionLoop(e, 0);
      inner.Emit(Opcode::kReturn);
    }
  }
  std::shared_ptr<Code> code = LeaveUnit();
  MakeFunction(code, 0);
  EmitIterable(u(), *e.generators[0].iter, [this](const ast::Expr& x) { Expr(x); });
  u().Emit(e.generators[0].is_async ? Opcode::kGetAiter : Opcode::kGetIter);
  u().Emit(Opcode::kCall, 1);
  if (awaited) EmitAwait(0);  // the comprehension's coroutine
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
    unit.Emit(gen.is_async ? Opcode::kGetAiter : Opcode::kGetIter);
  }
  if (gen.is_async) {
    // The iterators of this and the enclosing loops, and the list / set /
    // dict being built, are on the stack.
    int depth = static_cast<int>(g) + 1 + (e.kind == ExprKind::kGeneratorExp ? 0 : 1);
    AsyncLoopLabels l = AsyncLoopHead(depth);
    start = l.start;
    end = l.except;
  } else {
    unit.Bind(start);
    unit.EmitJump(Opcode::kForIter, end);
  }
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
    } else if (e.kind == ExprKind::kGeneratorExp) {
      Expr(*e.a);
      EmitYield();
      unit.Emit(Opcode::kPop);
    } else {
      Expr(*e.a);
      unit.Emit(e.kind == ExprKind::kSetComp ? Opcode::kSetAdd : Opcode::kListAppend, depth);
    }
  }
  unit.EmitJump(Opcode::kJump, start);
  unit.Bind(end);
  if (gen.is_async) unit.Emit(Opcode::kEndAsyncFor);
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
