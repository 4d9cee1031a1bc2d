// Shape arithmetic, with error texts checked against PyTorch's.
#include "tc/tensor/shape.h"

#include <vector>

#include "gtest/gtest.h"

namespace tc::tensor {
namespace {

using V = std::vector<int64_t>;

TEST(ShapeTest, NumelAndStrides) {
  EXPECT_EQ(Numel(V{}), 1);
  EXPECT_EQ(Numel(V{2, 0, 3}), 0);
  EXPECT_EQ(Numel(V{2, 3, 4}), 24);
  EXPECT_EQ(ContiguousStrides(V{2, 3, 4}), (Shape{12, 4, 1}));
  // torch.empty(3, 1, 2).stride() == (2, 2, 1); size 0 counts as 1.
  EXPECT_EQ(ContiguousStrides(V{3, 1, 2}), (Shape{2, 2, 1}));
  EXPECT_EQ(ContiguousStrides(V{2, 0, 3}), (Shape{3, 3, 1}));
  EXPECT_EQ(ContiguousStrides(V{}), Shape{});
  EXPECT_EQ(ShapeToString(V{2, 3}), "[2, 3]");
  EXPECT_EQ(ShapeToString(V{}), "[]");
}

TEST(ShapeTest, IsContiguous) {
  EXPECT_TRUE(IsContiguous(V{2, 3}, V{3, 1}));
  EXPECT_FALSE(IsContiguous(V{3, 2}, V{1, 3}));  // ones(2, 3).t()
  // ones(1, 3).t(): size-1 dimensions may have any stride.
  EXPECT_TRUE(IsContiguous(V{3, 1}, V{1, 3}));
  EXPECT_TRUE(IsContiguous(V{1, 1}, V{7, 9}));
  // empty(0, 3).t() is contiguous: no elements.
  EXPECT_TRUE(IsContiguous(V{3, 0}, V{1, 3}));
  EXPECT_TRUE(IsContiguous(V{}, V{}));
  EXPECT_FALSE(IsContiguous(V{2, 3}, V{0, 1}));  // expanded
  EXPECT_FALSE(IsContiguous(V{4}, V{2}));
}

TEST(ShapeTest, Broadcast) {
  EXPECT_EQ(*BroadcastShapes(V{2, 1, 4}, V{3, 1}), (Shape{2, 3, 4}));
  EXPECT_EQ(*BroadcastShapes(V{}, V{2, 3}), (Shape{2, 3}));
  EXPECT_EQ(*BroadcastShapes(V{0, 1}, V{1, 5}), (Shape{0, 5}));
  EXPECT_EQ(*BroadcastShapes(V{1}, V{0}), (Shape{0}));
}

// The texts torch prints for ones(a) + ones(b).
TEST(ShapeTest, BroadcastErrorsUsePyTorchWording) {
  struct Case {
    V a, b;
    const char* message;
  };
  const Case cases[] = {
      {{2, 3},
       {4},
       "The size of tensor a (3) must match the size of tensor b (4) at "
       "non-singleton dimension 1"},
      {{5, 1, 4},
       {2, 3},
       "The size of tensor a (4) must match the size of tensor b (3) at "
       "non-singleton dimension 2"},
      {{2, 0},
       {2, 3},
       "The size of tensor a (0) must match the size of tensor b (3) at "
       "non-singleton dimension 1"},
      // Several mismatches: PyTorch names the last one.
      {{2, 3, 4},
       {5, 3, 6},
       "The size of tensor a (4) must match the size of tensor b (6) at "
       "non-singleton dimension 2"},
      {{7, 3, 1},
       {2, 3, 5},
       "The size of tensor a (7) must match the size of tensor b (2) at "
       "non-singleton dimension 0"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<Shape> r = BroadcastShapes(c.a, c.b);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(r.status().message(), c.message);
  }
}

TEST(ShapeTest, WrapDim) {
  EXPECT_EQ(*WrapDim(-1, 3), 2);
  EXPECT_EQ(*WrapDim(0, 3), 0);
  EXPECT_EQ(*WrapDim(-3, 3), 0);
  EXPECT_EQ(*WrapDim(-1, 0), 0);
  EXPECT_EQ(*WrapDim(0, 0), 0);
  // ones(2, 3).sum(2), .sum(-3); tensor(1.).sum(1), .sum(-2)
  EXPECT_EQ(WrapDim(2, 2).status().message(),
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  EXPECT_EQ(WrapDim(-3, 2).status().message(),
            "Dimension out of range (expected to be in range of [-2, 1], but got -3)");
  EXPECT_EQ(WrapDim(1, 0).status().message(),
            "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
  EXPECT_EQ(WrapDim(-2, 0).status().message(),
            "Dimension out of range (expected to be in range of [-1, 0], but got -2)");
}

}  // namespace
}  // namespace tc::tensor
