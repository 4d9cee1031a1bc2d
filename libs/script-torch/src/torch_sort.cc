// torch.Tensor's sorting and selection methods: sort (dim=-1,
// descending=False, *, stable=False) giving torch.return_types.sort,
// argsort (its indices), msort (its values along dim 0), topk, kthvalue,
// median / nanmedian (a 0-dim tensor without dim, return types with one),
// mode and count_nonzero; the torch.* functions of the same names are made
// from SortFunctions() in torch_module.cc.
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"

#include "torch_tensor.h"

namespace tc::script_torch {

// A bool argument as PyTorch's parser takes it: True/False (None: `def`).
bool BoolParam(VM& vm, const Value& v, bool def, bool* out) {
  if (v.is_null() || v.is_none()) {
    *out = def;
    return true;
  }
  int b = Truthy(vm, v);
  if (b < 0) return false;
  *out = b != 0;
  return true;
}

namespace {

// Runs the sort op; false with an exception set.
bool RunSort(VM& vm, const Value& self, int64_t dim, bool descending, bool stable,
             std::vector<tensor::Tensor>* out) {
  absl::StatusOr<std::vector<tensor::Tensor>> r =
      RunKernel("sort", {TensorOf(self), Constant(Scalar(dim)), Constant(Scalar(descending)),
                         Constant(Scalar(stable))});
  if (!r.ok()) {
    RaiseStatus(vm, r.status());
    return false;
  }
  *out = std::move(*r);
  return true;
}

// (dim=-1, descending=False, *, stable=False), shared by sort and argsort.
bool SortArgs(VM& vm, const ArgsView& args, const char* fname, int64_t* dim, bool* descending,
              bool* stable) {
  static constexpr const char* kNames[] = {"dim", "descending", "stable"};
  Value a[3];
  if (!ParseArgs(vm, args, fname, kNames, 0, a, 2)) return false;
  *dim = -1;
  if (!a[0].is_null() && !ToInt(vm, a[0], dim)) return false;
  return BoolParam(vm, a[1], false, descending) && BoolParam(vm, a[2], false, stable);
}

// sort (torch.return_types.sort) and argsort (its indices).
template <bool kIndicesOnly>
Value SortLike(VM& vm, const Value& self, const ArgsView& args) {
  int64_t dim;
  bool descending, stable;
  if (!SortArgs(vm, args, kIndicesOnly ? "argsort" : "sort", &dim, &descending, &stable)) {
    return {};
  }
  std::vector<tensor::Tensor> r;
  if (!RunSort(vm, self, dim, descending, stable, &r)) return {};
  if (kIndicesOnly) return WrapTensor(std::move(r[1]));
  return NewReturnTypes("sort", WrapTensor(std::move(r[0])), WrapTensor(std::move(r[1])));
}

Value MsortMethod(VM& vm, const Value& self, const ArgsView& args) {
  if (!ParseArgs(vm, args, "msort", {}, 0, nullptr)) return {};
  std::vector<tensor::Tensor> r;
  if (!RunSort(vm, self, 0, false, false, &r)) return {};
  return WrapTensor(std::move(r[0]));
}

// An int argument as PyTorch's parser takes it ("topk(): argument 'k'
// (position 2) must be int, not float").
bool IntParam(VM& vm, const Value& v, const char* fname, const char* arg, int position,
              int64_t* out) {
  if (v.is_int()) {
    *out = v.as_int();
    return true;
  }
  RaiseTypeError(vm, absl::StrFormat("%s(): argument '%s' (position %d) must be int, not %s", fname,
                                     arg, position, v.type()->name));
  return false;
}

// Runs a two-output op and gives torch.return_types.<name>.
Value ReturnPair(VM& vm, std::string_view op, std::string_view name,
                 std::vector<kernels::KernelArg> args) {
  absl::StatusOr<std::vector<tensor::Tensor>> r = RunKernel(op, std::move(args));
  if (!r.ok()) return RaiseStatus(vm, r.status());
  return NewReturnTypes(name, WrapTensor(std::move((*r)[0])), WrapTensor(std::move((*r)[1])));
}

// topk(k, dim=-1, largest=True, sorted=True).
Value TopkMethod(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"k", "dim", "largest", "sorted"};
  Value a[4];
  if (!ParseArgs(vm, args, "topk", kNames, 1, a)) return {};
  int64_t k, dim = -1;
  bool largest, sorted;
  if (!IntParam(vm, a[0], "topk", "k", 1, &k)) return {};
  if (!a[1].is_null() && !IntParam(vm, a[1], "topk", "dim", 2, &dim)) return {};
  if (!BoolParam(vm, a[2], true, &largest) || !BoolParam(vm, a[3], true, &sorted)) return {};
  absl::StatusOr<std::vector<tensor::Tensor>> r =
      RunKernel("topk", {TensorOf(self), Constant(Scalar(k)), Constant(Scalar(dim)),
                         Constant(Scalar(largest)), Constant(Scalar(sorted))});
  // PyTorch raises this one as a NotImplementedError.
  if (!r.ok() && absl::StartsWith(r.status().message(), "topk does not support bool")) {
    return RaiseNotImplementedError(vm, std::string(r.status().message()));
  }
  if (!r.ok()) return RaiseStatus(vm, r.status());
  return NewReturnTypes("topk", WrapTensor(std::move((*r)[0])), WrapTensor(std::move((*r)[1])));
}

// kthvalue(k, dim=-1, keepdim=False).
Value KthvalueMethod(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"k", "dim", "keepdim"};
  Value a[3];
  if (!ParseArgs(vm, args, "kthvalue", kNames, 1, a)) return {};
  int64_t k, dim = -1;
  bool keepdim;
  if (!IntParam(vm, a[0], "kthvalue", "k", 1, &k)) return {};
  if (!a[1].is_null() && !IntParam(vm, a[1], "kthvalue", "dim", 2, &dim)) return {};
  if (!BoolParam(vm, a[2], false, &keepdim)) return {};
  return ReturnPair(
      vm, "kthvalue", "kthvalue",
      {TensorOf(self), Constant(Scalar(k)), Constant(Scalar(dim)), Constant(Scalar(keepdim))});
}

// median() / median(dim, keepdim=False), and nanmedian alike.
template <bool kNan>
Value MedianMethod(VM& vm, const Value& self, const ArgsView& args) {
  const char* name = kNan ? "nanmedian" : "median";
  static constexpr const char* kNames[] = {"dim", "keepdim"};
  Value a[2];
  if (!ParseArgs(vm, args, name, kNames, 0, a)) return {};
  if (a[0].is_null() || a[0].is_none()) return CallOp(vm, name, {TensorOf(self)});
  int64_t dim;
  bool keepdim;
  if (!IntParam(vm, a[0], name, "dim", 1, &dim) || !BoolParam(vm, a[1], false, &keepdim)) {
    return {};
  }
  return ReturnPair(vm, kNan ? "nanmedian_dim" : "median_dim", name,
                    {TensorOf(self), Constant(Scalar(dim)), Constant(Scalar(keepdim))});
}

// mode(dim=-1, keepdim=False).
Value ModeMethod(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"dim", "keepdim"};
  Value a[2];
  if (!ParseArgs(vm, args, "mode", kNames, 0, a)) return {};
  int64_t dim = -1;
  bool keepdim;
  if (!a[0].is_null() && !IntParam(vm, a[0], "mode", "dim", 1, &dim)) return {};
  if (!BoolParam(vm, a[1], false, &keepdim)) return {};
  return ReturnPair(vm, "mode", "mode",
                    {TensorOf(self), Constant(Scalar(dim)), Constant(Scalar(keepdim))});
}

// count_nonzero(dim=None), bound to its composite op's schema.
Value CountNonzeroMethod(VM& vm, const Value& self, const ArgsView& args) {
  static const graph_ir::OpDef* op = graph_ir::FindOp("count_nonzero");
  return OpMethod(vm, *op, self, args);
}

constexpr MethodDef kSortMethods[] = {
    {"argsort", SortLike<true>},
    {"count_nonzero", CountNonzeroMethod},
    {"kthvalue", KthvalueMethod},
    {"median", MedianMethod<false>},
    {"mode", ModeMethod},
    {"msort", MsortMethod},
    {"nanmedian", MedianMethod<true>},
    {"sort", SortLike<false>},
    {"topk", TopkMethod},
};
constexpr const char* kFunctions[] = {"argsort", "count_nonzero", "kthvalue", "median", "mode",
                                      "msort",   "nanmedian",     "sort",     "topk"};

}  // namespace

std::span<const MethodDef> TensorSortMethods() { return kSortMethods; }
std::span<const char* const> SortFunctions() { return kFunctions; }

}  // namespace tc::script_torch
