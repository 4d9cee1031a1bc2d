// Tensor::to between every pair of dtypes against torch's .to()
// (tests/tensor/golden/conversions.txt), and views / contiguous / clone.
#include <cstring>
#include <string>

#include "gtest/gtest.h"

#include "tc/tensor/dispatch.h"
#include "tc/tensor/tensor.h"

#include "golden_file.h"

namespace tc::tensor {
namespace {

std::string Hex(const void* data, size_t bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) {
    out += kDigits[p[i] >> 4];
    out += kDigits[p[i] & 15];
  }
  return out;
}

// A 1-d tensor of `dtype` from hex bytes ("-" for none), stored every
// `step` elements of a larger buffer so strided reads are exercised too.
Tensor FromHex(const std::string& hex, DType dtype, int64_t step) {
  std::string bytes_hex = hex == "-" ? "" : hex;
  size_t item = ItemSize(dtype);
  int64_t n = static_cast<int64_t>(bytes_hex.size() / 2 / item);
  Tensor base = Tensor::Zeros(std::vector<int64_t>{n * step}, dtype);
  auto* p = static_cast<unsigned char*>(base.raw_data());
  for (int64_t i = 0; i < n; ++i) {
    for (size_t b = 0; b < item; ++b) {
      size_t at = (i * item + b) * 2;
      p[i * step * item + b] =
          static_cast<unsigned char>(std::stoi(bytes_hex.substr(at, 2), nullptr, 16));
    }
  }
  return base.AsStrided(std::vector<int64_t>{n}, std::vector<int64_t>{step}, 0);
}

TEST(ConversionTest, ToMatchesTorchForEveryPair) {
  std::vector<std::string> lines = testing::ReadLines(testing::GoldenPath("conversions.txt"));
  ASSERT_EQ(lines.size(), static_cast<size_t>(kNumDTypes * kNumDTypes))
      << testing::GoldenPath("conversions.txt");
  for (const std::string& line : lines) {
    std::vector<std::string> w = testing::SplitWords(line);
    ASSERT_EQ(w.size(), 5u) << line;
    DType src = *ParseDType(w[1]), dst = *ParseDType(w[2]);
    for (int64_t step : {1, 3}) {
      Tensor t = FromHex(w[3], src, step);
      Tensor converted = t.to(dst);
      EXPECT_EQ(converted.dtype(), dst);
      // Only a real conversion copies; the same dtype returns the view.
      EXPECT_EQ(converted.is_contiguous(), src != dst || step == 1);
      Tensor out = converted.contiguous();
      std::string expected = w[4] == "-" ? "" : w[4];
      // NaN payloads differ between torch's own cast paths; compare values.
      if (IsFloatingPoint(dst) && expected != Hex(out.raw_data(), out.numel() * out.itemsize())) {
        Tensor want = FromHex(w[4], dst, 1);
        for (int64_t i = 0; i < out.numel(); ++i) {
          double a = out.ElementAsDouble(i), b = want.ElementAsDouble(i);
          EXPECT_TRUE((std::isnan(a) && std::isnan(b)) || a == b)
              << line << " element " << i << ": " << a << " vs " << b;
        }
        continue;
      }
      EXPECT_EQ(Hex(out.raw_data(), out.numel() * out.itemsize()), expected)
          << w[1] << " -> " << w[2] << " step " << step;
    }
  }
}

TEST(ConversionTest, ToSameDtypeSharesStorage) {
  Tensor t = Tensor::Full(std::vector<int64_t>{4}, Scalar(1.5), DType::kFloat32);
  EXPECT_EQ(t.to(DType::kFloat32).storage(), t.storage());
  EXPECT_NE(t.to(DType::kFloat64).storage(), t.storage());
}

TEST(ViewTest, ContiguousCloneAndViewsOverEveryDtype) {
  for (int d = 0; d < kNumDTypes; ++d) {
    DType dtype = static_cast<DType>(d);
    SCOPED_TRACE(std::string(DTypeName(dtype)));
    Tensor t = Tensor::Empty(std::vector<int64_t>{2, 3, 4}, dtype);
    for (int64_t i = 0; i < 24; ++i) {
      VisitDType(dtype, [&]<typename T>(TypeTag<T>) {
        t.data<T>()[i] = CastValue<T>(static_cast<int64_t>(i % 7));
      });
    }
    EXPECT_TRUE(t.is_contiguous());
    EXPECT_EQ(t.contiguous().storage(), t.storage());
    // permute(2, 0, 1) as a strided view.
    Tensor p = t.AsStrided(std::vector<int64_t>{4, 2, 3}, std::vector<int64_t>{1, 12, 4}, 0);
    EXPECT_FALSE(p.is_contiguous());
    EXPECT_EQ(p.storage(), t.storage());
    Tensor c = p.contiguous();
    EXPECT_TRUE(c.is_contiguous());
    EXPECT_NE(c.storage(), t.storage());
    for (int64_t k = 0; k < 4; ++k) {
      for (int64_t i = 0; i < 2; ++i) {
        for (int64_t j = 0; j < 3; ++j) {
          EXPECT_EQ(c.ElementAsDouble(k * 6 + i * 3 + j), t.ElementAsDouble(i * 12 + j * 4 + k));
        }
      }
    }
    // A slice with an offset: t[1, :, 1::2].
    Tensor s = t.AsStrided(std::vector<int64_t>{3, 2}, std::vector<int64_t>{4, 2}, 13);
    Tensor sc = s.clone();
    EXPECT_NE(sc.storage(), s.storage());
    for (int64_t i = 0; i < 6; ++i) {
      EXPECT_EQ(sc.ElementAsDouble(i), t.ElementAsDouble(13 + (i / 2) * 4 + (i % 2) * 2));
    }
    // clone() never aliases, even when contiguous.
    Tensor cl = t.clone();
    EXPECT_NE(cl.storage(), t.storage());
    EXPECT_EQ(std::memcmp(cl.raw_data(), t.raw_data(), 24 * t.itemsize()), 0);
    // Broadcast (stride 0) view copies each row.
    Tensor row = t.AsStrided(std::vector<int64_t>{3, 4}, std::vector<int64_t>{0, 1}, 4);
    Tensor rc = row.contiguous();
    for (int64_t i = 0; i < 12; ++i) EXPECT_EQ(rc.ElementAsDouble(i), t.ElementAsDouble(4 + i % 4));
  }
}

TEST(ViewTest, CopyFromRejectsOtherSizes) {
  Tensor a = Tensor::Zeros(std::vector<int64_t>{2, 3}, DType::kFloat32);
  Tensor b = Tensor::Zeros(std::vector<int64_t>{3, 2}, DType::kFloat32);
  EXPECT_FALSE(a.CopyFrom(b).ok());
}

TEST(ViewTest, ZeroDimAndEmpty) {
  Tensor s = Tensor::FromScalar(Scalar(2.5), DType::kFloat64);
  EXPECT_EQ(s.dim(), 0);
  EXPECT_EQ(s.numel(), 1);
  EXPECT_EQ(s.item_double(), 2.5);
  EXPECT_EQ(s.to(DType::kInt32).item_int(), 2);
  EXPECT_EQ(s.Item(), Scalar(2.5));
  Tensor e = Tensor::Empty(std::vector<int64_t>{0, 3}, DType::kInt16);
  EXPECT_EQ(e.numel(), 0);
  EXPECT_TRUE(e.is_contiguous());
  EXPECT_EQ(e.to(DType::kFloat32).numel(), 0);
  EXPECT_EQ(Tensor::FromScalar(Scalar(true), DType::kBool).Item(), Scalar(true));
}

}  // namespace
}  // namespace tc::tensor
