#include "max_flow.h"

// GCC 12 reports a false maybe-uninitialized inside Boost's edge iterator
// (an empty boost::optional it never reads) where Boykov-Kolmogorov walks
// the edges; the warning has no other source in this file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <deque>
#include <limits>

#include "absl/strings/str_cat.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boykov_kolmogorov_max_flow.hpp>

namespace tc::partition::internal {
namespace {

using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using BoostGraph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS,
    boost::property<boost::vertex_index_t, int64_t,
                    boost::property<boost::vertex_color_t, boost::default_color_type,
                                    boost::property<boost::vertex_distance_t, int64_t,
                                                    boost::property<boost::vertex_predecessor_t,
                                                                    Traits::edge_descriptor>>>>,
    boost::property<
        boost::edge_capacity_t, int64_t,
        boost::property<boost::edge_residual_capacity_t, int64_t,
                        boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;

// True when infinite edges alone lead from source to sink.
bool InfinitePathExists(const FlowNetwork& network) {
  std::vector<std::vector<int>> infinite_out(network.num_vertices);
  for (const auto& e : network.edges) {
    if (e.capacity == FlowNetwork::kInfinite) infinite_out[e.from].push_back(e.to);
  }
  std::vector<bool> seen(network.num_vertices, false);
  std::vector<int> stack = {network.source};
  seen[network.source] = true;
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    if (v == network.sink) return true;
    for (int w : infinite_out[v]) {
      if (!seen[w]) {
        seen[w] = true;
        stack.push_back(w);
      }
    }
  }
  return false;
}

}  // namespace

absl::StatusOr<MinCut> SolveMinCut(const FlowNetwork& network) {
  if (InfinitePathExists(network)) {
    return absl::FailedPreconditionError(
        "partition: a value the backward needs can be neither saved nor recomputed (a path of "
        "infinite capacity joins source and sink)");
  }
  // Infinity is one more than all finite capacities together: no flow can
  // fill an infinite edge, and Boykov-Kolmogorov augments by path
  // bottlenecks, so the total flow (at most the finite sum) never overflows.
  int64_t finite_sum = 0;
  for (const auto& e : network.edges) {
    if (e.capacity == FlowNetwork::kInfinite) continue;
    if (e.capacity > std::numeric_limits<int64_t>::max() / 2 - finite_sum) {
      return absl::OutOfRangeError("partition: flow capacities overflow 64 bits");
    }
    finite_sum += e.capacity;
  }
  const int64_t infinite = finite_sum + 1;
  BoostGraph g(network.num_vertices);
  auto capacity = boost::get(boost::edge_capacity, g);
  auto reverse = boost::get(boost::edge_reverse, g);
  auto residual = boost::get(boost::edge_residual_capacity, g);
  std::vector<Traits::edge_descriptor> forward_edges;
  forward_edges.reserve(network.edges.size());
  for (const auto& e : network.edges) {
    auto there = boost::add_edge(e.from, e.to, g).first;
    auto back = boost::add_edge(e.to, e.from, g).first;
    capacity[there] = e.capacity == FlowNetwork::kInfinite ? infinite : e.capacity;
    capacity[back] = 0;
    reverse[there] = back;
    reverse[back] = there;
    forward_edges.push_back(there);
  }
  MinCut cut;
  const int64_t flow = boost::boykov_kolmogorov_max_flow(g, network.source, network.sink);
  // The sink side: vertices with a residual path to the sink. An edge u->w
  // is in the residual network when its residual capacity is positive; walk
  // them backwards from the sink through each edge's reverse.
  cut.sink_side.assign(network.num_vertices, false);
  std::deque<int> queue = {network.sink};
  cut.sink_side[network.sink] = true;
  while (!queue.empty()) {
    const int w = queue.front();
    queue.pop_front();
    for (auto [it, end] = boost::out_edges(w, g); it != end; ++it) {
      const auto into_w = reverse[*it];  // u -> w
      const int u = static_cast<int>(boost::target(*it, g));
      if (!cut.sink_side[u] && residual[into_w] > 0) {
        cut.sink_side[u] = true;
        queue.push_back(u);
      }
    }
  }
  for (size_t i = 0; i < network.edges.size(); ++i) {
    const auto& e = network.edges[i];
    if (!cut.sink_side[e.from] && cut.sink_side[e.to]) {
      cut.cut_edges.push_back(static_cast<int>(i));
      cut.value += capacity[forward_edges[i]];
    }
  }
  if (cut.value != flow) {
    return absl::InternalError(
        absl::StrCat("partition: cut value ", cut.value, " differs from the maximum flow ", flow));
  }
  return cut;
}

}  // namespace tc::partition::internal
