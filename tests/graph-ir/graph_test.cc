// Graph building: inputs, nodes, defaults, uses, erasure and reordering.
#include "tc/graph_ir/graph.h"

#include "gtest/gtest.h"

namespace tc::graph_ir {
namespace {

TensorMeta F32(Shape sizes) { return TensorMeta::Contiguous(DType::kFloat32, sizes); }

TEST(Graph, AddInputValidatesNames) {
  Graph g;
  ASSERT_TRUE(g.AddInput("x", F32({2})).ok());
  EXPECT_EQ(g.AddInput("x", F32({2})).status().message(), "duplicate placeholder '%x'");
  EXPECT_EQ(g.AddInput("1x", F32({2})).status().message(),
            "placeholder name '1x' is not an identifier");
  EXPECT_EQ(g.inputs().size(), 1u);
}

TEST(Graph, AddNodeFillsDefaultsAndInfersMeta) {
  Graph g;
  Value* x = *g.AddInput("x", F32({2, 3}));
  auto node = g.AddNode("sum", {x, Constant(Scalar(1))});
  ASSERT_TRUE(node.ok()) << node.status();
  ASSERT_EQ((*node)->args().size(), 4u);
  // The int dim was normalized to a list; defaults were appended.
  EXPECT_EQ(std::get<Shape>(std::get<Constant>((*node)->args()[1])), (Shape{1}));
  EXPECT_EQ(std::get<Scalar>(std::get<Constant>((*node)->args()[2])), Scalar(false));
  EXPECT_EQ((*node)->output()->meta().sizes, (Shape{2}));
  EXPECT_EQ((*node)->output()->producer(), *node);
  EXPECT_EQ((*node)->Inputs(), std::vector<Value*>{x});
}

TEST(Graph, AddNodeRejectsBadInput) {
  Graph g, other;
  Value* x = *g.AddInput("x", F32({2}));
  Value* y = *other.AddInput("y", F32({2}));
  EXPECT_EQ(g.AddNode("ad", {x}).status().message(), "unknown op 'ad'");
  EXPECT_EQ(g.AddNode("add", {x, y}).status().message(),
            "add(): argument 'other' is not a value of this graph");
  EXPECT_EQ(g.AddNode("add", {x, x, Constant(Scalar(1)), Constant(Scalar(1))}).status().message(),
            "add() takes 3 arguments but 4 were given");
  EXPECT_EQ(g.Apply("view", {x, Constant(Shape{3})}).status().message(),
            "shape '[3]' is invalid for input of size 2");
  EXPECT_TRUE(g.nodes().empty());
}

TEST(Graph, ReplaceEraseReorder) {
  Graph g;
  Value* x = *g.AddInput("x", F32({2}));
  Value* a = *g.Apply("abs", {x});
  Value* b = *g.Apply("neg", {a});
  Value* c = *g.Apply("cat", {std::vector<Value*>{a, b, a}});
  g.SetOutputs({c, a});
  g.ReplaceAllUses(a, x);
  EXPECT_EQ(b->producer()->Inputs(), std::vector<Value*>{x});
  EXPECT_EQ(c->producer()->Inputs(), (std::vector<Value*>{x, b, x}));
  EXPECT_EQ(g.outputs()[1], x);
  Node* abs = a->producer();
  g.EraseNodes({abs});
  EXPECT_EQ(g.nodes().size(), 2u);
  EXPECT_EQ(a->producer(), nullptr);
  Node* neg = b->producer();
  Node* cat = c->producer();
  g.SetNodeOrder({cat, neg});
  EXPECT_EQ(g.nodes()[0].get(), cat);
  EXPECT_EQ(g.nodes()[1].get(), neg);
  EXPECT_TRUE(g.Owns(a));
}

}  // namespace
}  // namespace tc::graph_ir
