// MinCutRematerializationPartition: the public entry of the min-cut
// partitioner (checks, fallback, report), and Partition::SavedBytes.
#include <algorithm>

#include "absl/strings/str_cat.h"

#include "tc/partition/partition.h"
#include "tc/support/py_repr.h"
#include "tc/support/status.h"
#include "tc/tensor/dtype.h"

#include "default_saved.h"
#include "extract.h"
#include "joint_model.h"
#include "memory_budget.h"
#include "min_cut.h"

namespace tc::partition {
namespace {

absl::Status CheckOptions(const MinCutOptions& options, int num_primals) {
  const double budget = options.activation_memory_budget;
  if (!(budget >= 0 && budget <= 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("The valid ranges for memory budget are 0 <= m <= 1. The provided value is ",
                     support::PyFloatRepr(budget)));
  }
  for (int p : options.static_lifetime_primals) {
    if (p < 0 || p >= num_primals) {
      return absl::InvalidArgumentError(absl::StrCat("static_lifetime_primals lists primal ", p,
                                                     " of a joint graph with ", num_primals));
    }
  }
  return absl::OkStatus();
}

void FillReport(const internal::JointModel& m, const std::vector<int64_t>& dist,
                const internal::SavedChoice& choice, MinCutReport& report) {
  report = MinCutReport{.cut_value = choice.cut.cut_value, .nodes = {}, .chosen = choice.chosen};
  for (size_t i = 0; i < m.items.size(); ++i) {
    const internal::Item& item = m.items[i];
    if (item.original == nullptr) continue;  // a tuple
    NodeDecision d;
    d.value = item.original;
    d.dist_from_bw = dist[i];
    if (!choice.cut.capacity.empty()) {
      d.capacity = choice.cut.capacity[i];
      d.ban_reason = choice.cut.ban_reason[i];
    }
    report.nodes.push_back(std::move(d));
  }
}

}  // namespace

absl::StatusOr<Partition> MinCutRematerializationPartition(const JointGraph& joint,
                                                           const MinCutOptions& options,
                                                           MinCutReport* report) {
  TC_RETURN_IF_ERROR(CheckJointGraph(joint));
  TC_ASSIGN_OR_RETURN(internal::JointModel m, internal::BuildJointModel(joint, /*cse=*/true));
  TC_RETURN_IF_ERROR(CheckOptions(options, static_cast<int>(m.primals.size())));
  const std::vector<int64_t> dist = internal::DistancesFromBackward(m);
  if (std::find(m.required_bw.begin(), m.required_bw.end(), true) == m.required_bw.end()) {
    // Nothing needs the backward: PyTorch hands such graphs to default_partition.
    if (report != nullptr) {
      FillReport(m, dist, {.saved = {}, .cut = {}, .chosen = "default partition"}, *report);
    }
    return internal::ExtractGraphs(m, internal::DefaultSavedItems(m), /*reorder_backward=*/false);
  }
  TC_ASSIGN_OR_RETURN(internal::SavedChoice choice, internal::ChooseSavedValues(m, dist, options));
  if (report != nullptr) FillReport(m, dist, choice, *report);
  return internal::ExtractGraphs(m, choice.saved, /*reorder_backward=*/true);
}

int64_t Partition::SavedBytes() const {
  int64_t bytes = 0;
  for (const graph_ir::Value* v : saved) {
    bytes += v->meta().numel() * static_cast<int64_t>(tensor::ItemSize(v->meta().dtype));
  }
  return bytes;
}

}  // namespace tc::partition
