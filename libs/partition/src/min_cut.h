// One min-cut solve over a joint graph (PyTorch's solve_min_cut): the flow
// network with its capacities and recomputation bans, and the cut.
#ifndef TC_PARTITION_SRC_MIN_CUT_H_
#define TC_PARTITION_SRC_MIN_CUT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "joint_model.h"

namespace tc::partition::internal {

// The ban rules one solve applies (PyTorch's MinCutOptions; all on by
// default, the memory budget turns some off).
struct BanRules {
  bool used_far_apart = true;
  bool long_fusible_chains = true;
  bool materialized_backward = true;
  bool not_in_allowlist = true;
  bool reduction = true;
};

// PyTorch's dist_from_bw for every item (see partition.h's NodeDecision).
std::vector<int64_t> DistancesFromBackward(const JointModel& m);

struct CutResult {
  std::vector<int> saved;   // items, joint order
  std::vector<int> banned;  // items banned from recomputation, in ban order
  int64_t cut_value = 0;
  std::vector<int64_t> capacity;        // per item; -1: infinite or no node edge
  std::vector<std::string> ban_reason;  // per item; empty: not banned
};

// `dont_ban` (per item, may be empty) exempts items from every ban but the
// primal one; `static_primals` (per item, may be empty) marks primals
// free to save.
absl::StatusOr<CutResult> SolveMinCutOnce(const JointModel& m, const std::vector<int64_t>& dist,
                                          const BanRules& rules, const std::vector<bool>& dont_ban,
                                          const std::vector<bool>& static_primals);

}  // namespace tc::partition::internal

#endif  // TC_PARTITION_SRC_MIN_CUT_H_
