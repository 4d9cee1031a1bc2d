// Property test: random joint-like graphs (a forward of random ops over
// 4x4 primals, a backward mixing tangents with forward values, gradients
// for a random subset of primals); every partition verifies and runs as
// the joint graph does.
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/partition/partition.h"

#include "partition_test_util.h"

namespace tc::partition::testing {
namespace {

using graph_ir::Graph;
using graph_ir::Shape;
using graph_ir::Value;

class RandomJoint {
 public:
  explicit RandomJoint(uint32_t seed) : rng_(seed) {}

  // Builds the graph; false if the builder refused a node (a test bug).
  bool Build() {
    const int num_primals = Pick(1, 4);
    const auto meta = graph_ir::TensorMeta::Contiguous(tensor::DType::kFloat32, Shape{4, 4});
    for (int i = 1; i <= num_primals; ++i) {
      fwd_.push_back(*graph_.AddInput("primals_" + std::to_string(i), meta));
    }
    const int num_fwd_nodes = Pick(2, 24);
    for (int i = 0; i < num_fwd_nodes && ok_; ++i) fwd_.push_back(ForwardNode());
    std::vector<Value*> outputs = {Apply("sum", {fwd_.back()})};
    if (Pick(0, 1) == 1) outputs.push_back(fwd_[Pick(num_primals, fwd_.size() - 1)]);
    for (size_t t = 0; t < outputs.size(); ++t) {
      Value* tangent = *graph_.AddInput("tangents_" + std::to_string(t + 1), outputs[t]->meta());
      bwd_.push_back(tangent->meta().dim() == 0 ? Apply("expand", {tangent, Shape{4, 4}})
                                                : tangent);
    }
    const int num_bwd_nodes = Pick(1, 24);
    for (int i = 0; i < num_bwd_nodes && ok_; ++i) bwd_.push_back(BackwardNode());
    num_fwd_outputs_ = static_cast<int>(outputs.size());
    for (int p = 0; p < num_primals; ++p) {
      if (Pick(0, 4) == 0) continue;  // a primal without a gradient
      grad_primals_.push_back(p);
      const int kind = Pick(0, 9);
      outputs.push_back(kind == 0   ? fwd_[Pick(0, fwd_.size() - 1)]  // reads no tangent
                        : kind == 1 ? graph_.inputs()[num_primals]    // a tangent as it is
                                    : bwd_[Pick(0, bwd_.size() - 1)]);
    }
    graph_.SetOutputs(outputs);
    return ok_;
  }

  JointGraph joint() const {
    return {.graph = &graph_, .num_fwd_outputs = num_fwd_outputs_, .grad_primals = grad_primals_};
  }
  std::string text() const { return graph_.ToString(); }

 private:
  int Pick(int lo, size_t hi) {
    return std::uniform_int_distribution<int>(lo, static_cast<int>(hi))(rng_);
  }
  Value* F() { return fwd_[Pick(0, fwd_.size() - 1)]; }
  Value* B() { return bwd_[Pick(0, bwd_.size() - 1)]; }

  Value* Apply(const char* op, std::vector<graph_ir::Arg> args) {
    auto v = graph_.Apply(op, std::move(args));
    if (!v.ok()) {
      ADD_FAILURE() << op << ": " << v.status();
      ok_ = false;
      return fwd_.front();
    }
    return *v;
  }
  graph_ir::Constant Num(double x) { return graph_ir::Constant(tensor::Scalar(x)); }
  graph_ir::Constant Dims(std::initializer_list<int64_t> d) { return graph_ir::Constant(Shape(d)); }

  Value* ForwardNode() {
    static const char* kUnary[] = {"relu", "sin", "cos", "tanh", "neg", "sigmoid", "exp", "clone"};
    static const char* kBinary[] = {"add", "mul", "sub", "maximum", "mm"};
    switch (Pick(0, 8)) {
      case 0:
      case 1:
        return Apply(kUnary[Pick(0, 7)], {F()});
      case 2:
      case 3:
        return Apply(kBinary[Pick(0, 4)], {F(), F()});
      case 4:
        return Apply("permute", {F(), Dims({1, 0})});
      case 5: {  // a reduction broadcast back
        Value* r = Apply(Pick(0, 1) ? "sum" : "amax",
                         {F(), Dims({1}), graph_ir::Constant(tensor::Scalar(true))});
        return Apply("expand", {r, Dims({4, 4})});
      }
      case 6: {
        Value* mask = Apply("le", {F(), Num(0.0)});
        return Apply("where", {mask, Num(0.0), F()});
      }
      case 7: {  // dropout-like: a draw
        Value* r = Apply("rand", {Dims({4, 4})});
        return Apply("mul",
                     {F(), Apply("to_dtype", {Apply("lt", {r, Num(0.5)}),
                                              graph_ir::Constant(tensor::DType::kFloat32)})});
      }
      default:
        return Apply("reshape", {Apply("reshape", {F(), Dims({16})}), Dims({4, 4})});
    }
  }

  Value* BackwardNode() {
    switch (Pick(0, 6)) {
      case 0:
        return Apply("mul", {B(), F()});
      case 1:
        return Apply("add", {B(), B()});
      case 2:
        return Apply("where", {Apply("le", {F(), Num(0.0)}), Num(0.0), B()});
      case 3:
        return Apply("mm", {B(), Apply("permute", {F(), Dims({1, 0})})});
      case 4:
        return Apply("mm", {Apply("permute", {F(), Dims({1, 0})}), B()});
      case 5:
        return Apply("mul", {B(), Apply("cos", {F()})});  // a derivative of forward values
      default: {
        Value* s = Apply("sum", {B(), Dims({0}), graph_ir::Constant(tensor::Scalar(true))});
        return Apply("expand", {s, Dims({4, 4})});
      }
    }
  }

  std::mt19937 rng_;
  Graph graph_;
  std::vector<Value*> fwd_;
  std::vector<Value*> bwd_;
  int num_fwd_outputs_ = 0;
  std::vector<int> grad_primals_;
  bool ok_ = true;
};

TEST(RandomJointGraphs, EveryPartitionRunsAsTheJointGraph) {
  for (uint32_t seed = 0; seed < 300; ++seed) {
    RandomJoint r(seed);
    ASSERT_TRUE(r.Build()) << "seed " << seed;
    const JointGraph joint = r.joint();
    ASSERT_TRUE(CheckJointGraph(joint).ok()) << CheckJointGraph(joint) << "\n" << r.text();
    const double budget = std::vector<double>{1, 1, 0.5, 0.1, 0}[seed % 5];
    auto by_default = DefaultPartition(joint);
    auto by_min_cut = MinCutRematerializationPartition(joint, WithBudget(budget));
    for (const auto* p : {&by_default, &by_min_cut}) {
      ASSERT_TRUE(p->ok()) << "seed " << seed << ": " << p->status() << "\n" << r.text();
      const absl::Status same = CheckRunsLikeJoint(joint, **p, seed);
      ASSERT_TRUE(same.ok()) << "seed " << seed << " budget " << budget << ": " << same << "\n"
                             << r.text() << "\nforward:\n"
                             << (*p)->forward.ToString() << "\nbackward:\n"
                             << (*p)->backward.ToString();
    }
  }
}

}  // namespace
}  // namespace tc::partition::testing
