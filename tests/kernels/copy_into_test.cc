// kernels::CopyInto (Tensor.copy_'s eager path): the same elements and
// errors as tensor::Tensor::CopyFrom on every path (contiguous memcpy
// chunks around the parallel threshold, strided, converting, overlapping).
#include <cmath>
#include <cstring>
#include <limits>

#include "gtest/gtest.h"

#include "tc/kernels/copy.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

Tensor Filled(const Shape& sizes, DType dtype, double scale) {
  Tensor t = Tensor::Empty(sizes, DType::kFloat64);
  double* p = t.data<double>();
  for (int64_t i = 0; i < t.numel(); ++i) p[i] = std::sin(static_cast<double>(i) * 0.7) * scale;
  if (t.numel() > 3) {
    p[1] = std::numeric_limits<double>::quiet_NaN();
    p[2] = -std::numeric_limits<double>::infinity();
    p[3] = -0.0;
  }
  return t.to(dtype);
}

// CopyInto's result and CopyFrom's, byte for byte, over `dst`'s elements.
void ExpectSameAsCopyFrom(const Tensor& dst_template, const Tensor& src) {
  Tensor a = dst_template.clone(), b = dst_template.clone();
  // Same strides as the template (clone makes it contiguous): views over
  // fresh storage laid out like it.
  ASSERT_TRUE(CopyInto(a, src).ok());
  ASSERT_TRUE(b.CopyFrom(src).ok());
  ASSERT_EQ(a.numel(), b.numel());
  EXPECT_EQ(std::memcmp(a.raw_data(), b.raw_data(), a.numel() * a.itemsize()), 0);
}

TEST(CopyInto, ContiguousAroundThreshold) {
  // The pool splits copies of more than 32768 elements.
  for (int64_t n : {1, 1000, 32767, 32768, 32769, 65537, 4096 * 1024}) {
    SCOPED_TRACE(n);
    Tensor src = Filled(Shape{n}, DType::kFloat32, 3.0);
    Tensor dst = Tensor::Zeros(Shape{n}, DType::kFloat32);
    ASSERT_TRUE(CopyInto(dst, src).ok());
    EXPECT_EQ(std::memcmp(dst.raw_data(), src.raw_data(), n * 4), 0);
  }
}

TEST(CopyInto, TwoDimensionalIntoAView) {
  // A column slice of a wider tensor: rows are contiguous, the whole is not.
  Tensor wide = Tensor::Zeros(Shape{300, 400}, DType::kFloat32);
  Tensor dst = wide.AsStrided(Shape{300, 200}, Shape{400, 1}, 100);
  Tensor src = Filled(Shape{300, 200}, DType::kFloat32, 1.0);
  ASSERT_TRUE(CopyInto(dst, src).ok());
  for (int64_t r : {0, 150, 299}) {
    EXPECT_EQ(std::memcmp(wide.data<float>() + r * 400 + 100, src.data<float>() + r * 200, 800), 0);
    EXPECT_EQ(wide.data<float>()[r * 400 + 99], 0.0f);
    EXPECT_EQ(wide.data<float>()[r * 400 + 300], 0.0f);
  }
}

TEST(CopyInto, StridedAndConvertingMatchCopyFrom) {
  Tensor src = Filled(Shape{257, 130}, DType::kFloat64, 1e3);
  Tensor transposed = src.AsStrided(Shape{130, 257}, Shape{1, 130}, 0);
  ExpectSameAsCopyFrom(Tensor::Zeros(Shape{130, 257}, DType::kFloat64), transposed);
  ExpectSameAsCopyFrom(Tensor::Zeros(Shape{130, 257}, DType::kFloat32), transposed);
  ExpectSameAsCopyFrom(Tensor::Zeros(Shape{257, 130}, DType::kInt32), src);
  ExpectSameAsCopyFrom(Tensor::Zeros(Shape{257, 130}, DType::kBFloat16), src);
  ExpectSameAsCopyFrom(Tensor::Zeros(Shape{257, 130}, DType::kBool), src);
}

TEST(CopyInto, ErrorsAsCopyFrom) {
  Tensor dst = Tensor::Zeros(Shape{3, 4}, DType::kFloat32);
  Tensor src = Tensor::Zeros(Shape{4, 3}, DType::kFloat32);
  absl::Status got = CopyInto(dst, src);
  absl::Status want = dst.CopyFrom(src);
  EXPECT_FALSE(got.ok());
  EXPECT_EQ(got, want);
  Tensor meta = Tensor::Empty(Shape{3, 4}, DType::kFloat32, tensor::Device::Meta());
  EXPECT_EQ(CopyInto(dst, meta), dst.CopyFrom(meta));
  EXPECT_TRUE(CopyInto(meta, dst).ok());
}

// Source and destination overlapping in one storage: CopyFrom's order.
TEST(CopyInto, OverlappingKeepsCopyFromOrder) {
  Tensor a = Filled(Shape{70000}, DType::kFloat32, 1.0);
  Tensor b = a.clone();
  ASSERT_TRUE(
      CopyInto(a.AsStrided(Shape{69999}, Shape{1}, 1), a.AsStrided(Shape{69999}, Shape{1}, 0))
          .ok());
  Tensor bd = b.AsStrided(Shape{69999}, Shape{1}, 1);
  ASSERT_TRUE(bd.CopyFrom(b.AsStrided(Shape{69999}, Shape{1}, 0)).ok());
  EXPECT_EQ(std::memcmp(a.raw_data(), b.raw_data(), 70000 * 4), 0);
}

}  // namespace
}  // namespace tc::kernels
