// Verify: accepts well-formed graphs and names what is wrong otherwise.
#include "tc/graph_ir/verifier.h"

#include "gtest/gtest.h"

#include "tc/graph_ir/text_format.h"

#include "test_graphs.h"

namespace tc::graph_ir {
namespace {

TensorMeta F32(Shape sizes) { return TensorMeta::Contiguous(DType::kFloat32, sizes); }

std::string Message(const absl::Status& s) { return std::string(s.message()); }

TEST(Verifier, AcceptsBuiltAndParsedGraphs) {
  Graph g = testing::AllOpsGraph();
  EXPECT_TRUE(Verify(g).ok()) << Verify(g);
  auto parsed = ParseGraph(g.ToString());
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(Verify(*parsed).ok());
  EXPECT_TRUE(Verify(Graph()).ok());
}

TEST(Verifier, RejectsUseBeforeDefinition) {
  Graph g;
  Value* x = *g.AddInput("x", F32({2}));
  Value* a = *g.Apply("abs", {x});
  Value* b = *g.Apply("neg", {a});
  g.SetOutputs({b});
  g.SetNodeOrder({b->producer(), a->producer()});
  EXPECT_EQ(Message(Verify(g)),
            "node 0 (neg): argument 'self' uses value #1 before its definition");
}

TEST(Verifier, RejectsErasedProducerAndUndefinedOutputs) {
  Graph g;
  Value* x = *g.AddInput("x", F32({2}));
  Value* a = *g.Apply("abs", {x});
  g.SetOutputs({a});
  g.EraseNodes({a->producer()});
  EXPECT_EQ(Message(Verify(g)), "graph output value #1 is not defined");
  Graph other;
  Value* y = *other.AddInput("y", F32({2}));
  g.SetOutputs({y});
  EXPECT_EQ(Message(Verify(g)), "graph output %y is not defined");
}

TEST(Verifier, RejectsStaleMetadata) {
  Graph g;
  Value* x = *g.AddInput("x", F32({2}));
  Value* y = *g.AddInput("y", F32({3}));
  Value* a = *g.Apply("abs", {x});
  g.SetOutputs({a});
  g.ReplaceAllUses(x, y);  // abs now reads a [3] tensor but still says [2]
  EXPECT_EQ(Message(Verify(g)),
            "node 0 (abs): output 0 has stored meta float32[2] but the op infers float32[3]");
  g.ReplaceAllUses(y, x);
  EXPECT_TRUE(Verify(g).ok());
}

TEST(Verifier, RejectsArgumentsThatNoLongerTypeCheck) {
  Graph g;
  Value* x = *g.AddInput("x", F32({2, 3}));
  Value* y = *g.AddInput("y", F32({4}));
  Value* z = *g.AddInput("z", F32({2, 3}));
  Value* a = *g.Apply("add", {x, z});
  g.SetOutputs({a});
  g.ReplaceAllUses(x, y);
  EXPECT_EQ(Message(Verify(g)),
            "node 0 (add): The size of tensor a (4) must match the size of tensor b (3) at "
            "non-singleton dimension 1");
}

}  // namespace
}  // namespace tc::graph_ir
