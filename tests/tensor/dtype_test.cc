#include "tc/tensor/dtype.h"

#include "gtest/gtest.h"

namespace tc::tensor {
namespace {

TEST(DTypeTest, NamesRoundTrip) {
  for (int i = 0; i < kNumDTypes; ++i) {
    DType d = static_cast<DType>(i);
    EXPECT_EQ(*ParseDType(DTypeName(d)), d);
  }
  EXPECT_EQ(*ParseDType("double"), DType::kFloat64);
  EXPECT_FALSE(ParseDType("complex32").ok());
}

TEST(DTypeTest, ResultTypeWeakScalars) {
  TypeOperand int_tensor{DType::kInt64, OperandKind::kTensor};
  TypeOperand float_scalar{DType::kFloat64, OperandKind::kScalar};
  TypeOperand f16_tensor{DType::kFloat16, OperandKind::kTensor};
  TypeOperand f64_zero{DType::kFloat64, OperandKind::kZeroDim};
  TypeOperand i32_tensor{DType::kInt32, OperandKind::kTensor};
  TypeOperand i64_scalar{DType::kInt64, OperandKind::kScalar};
  EXPECT_EQ(ResultType(std::vector{int_tensor, float_scalar}), DType::kFloat32);
  EXPECT_EQ(ResultType(std::vector{f16_tensor, float_scalar}), DType::kFloat16);
  EXPECT_EQ(ResultType(std::vector{f16_tensor, f64_zero}), DType::kFloat16);
  EXPECT_EQ(ResultType(std::vector{i32_tensor, f64_zero}), DType::kFloat64);
  EXPECT_EQ(ResultType(std::vector{i32_tensor, i64_scalar}), DType::kInt32);
}

}  // namespace
}  // namespace tc::tensor
