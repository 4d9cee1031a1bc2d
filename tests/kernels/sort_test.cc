// The sort kernel against std::stable_sort references: sorted order along
// every dim, stability (equal values keep input order with stable=True),
// NaN placement (last ascending, first descending, payload kept), -0.0
// equal to 0.0, and lines long enough to be split over the pool.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

std::vector<Tensor> Sort(const Tensor& t, int64_t dim, bool descending, bool stable) {
  auto r = Call(*graph_ir::FindOp("sort"),
                {t, Int(dim), Constant(Scalar(descending)), Constant(Scalar(stable))});
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : std::vector<Tensor>{};
}

// NaN-last order (NaN-first when descending) of the values of one line.
bool Before(double a, double b, bool descending) {
  if (descending) return (std::isnan(a) && !std::isnan(b)) || a > b;
  return (!std::isnan(a) && std::isnan(b)) || a < b;
}

// Checks every line of a [A, B, C] sort along `dim` against a stable
// reference (values and, for stable sorts, indices).
void CheckLines(const Tensor& t, int dim, bool descending, bool stable) {
  auto r = Sort(t, dim, descending, stable);
  ASSERT_EQ(r.size(), 2u);
  const int64_t A = t.size(0), B = t.size(1), C = t.size(2);
  const int64_t n = t.size(dim);
  const int64_t stride[3] = {B * C, C, 1};
  for (int64_t a = 0; a < A; ++a) {
    for (int64_t b = 0; b < B; ++b) {
      for (int64_t c = 0; c < C; ++c) {
        int64_t pos[3] = {a, b, c};
        if (pos[dim] != 0) continue;
        const int64_t base = a * stride[0] + b * stride[1] + c * stride[2];
        std::vector<int64_t> ref(n);
        std::iota(ref.begin(), ref.end(), 0);
        auto at = [&](int64_t k) { return t.ElementAsDouble(base + k * stride[dim]); };
        std::stable_sort(ref.begin(), ref.end(),
                         [&](int64_t i, int64_t j) { return Before(at(i), at(j), descending); });
        for (int64_t k = 0; k < n; ++k) {
          const int64_t o = base + k * stride[dim];
          const double got = r[0].ElementAsDouble(o), want = at(ref[k]);
          ASSERT_TRUE(got == want || (std::isnan(got) && std::isnan(want)))
              << "line at " << base << " k " << k << ": " << got << " vs " << want;
          const int64_t idx = r[1].data<int64_t>()[o];
          if (stable) {
            ASSERT_EQ(idx, ref[k]) << "line at " << base << " k " << k;
          } else {
            ASSERT_TRUE(at(idx) == want || (std::isnan(at(idx)) && std::isnan(want)));
          }
        }
      }
    }
  }
}

TEST(SortTest, EveryDTypeEveryDimBothDirections) {
  for (DType dt : kAllDTypes) {
    SCOPED_TRACE(tensor::DTypeName(dt));
    // Few distinct values: many ties.
    Tensor t = Random(Shape{3, 40, 5}, dt, 7, -3, 3);
    for (int dim = 0; dim < 3; ++dim) {
      for (bool desc : {false, true}) {
        for (bool stable : {false, true}) CheckLines(t, dim, desc, stable);
      }
    }
  }
}

TEST(SortTest, NaNsLastAscendingFirstDescendingPayloadKept) {
  const float nan_payload = std::bit_cast<float>(0x7fc01234u);
  const float neg_nan = std::bit_cast<float>(0xffc00000u);
  std::vector<float> v = {1.0f, nan_payload, -0.0f, 0.0f, -INFINITY, neg_nan, INFINITY, -2.0f};
  Tensor t = Tensor::Empty(Shape{8}, DType::kFloat32);
  std::copy(v.begin(), v.end(), t.data<float>());
  auto up = Sort(t, 0, false, true);
  const int64_t want_up[] = {4, 7, 2, 3, 0, 6, 1, 5};  // -0.0, 0.0 in input order
  for (int k = 0; k < 8; ++k) EXPECT_EQ(up[1].data<int64_t>()[k], want_up[k]) << k;
  EXPECT_EQ(std::bit_cast<uint32_t>(up[0].data<float>()[6]), 0x7fc01234u);
  EXPECT_EQ(std::bit_cast<uint32_t>(up[0].data<float>()[7]), 0xffc00000u);
  EXPECT_EQ(std::bit_cast<uint32_t>(up[0].data<float>()[2]), 0x80000000u);  // -0.0 kept
  auto down = Sort(t, 0, true, true);
  const int64_t want_down[] = {1, 5, 6, 0, 2, 3, 7, 4};
  for (int k = 0; k < 8; ++k) EXPECT_EQ(down[1].data<int64_t>()[k], want_down[k]) << k;
}

TEST(SortTest, ExtremeIntegersAndDoubles) {
  Tensor t = Tensor::Empty(Shape{5}, DType::kInt64);
  const int64_t v[] = {0, std::numeric_limits<int64_t>::max(), -1,
                       std::numeric_limits<int64_t>::min(), 1};
  std::copy(std::begin(v), std::end(v), t.data<int64_t>());
  auto r = Sort(t, 0, false, false);
  const int64_t want[] = {3, 2, 0, 4, 1};
  for (int k = 0; k < 5; ++k) EXPECT_EQ(r[1].data<int64_t>()[k], want[k]);
  Tensor d = Random(Shape{2, 3, 700}, DType::kFloat64, 3, -1e300, 1e300);
  SetElement(d, 5, std::nan(""));
  for (bool desc : {false, true}) CheckLines(d, 2, desc, true);
}

TEST(SortTest, LongLinesAndManyRowsOverThePool) {
  Tensor t = Random(Shape{1, 3, 50000}, DType::kFloat32, 11, -100, 100);
  for (bool desc : {false, true}) CheckLines(t, 2, desc, false);
  Tensor rows = Random(Shape{64, 300, 2}, DType::kInt32, 5, -20, 20);
  CheckLines(rows, 1, true, true);
  CheckLines(rows, 0, false, true);
}

TEST(SortTest, StridedAndZeroDimInputs) {
  Tensor base = Random(Shape{6, 9}, DType::kFloat32, 2);
  Tensor tt = base.AsStrided(Shape{9, 6}, Shape{1, 9}, 0);  // transposed
  auto r = Sort(tt, 1, false, true);
  for (int64_t i = 0; i < 9; ++i) {
    for (int64_t k = 1; k < 6; ++k) {
      EXPECT_LE(r[0].ElementAsDouble(i * 6 + k - 1), r[0].ElementAsDouble(i * 6 + k));
    }
  }
  Tensor s = Tensor::Empty(Shape{}, DType::kFloat32);
  s.data<float>()[0] = 4.0f;
  auto z = Sort(s, -1, true, false);
  EXPECT_EQ(z[0].data<float>()[0], 4.0f);
  EXPECT_EQ(z[1].data<int64_t>()[0], 0);
  EXPECT_FALSE(
      Call(*graph_ir::FindOp("sort"), {s, Int(1), Constant(Scalar(false)), Constant(Scalar(false))})
          .ok());
}

}  // namespace
}  // namespace tc::kernels::testing
