// Helpers shared by the code generator's files (compile_expr.cc,
// compile_call.cc, compile_stmt.cc, compile_try.cc): source locations for
// emitted instructions and CPython's constant-set emission.
#ifndef TC_SCRIPT_SRC_COMPILE_EMIT_H_
#define TC_SCRIPT_SRC_COMPILE_EMIT_H_

#include <string>
#include <vector>

#include "tc/script/ast.h"

#include "src/compile_unit.h"

namespace tc::script {

// Gives instructions emitted in its lifetime the location of one node.
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

// The docstring of a module, class or function body: its first statement
// when that is a string literal (not an f-string, not bytes); else null.
const std::string* Docstring(const std::vector<ast::StmtPtr>& body);

// Whether any of `items` is a starred expression (*x).
bool HasStarred(const std::vector<ast::ExprPtr>& items);

// A set display that CPython compiles to a frozenset constant: all elements
// constant, and at least `min_size` of them (3 for a display on its own;
// any size as the iterable of `for`/comprehensions or right of `in`).
bool IsConstantSetDisplay(const std::vector<ast::ExprPtr>& items, size_t min_size);

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
  if (iter.kind == ast::ExprKind::kSet && IsConstantSetDisplay(iter.items, 1)) {
    LocScope loc(unit, iter.loc);
    return EmitConstantSet(unit, iter.items, /*merge_into_new=*/false, expr);
  }
  expr(iter);
}

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_COMPILE_EMIT_H_
