#include "min_cut.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <utility>

#include "absl/strings/str_cat.h"

#include "tc/support/status.h"

#include "max_flow.h"

namespace tc::partition::internal {
namespace {

constexpr int64_t kFarAway = 1000000000;  // PyTorch's int(1e9)
constexpr int64_t kInfinite = FlowNetwork::kInfinite;

class Solver {
 public:
  Solver(const JointModel& m, const std::vector<int64_t>& dist, const BanRules& rules,
         const std::vector<bool>& dont_ban, const std::vector<bool>& static_primals)
      : m_(m), dist_(dist), rules_(rules), dont_ban_(dont_ban), static_primals_(static_primals) {
    const size_t n = m.items.size();
    banned_.assign(n, false);
    result_.capacity.assign(n, kInfinite);
    result_.ban_reason.assign(n, "");
    network_.num_vertices = static_cast<int>(2 + 2 * n);
    for (size_t i = 0; i < n; ++i) {
      if (m.fw_order[i] >= 0) item_at_order_.push_back(static_cast<int>(i));
    }
  }

  absl::StatusOr<CutResult> Run() {
    for (size_t i = 0; i < m_.items.size(); ++i) AddItemEdges(static_cast<int>(i));
    if (rules_.used_far_apart) BanUsedFarApart();
    if (rules_.long_fusible_chains) BanLongFusibleChains();
    TC_ASSIGN_OR_RETURN(MinCut cut, SolveMinCut(network_));
    for (int e : cut.cut_edges) {
      const FlowNetwork::Edge& edge = network_.edges[e];
      if (edge.from < 2 || edge.to != edge.from + 1 || edge.from % 2 != 0) {
        return absl::InternalError("partition: the minimum cut crosses an edge between two nodes");
      }
      result_.saved.push_back((edge.from - 2) / 2);
    }
    std::sort(result_.saved.begin(), result_.saved.end());
    result_.cut_value = cut.value;
    return std::move(result_);
  }

 private:
  static int In(int i) { return 2 + 2 * i; }
  static int Out(int i) { return 3 + 2 * i; }
  void Edge(int from, int to, int64_t capacity) { network_.edges.push_back({from, to, capacity}); }

  // PyTorch's ban_recomputation_if_allowed: views and exempted items stay
  // recomputable; a ban is an infinite edge from the source.
  bool Ban(int i, const char* reason) {
    if (m_.IsViewItem(i)) return false;
    if (!dont_ban_.empty() && dont_ban_[i]) return false;
    if (banned_[i]) return true;
    banned_[i] = true;
    result_.banned.push_back(i);
    result_.ban_reason[i] = reason;
    Edge(network_.source, In(i), kInfinite);
    return true;
  }

  // A value the backward must hold in memory anyway (a user outside the
  // forward that cannot fuse with it, through views) is not free to recompute.
  bool MaterializedInBackward(int i) const {
    if (m_.IsViewItem(i)) return false;
    std::vector<int> stack = {i};
    while (!stack.empty()) {
      const int cur = stack.back();
      stack.pop_back();
      if (m_.items[cur].output_user) return true;  // the output node fuses with nothing
      for (int user : m_.items[cur].users) {
        if (!m_.required_fw[user] && !m_.IsFusible(cur, user)) return true;
        if (m_.IsViewItem(user)) stack.push_back(user);
      }
    }
    return false;
  }

  // PyTorch's should_ban_recomputation; nullptr when recomputing is fine.
  const char* ShouldBan(int i) const {
    const Item& item = m_.items[i];
    if (!item.is_call() || item.kind == Item::Kind::kGetItem) return nullptr;
    if (rules_.not_in_allowlist) {
      if (!m_.IsRecomputableItem(i)) return "not in recomputable allowlist";
    } else {
      if (m_.IsRandomItem(i)) return "random op";
      if (m_.IsComputeIntensiveItem(i)) return "compute intensive op";
    }
    if (rules_.materialized_backward && MaterializedInBackward(i)) {
      return "materialized in backward";
    }
    if (rules_.reduction) {
      int64_t inputs = 0;
      for (int a : item.args) inputs += m_.items[a].size_bytes;
      if (item.size_bytes * 4 < inputs) return "reduction op";
    }
    return nullptr;
  }

  // Saving a value no fusion would write anyway costs an extra write.
  bool IsMaterialized(int i) const {
    const Item& item = m_.items[i];
    if (item.is_input() || item.output_user) return true;
    return !std::all_of(item.users.begin(), item.users.end(),
                        [&](int user) { return m_.IsFusible(i, user); });
  }

  // size x 1.1^clamp(dist_from_bw, 1, 100), doubled when not materialized.
  int64_t Weight(int i) const {
    const Item& item = m_.items[i];
    if (item.kind == Item::Kind::kTuple) return kInfinite;
    if (!static_primals_.empty() && static_primals_[i]) return 0;
    const int64_t exponent = std::max<int64_t>(std::min<int64_t>(dist_[i], 100), 1);
    const auto weight = static_cast<int64_t>(static_cast<double>(item.size_bytes) *
                                             std::pow(1.1, static_cast<double>(exponent)));
    return IsMaterialized(i) ? weight : weight * 2;
  }

  void AddItemEdges(int i) {
    const Item& item = m_.items[i];
    if (m_.required_bw[i]) {
      if (m_.tangent_closure[i]) {  // computed in the backward: nothing to decide
        Edge(In(i), network_.sink, kInfinite);
        return;
      }
      Edge(Out(i), network_.sink, kInfinite);  // a gradient the backward must return
    }
    if (item.kind == Item::Kind::kPrimal) Ban(i, "primal input");
    // tc bans every forward random op, needed by the forward or not: a
    // backward recomputation would draw different numbers (PyTorch
    // functionalizes the generator state instead).
    if (m_.IsRandomItem(i) && !m_.tangent_closure[i]) Ban(i, "random op");
    if (m_.required_fw[i]) {
      if (const char* reason = ShouldBan(i)) Ban(i, reason);
    }
    const int64_t weight = Weight(i);
    result_.capacity[i] = weight;
    Edge(In(i), Out(i), weight);
    for (int user : item.users) Edge(Out(i), In(user), kInfinite);
  }

  // The order of the first use of a value, walking fusible edges from
  // `starts` in forward order, that cannot fuse; `max_range` if none.
  int FirstUnfusible(const std::vector<int>& starts, int max_range) const {
    // (order, fusible): an unfusible entry pops before a fusible one of the
    // same node, as in PyTorch's heap of (order, node, fusible).
    using Entry = std::pair<int, bool>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    for (int s : starts) heap.push({m_.fw_order[s], true});
    std::vector<bool> expanded(item_at_order_.size(), false);
    while (!heap.empty()) {
      const auto [order, fusible] = heap.top();
      heap.pop();
      if (!fusible) return order;
      if (expanded[order]) continue;
      expanded[order] = true;
      const int node = item_at_order_[order];
      for (int user : m_.items[node].users) {
        if (!m_.required_fw[user] || m_.fw_order[user] > max_range) continue;
        heap.push({m_.fw_order[user], m_.IsFusible(node, user)});
      }
    }
    return max_range;
  }

  // A value used both nearby and far downstream: recomputing the far
  // users would not fuse with the near ones, so they are banned.
  void BanUsedFarApart() {
    for (int used : item_at_order_) {
      std::vector<int> fw_users;
      int max_order = -1;
      for (int user : m_.items[used].users) {
        if (!m_.required_fw[user]) continue;
        fw_users.push_back(user);
        max_order = std::max(max_order, m_.fw_order[user]);
      }
      if (fw_users.empty()) continue;
      const int first_unfusible = FirstUnfusible(fw_users, max_order);
      for (int user : fw_users) {
        if (m_.fw_order[user] > first_unfusible && m_.IsFusible(used, user) && !banned_[user]) {
          Ban(user, "used far apart");
        }
      }
    }
  }

  // Breaks fusible chains running more than 100 forward nodes (residual
  // paths would otherwise be recomputed from the start of the model).
  void BanLongFusibleChains() {
    std::vector<bool> visited(m_.items.size(), false);
    using Entry = std::pair<int, int>;  // (order, item)
    for (int start : item_at_order_) {
      std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
      const int start_order = m_.fw_order[start];
      heap.push({start_order, start});
      while (!heap.empty()) {
        const auto [order, cur] = heap.top();
        heap.pop();
        if (visited[cur]) continue;
        visited[cur] = true;
        if (order > start_order + 100 && heap.empty()) {
          Ban(cur, "long fusible chain");
          break;
        }
        for (int user : m_.items[cur].users) {
          if (m_.required_fw[user] && m_.IsFusible(cur, user) && !banned_[user]) {
            heap.push({m_.fw_order[user], user});
          }
        }
      }
    }
  }

  const JointModel& m_;
  const std::vector<int64_t>& dist_;
  const BanRules& rules_;
  const std::vector<bool>& dont_ban_;
  const std::vector<bool>& static_primals_;
  std::vector<int> item_at_order_;  // required_fw items by fw_order
  std::vector<bool> banned_;
  FlowNetwork network_;
  CutResult result_;
};

}  // namespace

std::vector<int64_t> DistancesFromBackward(const JointModel& m) {
  std::vector<int64_t> dist(m.items.size(), 0);
  for (size_t i = m.items.size(); i-- > 0;) {
    if (!m.required_fw[i]) continue;
    int64_t d = m.items[i].output_user ? kFarAway + 1 : kFarAway;
    for (int user : m.items[i].users) d = std::min(d, dist[user] + 1);
    dist[i] = d;
  }
  return dist;
}

absl::StatusOr<CutResult> SolveMinCutOnce(const JointModel& m, const std::vector<int64_t>& dist,
                                          const BanRules& rules, const std::vector<bool>& dont_ban,
                                          const std::vector<bool>& static_primals) {
  return Solver(m, dist, rules, dont_ban, static_primals).Run();
}

}  // namespace tc::partition::internal
