// The shape of the two graphs: placeholder order and names, the backward's
// recomputation placed next to its use, random ops drawn once in the
// forward, multi-output ops, graphs with nothing for the backward.
#include <functional>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/partition/partition.h"

#include "partition_test_util.h"

namespace tc::partition::testing {
namespace {

int CountOps(const graph_ir::Graph& g, const std::string& op) {
  int n = 0;
  for (const auto& node : g.nodes()) n += node->op().name == op ? 1 : 0;
  return n;
}

struct SavedNames {
  std::string by_default;
  std::string by_min_cut;
  std::string inputs_only;  // min-cut at budget 0
};

// Partitions `text` (one forward output, a gradient for every primal) with
// each partitioner, checks each partition against the joint graph (and
// with `check`), and gives the names each saves.
SavedNames PartitionEveryWay(const char* text, uint64_t seed,
                             const std::function<void(const Partition&)>& check) {
  auto g = ParseNamedGraph(text);
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return {};
  const JointGraph joint = AllPrimalsHaveGrads(g->graph, 1);
  std::vector<std::string> names;
  absl::StatusOr<Partition> partitions[] = {DefaultPartition(joint),
                                            MinCutRematerializationPartition(joint),
                                            MinCutRematerializationPartition(joint, WithBudget(0))};
  for (const auto& p : partitions) {
    EXPECT_TRUE(p.ok()) << p.status();
    if (!p.ok()) return {};
    if (check) check(*p);
    EXPECT_TRUE(CheckRunsLikeJoint(joint, *p, seed).ok()) << CheckRunsLikeJoint(joint, *p, seed);
    names.push_back(Names(*g, p->saved));
  }
  return {names[0], names[1], names[2]};
}

TEST(Structure, MinCutRecomputesJustBeforeFirstUse) {
  auto g = LoadGoldenGraph("TB5.tcir");
  ASSERT_TRUE(g.ok()) << g.status();
  auto p = MinCutRematerializationPartition(AllPrimalsHaveGrads(g->graph, 1));
  ASSERT_TRUE(p.ok()) << p.status();
  // As PyTorch's backward for TB5: expand first (the first node reading a
  // tangent), relu recomputed from the saved mm just before cos needs it.
  EXPECT_EQ(p->backward.ToString(),
            "graph(%mm_3: float32[64, 16], %permute_13: float32[32, 64]{1, 32}, "
            "%permute_15: float32[16, 32]{1, 16}, %tangents_1: float32[]) {\n"
            "  %0: float32[64, 16]{0, 0} = expand(%tangents_1, size=[64, 16])\n"
            "  %1: float32[64, 16] = relu(%mm_3)\n"
            "  %2: float32[64, 16] = cos(%1)\n"
            "  %3: float32[64, 16] = mul(%0, %2)\n"
            "  %4: bool[64, 16] = le(%1, 0)\n"
            "  %5: float32[] = full(size=[], fill_value=0.0, dtype=float32)\n"
            "  %6: float32[64, 16] = where(%4, %5, %3)\n"
            "  %7: float32[32, 16] = mm(%permute_13, %6)\n"
            "  %8: float32[64, 32] = mm(%6, %permute_15)\n"
            "  return (%8, %7)\n"
            "}\n");
  EXPECT_EQ(p->forward.outputs().size(), 4u);  // sum_1, then the three saved values
  EXPECT_EQ(p->SavedBytes(), 4096 + 8192 + 2048);
}

TEST(Structure, DefaultKeepsJointOrderAndPrimalNames) {
  auto g = LoadGoldenGraph("TB5.tcir");
  ASSERT_TRUE(g.ok()) << g.status();
  auto p = DefaultPartition(AllPrimalsHaveGrads(g->graph, 1));
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_EQ(p->backward.inputs().size(), 4u);
  EXPECT_EQ(p->backward.inputs()[0]->name(), "primals_1");
  EXPECT_EQ(p->backward.inputs()[1]->name(), "primals_2");
  EXPECT_EQ(p->backward.inputs()[2]->name(), "relu_4");
  EXPECT_EQ(p->backward.inputs()[3]->name(), "tangents_1");
  // sum_1 is a forward output no backward node reads: not saved.
  EXPECT_EQ(Names(*g, p->saved), "primals_1 primals_2 relu");
  EXPECT_EQ(p->backward.nodes()[0]->op().name, "expand");
  EXPECT_EQ(p->backward.nodes()[1]->op().name, "cos");
}

// Dropout-like: the mask is drawn in the forward; the backward reads it and
// never draws again, and the partitioned run draws what the joint run does.
constexpr char kDropout[] = R"(graph(%primals_1: float32[8, 8], %tangents_1: float32[]) {
  %r: float32[8, 8] = rand([8, 8])
  %keep: bool[8, 8] = lt(%r, 0.5)
  %m: float32[8, 8] = to_dtype(%keep, float32)
  %y: float32[8, 8] = mul(%primals_1, %m)
  %s: float32[] = sum(%y)
  %e: float32[8, 8]{0, 0} = expand(%tangents_1, [8, 8])
  %g: float32[8, 8] = mul(%e, %m)
  %late: float32[2] = rand([2])
  return (%s, %g)
})";

TEST(Structure, RandomOpsDrawOnceInTheForward) {
  const SavedNames saved = PartitionEveryWay(kDropout, 7, [](const Partition& p) {
    // Both draws stay in the forward, in joint order (the unused one too:
    // dropping it would shift every later draw).
    EXPECT_EQ(CountOps(p.forward, "rand"), 2);
    EXPECT_EQ(CountOps(p.backward, "rand"), 0);
  });
  EXPECT_EQ(saved.by_default, "m");
  // The bool mask (64 bytes) is cheaper to save than the float one.
  EXPECT_EQ(saved.by_min_cut, "keep");
  // Budget 0 saves only the primals, but a draw cannot be recomputed: the
  // draw is saved too (the backward recomputes the mask from it).
  EXPECT_EQ(saved.inputs_only, "r");
}

// sort gives two outputs; its backward scatters the tangent by the indices.
constexpr char kSort[] = R"(graph(%primals_1: float32[4, 5], %tangents_1: float32[4, 5]) {
  %v: float32[4, 5], %i: int64[4, 5] = sort(%primals_1, 1)
  %z: float32[4, 5] = full([4, 5], 0.0, dtype=float32)
  %g: float32[4, 5] = scatter(%z, 1, %i, %tangents_1)
  return (%v, %g)
})";

TEST(Structure, MultiOutputOpsSaveTheOutputTheBackwardReads) {
  const SavedNames saved = PartitionEveryWay(kSort, 3, nullptr);
  EXPECT_EQ(saved.by_default, "i");
  EXPECT_EQ(saved.by_min_cut, "i");
  EXPECT_EQ(saved.inputs_only, "primals_1");  // the backward sorts again
}

TEST(Structure, NothingForTheBackward) {
  auto g = ParseNamedGraph(R"(graph(%primals_1: float32[3]) {
  %s: float32[3] = sin(%primals_1)
  return (%s)
})");
  ASSERT_TRUE(g.ok()) << g.status();
  const JointGraph joint = AllPrimalsHaveGrads(g->graph, 1);
  MinCutReport report;
  auto p = MinCutRematerializationPartition(joint, {}, &report);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(report.chosen, "default partition");
  EXPECT_TRUE(p->saved.empty());
  EXPECT_TRUE(p->backward.inputs().empty());
  EXPECT_TRUE(p->backward.outputs().empty());
  EXPECT_TRUE(CheckRunsLikeJoint(joint, *p, 1).ok());
}

// A gradient that reads no tangent, a tangent returned as a gradient, and a
// primal without a gradient.
TEST(Structure, GradientsWithoutTangentsAndPassThroughTangents) {
  auto g = ParseNamedGraph(R"(graph(%primals_1: float32[3], %primals_2: float32[3],
      %primals_3: float32[3], %tangents_1: float32[3]) {
  %y: float32[3] = add(%primals_1, %primals_3)
  %c: float32[3] = cos(%primals_1)
  return (%y, %c, %tangents_1)
})");
  ASSERT_TRUE(g.ok()) << g.status();
  const JointGraph joint{.graph = &g->graph, .num_fwd_outputs = 1, .grad_primals = {0, 2}};
  auto by_default = DefaultPartition(joint);
  auto by_min_cut = MinCutRematerializationPartition(joint);
  for (const auto* p : {&by_default, &by_min_cut}) {
    ASSERT_TRUE(p->ok()) << p->status();
    EXPECT_TRUE(CheckRunsLikeJoint(joint, **p, 5).ok()) << CheckRunsLikeJoint(joint, **p, 5);
  }
}

}  // namespace
}  // namespace tc::partition::testing
