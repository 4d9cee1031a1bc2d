// PyTorch's layout rules (layout.h), against strides the reference torch 2.15
// gave for the same cases (noted beside each).
#include "tc/tensor/layout.h"

#include <gtest/gtest.h>

namespace tc::tensor {
namespace {

Shape Pointwise(IntSpan sizes, std::initializer_list<LayoutOperand> ops) {
  std::vector<LayoutOperand> v(ops);
  return PointwiseStrides(sizes, v);
}

TEST(PointwiseStrides, FollowsDenseInputs) {
  const Shape s23 = {2, 3}, t = {1, 2}, c = {3, 1};
  // b = a.t().contiguous().t(): b * 2, b + a, a + b.
  EXPECT_EQ(Pointwise(s23, {{s23, t}}), (Shape{1, 2}));
  EXPECT_EQ(Pointwise(s23, {{s23, t}, {s23, c}}), (Shape{1, 2}));
  EXPECT_EQ(Pointwise(s23, {{s23, c}, {s23, t}}), (Shape{3, 1}));
  const Shape x = {2, 3, 4, 5}, cl = {60, 1, 15, 3}, contig = {60, 20, 5, 1};
  EXPECT_EQ(Pointwise(x, {{x, cl}}), cl);
  EXPECT_EQ(Pointwise(x, {{x, cl}, {x, contig}}), cl);
  EXPECT_EQ(Pointwise(x, {{x, contig}, {x, cl}}), contig);
}

TEST(PointwiseStrides, BroadcastOperandsTellNothing) {
  const Shape x = {2, 3, 4, 5}, cl = {60, 1, 15, 3}, five = {5}, one = {1}, c1 = {1, 3, 1, 1},
              c1s = {3, 1, 1, 1};
  EXPECT_EQ(Pointwise(x, {{x, cl}, {five, one}}), cl);  // cl + ones(5)
  EXPECT_EQ(Pointwise(x, {{c1, c1s}, {x, cl}}), cl);    // ones(1,3,1,1) + cl
  // e = randn(4,3).t() (sizes 3x4, strides 1x3): e + randn(4), randn(4) + e.
  const Shape s34 = {3, 4}, e = {1, 3}, four = {4};
  EXPECT_EQ(Pointwise(s34, {{s34, e}, {four, one}}), (Shape{1, 3}));
  EXPECT_EQ(Pointwise(s34, {{four, one}, {s34, e}}), (Shape{1, 3}));
  // randn(3,1) * randn(3,4): contiguous.
  const Shape s31 = {3, 1}, s31s = {1, 1}, s34c = {4, 1};
  EXPECT_EQ(Pointwise(s34, {{s31, s31s}, {s34, s34c}}), (Shape{4, 1}));
}

TEST(PointwiseStrides, EqualStridesPutTheSmallerDimensionFirst) {
  // randn(3,4).t().unsqueeze(0).exp(): sizes (1,4,3), strides (4,1,4).
  const Shape s = {1, 4, 3}, st = {4, 1, 4};
  EXPECT_EQ(Pointwise(s, {{s, st}}), (Shape{4, 1, 4}));
}

TEST(PointwiseStrides, NonDenseInputsGiveDenseOutputs) {
  // x[:, :, ::2] of a contiguous (2,3,4,5): contiguous result.
  const Shape s = {2, 3, 2, 5}, st = {60, 20, 10, 1};
  EXPECT_EQ(Pointwise(s, {{s, st}}), (Shape{30, 10, 5, 1}));
  // randn(4,3).t()[:, ::2]: sizes (3,2), strides (1,6) -> (1,3).
  EXPECT_EQ(Pointwise(Shape{3, 2}, {{Shape{3, 2}, Shape{1, 6}}}), (Shape{1, 3}));
  EXPECT_EQ(DenseStridesLike(Shape{3, 2}, Shape{1, 6}), (Shape{1, 3}));
}

TEST(PreserveFormat, KeepsDenseStrides) {
  EXPECT_EQ(PreserveFormatStrides(Shape{2, 3}, Shape{1, 2}), (Shape{1, 2}));
  EXPECT_EQ(PreserveFormatStrides(Shape{3, 2}, Shape{1, 6}), (Shape{1, 3}));
  // x.expand(2,4,3).clone() with x = randn(3,4).t(): (12, 1, 4).
  EXPECT_EQ(PreserveFormatStrides(Shape{2, 4, 3}, Shape{0, 1, 4}), (Shape{12, 1, 4}));
  // randn(4,1).expand(4,3).clone(): contiguous.
  EXPECT_EQ(PreserveFormatStrides(Shape{4, 3}, Shape{1, 0}), (Shape{3, 1}));
}

TEST(MemoryFormats, StridesAndChecks) {
  EXPECT_EQ(ChannelsLastStrides(Shape{2, 3, 4, 5}), (Shape{60, 1, 15, 3}));
  EXPECT_EQ(ChannelsLastStrides(Shape{2, 3, 1, 1}), (Shape{3, 1, 3, 3}));
  EXPECT_EQ(ChannelsLast3dStrides(Shape{2, 3, 4, 5, 6}), (Shape{360, 1, 90, 18, 3}));
  EXPECT_FALSE(FormatStrides(Shape{2, 3, 4}, MemoryFormat::kChannelsLast, {}).ok());
  EXPECT_EQ(FormatStrides(Shape{2, 3, 4}, MemoryFormat::kChannelsLast, {}).status().message(),
            "required rank 4 tensor to use channels_last format");
  const Shape x = {2, 3, 4, 5}, cl = {60, 1, 15, 3};
  EXPECT_TRUE(IsContiguousAs(x, cl, MemoryFormat::kChannelsLast));
  EXPECT_FALSE(IsContiguousAs(x, cl, MemoryFormat::kContiguous));
  EXPECT_FALSE(IsContiguousAs(x, ContiguousStrides(x), MemoryFormat::kChannelsLast));
  EXPECT_EQ(SuggestMemoryFormat(x, cl), MemoryFormat::kChannelsLast);
  EXPECT_EQ(SuggestMemoryFormat(x, ContiguousStrides(x)), MemoryFormat::kContiguous);
  // N111 reads as contiguous.
  EXPECT_EQ(SuggestMemoryFormat(Shape{4, 1, 1, 1}, Shape{1, 1, 1, 1}), MemoryFormat::kContiguous);
  EXPECT_EQ(SuggestMemoryFormat(Shape{2, 3, 4, 5, 6}, Shape{360, 1, 90, 18, 3}),
            MemoryFormat::kChannelsLast3d);
}

}  // namespace
}  // namespace tc::tensor
