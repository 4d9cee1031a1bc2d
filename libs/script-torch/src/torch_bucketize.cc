// torch.searchsorted(sorted_sequence, input, *, out_int32=False,
// right=False, side=None, sorter=None), torch.bucketize(input, boundaries,
// *, out_int32=False, right=False) (input a tensor or a Python number) and
// torch.histc / Tensor.histc(bins=100, min=0, max=0), over the graph-ir ops
// of the same names (ops_bucketize.cc), so they trace as graph nodes.
#include "absl/strings/str_format.h"

#include "torch_tensor.h"

namespace tc::script_torch {
namespace {

// A tensor, or a Python number as PyTorch's Scalar overloads take it (a
// 0-dim tensor of the number's dtype: int64, float64 or bool).
bool ValuesArg(VM& vm, const Value& v, const char* fname, const char* arg, tensor::Tensor* out) {
  if (IsTensor(v)) {
    *out = TensorOf(v);
    return true;
  }
  if (IsNumber(v)) {
    Scalar s = NumberToScalar(v);
    DType dtype = v.is_bool() ? DType::kBool : (v.is_int() ? DType::kInt64 : DType::kFloat64);
    *out = tensor::Tensor::FromScalar(s, dtype);
    return true;
  }
  return ToTensorArg(vm, v, fname, arg, out);
}

Value FSearchsorted(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"sorted_sequence", "input", "out_int32",
                                           "right",           "side",  "sorter"};
  Value a[6];
  if (!ParseArgs(vm, args, "searchsorted", kNames, 2, a, 2)) return {};
  tensor::Tensor seq, input;
  bool out_int32, right;
  if (!ToTensorArg(vm, a[0], "searchsorted", "sorted_sequence", &seq) ||
      !ValuesArg(vm, a[1], "searchsorted", "input", &input) ||
      !BoolParam(vm, a[2], false, &out_int32) || !BoolParam(vm, a[3], false, &right)) {
    return {};
  }
  if (!a[4].is_null() && !a[4].is_none()) {
    const std::string* side = StrValue(a[4]);
    if (side == nullptr) {
      return RaiseTypeError(
          vm,
          absl::StrFormat("searchsorted(): argument 'side' must be str, not %s", TypeName(a[4])));
    }
    if (*side != "left" && *side != "right") {
      return RaiseRuntimeError(
          vm, absl::StrFormat("torch.searchsorted(): side can only be 'left' or 'right' but got %s",
                              *side));
    }
    if (*side == "left" && right) {
      return RaiseRuntimeError(vm,
                               "torch.searchsorted(): side and right can't be set to opposites, "
                               "got side of left while right was True");
    }
    right = *side == "right";
  }
  std::vector<kernels::KernelArg> kargs = {seq, input, Constant(Scalar(out_int32)),
                                           Constant(Scalar(right))};
  if (!a[5].is_null() && !a[5].is_none()) {
    tensor::Tensor sorter;
    if (!ToTensorArg(vm, a[5], "searchsorted", "sorter", &sorter)) return {};
    kargs.emplace_back(sorter);
  }
  return CallOp(vm, "searchsorted", std::move(kargs));
}

Value FBucketize(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "boundaries", "out_int32", "right"};
  Value a[4];
  if (!ParseArgs(vm, args, "bucketize", kNames, 2, a, 2)) return {};
  tensor::Tensor input, boundaries;
  bool out_int32, right;
  if (!ValuesArg(vm, a[0], "bucketize", "input", &input) ||
      !ToTensorArg(vm, a[1], "bucketize", "boundaries", &boundaries) ||
      !BoolParam(vm, a[2], false, &out_int32) || !BoolParam(vm, a[3], false, &right)) {
    return {};
  }
  return CallOp(vm, "bucketize",
                {input, boundaries, Constant(Scalar(out_int32)), Constant(Scalar(right))});
}

// Tensor.histc(bins=100, min=0, max=0), bound to the op's schema.
Value HistcMethod(VM& vm, const Value& self, const ArgsView& args) {
  static const graph_ir::OpDef* op = graph_ir::FindOp("histc");
  return OpMethod(vm, *op, self, args);
}

constexpr MethodDef kMethods[] = {{"histc", HistcMethod}};
constexpr MethodDef kFunctions[] = {{"bucketize", FBucketize}, {"searchsorted", FSearchsorted}};
constexpr const char* kMethodFunctions[] = {"histc"};

}  // namespace

std::span<const MethodDef> TensorBucketizeMethods() { return kMethods; }
std::span<const MethodDef> BucketizeFunctions() { return kFunctions; }
std::span<const char* const> BucketizeMethodFunctions() { return kMethodFunctions; }

}  // namespace tc::script_torch
