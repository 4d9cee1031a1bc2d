// mm, bmm, matmul against a float64 triple loop, on contiguous, transposed
// and broadcast operands, in every dtype.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

// One ulp of a float16/bfloat16 value near w.
double Ulp16(double w, DType dtype) {
  const int mantissa = dtype == DType::kFloat16 ? 10 : 7;
  const int min_exp = dtype == DType::kFloat16 ? -14 : -126;
  const int e = w == 0 ? min_exp : std::max(std::ilogb(w), min_exp);
  return std::ldexp(1.0, e - mantissa);
}

// out[b, i, j] for batched (or 2-D when b has no batch) row-major values,
// against a float64 sum of the (exactly representable) inputs' products.
// float16/bfloat16: the products are exact in float and the kernel sums them
// in float, rounding once to the dtype (as PyTorch's CPU kernel does), so
// the result is within one ulp of the exact sum: half an ulp for the final
// rounding, the rest for float's summation error (k terms of size <= 4, far
// below a 16-bit ulp). Other dtypes: test_util's relative tolerance.
void CheckMatmul(const Tensor& a, const Tensor& b, const Tensor& out, int64_t batch, int64_t n,
                 int64_t k, int64_t m, bool a_batched, bool b_batched) {
  const bool half = out.dtype() == DType::kFloat16 || out.dtype() == DType::kBFloat16;
  for (int64_t bi = 0; bi < batch; ++bi) {
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < m; ++j) {
        double acc = 0;
        for (int64_t p = 0; p < k; ++p) {
          acc += a.ElementAsDouble((a_batched ? bi * n * k : 0) + i * k + p) *
                 b.ElementAsDouble((b_batched ? bi * k * m : 0) + p * m + j);
        }
        const double got = out.ElementAsDouble((bi * n + i) * m + j);
        if (half) {
          EXPECT_LE(std::abs(got - acc), Ulp16(acc, out.dtype()))
              << "matmul [" << bi << ", " << i << ", " << j << "]: got " << got << ", want " << acc;
        } else {
          ExpectClose(got, acc, out.dtype(), "matmul");
        }
      }
    }
  }
}

// PyTorch 2.15's CPU mm and bmm take every dtype but bool; each result is
// checked, none skipped.
TEST(MatmulTest, MmAndBmmEveryDType) {
  int checked = 0;
  for (DType dt : kAllDTypes) {
    SCOPED_TRACE(tensor::DTypeName(dt));
    // Small non-negative integers keep every integer dtype in range.
    const double lo = tensor::IsFloatingPoint(dt) ? -2 : 0;
    Tensor a = Random(Shape{13, 17}, dt, 81, lo, 2);
    Tensor b = Random(Shape{17, 11}, dt, 82, lo, 2);
    auto r = Call1("mm", {a, b});
    Tensor a3 = Random(Shape{3, 5, 19}, dt, 83, lo, 2);
    Tensor b3 = Random(Shape{3, 19, 4}, dt, 84, lo, 2);
    auto r3 = Call1("bmm", {a3, b3});
    if (dt == DType::kBool) {
      ASSERT_FALSE(r.ok());
      EXPECT_EQ(r.status().message(), "\"addmm_impl_cpu_\" not implemented for 'Bool'");
      ASSERT_FALSE(r3.ok());
      continue;
    }
    ASSERT_TRUE(r.ok()) << r.status();
    ASSERT_TRUE(r3.ok()) << r3.status();
    ASSERT_EQ(r->dtype(), dt);
    ASSERT_EQ(r3->dtype(), dt);
    CheckMatmul(a, b, *r, 1, 13, 17, 11, false, false);
    CheckMatmul(a3, b3, *r3, 3, 5, 19, 4, true, true);
    ++checked;
  }
  EXPECT_EQ(checked, 9);  // every dtype but bool
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

// out[i, j] = bias[j] + sum_p x[i, p] * w[j, p] in float64, for linear's
// row-major x [rows, k], w [m, k] and bias [m] (null: none), within the
// standard bound of a k-term floating sum: (k + 1) unit roundoffs of the
// sum of the terms' magnitudes (BLAS sums in its own order).
void CheckLinear(const Tensor& x, const Tensor& w, const Tensor* bias, const Tensor& out,
                 int64_t rows, int64_t k, int64_t m) {
  const Tensor xc = x.contiguous();
  const double unit = out.dtype() == DType::kFloat32 ? std::ldexp(1.0, -24) : std::ldexp(1.0, -53);
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < m; ++j) {
      double acc = bias != nullptr ? bias->ElementAsDouble(j) : 0.0;
      double mag = std::abs(acc);
      for (int64_t p = 0; p < k; ++p) {
        const double term = xc.ElementAsDouble(i * k + p) * w.ElementAsDouble(j * k + p);
        acc += term;
        mag += std::abs(term);
      }
      EXPECT_NEAR(out.ElementAsDouble(i * m + j), acc, (k + 1) * unit * mag)
          << "linear [" << i << ", " << j << "]";
    }
  }
}

// A [B, T, C] input times a transposed weight (Linear's matmul) folds the
// batch into one product; a batch whose rows are not evenly spaced (a
// sliced view) runs per batch. Both must give the same values.
TEST(MatmulTest, BroadcastWeightFoldsBatch) {
  Tensor x = Random(Shape{4, 6, 5}, DType::kFloat32, 90);
  Tensor wt = Random(Shape{7, 5}, DType::kFloat32, 91);
  Tensor w = wt.AsStrided(Shape{5, 7}, Shape{1, 5}, 0);  // weight.t()
  Tensor r = Run1("matmul", {x, w});
  EXPECT_EQ(r.sizes(), (Shape{4, 6, 7}));
  CheckLinear(x, wt, nullptr, r, 24, 5, 7);
  Tensor sliced = x.AsStrided(Shape{4, 3, 5}, Shape{30, 5, 1}, 0);  // x[:, :3]
  Tensor rs = Run1("matmul", {sliced, w});
  CheckLinear(sliced, wt, nullptr, rs, 12, 5, 7);
}

// linear's fused kernel (bias written first, BLAS adds the product) on
// float32 and float64, with and without a bias, on a product large enough
// to split over threads; strided inputs and bad shapes decline to the
// decomposition, which gives ATen's words.
TEST(MatmulTest, LinearFusedAndDeclined) {
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    SCOPED_TRACE(tensor::DTypeName(dt));
    Tensor x = Random(Shape{3, 100, 64}, dt, 92);
    Tensor w = Random(Shape{96, 64}, dt, 93);
    Tensor b = Random(Shape{96}, dt, 94);
    Tensor r = Run1("linear", {x, w, b});
    EXPECT_EQ(r.sizes(), (Shape{3, 100, 96}));
    CheckLinear(x, w, &b, r, 300, 64, 96);
    CheckLinear(x, w, nullptr, Run1("linear", {x, w, NoneArg()}), 300, 64, 96);
  }
  Tensor xt = Random(Shape{5, 4}, DType::kFloat32, 95).AsStrided(Shape{4, 5}, Shape{1, 4}, 0);
  Tensor w = Random(Shape{3, 5}, DType::kFloat32, 96);
  Tensor b = Random(Shape{3}, DType::kFloat32, 97);
  CheckLinear(xt, w, &b, Run1("linear", {xt, w, b}), 4, 5, 3);
  auto bad = Call1("linear", {Random(Shape{2, 3, 4}, DType::kFloat32, 98), w, b});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("mat1 and mat2 shapes cannot be multiplied (6x4 and 5x3)"),
            std::string::npos)
      << bad.status().message();
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
