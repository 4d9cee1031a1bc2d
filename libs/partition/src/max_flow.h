// Minimum s-t cut of a flow network on Boost.Graph's Boykov-Kolmogorov
// max-flow, with networkx's choice among equal cuts.
#ifndef TC_PARTITION_SRC_MAX_FLOW_H_
#define TC_PARTITION_SRC_MAX_FLOW_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"

namespace tc::partition::internal {

struct FlowNetwork {
  static constexpr int64_t kInfinite = -1;
  struct Edge {
    int from;
    int to;
    int64_t capacity;  // >= 0, or kInfinite
  };
  int num_vertices = 0;
  int source = 0;
  int sink = 1;
  std::vector<Edge> edges;  // no two edges join the same ordered pair
};

struct MinCut {
  int64_t value = 0;
  // Each vertex's side. The sink side is every vertex that can still reach
  // the sink in the residual network of a maximum flow (networkx's
  // minimum_cut rule): of equal cuts, the one nearest the sink. That set is
  // the same for every maximum flow, so the algorithm does not matter.
  std::vector<bool> sink_side;
  std::vector<int> cut_edges;  // indices into edges, source side to sink side
};

// FailedPrecondition when a path of infinite edges joins source and sink
// (no finite cut exists).
absl::StatusOr<MinCut> SolveMinCut(const FlowNetwork& network);

}  // namespace tc::partition::internal

#endif  // TC_PARTITION_SRC_MAX_FLOW_H_
