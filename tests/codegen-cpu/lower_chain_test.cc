// Random chains of pointwise ops, views and reductions (views of views,
// broadcasts against fresh inputs, non-contiguous intermediates), lowered
// and evaluated against the interpreter bit for bit.
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "lower_eval_util.h"

namespace tc::codegen_cpu::testing {
namespace {

using graph_ir::Constant;

int64_t R(std::mt19937& rng, int64_t n) { return static_cast<int64_t>(rng() % n); }

// One random step applied to `v`; nullptr when the step does not apply.
Value* Step(Graph& g, Value* v, std::mt19937& rng, int* inputs) {
  const TensorMeta& m = v->meta();
  const int64_t rank = m.dim();
  const bool floating = tensor::IsFloatingPoint(m.dtype);
  switch (R(rng, 9)) {
    case 0:
      return g.Apply(floating ? "sigmoid" : "neg", {v}).value_or(nullptr);
    case 1: {  // a binary op against a fresh input broadcast from the right
      Shape sizes(m.sizes.begin() + (rank > 0 ? R(rng, rank + 1) : 0), m.sizes.end());
      for (auto& s : sizes) s = R(rng, 3) == 0 ? 1 : s;
      Value* w = In(g, absl::StrCat("w", (*inputs)++), m.dtype, sizes);
      const char* ops[] = {"add", "mul", "maximum", "sub"};
      return g.Apply(ops[R(rng, 4)], {v, w}).value_or(nullptr);
    }
    case 2: {  // permute
      if (rank < 2) return nullptr;
      Shape dims;
      for (int64_t d = rank - 1; d >= 0; --d) dims.push_back(d);
      std::swap(dims[0], dims[R(rng, rank)]);
      return g.Apply("permute", {v, Constant(dims)}).value_or(nullptr);
    }
    case 3: {  // slice with a step
      if (rank == 0) return nullptr;
      const int64_t d = R(rng, rank);
      return g
          .Apply("slice", {v, Constant(Scalar(d)), Constant(Scalar(R(rng, 2))),
                           Constant(graph_ir::None{}), Constant(Scalar(1 + R(rng, 2)))})
          .value_or(nullptr);
    }
    case 4: {  // unsqueeze then expand
      Value* u = g.Apply("unsqueeze", {v, Constant(Scalar(int64_t{0}))}).value_or(nullptr);
      if (u == nullptr) return nullptr;
      Shape sizes = u->meta().sizes;
      sizes[0] = 1 + R(rng, 3);
      return g.Apply("expand", {u, Constant(sizes)}).value_or(nullptr);
    }
    case 5:  // a flat reshape (a view or a copy, as eager decides)
      return g.Apply("reshape", {v, Ints({-1})}).value_or(nullptr);
    case 6: {  // a reduction over one dim
      if (rank == 0) return nullptr;
      const char* ops[] = {"sum", "amax", "prod"};
      const char* op = ops[R(rng, 3)];
      Constant dim =
          std::string(op) == "prod" ? Constant(Scalar(R(rng, rank))) : Ints({R(rng, rank)});
      return g.Apply(op, {v, dim, Constant(Scalar(R(rng, 2) == 0))}).value_or(nullptr);
    }
    case 7:
      return g.Apply("mul", {v, Constant(floating ? Scalar(0.5) : Scalar(3))}).value_or(nullptr);
    default:
      return g.Apply("clone", {v, Constant(std::string("contiguous"))}).value_or(nullptr);
  }
}

TEST(LowerChainTest, RandomChainsMatchEager) {
  const DType dtypes[] = {DType::kFloat32, DType::kFloat64, DType::kInt32, DType::kFloat16};
  int checked = 0;
  for (uint32_t seed = 0; seed < 300; ++seed) {
    std::mt19937 rng(seed);
    Graph g;
    Shape sizes;
    for (int64_t d = 0, rank = R(rng, 4); d < rank; ++d) sizes.push_back(1 + R(rng, 6));
    Value* v = In(g, "x", dtypes[R(rng, 4)], sizes);
    std::vector<Value*> outs;
    int inputs = 0;
    for (int k = 0; k < 5; ++k) {
      Value* next = Step(g, v, rng, &inputs);
      if (next == nullptr || next->meta().numel() > 100000) continue;
      v = next;
      if (R(rng, 3) == 0) outs.push_back(v);
    }
    outs.push_back(v);
    g.SetOutputs(outs);
    ExpectSameAsEager(g, Inputs(g, seed, false), absl::StrCat("seed ", seed));
    ++checked;
  }
  EXPECT_EQ(checked, 300);
}

}  // namespace
}  // namespace tc::codegen_cpu::testing
