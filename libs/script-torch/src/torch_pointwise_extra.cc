// torch.Tensor's lerp, addcmul, addcdiv, hypot, atan2 (arctan2), logit,
// nan_to_num, isnan, isinf, isfinite with their in-place forms, and
// clamp_min / clamp_max (a number or a tensor bound) with theirs; the torch.X
// forms of each are made in torch_module.cc from PointwiseExtraFunctions().
#include "absl/strings/str_cat.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

TensorObject* T(const Value& v) { return Cast<TensorObject>(v); }

// The ops bound to their schemas (OpMethod), by position in kOps; an
// in-place form writes the result back into self.
constexpr const char* kOps[] = {"lerp",  "addcmul", "addcdiv",    "hypot", "atan2",
                                "logit", "isnan",   "nan_to_num", "isinf", "isfinite"};

template <size_t I>
Value Op(VM& vm, const Value& self, const ArgsView& args) {
  static const graph_ir::OpDef* op = graph_ir::FindOp(kOps[I]);
  if (op == nullptr) return RaiseUnsupported(vm, absl::StrCat("torch.Tensor.", kOps[I]));
  return OpMethod(vm, *op, self, args);
}

template <script::NativeFn F>
Value InPlace(VM& vm, const Value& self, const ArgsView& args) {
  Value r = F(vm, self, args);
  if (r.is_null()) return r;
  if (!WriteInPlace(vm, T(self)->t, TensorOf(r))) return {};
  return self;
}

// clamp_min(min) / clamp_max(max): a number goes to clamp, a tensor to
// maximum / minimum (both promote and propagate NaN, as clamp_min.Tensor).
Value ClampBound(VM& vm, const Value& self, const ArgsView& args, bool is_min) {
  const char* fname = is_min ? "clamp_min" : "clamp_max";
  static constexpr const char* kMin[] = {"min"};
  static constexpr const char* kMax[] = {"max"};
  Value a[1];
  if (!ParseArgs(vm, args, fname, is_min ? kMin : kMax, 1, a)) return {};
  const tensor::Tensor& t = T(self)->t;
  if (IsTensor(a[0])) return CallOp(vm, is_min ? "maximum" : "minimum", {t, TensorOf(a[0])});
  tensor::Scalar s;
  if (!ToScalarArg(vm, a[0], fname, is_min ? "min" : "max", &s)) return {};
  Constant none = Constant(graph_ir::None{});
  return CallOp(vm, "clamp", {t, is_min ? Constant(s) : none, is_min ? none : Constant(s)});
}
Value M_clamp_min(VM& vm, const Value& self, const ArgsView& a) {
  return ClampBound(vm, self, a, true);
}
Value M_clamp_max(VM& vm, const Value& self, const ArgsView& a) {
  return ClampBound(vm, self, a, false);
}

constexpr MethodDef kMethods[] = {
    {"addcdiv", Op<2>},
    {"addcdiv_", InPlace<Op<2>>},
    {"addcmul", Op<1>},
    {"addcmul_", InPlace<Op<1>>},
    {"arctan2", Op<4>},
    {"arctan2_", InPlace<Op<4>>},
    {"atan2", Op<4>},
    {"atan2_", InPlace<Op<4>>},
    {"clamp_max", M_clamp_max},
    {"clamp_max_", InPlace<M_clamp_max>},
    {"clamp_min", M_clamp_min},
    {"clamp_min_", InPlace<M_clamp_min>},
    {"hypot", Op<3>},
    {"hypot_", InPlace<Op<3>>},
    {"isfinite", Op<9>},
    {"isinf", Op<8>},
    {"isnan", Op<6>},
    {"lerp", Op<0>},
    {"lerp_", InPlace<Op<0>>},
    {"logit", Op<5>},
    {"logit_", InPlace<Op<5>>},
    {"nan_to_num", Op<7>},
    {"nan_to_num_", InPlace<Op<7>>},
};

constexpr const char* kFunctions[] = {
    "addcdiv",   "addcmul",    "arctan2",    "atan2",       "clamp_max", "clamp_max_",
    "clamp_min", "clamp_min_", "hypot",      "isfinite",    "isinf",     "isnan",
    "lerp",      "logit",      "nan_to_num", "nan_to_num_",
};

}  // namespace

std::span<const MethodDef> TensorPointwiseExtraMethods() { return kMethods; }
std::span<const char* const> PointwiseExtraFunctions() { return kFunctions; }

}  // namespace tc::script_torch
