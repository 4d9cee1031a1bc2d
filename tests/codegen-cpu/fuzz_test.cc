// The differential fuzz of the inductor pipeline: random graphs run on the
// interpreter and compiled (see fuzz_batch.h). TC_FUZZ_GRAPHS sets how
// many (default 10,000), TC_FUZZ_SEED the first seed (default 1); the
// fuzz suite runs a longer run over other seeds. The checks themselves are
// tested first: a wrong answer of each kind must be reported.
#include <stdlib.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>

#include "gtest/gtest.h"

#include "tc/graph_ir/graph.h"
#include "tc/tensor/tensor.h"

#include "fuzz_batch.h"
#include "fuzz_check.h"
#include "fuzz_graphs.h"

namespace tc::codegen_cpu::testing {
namespace {

using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

int64_t EnvInt(const char* name, int64_t fallback) {
  const char* v = std::getenv(name);
  return v == nullptr || *v == '\0' ? fallback : std::strtoll(v, nullptr, 10);
}

Tensor Floats(std::initializer_list<float> values) {
  Tensor t = Tensor::Zeros(Shape{static_cast<int64_t>(values.size())}, DType::kFloat32);
  int64_t i = 0;
  for (float v : values) t.data<float>()[i++] = v;
  return t;
}

std::string Compare(const Tensor& want, const Tensor& got, std::vector<Tensor> inputs = {}) {
  UlpStats stats;
  return CompareRuns(inputs, std::vector<Tensor>{want}, std::vector<Tensor>{got}, &stats);
}

TEST(FuzzCheckTest, UlpDistance) {
  auto bits = [](float f) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return uint64_t{b};
  };
  EXPECT_EQ(UlpDistance(DType::kFloat32, bits(1.0f), bits(std::nextafter(1.0f, 2.0f))), 1);
  EXPECT_EQ(UlpDistance(DType::kFloat32, bits(-1e-45f), bits(1e-45f)), 2);
  EXPECT_EQ(UlpDistance(DType::kFloat32, bits(NAN), bits(-NAN)), 0);
  EXPECT_EQ(UlpDistance(DType::kFloat32, bits(NAN), bits(1.0f)), -1);
  EXPECT_EQ(UlpDistance(DType::kFloat32, bits(INFINITY), bits(3.4028235e38f)), -1);
  EXPECT_EQ(UlpDistance(DType::kFloat32, bits(0.0f), bits(-0.0f)), -1);
  EXPECT_EQ(UlpDistance(DType::kFloat16, 0x3c00, 0x3c02), 2);    // 1.0 and 1.0 + 2 ulp
  EXPECT_EQ(UlpDistance(DType::kBFloat16, 0x7f80, 0x7fc0), -1);  // inf against NaN
}

TEST(FuzzCheckTest, ReportsEveryKindOfDifference) {
  const float one = 1.0f;
  const float five_ulp = std::nextafter(
      std::nextafter(std::nextafter(std::nextafter(std::nextafter(one, 2.0f), 2.0f), 2.0f), 2.0f),
      2.0f);
  EXPECT_EQ(Compare(Floats({1, NAN, -0.0f}), Floats({1, -NAN, -0.0f})), "");
  EXPECT_NE(Compare(Floats({1, 2}), Floats({1, five_ulp})), "");
  EXPECT_EQ(Compare(Floats({1}), Floats({std::nextafter(one, 2.0f)})), "");
  EXPECT_NE(Compare(Floats({0.0f}), Floats({-0.0f})), "");
  EXPECT_NE(Compare(Floats({NAN}), Floats({INFINITY})), "");
  const std::string diff = Compare(Floats({1, 2, 3}), Floats({1, 2, 4}));
  EXPECT_NE(diff.find("element 2: eager 3"), std::string::npos) << diff;
  EXPECT_NE(diff.find("compiled 4"), std::string::npos) << diff;
  // Integers are exact; dtypes and strides must match.
  Tensor a = Tensor::Zeros(Shape{2, 3}, DType::kInt32);
  Tensor b = Tensor::Zeros(Shape{2, 3}, DType::kInt32);
  EXPECT_EQ(Compare(a, b), "");
  b.data<int32_t>()[4] = 1;
  EXPECT_NE(Compare(a, b), "");
  EXPECT_NE(Compare(a, Tensor::Zeros(Shape{2, 3}, DType::kInt64)), "");
  Tensor t = Tensor::Zeros(Shape{3, 2}, DType::kInt32).AsStrided(Shape{2, 3}, Shape{1, 2}, 0);
  EXPECT_NE(Compare(a, t).find("strides"), std::string::npos);
  // A returned input (a view of it) must be one in both runs, at one offset.
  Tensor in = Tensor::Zeros(Shape{4}, DType::kFloat32);
  Tensor view = in.AsStrided(Shape{2}, Shape{1}, 1);
  EXPECT_EQ(Compare(view, in.AsStrided(Shape{2}, Shape{1}, 1), {in}), "");
  EXPECT_NE(Compare(view, Tensor::Zeros(Shape{2}, DType::kFloat32), {in}), "");
  EXPECT_NE(Compare(view, in.AsStrided(Shape{2}, Shape{1}, 2), {in}), "");
  // Eager's error must be the compiled run's too.
  UlpStats stats;
  absl::StatusOr<std::vector<Tensor>> failed = absl::InvalidArgumentError("ZeroDivisionError");
  EXPECT_NE(CompareRuns({}, failed, std::vector<Tensor>{a}, &stats), "");
  EXPECT_EQ(CompareRuns({}, failed, failed, &stats), "");
}

// 4 ulp pass, 5 fail, with no relative tolerance beyond them (float32 and
// float64 alike; a value widened from float32 counts float32 ulps).
TEST(FuzzCheckTest, FourUlpPassFiveFail) {
  auto up = [](float x, int ulps) {
    for (int k = 0; k < ulps; ++k) x = std::nextafter(x, INFINITY);
    return x;
  };
  EXPECT_EQ(Compare(Floats({1, -3e-3f}), Floats({up(1, 4), up(-3e-3f, 4)})), "");
  EXPECT_NE(Compare(Floats({1}), Floats({up(1, 5)})), "");
  const std::string diff = Compare(Floats({0, -3e-3f}), Floats({0, up(-3e-3f, 5)}));
  EXPECT_NE(diff.find("element 1"), std::string::npos) << diff;
  EXPECT_NE(diff.find("(5 ulp of float32)"), std::string::npos) << diff;
  // 8 ulp of 1.0 is a relative 1e-6: within assert_close's rtol, not here.
  EXPECT_NE(Compare(Floats({1}), Floats({up(1, 8)})), "");
  auto doubles = [](double x, int ulps) {
    for (int k = 0; k < ulps; ++k) x = std::nextafter(x, 1.0);
    Tensor t = Tensor::Zeros(Shape{1}, DType::kFloat64);
    t.data<double>()[0] = x;
    return t;
  };
  const Tensor want = doubles(0.1, 0), got4 = doubles(0.1, 4), got5 = doubles(0.1, 5);
  EXPECT_EQ(Compare(want, got4), "");
  EXPECT_NE(Compare(want, got5), "");
}

TEST(FuzzGraphsTest, SeedsAreReproducible) {
  for (uint64_t seed : {1, 77, 4242}) {
    FuzzCase a = MakeFuzzCase(seed), b = MakeFuzzCase(seed);
    EXPECT_EQ(a.graph->ToString(), b.graph->ToString());
    ASSERT_EQ(a.inputs.size(), b.inputs.size());
    UlpStats stats;
    EXPECT_EQ(CompareRuns({}, a.inputs, b.inputs, &stats), "");
  }
  EXPECT_NE(MakeFuzzCase(1).graph->ToString(), MakeFuzzCase(2).graph->ToString());
}

// Runs `count` graphs from `first_seed` and expects no difference.
void ExpectNoDifferences(uint64_t first_seed, int64_t count) {
  FuzzOptions options;
  options.count = count;
  options.first_seed = first_seed;
  FuzzReport report = RunFuzz(options);
  std::printf("%s", Summary(report).c_str());
  for (size_t i = 0; i < report.failures.size(); ++i) {
    if (i < 20) {
      ADD_FAILURE() << report.failures[i];
    } else {  // the rest by their first line
      std::printf("also %s\n", report.failures[i].substr(0, report.failures[i].find('\n')).c_str());
    }
  }
  EXPECT_EQ(report.failures.size(), 0u);
  // Declined graphs run on the interpreter and test nothing here.
  EXPECT_GE(report.compiled, report.graphs * 8 / 10) << Summary(report);
}

TEST(FuzzTest, CompiledGraphsMatchTheInterpreter) {
  ExpectNoDifferences(static_cast<uint64_t>(EnvInt("TC_FUZZ_SEED", 1)),
                      EnvInt("TC_FUZZ_GRAPHS", 10000));
}

// The long run (suite fuzz): seeds after the CI run's, opt-in.
TEST(FuzzTest, LongRun) {
  const int64_t count = EnvInt("TC_FUZZ_LONG_GRAPHS", 0);
  if (count <= 0) GTEST_SKIP() << "set TC_FUZZ_LONG_GRAPHS=N to run N graphs from seed 1000001";
  ExpectNoDifferences(1000001, count);
}

// Every run compiles into a fresh cache directory (TC_CACHE_DIR), removed
// at the end: the fuzz measures and tests the compiler, not a warm cache,
// and never touches ~/.cache/tc.
class CacheDirEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "tc-fuzz-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    setenv("TC_CACHE_DIR", dir_.c_str(), 1);
  }
  void TearDown() override {
    std::error_code ec;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
  }

 private:
  std::string dir_;
};

const auto* const kCacheDir = ::testing::AddGlobalTestEnvironment(new CacheDirEnvironment);

}  // namespace
}  // namespace tc::codegen_cpu::testing
