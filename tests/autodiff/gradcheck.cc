// The gradcheck harness (see gradcheck.h).
#include "gradcheck.h"

#include <cmath>

#include <gtest/gtest.h>

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/engine.h"
#include "tc/autodiff/grad_mode.h"
#include "tc/autodiff/record.h"

namespace tc::autodiff::gradcheck {

using graph_ir::Constant;
using kernels::KernelArg;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;
using tensor::Tensor;

Tensor Random(const Shape& sizes, std::mt19937& rng, double lo, double hi) {
  Tensor t = Tensor::Empty(sizes, DType::kFloat64);
  std::uniform_real_distribution<double> u(lo, hi);
  for (int64_t i = 0; i < t.numel(); ++i) t.data<double>()[i] = u(rng);
  return t;
}

Tensor Index(std::vector<int64_t> v, Shape sizes) {
  Tensor t = Tensor::Empty(sizes, DType::kInt64);
  for (size_t i = 0; i < v.size(); ++i) t.data<int64_t>()[i] = v[i];
  return t;
}

Constant S(double v) { return Constant(Scalar(v)); }
Constant I(int64_t v) { return Constant(Scalar(v)); }
Constant B(bool v) { return Constant(Scalar(v)); }
Constant L(Shape v) { return Constant(std::move(v)); }
Constant None() { return Constant(graph_ir::None{}); }

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

namespace {

// sum(v * out[output]) as a double, with `args` as given (no recording).
double Objective(const std::string& op, size_t output, const std::vector<KernelArg>& args,
                 const Tensor& v) {
  GradModeGuard off(false);
  absl::StatusOr<std::vector<Tensor>> out = kernels::Call(*graph_ir::FindOp(op), args);
  EXPECT_TRUE(out.ok()) << out.status();
  Tensor o = (*out)[output].contiguous().to(DType::kFloat64);
  double s = 0;
  for (int64_t i = 0; i < o.numel(); ++i) s += o.data<double>()[i] * v.data<double>()[i];
  return s;
}

}  // namespace

void Check(const Case& c) {
  std::mt19937 rng(1234);
  std::vector<KernelArg> args = c.args(rng);
  for (size_t i : c.wrt) {
    Tensor& t = std::get<Tensor>(args[i]);
    ASSERT_TRUE(SetRequiresGrad(t, true).ok());
  }
  absl::StatusOr<std::vector<Tensor>> out = Call(*graph_ir::FindOp(c.op), args);
  ASSERT_TRUE(out.ok()) << c.name << ": " << out.status();
  Tensor y = (*out)[c.output];
  ASSERT_TRUE(RequiresGrad(y)) << c.name;
  Tensor v = Random(y.sizes(), rng);
  std::vector<Tensor> inputs;
  for (size_t i : c.wrt) inputs.push_back(std::get<Tensor>(args[i]));
  absl::StatusOr<std::vector<Tensor>> grads =
      Grad(std::vector<Tensor>{y}, inputs, std::vector<Tensor>{v}, false, false, true);
  ASSERT_TRUE(grads.ok()) << c.name << ": " << grads.status();
  const double h = 1e-6;
  for (size_t k = 0; k < c.wrt.size(); ++k) {
    Tensor x = std::get<Tensor>(args[c.wrt[k]]);
    Tensor g = (*grads)[k].defined() ? (*grads)[k].contiguous()
                                     : Tensor::Zeros(x.sizes(), DType::kFloat64);
    ASSERT_EQ(g.sizes(), x.sizes()) << c.name;
    // Perturb a contiguous copy in place through the argument's own view.
    for (int64_t i = 0; i < x.numel(); ++i) {
      // The element's storage position in x (x may be strided).
      int64_t offset = x.storage_offset();
      int64_t rem = i;
      for (int64_t d = x.dim() - 1; d >= 0; --d) {
        offset += (rem % x.size(d)) * x.stride(d);
        rem /= x.size(d);
      }
      double* p = static_cast<double*>(x.storage()->data()) + offset;
      const double orig = *p;
      *p = orig + h;
      const double up = Objective(c.op, c.output, args, v);
      *p = orig - h;
      const double down = Objective(c.op, c.output, args, v);
      *p = orig;
      const double numeric = (up - down) / (2 * h);
      const double analytic = g.data<double>()[i];
      EXPECT_NEAR(analytic, numeric, c.tol * (1 + std::abs(numeric)))
          << c.name << " d/d(arg " << c.wrt[k] << ")[" << i << "]";
    }
  }
}

std::vector<std::vector<Case> (*)()>& Registered() {
  static auto* fns = new std::vector<std::vector<Case> (*)()>;
  return *fns;
}

bool RegisterCases(std::vector<Case> (*cases)()) {
  Registered().push_back(cases);
  return true;
}

std::vector<Case> AllCases() {
  std::vector<Case> all;
  for (auto fn : Registered()) {
    for (Case& c : fn()) all.push_back(std::move(c));
  }
  return all;
}

}  // namespace tc::autodiff::gradcheck
