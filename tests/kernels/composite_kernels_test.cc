// Composite (torch-level) ops run eagerly against real PyTorch's results
// (golden/composite.txt from scripts/gen_composite_goldens.py). For every
// case the test also checks that the op's meta function (its decomposition
// on a MetaEmitter) predicts the eager outputs' metadata, and that the
// decomposition appended to a graph verifies and, interpreted, gives the
// eager result. Random ops (dropout, randint) are checked by property.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tc/graph_ir/decompose.h"
#include "tc/graph_ir/verifier.h"
#include "tc/kernels/composite.h"
#include "tc/kernels/interpreter.h"
#include "tc/support/check.h"
#include "tc/tensor/cpu_generator.h"

#include "test_util.h"

namespace tc::kernels::testing {
namespace {

using graph_ir::TensorMeta;

struct GoldenCase {
  std::string op, label;
  std::vector<KernelArg> args;
  std::vector<Tensor> outs;
  std::string error;  // non-empty: the expected error message
};

Tensor ReadTensor(std::istringstream& in) {
  std::string dtype_name;
  int64_t ndim;
  in >> dtype_name >> ndim;
  Shape sizes(ndim);
  for (auto& s : sizes) in >> s;
  DType dtype = *tensor::ParseDType(dtype_name);
  Tensor t = Tensor::Empty(sizes, dtype);
  for (int64_t i = 0; i < t.numel(); ++i) {
    std::string tok;
    in >> tok;
    if (dtype == DType::kInt64) {
      t.data<int64_t>()[i] = std::strtoll(tok.c_str(), nullptr, 10);
    } else {
      SetElement(t, i, std::strtod(tok.c_str(), nullptr));
    }
  }
  return t;
}

std::vector<GoldenCase> ReadGoldens() {
  std::ifstream file(std::string(TC_KERNELS_GOLDEN_DIR) + "/composite.txt");
  EXPECT_TRUE(file.good());
  std::vector<GoldenCase> cases;
  GoldenCase c;
  std::vector<Tensor>* list = nullptr;
  int64_t list_left = 0;
  std::string line;
  while (std::getline(file, line)) {
    std::istringstream in(line);
    std::string tag;
    in >> tag;
    if (tag == "C") {
      c = GoldenCase{};
      in >> c.op >> c.label;
    } else if (tag == "T") {
      if (list_left > 0) {
        list->push_back(ReadTensor(in));
        --list_left;
      } else {
        c.args.emplace_back(ReadTensor(in));
      }
    } else if (tag == "L") {
      in >> list_left;
      c.args.emplace_back(std::vector<Tensor>{});
      list = &std::get<std::vector<Tensor>>(c.args.back());
    } else if (tag == "I") {
      int64_t v;
      in >> v;
      c.args.emplace_back(Int(v));
    } else if (tag == "F") {
      std::string v;
      in >> v;
      c.args.emplace_back(Float(std::strtod(v.c_str(), nullptr)));
    } else if (tag == "B") {
      int v;
      in >> v;
      c.args.emplace_back(Constant(Scalar(v != 0)));
    } else if (tag == "N") {
      c.args.emplace_back(NoneArg());
    } else if (tag == "D") {
      std::string v;
      in >> v;
      c.args.emplace_back(Constant(*tensor::ParseDType(v)));
    } else if (tag == "S") {
      std::string v;
      in >> v;
      c.args.emplace_back(Constant(v));
    } else if (tag == "IL") {
      int64_t n;
      in >> n;
      Shape v(n);
      for (auto& x : v) in >> x;
      c.args.emplace_back(Constant(v));
    } else if (tag == "O") {
      c.outs.push_back(ReadTensor(in));
    } else if (tag == "E") {
      c.error = line.substr(2);
    } else if (tag == "=") {
      cases.push_back(std::move(c));
      c = GoldenCase{};
    }
  }
  return cases;
}

const std::vector<GoldenCase>& Goldens() {
  static const auto* cases = new std::vector<GoldenCase>(ReadGoldens());
  return *cases;
}

TensorMeta MetaOf(const Tensor& t) {
  return TensorMeta{t.dtype(), t.sizes(), t.strides(), t.device()};
}

std::vector<graph_ir::MetaArg> MetaArgs(const std::vector<KernelArg>& args) {
  std::vector<graph_ir::MetaArg> metas;
  for (const KernelArg& a : args) {
    if (const auto* t = std::get_if<Tensor>(&a)) {
      metas.emplace_back(MetaOf(*t));
    } else if (const auto* l = std::get_if<std::vector<Tensor>>(&a)) {
      std::vector<TensorMeta> ms;
      for (const Tensor& t : *l) ms.push_back(MetaOf(t));
      metas.emplace_back(std::move(ms));
    } else {
      metas.emplace_back(std::get<Constant>(a));
    }
  }
  return metas;
}

// The op's decomposition appended to a fresh graph whose placeholders are
// the tensor arguments, in order.
struct BuiltGraph {
  graph_ir::Graph graph;
  std::vector<Tensor> inputs;
  absl::Status status;
};

std::unique_ptr<BuiltGraph> BuildGraph(const graph_ir::OpDef& op,
                                       const std::vector<KernelArg>& args) {
  auto b = std::make_unique<BuiltGraph>();
  std::vector<graph_ir::Arg> gargs;
  auto input = [&](const Tensor& t) {
    b->inputs.push_back(t);
    return *b->graph.AddInput("in" + std::to_string(b->inputs.size()), MetaOf(t));
  };
  for (const KernelArg& a : args) {
    if (const auto* t = std::get_if<Tensor>(&a)) {
      gargs.emplace_back(input(*t));
    } else if (const auto* l = std::get_if<std::vector<Tensor>>(&a)) {
      std::vector<graph_ir::Value*> vs;
      for (const Tensor& t : *l) vs.push_back(input(t));
      gargs.emplace_back(std::move(vs));
    } else {
      gargs.emplace_back(std::get<Constant>(a));
    }
  }
  auto outs = graph_ir::DecomposeInto(b->graph, op, std::move(gargs));
  if (!outs.ok()) {
    b->status = outs.status();
    return b;
  }
  b->graph.SetOutputs(*outs);
  return b;
}

void ExpectTensorsMatch(const Tensor& got, const Tensor& want, double rtol,
                        const std::string& what) {
  ASSERT_EQ(got.dtype(), want.dtype()) << what;
  ASSERT_EQ(got.sizes(), want.sizes()) << what;
  double tol = std::max(rtol, Tolerance(want.dtype()));
  for (int64_t i = 0; i < want.numel(); ++i) {
    double g = got.ElementAsDouble(i), w = want.ElementAsDouble(i);
    std::string where = what + " element " + std::to_string(i);
    if (std::isnan(w)) {
      EXPECT_TRUE(std::isnan(g)) << where << ": got " << g << ", want nan";
    } else if (std::isinf(w) || tol == 0) {
      EXPECT_EQ(g, w) << where;
    } else {
      EXPECT_LE(std::abs(g - w), tol * std::abs(w) + tol * 0.1)
          << where << ": got " << g << ", want " << w;
    }
  }
}

TEST(CompositeGoldenTest, CoversEveryCompositeOp) {
  std::set<std::string> seen;
  for (const GoldenCase& c : Goldens()) seen.insert(c.op);
  for (const graph_ir::OpDef* op : graph_ir::AllOps()) {
    if (op->category != graph_ir::OpCategory::kComposite) continue;
    EXPECT_TRUE(seen.count(op->name)) << op->name << " has no golden case";
  }
  EXPECT_GT(Goldens().size(), 150u);
}

// The relative tolerance of an op's float outputs against PyTorch's.
// Attention's backward subtracts sum(dP * P) from dP, a cancellation that
// magnifies float32 rounding (PyTorch's flash backward adds in another
// order): measured 6e-5 on the goldens.
double RtolFor(const std::string& op) {
  return op == "scaled_dot_product_attention_backward" ? 2e-4 : 1e-5;
}

TEST(CompositeGoldenTest, EagerMatchesPyTorch) {
  for (const GoldenCase& c : Goldens()) {
    SCOPED_TRACE(c.op + " " + c.label);
    const graph_ir::OpDef* op = graph_ir::FindOp(c.op);
    ASSERT_NE(op, nullptr);
    auto got = RunComposite(*op, c.args);
    if (!c.error.empty()) {
      ASSERT_FALSE(got.ok()) << "expected error: " << c.error;
      EXPECT_EQ(got.status().message(), c.error);
      continue;
    }
    ASSERT_TRUE(got.ok()) << got.status();
    ASSERT_EQ(got->size(), c.outs.size());
    for (size_t i = 0; i < c.outs.size(); ++i) {
      ExpectTensorsMatch((*got)[i], c.outs[i], RtolFor(c.op), "output " + std::to_string(i));
    }
  }
}

TEST(CompositeGoldenTest, MetaEqualsEagerMeta) {
  for (const GoldenCase& c : Goldens()) {
    SCOPED_TRACE(c.op + " " + c.label);
    const graph_ir::OpDef* op = graph_ir::FindOp(c.op);
    ASSERT_NE(op, nullptr);
    auto metas = graph_ir::InferMeta(*op, MetaArgs(c.args));
    if (!c.error.empty()) {
      ASSERT_FALSE(metas.ok());
      EXPECT_EQ(metas.status().message(), c.error);
      continue;
    }
    ASSERT_TRUE(metas.ok()) << metas.status();
    auto eager = RunComposite(*op, c.args);
    ASSERT_TRUE(eager.ok()) << eager.status();
    ASSERT_EQ(metas->size(), eager->size());
    for (size_t i = 0; i < metas->size(); ++i) {
      EXPECT_EQ((*metas)[i], MetaOf((*eager)[i]))
          << (*metas)[i].ToString() << " vs " << MetaOf((*eager)[i]).ToString();
    }
  }
}

TEST(CompositeGoldenTest, DecompositionGraphVerifiesAndMatchesEager) {
  for (const GoldenCase& c : Goldens()) {
    SCOPED_TRACE(c.op + " " + c.label);
    const graph_ir::OpDef* op = graph_ir::FindOp(c.op);
    ASSERT_NE(op, nullptr);
    auto built = BuildGraph(*op, c.args);
    if (!c.error.empty()) {
      ASSERT_FALSE(built->status.ok());
      EXPECT_EQ(built->status.message(), c.error);
      continue;
    }
    ASSERT_TRUE(built->status.ok()) << built->status;
    const graph_ir::Graph& g = built->graph;
    EXPECT_TRUE(graph_ir::Verify(g).ok()) << graph_ir::Verify(g) << "\n" << g.ToString();
    for (const auto& node : g.nodes()) {
      EXPECT_NE(node->op().category, graph_ir::OpCategory::kComposite) << node->op().name;
    }
    auto eager = RunComposite(*op, c.args);
    ASSERT_TRUE(eager.ok()) << eager.status();
    auto run = Interpreter(g).Run(built->inputs);
    ASSERT_TRUE(run.ok()) << run.status() << "\n" << g.ToString();
    ASSERT_EQ(run->size(), eager->size());
    for (size_t i = 0; i < run->size(); ++i) {
      EXPECT_EQ(g.outputs()[i]->meta(), MetaOf((*eager)[i]));
      ExpectTensorsMatch((*run)[i], (*eager)[i], 0, "graph output " + std::to_string(i));
    }
  }
}

const graph_ir::OpDef& Op(const char* name) {
  const graph_ir::OpDef* op = graph_ir::FindOp(name);
  TC_CHECK(op != nullptr) << name;
  return *op;
}

Tensor RunOp(const char* name, std::vector<KernelArg> args, size_t out = 0) {
  auto r = RunComposite(Op(name), args);
  EXPECT_TRUE(r.ok()) << name << ": " << r.status();
  return r.ok() ? (*r)[out] : Tensor();
}

TEST(CompositeKernelsTest, DropoutKeepsAboutOneMinusPScaled) {
  tensor::DefaultCpuGenerator().ManualSeed(7);
  Tensor x = Tensor::Full(Shape{100, 100}, Scalar(2.0), DType::kFloat32);
  Tensor y = RunOp("dropout", {x, Float(0.3), Constant(Scalar(true))});
  ASSERT_EQ(y.dtype(), DType::kFloat32);
  int64_t kept = 0;
  const float scaled = 2.0f * (1.0f / 0.7f);
  for (int64_t i = 0; i < y.numel(); ++i) {
    float v = y.data<float>()[i];
    if (v != 0) {
      ++kept;
      EXPECT_NEAR(v, scaled, 1e-5);
    }
  }
  EXPECT_NEAR(static_cast<double>(kept) / y.numel(), 0.7, 0.03);
  // The same seed gives the same mask; the next draw differs.
  tensor::DefaultCpuGenerator().ManualSeed(7);
  Tensor y2 = RunOp("dropout", {x, Float(0.3), Constant(Scalar(true))});
  Tensor y3 = RunOp("dropout", {x, Float(0.3), Constant(Scalar(true))});
  EXPECT_EQ(Values(y), Values(y2));
  EXPECT_NE(Values(y), Values(y3));
}

TEST(CompositeKernelsTest, DropoutEvalReturnsInputItself) {
  Tensor x = Random(Shape{3, 4}, DType::kFloat32, 1);
  Tensor y = RunOp("dropout", {x, Float(0.5), Constant(Scalar(false))});
  EXPECT_EQ(y.storage(), x.storage());
}

TEST(CompositeKernelsTest, RandomGraphMatchesEagerForSameSeed) {
  for (const char* name : {"dropout", "randint"}) {
    SCOPED_TRACE(name);
    std::vector<KernelArg> args;
    if (std::string(name) == "dropout") {
      args = {Random(Shape{8, 16}, DType::kFloat32, 3), Float(0.4)};
    } else {
      args = {Int(-3), Int(9), Ints({5, 7})};
    }
    tensor::DefaultCpuGenerator().ManualSeed(11);
    Tensor eager = RunOp(name, args);
    auto built = BuildGraph(Op(name), args);
    ASSERT_TRUE(built->status.ok()) << built->status;
    tensor::DefaultCpuGenerator().ManualSeed(11);
    auto run = Interpreter(built->graph).Run(built->inputs);
    ASSERT_TRUE(run.ok()) << run.status();
    EXPECT_EQ(Values((*run)[0]), Values(eager));
  }
}

TEST(CompositeKernelsTest, RandintCoversRangeUniformly) {
  tensor::DefaultCpuGenerator().ManualSeed(5);
  Tensor r = RunOp("randint", {Int(-2), Int(3), Ints({10000})});
  ASSERT_EQ(r.dtype(), DType::kInt64);
  std::vector<int64_t> counts(5);
  for (int64_t i = 0; i < r.numel(); ++i) {
    int64_t v = r.data<int64_t>()[i];
    ASSERT_GE(v, -2);
    ASSERT_LT(v, 3);
    ++counts[v + 2];
  }
  for (int64_t c : counts) EXPECT_NEAR(c, 2000, 200);
  Tensor f = RunOp("randint", {Int(0), Int(4), Ints({2, 3}), Constant(DType::kFloat32)});
  EXPECT_EQ(f.dtype(), DType::kFloat32);
  EXPECT_EQ(f.sizes(), (Shape{2, 3}));
  for (double v : Values(f)) EXPECT_EQ(v, std::floor(v));
}

TEST(CompositeKernelsTest, ViewsAliasTheirInput) {
  Tensor x = Random(Shape{2, 3, 4}, DType::kFloat32, 2);
  for (auto* name : {"transpose", "t", "narrow", "flatten"}) {
    SCOPED_TRACE(name);
    std::vector<KernelArg> args{x};
    std::string n = name;
    if (n == "t") args = {Random(Shape{2, 3}, DType::kFloat32, 2)};
    if (n == "transpose") args = {x, Int(0), Int(2)};
    if (n == "narrow") args = {x, Int(1), Int(1), Int(2)};
    if (n == "flatten") args = {x, Int(1)};
    Tensor y = RunOp(name, args);
    EXPECT_EQ(y.storage(), std::get<Tensor>(args[0]).storage());
  }
  // flatten of a non-contiguous tensor copies (reshape), as in PyTorch.
  Tensor xt = RunOp("transpose", {x, Int(0), Int(2)});
  Tensor flat = RunOp("flatten", {xt});
  EXPECT_NE(flat.storage(), x.storage());
  EXPECT_EQ(flat.sizes(), (Shape{24}));
  EXPECT_EQ(flat.ElementAsDouble(1), x.ElementAsDouble(12));
}

// Random, often wrong, arguments: every composite op must either succeed
// with the metadata its meta function predicts or fail with a message;
// never crash. A failing meta function means the eager run fails too.
class CompositeFuzz {
 public:
  explicit CompositeFuzz(uint32_t seed) : rng_(seed) {}

  int Pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

  Tensor RandomTensor() {
    static const Shape kShapes[] = {{}, {0}, {3}, {2, 3}, {2, 0, 3}, {1, 3, 1}, {4, 5}, {2, 3, 4}};
    const Shape& sizes = kShapes[Pick(8)];
    return Random(sizes, kAllDTypes[Pick(10)], static_cast<uint32_t>(rng_()), -3, 3);
  }

  int64_t RandomInt() {
    static const int64_t kInts[] = {-3,
                                    -2,
                                    -1,
                                    0,
                                    1,
                                    2,
                                    3,
                                    4,
                                    5,
                                    -100,
                                    int64_t{1} << 40,
                                    std::numeric_limits<int64_t>::max(),
                                    std::numeric_limits<int64_t>::min()};
    return Pick(4) == 0 ? kInts[Pick(13)] : kInts[Pick(8)];
  }

  KernelArg ArgOf(graph_ir::ArgType type) {
    using graph_ir::ArgType;
    switch (type) {
      case ArgType::kTensor:
        return RandomTensor();
      case ArgType::kTensorList: {
        std::vector<Tensor> ts;
        Tensor t = RandomTensor();
        for (int n = Pick(4); n > 0; --n) ts.push_back(Pick(3) == 0 ? RandomTensor() : t);
        return ts;
      }
      case ArgType::kTensorOrScalar:
        return Pick(2) == 0 ? KernelArg(RandomTensor()) : KernelArg(Float(1.5));
      case ArgType::kScalar: {
        static const double kFloats[] = {0.0, 0.1,  0.5,  1.0,
                                         1.5, -0.5, 1e-5, std::numeric_limits<double>::quiet_NaN()};
        return Pick(2) == 0 ? Float(kFloats[Pick(8)]) : Int(RandomInt());
      }
      case ArgType::kInt:
        return Int(RandomInt());
      case ArgType::kIntList: {
        Shape v;
        for (int n = Pick(4); n > 0; --n) v.push_back(Pick(5) == 0 ? RandomInt() : Pick(4) - 1);
        return Constant(v);
      }
      case ArgType::kBool:
        return Constant(Scalar(Pick(2) == 0));
      case ArgType::kDType:
        return Constant(kAllDTypes[Pick(10)]);
      case ArgType::kString: {
        static const char* kStrs[] = {"mean", "sum", "none", "bad"};
        return Str(kStrs[Pick(4)]);
      }
    }
    return NoneArg();
  }

  std::vector<KernelArg> ArgsFor(const graph_ir::OpDef& op) {
    std::vector<KernelArg> args;
    size_t n = op.args.size();
    while (n > 0 && op.args[n - 1].default_value && Pick(3) == 0) --n;
    for (size_t i = 0; i < n; ++i) {
      const graph_ir::ArgSpec& spec = op.args[i];
      if (spec.optional && Pick(3) == 0) {
        args.push_back(NoneArg());
      } else if (Pick(12) == 0) {  // a wrong type now and then
        args.push_back(ArgOf(static_cast<graph_ir::ArgType>(Pick(9))));
      } else {
        args.push_back(ArgOf(spec.type));
      }
    }
    return args;
  }

 private:
  std::mt19937 rng_;
};

TEST(CompositeKernelsTest, RandomArgumentsNeverCrash) {
  CompositeFuzz fuzz(20240613);
  int ok = 0, calls = 0;
  for (int round = 0; round < 300; ++round) {
    for (const graph_ir::OpDef* op : graph_ir::AllOps()) {
      if (op->category != graph_ir::OpCategory::kComposite) continue;
      std::vector<KernelArg> args = fuzz.ArgsFor(*op);
      ++calls;
      auto metas = graph_ir::InferMeta(*op, MetaArgs(args));
      auto eager = RunComposite(*op, args);
      if (!metas.ok()) {
        EXPECT_FALSE(eager.ok()) << op->name << ": meta failed (" << metas.status()
                                 << ") but eager succeeded";
        EXPECT_FALSE(metas.status().message().empty());
        continue;
      }
      if (!eager.ok()) {
        EXPECT_FALSE(eager.status().message().empty());
        continue;
      }
      ++ok;
      ASSERT_EQ(eager->size(), metas->size()) << op->name;
      for (size_t i = 0; i < metas->size(); ++i) {
        EXPECT_EQ((*metas)[i], MetaOf((*eager)[i])) << op->name;
      }
    }
  }
  EXPECT_GT(ok, calls / 10);
}

// Once kernels::Call routes composite ops to RunComposite (eager.cc), Call
// and the Interpreter run torch-level ops and graphs directly.
TEST(CompositeKernelsTest, CallAndInterpreterRunCompositeOps) {
  Tensor x = Random(Shape{3, 5}, DType::kFloat32, 4);
  Tensor w = Random(Shape{4, 5}, DType::kFloat32, 5);
  auto called = Call1("softmax", {x, Int(1)});
  if (!called.ok() && absl::IsUnimplemented(called.status())) {
    GTEST_SKIP() << "kernels::Call does not route composite ops yet: " << called.status();
  }
  ASSERT_TRUE(called.ok()) << called.status();
  // Call runs softmax's fused kernel (norms.cc): the decomposition's
  // result up to the order of the row sum.
  ExpectTensorsMatch(*called, RunOp("softmax", {x, Int(1)}), 1e-6, "softmax via Call");

  graph_ir::Graph g;
  graph_ir::Value* gx = *g.AddInput("x", MetaOf(x));
  graph_ir::Value* gw = *g.AddInput("w", MetaOf(w));
  graph_ir::Value* h = *g.Apply("linear", {gx, gw, NoneArg()});
  graph_ir::Value* p = *g.Apply("log_softmax", {h, Int(-1)});
  graph_ir::Node* mx = *g.AddNode("max_dim", {p, Int(1)});
  g.SetOutputs({p, mx->output(0), mx->output(1)});
  ASSERT_TRUE(graph_ir::Verify(g).ok());
  const Tensor inputs[] = {x, w};
  auto run = Interpreter(g).Run(inputs);
  ASSERT_TRUE(run.ok()) << run.status();
  Tensor eh = RunOp("linear", {x, w});
  Tensor ep = *Call1("log_softmax", {eh, Int(-1)});
  ExpectTensorsMatch((*run)[0], ep, 0, "log_softmax");
  ExpectTensorsMatch((*run)[1], RunOp("max_dim", {ep, Int(1)}, 0), 0, "max values");
  ExpectTensorsMatch((*run)[2], RunOp("max_dim", {ep, Int(1)}, 1), 0, "max indices");
}

TEST(CompositeKernelsTest, SchemaErrorsNameTheOp) {
  auto r = RunComposite(Op("linear"),
                        std::vector<KernelArg>{Tensor::Zeros(Shape{2, 3}, DType::kFloat32)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "linear() missing required argument 'weight'");
  r = RunComposite(Op("softmax"),
                   std::vector<KernelArg>{Tensor::Zeros(Shape{2}, DType::kFloat32), Float(1.5)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "softmax(): argument 'dim' must be int, not float");
  r = RunComposite(Op("linear"),
                   std::vector<KernelArg>{Tensor::Zeros(Shape{2, 3}, DType::kFloat32), Int(1)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "linear(): argument 'weight' must be Tensor, not int");
  r = RunComposite(Op("t"), std::vector<KernelArg>{Tensor()});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "t(): got an undefined tensor");
}

}  // namespace
}  // namespace tc::kernels::testing
