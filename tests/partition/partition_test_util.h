// Shared by the partition tests: the golden joint graphs (graph-ir text
// whose values carry PyTorch's FX names) and the check that a partition
// computes what its joint graph computes.
#ifndef TC_TESTS_PARTITION_PARTITION_TEST_UTIL_H_
#define TC_TESTS_PARTITION_PARTITION_TEST_UTIL_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"
#include "tc/partition/partition.h"

namespace tc::partition::testing {

// A joint graph read from tests/partition/golden/<file>, with each value's
// name as the file spells it (%mm, %permute_1, %primals_2).
struct NamedGraph {
  graph_ir::Graph graph;
  std::map<std::string, const graph_ir::Value*> by_name;
  std::map<const graph_ir::Value*, std::string> name_of;
};
absl::StatusOr<NamedGraph> LoadGoldenGraph(const std::string& file);
// The same from text (values named as the text names them).
absl::StatusOr<NamedGraph> ParseNamedGraph(const std::string& text);

// Min-cut options with only the budget set.
inline MinCutOptions WithBudget(double budget) {
  MinCutOptions options;
  options.activation_memory_budget = budget;
  return options;
}

// Names of `values` in `g`, space-separated ("mm permute permute_1").
std::string Names(const NamedGraph& g, const std::vector<const graph_ir::Value*>& values);

// Checks `p` against `joint`: both graphs verify; the forward's inputs are
// the primals and its outputs the forward outputs then the saved values
// (with their metadata); the backward's inputs are the saved values then the
// tangents, its outputs one per gradient; and running the forward, then the
// backward on its saved outputs and the tangents, on the kernels
// interpreter gives bit for bit what the joint graph gives on the same
// random inputs (random ops drawing from the same seed).
absl::Status CheckRunsLikeJoint(const JointGraph& joint, const Partition& p, uint64_t seed);

}  // namespace tc::partition::testing

#endif  // TC_TESTS_PARTITION_PARTITION_TEST_UTIL_H_
