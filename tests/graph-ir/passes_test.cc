// DCE, CSE, topological sort and composite decomposition on graphs written in the text format.
#include "tc/graph_ir/passes.h"

#include "gtest/gtest.h"

#include "tc/graph_ir/text_format.h"
#include "tc/graph_ir/verifier.h"

namespace tc::graph_ir {
namespace {

Graph Parse(std::string_view text) {
  auto g = ParseGraph(text);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? std::move(*g) : Graph();
}

TEST(Passes, DeadCodeEliminationRemovesUnusedNodesButKeepsRandomOnes) {
  Graph g = Parse(R"(graph(%a: float32[2]) {
  %0: float32[2] = abs(%a)
  %1: float32[2] = neg(%0)
  %2: float32[2] = exp(%a)
  %3: float32[2] = rand([2])
  %4: float32[2] = add(%0, %a)
  return (%4)
})");
  ASSERT_TRUE(EliminateDeadCode(g).ok());
  EXPECT_TRUE(Verify(g).ok());
  // The unused rand stays: it advances the generator.
  EXPECT_EQ(g.ToString(), R"(graph(%a: float32[2]) {
  %0: float32[2] = abs(%a)
  %1: float32[2] = rand(size=[2], dtype=None)
  %2: float32[2] = add(%0, %a, alpha=1)
  return (%2)
}
)");
}

TEST(Passes, CommonSubexpressionsMergeButNotRandomOrDifferentConstants) {
  Graph g = Parse(R"(graph(%a: float32[2]) {
  %0: float32[2] = abs(%a)
  %1: float32[2] = abs(%a)
  %2: float32[2] = add(%0, 1)
  %3: float32[2] = add(%1, 1)
  %4: float32[2] = add(%1, 1.0)
  %5: float32[2] = rand([2])
  %6: float32[2] = rand([2])
  %7: float32[10] = cat([%2, %3, %4, %5, %6])
  return (%7, %3)
})");
  ASSERT_TRUE(EliminateCommonSubexpressions(g).ok());
  EXPECT_TRUE(Verify(g).ok()) << Verify(g);
  EXPECT_EQ(g.ToString(), R"(graph(%a: float32[2]) {
  %0: float32[2] = abs(%a)
  %1: float32[2] = add(%0, 1, alpha=1)
  %2: float32[2] = add(%0, 1.0, alpha=1)
  %3: float32[2] = rand(size=[2], dtype=None)
  %4: float32[2] = rand(size=[2], dtype=None)
  %5: float32[10] = cat([%1, %1, %2, %3, %4], dim=0)
  return (%5, %1)
}
)");
}

TEST(Passes, CommonSubexpressionsRespectGroupsAndExclusions) {
  Graph g = Parse(R"(graph(%a: float32[2]) {
  %0: float32[2] = abs(%a)
  %1: float32[2] = abs(%a)
  %2: float32[2] = abs(%a)
  %3: float32[2] = neg(%a)
  %4: float32[2] = neg(%a)
  return (%0, %1, %2, %3, %4)
})");
  // abs nodes: %0 and %2 share group 0, %1 is alone in group 1; the second
  // neg is excluded.
  CseOptions options;
  options.group = [&g](const Node& n) { return &n == g.nodes()[1].get() ? 1 : 0; };
  options.exclude = [&g](const Node& n) { return &n == g.nodes()[4].get(); };
  ASSERT_TRUE(EliminateCommonSubexpressions(g, options).ok());
  EXPECT_TRUE(Verify(g).ok()) << Verify(g);
  EXPECT_EQ(g.ToString(), R"(graph(%a: float32[2]) {
  %0: float32[2] = abs(%a)
  %1: float32[2] = abs(%a)
  %2: float32[2] = neg(%a)
  %3: float32[2] = neg(%a)
  return (%0, %1, %0, %2, %3)
}
)");
}

TEST(Passes, DecomposeCompositesKeepsInterfaceAndCoreOps) {
  Graph g = Parse(R"(graph(%a: float32[2, 3], %b: float32[2, 3]) {
  %0: float32[2, 3] = softmax(%a, 1)
  %1: float32[2, 3] = add(%0, %b)
  return (%1, %a)
})");
  auto d = DecomposeComposites(g);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_TRUE(Verify(*d).ok());
  ASSERT_EQ(d->inputs().size(), 2u);
  EXPECT_EQ(d->inputs()[1]->name(), "b");
  ASSERT_EQ(d->outputs().size(), 2u);
  EXPECT_EQ(d->outputs()[1], d->inputs()[0]);  // an input returned stays that input
  EXPECT_EQ(d->outputs()[0]->meta(), g.outputs()[0]->meta());
  for (const auto& node : d->nodes()) {
    EXPECT_NE(node->op().category, OpCategory::kComposite) << node->op().name;
  }
  EXPECT_GT(d->nodes().size(), 3u);  // amax, sub, exp, sum, div, add
  // `keep` leaves chosen composites alone.
  auto kept = DecomposeComposites(g, [](const Node& n) { return n.op().name == "softmax"; });
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ(kept->ToString(), g.ToString());
}

TEST(Passes, TopologicalSortIsStableAndDetectsCycles) {
  Graph g = Parse(R"(graph(%a: float32[2]) {
  %0: float32[2] = abs(%a)
  %1: float32[2] = neg(%a)
  %2: float32[2] = add(%0, %1)
  return (%2)
})");
  std::string before = g.ToString();
  ASSERT_TRUE(TopologicalSort(g).ok());
  EXPECT_EQ(g.ToString(), before);  // already sorted: unchanged
  std::vector<Node*> reversed;
  for (auto it = g.nodes().rbegin(); it != g.nodes().rend(); ++it) reversed.push_back(it->get());
  g.SetNodeOrder(reversed);
  EXPECT_FALSE(Verify(g).ok());
  ASSERT_TRUE(TopologicalSort(g).ok());
  EXPECT_TRUE(Verify(g).ok());
  // Independent nodes keep their (reversed) relative order: neg before abs.
  EXPECT_EQ(g.ToString(), R"(graph(%a: float32[2]) {
  %0: float32[2] = neg(%a)
  %1: float32[2] = abs(%a)
  %2: float32[2] = add(%1, %0, alpha=1)
  return (%2)
}
)");
  // A cycle: abs reads neg's output and neg reads abs's.
  Graph c = Parse(R"(graph(%a: float32[2]) {
  %0: float32[2] = abs(%a)
  %1: float32[2] = neg(%0)
  return (%1)
})");
  c.ReplaceAllUses(c.inputs()[0], c.nodes()[1]->output());
  absl::Status s = TopologicalSort(c);
  EXPECT_EQ(std::string(s.message()), "graph has a cycle through node 0 (abs)");
}

}  // namespace
}  // namespace tc::graph_ir
