// The values default_partition saves (also min-cut's fallback when no node
// needs the backward).
#ifndef TC_PARTITION_SRC_DEFAULT_SAVED_H_
#define TC_PARTITION_SRC_DEFAULT_SAVED_H_

#include <vector>

#include "joint_model.h"

namespace tc::partition::internal {

// Items, joint order: each forward item (see DefaultPartition) with a user
// outside the forward or a graph output (extraction later drops those the
// backward does not read); a multi-output node contributes its outputs.
std::vector<int> DefaultSavedItems(const JointModel& m);

}  // namespace tc::partition::internal

#endif  // TC_PARTITION_SRC_DEFAULT_SAVED_H_
