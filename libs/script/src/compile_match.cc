// Code generation for the match statement (PEP 634), as CPython 3.11's
// compiler does it: each case's pattern runs against a copy of the subject
// on the stack; values a pattern captures wait on the stack and are stored
// only once the whole pattern matched; a failed test jumps into a chain of
// POP_TOPs ("fail_pop") that drops what the pattern had pushed so far and
// falls into the next case. Also CPython's compile-time errors: duplicate
// names, irrefutable patterns before the last case, alternatives binding
// different names.
#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/py_repr.h"

#include "src/compile_codegen.h"
#include "src/compile_emit.h"

namespace tc::script {
namespace {

bool IsWildcard(const ast::Pattern& p) {
  return p.kind == ast::PatternKind::kAs && p.pattern == nullptr && p.name.empty();
}
bool IsStarWildcard(const ast::Pattern& p) {
  return p.kind == ast::PatternKind::kStar && p.name.empty();
}

// A number constant as a double, for comparing keys across int/float/bool.
std::optional<double> NumberOf(const Const& c) {
  if (const bool* b = std::get_if<bool>(&c)) return *b ? 1.0 : 0.0;
  if (const int64_t* i = std::get_if<int64_t>(&c)) return static_cast<double>(*i);
  if (const double* d = std::get_if<double>(&c)) return *d;
  return std::nullopt;
}

// Whether two literal keys are one dict key (1, 1.0 and True are).
bool ConstKeysEqual(const Const& a, const Const& b) {
  std::optional<double> x = NumberOf(a), y = NumberOf(b);
  if (x.has_value() || y.has_value()) {
    if (!x.has_value() || !y.has_value()) return false;
    const int64_t* ia = std::get_if<int64_t>(&a);
    const int64_t* ib = std::get_if<int64_t>(&b);
    if (ia != nullptr && ib != nullptr) return *ia == *ib;  // exact beyond 2**53
    return *x == *y;
  }
  return a == b;
}

// CPython's repr of a literal key, for the duplicate-key error.
std::string ConstRepr(const Const& c) {
  if (std::holds_alternative<ConstNone>(c)) return "None";
  if (const bool* b = std::get_if<bool>(&c)) return *b ? "True" : "False";
  if (const int64_t* i = std::get_if<int64_t>(&c)) return absl::StrCat(*i);
  if (const double* d = std::get_if<double>(&c)) return support::PyFloatRepr(*d);
  if (const ConstStr* s = std::get_if<ConstStr>(&c)) return support::PyStrRepr(s->value);
  if (const ConstBytes* s = std::get_if<ConstBytes>(&c)) return support::PyBytesRepr(s->value);
  if (const ConstBigInt* s = std::get_if<ConstBigInt>(&c)) return s->decimal;
  return "?";
}

}  // namespace

void CodeGen::SetPatternLoc(const ast::Loc& loc) {
  // As CPython's SET_LOC: later instructions (and errors) take the location
  // of the pattern compiled last, until another one sets it.
  u().loc = {loc.line, loc.col, loc.end_line, loc.end_col};
  pattern_loc_ = loc;
}

void CodeGen::Match(const ast::Stmt& s) {
  Unit& unit = u();
  Expr(*s.a);
  int end = unit.NewLabel();
  size_t cases = s.cases.size();
  const ast::MatchCase& last_case = s.cases.back();
  bool has_default = IsWildcard(*last_case.pattern) && cases > 1;
  for (size_t i = 0; i < cases - (has_default ? 1 : 0); ++i) {
    const ast::MatchCase& m = s.cases[i];
    SetPatternLoc(m.pattern->loc);
    bool keep_subject = i != cases - (has_default ? 1 : 0) - 1;
    if (keep_subject) unit.Emit(Opcode::kCopy, 1);
    PatternContext pc;
    pc.allow_irrefutable = m.guard != nullptr || i == cases - 1;
    Pattern(*m.pattern, &pc);
    if (failed()) return;
    // It's a match: store the captured names (their values are on the stack).
    for (const std::string& name : pc.stores) NameOp(name, Access::kStore);
    if (m.guard) {
      EnsureFailPop(&pc, 0);
      JumpIf(*m.guard, pc.fail_pop[0], false);
    }
    if (keep_subject) unit.Emit(Opcode::kPop);
    Stmts(m.body);
    unit.EmitJump(Opcode::kJump, end);
    SetPatternLoc(m.pattern->loc);
    EmitAndResetFailPop(&pc);
  }
  if (has_default) {
    SetPatternLoc(last_case.pattern->loc);
    if (cases == 1) {
      unit.Emit(Opcode::kPop);  // no case matched: done with the subject
    } else {
      unit.Emit(Opcode::kNop);
    }
    if (last_case.guard) JumpIf(*last_case.guard, end, false);
    Stmts(last_case.body);
  }
  unit.Bind(end);
}

void CodeGen::EnsureFailPop(PatternContext* pc, size_t n) {
  while (pc->fail_pop.size() <= n) pc->fail_pop.push_back(u().NewLabel());
}

void CodeGen::JumpToFailPop(PatternContext* pc, Opcode op) {
  // Pops what is on top and the values that would have been captured.
  size_t pops = pc->on_top + pc->stores.size();
  EnsureFailPop(pc, pops);
  u().EmitJump(op, pc->fail_pop[pops]);
}

void CodeGen::EmitAndResetFailPop(PatternContext* pc) {
  if (pc->fail_pop.empty()) return;
  for (size_t i = pc->fail_pop.size() - 1; i > 0; --i) {
    u().Bind(pc->fail_pop[i]);
    u().Emit(Opcode::kPop);
  }
  u().Bind(pc->fail_pop[0]);
  pc->fail_pop.clear();
}

void CodeGen::PatternRotate(int count) {
  while (count > 1) u().Emit(Opcode::kSwap, count--);
}

void CodeGen::PatternStoreName(const std::string& name, PatternContext* pc) {
  if (name.empty()) {
    u().Emit(Opcode::kPop);
    return;
  }
  if (std::find(pc->stores.begin(), pc->stores.end(), name) != pc->stores.end()) {
    return Fail(pattern_loc_,
                absl::StrFormat("multiple assignments to name '%s' in pattern", name));
  }
  // Rotate the value underneath what must stay on top and earlier captures.
  PatternRotate(pc->on_top + static_cast<int>(pc->stores.size()) + 1);
  pc->stores.push_back(name);
}

void CodeGen::Subpattern(const ast::Pattern& p, PatternContext* pc) {
  // A sub-pattern may be irrefutable wherever it is.
  bool allow = pc->allow_irrefutable;
  pc->allow_irrefutable = true;
  Pattern(p, pc);
  pc->allow_irrefutable = allow;
}

void CodeGen::Pattern(const ast::Pattern& p, PatternContext* pc) {
  if (failed()) return;
  SetPatternLoc(p.loc);
  Unit& unit = u();
  using K = ast::PatternKind;
  switch (p.kind) {
    case K::kValue:
      Expr(*p.value);
      unit.Emit(Opcode::kCompare, static_cast<int>(CompareOp::kEq));
      return JumpToFailPop(pc, Opcode::kPopJumpIfFalse);
    case K::kSingleton:
      Expr(*p.value);
      unit.Emit(Opcode::kCompare, static_cast<int>(CompareOp::kIs));
      return JumpToFailPop(pc, Opcode::kPopJumpIfFalse);
    case K::kSequence:
      return SequencePattern(p, pc);
    case K::kMapping:
      return MappingPattern(p, pc);
    case K::kClass:
      return ClassPattern(p, pc);
    case K::kStar:
      return PatternStoreName(p.name, pc);
    case K::kAs:
      if (p.pattern == nullptr) {
        if (!pc->allow_irrefutable) {
          if (!p.name.empty()) {
            return Fail(
                p.loc,
                absl::StrFormat("name capture '%s' makes remaining patterns unreachable", p.name));
          }
          return Fail(p.loc, "wildcard makes remaining patterns unreachable");
        }
        return PatternStoreName(p.name, pc);
      }
      // Need to keep the subject on top while the sub-pattern runs.
      ++pc->on_top;
      unit.Emit(Opcode::kCopy, 1);
      Pattern(*p.pattern, pc);
      --pc->on_top;
      return PatternStoreName(p.name, pc);
    case K::kOr:
      return OrPattern(p, pc);
  }
}

void CodeGen::SequencePattern(const ast::Pattern& p, PatternContext* pc) {
  Unit& unit = u();
  const auto& patterns = p.patterns;
  int size = static_cast<int>(patterns.size());
  int star = -1;
  bool only_wildcard = true, star_wildcard = false;
  for (int i = 0; i < size; ++i) {
    const ast::Pattern& sub = *patterns[i];
    if (sub.kind == ast::PatternKind::kStar) {
      if (star >= 0) return Fail(p.loc, "multiple starred names in sequence pattern");
      star_wildcard = IsStarWildcard(sub);
      only_wildcard &= star_wildcard;
      star = i;
      continue;
    }
    only_wildcard &= IsWildcard(sub);
  }
  // The subject stays on top for the sequence and length checks.
  ++pc->on_top;
  unit.Emit(Opcode::kMatchSequence);
  JumpToFailPop(pc, Opcode::kPopJumpIfFalse);
  if (star < 0) {
    unit.Emit(Opcode::kGetLen);
    LoadConst(static_cast<int64_t>(size));
    unit.Emit(Opcode::kCompare, static_cast<int>(CompareOp::kEq));
    JumpToFailPop(pc, Opcode::kPopJumpIfFalse);
  } else if (size > 1) {
    // A star: len(subject) >= the other items.
    unit.Emit(Opcode::kGetLen);
    LoadConst(static_cast<int64_t>(size - 1));
    unit.Emit(Opcode::kCompare, static_cast<int>(CompareOp::kGe));
    JumpToFailPop(pc, Opcode::kPopJumpIfFalse);
  }
  --pc->on_top;
  if (only_wildcard) {
    unit.Emit(Opcode::kPop);  // [], [_], [_, *_]...: nothing to extract
    return;
  }
  if (star_wildcard) {
    // Index the items instead of unpacking them all.
    ++pc->on_top;
    for (int i = 0; i < size; ++i) {
      const ast::Pattern& sub = *patterns[i];
      if (IsWildcard(sub) || i == star) continue;
      unit.Emit(Opcode::kCopy, 1);
      if (i < star) {
        LoadConst(static_cast<int64_t>(i));
      } else {
        // The subject may not take negative indices: len(subject) - k.
        unit.Emit(Opcode::kGetLen);
        LoadConst(static_cast<int64_t>(size - i));
        unit.Emit(Opcode::kBinary, static_cast<int>(BinaryOp::kSub));
      }
      unit.Emit(Opcode::kBinarySubscr);
      Subpattern(sub, pc);
      if (failed()) return;
    }
    --pc->on_top;
    unit.Emit(Opcode::kPop);
    return;
  }
  if (star < 0) {
    unit.Emit(Opcode::kUnpackSequence, size);
  } else {
    unit.Emit(Opcode::kUnpackEx, star | ((size - 1 - star) << 8));
  }
  pc->on_top += size;
  for (const ast::PatternPtr& sub : patterns) {
    --pc->on_top;
    Subpattern(*sub, pc);
    if (failed()) return;
  }
}

void CodeGen::MappingPattern(const ast::Pattern& p, PatternContext* pc) {
  Unit& unit = u();
  int size = static_cast<int>(p.keys.size());
  ++pc->on_top;
  unit.Emit(Opcode::kMatchMapping);
  JumpToFailPop(pc, Opcode::kPopJumpIfFalse);
  if (size == 0 && p.name.empty()) {
    --pc->on_top;
    unit.Emit(Opcode::kPop);  // `{}` matches any mapping
    return;
  }
  if (size > 0) {
    unit.Emit(Opcode::kGetLen);
    LoadConst(static_cast<int64_t>(size));
    unit.Emit(Opcode::kCompare, static_cast<int>(CompareOp::kGe));
    JumpToFailPop(pc, Opcode::kPopJumpIfFalse);
  }
  // Literal keys must differ (CPython compares their constant values).
  std::vector<Const> seen;
  for (const ast::ExprPtr& key : p.keys) {
    std::optional<Const> c = ConstValue(*key);
    if (c.has_value() && key->kind != ast::ExprKind::kAttribute) {
      bool dup = std::any_of(seen.begin(), seen.end(),
                             [&](const Const& s) { return ConstKeysEqual(s, *c); });
      if (dup) {
        return Fail(pattern_loc_,
                    absl::StrFormat("mapping pattern checks duplicate key (%s)", ConstRepr(*c)));
      }
      seen.push_back(*c);
    }
    Expr(*key);
  }
  unit.Emit(Opcode::kBuildTuple, size);
  unit.Emit(Opcode::kMatchKeys);
  // A tuple of keys and a tuple of values (or None) are on the subject now.
  pc->on_top += 2;
  unit.Emit(Opcode::kCopy, 1);
  LoadConst(ConstNone{});
  unit.Emit(Opcode::kCompare, static_cast<int>(CompareOp::kIsNot));
  JumpToFailPop(pc, Opcode::kPopJumpIfFalse);
  unit.Emit(Opcode::kUnpackSequence, size);
  pc->on_top += size - 1;
  for (const ast::PatternPtr& sub : p.patterns) {
    --pc->on_top;
    Subpattern(*sub, pc);
    if (failed()) return;
  }
  pc->on_top -= 2;
  if (p.name.empty()) {
    unit.Emit(Opcode::kPop);  // the keys
    unit.Emit(Opcode::kPop);  // the subject
    return;
  }
  // rest = dict(subject), then del rest[key] for each key.
  unit.Emit(Opcode::kBuildMap, 0);           // subject keys {}
  unit.Emit(Opcode::kSwap, 3);               // {} keys subject
  unit.Emit(Opcode::kDictUpdate, 2);         // rest keys
  unit.Emit(Opcode::kUnpackSequence, size);  // rest k_n ... k_1
  for (int left = size; left > 0; --left) {
    unit.Emit(Opcode::kCopy, 1 + left);  // rest k... rest
    unit.Emit(Opcode::kSwap, 2);         // rest k... rest k_1
    unit.Emit(Opcode::kDeleteSubscr);
  }
  PatternStoreName(p.name, pc);
}

void CodeGen::ClassPattern(const ast::Pattern& p, PatternContext* pc) {
  Unit& unit = u();
  int nargs = static_cast<int>(p.patterns.size());
  int nattrs = static_cast<int>(p.kwd_attrs.size());
  for (int i = 0; i < nattrs; ++i) {
    for (int j = i + 1; j < nattrs; ++j) {
      if (p.kwd_attrs[i] == p.kwd_attrs[j]) {
        SetPatternLoc(p.kwd_patterns[j]->loc);
        return Fail(pattern_loc_, absl::StrFormat("attribute name repeated in class pattern: %s",
                                                  p.kwd_attrs[i]));
      }
    }
  }
  Expr(*p.value);
  auto names = std::make_shared<ConstTuple>();
  for (const std::string& a : p.kwd_attrs) names->items.push_back(ConstStr{a});
  LoadConst(std::shared_ptr<const ConstTuple>(std::move(names)));
  unit.Emit(Opcode::kMatchClass, nargs);
  unit.Emit(Opcode::kCopy, 1);
  LoadConst(ConstNone{});
  unit.Emit(Opcode::kCompare, static_cast<int>(CompareOp::kIsNot));
  // A tuple of nargs + nattrs attributes (or None) is on top now.
  ++pc->on_top;
  JumpToFailPop(pc, Opcode::kPopJumpIfFalse);
  unit.Emit(Opcode::kUnpackSequence, nargs + nattrs);
  pc->on_top += nargs + nattrs - 1;
  for (int i = 0; i < nargs + nattrs; ++i) {
    --pc->on_top;
    const ast::Pattern& sub = i < nargs ? *p.patterns[i] : *p.kwd_patterns[i - nargs];
    if (IsWildcard(sub)) {
      unit.Emit(Opcode::kPop);
      continue;
    }
    Subpattern(sub, pc);
    if (failed()) return;
  }
}

void CodeGen::OrPattern(const ast::Pattern& p, PatternContext* pc) {
  Unit& unit = u();
  int end = unit.NewLabel();
  size_t size = p.patterns.size();
  PatternContext old = std::move(*pc);
  // The names the first alternative binds: every other one must bind the
  // same, and its captures are reordered to match.
  std::vector<std::string> control;
  for (size_t i = 0; i < size; ++i) {
    const ast::Pattern& alt = *p.patterns[i];
    SetPatternLoc(alt.loc);
    *pc = PatternContext{};
    pc->allow_irrefutable = i == size - 1 && old.allow_irrefutable;
    unit.Emit(Opcode::kCopy, 1);
    Pattern(alt, pc);
    if (failed()) return;
    std::vector<std::string>& stores = pc->stores;
    if (i == 0) {
      control = stores;
    } else if (stores.size() != control.size()) {
      return Fail(pattern_loc_, "alternative patterns bind different names");
    } else if (!stores.empty()) {
      for (size_t icontrol = control.size(); icontrol-- > 0;) {
        auto it = std::find(stores.begin(), stores.end(), control[icontrol]);
        if (it == stores.end())
          return Fail(pattern_loc_, "alternative patterns bind different names");
        size_t istores = static_cast<size_t>(it - stores.begin());
        if (icontrol != istores) {
          // Move stores[0..istores] to just before icontrol, on the stack too.
          size_t rotations = istores + 1;
          std::vector<std::string> rotated(stores.begin(), stores.begin() + rotations);
          stores.erase(stores.begin(), stores.begin() + rotations);
          stores.insert(stores.begin() + (icontrol - istores), rotated.begin(), rotated.end());
          while (rotations--) PatternRotate(static_cast<int>(icontrol) + 1);
        }
      }
    }
    unit.EmitJump(Opcode::kJump, end);
    EmitAndResetFailPop(pc);
  }
  *pc = std::move(old);
  // No alternative matched: pop the remaining copy of the subject and fail.
  unit.Emit(Opcode::kPop);
  JumpToFailPop(pc, Opcode::kJump);
  unit.Bind(end);
  // Between the new captures and where they go: the subject's copy, what
  // must stay on top, and earlier captures.
  int nrots =
      static_cast<int>(control.size()) + 1 + pc->on_top + static_cast<int>(pc->stores.size());
  for (const std::string& name : control) {
    PatternRotate(nrots);
    if (std::find(pc->stores.begin(), pc->stores.end(), name) != pc->stores.end()) {
      return Fail(pattern_loc_,
                  absl::StrFormat("multiple assignments to name '%s' in pattern", name));
    }
    pc->stores.push_back(name);
  }
  unit.Emit(Opcode::kPop);  // the subject's copy
}

}  // namespace tc::script
