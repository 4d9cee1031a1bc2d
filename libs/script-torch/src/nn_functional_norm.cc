// torch.nn.functional's normalizations beyond layer_norm: rms_norm,
// batch_norm, instance_norm, group_norm and local_response_norm, each one call of its registered
// composite op; batch_norm and instance_norm then write the new running
// statistics into the tensors given, as torch.batch_norm does in place.
#include "absl/strings/str_format.h"

#include "tc/autodiff/grad_mode.h"

#include "nn_functional.h"

namespace tc::script_torch {
namespace {

// rms_norm(input, normalized_shape, weight=None, eps=None).
Value FRmsNorm(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "normalized_shape", "weight", "eps"};
  Value a[4];
  if (!ParseArgs(vm, args, "rms_norm", kNames, 2, a)) return {};
  tensor::Tensor x;
  tensor::Shape shape;
  kernels::KernelArg w;
  double eps = 0;
  if (!ToTensorArg(vm, a[0], "rms_norm", "input", &x) ||
      !ToIntList(vm, a[1], "rms_norm", "normalized_shape", &shape) ||
      !OptTensor(vm, a[2], "rms_norm", "weight", &w)) {
    return {};
  }
  bool has_eps = !a[3].is_null() && !a[3].is_none();
  if (has_eps && !ToFloat(vm, a[3], &eps)) return {};
  return CallOp(vm, "rms_norm",
                {x, Constant(shape), w, has_eps ? Constant(Scalar(eps)) : Constant(None{})});
}

// Reads a Python bool / float argument with a default when absent.
bool TruthArg(VM& vm, const Value& v, bool def, bool* out) {
  if (v.is_null()) {
    *out = def;
    return true;
  }
  int t = vm.Truthy(v);
  *out = t == 1;
  return t >= 0;
}
bool FloatArg(VM& vm, const Value& v, double def, double* out) {
  if (v.is_null()) {
    *out = def;
    return true;
  }
  return ToFloat(vm, v, out);
}

std::string SizeText(const tensor::Tensor& x) {
  return absl::StrFormat("torch.Size(%s)", tensor::ShapeToString(x.sizes()));
}

// The product of the sizes from dim `from` on, times size 0 unless
// spatial_only: F.batch_norm's and F.instance_norm's "more than 1 value"
// checks.
int64_t ValuesPerChannel(const tensor::Tensor& x, bool spatial_only) {
  int64_t n = spatial_only || x.dim() == 0 ? 1 : x.size(0);
  for (int64_t d = 2; d < x.dim(); ++d) n *= x.size(d);
  return n;
}

// batch_norm(input, running_mean, running_var, weight=None, bias=None,
// training=False, momentum=0.1, eps=1e-05) and instance_norm(input,
// running_mean=None, running_var=None, weight=None, bias=None,
// use_input_stats=True, momentum=0.1, eps=1e-05): the op, then the new
// running stats written into the tensors given when batch statistics were
// used.
struct StatsNormKind {
  const char* op;
  const char* const* names;  // 8 argument names
  int required;
  bool stats_default;
  bool spatial_only;  // instance_norm counts spatial elements only
  const char* too_few;
};

Value StatsNorm(VM& vm, const ArgsView& args, const StatsNormKind& k) {
  Value a[8];
  if (!ParseArgs(vm, args, k.op, std::span<const char* const>(k.names, 8), k.required, a)) {
    return {};
  }
  tensor::Tensor x;
  kernels::KernelArg rm, rv, w, b;
  bool use_stats;
  double momentum, eps;
  if (!ToTensorArg(vm, a[0], k.op, "input", &x) ||
      !OptTensor(vm, a[1], k.op, "running_mean", &rm) ||
      !OptTensor(vm, a[2], k.op, "running_var", &rv) || !OptTensor(vm, a[3], k.op, "weight", &w) ||
      !OptTensor(vm, a[4], k.op, "bias", &b) || !TruthArg(vm, a[5], k.stats_default, &use_stats) ||
      !FloatArg(vm, a[6], 0.1, &momentum) || !FloatArg(vm, a[7], 1e-5, &eps)) {
    return {};
  }
  if (use_stats && x.dim() >= (k.spatial_only ? 2 : 1) &&
      ValuesPerChannel(x, k.spatial_only) == 1) {
    return RaiseValueError(vm, std::string(k.too_few) + SizeText(x));
  }
  absl::StatusOr<std::vector<tensor::Tensor>> r =
      RunKernel(k.op, {x, w, b, rm, rv, Constant(Scalar(use_stats)), Constant(Scalar(momentum)),
                       Constant(Scalar(eps))});
  if (!r.ok()) return RaiseStatus(vm, r.status());
  if (use_stats) {
    // The running stats are buffers written in place, never recorded.
    autodiff::GradModeGuard no_grad(false);
    if (auto* t = std::get_if<tensor::Tensor>(&rm); t && !WriteInPlace(vm, *t, (*r)[1])) return {};
    if (auto* t = std::get_if<tensor::Tensor>(&rv); t && !WriteInPlace(vm, *t, (*r)[2])) return {};
  }
  return WrapTensor(std::move((*r)[0]));
}

constexpr const char* kBatchNormNames[] = {"input", "running_mean", "running_var", "weight",
                                           "bias",  "training",     "momentum",    "eps"};
constexpr const char* kInstanceNormNames[] = {"input", "running_mean",    "running_var", "weight",
                                              "bias",  "use_input_stats", "momentum",    "eps"};
constexpr StatsNormKind kStatsNorms[] = {
    {"batch_norm", kBatchNormNames, 3, false, false,
     "Expected more than 1 value per channel when training, got input size "},
    {"instance_norm", kInstanceNormNames, 1, true, true,
     "Expected more than 1 spatial element when training, got input size "},
};

template <int kIndex>
Value FStatsNorm(VM& vm, const Value&, const ArgsView& args) {
  return StatsNorm(vm, args, kStatsNorms[kIndex]);
}

// group_norm(input, num_groups, weight=None, bias=None, eps=1e-05).
Value FGroupNorm(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "num_groups", "weight", "bias", "eps"};
  Value a[5];
  if (!ParseArgs(vm, args, "group_norm", kNames, 2, a)) return {};
  tensor::Tensor x;
  int64_t groups;
  kernels::KernelArg w, b;
  double eps;
  if (!ToTensorArg(vm, a[0], "group_norm", "input", &x) || !ToInt(vm, a[1], &groups) ||
      !OptTensor(vm, a[2], "group_norm", "weight", &w) ||
      !OptTensor(vm, a[3], "group_norm", "bias", &b) || !FloatArg(vm, a[4], 1e-5, &eps)) {
    return {};
  }
  if (x.dim() < 2) {
    return RaiseRuntimeError(
        vm, absl::StrFormat("Expected at least 2 dimensions for input tensor but received %d",
                            x.dim()));
  }
  // F.group_norm's batch-size check over [N * C / G, G, *spatial] (a
  // list, so its message shows no torch.Size).
  if (groups != 0 && x.size(0) * x.size(1) / groups * ValuesPerChannel(x, true) == 1) {
    tensor::Shape s = {x.size(0) * x.size(1) / groups, groups};
    for (int64_t d = 2; d < x.dim(); ++d) s.push_back(x.size(d));
    return RaiseValueError(
        vm, absl::StrFormat("Expected more than 1 value per channel when training, got input "
                            "size %s",
                            tensor::ShapeToString(s)));
  }
  return CallOp(vm, "group_norm", {x, Constant(Scalar(groups)), w, b, Constant(Scalar(eps))});
}

// local_response_norm(input, size, alpha=0.0001, beta=0.75, k=1.0).
Value FLocalResponseNorm(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "size", "alpha", "beta", "k"};
  Value a[5];
  if (!ParseArgs(vm, args, "local_response_norm", kNames, 2, a)) return {};
  tensor::Tensor x;
  int64_t size;
  if (!ToTensorArg(vm, a[0], "local_response_norm", "input", &x) || !ToInt(vm, a[1], &size)) {
    return {};
  }
  static constexpr double kDefaults[] = {1e-4, 0.75, 1.0};  // alpha, beta, k
  double alpha_beta_k[3];
  for (int i = 0; i < 3; ++i) {
    if (!FloatArg(vm, a[2 + i], kDefaults[i], &alpha_beta_k[i])) return {};
  }
  if (x.dim() < 3) {  // F.local_response_norm's ValueError, its spacing kept
    return RaiseValueError(
        vm, absl::StrFormat("Expected 3D or higher dimensionality                          input "
                            "(got %d dimensions)",
                            x.dim()));
  }
  return CallOp(vm, "local_response_norm",
                {x, Constant(Scalar(size)), Constant(Scalar(alpha_beta_k[0])),
                 Constant(Scalar(alpha_beta_k[1])), Constant(Scalar(alpha_beta_k[2]))});
}

constexpr MethodDef kNormFunctions[] = {
    {"batch_norm", FStatsNorm<0>},    {"group_norm", FGroupNorm},
    {"instance_norm", FStatsNorm<1>}, {"local_response_norm", FLocalResponseNorm},
    {"rms_norm", FRmsNorm},
};

}  // namespace

std::span<const MethodDef> NormFunctions() { return kNormFunctions; }

}  // namespace tc::script_torch
