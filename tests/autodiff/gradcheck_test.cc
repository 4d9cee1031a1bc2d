// Every derivative in the table against central finite differences, in
// float64 (gradcheck.h): the core cases (pointwise, reductions, views,
// linalg, the first nn composites) live here with the parameterized test and
// the coverage test; other areas register theirs from their own files.
// Inputs that broadcast and non-contiguous inputs are among the cases.
#include "gradcheck.h"

#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tc/autodiff/derivatives.h"

namespace tc::autodiff::gradcheck {
namespace {

using graph_ir::Constant;
using kernels::KernelArg;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;
using tensor::Tensor;

std::vector<Case> CoreCases() {
  auto R = [](Shape s) { return [s](std::mt19937& r) { return Random(s, r); }; };
  auto Pos = [](Shape s) { return [s](std::mt19937& r) { return Random(s, r, 0.5, 2.0); }; };
  std::vector<Case> cases;
  auto unary = [&](const std::string& op, bool positive = false) {
    cases.push_back({op,
                     op,
                     [=](std::mt19937& r) -> std::vector<KernelArg> {
                       return {positive ? Random({3, 4}, r, 0.5, 2.0) : Random({3, 4}, r)};
                     },
                     {0}});
  };
  for (const char* op : {"neg", "exp", "expm1", "sin", "cos", "tan", "tanh", "sigmoid", "relu",
                         "silu", "erf", "abs"}) {
    unary(op);
  }
  for (const char* op : {"log", "log1p", "sqrt", "rsqrt"}) unary(op, true);
  cases.push_back({"gelu",
                   "gelu",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), Constant(std::string("none"))};
                   },
                   {0}});
  cases.push_back({"gelu_tanh",
                   "gelu",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), Constant(std::string("tanh"))};
                   },
                   {0}});
  auto binary = [&](const std::string& name, const std::string& op, Shape a, Shape b,
                    std::vector<KernelArg> extra = {}) {
    cases.push_back({name,
                     op,
                     [=](std::mt19937& r) -> std::vector<KernelArg> {
                       std::vector<KernelArg> v = {Random(a, r), Random(b, r, 0.5, 2.0)};
                       for (const KernelArg& e : extra) v.push_back(e);
                       return v;
                     },
                     {0, 1}});
  };
  binary("add_broadcast", "add", {3, 4}, {4}, {S(2.5)});
  binary("sub_broadcast", "sub", {2, 1, 4}, {3, 1}, {S(0.5)});
  binary("mul", "mul", {3, 4}, {3, 4});
  binary("mul_broadcast", "mul", {3, 1}, {1, 4});
  binary("div", "div", {3, 4}, {4}, {None()});
  binary("maximum", "maximum", {3, 4}, {3, 4});
  binary("minimum", "minimum", {3, 4}, {4});
  binary("mm", "mm", {3, 5}, {5, 2});
  binary("bmm", "bmm", {2, 3, 4}, {2, 4, 5});
  binary("matmul_batched", "matmul", {2, 3, 4}, {4, 5});
  binary("matmul_vec", "matmul", {4}, {2, 4, 3});
  binary("matmul_mv", "matmul", {3, 4}, {4});
  binary("matmul_dot", "matmul", {4}, {4});
  cases.push_back({"pow_scalar",
                   "pow",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r, 0.5, 2.0), S(2.5)};
                   },
                   {0}});
  cases.push_back({"pow_tensor",
                   "pow",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r, 0.5, 2.0), Random({4}, r)};
                   },
                   {0, 1}});
  cases.push_back({"mul_scalar",
                   "mul",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), S(-1.5)};
                   },
                   {0}});
  cases.push_back({"where",
                   "where",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     Tensor c = Tensor::Empty(Shape{3, 4}, DType::kBool);
                     for (int i = 0; i < 12; ++i) c.data<bool>()[i] = (r() & 1) != 0;
                     return {c, Random({3, 4}, r), Random({4}, r)};
                   },
                   {1, 2}});
  cases.push_back({"clamp",
                   "clamp",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), S(-0.5), S(0.7)};
                   },
                   {0}});
  cases.push_back({"lerp",
                   "lerp",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), Random({3, 4}, r), Random({3, 4}, r)};
                   },
                   {0, 1, 2}});
  cases.push_back({"addcmul",
                   "addcmul",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), Random({3, 4}, r), Random({4}, r), S(0.5)};
                   },
                   {0, 1, 2}});
  cases.push_back(
      {"addcdiv",
       "addcdiv",
       [=](std::mt19937& r) -> std::vector<KernelArg> {
         return {Random({3, 4}, r), Random({3, 4}, r), Random({4}, r, 0.5, 2.0), S(0.5)};
       },
       {0, 1, 2}});
  // Reductions.
  cases.push_back({"sum_all",
                   "sum",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), None(), B(false), None()};
                   },
                   {0}});
  cases.push_back({"sum_dim",
                   "sum",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({2, 3, 4}, r), L({0, 2}), B(false), None()};
                   },
                   {0}});
  cases.push_back({"mean_keepdim",
                   "mean",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({2, 3, 4}, r), L({1}), B(true), None()};
                   },
                   {0}});
  cases.push_back({"amax",
                   "amax",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), L({1}), B(false)};
                   },
                   {0}});
  cases.push_back({"var",
                   "var",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), L({1}), S(1), B(false)};
                   },
                   {0}});
  cases.push_back({"std",
                   "std",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), L({0}), S(0), B(true)};
                   },
                   {0}});
  cases.push_back({"logsumexp",
                   "logsumexp",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), L({1}), B(false)};
                   },
                   {0}});
  cases.push_back({"max_dim",
                   "max_dim",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), I(1), B(false)};
                   },
                   {0}});
  // Views and indexing.
  cases.push_back({"permute",
                   "permute",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({2, 3, 4}, r), L({2, 0, 1})};
                   },
                   {0}});
  cases.push_back({"expand",
                   "expand",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 1}, r), L({2, 3, 4})};
                   },
                   {0}});
  cases.push_back({"reshape_noncontig",
                   "reshape",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     Tensor t = Random({4, 3}, r);
                     return {t.AsStrided(Shape{3, 4}, Shape{1, 3}, 0), L({12})};
                   },
                   {0}});
  cases.push_back({"slice",
                   "slice",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({5, 3}, r), I(0), I(1), I(5), I(2)};
                   },
                   {0}});
  cases.push_back({"unsqueeze",
                   "unsqueeze",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), I(1)};
                   },
                   {0}});
  cases.push_back({"squeeze",
                   "squeeze",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 1, 4}, r), L({1})};
                   },
                   {0}});
  cases.push_back({"index_select",
                   "index_select",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({4, 3}, r), I(0), Index({3, 0, 3}, {3})};
                   },
                   {0}});
  cases.push_back({"gather",
                   "gather",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), I(1), Index({0, 3, 3, 1, 2, 2}, {3, 2})};
                   },
                   {0}});
  cases.push_back({"flip",
                   "flip",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), L({1})};
                   },
                   {0}});
  cases.push_back({"tril",
                   "tril",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({4, 4}, r), I(-1)};
                   },
                   {0}});
  // nn composites with fused kernels.
  cases.push_back({"softmax",
                   "softmax",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 5}, r), I(1), None()};
                   },
                   {0}});
  cases.push_back({"log_softmax",
                   "log_softmax",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 5}, r), I(0), None()};
                   },
                   {0}});
  cases.push_back({"layer_norm",
                   "layer_norm",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 5}, r), L({5}), Random({5}, r), Random({5}, r), S(1e-5)};
                   },
                   {0, 2, 3}});
  cases.push_back({"linear",
                   "linear",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({2, 3, 4}, r), Random({5, 4}, r), Random({5}, r)};
                   },
                   {0, 1, 2}});
  cases.push_back({"addmm",
                   "addmm",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({4}, r), Random({3, 5}, r), Random({5, 4}, r), S(0.5), S(2)};
                   },
                   {0, 1, 2}});
  cases.push_back({"nll_loss",
                   "nll_loss",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({4, 3}, r), Index({0, 2, 1, 2}, {4}), Random({3}, r, 0.5, 2),
                             Constant(std::string("mean")), I(1)};
                   },
                   {0}});
  cases.push_back({"cross_entropy",
                   "cross_entropy",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({4, 3}, r),
                             Index({0, 2, 1, 2}, {4}),
                             None(),
                             Constant(std::string("mean")),
                             I(-100),
                             S(0)};
                   },
                   {0}});
  // Fused composites without a formula of their own (DecomposedNode: the
  // fused forward, the decomposition's gradient).
  cases.push_back({"group_norm_fused",
                   "group_norm",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({2, 4, 3}, r), I(2), Random({4}, r), Random({4}, r), S(1e-5)};
                   },
                   {0, 2, 3}});
  cases.push_back({"rms_norm_fused",
                   "rms_norm",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 5}, r), L({5}), Random({5}, r), S(1e-6)};
                   },
                   {0, 2}});
  cases.push_back({"mse_loss_decomposed",
                   "mse_loss",
                   [=](std::mt19937& r) -> std::vector<KernelArg> {
                     return {Random({3, 4}, r), Random({3, 4}, r), Constant(std::string("mean"))};
                   },
                   {0, 1}});
  (void)R;
  (void)Pos;
  return cases;
}

TC_GRADCHECK_CASES(CoreCases);

class GradcheckTest : public ::testing::TestWithParam<Case> {};

TEST_P(GradcheckTest, MatchesFiniteDifferences) { Check(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Table, GradcheckTest, ::testing::ValuesIn(AllCases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return info.param.name;
                         });

// Every op in the derivative table has at least one case above.
TEST(GradcheckCoverage, EveryDerivativeHasACase) {
  std::vector<std::string> missing;
  const std::vector<Case> cases = AllCases();
  for (const DerivativeDef* d : AllDerivatives()) {
    bool found = false;
    for (const Case& c : cases) found = found || c.op == d->op;
    // Ops with a zero derivative, and those whose values are not smooth
    // anywhere a finite difference could test them, are checked elsewhere.
    for (const char* skip : {"floor", "ceil", "round", "sign", "clone", "to_dtype", "view", "cat",
                             "amin", "min_dim", "triu", "embedding"}) {
      found = found || d->op == skip;
    }
    if (!found) missing.push_back(std::string(d->op));
  }
  EXPECT_TRUE(missing.empty()) << "no gradcheck case for: " << ::testing::PrintToString(missing);
}

}  // namespace
}  // namespace tc::autodiff::gradcheck
