// torch.nn.functional.interpolate, unfold and fold. interpolate as
// PyTorch 2.15's Python implements it: argument checks with its words,
// output sizes from size or scale_factor (recompute_scale_factor), then the
// graph-ir resampling ops (upsample_nearest, upsample_linear,
// upsample_bicubic2d; ops_upsample.cc) or adaptive_avg_pool for 'area'.
// The user's scale factors go to the ops unless recomputed, as PyTorch
// passes them, because ATen's index arithmetic uses them. unfold and fold
// are graph-ir's im2col and col2im (ops_fold.cc).
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

using tensor::Tensor;

const std::vector<Value>* SeqItems(const Value& v) {
  if (!v.is_object()) return nullptr;
  if (IsInstance(v, Types().tuple)) return &Cast<TupleObject>(v)->items;
  if (IsInstance(v, Types().list)) return &Cast<ListObject>(v)->items;
  return nullptr;
}

std::string Repr(VM& vm, const Value& v) {
  std::string s;
  return vm.ReprString(v, &s) ? s : std::string("?");
}

std::string SpatialRepr(const Tensor& x) {
  std::vector<int64_t> s(x.sizes().begin() + 2, x.sizes().end());
  return absl::StrCat("[", absl::StrJoin(s, ", "), "]");
}

bool ToDouble(const Value& v, double* out) {
  if (v.is_float()) {
    *out = v.as_float();
  } else if (v.is_int() || v.is_bool()) {
    *out = static_cast<double>(v.as_int());
  } else {
    return false;
  }
  return true;
}

// The modes PyTorch's interpolate names in its rank errors.
constexpr char kModes[] =
    "nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact";

struct Request {
  std::string mode = "nearest";
  std::optional<bool> align_corners;
  std::optional<Shape> output_size;
  std::optional<std::vector<double>> scales;
};

// "Input and output must have the same number of spatial dimensions, ..."
// for a size (what = "output") or scale_factor list of the wrong length.
bool RaiseRankMismatch(VM& vm, const Tensor& x, const char* what, const char* given, const Value& v,
                       const char* format) {
  const char letter = format[std::string_view(format).size() - 1];
  RaiseValueError(
      vm, absl::StrFormat("Input and %s must have the same number of spatial "
                          "dimensions, but got input with spatial dimensions of %s "
                          "and %s%s. Please provide input tensor in (N, C, d1, d2, "
                          "...,dK) format and %s1, %c2, ...,%cK) format.",
                          what, SpatialRepr(x), given, Repr(vm, v), format, letter, letter));
  return false;
}

// size / scale_factor / recompute_scale_factor as torch.nn.functional does.
bool ReadSizes(VM& vm, const Tensor& x, const Value& size, const Value& scale,
               const Value& recompute, Request* r) {
  const int64_t dim = x.dim() - 2;
  const bool has_size = !size.is_null() && !size.is_none();
  const bool has_scale = !scale.is_null() && !scale.is_none();
  if (has_size && has_scale) {
    RaiseValueError(vm, "only one of size or scale_factor should be defined");
    return false;
  }
  if (has_size) {
    Shape out;
    if (const std::vector<Value>* items = SeqItems(size)) {
      if (static_cast<int64_t>(items->size()) != dim) {
        return RaiseRankMismatch(vm, x, "output", "output size of ", size, "output size in (o");
      }
      std::vector<std::string> types;
      bool all_int = true;
      for (const Value& v : *items) {
        all_int = all_int && (v.is_int() || v.is_bool());
        types.push_back(absl::StrFormat("<class '%s'>", TypeName(v)));
      }
      if (!all_int) {
        RaiseTypeError(vm, absl::StrCat("expected size to be one of int or Tuple[int] or "
                                        "Tuple[int, int] or Tuple[int, int, int], but got size "
                                        "with types [",
                                        absl::StrJoin(types, ", "), "]"));
        return false;
      }
      for (const Value& v : *items) out.push_back(v.as_int());
    } else {
      int64_t n;
      if (!ToInt(vm, size, &n)) return false;
      out.assign(dim, n);
    }
    r->output_size = out;
  } else if (has_scale) {
    std::vector<double> s;
    if (const std::vector<Value>* items = SeqItems(scale)) {
      if (static_cast<int64_t>(items->size()) != dim) {
        return RaiseRankMismatch(vm, x, "scale_factor", "scale_factor of shape ", scale,
                                 "scale_factor in (s");
      }
      for (const Value& v : *items) {
        double d;
        if (!ToDouble(v, &d)) {
          RaiseArgTypeError(vm, "interpolate", "scale_factor", "float", v);
          return false;
        }
        s.push_back(d);
      }
    } else {
      double d;
      if (!ToDouble(scale, &d)) {
        RaiseArgTypeError(vm, "interpolate", "scale_factor", "float", scale);
        return false;
      }
      s.assign(dim, d);
    }
    r->scales = s;
  } else {
    RaiseValueError(vm, "either size or scale_factor should be defined");
    return false;
  }
  const bool recompute_true =
      !recompute.is_null() && !recompute.is_none() && Truthy(vm, recompute) == 1;
  if (recompute_true && has_size) {
    RaiseValueError(vm, "recompute_scale_factor is not meaningful with an explicit size.");
    return false;
  }
  if ((recompute_true || (r->mode == "area" && !r->output_size)) && r->scales) {
    // Python's int(size * scale): truncation.
    Shape out;
    for (int64_t i = 0; i < dim; ++i) {
      out.push_back(static_cast<int64_t>(static_cast<double>(x.size(2 + i)) * (*r->scales)[i]));
    }
    r->output_size = out;
    r->scales.reset();
  }
  return true;
}

// The op's output sizes: given, or ATen's compute_output_size from the
// scales (the product truncated).
Shape OutputSizes(const Tensor& x, const Request& r) {
  if (r.output_size) return *r.output_size;
  Shape out;
  for (size_t i = 0; i < r.scales->size(); ++i) {
    out.push_back(static_cast<int64_t>(static_cast<double>(x.size(2 + i)) * (*r.scales)[i]));
  }
  return out;
}

// The ops' trailing scale arguments: `count` of them, the last ones set.
void AddScales(std::vector<kernels::KernelArg>* args, const Request& r, size_t count) {
  const size_t k = r.scales ? r.scales->size() : 0;
  for (size_t i = 0; i < count; ++i) {
    if (r.scales && i + k >= count) {
      args->push_back(Constant(Scalar((*r.scales)[i + k - count])));
    } else {
      args->push_back(Constant(None{}));
    }
  }
}

Value Dispatch(VM& vm, const Tensor& x, const Request& r) {
  const int64_t nd = x.dim();
  const std::string& m = r.mode;
  const Shape out = OutputSizes(x, r);
  if (nd >= 3 && nd <= 5 && (m == "nearest" || m == "nearest-exact")) {
    std::vector<kernels::KernelArg> args = {x, Constant(out), Constant(Scalar(m != "nearest"))};
    AddScales(&args, r, 3);
    return CallOp(vm, "upsample_nearest", std::move(args));
  }
  if (nd >= 3 && nd <= 5 && m == "area") {
    if (nd == 5) return RaiseNotImplementedError(vm, "adaptive_avg_pool3d is not supported by tc");
    return CallOp(vm, nd == 3 ? "adaptive_avg_pool1d" : "adaptive_avg_pool2d", {x, Constant(out)});
  }
  const bool linear =
      (nd == 3 && m == "linear") || (nd == 4 && m == "bilinear") || (nd == 5 && m == "trilinear");
  if (linear || (nd == 4 && m == "bicubic")) {
    std::vector<kernels::KernelArg> args = {x, Constant(out),
                                            Constant(Scalar(r.align_corners.value_or(false)))};
    AddScales(&args, r, linear ? 3 : 2);
    return CallOp(vm, linear ? "upsample_linear" : "upsample_bicubic2d", std::move(args));
  }
  if (nd == 4 && m == "lanczos") {
    if (r.align_corners.value_or(false)) {
      return RaiseValueError(vm, "Lanczos mode does not support align_corners=True");
    }
    return RaiseValueError(vm, "Lanczos mode requires antialias=True");
  }
  static constexpr const char* kRank[] = {"", "", "", "3D", "4D", "5D"};
  static constexpr const char* kNeeds[] = {"", "", "", "3D", "4D", "5D"};
  const int want = m == "linear" ? 3 : (m == "bilinear" ? 4 : (m == "trilinear" ? 5 : 0));
  if (nd >= 3 && nd <= 5 && want != 0) {
    return RaiseNotImplementedError(vm, absl::StrFormat("Got %s input, but %s mode needs %s input",
                                                        kRank[nd], m, kNeeds[want]));
  }
  return RaiseNotImplementedError(
      vm, absl::StrFormat("Input Error: Only 3D, 4D and 5D input Tensors supported (got %dD) for "
                          "the modes: %s (got %s)",
                          nd, kModes, m));
}

// interpolate(input, size=None, scale_factor=None, mode='nearest',
//             align_corners=None, recompute_scale_factor=None, antialias=False)
Value FInterpolate(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input",    "size",          "scale_factor",
                                           "mode",     "align_corners", "recompute_scale_factor",
                                           "antialias"};
  Value a[7];
  if (!ParseArgs(vm, args, "interpolate", kNames, 1, a)) return {};
  Tensor x;
  if (!ToTensorArg(vm, a[0], "interpolate", "input", &x)) return {};
  Request r;
  if (!a[3].is_null()) {
    const std::string* s = StrValue(a[3]);
    if (s == nullptr) {
      RaiseArgTypeError(vm, "interpolate", "mode", "str", a[3]);
      return {};
    }
    r.mode = *s;
  }
  const bool has_align = !a[4].is_null() && !a[4].is_none();
  if (r.mode == "nearest" || r.mode == "area" || r.mode == "nearest-exact") {
    if (has_align) {
      return RaiseValueError(vm,
                             "align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear");
    }
  } else {
    r.align_corners = has_align ? Truthy(vm, a[4]) == 1 : false;
  }
  if (!ReadSizes(vm, x, a[1], a[2], a[5], &r)) return {};
  const bool antialias = !a[6].is_null() && Truthy(vm, a[6]) == 1;
  if (antialias &&
      !((r.mode == "bilinear" || r.mode == "bicubic" || r.mode == "lanczos") && x.dim() == 4)) {
    return RaiseValueError(vm,
                           "Anti-alias option is restricted to bilinear, bicubic, and lanczos "
                           "modes and requires a 4-D tensor as input");
  }
  if (antialias) {
    return RaiseNotImplementedError(vm, "interpolate(antialias=True) is not supported by tc");
  }
  return Dispatch(vm, x, r);
}

// PyTorch's _pair: an int repeated, a sequence as given (im2col and col2im
// check that it has two items).
bool PairArg(VM& vm, const Value& v, const char* fname, const char* arg, Shape* out) {
  if (!ToIntList(vm, v, fname, arg, out)) return false;
  if (SeqItems(v) == nullptr) out->push_back(out->front());
  return true;
}

// unfold(input, kernel_size, dilation=1, padding=0, stride=1): im2col.
Value FUnfold(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input", "kernel_size", "dilation", "padding", "stride"};
  Value a[5];
  if (!ParseArgs(vm, args, "unfold", kNames, 2, a)) return {};
  Tensor x;
  if (!ToTensorArg(vm, a[0], "unfold", "input", &x)) return {};
  std::vector<kernels::KernelArg> op_args = {x};
  const int64_t defaults[] = {0, 1, 0, 1};
  for (int i = 1; i < 5; ++i) {
    Shape p = {defaults[i - 1], defaults[i - 1]};
    if (!a[i].is_null() && !PairArg(vm, a[i], "unfold", kNames[i], &p)) return {};
    op_args.push_back(Constant(std::move(p)));
  }
  return CallOp(vm, "im2col", std::move(op_args));
}

// fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1): col2im.
Value FFold(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"input",    "output_size", "kernel_size",
                                           "dilation", "padding",     "stride"};
  Value a[6];
  if (!ParseArgs(vm, args, "fold", kNames, 3, a)) return {};
  Tensor x;
  if (!ToTensorArg(vm, a[0], "fold", "input", &x)) return {};
  std::vector<kernels::KernelArg> op_args = {x};
  const int64_t defaults[] = {0, 0, 1, 0, 1};
  for (int i = 1; i < 6; ++i) {
    Shape p = {defaults[i - 1], defaults[i - 1]};
    if (!a[i].is_null() && !PairArg(vm, a[i], "fold", kNames[i], &p)) return {};
    op_args.push_back(Constant(std::move(p)));
  }
  return CallOp(vm, "col2im", std::move(op_args));
}

constexpr MethodDef kFunctions[] = {
    {"fold", FFold},
    {"interpolate", FInterpolate},
    {"unfold", FUnfold},
};

}  // namespace

std::span<const MethodDef> FunctionalInterpFunctions() { return kFunctions; }

}  // namespace tc::script_torch
