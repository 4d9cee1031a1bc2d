// torch.nn.functional's activations and losses that are one registered op
// each (elu ... softmin, l1_loss ... triplet_margin_loss): a table of their
// Python signatures and one binder. The op's schema names its arguments as
// the Python function does, so each argument given is bound to the op
// argument of its name; `inplace=True` writes the result into the input;
// the deprecated size_average / reduce and softmin's _stacklevel are
// accepted and ignored, as PyTorch ignores them when None.
#include <array>

#include "absl/strings/str_format.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

struct FSpec {
  const char* name;                    // torch.nn.functional.<name>
  const char* op;                      // the registered op
  std::array<const char*, 11> params;  // the Python signature's names
  int required;                        // leading required parameters
};

constexpr FSpec kSpecs[] = {
    {"elu", "elu", {"input", "alpha", "inplace"}, 1},
    {"selu", "selu", {"input", "inplace"}, 1},
    {"celu", "celu", {"input", "alpha", "inplace"}, 1},
    {"leaky_relu", "leaky_relu", {"input", "negative_slope", "inplace"}, 1},
    {"prelu", "prelu", {"input", "weight"}, 2},
    {"rrelu", "rrelu", {"input", "lower", "upper", "training", "inplace"}, 1},
    {"hardtanh", "hardtanh", {"input", "min_val", "max_val", "inplace"}, 1},
    {"relu6", "relu6", {"input", "inplace"}, 1},
    {"hardsigmoid", "hardsigmoid", {"input", "inplace"}, 1},
    {"hardswish", "hardswish", {"input", "inplace"}, 1},
    {"softplus", "softplus", {"input", "beta", "threshold"}, 1},
    {"softsign", "softsign", {"input"}, 1},
    {"mish", "mish", {"input", "inplace"}, 1},
    {"tanhshrink", "tanhshrink", {"input"}, 1},
    {"glu", "glu", {"input", "dim"}, 1},
    {"logsigmoid", "logsigmoid", {"input"}, 1},
    {"softmin", "softmin", {"input", "dim", "_stacklevel", "dtype"}, 1},
    {"binary_cross_entropy",
     "binary_cross_entropy",
     {"input", "target", "weight", "size_average", "reduce", "reduction"},
     2},
    {"binary_cross_entropy_with_logits",
     "binary_cross_entropy_with_logits",
     {"input", "target", "weight", "size_average", "reduce", "reduction", "pos_weight"},
     2},
    {"l1_loss", "l1_loss", {"input", "target", "size_average", "reduce", "reduction", "weight"}, 2},
    {"smooth_l1_loss",
     "smooth_l1_loss",
     {"input", "target", "size_average", "reduce", "reduction", "beta"},
     2},
    {"huber_loss", "huber_loss", {"input", "target", "reduction", "delta", "weight"}, 2},
    {"kl_div",
     "kl_div",
     {"input", "target", "size_average", "reduce", "reduction", "log_target"},
     2},
    {"cosine_similarity", "cosine_similarity", {"x1", "x2", "dim", "eps"}, 2},
    {"pairwise_distance", "pairwise_distance", {"x1", "x2", "p", "eps", "keepdim"}, 2},
    {"cosine_embedding_loss",
     "cosine_embedding_loss",
     {"input1", "input2", "target", "margin", "size_average", "reduce", "reduction"},
     3},
    {"margin_ranking_loss",
     "margin_ranking_loss",
     {"input1", "input2", "target", "margin", "size_average", "reduce", "reduction"},
     3},
    {"triplet_margin_loss",
     "triplet_margin_loss",
     {"anchor", "positive", "negative", "margin", "p", "eps", "swap", "size_average", "reduce",
      "reduction"},
     3},
};
constexpr size_t kNumSpecs = sizeof(kSpecs) / sizeof(kSpecs[0]);

size_t NumParams(const FSpec& s) {
  size_t n = 0;
  while (n < s.params.size() && s.params[n] != nullptr) ++n;
  return n;
}

// The Python-level checks torch.nn.functional makes before calling the op.
bool PreCheck(VM& vm, const FSpec& spec, std::span<const Value> a) {
  std::string_view name = spec.name;
  for (size_t i = 0; i < NumParams(spec); ++i) {
    if (std::string_view(spec.params[i]) != "reduction" || a[i].is_null()) continue;
    const std::string* s = StrValue(a[i]);
    if (s != nullptr && *s != "mean" && *s != "sum" && *s != "none" &&
        !(*s == "batchmean" && name == "kl_div")) {
      RaiseValueError(vm, *s + " is not a valid value for reduction");
      return false;
    }
  }
  auto size_of = [](const Value& v) {
    return absl::StrFormat("torch.Size(%s)", tensor::ShapeToString(TensorOf(v).sizes()));
  };
  bool two_tensors = IsTensor(a[0]) && IsTensor(a[1]);
  if (name == "binary_cross_entropy" && two_tensors &&
      TensorOf(a[0]).sizes() != TensorOf(a[1]).sizes()) {
    RaiseValueError(vm, absl::StrFormat("Using a target size (%s) that is different to the input "
                                        "size (%s) is deprecated. Please ensure they have the "
                                        "same size.",
                                        size_of(a[1]), size_of(a[0])));
    return false;
  }
  if (name == "binary_cross_entropy_with_logits" && two_tensors &&
      TensorOf(a[0]).sizes() != TensorOf(a[1]).sizes()) {
    RaiseValueError(vm, absl::StrFormat("Target size (%s) must be the same as input size (%s)",
                                        size_of(a[1]), size_of(a[0])));
    return false;
  }
  size_t weight = name == "l1_loss" ? 5 : (name == "huber_loss" ? 4 : 0);
  if (weight != 0 && IsTensor(a[0]) && !a[weight].is_null() && IsTensor(a[weight]) &&
      TensorOf(a[weight]).sizes() != TensorOf(a[0]).sizes()) {
    RaiseValueError(vm, "Weights and input must have the same size.");
    return false;
  }
  if (name == "hardtanh" && !a[1].is_null() && !a[2].is_null()) {
    double lo, hi;
    if (!ToFloat(vm, a[1], &lo) || !ToFloat(vm, a[2], &hi)) return false;
    if (lo > hi) {
      RaiseValueError(vm, "min_val cannot be greater than max_val");
      return false;
    }
  }
  return true;
}

Value Bind(VM& vm, const FSpec& spec, const ArgsView& args) {
  const size_t np = NumParams(spec);
  Value a[11];
  if (!ParseArgs(vm, args, spec.name, std::span<const char* const>(spec.params.data(), np),
                 spec.required, a)) {
    return {};
  }
  static const graph_ir::OpDef* ops[kNumSpecs] = {};
  const graph_ir::OpDef*& op = ops[&spec - kSpecs];
  if (op == nullptr) op = graph_ir::FindOp(spec.op);
  if (op == nullptr) return RaiseUnsupported(vm, absl::StrCat("torch.nn.functional.", spec.name));
  tensor::Tensor x;
  if (!ToTensorArg(vm, a[0], spec.name, spec.params[0], &x)) return {};
  if (!PreCheck(vm, spec, std::span<const Value>(a, np))) return {};
  std::vector<kernels::KernelArg> kargs = {x};
  for (size_t i = 1; i < op->args.size(); ++i) {
    const graph_ir::ArgSpec& arg = op->args[i];
    const Value* v = nullptr;
    for (size_t j = 1; j < np; ++j) {
      if (arg.name == spec.params[j] && !a[j].is_null()) v = &a[j];
    }
    if (v == nullptr) {
      if (arg.default_value.has_value()) {
        kargs.emplace_back(*arg.default_value);
      } else {
        kargs.emplace_back(Constant(graph_ir::None{}));
      }
      continue;
    }
    kernels::KernelArg k;
    if (!ToKernelArg(vm, *op, arg, *v, &k)) return {};
    kargs.push_back(std::move(k));
  }
  Value r = CallOp(vm, *op, std::move(kargs));
  if (r.is_null()) return r;
  for (size_t j = 1; j < np; ++j) {
    if (std::string_view(spec.params[j]) != "inplace" || a[j].is_null()) continue;
    int t = vm.Truthy(a[j]);
    if (t < 0) return {};
    if (t == 1) {
      if (!WriteInPlace(vm, x, TensorOf(r))) return {};
      return a[0];
    }
  }
  return r;
}

template <size_t I>
Value Functional(VM& vm, const Value&, const ArgsView& args) {
  return Bind(vm, kSpecs[I], args);
}

template <size_t... I>
constexpr std::array<MethodDef, kNumSpecs> MakeTable(std::index_sequence<I...>) {
  return {MethodDef{kSpecs[I].name, Functional<I>}...};
}
constexpr std::array<MethodDef, kNumSpecs> kTable =
    MakeTable(std::make_index_sequence<kNumSpecs>());

}  // namespace

std::span<const MethodDef> FunctionalExtraFunctions() { return kTable; }

}  // namespace tc::script_torch
