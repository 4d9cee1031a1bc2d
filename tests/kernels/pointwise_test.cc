// Pointwise kernels against float64 references computed here, for every
// dtype the op's meta accepts, on contiguous, transposed, broadcast, 0-dim
// and empty tensors.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

// The value a double becomes when stored in `dtype` (what PyTorch's
// compute-then-round gives, up to the tolerance).
double RoundTo(double v, DType dtype) {
  return tensor::VisitDType(dtype, [&]<typename T>(tensor::TypeTag<T>) {
    return static_cast<double>(tensor::CastValue<T>(v));
  });
}

struct UnaryCase {
  const char* op;
  std::function<double(double)> ref;
  double lo, hi;
};

const UnaryCase kUnary[] = {
    {"abs", [](double x) { return std::abs(x); }, -5, 5},
    {"neg", [](double x) { return -x; }, -5, 5},
    {"exp", [](double x) { return std::exp(x); }, -10, 10},
    {"log", [](double x) { return std::log(x); }, 0.01, 100},
    {"log1p", [](double x) { return std::log1p(x); }, -0.9, 10},
    {"expm1", [](double x) { return std::expm1(x); }, -5, 5},
    {"sqrt", [](double x) { return std::sqrt(x); }, 0, 100},
    {"rsqrt", [](double x) { return 1 / std::sqrt(x); }, 0.01, 100},
    {"sin", [](double x) { return std::sin(x); }, -10, 10},
    {"cos", [](double x) { return std::cos(x); }, -10, 10},
    {"tan", [](double x) { return std::tan(x); }, -1.5, 1.5},
    {"tanh", [](double x) { return std::tanh(x); }, -5, 5},
    {"sigmoid", [](double x) { return 1 / (1 + std::exp(-x)); }, -10, 10},
    {"erf", [](double x) { return std::erf(x); }, -3, 3},
    {"relu", [](double x) { return x < 0 ? 0.0 : x; }, -5, 5},
    {"silu", [](double x) { return x / (1 + std::exp(-x)); }, -8, 8},
    {"gelu", [](double x) { return 0.5 * x * (1 + std::erf(x / std::numbers::sqrt2)); }, -5, 5},
    {"floor", [](double x) { return std::floor(x); }, -5, 5},
    {"ceil", [](double x) { return std::ceil(x); }, -5, 5},
    {"round", [](double x) { return std::nearbyint(x); }, -5, 5},
    {"sign", [](double x) { return static_cast<double>((0 < x) - (x < 0)); }, -5, 5},
    {"logical_not", [](double x) { return x == 0 ? 1.0 : 0.0; }, -2, 2},
};

// Checks op(input) element by element; returns false when meta rejects.
bool CheckUnary(const UnaryCase& c, const Tensor& in) {
  auto r = Call1(c.op, {in});
  if (!r.ok()) return false;
  const Tensor& out = *r;
  EXPECT_EQ(out.sizes(), in.sizes());
  // Exact ops round the reference like PyTorch would store it.
  for (int64_t i = 0; i < in.numel(); ++i) {
    double x = in.ElementAsDouble(i);
    double want = RoundTo(c.ref(x), out.dtype());
    ExpectClose(out.ElementAsDouble(i), want, out.dtype(),
                std::string(c.op) + "(" + std::to_string(x) + ") " +
                    std::string(tensor::DTypeName(in.dtype())) + " #" + std::to_string(i));
  }
  return true;
}

// Transposed view of a fresh [cols, rows] tensor: non-contiguous [rows, cols].
Tensor Transposed(int64_t rows, int64_t cols, DType dtype, uint32_t seed, double lo, double hi) {
  Tensor base = Random(Shape{cols, rows}, dtype, seed, lo, hi);
  return base.AsStrided(Shape{rows, cols}, Shape{1, rows}, 0);
}

TEST(UnaryTest, EveryOpEveryDTypeMatchesReference) {
  for (const UnaryCase& c : kUnary) {
    int accepted = 0;
    for (DType dt : kAllDTypes) {
      SCOPED_TRACE(std::string(c.op) + " " + std::string(tensor::DTypeName(dt)));
      Tensor contiguous = Random(Shape{37, 41}, dt, 1, c.lo, c.hi);
      if (!CheckUnary(c, contiguous)) continue;
      ++accepted;
      CheckUnary(c, Transposed(37, 41, dt, 2, c.lo, c.hi));
      CheckUnary(c, Random(Shape{}, dt, 3, c.lo, c.hi));      // 0-dim
      CheckUnary(c, Random(Shape{0, 4}, dt, 4, c.lo, c.hi));  // empty
    }
    EXPECT_GE(accepted, 4) << c.op << " accepted too few dtypes";
  }
}

TEST(UnaryTest, LargeInputsUseThreadsAndSimd) {
  Tensor x = Random(Shape{300001}, DType::kFloat32, 5, -20, 20);
  for (const char* op : {"exp", "tanh", "sigmoid", "silu", "relu", "abs"}) {
    for (const UnaryCase& c : kUnary) {
      if (std::string(c.op) != op) continue;
      Tensor out = Run1(op, {x});
      for (int64_t i = 0; i < x.numel(); i += 97) {
        ExpectClose(out.ElementAsDouble(i), RoundTo(c.ref(x.ElementAsDouble(i)), DType::kFloat32),
                    DType::kFloat32, op);
      }
    }
  }
}

// Exact GELU on contiguous float32 runs a Highway erf (gelu_simd.cc), not
// libm: every 2048th float in [-8, 8] (about a million values; an odd count,
// so the padded tail runs too) must lie within 2 ulp of max(|gelu(x)|, |x|)
// of the float64 formula (PyTorch's own bound in transcendental_golden_test).
TEST(UnaryTest, VectorGeluErfWithinTwoUlp) {
  std::vector<float> xs;
  for (float x = -8.0f; x <= 8.0f;) {
    xs.push_back(x);
    uint32_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    bits = x < 0 ? (bits - 2048 <= 0x80000000u ? 0u : bits - 2048) : bits + 2048;
    std::memcpy(&x, &bits, sizeof bits);
  }
  if (xs.size() % 2 == 0) xs.push_back(0.5f);
  Tensor x = Tensor::Empty(Shape{static_cast<int64_t>(xs.size())}, DType::kFloat32);
  std::copy(xs.begin(), xs.end(), x.data<float>());
  Tensor out = Run1("gelu", {x});
  double worst = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    const double v = xs[i];
    const double want = 0.5 * v * (1 + std::erf(v / std::numbers::sqrt2));
    const double scale = std::max(std::abs(want), std::abs(v));
    const double ulp =
        scale == 0 ? 1e-45 : std::ldexp(1.0, std::ilogb(static_cast<float>(scale)) - 23);
    const double err = std::abs(out.data<float>()[i] - want) / ulp;
    worst = std::max(worst, err);
    ASSERT_LE(err, 2.0) << "gelu(" << v << ") = " << out.data<float>()[i] << ", want " << want;
  }
  EXPECT_GT(worst, 0.0);  // the sweep did compare rounded values
}

TEST(UnaryTest, FloatSpecialValues) {
  const double inf = INFINITY, nan = NAN;
  Tensor x = Tensor::Empty(Shape{40}, DType::kFloat32);
  double vals[] = {0.0, -0.0, inf, -inf, nan, 100.0, -100.0, 89.0, -104.0, 1e-40};
  for (int i = 0; i < 40; ++i) SetElement(x, i, vals[i % 10]);
  for (const char* op : {"exp", "log", "expm1", "tanh", "sigmoid", "sqrt", "relu", "abs", "neg"}) {
    Tensor out = Run1(op, {x});
    for (int i = 0; i < 40; ++i) {
      float v = static_cast<float>(vals[i % 10]);
      float want = 0;
      std::string o = op;
      if (o == "exp") want = std::exp(v);
      if (o == "log") want = std::log(v);
      if (o == "expm1") want = std::expm1(v);
      if (o == "tanh") want = std::tanh(v);
      if (o == "sigmoid") want = 1.0f / (1.0f + std::exp(-v));
      if (o == "sqrt") want = std::sqrt(v);
      if (o == "relu") want = v < 0 ? 0.0f : v;
      if (o == "abs") want = std::abs(v);
      if (o == "neg") want = -v;
      double got = out.ElementAsDouble(i);
      ExpectClose(got, want, DType::kFloat32, o + "(" + std::to_string(v) + ")");
      if (want == 0) {
        EXPECT_EQ(std::signbit(got), std::signbit(want)) << o << " sign of zero";
      }
    }
  }
}

// An element's value depends only on its input, never on where it sits:
// eager's vector loop, its tail and its strided loop use the same formulas
// (formulas/unary_math-inl.h), as generated code does, so a fused kernel
// splitting the tensor otherwise computes the same bits. Checked against
// each value alone (a 1-element tensor: all tail) and a strided view (the
// strided loop), over values that take Highway's range and libm's.
TEST(UnaryTest, ValueDoesNotDependOnPosition) {
  const double kSpecial[] = {0.0, -0.0, 1e-40, -1e-40,   88.5,      -88.5, 100,   -100,
                             710, -710, NAN,   INFINITY, -INFINITY, 3e38,  1e-30, -3};
  for (DType dt : {DType::kFloat32, DType::kFloat64}) {
    const int64_t n = 37;
    Tensor storage = Random(Shape{2 * n}, dt, 91, -10, 10);
    for (int64_t i = 0; i < n; i += 2) SetElement(storage, 2 * i, kSpecial[(i / 2) % 16]);
    const Tensor strided = storage.AsStrided(Shape{n}, Shape{2}, 0);
    const Tensor flat = strided.contiguous();
    for (const char* op : {"exp", "expm1", "log", "tanh", "sigmoid", "silu", "rsqrt"}) {
      SCOPED_TRACE(std::string(op) + " " + std::string(tensor::DTypeName(dt)));
      const Tensor a = Run1(op, {flat});
      const Tensor b = Run1(op, {strided});
      for (int64_t i = 0; i < n; ++i) {
        const Tensor one = Run1(op, {flat.AsStrided(Shape{1}, Shape{1}, i).contiguous()});
        const double want = a.ElementAsDouble(i);
        for (double got : {b.ElementAsDouble(i), one.ElementAsDouble(0)}) {
          if (std::isnan(want)) {
            EXPECT_TRUE(std::isnan(got)) << "element " << i;
          } else {
            EXPECT_EQ(std::signbit(got), std::signbit(want)) << "element " << i;
            EXPECT_EQ(got, want) << "element " << i << " of " << flat.ElementAsDouble(i);
          }
        }
      }
    }
  }
}

// a + alpha * b is one FMA in the vector loop, its tail and the strided
// loop alike (and a Python-number b is folded: a + round(alpha * b)).
TEST(BinaryTest, AddWithAlphaIsOneFmaAnywhere) {
  const int64_t n = 19;
  Tensor sa = Random(Shape{2 * n}, DType::kFloat32, 7, -4, 4);
  Tensor sb = Random(Shape{2 * n}, DType::kFloat32, 8, -4, 4);
  const Tensor a = sa.AsStrided(Shape{n}, Shape{2}, 0), b = sb.AsStrided(Shape{n}, Shape{2}, 0);
  const Tensor flat = Run1("sub", {a.contiguous(), b.contiguous(), Float(3)});
  const Tensor strided = Run1("sub", {a, b, Float(3)});
  for (int64_t i = 0; i < n; ++i) {
    const float x = static_cast<float>(a.ElementAsDouble(i));
    const float y = static_cast<float>(b.ElementAsDouble(i));
    EXPECT_EQ(flat.ElementAsDouble(i), std::fma(-3.0f, y, x)) << i;
    EXPECT_EQ(strided.ElementAsDouble(i), std::fma(-3.0f, y, x)) << i;
  }
  const Tensor scalar_flat = Run1("add", {a.contiguous(), Float(0.1), Float(3)});
  const Tensor scalar_strided = Run1("add", {a, Float(0.1), Float(3)});
  for (int64_t i = 0; i < n; ++i) {
    const float want = static_cast<float>(a.ElementAsDouble(i)) + 3.0f * 0.1f;
    EXPECT_EQ(scalar_flat.ElementAsDouble(i), want) << i;
    EXPECT_EQ(scalar_strided.ElementAsDouble(i), want) << i;
  }
}

TEST(UnaryTest, GeluTanhAndRoundDecimals) {
  Tensor x = Random(Shape{50}, DType::kFloat64, 6, -4, 4);
  Tensor g = Run1("gelu", {x, Str("tanh")});
  Tensor r = Run1("round", {x, Int(2)});
  for (int64_t i = 0; i < 50; ++i) {
    double v = x.ElementAsDouble(i);
    double k = std::sqrt(2.0 / std::numbers::pi);
    ExpectClose(g.ElementAsDouble(i), 0.5 * v * (1 + std::tanh(k * (v + 0.044715 * v * v * v))),
                DType::kFloat64, "gelu tanh");
    ExpectClose(r.ElementAsDouble(i), std::nearbyint(v * 100) / 100, DType::kFloat64, "round");
  }
  EXPECT_FALSE(Call1("gelu", {x, Str("fast")}).ok());
}

TEST(UnaryTest, RejectedDTypes) {
  Tensor b = Random(Shape{3}, DType::kBool, 1);
  auto neg = Call1("neg", {b});
  ASSERT_FALSE(neg.ok());
  EXPECT_NE(neg.status().message().find("Negation, the `-` operator, on a bool tensor"),
            std::string::npos);
  EXPECT_FALSE(Call1("bitwise_not", {Random(Shape{3}, DType::kFloat32, 1)}).ok());
  EXPECT_FALSE(Call1("silu", {Random(Shape{3}, DType::kInt32, 1)}).ok());
}

struct BinaryCase {
  const char* op;
  std::function<double(double, double)> ref;
  bool nonzero_divisor = false;
};

double FloorDiv(double a, double b) { return std::floor(a / b); }
double PyMod(double a, double b) {
  double m = std::fmod(a, b);
  if (m != 0 && ((m < 0) != (b < 0))) m += b;
  return m;
}

const BinaryCase kBinary[] = {
    {"add", [](double a, double b) { return a + b; }},
    {"sub", [](double a, double b) { return a - b; }},
    {"mul", [](double a, double b) { return a * b; }},
    {"floor_divide", FloorDiv, true},
    {"remainder", PyMod, true},
    {"maximum", [](double a, double b) { return std::max(a, b); }},
    {"minimum", [](double a, double b) { return std::min(a, b); }},
    {"eq", [](double a, double b) { return static_cast<double>(a == b); }},
    {"ne", [](double a, double b) { return static_cast<double>(a != b); }},
    {"lt", [](double a, double b) { return static_cast<double>(a < b); }},
    {"le", [](double a, double b) { return static_cast<double>(a <= b); }},
    {"gt", [](double a, double b) { return static_cast<double>(a > b); }},
    {"ge", [](double a, double b) { return static_cast<double>(a >= b); }},
    {"logical_and", [](double a, double b) { return static_cast<double>(a != 0 && b != 0); }},
    {"logical_or", [](double a, double b) { return static_cast<double>(a != 0 || b != 0); }},
    {"logical_xor", [](double a, double b) { return static_cast<double>((a != 0) != (b != 0)); }},
    {"bitwise_and",
     [](double a, double b) {
       return static_cast<double>(static_cast<int64_t>(a) & static_cast<int64_t>(b));
     }},
    {"bitwise_or",
     [](double a, double b) {
       return static_cast<double>(static_cast<int64_t>(a) | static_cast<int64_t>(b));
     }},
    {"bitwise_xor",
     [](double a, double b) {
       return static_cast<double>(static_cast<int64_t>(a) ^ static_cast<int64_t>(b));
     }},
    {"pow", [](double a, double b) { return std::pow(a, b); }},
};

// Divisors and pow exponents stay away from values with unstable results.
Tensor Operand(const BinaryCase& c, tensor::IntSpan sizes, DType dt, uint32_t seed, bool rhs) {
  Tensor t = Random(sizes, dt, seed, rhs && std::string(c.op) == "pow" ? 0 : -6,
                    rhs && std::string(c.op) == "pow" ? 3 : 6);
  if (rhs && c.nonzero_divisor) {
    for (int64_t i = 0; i < t.numel(); ++i) {
      if (t.ElementAsDouble(i) == 0) SetElement(t, i, 1);
    }
  }
  if (!rhs && std::string(c.op) == "pow" && tensor::IsFloatingPoint(dt)) {
    for (int64_t i = 0; i < t.numel(); ++i) SetElement(t, i, std::abs(t.ElementAsDouble(i)));
  }
  return t;
}

void CheckBinary(const BinaryCase& c, const Tensor& a, const Tensor& b, const Tensor& out) {
  // Index the broadcast operands by their own strides.
  const int64_t nd = out.dim();
  for (int64_t i = 0; i < out.numel(); ++i) {
    int64_t rest = i;
    int64_t ia = 0, ib = 0, ma = 1, mb = 1;
    for (int64_t d = nd - 1; d >= 0; --d) {
      int64_t idx = rest % out.size(d);
      rest /= out.size(d);
      int64_t da = d - (nd - a.dim()), db = d - (nd - b.dim());
      if (da >= 0) {
        ia += (a.size(da) == 1 ? 0 : idx) * ma;
        ma *= a.size(da);
      }
      if (db >= 0) {
        ib += (b.size(db) == 1 ? 0 : idx) * mb;
        mb *= b.size(db);
      }
    }
    double x =
        RoundTo(a.ElementAsDouble(ia), out.dtype() == DType::kBool ? DType::kFloat64 : out.dtype());
    double y =
        RoundTo(b.ElementAsDouble(ib), out.dtype() == DType::kBool ? DType::kFloat64 : out.dtype());
    double want = RoundTo(c.ref(x, y), out.dtype());
    ExpectClose(out.ElementAsDouble(i), want, out.dtype(),
                std::string(c.op) + "(" + std::to_string(x) + ", " + std::to_string(y) + ")");
  }
}

TEST(BinaryTest, EveryOpEveryDTypeMatchesReference) {
  for (const BinaryCase& c : kBinary) {
    int accepted = 0;
    for (DType dt : kAllDTypes) {
      SCOPED_TRACE(std::string(c.op) + " " + std::string(tensor::DTypeName(dt)));
      Tensor a = Operand(c, Shape{19, 23}, dt, 11, false);
      Tensor b = Operand(c, Shape{19, 23}, dt, 12, true);
      auto r = Call1(c.op, {a, b});
      if (!r.ok()) continue;
      ++accepted;
      CheckBinary(c, a, b, *r);
      // Broadcast: [5, 1, 7] with [3, 1]; transposed operands; 0-dim.
      Tensor a3 = Operand(c, Shape{5, 1, 7}, dt, 13, false);
      Tensor b2 = Operand(c, Shape{3, 1}, dt, 14, true);
      CheckBinary(c, a3, b2, Run1(c.op, {a3, b2}));
      Tensor at = Operand(c, Shape{23, 19}, dt, 15, false);
      at = at.AsStrided(Shape{19, 23}, Shape{1, 19}, 0);
      CheckBinary(c, at, b, Run1(c.op, {at, b}));
      Tensor s = Operand(c, Shape{}, dt, 16, true);
      CheckBinary(c, a, s, Run1(c.op, {a, s}));
      Tensor e = Operand(c, Shape{0, 3}, dt, 17, false);
      CheckBinary(c, e, Operand(c, Shape{3}, dt, 18, true),
                  Run1(c.op, {e, Operand(c, Shape{3}, dt, 18, true)}));
    }
    EXPECT_GE(accepted, 3) << c.op;
  }
}

TEST(BinaryTest, PythonScalarsAndAlpha) {
  Tensor a = Random(Shape{100}, DType::kFloat32, 21);
  Tensor b = Random(Shape{100}, DType::kFloat32, 22);
  Tensor r = Run1("add", {a, b, Float(2.5)});
  Tensor s = Run1("sub", {a, Float(0.25), Int(3)});
  Tensor m = Run1("mul", {a, Float(1.5)});
  for (int64_t i = 0; i < 100; ++i) {
    double x = a.ElementAsDouble(i), y = b.ElementAsDouble(i);
    ExpectClose(r.ElementAsDouble(i), x + 2.5 * y, DType::kFloat32, "add alpha");
    ExpectClose(s.ElementAsDouble(i), x - 0.75, DType::kFloat32, "sub scalar alpha");
    ExpectClose(m.ElementAsDouble(i), x * 1.5, DType::kFloat32, "mul scalar");
  }
  // int tensor + float scalar promotes to float32; int * int scalar stays.
  Tensor ia = Random(Shape{10}, DType::kInt32, 23);
  Tensor f = Run1("add", {ia, Float(0.5)});
  EXPECT_EQ(f.dtype(), DType::kFloat32);
  EXPECT_EQ(f.ElementAsDouble(3), ia.ElementAsDouble(3) + 0.5);
  Tensor i2 = Run1("mul", {ia, Int(3)});
  EXPECT_EQ(i2.dtype(), DType::kInt32);
  EXPECT_EQ(i2.ElementAsDouble(4), ia.ElementAsDouble(4) * 3);
}

TEST(BinaryTest, TrueDivisionOfIntegersIsFloat) {
  Tensor a = Random(Shape{40}, DType::kInt64, 31, -50, 50);
  Tensor b = Operand(kBinary[3], Shape{40}, DType::kInt64, 32, true);
  Tensor q = Run1("div", {a, b});
  EXPECT_EQ(q.dtype(), DType::kFloat32);
  for (int64_t i = 0; i < 40; ++i) {
    ExpectClose(q.ElementAsDouble(i),
                static_cast<float>(a.ElementAsDouble(i) / b.ElementAsDouble(i)), DType::kFloat32,
                "div");
  }
}

TEST(BinaryTest, NaNPropagatesInMaximumMinimum) {
  Tensor a = Tensor::Full(Shape{33}, 1.0, DType::kFloat32);
  Tensor b = Tensor::Full(Shape{33}, 2.0, DType::kFloat32);
  SetElement(a, 0, NAN);
  SetElement(b, 20, NAN);
  for (const char* op : {"maximum", "minimum"}) {
    Tensor r = Run1(op, {a, b});
    EXPECT_TRUE(std::isnan(r.ElementAsDouble(0))) << op;
    EXPECT_TRUE(std::isnan(r.ElementAsDouble(20))) << op;
    EXPECT_EQ(r.ElementAsDouble(5), std::string(op) == "maximum" ? 2.0 : 1.0);
  }
}

TEST(BinaryTest, IntegerDivisionByZeroIsAnError) {
  Tensor a = Tensor::Full(Shape{4}, Scalar(int64_t{7}), DType::kInt32);
  Tensor z = Tensor::Full(Shape{4}, Scalar(int64_t{0}), DType::kInt32);
  for (const char* op : {"floor_divide", "remainder"}) {
    auto r = Call1(op, {a, z});
    ASSERT_FALSE(r.ok()) << op;
    EXPECT_EQ(r.status().message(), "ZeroDivisionError");
  }
  auto t = Call1("div", {a, Constant(Scalar(int64_t{0})), Str("trunc")});
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().message(), "ZeroDivisionError");
  // Float division by zero is IEEE.
  Tensor f = Run1("div", {a, z});
  EXPECT_TRUE(std::isinf(f.ElementAsDouble(0)));
}

TEST(WhereClampTest, MatchReference) {
  Tensor c = Random(Shape{6, 7}, DType::kBool, 41);
  Tensor a = Random(Shape{6, 7}, DType::kFloat32, 42);
  Tensor b = Random(Shape{7}, DType::kInt64, 43);
  Tensor w = Run1("where", {c, a, b});
  EXPECT_EQ(w.dtype(), DType::kFloat32);
  for (int64_t i = 0; i < 42; ++i) {
    EXPECT_EQ(w.ElementAsDouble(i),
              c.ElementAsDouble(i) != 0 ? a.ElementAsDouble(i) : b.ElementAsDouble(i % 7));
  }
  Tensor ws = Run1("where", {c, a, Float(0.5)});
  EXPECT_EQ(ws.ElementAsDouble(1), c.ElementAsDouble(1) != 0 ? a.ElementAsDouble(1) : 0.5);
  Tensor cl = Run1("clamp", {a, Float(-1.0), Float(1.0)});
  Tensor lo = Run1("clamp", {a, Float(0.0)});
  Tensor hi = Run1("clamp", {a, NoneArg(), Float(0.0)});
  for (int64_t i = 0; i < 42; ++i) {
    double x = a.ElementAsDouble(i);
    EXPECT_EQ(cl.ElementAsDouble(i), static_cast<float>(std::min(1.0, std::max(-1.0, x))));
    EXPECT_EQ(lo.ElementAsDouble(i), std::max(0.0, x));
    EXPECT_EQ(hi.ElementAsDouble(i), std::min(0.0, x));
  }
  auto none = Call1("clamp", {a});
  EXPECT_FALSE(none.ok());
  // clamp of an int tensor with a float bound promotes.
  Tensor ci = Run1("clamp", {Random(Shape{5}, DType::kInt32, 44), Float(0.5)});
  EXPECT_EQ(ci.dtype(), DType::kFloat32);
}

TEST(ToDTypeTest, CastsLikePyTorch) {
  Tensor f = Random(Shape{9, 11}, DType::kFloat32, 51, -100, 100);
  Tensor ft = f.AsStrided(Shape{11, 9}, Shape{1, 11}, 0);
  for (DType dt : kAllDTypes) {
    Tensor r = Run1("to_dtype", {ft, Constant(dt)});
    ASSERT_EQ(r.dtype(), dt);
    // Laid out as the (transposed) input, as PyTorch's .to() keeps it.
    EXPECT_EQ(r.strides(), ft.strides());
    for (int64_t i = 0; i < r.numel(); ++i) {
      double x = ft.ElementAsDouble(i);
      double want = dt == DType::kBool ? (x != 0) : RoundTo(x, dt);
      if (!tensor::IsFloatingPoint(dt) && dt != DType::kBool) want = RoundTo(std::trunc(x), dt);
      if (dt == DType::kUInt8 && x < 0) continue;  // unspecified in C and PyTorch
      if (dt == DType::kInt8 && std::abs(x) >= 128) continue;
      EXPECT_EQ(r.ElementAsDouble(i), want) << tensor::DTypeName(dt) << " " << x;
    }
  }
}

}  // namespace
}  // namespace tc::kernels::testing
