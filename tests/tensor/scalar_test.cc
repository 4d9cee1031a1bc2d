// Scalar::ToString against Python's repr (tests/tensor/golden/scalar_repr.txt).
#include "tc/tensor/scalar.h"

#include <cstring>
#include <string>

#include "gtest/gtest.h"

#include "golden_file.h"

namespace tc::tensor {
namespace {

TEST(ScalarTest, FloatReprMatchesPython) {
  std::vector<std::string> lines = testing::ReadLines(testing::GoldenPath("scalar_repr.txt"));
  ASSERT_GT(lines.size(), 100u) << "golden missing: " << testing::GoldenPath("scalar_repr.txt");
  for (const std::string& line : lines) {
    size_t space = line.find(' ');
    uint64_t bits = std::stoull(line.substr(0, space), nullptr, 16);
    double v;
    std::memcpy(&v, &bits, sizeof(v));
    EXPECT_EQ(Scalar(v).ToString(), line.substr(space + 1)) << "bits " << line.substr(0, space);
  }
}

TEST(ScalarTest, BoolAndIntRepr) {
  EXPECT_EQ(Scalar(true).ToString(), "True");
  EXPECT_EQ(Scalar(false).ToString(), "False");
  EXPECT_EQ(Scalar(int64_t{-9223372036854775807LL - 1}).ToString(), "-9223372036854775808");
  EXPECT_EQ(Scalar(3).ToString(), "3");
}

TEST(ScalarTest, KindsAndConversions) {
  EXPECT_EQ(Scalar(true).dtype(), DType::kBool);
  EXPECT_EQ(Scalar(2).dtype(), DType::kInt64);
  EXPECT_EQ(Scalar(2.0).dtype(), DType::kFloat64);
  EXPECT_EQ(Scalar(-2.7).to_int(), -2);
  EXPECT_TRUE(Scalar(0.5).to_bool());
  EXPECT_FALSE(Scalar(2) == Scalar(2.0));
  EXPECT_TRUE(Scalar(2.0) == Scalar(2.0));
}

}  // namespace
}  // namespace tc::tensor
