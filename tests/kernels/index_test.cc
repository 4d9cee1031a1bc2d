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
