// The random Tensor methods: the in-place fills uniform_ normal_ random_
// bernoulli_ exponential_ geometric_ log_normal_ cauchy_, and bernoulli and
// multinomial. A fill draws in the tensor's memory order (RunRandomFill,
// torch_random.cc), as ATen does.
#include <vector>

#include "torch_random.h"
#include "torch_tensor.h"

namespace tc::script_torch {

using graph_ir::Constant;
using graph_ir::None;
using tensor::CpuGenerator;
using tensor::Scalar;
using tensor::Shape;

namespace {

const tensor::Tensor& Self(const Value& self) { return TensorOf(self); }

// Parses `names` (the last is "generator"), reads the numbers in `nums`
// (defaults where not given), runs the fill.
template <size_t N>
Value Fill(VM& vm, const Value& self, const ArgsView& args, const char* fname, const char* op,
           const char* const (&names)[N], const double (&defaults)[N - 1]) {
  Value a[N];
  if (!ParseArgs(vm, args, fname, names, 0, a, static_cast<int>(N - 1))) return {};
  std::vector<kernels::KernelArg> params;
  for (size_t i = 0; i + 1 < N; ++i) {
    double v = defaults[i];
    if (!a[i].is_null() && !ToFloat(vm, a[i], &v)) return {};
    params.push_back(Constant(Scalar(v)));
  }
  CpuGenerator* gen;
  if (!ReadGenerator(vm, a[N - 1], fname, &gen) ||
      !RunRandomFill(vm, Self(self), op, std::move(params), gen)) {
    return {};
  }
  return self;
}

Value MUniform(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"from", "to", "generator"};
  return Fill(vm, self, args, "uniform_", "uniform", kNames, {0.0, 1.0});
}
Value MNormal(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"mean", "std", "generator"};
  return Fill(vm, self, args, "normal_", "normal", kNames, {0.0, 1.0});
}
Value MExponential(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"lambd", "generator"};
  return Fill(vm, self, args, "exponential_", "exponential", kNames, {1.0});
}
Value MLogNormal(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"mean", "std", "generator"};
  return Fill(vm, self, args, "log_normal_", "log_normal", kNames, {1.0, 2.0});
}
Value MCauchy(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"median", "sigma", "generator"};
  return Fill(vm, self, args, "cauchy_", "cauchy", kNames, {0.0, 1.0});
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
  const tensor::Tensor& t = Self(self);
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
    {"uniform_", MUniform},     {"normal_", MNormal},
    {"random_", MRandom},       {"bernoulli_", MBernoulliInPlace},
    {"bernoulli", MBernoulli},  {"exponential_", MExponential},
    {"geometric_", MGeometric}, {"log_normal_", MLogNormal},
    {"cauchy_", MCauchy},       {"multinomial", MMultinomial},
};

}  // namespace

std::span<const MethodDef> RandomTensorMethods() { return kRandomMethods; }

}  // namespace tc::script_torch
