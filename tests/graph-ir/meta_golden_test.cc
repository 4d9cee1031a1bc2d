// Checks InferMeta for every registered op against goldens recorded from
// real PyTorch by scripts/gen_graph_ir_goldens.py.
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/graph_ir/op.h"

namespace tc::graph_ir {
namespace {

// absl::StrSplit takes absl::string_view, which is not std::string_view here.
std::vector<std::string_view> Split(std::string_view text, char sep, bool skip_empty = false) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    size_t end = text.find(sep, start);
    std::string_view part = text.substr(start, end == std::string_view::npos ? end : end - start);
    if (!(skip_empty && part.empty())) out.push_back(part);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

bool ParseInt(std::string_view s, int64_t* v) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *v);
  return ec == std::errc() && p == s.data() + s.size();
}

Shape ParseInts(std::string_view text) {
  Shape out;
  if (text.empty()) return out;
  for (std::string_view part : Split(text, ',')) {
    int64_t v = 0;
    EXPECT_TRUE(ParseInt(part, &v)) << part;
    out.push_back(v);
  }
  return out;
}

// "float32/2,3/3,1"
TensorMeta ParseTensor(std::string_view text) {
  std::vector<std::string_view> parts = Split(text, '/');
  EXPECT_EQ(parts.size(), 3u) << text;
  parts.resize(3);
  TensorMeta meta;
  auto dtype = tensor::ParseDType(parts[0]);
  EXPECT_TRUE(dtype.ok()) << text;
  meta.dtype = dtype.value_or(DType::kFloat32);
  meta.sizes = ParseInts(parts[1]);
  meta.strides = ParseInts(parts[2]);
  return meta;
}

MetaArg ParseArg(std::string_view field) {
  size_t space = field.find(' ');
  std::string_view tag = field.substr(0, space);
  std::string_view rest = space == std::string_view::npos ? "" : field.substr(space + 1);
  if (tag == "T") return ParseTensor(rest);
  if (tag == "L") {
    std::vector<TensorMeta> list;
    for (std::string_view t : Split(rest, ' ', true)) {
      list.push_back(ParseTensor(t));
    }
    return list;
  }
  if (tag == "N") return Constant(None{});
  if (tag == "B") return Constant(Scalar(rest == "True"));
  if (tag == "I") {
    int64_t v = 0;
    EXPECT_TRUE(ParseInt(rest, &v));
    return Constant(Scalar(v));
  }
  if (tag == "F") {
    // strtod reads Python's repr, inf and nan included.
    return Constant(Scalar(std::strtod(std::string(rest).c_str(), nullptr)));
  }
  if (tag == "IL") return Constant(ParseInts(rest));
  if (tag == "D") return Constant(tensor::ParseDType(std::string(rest)).value_or(DType::kFloat32));
  if (tag == "S") return Constant(std::string(rest));
  ADD_FAILURE() << "bad golden field " << field;
  return Constant(None{});
}

struct Case {
  int line;
  std::string text;
  std::string op;
  std::vector<MetaArg> args;
  bool ok;
  std::vector<TensorMeta> outputs;
  std::string error;
};

std::vector<Case> LoadGolden() {
  std::ifstream in(std::string(TC_GRAPH_IR_GOLDEN_DIR) + "/meta_golden.txt");
  EXPECT_TRUE(in.good()) << "missing golden file";
  std::vector<Case> cases;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string_view> fields = Split(line, '\t');
    Case c;
    c.line = n;
    c.text = line;
    c.op = std::string(fields[0]);
    size_t i = 1;
    for (; i < fields.size() && fields[i] != "=>"; ++i) c.args.push_back(ParseArg(fields[i]));
    EXPECT_LT(i + 1, fields.size()) << line;
    if (i + 1 >= fields.size()) continue;
    c.ok = fields[i + 1] == "OK";
    for (size_t j = i + 2; j < fields.size(); ++j) {
      if (c.ok) {
        c.outputs.push_back(ParseTensor(fields[j]));
      } else {
        c.error = std::string(fields[j]);
      }
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

TEST(MetaGolden, MatchesPyTorch) {
  std::vector<Case> cases = LoadGolden();
  ASSERT_GT(cases.size(), 1000u);
  std::set<std::string> covered;
  int failures = 0;
  for (const Case& c : cases) {
    const OpDef* op = FindOp(c.op);
    ASSERT_NE(op, nullptr) << c.op;
    covered.insert(c.op);
    auto result = InferMeta(*op, c.args);
    std::string where = "golden line " + std::to_string(c.line) + ": " + c.text;
    if (!c.ok) {
      if (result.ok()) {
        ADD_FAILURE() << where << "\n  expected error, got " << result->front().ToString();
        ++failures;
      } else if (result.status().message() != c.error) {
        ADD_FAILURE() << where << "\n  got error: " << result.status().message();
        ++failures;
      } else {
        // OutOfRange and FailedPrecondition name PyTorch's IndexError and
        // RuntimeError where the text alone would mislead (ops_index_write.cc);
        // NotFound its NotImplementedError (linalg_vector_norm's input check).
        const absl::StatusCode code = result.status().code();
        EXPECT_TRUE(
            code == absl::StatusCode::kInvalidArgument || code == absl::StatusCode::kOutOfRange ||
            code == absl::StatusCode::kFailedPrecondition || code == absl::StatusCode::kNotFound)
            << where;
      }
      continue;
    }
    if (!result.ok()) {
      ADD_FAILURE() << where << "\n  got error: " << result.status().message();
      ++failures;
      continue;
    }
    ASSERT_EQ(result->size(), c.outputs.size()) << where;
    for (size_t i = 0; i < c.outputs.size(); ++i) {
      const TensorMeta& got = (*result)[i];
      const TensorMeta& want = c.outputs[i];
      bool same = got.dtype == want.dtype && got.sizes == want.sizes;
      // Views and pointwise ops must reproduce PyTorch's strides exactly
      // (pointwise outputs follow the inputs' layout as TensorIterator
      // lays them out). Other ops return contiguous outputs (OPS.md).
      if (op->category == OpCategory::kView || op->category == OpCategory::kPointwise) {
        same = same && tensor::IsContiguous(got.sizes, got.strides) ==
                           tensor::IsContiguous(want.sizes, want.strides);
        if (tensor::Numel(want.sizes) > 1) {
          for (size_t d = 0; d < want.sizes.size(); ++d) {
            if (want.sizes[d] != 1) same = same && got.strides[d] == want.strides[d];
          }
        }
      } else {
        same = same && got.strides == tensor::ContiguousStrides(got.sizes);
      }
      if (!same) {
        ADD_FAILURE() << where << "\n  got " << got.ToString();
        ++failures;
      }
    }
  }
  EXPECT_EQ(failures, 0);
  // Every registered op has goldens.
  for (const OpDef* op : AllOps()) {
    // Composite ops' metas are checked against eager runs (composite_kernels_test.cc).
    if (op->category == OpCategory::kComposite) continue;
    EXPECT_TRUE(covered.count(op->name)) << op->name;
  }
}

}  // namespace
}  // namespace tc::graph_ir
