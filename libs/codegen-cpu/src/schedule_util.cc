// Helpers the scheduler's passes share: expression walks and rewrites,
// node accessors, the well-formedness check.
#include <string>
#include <utility>

#include "absl/container/flat_hash_set.h"

#include "schedule_internal.h"

namespace tc::codegen_cpu::internal {

void ForEachLoad(const ExprPtr& e, const std::function<void(const Load&)>& f) {
  if (const auto* load = std::get_if<Load>(&e->node)) {
    f(*load);
  } else if (const auto* op = std::get_if<Op>(&e->node)) {
    for (const ExprPtr& a : op->args) ForEachLoad(a, f);
  }
}

ExprPtr RewriteLoads(const ExprPtr& e, const LoadRewriter& f) {
  if (const auto* load = std::get_if<Load>(&e->node)) return f(*load, e);
  const auto* op = std::get_if<Op>(&e->node);
  if (op == nullptr) return e;
  std::vector<ExprPtr> args;
  bool changed = false;
  for (const ExprPtr& a : op->args) {
    args.push_back(RewriteLoads(a, f));
    changed |= args.back() != a;
  }
  if (!changed) return e;
  return MakeOp(op->name, std::move(args), e->dtype, op->attrs);
}

int64_t CountOps(const ExprPtr& e) {
  const auto* op = std::get_if<Op>(&e->node);
  if (op == nullptr) return 0;
  int64_t n = 1;
  for (const ExprPtr& a : op->args) n += CountOps(a);
  return n;
}

bool HasExpensiveOp(const ExprPtr& e) {
  // Inductor's CPU list (exp, log, tanh, sigmoid...) plus the other
  // transcendentals graph-ir has: each costs tens of instructions per
  // element, far more than a load from cache. sqrt and rsqrt (a square root
  // and a division, long-latency and unpipelined) too: batch_norm's
  // per-channel 1 / sqrt(var + eps) is stored once, not redone per element.
  static const absl::flat_hash_set<std::string> kExpensive = {
      "exp",   "exp2",   "expm1",   "log",   "log2",     "log10", "log1p", "tanh", "sigmoid",
      "erf",   "erfc",   "erfinv",  "sin",   "cos",      "tan",   "asin",  "acos", "atan",
      "sinh",  "cosh",   "asinh",   "acosh", "atanh",    "atan2", "pow",   "gelu", "silu",
      "logit", "lgamma", "digamma", "hypot", "softplus", "mish",  "sqrt",  "rsqrt"};
  const auto* op = std::get_if<Op>(&e->node);
  if (op == nullptr) return false;
  if (kExpensive.contains(op->name)) return true;
  for (const ExprPtr& a : op->args) {
    if (HasExpensiveOp(a)) return true;
  }
  return false;
}

const ExprPtr* NodeValue(const Node& node) {
  if (const auto* p = std::get_if<Pointwise>(&node.body)) return &p->value;
  if (const auto* r = std::get_if<Reduction>(&node.body)) return &r->value;
  return nullptr;
}

ExprPtr* MutableNodeValue(Node& node) {
  if (auto* p = std::get_if<Pointwise>(&node.body)) return &p->value;
  if (auto* r = std::get_if<Reduction>(&node.body)) return &r->value;
  return nullptr;
}

const std::vector<Sym>& NodeRanges(const Node& node) {
  static const std::vector<Sym> kNone;
  if (const auto* p = std::get_if<Pointwise>(&node.body)) return p->ranges;
  if (const auto* r = std::get_if<Reduction>(&node.body)) return r->ranges;
  return kNone;
}

const std::vector<Sym>& NodeStore(const Node& node) {
  static const std::vector<Sym> kNone;
  if (const auto* p = std::get_if<Pointwise>(&node.body)) return p->store;
  if (const auto* r = std::get_if<Reduction>(&node.body)) return r->store;
  return kNone;
}

std::vector<int> NodeReads(const Node& node) {
  std::vector<int> reads;
  if (const ExprPtr* value = NodeValue(node)) {
    ForEachLoad(*value, [&](const Load& l) { reads.push_back(l.buffer); });
    return reads;
  }
  for (const Extern::Arg& a : std::get<Extern>(node.body).args) {
    if (const int* b = std::get_if<int>(&a)) reads.push_back(*b);
    if (const auto* list = std::get_if<std::vector<int>>(&a)) {
      reads.insert(reads.end(), list->begin(), list->end());
    }
  }
  return reads;
}

int AliasBase(const Program& program, int buffer) {
  // WellFormed checked every alias_of; the bound stops a cycle.
  for (size_t steps = 0; steps <= program.buffers.size(); ++steps) {
    const Buffer& b = program.buffers[buffer];
    if (b.role != Buffer::Role::kAlias) break;
    buffer = b.alias_of;
  }
  return buffer;
}

std::vector<int> NodeReadsWithBases(const Program& program, const Node& node) {
  std::vector<int> reads = NodeReads(node);
  const size_t direct = reads.size();
  for (size_t i = 0; i < direct; ++i) {
    int base = AliasBase(program, reads[i]);
    if (base != reads[i]) reads.push_back(base);
  }
  return reads;
}

std::optional<double> ConstProduct(std::span<const Sym> sizes) {
  double product = 1;
  for (const Sym& s : sizes) {
    if (!s.is_const()) return std::nullopt;
    product *= static_cast<double>(s.value());
  }
  return product;
}

bool SameSyms(std::span<const Sym> a, std::span<const Sym> b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!(a[i] == b[i])) return false;
  }
  return true;
}

bool IsPrefix(std::span<const Sym> a, std::span<const Sym> b) {
  return a.size() <= b.size() && SameSyms(a, b.subspan(0, a.size()));
}

namespace {

bool ValidBuffer(const Program& p, int b) {
  return b >= 0 && static_cast<size_t>(b) < p.buffers.size();
}

// Every load names a buffer and indexes each of its dims.
bool LoadsValid(const Program& p, const ExprPtr& e) {
  bool ok = true;
  ForEachLoad(e, [&](const Load& l) {
    ok = ok && ValidBuffer(p, l.buffer) && l.index.size() == p.buffers[l.buffer].sizes.size();
  });
  return ok;
}

bool HasReductionResult(const ExprPtr& e) {
  if (std::holds_alternative<ReductionResult>(e->node)) return true;
  const auto* op = std::get_if<Op>(&e->node);
  if (op == nullptr) return false;
  for (const ExprPtr& a : op->args) {
    if (HasReductionResult(a)) return true;
  }
  return false;
}

}  // namespace

bool AlreadyFused(const Program& program) {
  for (const Node& node : program.nodes) {
    if (!node.written) return true;
    const ExprPtr* value = NodeValue(node);
    if (value != nullptr && *value != nullptr && HasReductionResult(*value)) return true;
  }
  return false;
}

bool WellFormed(const Program& program) {
  for (const Buffer& b : program.buffers) {
    if (b.sizes.size() != b.strides.size()) return false;
    if (b.role == Buffer::Role::kAlias && !ValidBuffer(program, b.alias_of)) return false;
  }
  for (int b : program.graph_outputs) {
    if (!ValidBuffer(program, b)) return false;
  }
  for (const Node& node : program.nodes) {
    if (!ValidBuffer(program, node.buffer)) return false;
    for (int b : NodeReads(node)) {
      if (!ValidBuffer(program, b)) return false;
    }
    if (const auto* x = std::get_if<Extern>(&node.body)) {
      for (int b : x->outputs) {
        if (!ValidBuffer(program, b)) return false;
      }
      continue;
    }
    const ExprPtr* value = NodeValue(node);
    if (*value == nullptr || !LoadsValid(program, *value)) return false;
    if (NodeStore(node).size() != program.buffers[node.buffer].sizes.size()) return false;
    if (!ConstProduct(NodeRanges(node)).has_value()) return false;
    if (const auto* r = std::get_if<Reduction>(&node.body)) {
      if (!ConstProduct(r->reduction_ranges).has_value()) return false;
    }
  }
  return true;
}

}  // namespace tc::codegen_cpu::internal
