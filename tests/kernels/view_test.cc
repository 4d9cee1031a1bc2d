// View kernels share storage; reshape copies only when it must.
#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

Tensor Iota(Shape sizes) {
  Tensor t = Tensor::Empty(sizes, DType::kFloat32);
  for (int64_t i = 0; i < t.numel(); ++i) SetElement(t, i, static_cast<double>(i));
  return t;
}

TEST(ViewTest, ViewsShareStorage) {
  Tensor t = Iota({2, 3, 4});
  Tensor v = Run1("view", {t, Ints({6, -1})});
  EXPECT_EQ(v.sizes(), (Shape{6, 4}));
  EXPECT_EQ(v.storage(), t.storage());
  Tensor p = Run1("permute", {t, Ints({2, 0, 1})});
  EXPECT_EQ(p.sizes(), (Shape{4, 2, 3}));
  EXPECT_EQ(p.ElementAsDouble(1), 4);  // p[0,0,1] = t[0,1,0]
  EXPECT_EQ(p.storage(), t.storage());
  Tensor u = Run1("unsqueeze", {t, Int(1)});
  EXPECT_EQ(u.sizes(), (Shape{2, 1, 3, 4}));
  Tensor sq = Run1("squeeze", {u});
  EXPECT_EQ(sq.sizes(), (Shape{2, 3, 4}));
  Tensor sq1 = Run1("squeeze", {u, Ints({0, 1})});
  EXPECT_EQ(sq1.sizes(), (Shape{2, 3, 4}));
  Tensor e = Run1("expand", {Iota({3, 1}), Ints({2, -1, 4})});
  EXPECT_EQ(e.sizes(), (Shape{2, 3, 4}));
  EXPECT_EQ(e.strides(), (Shape{0, 1, 0}));
  EXPECT_EQ(e.ElementAsDouble(13), 0);  // e[1,0,1]
  EXPECT_EQ(e.ElementAsDouble(17), 1);  // e[1,1,1]
}

TEST(ViewTest, SliceClampsLikePython) {
  Tensor t = Iota({10});
  Tensor s = Run1("slice", {t, Int(0), Int(2), Int(100), Int(3)});
  ASSERT_EQ(s.sizes(), (Shape{3}));
  EXPECT_EQ(Values(s), (std::vector<double>{2, 5, 8}));
  Tensor n = Run1("slice", {t, Int(0), Int(-3), NoneArg()});
  EXPECT_EQ(Values(n), (std::vector<double>{7, 8, 9}));
  Tensor empty = Run1("slice", {t, Int(0), Int(8), Int(2)});
  EXPECT_EQ(empty.numel(), 0);
  EXPECT_FALSE(Call1("slice", {t, Int(0), Int(0), Int(5), Int(0)}).ok());
}

TEST(ViewTest, ViewFailsAcrossStridesReshapeCopies) {
  Tensor t = Iota({3, 4});
  Tensor tt = Run1("permute", {t, Ints({1, 0})});
  auto v = Call1("view", {tt, Ints({12})});
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.status().message().find("view size is not compatible"), std::string::npos);
  Tensor r = Run1("reshape", {tt, Ints({12})});
  EXPECT_NE(r.storage(), t.storage());
  EXPECT_EQ(Values(r), (std::vector<double>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  Tensor r2 = Run1("reshape", {t, Ints({2, 6})});
  EXPECT_EQ(r2.storage(), t.storage());
  // A sliced view that can still be viewed.
  Tensor rows = Run1("slice", {t, Int(0), Int(1), Int(3)});
  Tensor flat = Run1("view", {rows, Ints({-1})});
  EXPECT_EQ(Values(flat)[0], 4);
}

// Strides and offsets as torch 2 reports them (see the comments).
TEST(ViewTest, StridesAndOffsetsMatchTorch) {
  Tensor t = Iota({2, 3, 4});
  // s = t[:, :, 1:3]; s.view(6, 2): strides (4, 1), offset 1.
  Tensor s = Run1("slice", {t, Int(2), Int(1), Int(3)});
  Tensor v = Run1("view", {s, Ints({6, 2})});
  EXPECT_EQ(v.strides(), (Shape{4, 1}));
  EXPECT_EQ(v.storage_offset(), 1);
  EXPECT_EQ(v.storage(), t.storage());
  EXPECT_EQ(Values(v), (std::vector<double>{1, 2, 5, 6, 9, 10, 13, 14, 17, 18, 21, 22}));
  // s.reshape(12) copies: stride (1,), offset 0, same values.
  Tensor r = Run1("reshape", {s, Ints({12})});
  EXPECT_NE(r.storage(), t.storage());
  EXPECT_EQ(r.strides(), (Shape{1}));
  EXPECT_EQ(r.storage_offset(), 0);
  EXPECT_EQ(Values(r), Values(v));
  // t[1:, 1:3][:, :, 2:]: sizes (1, 2, 2), strides (12, 4, 1), offset 18.
  Tensor a = Run1("slice", {t, Int(0), Int(1), NoneArg()});
  Tensor b = Run1("slice", {a, Int(1), Int(1), Int(3)});
  Tensor c = Run1("slice", {b, Int(2), Int(2), NoneArg()});
  EXPECT_EQ(c.sizes(), (Shape{1, 2, 2}));
  EXPECT_EQ(c.strides(), (Shape{12, 4, 1}));
  EXPECT_EQ(c.storage_offset(), 18);
  // Zero elements: torch.empty(0, 3).t() has strides (1, 3); viewing it as
  // (3, 0) keeps them, as (0, 3) gives fresh ones (3, 1).
  Tensor e = Run1("permute", {Tensor::Empty(Shape{0, 3}, DType::kFloat32), Ints({1, 0})});
  EXPECT_EQ(e.strides(), (Shape{1, 3}));
  EXPECT_EQ(Run1("view", {e, Ints({3, 0})}).strides(), (Shape{1, 3}));
  EXPECT_EQ(Run1("view", {e, Ints({0, 3})}).strides(), (Shape{3, 1}));
}

TEST(ViewTest, ZeroDim) {
  Tensor s = Tensor::FromScalar(Scalar(3.0), DType::kFloat32);
  Tensor v = Run1("reshape", {s, Ints({1, 1})});
  EXPECT_EQ(v.sizes(), (Shape{1, 1}));
  EXPECT_EQ(v.ElementAsDouble(0), 3);
  Tensor u = Run1("unsqueeze", {s, Int(0)});
  EXPECT_EQ(u.sizes(), (Shape{1}));
}

}  // namespace
}  // namespace tc::kernels::testing
