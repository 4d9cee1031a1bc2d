// mm, bmm, matmul against a float64 triple loop, on contiguous, transposed
// and broadcast operands.
#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

// out[b, i, j] for batched (or 2-D when b has no batch) row-major values.
void CheckMatmul(const Tensor& a, const Tensor& b, const Tensor& out, int64_t batch, int64_t n,
                 int64_t k, int64_t m, bool a_batched, bool b_batched) {
  for (int64_t bi = 0; bi < batch; ++bi) {
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < m; ++j) {
        double acc = 0;
        for (int64_t p = 0; p < k; ++p) {
          acc += a.ElementAsDouble((a_batched ? bi * n * k : 0) + i * k + p) *
                 b.ElementAsDouble((b_batched ? bi * k * m : 0) + p * m + j);
        }
        ExpectClose(out.ElementAsDouble((bi * n + i) * m + j), acc, out.dtype(), "matmul");
      }
    }
  }
}

TEST(MatmulTest, MmEveryDType) {
  for (DType dt : kAllDTypes) {
    SCOPED_TRACE(tensor::DTypeName(dt));
    // Small non-negative integers keep every integer dtype in range.
    const double lo = tensor::IsFloatingPoint(dt) ? -2 : 0;
    Tensor a = Random(Shape{13, 17}, dt, 81, lo, 2);
    Tensor b = Random(Shape{17, 11}, dt, 82, lo, 2);
    auto r = Call1("mm", {a, b});
    if (!r.ok()) continue;
    if (dt == DType::kFloat16 || dt == DType::kBFloat16) continue;  // rounding of k terms
    CheckMatmul(a, b, *r, 1, 13, 17, 11, false, false);
  }
}

TEST(MatmulTest, TransposedAndLarge) {
  Tensor at = Random(Shape{300, 200}, DType::kFloat32, 83);
  Tensor a = at.AsStrided(Shape{200, 300}, Shape{1, 200}, 0);  // transposed view
  Tensor b = Random(Shape{300, 150}, DType::kFloat32, 84);
  Tensor r = Run1("mm", {a, b});
  Tensor ac = a.contiguous();
  for (int64_t i = 0; i < 200; i += 37) {
    for (int64_t j = 0; j < 150; j += 29) {
      double acc = 0;
      for (int64_t p = 0; p < 300; ++p)
        acc += ac.ElementAsDouble(i * 300 + p) * b.ElementAsDouble(p * 150 + j);
      EXPECT_NEAR(r.ElementAsDouble(i * 150 + j), acc, 1e-3);
    }
  }
}

TEST(MatmulTest, BmmAndMatmulBroadcast) {
  Tensor a = Random(Shape{3, 4, 5}, DType::kFloat64, 85);
  Tensor b = Random(Shape{3, 5, 2}, DType::kFloat64, 86);
  CheckMatmul(a, b, Run1("bmm", {a, b}), 3, 4, 5, 2, true, true);
  Tensor w = Random(Shape{5, 2}, DType::kFloat64, 87);
  Tensor r = Run1("matmul", {a, w});
  EXPECT_EQ(r.sizes(), (Shape{3, 4, 2}));
  CheckMatmul(a, w, r, 3, 4, 5, 2, true, false);
  Tensor v = Random(Shape{5}, DType::kFloat64, 88);
  Tensor mv = Run1("matmul", {a, v});
  EXPECT_EQ(mv.sizes(), (Shape{3, 4}));
  CheckMatmul(a, v, mv, 3, 4, 5, 1, true, false);
  Tensor dot = Run1("matmul", {v, v});
  EXPECT_EQ(dot.dim(), 0);
  double want = 0;
  for (int i = 0; i < 5; ++i) want += v.ElementAsDouble(i) * v.ElementAsDouble(i);
  ExpectClose(dot.ElementAsDouble(0), want, DType::kFloat64, "dot");
  // Two batch dims, one broadcast: [2, 1, 4, 5] @ [3, 5, 2] -> [2, 3, 4, 2].
  Tensor a4 = Random(Shape{2, 1, 4, 5}, DType::kFloat64, 89);
  Tensor r4 = Run1("matmul", {a4, b});
  EXPECT_EQ(r4.sizes(), (Shape{2, 3, 4, 2}));
  for (int64_t x = 0; x < 2; ++x) {
    for (int64_t y = 0; y < 3; ++y) {
      for (int64_t i = 0; i < 4; ++i) {
        for (int64_t j = 0; j < 2; ++j) {
          double acc = 0;
          for (int64_t p = 0; p < 5; ++p) {
            acc += a4.ElementAsDouble(x * 20 + i * 5 + p) * b.ElementAsDouble(y * 10 + p * 2 + j);
          }
          ExpectClose(r4.ElementAsDouble(((x * 3 + y) * 4 + i) * 2 + j), acc, DType::kFloat64,
                      "matmul 4d");
        }
      }
    }
  }
}

TEST(MatmulTest, DTypeMismatchAndEmpty) {
  auto r = Call1(
      "mm", {Random(Shape{2, 2}, DType::kFloat32, 1), Random(Shape{2, 2}, DType::kFloat64, 1)});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("expected m1 and m2 to have the same dtype"),
            std::string::npos);
  Tensor z = Run1("mm", {Tensor::Empty(Shape{3, 0}, DType::kFloat32),
                         Tensor::Empty(Shape{0, 2}, DType::kFloat32)});
  EXPECT_EQ(Values(z), std::vector<double>(6, 0.0));
}

}  // namespace
}  // namespace tc::kernels::testing
