#include "gtest/gtest.h"

#include "tc/tensor/tensor.h"

namespace tc::tensor {
namespace {

TEST(TensorTest, TransposedViewCopiesToContiguous) {
  Tensor t = Tensor::Empty(std::vector<int64_t>{2, 3}, DType::kFloat32);
  for (int i = 0; i < 6; ++i) t.data<float>()[i] = static_cast<float>(i);
  Tensor tt = t.AsStrided(std::vector<int64_t>{3, 2}, std::vector<int64_t>{1, 3}, 0);
  EXPECT_FALSE(tt.is_contiguous());
  Tensor c = tt.contiguous();
  EXPECT_TRUE(c.is_contiguous());
  const float expected[] = {0, 3, 1, 4, 2, 5};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(c.data<float>()[i], expected[i]);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.raw_data()) % kStorageAlignment, 0u);
}

TEST(TensorTest, ToConvertsAndTruncates) {
  Tensor t = Tensor::Full(std::vector<int64_t>{3}, Scalar(-2.7), DType::kFloat64);
  Tensor i = t.to(DType::kInt32);
  EXPECT_EQ(i.data<int32_t>()[0], -2);
  Tensor b = t.to(DType::kBool);
  EXPECT_TRUE(b.data<bool>()[2]);
  Tensor h = t.to(DType::kFloat16);
  EXPECT_EQ(h.ElementAsDouble(1), -2.69921875);  // nearest float16
}

}  // namespace
}  // namespace tc::tensor
