// The op categories against the facts checked on torch 2.15 (see
// src/op_types.cc): ATen's pointwise tag, its view and compute-intensive
// lists, and tc's random ops.
#include "tc/partition/op_types.h"

#include "gtest/gtest.h"

namespace tc::partition {
namespace {

const graph_ir::OpDef& Op(const char* name) {
  const graph_ir::OpDef* op = graph_ir::FindOp(name);
  EXPECT_NE(op, nullptr) << name;
  return *op;
}

TEST(OpTypes, EveryPointwiseOpButFloorDivideIsRecomputable) {
  for (const graph_ir::OpDef* op : graph_ir::AllOps()) {
    if (op->category != graph_ir::OpCategory::kPointwise) continue;
    EXPECT_EQ(IsRecomputable(*op), op->name != "floor_divide") << op->name;
    EXPECT_TRUE(IsFusible(*op) == IsRecomputable(*op)) << op->name;
  }
}

TEST(OpTypes, EveryRandomOpIsRandomFusibleAndNotRecomputable) {
  for (const graph_ir::OpDef* op : graph_ir::AllOps()) {
    if (op->category != graph_ir::OpCategory::kRandom) continue;
    EXPECT_TRUE(IsRandom(*op)) << op->name;
    EXPECT_TRUE(IsFusible(*op)) << op->name;
    EXPECT_FALSE(IsRecomputable(*op)) << op->name;
  }
  EXPECT_TRUE(IsRandom(Op("dropout")));
  EXPECT_FALSE(IsRandom(Op("rrelu")));  // eval mode only in tc
}

TEST(OpTypes, ViewsReductionsAndMatrixProducts) {
  for (const char* view : {"view", "permute", "expand", "squeeze", "unsqueeze", "slice", "t"}) {
    EXPECT_TRUE(IsView(Op(view))) << view;
    EXPECT_TRUE(IsRecomputable(Op(view))) << view;
  }
  // reshape may copy; diagonal and unfold are not in PyTorch's lists at all.
  EXPECT_FALSE(IsView(Op("reshape")));
  EXPECT_TRUE(IsRecomputable(Op("reshape")));
  EXPECT_FALSE(IsRecomputable(Op("diagonal")));
  for (const char* r : {"sum", "mean", "amax", "argmax", "var"}) {
    EXPECT_TRUE(IsRecomputable(Op(r))) << r;
  }
  for (const char* r : {"prod", "amin", "argmin", "cumsum", "index_select", "cat"}) {
    EXPECT_FALSE(IsRecomputable(Op(r))) << r;
  }
  for (const char* mm :
       {"mm", "bmm", "matmul", "addmm", "linear", "convolution", "scaled_dot_product_attention"}) {
    EXPECT_TRUE(IsComputeIntensive(Op(mm))) << mm;
    EXPECT_FALSE(IsRecomputable(Op(mm))) << mm;
  }
  EXPECT_TRUE(IsRecomputable(Op("gather")));
  EXPECT_TRUE(IsRecomputable(Op("full")));
}

}  // namespace
}  // namespace tc::partition
