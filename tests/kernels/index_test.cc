// cat, index_select, gather, scatter.
#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

Tensor IntTensor(Shape sizes, std::vector<int64_t> v, DType dt = DType::kInt64) {
  Tensor t = Tensor::Empty(sizes, dt);
  for (size_t i = 0; i < v.size(); ++i) SetElement(t, static_cast<int64_t>(i), v[i]);
  return t;
}

TEST(IndexTest, CatPromotesAndSkipsEmpty) {
  Tensor a = IntTensor({2, 2}, {1, 2, 3, 4}, DType::kInt32);
  Tensor b = Tensor::Full(Shape{2, 1}, 0.5, DType::kFloat32);
  Tensor e = Tensor::Empty(Shape{0}, DType::kFloat64);
  Tensor c = Run1("cat", {std::vector<Tensor>{a, b}, Int(1)});
  EXPECT_EQ(c.dtype(), DType::kFloat32);
  EXPECT_EQ(Values(c), (std::vector<double>{1, 2, 0.5, 3, 4, 0.5}));
  Tensor c0 = Run1("cat", {std::vector<Tensor>{a, e, a}});
  EXPECT_EQ(c0.sizes(), (Shape{4, 2}));
  EXPECT_EQ(Values(c0)[7], 4);
}

TEST(IndexTest, IndexSelect) {
  Tensor t = IntTensor({3, 2}, {10, 11, 20, 21, 30, 31});
  Tensor r = Run1("index_select", {t, Int(0), IntTensor({3}, {2, 0, 2}, DType::kInt32)});
  EXPECT_EQ(Values(r), (std::vector<double>{30, 31, 10, 11, 30, 31}));
  Tensor c = Run1("index_select", {t, Int(1), IntTensor({1}, {1})});
  EXPECT_EQ(Values(c), (std::vector<double>{11, 21, 31}));
  auto bad = Call1("index_select", {t, Int(0), IntTensor({1}, {3})});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("index out of range in self"), std::string::npos);
}

// A middle dim of a contiguous tensor (the block-copy path) and the same
// values through a non-contiguous view (the general path) agree with the
// definition out[a, j, c] = t[a, index[j], c].
TEST(IndexTest, IndexSelectMiddleDimContiguousAndStrided) {
  std::vector<int64_t> values(12);
  for (int64_t i = 0; i < 12; ++i) values[i] = 100 + i;
  Tensor t = IntTensor({2, 3, 2}, values, DType::kFloat32);
  Tensor index = IntTensor({4}, {2, 0, 2, 1});
  std::vector<double> want;
  for (int64_t a = 0; a < 2; ++a) {
    for (int64_t k : {2, 0, 2, 1}) {
      for (int64_t c = 0; c < 2; ++c) want.push_back(static_cast<double>(100 + a * 6 + k * 2 + c));
    }
  }
  Tensor r = Run1("index_select", {t, Int(1), index});
  EXPECT_EQ(r.sizes(), (Shape{2, 4, 2}));
  EXPECT_EQ(Values(r), want);
  // The same elements, stored [c][a][k]: a view with strides {3, 1, 6}.
  std::vector<int64_t> permuted(12);
  for (int64_t a = 0; a < 2; ++a)
    for (int64_t k = 0; k < 3; ++k)
      for (int64_t c = 0; c < 2; ++c) permuted[c * 6 + a * 3 + k] = 100 + a * 6 + k * 2 + c;
  Tensor base = IntTensor({12}, permuted, DType::kFloat32);
  Tensor strided = base.AsStrided(Shape{2, 3, 2}, Shape{3, 1, 6}, 0);
  ASSERT_FALSE(strided.is_contiguous());
  EXPECT_EQ(Values(Run1("index_select", {strided, Int(1), index})), want);
}

TEST(IndexTest, GatherAndScatter) {
  Tensor t = IntTensor({2, 3}, {1, 2, 3, 4, 5, 6}, DType::kFloat32);
  Tensor idx = IntTensor({2, 2}, {2, 0, 1, 1});
  Tensor g = Run1("gather", {t, Int(1), idx});
  EXPECT_EQ(Values(g), (std::vector<double>{3, 1, 5, 5}));
  Tensor g0 = Run1("gather", {t, Int(0), IntTensor({1, 3}, {1, 0, 1})});
  EXPECT_EQ(Values(g0), (std::vector<double>{4, 2, 6}));
  auto bad = Call1("gather", {t, Int(1), IntTensor({1, 1}, {3})});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("out of bounds"), std::string::npos);
  Tensor src = IntTensor({2, 2}, {-1, -2, -3, -4}, DType::kFloat32);
  Tensor s = Run1("scatter", {t, Int(1), idx, src});
  EXPECT_EQ(Values(s), (std::vector<double>{-2, 2, -1, 4, -4, 6}));
  EXPECT_EQ(Values(t)[0], 1);  // functional: the input is unchanged
  Tensor sv = Run1("scatter", {t, Int(0), IntTensor({1, 2}, {1, 0}), Float(9.0)});
  EXPECT_EQ(Values(sv), (std::vector<double>{1, 9, 3, 9, 5, 6}));
}

}  // namespace
}  // namespace tc::kernels::testing
