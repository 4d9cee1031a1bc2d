// torch.feature_dropout, torch.alpha_dropout and torch.feature_alpha_dropout
// (and their in-place `_` forms): what torch.nn.functional's dropout1d/2d/3d,
// alpha_dropout and feature_alpha_dropout call (those are Python, in
// py/nn_functional_dropout.py, for PyTorch's rank checks and warnings). The
// ops are graph-ir's composites of ops_composite_dropout.cc.
#include "absl/strings/str_cat.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using tensor::Tensor;

// op(input, p, train) -> Tensor; in place: the result written into input.
Value Dropout(VM& vm, const ArgsView& args, const char* op, bool inplace) {
  static constexpr const char* kNames[] = {"input", "p", "train"};
  const std::string name = absl::StrCat(op, inplace ? "_" : "");
  Value a[3];
  if (!ParseArgs(vm, args, name, kNames, 3, a)) return {};
  Tensor x;
  double p;
  if (!ToTensorArg(vm, a[0], name, "input", &x) || !ToFloat(vm, a[1], &p)) return {};
  const int train = vm.Truthy(a[2]);
  if (train < 0) return {};
  Value r = CallOp(vm, op, {x, Constant(Scalar(p)), Constant(Scalar(train == 1))});
  if (r.is_null() || !inplace) return r;
  if (!WriteInPlace(vm, x, TensorOf(r))) return {};
  return a[0];
}

Value FFeatureDropout(VM& vm, const Value&, const ArgsView& a) {
  return Dropout(vm, a, "feature_dropout", false);
}
Value FFeatureDropout_(VM& vm, const Value&, const ArgsView& a) {
  return Dropout(vm, a, "feature_dropout", true);
}
Value FAlphaDropout(VM& vm, const Value&, const ArgsView& a) {
  return Dropout(vm, a, "alpha_dropout", false);
}
Value FAlphaDropout_(VM& vm, const Value&, const ArgsView& a) {
  return Dropout(vm, a, "alpha_dropout", true);
}
Value FFeatureAlphaDropout(VM& vm, const Value&, const ArgsView& a) {
  return Dropout(vm, a, "feature_alpha_dropout", false);
}
Value FFeatureAlphaDropout_(VM& vm, const Value&, const ArgsView& a) {
  return Dropout(vm, a, "feature_alpha_dropout", true);
}

constexpr MethodDef kFunctions[] = {
    {"alpha_dropout", FAlphaDropout},
    {"alpha_dropout_", FAlphaDropout_},
    {"feature_alpha_dropout", FFeatureAlphaDropout},
    {"feature_alpha_dropout_", FFeatureAlphaDropout_},
    {"feature_dropout", FFeatureDropout},
    {"feature_dropout_", FFeatureDropout_},
};

}  // namespace

void AddDropoutFunctions(ModuleObject* m) {
  for (const MethodDef& d : kFunctions) {
    ModuleSet(m, d.name,
              NewNativeFunction(d.name, d.fn, Value::Borrow(m), absl::StrCat("torch.", d.name)));
  }
}

}  // namespace tc::script_torch
