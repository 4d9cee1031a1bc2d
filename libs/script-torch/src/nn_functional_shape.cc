// torch.nn.functional's shape functions: one_hot (reads the class values,
// as PyTorch's CPU one_hot does, so eager only), pad, pixel_shuffle and
// pixel_unshuffle (composite ops of graph-ir's ops_composite_pad.cc).
#include <algorithm>

#include "absl/strings/str_format.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using tensor::Tensor;

// one_hot(tensor, num_classes=-1): int64 [..., num_classes].
Value FOneHot(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"tensor", "num_classes"};
  Value a[2];
  if (!ParseArgs(vm, args, "one_hot", kNames, 1, a)) return {};
  Tensor x;
  if (!ToTensorArg(vm, a[0], "one_hot", "tensor", &x)) return {};
  int64_t n = -1;
  if (!a[1].is_null() && !ToInt(vm, a[1], &n)) return {};
  if (x.dtype() != DType::kInt64) {
    return RaiseRuntimeError(vm, "one_hot is only applicable to index tensor of type LongTensor.");
  }
  if (!CheckHasData(vm, x)) return {};
  Tensor c = x.contiguous();
  const int64_t* p = c.data<int64_t>();
  int64_t lo = 0, hi = -1;
  for (int64_t i = 0; i < c.numel(); ++i) {
    lo = i == 0 ? p[i] : std::min(lo, p[i]);
    hi = i == 0 ? p[i] : std::max(hi, p[i]);
  }
  if (n == -1 && c.numel() == 0) {
    return RaiseRuntimeError(vm, "Can not infer total number of classes from empty tensor.");
  }
  if (c.numel() > 0 && lo < 0) return RaiseRuntimeError(vm, "Class values must be non-negative.");
  if (n == -1) {
    n = hi + 1;
  } else if (c.numel() > 0 && hi >= n) {
    return RaiseRuntimeError(vm, "Class values must be smaller than num_classes.");
  }
  // eq(x.unsqueeze(-1), arange(n)) as int64.
  Tensor classes, u, r;
  if (!RunOp(vm, "arange", {Constant(Scalar(int64_t{0})), Constant(Scalar(n))}, &classes) ||
      !RunOp(vm, "unsqueeze", {x, Constant(Scalar(int64_t{-1}))}, &u) ||
      !RunOp(vm, "eq", {u, classes}, &r) ||
      !RunOp(vm, "to_dtype", {r, Constant(DType::kInt64)}, &r)) {
    return {};
  }
  return WrapTensor(std::move(r));
}

// pad(input, pad, mode='constant', value=None).
Value FPad(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "pad", "mode", "value"};
  Value a[4];
  if (!ParseArgs(vm, args, "pad", kNames, 2, a)) return {};
  Tensor x;
  Shape pad;
  if (!ToTensorArg(vm, a[0], "pad", "input", &x) || !ToIntList(vm, a[1], "pad", "pad", &pad)) {
    return {};
  }
  std::string mode = "constant";
  if (!a[2].is_null()) {
    const std::string* s = StrValue(a[2]);
    if (s == nullptr) {
      RaiseArgTypeError(vm, "pad", "mode", "str", a[2]);
      return {};
    }
    mode = *s;
  }
  kernels::KernelArg value = Constant(None{});
  if (!a[3].is_null() && !a[3].is_none()) {
    tensor::Scalar v;
    if (!ToScalarArg(vm, a[3], "pad", "value", &v)) return {};
    value = Constant(v);
  }
  return CallOp(vm, "pad", {x, Constant(std::move(pad)), Constant(mode), std::move(value)});
}

Value PixelOp(VM& vm, const ArgsView& args, const char* op, const char* factor) {
  const char* names[] = {"input", factor};
  Value a[2];
  if (!ParseArgs(vm, args, op, names, 2, a)) return {};
  Tensor x;
  int64_t r;
  if (!ToTensorArg(vm, a[0], op, "input", &x) || !ToInt(vm, a[1], &r)) return {};
  return CallOp(vm, op, {x, Constant(Scalar(r))});
}
Value FPixelShuffle(VM& vm, const Value&, const ArgsView& a) {
  return PixelOp(vm, a, "pixel_shuffle", "upscale_factor");
}
Value FPixelUnshuffle(VM& vm, const Value&, const ArgsView& a) {
  return PixelOp(vm, a, "pixel_unshuffle", "downscale_factor");
}

constexpr MethodDef kFunctions[] = {
    {"one_hot", FOneHot},
    {"pad", FPad},
    {"pixel_shuffle", FPixelShuffle},
    {"pixel_unshuffle", FPixelUnshuffle},
};

}  // namespace

std::span<const MethodDef> FunctionalShapeFunctions() { return kFunctions; }

}  // namespace tc::script_torch
