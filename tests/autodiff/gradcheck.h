// The gradcheck harness shared by the per-area case files: a Case names an
// op, how to make its arguments and which ones to differentiate; Check
// compares autodiff's gradient of sum(v * f(x)) with central finite
// differences in float64 (torch.autograd.gradcheck's method). Each area's
// file registers its cases with TC_GRADCHECK_CASES so that one coverage test
// sees them all.
#ifndef TC_TESTS_AUTODIFF_GRADCHECK_H_
#define TC_TESTS_AUTODIFF_GRADCHECK_H_

#include <functional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "tc/graph_ir/graph.h"
#include "tc/kernels/eager.h"
#include "tc/tensor/tensor.h"

namespace tc::autodiff::gradcheck {

struct Case {
  std::string name;
  std::string op;
  std::function<std::vector<kernels::KernelArg>(std::mt19937&)> args;
  // Which arguments (tensor positions) are differentiated.
  std::vector<size_t> wrt;
  double tol = 1e-6;
  // Which output is checked (the backward ops have three).
  size_t output = 0;
};

void PrintTo(const Case& c, std::ostream* os);

// Uniform float64 values in [lo, hi).
tensor::Tensor Random(const tensor::Shape& sizes, std::mt19937& rng, double lo = -1.5,
                      double hi = 1.5);
tensor::Tensor Index(std::vector<int64_t> v, tensor::Shape sizes);
graph_ir::Constant S(double v);
graph_ir::Constant I(int64_t v);
graph_ir::Constant B(bool v);
graph_ir::Constant L(tensor::Shape v);
graph_ir::Constant None();

// Runs the case and checks every differentiated element (gtest assertions).
void Check(const Case& c);

// Registration: every file's cases, in registration order.
bool RegisterCases(std::vector<Case> (*cases)());
std::vector<Case> AllCases();

}  // namespace tc::autodiff::gradcheck

#define TC_GRADCHECK_CASES(fn)                                      \
  [[maybe_unused]] static const bool tc_gradcheck_registered_##fn = \
      ::tc::autodiff::gradcheck::RegisterCases(&fn)

#endif  // TC_TESTS_AUTODIFF_GRADCHECK_H_
