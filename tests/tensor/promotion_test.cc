// Checks PromoteTypes and ResultType against torch.promote_types and
// torch.result_type (tests/tensor/golden/promotion.txt).
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/tensor/dtype.h"

#include "golden_file.h"

namespace tc::tensor {
namespace {

using testing::GoldenPath;
using testing::ReadLines;
using testing::SplitWords;

TypeOperand ParseOperand(const std::string& word) {
  size_t colon = word.find(':');
  std::string kind = word.substr(0, colon);
  TypeOperand op{*ParseDType(word.substr(colon + 1)), OperandKind::kTensor};
  if (kind == "zerodim") op.kind = OperandKind::kZeroDim;
  if (kind == "scalar") op.kind = OperandKind::kScalar;
  return op;
}

TEST(PromotionTest, MatchesPyTorch) {
  std::vector<std::string> lines = ReadLines(GoldenPath("promotion.txt"));
  ASSERT_GT(lines.size(), 100u) << "golden file missing: " << GoldenPath("promotion.txt");
  int promote_lines = 0, result_lines = 0, failures = 0;
  for (const std::string& line : lines) {
    std::vector<std::string> w = SplitWords(line);
    if (w.empty()) continue;
    if (w[0] == "promote") {
      ++promote_lines;
      DType got = PromoteTypes(*ParseDType(w.at(1)), *ParseDType(w.at(2)));
      if (DTypeName(got) != w.at(3)) {
        ++failures;
        ADD_FAILURE() << line << " but tc gives " << DTypeName(got);
      }
    } else if (w[0] == "result") {
      ++result_lines;
      std::vector<TypeOperand> ops;
      size_t k = 1;
      for (; w.at(k) != "="; ++k) ops.push_back(ParseOperand(w[k]));
      DType got = ResultType(ops);
      if (DTypeName(got) != w.at(k + 1)) {
        ++failures;
        ADD_FAILURE() << line << " but tc gives " << DTypeName(got);
      }
    }
  }
  EXPECT_EQ(promote_lines, kNumDTypes * kNumDTypes);
  EXPECT_GT(result_lines, 500);
  EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace tc::tensor
