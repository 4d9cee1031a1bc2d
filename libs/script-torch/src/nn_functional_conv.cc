// torch.nn.functional's convolutions and pools (conv1d/2d/3d,
// conv_transpose1d/2d, max/avg/adaptive pools) with PyTorch's signatures,
// each one call of a registered op; padding='same'/'valid' is resolved here
// as ATen's _convolution_mode does. The same functions serve torch.conv2d
// and its siblings.
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "torch_tensor.h"

namespace tc::script_torch {
namespace {

using tensor::Shape;

bool OptTensorArg(VM& vm, const Value& v, const char* f, const char* arg, kernels::KernelArg* out) {
  tensor::Tensor t;
  if (v.is_null() || v.is_none()) return (*out = Constant(None{}), true);
  return ToTensorArg(vm, v, f, arg, &t) && (*out = std::move(t), true);
}

// An int list argument with a default (null: not given).
bool IntListOr(VM& vm, const Value& v, const char* f, const char* arg, Shape def, Shape* out) {
  if (v.is_null()) {
    *out = std::move(def);
    return true;
  }
  return ToIntList(vm, v, f, arg, out);
}

bool IntOr(VM& vm, const Value& v, int64_t def, int64_t* out) {
  *out = def;
  return v.is_null() || ToInt(vm, v, out);
}

bool BoolOr(VM& vm, const Value& v, bool def, bool* out) {
  *out = def;
  if (v.is_null()) return true;
  const int t = vm.Truthy(v);
  if (t < 0) return false;
  *out = t != 0;
  return true;
}

// The TypeError of PyTorch's argument parser for conv{1,2,3}d, whose two
// overloads take padding as ints or as a string.
Value ConvOverloadError(VM& vm, const ArgsView& args, const char* f) {
  std::vector<std::string> got;
  for (int i = 0; i < args.nargs; ++i) {
    got.emplace_back(IsTensor(args[i]) ? "Tensor" : TypeName(args[i]));
  }
  for (int k = 0; k < args.nkw(); ++k) {
    const Value& v = args.kwvalue(k);
    got.push_back(absl::StrFormat("%s=%s", args.kwname(k), IsTensor(v) ? "Tensor" : TypeName(v)));
  }
  return RaiseTypeError(
      vm, absl::StrFormat(
              "%s() received an invalid combination of arguments - got (%s), but expected one "
              "of:\n"
              " * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, "
              "tuple of ints padding = 0, tuple of ints dilation = 1, int groups = 1)\n"
              " * (Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, str "
              "padding = \"valid\", tuple of ints dilation = 1, int groups = 1)\n",
              f, absl::StrJoin(got, ", ")));
}

bool IsIntList(const Value& v) {
  if (v.is_int() || v.is_bool()) return true;
  if (!v.is_object() || !(IsInstance(v, Types().tuple) || IsInstance(v, Types().list))) {
    return false;
  }
  const std::vector<Value>& items =
      IsInstance(v, Types().tuple) ? Cast<TupleObject>(v)->items : Cast<ListObject>(v)->items;
  for (const Value& i : items) {
    if (!i.is_int()) return false;
  }
  return true;
}

// conv{1,2,3}d(input, weight, bias=None, stride=1, padding=0, dilation=1,
// groups=1); padding may be 'valid' or 'same'.
Value ConvNd(VM& vm, const ArgsView& args, const char* f, int64_t dims) {
  static constexpr const char* kNames[] = {"input",   "weight",   "bias",  "stride",
                                           "padding", "dilation", "groups"};
  Value a[7];
  if (!ParseArgs(vm, args, f, kNames, 2, a)) return {};
  if (!IsTensor(a[0]) || !IsTensor(a[1]) ||
      (!a[2].is_null() && !a[2].is_none() && !IsTensor(a[2])) ||
      (!a[3].is_null() && !IsIntList(a[3])) || (!a[5].is_null() && !IsIntList(a[5])) ||
      (!a[6].is_null() && !a[6].is_int()) ||
      (!a[4].is_null() && !IsIntList(a[4]) && StrValue(a[4]) == nullptr)) {
    return ConvOverloadError(vm, args, f);
  }
  const tensor::Tensor& x = TensorOf(a[0]);
  const tensor::Tensor& w = TensorOf(a[1]);
  kernels::KernelArg bias;
  Shape stride, padding, dilation;
  int64_t groups;
  if (!OptTensorArg(vm, a[2], f, "bias", &bias) ||
      !IntListOr(vm, a[3], f, "stride", {1}, &stride) ||
      !IntListOr(vm, a[5], f, "dilation", {1}, &dilation) || !IntOr(vm, a[6], 1, &groups)) {
    return {};
  }
  // An int (or the default) fills every spatial dim, as PyTorch's int[2]
  // parsing does; a list is passed as given.
  auto expand = [&](const Value& v, Shape* s) {
    if (!v.is_object() || IsTensor(v)) *s = Shape(dims, (*s)[0]);
  };
  expand(a[3], &stride);
  expand(a[5], &dilation);
  // Output dims to trim by one at the start: 'same' with an odd total
  // padding pads one more on the left than ATen's extra right-side zero
  // column, then drops the first output position.
  std::vector<int64_t> trim;
  if (const std::string* s = a[4].is_null() ? nullptr : StrValue(a[4])) {
    if (*s != "valid" && *s != "same") {
      return RaiseRuntimeError(vm, absl::StrFormat("Invalid padding string: '%s'", *s));
    }
    padding = {0};
    if (*s == "same") {
      for (int64_t v : stride) {
        if (v != 1) {
          return RaiseRuntimeError(vm, "padding='same' is not supported for strided convolutions");
        }
      }
      padding.clear();
      for (int64_t i = 0; i < dims && i + 2 < w.dim(); ++i) {
        const int64_t d = dilation.size() == 1
                              ? dilation[0]
                              : (i < static_cast<int64_t>(dilation.size()) ? dilation[i] : 1);
        const int64_t total = d * (w.size(i + 2) - 1);
        padding.push_back((total + 1) / 2);
        if (total % 2 != 0) trim.push_back(i);
      }
      if (padding.empty()) padding = {0};
    }
  } else if (!IntListOr(vm, a[4], f, "padding", {0}, &padding)) {
    return {};
  } else {
    expand(a[4], &padding);
  }
  tensor::Tensor out;
  if (!RunOp(vm, f,
             {x, w, bias, Constant(stride), Constant(padding), Constant(dilation),
              Constant(tensor::Scalar(groups))},
             &out)) {
    return {};
  }
  for (int64_t i : trim) {
    const int64_t dim = out.dim() - dims + i;
    const int64_t len = out.size(dim) - 1;
    if (!RunOp(vm, "slice",
               {out, Constant(tensor::Scalar(dim)), Constant(tensor::Scalar(1)),
                Constant(tensor::Scalar(len + 1)), Constant(tensor::Scalar(1))},
               &out)) {
      return {};
    }
  }
  return WrapTensor(out);
}
Value FConv1d(VM& vm, const Value&, const ArgsView& a) { return ConvNd(vm, a, "conv1d", 1); }
Value FConv2d(VM& vm, const Value&, const ArgsView& a) { return ConvNd(vm, a, "conv2d", 2); }
Value FConv3d(VM& vm, const Value&, const ArgsView& a) { return ConvNd(vm, a, "conv3d", 3); }

// conv_transpose{1,2}d(input, weight, bias=None, stride=1, padding=0,
// output_padding=0, groups=1, dilation=1).
Value ConvTransposeNd(VM& vm, const ArgsView& args, const char* f) {
  static constexpr const char* kNames[] = {"input",   "weight",         "bias",   "stride",
                                           "padding", "output_padding", "groups", "dilation"};
  Value a[8];
  if (!ParseArgs(vm, args, f, kNames, 2, a)) return {};
  tensor::Tensor x, w;
  kernels::KernelArg bias;
  Shape stride, padding, output_padding, dilation;
  int64_t groups;
  if (!ToTensorArg(vm, a[0], f, "input", &x) || !ToTensorArg(vm, a[1], f, "weight", &w) ||
      !OptTensorArg(vm, a[2], f, "bias", &bias) ||
      !IntListOr(vm, a[3], f, "stride", {1}, &stride) ||
      !IntListOr(vm, a[4], f, "padding", {0}, &padding) ||
      !IntListOr(vm, a[5], f, "output_padding", {0}, &output_padding) ||
      !IntOr(vm, a[6], 1, &groups) || !IntListOr(vm, a[7], f, "dilation", {1}, &dilation)) {
    return {};
  }
  Value r = CallOp(vm, f,
                   {x, w, bias, Constant(stride), Constant(padding), Constant(output_padding),
                    Constant(tensor::Scalar(groups)), Constant(dilation)});
  return r;
}
Value FConvTranspose1d(VM& vm, const Value&, const ArgsView& a) {
  return ConvTransposeNd(vm, a, "conv_transpose1d");
}
Value FConvTranspose2d(VM& vm, const Value&, const ArgsView& a) {
  return ConvTransposeNd(vm, a, "conv_transpose2d");
}

// A (values, indices) pair as a plain tuple, or the values alone.
Value ValuesOrPair(VM& vm, absl::StatusOr<std::vector<tensor::Tensor>> r, bool pair) {
  if (!r.ok()) return RaiseStatus(vm, r.status());
  if (!pair) return WrapTensor((*r)[0]);
  return NewTuple({WrapTensor((*r)[0]), WrapTensor((*r)[1])});
}

// max_pool{1,2}d(input, kernel_size, stride=None, padding=0, dilation=1,
// ceil_mode=False, return_indices=False).
Value MaxPoolNd(VM& vm, const ArgsView& args, const char* f, const char* with_indices) {
  static constexpr const char* kNames[] = {"input",    "kernel_size", "stride",        "padding",
                                           "dilation", "ceil_mode",   "return_indices"};
  Value a[7];
  if (!ParseArgs(vm, args, f, kNames, 2, a)) return {};
  tensor::Tensor x;
  Shape k, s, p, d;
  bool ceil, indices;
  if (!ToTensorArg(vm, a[0], f, "input", &x) || !ToIntList(vm, a[1], f, "kernel_size", &k) ||
      (!a[2].is_null() && !a[2].is_none() && !ToIntList(vm, a[2], f, "stride", &s)) ||
      !IntListOr(vm, a[3], f, "padding", {0}, &p) || !IntListOr(vm, a[4], f, "dilation", {1}, &d) ||
      !BoolOr(vm, a[5], false, &ceil) || !BoolOr(vm, a[6], false, &indices)) {
    return {};
  }
  std::vector<kernels::KernelArg> op_args = {
      x, Constant(k), Constant(s), Constant(p), Constant(d), Constant(tensor::Scalar(ceil))};
  Value r = ValuesOrPair(vm, RunKernel(indices ? with_indices : f, std::move(op_args)), indices);
  return r;
}
Value FMaxPool1d(VM& vm, const Value&, const ArgsView& a) {
  return MaxPoolNd(vm, a, "max_pool1d", "max_pool1d_with_indices");
}
Value FMaxPool2d(VM& vm, const Value&, const ArgsView& a) {
  return MaxPoolNd(vm, a, "max_pool2d", "max_pool2d_with_indices");
}

// avg_pool{1,2}d(input, kernel_size, stride=None, padding=0,
// ceil_mode=False, count_include_pad=True[, divisor_override=None]).
Value AvgPoolNd(VM& vm, const ArgsView& args, const char* f, bool divisor) {
  static constexpr const char* kNames[] = {"input",           "kernel_size", "stride",
                                           "padding",         "ceil_mode",   "count_include_pad",
                                           "divisor_override"};
  Value a[7];
  if (!ParseArgs(vm, args, f, std::span<const char* const>(kNames, divisor ? 7 : 6), 2, a)) {
    return {};
  }
  tensor::Tensor x;
  Shape k, s, p;
  bool ceil, count_pad;
  if (!ToTensorArg(vm, a[0], f, "input", &x) || !ToIntList(vm, a[1], f, "kernel_size", &k) ||
      (!a[2].is_null() && !a[2].is_none() && !ToIntList(vm, a[2], f, "stride", &s)) ||
      !IntListOr(vm, a[3], f, "padding", {0}, &p) || !BoolOr(vm, a[4], false, &ceil) ||
      !BoolOr(vm, a[5], true, &count_pad)) {
    return {};
  }
  std::vector<kernels::KernelArg> op_args = {x,
                                             Constant(k),
                                             Constant(s),
                                             Constant(p),
                                             Constant(tensor::Scalar(ceil)),
                                             Constant(tensor::Scalar(count_pad))};
  if (divisor) {
    kernels::KernelArg div = Constant(None{});
    if (!a[6].is_null() && !a[6].is_none()) {
      int64_t v;
      if (!ToInt(vm, a[6], &v)) return {};
      div = Constant(tensor::Scalar(v));
    }
    op_args.push_back(div);
  }
  return CallOp(vm, f, std::move(op_args));
}
Value FAvgPool1d(VM& vm, const Value&, const ArgsView& a) {
  return AvgPoolNd(vm, a, "avg_pool1d", false);
}
Value FAvgPool2d(VM& vm, const Value&, const ArgsView& a) {
  return AvgPoolNd(vm, a, "avg_pool2d", true);
}

// adaptive_{avg,max}_pool{1,2}d(input, output_size[, return_indices]):
// the 2-d forms take None in output_size as the input's size there.
// torch.adaptive_max_pool1d (`pair`) takes no return_indices and always
// returns (values, indices).
Value AdaptivePool(VM& vm, const ArgsView& args, const char* f, int64_t dims, bool max,
                   bool pair = false) {
  static constexpr const char* kNames[] = {"input", "output_size", "return_indices"};
  Value a[3];
  if (!ParseArgs(vm, args, f, std::span<const char* const>(kNames, max && !pair ? 3 : 2), 2, a))
    return {};
  tensor::Tensor x;
  if (!ToTensorArg(vm, a[0], f, "input", &x)) return {};
  Shape os;
  bool indices;
  if (!BoolOr(vm, a[2], false, &indices)) return {};
  const Value& v = a[1];
  if (dims == 2 && v.is_object() && (IsInstance(v, Types().tuple) || IsInstance(v, Types().list))) {
    const std::vector<Value>& items =
        IsInstance(v, Types().tuple) ? Cast<TupleObject>(v)->items : Cast<ListObject>(v)->items;
    const int64_t n = static_cast<int64_t>(items.size());
    if (x.dim() <= n) {
      return RaiseValueError(vm, absl::StrFormat("Input dimension should be at least %d", n + 1));
    }
    for (int64_t i = 0; i < n; ++i) {
      int64_t s;
      if (items[i].is_none()) {
        s = x.size(x.dim() - n + i);
      } else if (!ToInt(vm, items[i], &s)) {
        return {};
      }
      os.push_back(s);
    }
  } else if (!ToIntList(vm, v, f, "output_size", &os)) {
    return {};
  }
  if (dims == 2 && os.size() == 1) os.push_back(os[0]);
  std::string op = absl::StrFormat("adaptive_%s_pool%dd", max ? "max" : "avg", dims);
  Value r = ValuesOrPair(vm, RunKernel(op, {x, Constant(os)}), pair || (max && indices));
  return r;
}
Value FAdaptiveAvgPool1d(VM& vm, const Value&, const ArgsView& a) {
  return AdaptivePool(vm, a, "adaptive_avg_pool1d", 1, false);
}
Value FAdaptiveAvgPool2d(VM& vm, const Value&, const ArgsView& a) {
  return AdaptivePool(vm, a, "adaptive_avg_pool2d", 2, false);
}
Value FAdaptiveMaxPool1d(VM& vm, const Value&, const ArgsView& a) {
  return AdaptivePool(vm, a, "adaptive_max_pool1d", 1, true);
}
Value FTorchAdaptiveMaxPool1d(VM& vm, const Value&, const ArgsView& a) {
  return AdaptivePool(vm, a, "adaptive_max_pool1d", 1, true, true);
}
Value FAdaptiveMaxPool2d(VM& vm, const Value&, const ArgsView& a) {
  return AdaptivePool(vm, a, "adaptive_max_pool2d", 2, true);
}

constexpr MethodDef kFunctions[] = {
    {"adaptive_avg_pool1d", FAdaptiveAvgPool1d},
    {"adaptive_avg_pool2d", FAdaptiveAvgPool2d},
    {"adaptive_max_pool1d", FAdaptiveMaxPool1d},
    {"adaptive_max_pool2d", FAdaptiveMaxPool2d},
    {"avg_pool1d", FAvgPool1d},
    {"avg_pool2d", FAvgPool2d},
    {"conv1d", FConv1d},
    {"conv2d", FConv2d},
    {"conv3d", FConv3d},
    {"conv_transpose1d", FConvTranspose1d},
    {"conv_transpose2d", FConvTranspose2d},
    {"max_pool1d", FMaxPool1d},
    {"max_pool2d", FMaxPool2d},
};

}  // namespace

void AddConvPoolFunctions(ModuleObject* m, bool torch_namespace) {
  const char* prefix = torch_namespace ? "torch." : "torch.nn.functional.";
  for (const MethodDef& d : kFunctions) {
    // torch offers the 1-d pools, max_pool2d and the convolutions; the
    // other 2-d pools live in torch._C._nn only.
    const std::string_view name = d.name;
    if (torch_namespace &&
        (name == "avg_pool2d" || name == "adaptive_avg_pool2d" || name == "adaptive_max_pool2d")) {
      continue;
    }
    const bool pair = torch_namespace && name == "adaptive_max_pool1d";
    ModuleSet(m, d.name,
              NewNativeFunction(d.name, pair ? FTorchAdaptiveMaxPool1d : d.fn, Value::Borrow(m),
                                absl::StrCat(prefix, d.name)));
  }
}

}  // namespace tc::script_torch
