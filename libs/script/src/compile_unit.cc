#include "src/compile_unit.h"

#include <algorithm>
#include <cstring>

namespace tc::script {

Unit::Unit(Scope* scope, std::shared_ptr<Code> code) : scope_(scope), code_(std::move(code)) {}

int Unit::NewLabel() {
  label_pos_.push_back(-1);
  return static_cast<int>(label_pos_.size()) - 1;
}

void Unit::Bind(int label) { label_pos_[label] = static_cast<int>(code_->instructions.size()); }

void Unit::Emit(Opcode op, int arg) {
  code_->instructions.push_back({op, arg});
  code_->locations.push_back(loc);
  handler_of_.push_back(handler_stack_.empty() ? -1 : handler_stack_.back());
}

bool Unit::LastIsTerminal() const {
  if (code_->instructions.empty()) return false;
  return (OpcodeFlagsOf(code_->instructions.back().op) & kNoFallThrough) != 0;
}

bool Unit::HasLabelAtEnd() const {
  int end = static_cast<int>(code_->instructions.size());
  for (int pos : label_pos_) {
    if (pos == end) return true;
  }
  return false;
}

namespace {
bool SameConst(const Const& a, const Const& b) {
  if (a.index() != b.index()) return false;
  if (const auto* d = std::get_if<double>(&a)) {
    double e = std::get<double>(b);
    return std::memcmp(d, &e, sizeof(double)) == 0;
  }
  if (const auto* t = std::get_if<std::shared_ptr<const ConstTuple>>(&a)) {
    const auto& u = std::get<std::shared_ptr<const ConstTuple>>(b);
    if ((*t)->items.size() != u->items.size()) return false;
    for (size_t i = 0; i < u->items.size(); ++i) {
      if (!SameConst((*t)->items[i], u->items[i])) return false;
    }
    return true;
  }
  if (std::holds_alternative<std::shared_ptr<const Code>>(a)) return false;  // never shared
  return a == b;
}
}  // namespace

int Unit::AddConst(Const c) {
  std::vector<Const>& consts = code_->consts;
  for (size_t i = 0; i < consts.size(); ++i) {
    if (SameConst(consts[i], c)) return static_cast<int>(i);
  }
  consts.push_back(std::move(c));
  return static_cast<int>(consts.size()) - 1;
}

int Unit::AddName(const std::string& name) {
  auto [it, inserted] = names_.try_emplace(name, static_cast<int>(code_->names.size()));
  if (inserted) code_->names.push_back(name);
  return it->second;
}

int Unit::VarIndex(const std::string& name) {
  auto [it, inserted] = vars_.try_emplace(name, static_cast<int>(code_->varnames.size()));
  if (inserted) code_->varnames.push_back(name);
  return it->second;
}

int Unit::CellIndex(const std::string& name) const {
  const Code& c = *code_;
  for (size_t i = 0; i < c.cellvars.size(); ++i) {
    if (c.cellvars[i] == name) return static_cast<int>(i);
  }
  for (size_t i = 0; i < c.freevars.size(); ++i) {
    if (c.freevars[i] == name) return static_cast<int>(c.cellvars.size() + i);
  }
  return -1;
}

void Unit::PushHandler(int label, int depth) {
  handler_defs_.push_back({label, depth});
  handler_stack_.push_back(static_cast<int>(handler_defs_.size()) - 1);
}

void Unit::PopHandler() { handler_stack_.pop_back(); }

void Unit::Finish() {
  Code& c = *code_;
  int n = static_cast<int>(c.instructions.size());
  for (Instruction& ins : c.instructions) {
    if (OpcodeHasJump(ins.op)) ins.arg = label_pos_[ins.arg];
  }
  // Consecutive instructions under the same handler form one entry.
  for (int i = 0; i < n;) {
    int h = handler_of_[i];
    int j = i + 1;
    while (j < n && handler_of_[j] == h) ++j;
    if (h >= 0) {
      c.exception_table.push_back(
          {i, j, label_pos_[handler_defs_[h].label], handler_defs_[h].depth});
    }
    i = j;
  }
  // max_stack: depths along every edge, handlers entered with the exception.
  std::vector<int> depth(n, -1);
  std::vector<int> work;
  // A depth past any real program's means inconsistent code (a compiler
  // bug); stop rather than follow a loop that grows the stack forever.
  constexpr int kDepthLimit = 1 << 20;
  auto visit = [&](int i, int d) {
    if (i < 0 || i >= n || d < 0 || d > kDepthLimit) return;
    if (depth[i] >= d) return;
    depth[i] = d;
    work.push_back(i);
  };
  visit(0, 0);
  for (const ExceptionEntry& e : c.exception_table) visit(e.handler, e.depth + 1);
  int max_depth = 0;
  while (!work.empty()) {
    int i = work.back();
    work.pop_back();
    int d = depth[i];
    max_depth = std::max(max_depth, d);
    const Instruction& ins = c.instructions[i];
    if (OpcodeHasJump(ins.op)) {
      int after = d + OpcodeStackEffect(ins.op, ins.arg, true);
      max_depth = std::max(max_depth, after);
      visit(ins.arg, after);
    }
    if (OpcodeFlagsOf(ins.op) & kNoFallThrough) continue;
    int after = d + OpcodeStackEffect(ins.op, ins.arg, false);
    max_depth = std::max(max_depth, after);
    visit(i + 1, after);
  }
  c.max_stack = max_depth;
}

}  // namespace tc::script
