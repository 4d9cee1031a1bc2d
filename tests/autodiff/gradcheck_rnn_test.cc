// The recurrent layer's backward (autodiff::RnnLayerWithGrad, whose node
// runs kernels::RnnLayerBackward) against central finite differences in
// float64, for every cell, both directions, with and without biases: the
// gradients of x, h0, c0 and the weights of sum(v0 * out) + sum(v1 * h_n)
// (+ sum(v2 * c_n)), packed batches and LSTM projections included.
// Also: training mode's forward writes the same values as the plain
// kernel.
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/engine.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/rnn_layer.h"

#include "gradcheck.h"

namespace tc::autodiff {
namespace {

using kernels::RnnMode;
using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

struct RnnCase {
  std::string name;
  RnnMode mode;
  bool reverse, bias;
  std::vector<int64_t> batch = {};  // packed: the steps' batch sizes
  int64_t proj = 0;                 // LSTM proj_size
};

void PrintTo(const RnnCase& c, std::ostream* os) { *os << c.name; }

int64_t GatesOf(RnnMode m) { return m == RnnMode::kLstm ? 4 : m == RnnMode::kGru ? 3 : 1; }

struct Operands {
  kernels::RnnWeights w;
  Tensor x, h0, c0;
  std::vector<Tensor*> all() { return {&x, &h0, &c0, &w.w_ih, &w.w_hh, &w.b_ih, &w.b_hh, &w.w_hr}; }
};

constexpr int64_t kT = 4, kB = 3, kI = 2, kH = 3;

Operands Make(const RnnCase& c, std::mt19937& rng) {
  Operands o;
  const int64_t G = GatesOf(c.mode) * kH;
  int64_t rows = 0;
  for (int64_t n : c.batch) rows += n;
  o.x = c.batch.empty() ? gradcheck::Random({kT, kB, kI}, rng) : gradcheck::Random({rows, kI}, rng);
  const int64_t P = c.proj > 0 ? c.proj : kH;
  o.h0 = gradcheck::Random({kB, P}, rng, -0.8, 0.8);
  if (c.mode == RnnMode::kLstm) o.c0 = gradcheck::Random({kB, kH}, rng);
  o.w.w_ih = gradcheck::Random({G, kI}, rng, -0.8, 0.8);
  o.w.w_hh = gradcheck::Random({G, P}, rng, -0.8, 0.8);
  if (c.proj > 0) o.w.w_hr = gradcheck::Random({P, kH}, rng, -0.8, 0.8);
  if (c.bias) {
    o.w.b_ih = gradcheck::Random({G}, rng, -0.5, 0.5);
    o.w.b_hh = gradcheck::Random({G}, rng, -0.5, 0.5);
  }
  return o;
}

double Dot(const Tensor& a, const Tensor& v) {
  double s = 0;
  for (int64_t i = 0; i < a.numel(); ++i) s += a.data<double>()[i] * v.data<double>()[i];
  return s;
}

class RnnGradcheck : public ::testing::TestWithParam<RnnCase> {};

TEST_P(RnnGradcheck, MatchesFiniteDifferences) {
  const RnnCase& c = GetParam();
  std::mt19937 rng(7);
  Operands o = Make(c, rng);
  for (Tensor* t : o.all()) {
    if (t->defined()) {
      ASSERT_TRUE(SetRequiresGrad(*t, true).ok());
    }
  }
  absl::StatusOr<std::vector<Tensor>> outs =
      RnnLayerWithGrad(c.mode, o.w, o.x, c.batch, o.h0, o.c0, c.reverse, "Node");
  ASSERT_TRUE(outs.ok()) << outs.status();
  std::vector<Tensor> seeds;
  for (const Tensor& t : *outs) seeds.push_back(gradcheck::Random(t.sizes(), rng));
  std::vector<Tensor> inputs;
  for (Tensor* t : o.all()) {
    if (t->defined()) inputs.push_back(*t);
  }
  absl::StatusOr<std::vector<Tensor>> grads = Grad(*outs, inputs, seeds, false, false, false);
  ASSERT_TRUE(grads.ok()) << grads.status();
  auto objective = [&]() {
    GradModeGuard off(false);
    absl::StatusOr<std::vector<Tensor>> r =
        RnnLayerWithGrad(c.mode, o.w, o.x, c.batch, o.h0, o.c0, c.reverse, "Node");
    EXPECT_TRUE(r.ok());
    double s = 0;
    for (size_t i = 0; i < r->size(); ++i) s += Dot((*r)[i], seeds[i]);
    return s;
  };
  const double h = 1e-6;
  for (size_t k = 0; k < inputs.size(); ++k) {
    Tensor x = inputs[k];
    ASSERT_TRUE((*grads)[k].defined()) << "input " << k;
    ASSERT_EQ((*grads)[k].sizes(), x.sizes());
    Tensor g = (*grads)[k].contiguous();
    for (int64_t i = 0; i < x.numel(); ++i) {
      double* p = x.data<double>() + i;
      const double orig = *p;
      *p = orig + h;
      const double up = objective();
      *p = orig - h;
      const double down = objective();
      *p = orig;
      const double numeric = (up - down) / (2 * h);
      EXPECT_NEAR(g.data<double>()[i], numeric, 1e-6 * (1 + std::abs(numeric)))
          << c.name << " input " << k << "[" << i << "]";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cells, RnnGradcheck,
    ::testing::Values(RnnCase{"lstm", RnnMode::kLstm, false, true},
                      RnnCase{"lstm_reverse_nobias", RnnMode::kLstm, true, false},
                      RnnCase{"gru", RnnMode::kGru, false, true},
                      RnnCase{"gru_reverse", RnnMode::kGru, true, true},
                      RnnCase{"rnn_tanh", RnnMode::kRnnTanh, false, true},
                      RnnCase{"rnn_tanh_reverse_nobias", RnnMode::kRnnTanh, true, false},
                      RnnCase{"rnn_relu", RnnMode::kRnnRelu, false, true},
                      RnnCase{"lstm_packed", RnnMode::kLstm, false, true, {3, 3, 2, 1}},
                      RnnCase{"lstm_packed_reverse", RnnMode::kLstm, true, true, {3, 2, 2, 1}},
                      RnnCase{"gru_packed_reverse", RnnMode::kGru, true, false, {3, 1}},
                      RnnCase{"rnn_tanh_packed", RnnMode::kRnnTanh, false, true, {3, 2}},
                      RnnCase{"lstm_proj", RnnMode::kLstm, false, true, {}, 2},
                      RnnCase{
                          "lstm_proj_packed_reverse", RnnMode::kLstm, true, false, {3, 2, 1}, 2}),
    [](const ::testing::TestParamInfo<RnnCase>& info) { return info.param.name; });

// Training mode (RnnLayerTrain, saving the workspace) computes exactly what
// the plain kernel does, in float32 too.
TEST(RnnLayerTrain, SameForwardAsRnnLayer) {
  for (RnnMode mode : {RnnMode::kLstm, RnnMode::kGru, RnnMode::kRnnTanh, RnnMode::kRnnRelu}) {
    std::mt19937 rng(3);
    Operands o = Make({"", mode, false, true}, rng);
    for (Tensor* t : o.all()) {
      if (t->defined()) *t = t->to(DType::kFloat32);
    }
    ASSERT_TRUE(SetRequiresGrad(o.w.w_ih, true).ok());
    GradModeGuard on(true);
    absl::StatusOr<std::vector<Tensor>> trained =
        RnnLayerWithGrad(mode, o.w, o.x, {}, o.h0, o.c0, false, "Node");
    ASSERT_TRUE(trained.ok()) << trained.status();
    ASSERT_NE(GradFn((*trained)[0]), nullptr);
    GradModeGuard off(false);
    absl::StatusOr<std::vector<Tensor>> plain =
        RnnLayerWithGrad(mode, o.w, o.x, {}, o.h0, o.c0, false, "Node");
    ASSERT_TRUE(plain.ok());
    for (size_t i = 0; i < plain->size(); ++i) {
      const Tensor& a = (*plain)[i];
      const Tensor& b = (*trained)[i];
      for (int64_t j = 0; j < a.numel(); ++j) {
        ASSERT_EQ(a.data<float>()[j], b.data<float>()[j]) << static_cast<int>(mode) << " " << i;
      }
    }
  }
}

}  // namespace
}  // namespace tc::autodiff
