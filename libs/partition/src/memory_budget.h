// Choosing the saved values under activation_memory_budget (PyTorch's
// choose_saved_values_set).
#ifndef TC_PARTITION_SRC_MEMORY_BUDGET_H_
#define TC_PARTITION_SRC_MEMORY_BUDGET_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/partition/partition.h"

#include "joint_model.h"
#include "min_cut.h"

namespace tc::partition::internal {

struct SavedChoice {
  std::vector<int> saved;  // items, joint order
  CutResult cut;           // the solve that chose them (empty for "inputs only")
  std::string chosen;      // MinCutReport::chosen
};

// Budget 1: the runtime-optimized cut. 0: the primals. Between: the first
// of the runtime-optimized, "more aggressive" (no far-apart, long-chain or
// materialized-backward bans) and "aggressive" (no allow-list either) cuts
// whose saved bytes, scaled between the primals' and the runtime-optimized
// cut's, fall under the budget; else a knapsack over the aggressive cut's
// banned values (memory: bytes; runtime: FLOPs) picks which of them to
// recompute, and a last aggressive cut exempts those from its bans.
absl::StatusOr<SavedChoice> ChooseSavedValues(const JointModel& m, const std::vector<int64_t>& dist,
                                              const MinCutOptions& options);

}  // namespace tc::partition::internal

#endif  // TC_PARTITION_SRC_MEMORY_BUDGET_H_
