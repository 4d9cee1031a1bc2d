// The random Tensor methods: the in-place fills uniform_ normal_ random_
// bernoulli_ exponential_ geometric_ log_normal_ cauchy_, and bernoulli and
// multinomial. A fill draws in the tensor's memory order (RunRandomFill,
// torch_random.cc), as ATen does.
#include <array>
#include <span>
#include <vector>

#include "torch_random.h"
#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

const tensor::Tensor& Self(const Value& self) { return TensorOf(self); }

// The fills whose parameters are numbers with defaults: the method, the
// random op it runs, the parameters' names then "generator", and their
// defaults.
struct Distribution {
  const char* method;
  const char* op;
  int num_params;
  std::array<const char*, 3> names;
  std::array<double, 2> defaults;
};
constexpr Distribution kUniform{"uniform_", "uniform", 2, {"from", "to", "generator"}, {0.0, 1.0}};
constexpr Distribution kNormal{"normal_", "normal", 2, {"mean", "std", "generator"}, {0.0, 1.0}};
constexpr Distribution kExponential{
    "exponential_", "exponential", 1, {"lambd", "generator"}, {1.0}};
constexpr Distribution kLogNormal{
    "log_normal_", "log_normal", 2, {"mean", "std", "generator"}, {1.0, 2.0}};
constexpr Distribution kCauchy{
    "cauchy_", "cauchy", 2, {"median", "sigma", "generator"}, {0.0, 1.0}};

// Parses the parameters (defaults where not given) and the generator, runs
// the fill.
template <const Distribution& kDist>
Value MFill(VM& vm, const Value& self, const ArgsView& args) {
  const int n = kDist.num_params;
  Value a[kDist.names.size()];
  if (!ParseArgs(vm, args, kDist.method, std::span(kDist.names.data(), n + 1), 0, a, n)) {
    return {};
  }
  std::vector<kernels::KernelArg> params;
  for (int i = 0; i < n; ++i) {
    double v = kDist.defaults[i];
    if (!a[i].is_null() && !ToFloat(vm, a[i], &v)) return {};
    params.push_back(Constant(Scalar(v)));
  }
  CpuGenerator* gen;
  if (!ReadGenerator(vm, a[n], kDist.method, &gen) ||
      !RunRandomFill(vm, Self(self), kDist.op, std::move(params), gen)) {
    return {};
  }
  return self;
}
Value MGeometric(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"p", "generator"};
  Value a[2];
  if (!ParseArgs(vm, args, "geometric_", kNames, 1, a, 1)) return {};
  double p;
  CpuGenerator* gen;
  if (!ToFloat(vm, a[0], &p) || !ReadGenerator(vm, a[1], "geometric_", &gen) ||
      !RunRandomFill(vm, Self(self), "geometric", {Constant(Scalar(p))}, gen)) {
    return {};
  }
  return self;
}

// random_(), random_(to), random_(from, to); to=None: up to the dtype's max.
Value MRandom(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"from", "to", "generator"};
  Value a[3];
  if (!ParseArgs(vm, args, "random_", kNames, 0, a, 2)) return {};
  CpuGenerator* gen;
  if (!ReadGenerator(vm, a[2], "random_", &gen)) return {};
  Constant from{None{}}, to{None{}};
  int64_t v;
  if (args.nargs == 1 && KwArg(args, "to").is_null()) {
    // random_(to)
    if (!ToInt(vm, a[0], &v)) return {};
    from = Constant(Scalar(int64_t{0}));
    to = Constant(Scalar(v));
  } else if (!a[0].is_null()) {
    if (!ToInt(vm, a[0], &v)) return {};
    from = Constant(Scalar(v));
    if (!a[1].is_null() && !a[1].is_none()) {
      if (!ToInt(vm, a[1], &v)) return {};
      to = Constant(Scalar(v));
    }
  }
  if (!RunRandomFill(vm, Self(self), "random", {from, to}, gen)) return {};
  return self;
}

// bernoulli_(p=0.5, *, generator=None): a number or a tensor of
// probabilities (broadcast to self).
Value MBernoulliInPlace(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"p", "generator"};
  Value a[2];
  if (!ParseArgs(vm, args, "bernoulli_", kNames, 0, a, 1)) return {};
  CpuGenerator* gen;
  if (!ReadGenerator(vm, a[1], "bernoulli_", &gen)) return {};
  tensor::Tensor& t = TensorOf(self);
  if (!a[0].is_null() && IsTensor(a[0])) {
    tensor::Tensor p;
    Shape sizes(t.sizes().begin(), t.sizes().end());
    if (!RunOp(vm, "expand", {TensorOf(a[0]), Constant(sizes)}, &p)) return {};
    tensor::Tensor r;
    GeneratorScope scope(gen);
    if (!RunCreation(vm, "bernoulli_tensor", {p, Constant(t.dtype())}, t.device(), "bernoulli_",
                     &r) ||
        !WriteInPlace(vm, t, r)) {
      return {};
    }
    return self;
  }
  double p = 0.5;
  if (!a[0].is_null() && !ToFloat(vm, a[0], &p)) return {};
  if (!RunRandomFill(vm, t, "bernoulli", {Constant(Scalar(p))}, gen)) return {};
  return self;
}
Value MBernoulli(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"p", "generator"};
  Value a[2];
  if (!ParseArgs(vm, args, "bernoulli", kNames, 0, a)) return {};
  CpuGenerator* gen;
  if (!ReadGenerator(vm, a[1], "bernoulli", &gen)) return {};
  return Bernoulli(vm, Self(self), a[0], gen);
}
Value MMultinomial(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"num_samples", "replacement", "generator"};
  Value a[4];
  if (!ParseArgs(vm, args, "multinomial", kNames, 1, a + 1)) return {};
  a[0] = self;
  return Multinomial(vm, a);
}

constexpr MethodDef kRandomMethods[] = {
    {"uniform_", MFill<kUniform>}, {"normal_", MFill<kNormal>},
    {"random_", MRandom},          {"bernoulli_", MBernoulliInPlace},
    {"bernoulli", MBernoulli},     {"exponential_", MFill<kExponential>},
    {"geometric_", MGeometric},    {"log_normal_", MFill<kLogNormal>},
    {"cauchy_", MFill<kCauchy>},   {"multinomial", MMultinomial},
};

}  // namespace

std::span<const MethodDef> RandomTensorMethods() { return kRandomMethods; }

}  // namespace tc::script_torch
