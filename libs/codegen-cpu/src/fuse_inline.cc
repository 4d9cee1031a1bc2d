// Vertical fusion: Pointwise producers substituted into their readers.
//
// A producer is a candidate when its buffer is an intermediate, read only
// by Pointwise/Reduction nodes at indices its store can be inverted for
// (store dims that are its own loop variables or constants), and its ranges
// are constant. Inductor's realization rules then keep some candidates
// materialized, counting how often the inlined copy would be evaluated
// (through readers that are themselves inlined) against how many elements
// the producer has:
// - an expensive producer (exp, log, tanh...) evaluated more often than it
//   has elements (read by two readers, or broadcast over a reduction or an
//   output dim) is stored once instead;
// - a cheap one evaluated more often is stored when it reads more than 4
//   buffers or has more than 30 ops once its own producers are inlined
//   (realize_reads_threshold, realize_opcount_threshold).
// Materializing one producer changes the others' counts, so the latest
// offender is materialized first and the counts recomputed.
// Row ops (row_op.h: softmax & co.) need their whole row, so an expression
// carries at most one, and a node carrying one is inlined only into its
// single reader when that is a Pointwise over the same ranges loading it
// once at its own store index (the row op's epilogue).
#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"

#include "schedule_internal.h"
#include "src/row_op.h"

namespace tc::codegen_cpu::internal {
namespace {

constexpr int kRealizeReadsThreshold = 4;
constexpr int64_t kRealizeOpcountThreshold = 30;

using VarMap = absl::flat_hash_map<std::string, Sym>;

// The producer's loop variables in terms of a reader's load index, or
// nullopt when the store cannot be inverted at that index.
std::optional<VarMap> InvertStore(const Pointwise& producer, std::span<const Sym> index) {
  VarMap map;
  for (size_t d = 0; d < producer.store.size(); ++d) {
    const Sym& s = producer.store[d];
    if (s.is_const()) {
      if (!(index[d] == s)) return std::nullopt;
      continue;
    }
    if (s.kind() != Sym::Kind::kVar || !map.emplace(s.name(), index[d]).second) return std::nullopt;
  }
  for (size_t j = 0; j < producer.ranges.size(); ++j) {
    std::string var = absl::StrCat("i", j);
    if (map.contains(var)) continue;
    // A loop variable the store does not mention must take one value.
    if (!(producer.ranges[j] == Sym::Const(1))) return std::nullopt;
    map.emplace(var, Sym::Const(0));
  }
  // Every key must be one of the producer's loop variables.
  for (const auto& [var, unused] : map) {
    bool own = false;
    for (size_t j = 0; j < producer.ranges.size(); ++j) own |= var == absl::StrCat("i", j);
    if (!own) return std::nullopt;
  }
  return map;
}

// `e` with its loop variables replaced: the producer's expression at the
// reader's index.
ExprPtr SubstituteVars(const ExprPtr& e, const VarMap& map) {
  if (const auto* load = std::get_if<Load>(&e->node)) {
    std::vector<Sym> index;
    for (const Sym& s : load->index) index.push_back(s.Substitute(map));
    return MakeLoad(load->buffer, std::move(index), e->dtype);
  }
  if (const auto* iv = std::get_if<IndexValue>(&e->node)) {
    return MakeIndexValue(iv->index.Substitute(map), e->dtype);
  }
  const auto* op = std::get_if<Op>(&e->node);
  if (op == nullptr) return e;
  std::vector<ExprPtr> args;
  for (const ExprPtr& a : op->args) args.push_back(SubstituteVars(a, map));
  return MakeOp(op->name, std::move(args), e->dtype, op->attrs);
}

// `index` with the loop variables of extent 1 replaced by 0 (a size-1
// dim is read at index 0).
std::vector<Sym> UnitVarsZero(const std::vector<Sym>& index, const std::vector<Sym>& ranges) {
  VarMap unit;
  for (size_t j = 0; j < ranges.size(); ++j) {
    if (ranges[j] == Sym::Const(1)) unit.emplace(absl::StrCat("i", j), Sym::Const(0));
  }
  std::vector<Sym> out;
  for (const Sym& s : index) out.push_back(s.Substitute(unit));
  return out;
}

class Inliner {
 public:
  explicit Inliner(Program& program) : p_(program), n_(program.nodes.size()) {
    writer_.assign(p_.buffers.size(), -1);
    for (size_t i = 0; i < n_; ++i) {
      writer_[p_.nodes[i].buffer] = static_cast<int>(i);
      if (const auto* x = std::get_if<Extern>(&p_.nodes[i].body)) {
        for (int b : x->outputs) writer_[b] = static_cast<int>(i);
      }
    }
  }

  void Run() {
    FindCandidates();
    while (true) {
      int offender = LatestOffender();
      if (offender < 0) break;
      inline_[offender] = false;
    }
    Substitute();
  }

 private:
  int Producer(int buffer) const {
    int w = writer_[buffer];
    return w >= 0 && inline_[w] ? w : -1;
  }

  void FindCandidates() {
    inline_.assign(n_, false);
    std::vector<bool> aliased(p_.buffers.size(), false);
    for (const Buffer& b : p_.buffers) {
      if (b.role == Buffer::Role::kAlias) aliased[b.alias_of] = true;
    }
    for (size_t i = 0; i < n_; ++i) {
      const Node& node = p_.nodes[i];
      const auto* pw = std::get_if<Pointwise>(&node.body);
      const Buffer& buf = p_.buffers[node.buffer];
      inline_[i] = pw != nullptr && buf.role == Buffer::Role::kIntermediate &&
                   !aliased[node.buffer] && pw->value->dtype == buf.dtype;
    }
    // Every reader must be a Pointwise/Reduction loading at an invertible index.
    for (const Node& node : p_.nodes) {
      const ExprPtr* value = NodeValue(node);
      if (value == nullptr) {
        for (int b : NodeReads(node)) {
          if (writer_[b] >= 0) inline_[writer_[b]] = false;
        }
        continue;
      }
      ForEachLoad(*value, [&](const Load& l) {
        int w = writer_[l.buffer];
        if (w < 0 || !inline_[w]) return;
        if (!InvertStore(std::get<Pointwise>(p_.nodes[w].body), l.index)) inline_[w] = false;
      });
    }
    while (RestrictRowInlining()) {
    }
  }

  // fn(i, value) for each node i with a value, in order.
  template <class F>
  void ForEachValue(F&& fn) const {
    for (size_t i = 0; i < n_; ++i) {
      if (const ExprPtr* value = NodeValue(p_.nodes[i])) fn(i, *value);
    }
  }

  // One pass of the row-op rule (see the top); true when it stopped
  // inlining a node, which changes what the others carry.
  bool RestrictRowInlining() {
    std::vector<int> carried(n_, 0), loads(n_, 0), reader(n_, -1);
    std::vector<std::vector<Sym>> index(n_);
    ForEachValue([&](size_t m, const ExprPtr& value) {
      carried[m] = CountRowOps(value);
      ForEachLoad(value, [&](const Load& l) {
        int q = Producer(l.buffer);
        if (q < 0) return;
        carried[m] += carried[q];
        ++loads[q];
        reader[q] = static_cast<int>(m);
        index[q] = l.index;
      });
    });
    bool changed = false;
    for (size_t q = 0; q < n_; ++q) {
      if (!inline_[q] || carried[q] == 0) continue;
      const auto& pw = std::get<Pointwise>(p_.nodes[q].body);
      const int m = reader[q];
      const auto* consumer = m < 0 ? nullptr : std::get_if<Pointwise>(&p_.nodes[m].body);
      const bool ok =
          carried[q] == 1 && loads[q] == 1 && consumer != nullptr && carried[m] == 1 &&
          SameSyms(consumer->ranges, pw.ranges) &&
          SameSyms(UnitVarsZero(index[q], pw.ranges), UnitVarsZero(pw.store, pw.ranges));
      if (!ok) {
        inline_[q] = false;
        changed = true;
      }
    }
    return changed;
  }

  // The last inlined node whose inlined copies would cost too much, or -1.
  int LatestOffender() const {
    // Forward: ops and distinct materialized reads with producers inlined.
    std::vector<int64_t> ops(n_, 0);
    std::vector<absl::flat_hash_set<int>> reads(n_);
    for (size_t i = 0; i < n_; ++i) {
      const ExprPtr* value = NodeValue(p_.nodes[i]);
      if (value == nullptr) continue;
      ops[i] = CountOps(*value);
      ForEachLoad(*value, [&](const Load& l) {
        int q = Producer(l.buffer);
        if (q < 0) {
          reads[i].insert(l.buffer);
          return;
        }
        ops[i] = std::min<int64_t>(ops[i] + ops[q], int64_t{1} << 40);
        reads[i].insert(reads[q].begin(), reads[q].end());
      });
    }
    // Backward: how many times an inlined node's expression is evaluated.
    std::vector<double> evals(n_, 0);
    for (size_t m = n_; m-- > 0;) {
      const ExprPtr* value = NodeValue(p_.nodes[m]);
      if (value == nullptr) continue;
      double per_use = inline_[m] ? evals[m] : Iterations(p_.nodes[m]);
      ForEachLoad(*value, [&](const Load& l) {
        int q = Producer(l.buffer);
        if (q >= 0) evals[q] += per_use;
      });
    }
    for (size_t q = n_; q-- > 0;) {
      if (!inline_[q]) continue;
      const auto& pw = std::get<Pointwise>(p_.nodes[q].body);
      if (evals[q] <= *ConstProduct(pw.ranges)) continue;
      if (HasExpensiveOp(pw.value) || static_cast<int>(reads[q].size()) > kRealizeReadsThreshold ||
          ops[q] > kRealizeOpcountThreshold) {
        return static_cast<int>(q);
      }
    }
    return -1;
  }

  static double Iterations(const Node& node) {
    double n = *ConstProduct(NodeRanges(node));
    if (const auto* r = std::get_if<Reduction>(&node.body)) n *= *ConstProduct(r->reduction_ranges);
    return n;
  }

  // Rewrites every node's loads of inlined producers, in dependency order
  // so a producer's expression is final before it is copied.
  void Substitute() {
    for (size_t i = 0; i < n_; ++i) {
      ExprPtr* value = MutableNodeValue(p_.nodes[i]);
      if (value == nullptr) continue;
      *value = RewriteLoads(*value, [&](const Load& l, const ExprPtr& e) {
        int q = Producer(l.buffer);
        if (q < 0) return e;
        const auto& pw = std::get<Pointwise>(p_.nodes[q].body);
        return SubstituteVars(pw.value, *InvertStore(pw, l.index));
      });
    }
  }

  Program& p_;
  size_t n_;
  std::vector<int> writer_;
  std::vector<bool> inline_;
};

}  // namespace

void InlinePointwise(Program& program) { Inliner(program).Run(); }

}  // namespace tc::codegen_cpu::internal
