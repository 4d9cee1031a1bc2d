#include "memory_budget.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"

#include "tc/support/status.h"

#include "knapsack.h"

namespace tc::partition::internal {
namespace {

using graph_ir::TensorMeta;

int64_t Product(const tensor::Shape& sizes, size_t from = 0) {
  int64_t p = 1;
  for (size_t i = from; i < sizes.size(); ++i) p *= sizes[i];
  return p;
}

// PyTorch's flop counter on one node (its default runtime estimate): the
// multiply-adds of matrix products, convolutions and attention, counted
// twice; every other op counts 1.
double EstimateRuntime(const Item& item) {
  if (item.kind != Item::Kind::kNode) return 1;
  const std::string& op = item.node->op().name;
  const std::vector<graph_ir::Value*> in = item.node->Inputs();
  const TensorMeta& out = item.value->meta();
  int64_t flops = 0;
  if ((op == "mm" || op == "bmm" || op == "matmul") && in.size() == 2 && in[0]->meta().dim() > 0) {
    flops = 2 * out.numel() * in[0]->meta().sizes.back();
  } else if (op == "addmm" && in.size() == 3) {
    flops = 2 * out.numel() * in[1]->meta().sizes.back();
  } else if (op == "linear" && in.size() >= 2 && in[0]->meta().dim() > 0) {
    flops = 2 * out.numel() * in[0]->meta().sizes.back();
  } else if (op == "convolution" && in.size() >= 2 && out.dim() > 2) {
    const auto& args = item.node->args();
    const auto* transposed = args.size() > 6 ? std::get_if<graph_ir::Constant>(&args[6]) : nullptr;
    const auto* flag = transposed ? std::get_if<tensor::Scalar>(transposed) : nullptr;
    const bool t = flag != nullptr && flag->to_double() != 0;
    const TensorMeta& x = in[0]->meta();
    flops = 2 * Product(t ? x.sizes : out.sizes, 2) * Product(in[1]->meta().sizes) * x.sizes[0];
  } else if (op == "scaled_dot_product_attention" && in.size() >= 3 && out.dim() >= 2) {
    const TensorMeta& k = in[1]->meta();
    const int64_t sk = k.sizes[k.dim() - 2];
    const int64_t d = k.sizes.back();
    const int64_t rows = out.numel() / out.sizes.back();  // batch x heads x query length
    flops = 2 * rows * d * sk + 2 * rows * sk * out.sizes.back();
  }
  return static_cast<double>(std::max<int64_t>(flops, 1));
}

// True when `i` is a primal or a view of one (storage of a graph input,
// which saving costs nothing extra).
bool SharesInputStorage(const JointModel& m, int i) {
  while (m.items[i].kind == Item::Kind::kNode &&
         m.items[i].node->op().category == graph_ir::OpCategory::kView) {
    const int base = m.items[i].inputs[0];
    // reshape copies unless its input is contiguous.
    if (m.items[i].node->op().name == "reshape") {
      const TensorMeta& b = m.items[base].value->meta();
      if (b.strides != TensorMeta::Contiguous(b.dtype, b.sizes).strides) return false;
    }
    i = base;
  }
  return m.items[i].kind == Item::Kind::kPrimal;
}

int64_t TotalBytes(const JointModel& m, const std::vector<int>& items) {
  int64_t bytes = 0;
  for (int i : items) bytes += m.items[i].size_bytes;
  return bytes;
}

// The knapsack over the aggressive cut's banned values: which to exempt
// from bans (recompute) so the saved bytes fit the budget; nothing when no
// banned value may be recomputed.
std::optional<std::vector<bool>> RecomputeWithinBudget(const JointModel& m,
                                                       const std::vector<int64_t>& dist,
                                                       const std::vector<int>& banned,
                                                       double budget, double span_gb) {
  constexpr int64_t kFarAway = 1000000000;
  std::vector<int> candidates;
  for (int i : banned) {
    // A draw is never recomputed in tc (see min_cut.cc).
    if (dist[i] < kFarAway && !SharesInputStorage(m, i) && !m.IsRandomItem(i)) {
      candidates.push_back(i);
    }
  }
  if (candidates.empty()) return std::nullopt;
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](int a, int b) { return m.items[a].size_bytes > m.items[b].size_bytes; });
  std::vector<double> memory;
  std::vector<double> runtime;
  for (int i : candidates) {
    memory.push_back((static_cast<double>(m.items[i].size_bytes) / 1e9) / span_gb);
    runtime.push_back(EstimateRuntime(m.items[i]));
  }
  std::vector<bool> dont_ban(m.items.size(), false);
  for (int k : DpKnapsack(memory, runtime, std::max(budget, 0.0)).recomputed) {
    dont_ban[candidates[k]] = true;
  }
  return dont_ban;
}

}  // namespace

absl::StatusOr<SavedChoice> ChooseSavedValues(const JointModel& m, const std::vector<int64_t>& dist,
                                              const MinCutOptions& options) {
  const double budget = options.activation_memory_budget;
  std::vector<bool> static_primals;
  if (!options.static_lifetime_primals.empty()) {
    static_primals.assign(m.items.size(), false);
    for (int p : options.static_lifetime_primals) static_primals[m.primals[p]] = true;
  }
  if (budget == 0) {
    // tc cannot replay a draw (PyTorch functionalizes the generator), so
    // the forward's random values are saved too; extraction drops those
    // (and the primals) the backward does not read.
    std::vector<int> saved = m.primals;
    for (size_t i = 0; i < m.items.size(); ++i) {
      if (m.IsRandomItem(static_cast<int>(i)) && !m.tangent_closure[i]) {
        saved.push_back(static_cast<int>(i));
      }
    }
    return SavedChoice{.saved = std::move(saved), .cut = {}, .chosen = "inputs only"};
  }
  BanRules rules;
  auto solve = [&](const BanRules& r, const std::vector<bool>& dont_ban,
                   const char* name) -> absl::StatusOr<SavedChoice> {
    TC_ASSIGN_OR_RETURN(CutResult cut, SolveMinCutOnce(m, dist, r, dont_ban, static_primals));
    std::vector<int> saved = cut.saved;
    return SavedChoice{.saved = std::move(saved), .cut = std::move(cut), .chosen = name};
  };
  TC_ASSIGN_OR_RETURN(SavedChoice runtime_optimized, solve(rules, {}, "runtime-optimized"));
  if (budget == 1) return runtime_optimized;
  // Sizes in GB as PyTorch computes them, so ratios compare the same way.
  const double min_gb = static_cast<double>(TotalBytes(m, m.primals)) / 1e9;
  const double max_gb = static_cast<double>(TotalBytes(m, runtime_optimized.saved)) / 1e9;
  if (max_gb <= min_gb) return runtime_optimized;
  auto ratio = [&](const SavedChoice& c) {
    return (static_cast<double>(TotalBytes(m, c.saved)) / 1e9 - min_gb) / (max_gb - min_gb);
  };
  rules.used_far_apart = rules.long_fusible_chains = rules.materialized_backward = false;
  TC_ASSIGN_OR_RETURN(SavedChoice more, solve(rules, {}, "more aggressive"));
  if (ratio(more) < budget) return more;
  rules.not_in_allowlist = false;
  TC_ASSIGN_OR_RETURN(SavedChoice aggressive, solve(rules, {}, "aggressive"));
  if (ratio(aggressive) < budget) return aggressive;
  const std::optional<std::vector<bool>> dont_ban =
      RecomputeWithinBudget(m, dist, aggressive.cut.banned, budget, max_gb - min_gb);
  if (!dont_ban) return aggressive;
  return solve(rules, *dont_ban, "knapsack");
}

}  // namespace tc::partition::internal
