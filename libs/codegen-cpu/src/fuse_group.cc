// Grouping nodes into Kernels.
//
// Nodes are placed in dependency order. A node joins the kernel that wrote
// the last of its inputs when the kernel's outer loop fits it (vertical:
// a row kernel), or else a recent independent kernel it shares an input
// with (horizontal), or starts a kernel of its own. An Extern starts its
// own kernel right after the last one it depends on (and after the last
// Extern), not necessarily at the end. Kernel kinds:
// - pointwise kernels: outer = the ranges every member has;
// - row kernels: outer = the ranges of a member Reduction, a prefix of
//   every member's ranges (a reduction joining a pointwise kernel whose
//   ranges it prefixes turns it into one).
// Inside a kernel, a member may read a buffer another member wrote only
// where that element was written in the same outer iteration (RowSafe),
// since the outer loop is split across threads. Externs run alone, and so
// does a node carrying a row op (row_op.h: emit_row.cc writes its kernel).
// Afterwards reads of a member Reduction whose ranges are the outer ranges,
// at its store index, become ReductionResult, and such a reduction nobody
// else reads is no longer written.
#include <algorithm>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"

#include "schedule_internal.h"
#include "src/row_op.h"

namespace tc::codegen_cpu::internal {
namespace {

// How far back an independent node looks for a kernel to join (Inductor's
// C++ backend caps horizontal fusion at 16). How many nodes one kernel
// takes is GroupKernels' max_members (Inductor's max_fusion_size, 64).
constexpr size_t kHorizontalWindow = 16;

// Whether a member loading `index` from the buffer another member stores
// at `store` only reads elements written in the same iteration of the first
// `k` outer loop variables: each outer variable i<j> is one store dim
// exactly, read at that same variable, and no other dim of the store or
// the load mentions an outer variable.
bool RowSafe(std::span<const Sym> store, std::span<const Sym> index, size_t k) {
  std::vector<bool> outer_dim(store.size(), false);
  for (size_t j = 0; j < k; ++j) {
    const std::string var = absl::StrCat("i", j);
    int found = -1;
    for (size_t d = 0; d < store.size(); ++d) {
      if (!store[d].Mentions(var)) continue;
      if (found >= 0 || store[d].kind() != Sym::Kind::kVar || !(index[d] == store[d])) return false;
      found = static_cast<int>(d);
    }
    if (found < 0) return false;
    outer_dim[found] = true;
  }
  for (size_t d = 0; d < store.size(); ++d) {
    if (outer_dim[d]) continue;
    for (size_t j = 0; j < k; ++j) {
      const std::string var = absl::StrCat("i", j);
      if (store[d].Mentions(var) || index[d].Mentions(var)) return false;
    }
  }
  return true;
}

struct Group {
  std::vector<Sym> outer;
  std::vector<int> nodes;
  bool is_extern = false;
  bool row = false;   // outer = a member reduction's ranges
  bool solo = false;  // a row op's node: nothing joins it
};

bool CarriesRowOp(const Node& node) {
  const ExprPtr* value = NodeValue(node);
  return value != nullptr && CountRowOps(*value) > 0;
}

class Grouper {
 public:
  Grouper(Program& program, size_t max_members) : p_(program), max_members_(max_members) {
    writer_.assign(p_.buffers.size(), -1);
    kernel_of_.assign(p_.nodes.size(), -1);
  }

  void Run() {
    for (size_t n = 0; n < p_.nodes.size(); ++n) Place(static_cast<int>(n));
    p_.kernels.clear();
    for (Group& g : groups_) {
      Kernel k;
      k.name = absl::StrCat("kernel", p_.kernels.size());
      k.outer = std::move(g.outer);
      k.nodes = std::move(g.nodes);
      p_.kernels.push_back(std::move(k));
    }
  }

 private:
  void Place(int n) {
    const Node& node = p_.nodes[n];
    std::vector<int> reads = NodeReadsWithBases(p_, node);
    int dep = -1;
    for (int b : reads) {
      if (writer_[b] >= 0) dep = std::max(dep, kernel_of_[writer_[b]]);
    }
    int target = -1;
    const bool solo = CarriesRowOp(node);
    if (!std::holds_alternative<Extern>(node.body) && !solo) {
      if (dep >= 0 && TryJoin(dep, n)) target = dep;
      for (int g = static_cast<int>(groups_.size()) - 1;
           target < 0 && g > dep && groups_.size() - g <= kHorizontalWindow; --g) {
        if (SharesInput(g, reads) && TryJoin(g, n)) target = g;
      }
    }
    if (target < 0) {
      Group g;
      g.is_extern = std::holds_alternative<Extern>(node.body);
      g.outer = NodeRanges(node);
      g.row = std::holds_alternative<Reduction>(node.body);
      g.solo = solo;
      g.nodes = {n};
      target = static_cast<int>(groups_.size());
      if (g.is_extern) {
        // An Extern runs as early as its inputs allow, so the nodes around
        // it can still fuse (layer_norm's mean and output around a var
        // Extern, as Inductor fuses across an extern node nothing ties
        // them to); Externs keep their order (random ops draw in turn).
        target = std::max(dep, last_extern_) + 1;
        for (int& k : kernel_of_) {
          if (k >= target) ++k;
        }
        last_extern_ = target;
      }
      groups_.insert(groups_.begin() + target, std::move(g));
    }
    kernel_of_[n] = target;
    writer_[node.buffer] = n;
    if (const auto* x = std::get_if<Extern>(&node.body)) {
      for (int b : x->outputs) writer_[b] = n;
    }
  }

  bool SharesInput(int g, const std::vector<int>& reads) const {
    absl::flat_hash_set<int> mine(reads.begin(), reads.end());
    for (int m : groups_[g].nodes) {
      for (int b : NodeReads(p_.nodes[m])) {
        if (mine.contains(b)) return true;
      }
    }
    return false;
  }

  // Adds node n to group g when its loops and reads allow it.
  bool TryJoin(int g, int n) {
    Group& group = groups_[g];
    const Node& node = p_.nodes[n];
    const std::vector<Sym>& ranges = NodeRanges(node);
    if (group.is_extern || group.solo || group.nodes.size() >= max_members_) return false;
    std::vector<Sym> outer = group.outer;
    bool row = group.row;
    if (group.row) {
      // A full reduction's kernel has no outer loop to split: a consumer
      // over a non-empty space runs as its own (parallel) kernel instead.
      if (!IsPrefix(outer, ranges) || (outer.empty() && !ranges.empty())) return false;
    } else if (std::holds_alternative<Reduction>(node.body)) {
      // A reduction over a prefix of a pointwise kernel's ranges makes it a
      // row kernel; never an empty outer loop (nothing left to split).
      if (ranges.empty() || !IsPrefix(ranges, outer)) return false;
      outer = ranges;
      row = true;
    } else if (!SameSyms(outer, ranges)) {
      return false;
    }
    std::vector<int> members = group.nodes;
    members.push_back(n);
    if (!MembersRowSafe(members, outer.size())) return false;
    group.outer = std::move(outer);
    group.row = row;
    group.nodes = std::move(members);
    return true;
  }

  // Every read of one member's buffer by a later member is RowSafe.
  bool MembersRowSafe(const std::vector<int>& members, size_t k) const {
    absl::flat_hash_set<int> written;
    for (int m : members) {
      const ExprPtr* value = NodeValue(p_.nodes[m]);
      bool ok = true;
      ForEachLoad(*value, [&](const Load& l) {
        // A view of a member's buffer: its index is not the store's.
        if (AliasBase(p_, l.buffer) != l.buffer && written.contains(AliasBase(p_, l.buffer))) {
          ok = false;
        }
        if (!ok || !written.contains(l.buffer)) return;
        ok = RowSafe(NodeStore(p_.nodes[writer_[l.buffer]]), l.index, k);
      });
      if (!ok) return false;
      written.insert(p_.nodes[m].buffer);
    }
    return true;
  }

  Program& p_;
  size_t max_members_;
  std::vector<int> writer_;     // buffer -> node that writes it (placed so far)
  std::vector<int> kernel_of_;  // node -> group
  std::vector<Group> groups_;
  int last_extern_ = -1;  // the group of the last Extern placed
};

using VarMap = absl::flat_hash_map<std::string, Sym>;

// The node's loop variables of extent 1 mapped to 0: a [4, 1] pointwise
// node reading a keepdim reduction at [i0, i1] reads its [i0, 0].
VarMap UnitVarsToZero(const Node& node) {
  VarMap map;
  auto add = [&](const std::vector<Sym>& ranges, char prefix) {
    for (size_t d = 0; d < ranges.size(); ++d) {
      if (ranges[d] == Sym::Const(1)) map[absl::StrCat(std::string(1, prefix), d)] = Sym::Const(0);
    }
  };
  add(NodeRanges(node), 'i');
  if (const auto* r = std::get_if<Reduction>(&node.body)) add(r->reduction_ranges, 'r');
  return map;
}

// Reads of row reductions inside their kernel become ReductionResult.
void UseReductionResults(Program& p) {
  for (const Kernel& k : p.kernels) {
    for (size_t a = 0; a < k.nodes.size(); ++a) {
      const Node& red_node = p.nodes[k.nodes[a]];
      const auto* red = std::get_if<Reduction>(&red_node.body);
      if (red == nullptr || !SameSyms(red->ranges, k.outer)) continue;
      const int buffer = red_node.buffer;
      const DType dtype = p.buffers[buffer].dtype;
      for (size_t b = a + 1; b < k.nodes.size(); ++b) {
        Node& reader = p.nodes[k.nodes[b]];
        const VarMap unit = UnitVarsToZero(reader);
        ExprPtr* value = MutableNodeValue(reader);
        *value = RewriteLoads(*value, [&](const Load& l, const ExprPtr& e) {
          if (l.buffer != buffer) return e;
          for (size_t d = 0; d < l.index.size(); ++d) {
            if (!(l.index[d].Substitute(unit) == red->store[d])) return e;
          }
          return MakeReductionResult(k.nodes[a], dtype);
        });
      }
    }
  }
  // A fused reduction's buffer is written only when still read or returned.
  std::vector<bool> read(p.buffers.size(), false);
  for (const Node& node : p.nodes) {
    for (int b : NodeReads(node)) read[b] = true;
  }
  for (int b : p.graph_outputs) read[b] = true;
  for (const Buffer& b : p.buffers) {
    if (b.role == Buffer::Role::kAlias) read[b.alias_of] = true;
  }
  for (Node& node : p.nodes) {
    node.written = !std::holds_alternative<Reduction>(node.body) || read[node.buffer] ||
                   p.buffers[node.buffer].role != Buffer::Role::kIntermediate;
  }
}

}  // namespace

void GroupKernels(Program& program, size_t max_members) {
  Grouper(program, max_members).Run();
  UseReductionResults(program);
}

}  // namespace tc::codegen_cpu::internal
