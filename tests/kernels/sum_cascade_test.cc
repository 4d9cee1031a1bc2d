// sum and mean give the same bits on every Highway target this machine runs
// (AVX-512, AVX2, the scalar fallback) and on any thread count: the order is
// ATen's AVX2 one (8 float / 4 double lanes, float32 accumulating in
// float32) whatever the vector width. tests/scripts/eager/torch_sum_order.py
// checks the bits themselves against PyTorch.
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "hwy/targets.h"
#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

struct Case {
  Shape sizes;
  Shape strides;  // empty: contiguous
  Shape dims;     // empty: all
};

std::vector<Case> Cases() {
  return {
      {{5000}, {}, {}},
      {{1 << 18}, {}, {}},
      {{7, 1029}, {}, {1}},
      {{1029, 37}, {}, {0}},
      {{1029, 37}, {1, 1029}, {0}},
      {{4, 70, 9, 11}, {}, {2, 3}},
      {{4, 70, 9, 11}, {70 * 99, 1, 70 * 11, 70}, {2, 3}},     // channels_last
      {{4, 70, 9, 11}, {70 * 99, 1, 70 * 11, 70}, {0, 2, 3}},  // channels_last
      {{4, 70, 9, 11}, {70 * 99, 1, 70 * 11, 70}, {}},         // channels_last
      {{6, 5, 31}, {}, {0, 2}},
      {{6, 5, 31}, {1, 6 * 31, 6}, {1}},
  };
}

std::vector<uint8_t> Bytes(const Tensor& t) {
  std::vector<uint8_t> b(t.numel() * t.itemsize());
  std::memcpy(b.data(), t.raw_data(), b.size());
  return b;
}

TEST(SumCascadeTest, SameBitsOnEverySimdTarget) {
  const std::vector<int64_t> targets = hwy::SupportedAndGeneratedTargets();
  ASSERT_GE(targets.size(), 2u);  // at least one vector target and the scalar one
  for (DType dt : {DType::kFloat32, DType::kFloat64, DType::kFloat16, DType::kBFloat16}) {
    for (const Case& c : Cases()) {
      int64_t span = 1;
      for (size_t d = 0; d < c.sizes.size(); ++d) span *= c.sizes[d];
      const Tensor base = Random(Shape{span}, dt, 7, -4, 5);
      const Tensor t = c.strides.empty()
                           ? base.AsStrided(c.sizes, tensor::ContiguousStrides(c.sizes), 0)
                           : base.AsStrided(c.sizes, c.strides, 0);
      for (const char* op : {"sum", "mean"}) {
        SCOPED_TRACE(absl::StrFormat("%s %s numel %d dims %d", op, tensor::DTypeName(dt), span,
                                     c.dims.size()));
        const Constant dims = c.dims.empty() ? NoneArg() : Constant(c.dims);
        std::vector<uint8_t> first;
        for (int64_t target : targets) {
          hwy::SetSupportedTargetsForTest(target);
          const std::vector<uint8_t> got = Bytes(Run1(op, {t, dims}));
          if (first.empty()) {
            first = got;
          } else {
            EXPECT_TRUE(got == first) << hwy::TargetName(target);
          }
        }
        hwy::SetSupportedTargetsForTest(0);
      }
    }
  }
}

// Float32 sums accumulate in float32, as ATen's: 2^24 + 1 rounds back to
// 2^24 seven times over (a double accumulator would give 2^24 + 7).
TEST(SumCascadeTest, Float32AccumulatesInFloat32) {
  Tensor t = Random(Shape{8}, DType::kFloat32, 1, 1, 1);
  for (int64_t i = 0; i < 8; ++i) SetElement(t, i, i == 0 ? 16777216.0 : 1.0);
  EXPECT_EQ(Run1("sum", {t, NoneArg()}).ElementAsDouble(0), 16777216.0);
  // Doubles: the row's two vectors of 4 lanes add first ((2^53 + 1) rounds
  // to 2^53, the other lanes make 2), then the lanes in order: 2^53 + 6,
  // where one running sum would stay at 2^53.
  Tensor d = Random(Shape{8}, DType::kFloat64, 1, 1, 1);
  for (int64_t i = 0; i < 8; ++i) SetElement(d, i, i == 0 ? 9007199254740992.0 : 1.0);
  EXPECT_EQ(Run1("sum", {d, NoneArg()}).ElementAsDouble(0), 9007199254740998.0);
}

}  // namespace
}  // namespace tc::kernels::testing
