// tc's eager softmax and log_softmax (norms.cc's fused row kernels, the
// formula header norm_rows-inl.h that generated row kernels share) against
// real PyTorch (scripts/gen_softmax_goldens.py writes golden/softmax.txt,
// torch 2.15 pinned to its AVX2 kernels as every golden is).
//
// float32 softmax must equal PyTorch's in every bit on every SIMD target
// with FMA: the vector exp is PyTorch's own (SLEEF's expf_u10, ported in
// unary_math-inl.h), the row sum adds in ATen's order and the scale is a
// multiply by 1 / sum, as ATen's. The rows [0, x] test exp alone over its
// whole range (exp(x) / (1 + exp(x)) with an exact 1): subnormal results,
// underflow to 0, -0, +-inf and NaN; random rows of every length class
// (shorter than a vector, whole vectors, vectors plus a tail, long) test
// the sum order. log_softmax's log(sum) is libm's, PyTorch's SLEEF's log,
// and float64's exp is Highway's, PyTorch's SLEEF's exp: those are bounded
// in ulps (the measured worst cases are printed).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "hwy/targets.h"
#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

struct Golden {
  std::string op;
  DType dtype;
  int64_t rows, n;
  std::vector<double> in, out;
};

// The line's remaining hex floats (strtod reads float.hex's form exactly).
std::vector<double> RestOfLine(std::istringstream& line) {
  std::vector<double> values;
  for (std::string word; line >> word;) values.push_back(std::strtod(word.c_str(), nullptr));
  return values;
}

std::vector<Golden> ReadGoldens() {
  std::ifstream file(std::string(TC_KERNELS_GOLDEN_DIR) + "/softmax.txt");
  EXPECT_TRUE(file.good()) << "golden/softmax.txt missing";
  std::vector<Golden> goldens;
  Golden input;
  std::string line;
  while (std::getline(file, line)) {
    std::istringstream in(line);
    std::string head, dtype;
    in >> head;
    if (head == "capability") continue;
    in >> dtype;
    if (head == "input") {
      input.dtype = *tensor::ParseDType(dtype);
      in >> input.rows >> input.n;
      input.in = RestOfLine(in);
      EXPECT_EQ(static_cast<int64_t>(input.in.size()), input.rows * input.n) << line.substr(0, 40);
      continue;
    }
    Golden g = input;
    g.op = head;
    g.out = RestOfLine(in);
    EXPECT_EQ(g.out.size(), g.in.size()) << line.substr(0, 40);
    goldens.push_back(std::move(g));
  }
  return goldens;
}

// Position of v among the dtype's values (+0 and -0 both 0).
int64_t Ordinal(double v, DType dtype) {
  int64_t magnitude;
  if (dtype == DType::kFloat32) {
    const float f = static_cast<float>(v);
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    magnitude = bits & 0x7fffffffu;
  } else {
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    magnitude = static_cast<int64_t>(bits & ~(uint64_t{1} << 63));
  }
  return std::signbit(v) ? -magnitude : magnitude;
}

// The ulp distance; -1 for NaN against a number or a wrong infinity. When
// `scale` is larger than |want| the distance counts in ulps of `scale`.
int64_t UlpDistance(double got, double want, DType dtype, double scale) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got) ? 0 : -1;
  if (std::isinf(want) || std::isinf(got)) return got == want ? 0 : -1;
  if (scale > std::abs(want)) {
    const int mantissa = dtype == DType::kFloat32 ? 23 : 52;
    return static_cast<int64_t>(
        std::ceil(std::abs(got - want) / std::ldexp(1.0, std::ilogb(scale) - mantissa)));
  }
  const int64_t d = Ordinal(got, dtype) - Ordinal(want, dtype);
  return d < 0 ? -d : d;
}

// log_softmax's (x - max) - log(sum) cancels where x - max is near
// log(sum), and log(sum) near 0 (sum near 1) turns an ulp of sum into many
// of the log: its error counts in ulps of max(log(sum), 1) (log(sum) is
// minus the row's largest result, that of its max) where that is larger
// than the result. softmax: plain ulps.
std::vector<double> Scales(const Golden& g) {
  std::vector<double> scale(g.out.size(), 0.0);
  if (g.op != "log_softmax") return scale;
  for (int64_t r = 0; r < g.rows; ++r) {
    double top = -INFINITY;
    for (int64_t j = 0; j < g.n; ++j) top = std::max(top, g.out[r * g.n + j]);
    for (int64_t j = 0; j < g.n; ++j)
      scale[r * g.n + j] = std::isfinite(top) ? std::max(-top, 1.0) : 0.0;
  }
  return scale;
}

// Whether this target's multiply-adds are single-rounding FMAs (x86 AVX2
// and better, and the emulated targets, whose FusedMulAdd is std::fma).
bool HasFma(int64_t target) {
#if HWY_ARCH_X86
  return target <= HWY_AVX2 || target == HWY_EMU128 || target == HWY_SCALAR;
#else
  (void)target;
  return false;
#endif
}

// The largest ulp distance from PyTorch allowed. float32 softmax: none.
// float32 log_softmax: (x - max) - log(sum) with libm's log against
// SLEEF's, which differ by an ulp of log(sum) (see Scales); measured 1. float64: exp is
// Highway's against SLEEF's (an ulp each way) and the sum and log follow;
// measured 2 (softmax) and 1 (log_softmax). Without FMA the float32 exp
// may differ by an ulp: 2.
int64_t Bound(const Golden& g, bool fma) {
  if (g.dtype == DType::kFloat64) return 2;
  if (!fma) return 2;
  return g.op == "softmax" ? 0 : 1;
}

TEST(SoftmaxGoldenTest, MatchesPyTorch) {
  const std::vector<Golden> goldens = ReadGoldens();
  ASSERT_EQ(goldens.size(), 44u);  // 11 inputs x 2 ops x 2 dtypes
  std::vector<int64_t> targets = hwy::SupportedAndGeneratedTargets();
  ASSERT_FALSE(targets.empty());
  std::string report;
  for (int64_t target : targets) {
    hwy::SetSupportedTargetsForTest(target);
    for (const Golden& g : goldens) {
      SCOPED_TRACE(absl::StrFormat("%s %s [%d, %d] on %s", g.op, tensor::DTypeName(g.dtype), g.rows,
                                   g.n, hwy::TargetName(target)));
      Tensor x = Tensor::Empty(Shape{g.rows, g.n}, g.dtype);
      for (size_t i = 0; i < g.in.size(); ++i) SetElement(x, static_cast<int64_t>(i), g.in[i]);
      Tensor y = Run1(g.op, {x, Int(-1), NoneArg()});
      ASSERT_EQ(y.numel(), g.rows * g.n);
      const int64_t bound = Bound(g, HasFma(target));
      const std::vector<double> scale = Scales(g);
      int64_t worst = 0, differ = 0;
      for (size_t i = 0; i < g.out.size(); ++i) {
        const double got = y.ElementAsDouble(static_cast<int64_t>(i));
        const int64_t d = UlpDistance(got, g.out[i], g.dtype, scale[i]);
        if (d < 0 || d > bound) {
          ADD_FAILURE() << absl::StrFormat("row %d: x = %a, got %a, want %a (%d ulp, bound %d)",
                                           i / g.n, g.in[i], got, g.out[i], d, bound);
        }
        worst = std::max(worst, d);
        differ += d != 0;
      }
      if (g.n == 2 || g.n == 15 || g.n == 1037) {
        absl::StrAppendFormat(&report, "  %-8s %-11s %-7s n=%-4d worst %d ulp, %d of %d differ\n",
                              hwy::TargetName(target), g.op, tensor::DTypeName(g.dtype), g.n, worst,
                              differ, g.out.size());
      }
    }
  }
  hwy::SetSupportedTargetsForTest(0);  // back to the real dispatch
  std::printf("ulp distance from PyTorch 2.15.0:\n%s", report.c_str());
}

}  // namespace
}  // namespace tc::kernels::testing
