// Robustness of the graph builder against arbitrary arguments: random graphs
// are built with Graph::AddNode from random (often wrong) argument lists, as
// a script front end would pass them. Every AddNode must succeed or fail with
// a message, never crash; every graph built must verify, print, parse back to
// the same text, and survive the passes. Minimized crashes are pinned below.
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include <gtest/gtest.h>

#include "tc/graph_ir/graph.h"
#include "tc/graph_ir/passes.h"
#include "tc/graph_ir/text_format.h"
#include "tc/graph_ir/verifier.h"

namespace tc::graph_ir {
namespace {

constexpr DType kDTypes[] = {
    DType::kBool,  DType::kUInt8,   DType::kInt8,     DType::kInt16,   DType::kInt32,
    DType::kInt64, DType::kFloat16, DType::kBFloat16, DType::kFloat32, DType::kFloat64,
};
// Huge sizes: any product with another non-zero size exceeds memory, so no
// call allocates (or loops over) more than a few elements and succeeds.
constexpr int64_t kHuge[] = {int64_t{1} << 40, int64_t{1} << 62,
                             std::numeric_limits<int64_t>::max(),
                             std::numeric_limits<int64_t>::min(), -(int64_t{1} << 40)};

// ---- Crash reporting: the graph and call in flight, printed on a signal.

char g_in_flight[16384];

void CrashHandler(int sig) {
  static const char kMsg[] = "\n*** builder fuzz: crashed in: ";
  (void)!write(2, kMsg, sizeof kMsg - 1);
  (void)!write(2, g_in_flight, strnlen(g_in_flight, sizeof g_in_flight));
  (void)!write(2, "\n", 1);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void SetInFlight(const std::string& s) {
  std::strncpy(g_in_flight, s.c_str(), sizeof g_in_flight - 1);
}

std::string Describe(const Graph& g, const Arg& arg) {
  auto value = [&g](const Value* v) -> std::string {
    if (v == nullptr) return "<null>";
    if (!g.Owns(v)) return "<foreign>";
    return v->name().empty() ? absl::StrCat("%", v->id(), ":", v->meta().ToString())
                             : absl::StrCat("%", v->name(), ":", v->meta().ToString());
  };
  if (const auto* v = std::get_if<Value*>(&arg)) return value(*v);
  if (const auto* l = std::get_if<std::vector<Value*>>(&arg)) {
    std::vector<std::string> parts;
    for (const Value* v : *l) parts.push_back(value(v));
    return absl::StrCat("[", absl::StrJoin(parts, ", "), "]");
  }
  return ConstantToString(std::get<Constant>(arg));
}

std::string Describe(const Graph& g, std::string_view op, const std::vector<Arg>& args) {
  std::vector<std::string> parts;
  for (const Arg& a : args) parts.push_back(Describe(g, a));
  return absl::StrCat(std::string(op), "(", absl::StrJoin(parts, ", "), ")");
}

// ---- Random graphs.

class Fuzzer {
 public:
  explicit Fuzzer(uint64_t seed) : rng_(seed) {}

  int Uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool Chance(double p) { return std::bernoulli_distribution(p)(rng_); }
  template <typename T, size_t N>
  const T& Pick(const T (&items)[N]) {
    return items[Uniform(0, N - 1)];
  }

  int64_t FuzzInt() {
    switch (Uniform(0, 9)) {
      case 0:
        return Pick(kHuge);
      case 1:
        return -Uniform(1, 5);
      default:
        return Uniform(0, 4);
    }
  }

  Scalar FuzzScalar() {
    static constexpr double kFloats[] = {0.5,
                                         -1.5,
                                         0.0,
                                         -0.0,
                                         1e18,
                                         -1e300,
                                         1e-7,
                                         std::numeric_limits<double>::infinity(),
                                         -std::numeric_limits<double>::infinity(),
                                         std::numeric_limits<double>::quiet_NaN()};
    switch (Uniform(0, 2)) {
      case 0:
        return Scalar(Chance(0.5));
      case 1:
        return Scalar(FuzzInt());
      default:
        return Scalar(Pick(kFloats));
    }
  }

  Shape FuzzSizes() {
    Shape s(Uniform(0, 4));
    for (int64_t& v : s) {
      int r = Uniform(0, 19);
      v = r == 0 ? Pick(kHuge) : (r == 1 ? -1 : (r == 2 ? -Uniform(2, 3) : Uniform(0, 3)));
    }
    return s;
  }

  Shape FuzzDims(int64_t rank) {
    Shape s(Chance(0.7) ? rank : Uniform(0, 5));
    for (int64_t& v : s) v = Chance(0.9) ? Uniform(-rank - 1, rank) : FuzzInt();
    if (Chance(0.5) && static_cast<int64_t>(s.size()) == rank) {
      for (int64_t i = 0; i < rank; ++i) s[i] = i;
      std::shuffle(s.begin(), s.end(), rng_);
    }
    return s;
  }

  Constant FuzzConstant(int64_t rank) {
    static const std::string kStrings[] = {"none", "tanh", "floor", "trunc", "", "bogus", "'\n\\"};
    switch (Uniform(0, 6)) {
      case 0:
        return None{};
      case 1:
        return FuzzScalar();
      case 2:
        return Scalar(Uniform(-static_cast<int>(rank) - 1, static_cast<int>(rank)));
      case 3:
        return Chance(0.5) ? FuzzSizes() : FuzzDims(rank);
      case 4:
        return Pick(kDTypes);
      case 5:
        return Pick(kStrings);
      default:
        return Scalar(Chance(0.5));
    }
  }

  // Placeholder metadata: small sizes in any layout (permuted, strided,
  // expanded with stride 0, 0-size, 0-dim), sometimes on cuda.
  TensorMeta FuzzMeta() {
    Shape sizes(Uniform(0, 4));
    for (int64_t& v : sizes) v = Chance(0.08) ? 0 : Uniform(1, 3);
    const int64_t rank = static_cast<int64_t>(sizes.size());
    std::vector<int64_t> order(rank);
    for (int64_t i = 0; i < rank; ++i) order[i] = rank - 1 - i;
    if (Chance(0.3)) std::shuffle(order.begin(), order.end(), rng_);
    Shape strides(rank, 0);
    int64_t span = 1;
    for (int64_t d : order) {
      if (Chance(0.12)) continue;  // expanded: stride 0
      int64_t step = Chance(0.15) ? 2 : 1;
      strides[d] = span * step;
      span *= std::max<int64_t>(sizes[d], 1) * step;
    }
    DType dtype = Chance(0.3) ? DType::kInt64 : Pick(kDTypes);
    tensor::Device device = Chance(0.05) ? tensor::Device::CUDA(0) : tensor::Device::CPU();
    return TensorMeta{dtype, sizes, strides, device};
  }

  Value* AnyValue(const std::vector<Value*>& values) {
    return values[Uniform(0, static_cast<int>(values.size()) - 1)];
  }

  Arg AnyArg(const std::vector<Value*>& values, int64_t rank, Value* foreign) {
    switch (Uniform(0, 9)) {
      case 0:
      case 1:
        return AnyValue(values);
      case 2: {
        std::vector<Value*> list(Uniform(0, 3));
        for (Value*& v : list) v = AnyValue(values);
        return list;
      }
      case 3:
        return Chance(0.5) ? static_cast<Value*>(nullptr) : foreign;
      default:
        return FuzzConstant(rank);
    }
  }

  Arg FuzzArg(const ArgSpec& spec, const std::vector<Value*>& values, int64_t rank,
              Value* foreign) {
    if (Chance(0.12)) return AnyArg(values, rank, foreign);
    if (spec.optional && Chance(0.25)) return Constant(None{});
    const bool is_dim = spec.name.rfind("dim", 0) == 0;
    switch (spec.type) {
      case ArgType::kTensor:
        return AnyValue(values);
      case ArgType::kTensorList: {
        std::vector<Value*> list(Uniform(0, 3));
        for (Value*& v : list) v = AnyValue(values);
        return list;
      }
      case ArgType::kTensorOrScalar:
        if (Chance(0.6)) return AnyValue(values);
        return Constant(FuzzScalar());
      case ArgType::kScalar:
        return Constant(FuzzScalar());
      case ArgType::kInt:
        if (is_dim || Chance(0.5)) {
          return Constant(Scalar(Chance(0.9) ? Uniform(-rank - 1, rank) : FuzzInt()));
        }
        return Constant(Scalar(FuzzInt()));
      case ArgType::kIntList:
        if (is_dim) {
          if (Chance(0.2)) return Constant(Scalar(Uniform(-rank - 1, rank)));
          return Constant(FuzzDims(rank));
        }
        return Constant(FuzzSizes());
      case ArgType::kBool:
        return Constant(Scalar(Chance(0.5)));
      case ArgType::kDType:
        return Constant(Pick(kDTypes));
      case ArgType::kString:
        return FuzzConstant(rank);
    }
    return Constant(None{});
  }

  std::vector<Arg> FuzzArgs(const OpDef& op, const std::vector<Value*>& values, Value* foreign) {
    // Dims and sizes are drawn for the rank of one of the graph's values.
    const int64_t rank = AnyValue(values)->meta().dim();
    size_t required = 0;
    while (required < op.args.size() && !op.args[required].default_value) ++required;
    size_t count = op.args.size();
    int r = Uniform(0, 9);
    if (r < 3) {
      count = Uniform(required, op.args.size());
    } else if (r == 3) {
      count = Uniform(0, op.args.size() + 2);
    }
    std::vector<Arg> args;
    for (size_t i = 0; i < count; ++i) {
      args.push_back(i < op.args.size() ? FuzzArg(op.args[i], values, rank, foreign)
                                        : AnyArg(values, rank, foreign));
    }
    return args;
  }

  std::mt19937_64& rng() { return rng_; }

 private:
  std::mt19937_64 rng_;
};

// Prints, parses and re-prints `g`: the texts must match and the parsed
// graph must verify.
void ExpectRoundTrip(const Graph& g, std::string_view what) {
  const std::string text = g.ToString();
  SetInFlight(absl::StrCat("parsing (", std::string(what), "):\n", text));
  auto parsed = ParseGraph(text);
  ASSERT_TRUE(parsed.ok()) << what << ": " << parsed.status() << "\n" << text;
  EXPECT_TRUE(Verify(*parsed).ok()) << what << ":\n" << text;
  EXPECT_EQ(parsed->ToString(), text) << what;
}

class BuilderFuzzTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL}) std::signal(sig, CrashHandler);
  }
  void TearDown() override { g_in_flight[0] = '\0'; }
};

TEST_F(BuilderFuzzTest, RandomGraphsVerifyAndRoundTrip) {
  // TC_FUZZ_SEED explores other seeds; the default keeps the test deterministic.
  const char* seed = std::getenv("TC_FUZZ_SEED");
  Fuzzer fuzz(seed != nullptr ? std::strtoull(seed, nullptr, 10) : 987654321);
  const auto ops = AllOps();
  ASSERT_FALSE(ops.empty());
  Graph other;
  Value* foreign = *other.AddInput("foreign", TensorMeta::Contiguous(DType::kFloat32, Shape{2}));
  int calls = 0, added = 0;
  for (int graph_index = 0; calls < 24000; ++graph_index) {
    Graph g;
    std::vector<Value*> values;
    const int num_inputs = fuzz.Uniform(1, 3);
    for (int i = 0; i < num_inputs; ++i) {
      auto v = g.AddInput(absl::StrCat("in", i), fuzz.FuzzMeta());
      ASSERT_TRUE(v.ok()) << v.status();
      values.push_back(*v);
    }
    const int num_nodes = fuzz.Uniform(1, 10);
    for (int n = 0; n < num_nodes; ++n, ++calls) {
      const OpDef& op = *ops[fuzz.Uniform(0, static_cast<int>(ops.size()) - 1)];
      std::vector<Arg> args = fuzz.FuzzArgs(op, values, foreign);
      const std::string desc = Describe(g, op.name, args);
      SetInFlight(absl::StrCat("AddNode ", desc, " in graph:\n", g.ToString()));
      auto node = g.AddNode(op.name, args);
      if (!node.ok()) {
        EXPECT_FALSE(node.status().message().empty()) << desc;
        continue;
      }
      ++added;
      EXPECT_EQ((*node)->args().size(), op.args.size()) << desc;
      EXPECT_EQ((*node)->outputs().size(), static_cast<size_t>(op.num_outputs)) << desc;
      for (Value* out : (*node)->outputs()) {
        EXPECT_EQ(out->meta().strides.size(), out->meta().sizes.size()) << desc;
        values.push_back(out);
      }
    }
    // Random outputs, then the invariants every built graph must keep.
    std::vector<Value*> outputs;
    for (Value* v : values) {
      if (fuzz.Chance(0.3)) outputs.push_back(v);
    }
    g.SetOutputs(outputs);
    SetInFlight(absl::StrCat("Verify:\n", g.ToString()));
    ASSERT_TRUE(Verify(g).ok()) << Verify(g) << "\n" << g.ToString();
    ExpectRoundTrip(g, "built");
    SetInFlight(absl::StrCat("passes:\n", g.ToString()));
    ASSERT_TRUE(EliminateCommonSubexpressions(g).ok());
    ASSERT_TRUE(EliminateDeadCode(g).ok());
    ASSERT_TRUE(TopologicalSort(g).ok());
    ASSERT_TRUE(Verify(g).ok()) << Verify(g) << "\n" << g.ToString();
    ExpectRoundTrip(g, "after passes");
    if (HasFailure()) return;  // the first failure is the interesting one
  }
  std::cout << "built " << added << " of " << calls << " random nodes\n";
  // Keep the generator from degenerating into schema errors only.
  EXPECT_GT(added, calls / 10);
}

// Placeholders with metadata no tensor has (negative or huge sizes, odd
// strides): AddInput rejects them, or the graph still verifies and
// round-trips, and ops on them fail cleanly.
TEST_F(BuilderFuzzTest, OddPlaceholderMetas) {
  const TensorMeta metas[] = {
      {DType::kFloat32, Shape{-1}, Shape{1}, {}},
      {DType::kFloat32, Shape{int64_t{1} << 40, int64_t{1} << 40}, Shape{int64_t{1} << 40, 1}, {}},
      {DType::kInt64, Shape{2, 3}, Shape{-3, 1}, {}},
      {DType::kBool, Shape{0, 5}, Shape{0, 0}, {}},
  };
  for (const TensorMeta& meta : metas) {
    Graph g;
    auto in = g.AddInput("x", meta);
    if (!in.ok()) continue;
    for (const char* op : {"relu", "sum", "neg", "view", "expand", "mm", "cat"}) {
      std::vector<Arg> args = {*in};
      if (std::string_view(op) == "view" || std::string_view(op) == "expand") {
        args.push_back(Constant(Shape{-1}));
      } else if (std::string_view(op) == "mm") {
        args.push_back(*in);
      } else if (std::string_view(op) == "cat") {
        args = {std::vector<Value*>{*in, *in}};
      }
      SetInFlight(absl::StrCat(op, " on ", meta.ToString()));
      auto node = g.AddNode(op, args);
      if (!node.ok()) {
        EXPECT_FALSE(node.status().message().empty());
      }
    }
    g.SetOutputs({*in});
    SetInFlight(absl::StrCat("round trip of ", meta.ToString()));
    EXPECT_TRUE(Verify(g).ok()) << Verify(g);
    auto parsed = ParseGraph(g.ToString());
    if (parsed.ok()) {
      EXPECT_EQ(parsed->ToString(), g.ToString());
    }
  }
}

}  // namespace
}  // namespace tc::graph_ir
