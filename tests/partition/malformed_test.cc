// Inputs that are not joint graphs, and bad options: clear errors, never a
// crash.
#include <cmath>
#include <string>

#include "gtest/gtest.h"

#include "tc/partition/partition.h"

#include "partition_test_util.h"

namespace tc::partition::testing {
namespace {

// The error both partitioners give for `text` (they check the same way).
std::string ErrorOf(const std::string& text, int num_fwd_outputs, std::vector<int> grad_primals) {
  auto g = ParseNamedGraph(text);
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return "";
  const JointGraph joint{.graph = &g->graph,
                         .num_fwd_outputs = num_fwd_outputs,
                         .grad_primals = std::move(grad_primals)};
  const absl::Status check = CheckJointGraph(joint);
  const auto by_default = DefaultPartition(joint);
  const auto by_min_cut = MinCutRematerializationPartition(joint);
  EXPECT_FALSE(check.ok());
  EXPECT_EQ(by_default.status(), check);
  EXPECT_EQ(by_min_cut.status(), check);
  EXPECT_EQ(check.code(), absl::StatusCode::kInvalidArgument);
  return std::string(check.message());
}

constexpr char kSin[] = R"(graph(%primals_1: float32[3], %tangents_1: float32[3]) {
  %s: float32[3] = sin(%primals_1)
  %c: float32[3] = cos(%primals_1)
  %g: float32[3] = mul(%tangents_1, %c)
  return (%s, %g)
})";

TEST(Malformed, TheWellFormedGraphPasses) {
  auto g = ParseNamedGraph(kSin);
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(CheckJointGraph(AllPrimalsHaveGrads(g->graph, 1)).ok());
}

TEST(Malformed, InputNames) {
  EXPECT_EQ(ErrorOf(R"(graph(%x: float32[3], %tangents_1: float32[3]) {
  %g: float32[3] = mul(%tangents_1, %x)
  return (%x, %g)
})",
                    1, {0}),
            "not a joint graph: input 'x' is neither primals_<k> nor tangents_<k>");
  EXPECT_EQ(ErrorOf(R"(graph(%tangents_1: float32[3], %primals_1: float32[3]) {
  %g: float32[3] = mul(%tangents_1, %primals_1)
  return (%primals_1, %g)
})",
                    1, {0}),
            "not a joint graph: input 'primals_1' comes after a tangent (primals first)");
  EXPECT_EQ(ErrorOf(R"(graph(%primals_2: float32[3], %tangents_1: float32[3]) {
  %g: float32[3] = mul(%tangents_1, %primals_2)
  return (%primals_2, %g)
})",
                    1, {0}),
            "not a joint graph: input 'primals_2' where primals_1 was expected (primals are "
            "numbered from 1)");
  EXPECT_EQ(ErrorOf(R"(graph(%primals_1: float32[3], %primals_01: float32[3]) {
  return (%primals_1)
})",
                    1, {}),
            "not a joint graph: input 'primals_01' is neither primals_<k> nor tangents_<k>");
}

TEST(Malformed, MissingTangents) {
  EXPECT_EQ(ErrorOf(R"(graph(%primals_1: float32[3], %tangents_2: float32[3]) {
  %g: float32[3] = mul(%tangents_2, %primals_1)
  return (%primals_1, %g)
})",
                    1, {0}),
            "not a joint graph: tangents_1 is missing (input 'tangents_2' found in its place)");
  EXPECT_EQ(ErrorOf(R"(graph(%primals_1: float32[3]) {
  %s: float32[3] = sin(%primals_1)
  %c: float32[3] = cos(%primals_1)
  return (%s, %c)
})",
                    1, {0}),
            "not a joint graph: tangents_1 is missing: 1 gradient outputs but no tangent input");
}

TEST(Malformed, OutputCounts) {
  EXPECT_EQ(ErrorOf(kSin, 3, {}),
            "not a joint graph: num_fwd_outputs is 3 but the graph has 2 "
            "outputs");
  EXPECT_EQ(ErrorOf(kSin, -1, {}),
            "not a joint graph: num_fwd_outputs is -1 but the graph has 2 "
            "outputs");
  EXPECT_EQ(ErrorOf(kSin, 1, {}),
            "not a joint graph: the graph has 1 gradient outputs but grad_primals lists 0");
  EXPECT_EQ(ErrorOf(kSin, 1, {1}),
            "not a joint graph: grad_primals[0] is 1: expected increasing "
            "primal indices below 1");
  EXPECT_EQ(ErrorOf(kSin, 0, {0, 0}),
            "not a joint graph: grad_primals[1] is 0: expected increasing primal indices below 1");
  EXPECT_EQ(ErrorOf(kSin, 0, {0, 1}),
            "not a joint graph: grad_primals[1] is 1: expected "
            "increasing primal indices below 1");
}

TEST(Malformed, TangentsAndForwardOutputs) {
  EXPECT_EQ(
      ErrorOf(R"(graph(%primals_1: float32[3], %tangents_1: float32[3], %tangents_2: float32[3]) {
  %g: float32[3] = mul(%tangents_1, %tangents_2)
  return (%primals_1, %g)
})",
              1, {0}),
      "not a joint graph: 2 tangents for 1 forward outputs (one tangent per forward "
      "output at most)");
  EXPECT_EQ(ErrorOf(R"(graph(%primals_1: float32[3], %tangents_1: float32[3]) {
  %g: float32[3] = mul(%tangents_1, %primals_1)
  return (%g, %g)
})",
                    1, {0}),
            "not a joint graph: forward output 0 is computed from a tangent");
}

TEST(Malformed, NoGraph) {
  const JointGraph joint;
  EXPECT_EQ(CheckJointGraph(joint).message(), "not a joint graph: no graph");
  EXPECT_FALSE(DefaultPartition(joint).ok());
  EXPECT_FALSE(MinCutRematerializationPartition(joint).ok());
}

TEST(Malformed, MinCutOptions) {
  auto g = ParseNamedGraph(kSin);
  ASSERT_TRUE(g.ok());
  const JointGraph joint = AllPrimalsHaveGrads(g->graph, 1);
  auto bad_budget = MinCutRematerializationPartition(joint, WithBudget(1.5));
  EXPECT_EQ(bad_budget.status().message(),
            "The valid ranges for memory budget are 0 <= m <= 1. The provided value is 1.5");
  auto negative = MinCutRematerializationPartition(joint, WithBudget(-0.25));
  EXPECT_EQ(negative.status().message(),
            "The valid ranges for memory budget are 0 <= m <= 1. The provided value is -0.25");
  auto nan = MinCutRematerializationPartition(joint, WithBudget(std::nan("")));
  EXPECT_EQ(nan.status().code(), absl::StatusCode::kInvalidArgument);
  MinCutOptions static_one = WithBudget(1);
  static_one.static_lifetime_primals = {1};
  auto bad_static = MinCutRematerializationPartition(joint, static_one);
  EXPECT_EQ(bad_static.status().message(),
            "static_lifetime_primals lists primal 1 of a joint graph with 1");
}

}  // namespace
}  // namespace tc::partition::testing
