// Building the forward and backward graphs once the saved values are
// chosen (PyTorch's _extract_fwd_bwd_modules and, for min-cut,
// reordering_to_mimic_autograd_engine).
#ifndef TC_PARTITION_SRC_EXTRACT_H_
#define TC_PARTITION_SRC_EXTRACT_H_

#include <vector>

#include "absl/status/statusor.h"

#include "tc/partition/partition.h"

#include "joint_model.h"

namespace tc::partition::internal {

// The forward computes the forward outputs and `saved` (items, joint
// order) from the primals, and runs every random op that does not read a
// tangent (a draw happens once, where the joint graph makes it); the
// backward computes the gradients from the saved values and the tangents,
// recomputing what it needs of the rest and never a forward random op. A
// saved value the backward does not read is dropped. With
// `reorder_backward`, each backward node is preceded by just the
// recomputed forward nodes it needs, as autograd would run them.
absl::StatusOr<Partition> ExtractGraphs(const JointModel& m, const std::vector<int>& saved,
                                        bool reorder_backward);

}  // namespace tc::partition::internal

#endif  // TC_PARTITION_SRC_EXTRACT_H_
