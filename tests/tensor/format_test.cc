#include "tc/tensor/format.h"

#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

#include "golden_file.h"

namespace tc::tensor {
namespace {

using testing::GoldenPath;
using testing::ReadLines;
using testing::SplitWords;

struct ReprCase {
  std::string name;
  DType dtype = DType::kFloat32;
  std::string storage_hex;
  Shape sizes, strides;
  int64_t offset = 0;
  FormatOptions options;
  std::string expected;
};

Shape ParseInts(const std::string& text) {
  Shape out;
  if (text == "-") return out;
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    int64_t v = 0;
    EXPECT_TRUE(absl::SimpleAtoi(part, &v)) << text;
    out.push_back(v);
  }
  return out;
}

std::vector<ReprCase> LoadReprCases() {
  std::vector<std::string> lines = ReadLines(GoldenPath("repr.txt"));
  std::vector<ReprCase> cases;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    std::string key = line.substr(0, line.find(' '));
    std::string rest = line.size() > key.size() ? line.substr(key.size() + 1) : "";
    if (key == "case") {
      cases.emplace_back().name = rest;
      continue;
    }
    if (cases.empty()) continue;
    ReprCase& c = cases.back();
    if (key == "dtype") {
      c.dtype = *ParseDType(rest);
    } else if (key == "storage") {
      c.storage_hex = rest;
    } else if (key == "view") {
      std::vector<std::string> w = SplitWords(rest);
      c.sizes = ParseInts(w.at(0));
      c.strides = ParseInts(w.at(1));
      c.offset = std::stoll(w.at(2));
    } else if (key == "options") {
      std::vector<std::string> w = SplitWords(rest);
      c.options.precision = std::stoi(w.at(0));
      c.options.linewidth = std::stoi(w.at(1));
      c.options.threshold = std::stoi(w.at(2));
      c.options.edgeitems = std::stoi(w.at(3));
      if (w.at(4) != "none") c.options.sci_mode = w.at(4) == "true";
    } else if (key == "suffix") {
      c.options.suffixes.push_back(rest);
    } else if (key == "repr") {
      int n = std::stoi(rest);
      for (int k = 0; k < n; ++k) {
        if (k > 0) c.expected += "\n";
        c.expected += lines.at(++i);
      }
    }
  }
  return cases;
}

Tensor BuildTensor(const ReprCase& c) {
  size_t bytes = c.storage_hex.size() / 2;
  std::shared_ptr<Storage> storage = Storage::Create(bytes);
  auto* p = static_cast<unsigned char*>(storage->data());
  for (size_t i = 0; i < bytes; ++i) {
    p[i] = static_cast<unsigned char>(std::stoi(c.storage_hex.substr(2 * i, 2), nullptr, 16));
  }
  return Tensor(storage, c.dtype, c.sizes, c.strides, c.offset);
}

// Both texts line by line, marking the lines that differ.
std::string LineDiff(const std::string& expected, const std::string& actual) {
  std::vector<std::string> e = absl::StrSplit(expected, '\n');
  std::vector<std::string> a = absl::StrSplit(actual, '\n');
  std::string out;
  for (size_t i = 0; i < std::max(e.size(), a.size()); ++i) {
    std::string el = i < e.size() ? e[i] : "<none>";
    std::string al = i < a.size() ? a[i] : "<none>";
    if (el == al) {
      out += "    " + el + "\n";
    } else {
      out += "  - " + el + "\n  + " + al + "\n";
    }
  }
  return out;
}

TEST(FormatTest, MatchesPyTorchRepr) {
  std::vector<ReprCase> cases = LoadReprCases();
  ASSERT_GE(cases.size(), 150u) << "golden file missing or short: " << GoldenPath("repr.txt");
  int failures = 0;
  for (const ReprCase& c : cases) {
    std::string actual = FormatTensor(BuildTensor(c), c.options);
    if (actual != c.expected) {
      ++failures;
      ADD_FAILURE() << "case " << c.name << " (- torch, + tc):\n" << LineDiff(c.expected, actual);
    }
  }
  EXPECT_EQ(failures, 0) << "of " << cases.size() << " cases";
}

TEST(FormatTest, BuiltTensors) {
  EXPECT_EQ(FormatTensor(Tensor::Full(std::vector<int64_t>{2}, Scalar(1.5), DType::kFloat32)),
            "tensor([1.5000, 1.5000])");
  EXPECT_EQ(FormatTensor(Tensor::FromScalar(Scalar(int64_t{7}), DType::kInt32)),
            "tensor(7, dtype=torch.int32)");
  EXPECT_EQ(FormatTensor(Tensor::Zeros(std::vector<int64_t>{0}, DType::kInt64)),
            "tensor([], dtype=torch.int64)");
  EXPECT_EQ(FormatTensor(Tensor()), "tensor(undefined)");
}

TEST(FormatTest, DeviceSuffixComesFirst) {
  FormatOptions options;
  options.device = Device::CUDA(0);
  options.suffixes = {"requires_grad=True"};
  EXPECT_EQ(
      FormatTensor(Tensor::Full(std::vector<int64_t>{2}, Scalar(1.0), DType::kFloat16), options),
      "tensor([1., 1.], device='cuda:0', dtype=torch.float16, requires_grad=True)");
}

TEST(FormatTest, DeviceTensorsPrintWithoutValues) {
  float data[6] = {};
  Tensor t(Storage::Borrow(data, sizeof(data), Device::CUDA(0)), DType::kFloat16, Shape{2, 3},
           Shape{3, 1}, 0);
  EXPECT_EQ(FormatTensor(t), "tensor(..., device='cuda:0', size=(2, 3), dtype=torch.float16)");
}

}  // namespace
}  // namespace tc::tensor
