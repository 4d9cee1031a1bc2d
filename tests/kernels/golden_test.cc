// Tricky integer and float cases whose results come from real PyTorch
// (scripts/gen_kernels_goldens.py): floor division and modulo signs,
// overflow wrap-around, NaN/inf/-0.0, rounding half to even, casts.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

std::string GoldenPath(const char* name) { return std::string(TC_KERNELS_GOLDEN_DIR) + "/" + name; }

int64_t Int64(const std::string& s) { return std::strtoll(s.c_str(), nullptr, 10); }

// Integers beyond 2^53 do not survive a double: compare as int64 text.
std::vector<std::string> Tokens(std::istringstream& in, int64_t n) {
  std::vector<std::string> v(n);
  for (auto& s : v) in >> s;
  return v;
}

Tensor FromTokens(const std::vector<std::string>& toks, DType dtype) {
  Tensor t = Tensor::Empty(Shape{static_cast<int64_t>(toks.size())}, dtype);
  for (size_t i = 0; i < toks.size(); ++i) {
    if (dtype == DType::kInt64) {
      t.data<int64_t>()[i] = std::strtoll(toks[i].c_str(), nullptr, 10);
    } else {
      SetElement(t, static_cast<int64_t>(i), std::strtod(toks[i].c_str(), nullptr));
    }
  }
  return t;
}

std::string ElementText(const Tensor& t, int64_t i) {
  if (t.dtype() == DType::kInt64) return std::to_string(t.data<int64_t>()[i]);
  double v = t.ElementAsDouble(i);
  if (std::isnan(v)) return "nan";
  std::ostringstream os;
  os << std::hexfloat << v;
  return os.str();
}

TEST(GoldenTest, PointwiseMatchesPyTorch) {
  std::ifstream file(GoldenPath("pointwise.txt"));
  ASSERT_TRUE(file.good());
  std::string line;
  int cases = 0;
  while (std::getline(file, line)) {
    std::istringstream in(line);
    std::string op, mode, da, db;
    int64_t n;
    in >> op >> mode >> da >> db >> n;
    DType ta = *tensor::ParseDType(da);
    Tensor a = FromTokens(Tokens(in, n), ta);
    std::vector<KernelArg> args{a};
    if (db != "-") {
      args.emplace_back(FromTokens(Tokens(in, n), *tensor::ParseDType(db)));
      if (op == "div" && mode != "-") args.emplace_back(Str(mode.c_str()));
    } else if (op == "round") {
      args.emplace_back(Int(Int64(mode)));
    } else if (op == "to_dtype") {
      args.emplace_back(Constant(*tensor::ParseDType(mode)));
    }
    std::string dout;
    in >> dout;
    Tensor want = FromTokens(Tokens(in, n), *tensor::ParseDType(dout));
    SCOPED_TRACE(op + " " + mode + " " + da + " " + db);
    auto got = Call1(op, args);
    ASSERT_TRUE(got.ok()) << got.status();
    ASSERT_EQ(got->dtype(), want.dtype());
    for (int64_t i = 0; i < n; ++i) {
      double w = want.ElementAsDouble(i), g = got->ElementAsDouble(i);
      const std::string where = "element " + std::to_string(i) + " of " + line.substr(0, 60);
      if (std::isnan(w)) {
        EXPECT_TRUE(std::isnan(g)) << where;
      } else if (want.dtype() == DType::kInt64) {
        EXPECT_EQ(ElementText(*got, i), ElementText(want, i)) << where;
      } else if (op == "pow" && tensor::IsFloatingPoint(want.dtype())) {
        ExpectClose(g, w, want.dtype(), where);  // libm pow may differ by an ulp
      } else {
        EXPECT_EQ(g, w) << where;
        if (w == 0) {
          EXPECT_EQ(std::signbit(g), std::signbit(w)) << "sign of zero, " << where;
        }
      }
    }
    ++cases;
  }
  EXPECT_GT(cases, 200);
}

TEST(GoldenTest, ErrorsMatchPyTorch) {
  std::ifstream file(GoldenPath("errors.txt"));
  ASSERT_TRUE(file.good());
  std::string line;
  int cases = 0;
  while (std::getline(file, line)) {
    std::istringstream in(line);
    std::string op, mode, da, db, a, b;
    in >> op >> mode >> da >> db >> a >> b;
    std::string message;
    std::getline(in, message);
    message = message.substr(1);
    std::vector<KernelArg> args{Tensor::Full(Shape{3}, Scalar(Int64(a)), *tensor::ParseDType(da))};
    if (db == "-") {
      args.emplace_back(Int(Int64(b)));
    } else {
      args.emplace_back(Tensor::Full(Shape{3}, Scalar(Int64(b)), *tensor::ParseDType(db)));
    }
    if (mode != "-") args.emplace_back(Str(mode.c_str()));
    auto r = Call1(op, args);
    ASSERT_FALSE(r.ok()) << line;
    EXPECT_NE(r.status().message().find(message), std::string::npos)
        << line << " got: " << r.status();
    ++cases;
  }
  EXPECT_GT(cases, 10);
}

}  // namespace
}  // namespace tc::kernels::testing
