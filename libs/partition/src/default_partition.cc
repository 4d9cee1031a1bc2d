// DefaultPartition: save what the backward reads, as eager autograd does.
#include "tc/partition/partition.h"
#include "tc/support/status.h"

#include "default_saved.h"
#include "extract.h"

namespace tc::partition {
namespace internal {

std::vector<int> DefaultSavedItems(const JointModel& m) {
  const int n = static_cast<int>(m.items.size());
  // PyTorch takes the nodes up to the last one traced in the forward; a
  // tc joint graph has no trace tags, so the forward ends at the last node
  // the forward outputs need. Random ops not reading a tangent run in the
  // forward wherever they are (extract.h).
  int last = -1;
  for (int i = 0; i < n; ++i) {
    if (m.required_fw[i]) last = i;
  }
  std::vector<bool> forward(n, false);
  for (int i = 0; i < n; ++i) {
    const Item& item = m.items[i];
    // The outputs of a forward multi-output node are forward too (a trace
    // records each get-item right after its node).
    const bool output_of_forward = item.kind == Item::Kind::kGetItem && forward[item.inputs[0]];
    forward[i] = !m.tangent_closure[i] && (i <= last || m.IsRandomItem(i) || output_of_forward);
  }
  std::vector<int> saved;
  for (int i = 0; i < n; ++i) {
    const Item& item = m.items[i];
    if (!forward[i] || item.kind == Item::Kind::kTuple) continue;
    bool backward_user = item.output_user;
    for (int user : item.users) backward_user = backward_user || !forward[user];
    if (backward_user) saved.push_back(i);
  }
  return saved;
}

}  // namespace internal

absl::StatusOr<Partition> DefaultPartition(const JointGraph& joint) {
  TC_RETURN_IF_ERROR(CheckJointGraph(joint));
  TC_ASSIGN_OR_RETURN(internal::JointModel m, internal::BuildJointModel(joint, /*cse=*/false));
  return internal::ExtractGraphs(m, internal::DefaultSavedItems(m), /*reorder_backward=*/false);
}

}  // namespace tc::partition
