// The formula headers eager kernels share with generated code: their
// embedded text (formula_text.h, pasted into codegen-cpu's prelude) is the
// headers' bytes exactly, and the scalar formulas give Python's answers.
#include "tc/kernels/formula_text.h"

#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "gtest/gtest.h"

#include "tc/kernels/formulas/arith.h"
#include "tc/kernels/formulas/clamp.h"

namespace tc::kernels {
namespace {

namespace f = formulas;

TEST(FormulaTextTest, EmbeddedTextIsTheHeadersBytes) {
  ASSERT_EQ(FormulaFiles().size(), 7u);
  for (const FormulaFile& file : FormulaFiles()) {
    const std::string path(file.path);
    EXPECT_EQ(path.rfind("libs/kernels/include/tc/kernels/formulas/", 0), 0u) << path;
    std::ifstream in(std::string(TC_SOURCE_ROOT) + "/" + path, std::ios::binary);
    ASSERT_TRUE(in) << path;
    std::stringstream bytes;
    bytes << in.rdbuf();
    EXPECT_EQ(bytes.str(), file.text) << path;
    // What generated code can compile: no tc or Abseil includes.
    EXPECT_EQ(file.text.find("#include \"tc/"), std::string_view::npos) << path;
    EXPECT_EQ(file.text.find("absl/"), std::string_view::npos) << path;
  }
}

TEST(FormulaTextTest, IntegerDivisionHasPythonSigns) {
  bool zero_div = false;
  using K = f::IntDivKind;
  EXPECT_EQ(f::IntDivide<K::kFloor>(int64_t{-7}, int64_t{2}, &zero_div), -4);
  EXPECT_EQ(f::IntDivide<K::kTrunc>(int64_t{-7}, int64_t{2}, &zero_div), -3);
  EXPECT_EQ(f::IntDivide<K::kRemainder>(int64_t{-7}, int64_t{2}, &zero_div), 1);
  EXPECT_EQ(f::IntDivide<K::kRemainder>(int64_t{7}, int64_t{-2}, &zero_div), -1);
  const int32_t min = std::numeric_limits<int32_t>::min();
  EXPECT_EQ(f::IntDivide<K::kFloor>(min, int32_t{-1}, &zero_div), min);  // wraps
  EXPECT_EQ(f::IntDivide<K::kRemainder>(min, int32_t{-1}, &zero_div), 0);
  EXPECT_FALSE(zero_div);
  EXPECT_EQ(f::IntDivide<K::kFloor>(uint8_t{5}, uint8_t{0}, &zero_div), 0);
  EXPECT_TRUE(zero_div);
  EXPECT_EQ(f::DivFloorFloat(-7.0, 2.0), -4.0);
  EXPECT_TRUE(std::signbit(f::DivFloorFloat(-0.5, 2.0)));
  EXPECT_EQ(f::RemainderFloat(-7.0, 2.0), 1.0);
  EXPECT_EQ(f::PowInt(int64_t{3}, int64_t{5}), 243);
  EXPECT_EQ(f::PowInt(int64_t{-1}, int64_t{-3}), -1);
  EXPECT_EQ(f::PowInt(int64_t{2}, int64_t{-1}), 0);
  EXPECT_EQ(f::WrapMul(uint16_t{65535}, uint16_t{65535}), uint16_t{1});
}

TEST(FormulaTextTest, ClampPropagatesNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(f::Clamp(5.0f, true, 0.0f, true, 1.0f), 1.0f);
  EXPECT_EQ(f::Clamp(-5.0f, true, 0.0f, false, 0.0f), 0.0f);
  EXPECT_TRUE(std::isnan(f::Clamp(nan, true, 0.0f, true, 1.0f)));
  EXPECT_TRUE(std::isnan(f::Clamp(0.5f, true, nan, false, 0.0f)));
  EXPECT_EQ(f::Clamp(int64_t{7}, false, int64_t{0}, true, int64_t{3}), 3);
}

}  // namespace
}  // namespace tc::kernels
