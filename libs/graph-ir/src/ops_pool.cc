// Pooling: the core 2-d ops (max_pool2d_with_indices, avg_pool2d,
// _adaptive_avg_pool2d, adaptive_max_pool2d; category extern) with ATen's
// shape checks and words, and the torch-level composites ATen builds on
// them: max_pool2d, the 1-d pools (a height-1 2-d pool) and
// adaptive_avg_pool2d (a mean when the output is 1x1, as ATen takes it).
#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::ShapeToString;
constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kIL = ArgType::kIntList;

int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

// ATen's pooling_output_shape (with its checks).
absl::StatusOr<int64_t> PoolOutSize(int64_t in, int64_t k, int64_t pad, int64_t stride,
                                    int64_t dilation, bool ceil_mode) {
  if (stride == 0) return Invalid("stride should not be zero");
  if (pad < 0) return Invalid(absl::StrFormat("pad must be non-negative, but got pad: %d", pad));
  if (pad > ((k - 1) * dilation + 1) / 2) {
    return Invalid(absl::StrFormat(
        "pad should be at most half of effective kernel size, but got pad=%d, kernel_size=%d and "
        "dilation=%d",
        pad, k, dilation));
  }
  int64_t out =
      FloorDiv(in + 2 * pad - dilation * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0), stride) + 1;
  // The last window must start inside the input (or its left padding).
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

// The 2-d pooling parameters, each expanded to (height, width).
struct Pool2d {
  int64_t kh, kw, sh, sw, ph, pw, dh = 1, dw = 1;
};

absl::StatusOr<Pool2d> ReadPool2d(Args a, const char* op, bool has_dilation) {
  const Shape& k = IntList(a, 1);
  const Shape& s = IntList(a, 2);
  const Shape& p = IntList(a, 3);
  if (k.size() != 1 && k.size() != 2) {
    return Invalid(
        absl::StrFormat("%s: kernel_size must either be a single int, or a tuple of two ints", op));
  }
  if (s.size() > 2) {
    return Invalid(absl::StrFormat(
        "%s: stride must either be omitted, a single int, or a tuple of two ints", op));
  }
  if (p.size() != 1 && p.size() != 2) {
    return Invalid(
        absl::StrFormat("%s: padding must either be a single int, or a tuple of two ints", op));
  }
  Pool2d r;
  r.kh = k[0];
  r.kw = k.back();
  r.sh = s.empty() ? r.kh : s[0];
  r.sw = s.empty() ? r.kw : s.back();
  r.ph = p[0];
  r.pw = p.back();
  if (has_dilation) {
    const Shape& d = IntList(a, 4);
    if (d.size() != 1 && d.size() != 2) {
      return Invalid(
          absl::StrFormat("%s: dilation must be either a single int, or a tuple of two ints", op));
    }
    r.dh = d[0];
    r.dw = d.back();
  }
  return r;
}

// pool2d_shape_check after the output sizes are known.
absl::Status CheckPool2d(const TensorMeta& in, const Pool2d& p, int64_t oh, int64_t ow) {
  if (p.kw <= 0 || p.kh <= 0) {
    return Invalid(absl::StrFormat("kernel size should be greater than zero, but got kH: %d kW: %d",
                                   p.kh, p.kw));
  }
  if (p.sw <= 0 || p.sh <= 0) {
    return Invalid(
        absl::StrFormat("stride should be greater than zero, but got dH: %d dW: %d", p.sh, p.sw));
  }
  if (p.dh <= 0 || p.dw <= 0) {
    return Invalid(absl::StrFormat(
        "dilation should be greater than zero, but got dilationH: %d dilationW: %d", p.dh, p.dw));
  }
  const int64_t nd = in.dim();
  const bool valid_dims = in.sizes[nd - 3] != 0 && in.sizes[nd - 2] != 0;
  if (!((nd == 3 && in.sizes[0] != 0 && valid_dims) ||
        (nd == 4 && valid_dims && in.sizes[3] != 0))) {
    return Invalid(absl::StrFormat(
        "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but "
        "got:%s",
        ShapeToString(in.sizes)));
  }
  if (p.kw / 2 < p.pw || p.kh / 2 < p.ph) {
    return Invalid(absl::StrFormat(
        "pad should be smaller than or equal to half of kernel size, but got padW = %d, padH = %d, "
        "kW = %d, kH = %d",
        p.pw, p.ph, p.kw, p.kh));
  }
  const int64_t c = in.sizes[nd - 3], h = in.sizes[nd - 2], w = in.sizes[nd - 1];
  if (ow < 1 || oh < 1) {
    return Invalid(absl::StrFormat(
        "Given input size: (%dx%dx%d). Calculated output size: (%dx%dx%d). Output size is too "
        "small",
        c, h, w, c, oh, ow));
  }
  return absl::OkStatus();
}

Shape PooledSizes(const TensorMeta& in, int64_t oh, int64_t ow) {
  Shape out(in.sizes.begin(), in.sizes.end() - 2);
  out.push_back(oh);
  out.push_back(ow);
  return out;
}

// max_pool2d_with_indices(self, kernel_size, stride=[], padding=0,
// dilation=1, ceil_mode=False) -> (values, int64 flat indices per plane).
Metas MaxPool2dWithIndices(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(Pool2d p, ReadPool2d(a, "max_pool2d", true));
  if (in.dim() != 3 && in.dim() != 4) {
    return Invalid("non-empty 3D or 4D (batch mode) tensor expected for input");
  }
  const bool ceil = Bool(a, 5);
  const int64_t nd = in.dim();
  TC_ASSIGN_OR_RETURN(int64_t oh, PoolOutSize(in.sizes[nd - 2], p.kh, p.ph, p.sh, p.dh, ceil));
  TC_ASSIGN_OR_RETURN(int64_t ow, PoolOutSize(in.sizes[nd - 1], p.kw, p.pw, p.sw, p.dw, ceil));
  TC_RETURN_IF_ERROR(CheckPool2d(in, p, oh, ow));
  if (in.dtype == DType::kBool) return NotImplemented("max_pool2d", in.dtype);
  Shape out = PooledSizes(in, oh, ow);
  return std::vector<TensorMeta>{SuggestedLayoutOut(in.dtype, out, in.device, in),
                                 SuggestedLayoutOut(DType::kInt64, out, in.device, in)};
}

// avg_pool2d(self, kernel_size, stride=[], padding=0, ceil_mode=False,
// count_include_pad=True, divisor_override=None).
Metas AvgPool2d(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(Pool2d p, ReadPool2d(a, "avg_pool2d", false));
  if (!IsNone(a, 6) && Int(a, 6) == 0) return Invalid("divisor must be not zero");
  if (in.dim() < 3) {
    return Invalid(
        absl::StrFormat("Dimension out of range (expected to be in range of [%d, %d], but got -3)",
                        -std::max<int64_t>(in.dim(), 1), std::max<int64_t>(in.dim(), 1) - 1));
  }
  const bool ceil = Bool(a, 4);
  const int64_t nd = in.dim();
  TC_ASSIGN_OR_RETURN(int64_t oh, PoolOutSize(in.sizes[nd - 2], p.kh, p.ph, p.sh, 1, ceil));
  TC_ASSIGN_OR_RETURN(int64_t ow, PoolOutSize(in.sizes[nd - 1], p.kw, p.pw, p.sw, 1, ceil));
  TC_RETURN_IF_ERROR(CheckPool2d(in, p, oh, ow));
  if (!tensor::IsFloatingPoint(in.dtype) && in.dtype != DType::kInt64) {
    return NotImplemented("avg_pool2d", in.dtype);
  }
  return One(SuggestedLayoutOut(in.dtype, PooledSizes(in, oh, ow), in.device, in));
}

// The adaptive pools' checks on the input (`op` names the op as ATen does;
// the max pool's message has a colon after "got").
absl::Status CheckAdaptiveInput(const TensorMeta& in, const char* op, const char* got) {
  const int64_t nd = in.dim();
  if (nd != 3 && nd != 4) {
    return Invalid(absl::StrFormat("%s(): Expected 3D or 4D tensor, but got%s %s", op, got,
                                   ShapeToString(in.sizes)));
  }
  // The average pool checks the spatial dims only, the max pool every
  // non-batch dim.
  const bool max = std::string_view(op) == "adaptive_max_pool2d";
  for (int64_t i = max ? 1 : nd - 2; i < nd; ++i) {
    if (in.sizes[i] == 0) {
      return Invalid(absl::StrFormat(
          "%s(): Expected input to have non-zero size for non-batch dimensions, but input has "
          "sizes %s with dimension %d being empty",
          op, ShapeToString(in.sizes), i));
    }
  }
  return absl::OkStatus();
}

// _adaptive_avg_pool2d(self, output_size[2]).
Metas AdaptiveAvgPool2dCore(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  const Shape& os = IntList(a, 1);
  if (os.size() != 2) return Invalid("adaptive_avg_pool2d: output_size must be 2");
  TC_RETURN_IF_ERROR(CheckAdaptiveInput(in, "adaptive_avg_pool2d", ""));
  if (!tensor::IsFloatingPoint(in.dtype)) return NotImplemented("adaptive_avg_pool2d", in.dtype);
  return One(SuggestedLayoutOut(in.dtype, PooledSizes(in, os[0], os[1]), in.device, in));
}

// adaptive_max_pool2d(self, output_size[2]) -> (values, indices).
Metas AdaptiveMaxPool2d(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  const Shape& os = IntList(a, 1);
  TC_RETURN_IF_ERROR(CheckAdaptiveInput(in, "adaptive_max_pool2d", ":"));
  if (os.size() != 2) {
    return Invalid("adaptive_max_pool2d(): internal error: output_size.size() must be 2");
  }
  if (!tensor::IsFloatingPoint(in.dtype)) return NotImplemented("adaptive_max_pool2d", in.dtype);
  Shape out = PooledSizes(in, os[0], os[1]);
  return std::vector<TensorMeta>{SuggestedLayoutOut(in.dtype, out, in.device, in),
                                 SuggestedLayoutOut(DType::kInt64, out, in.device, in)};
}

// --- Composites ---------------------------------------------------------------

// adaptive_avg_pool2d: ATen's composite takes a 1x1 output as a mean.
Refs EmitAdaptiveAvgPool2d(Emitter& e, EmitRef x, const Shape& os) {
  if (os.size() != 2) return Invalid("adaptive_avg_pool2d: output_size must be 2");
  if (os[0] < 0 || os[1] < 0) {
    return Invalid(absl::StrFormat(
        "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but "
        "received {%d, %d}",
        os[0], os[1]));
  }
  if (os[0] == 1 && os[1] == 1) {
    TC_ASSIGN_OR_RETURN(EmitRef m, Emit1(e, "mean", {x, CList({-1, -2}), CBool(true), CNone()}));
    const TensorMeta in = e.Meta(x);
    if (tensor::SuggestMemoryFormat(in.sizes, in.strides) == tensor::MemoryFormat::kChannelsLast) {
      // ATen restrides the mean to {c, 1, c, c}, which is what a
      // channels_last copy of the N x C x 1 x 1 result has.
      TC_ASSIGN_OR_RETURN(m, Emit1(e, "clone", {m, Constant(std::string("channels_last"))}));
    }
    return std::vector<EmitRef>{m};
  }
  return EmitN(e, "_adaptive_avg_pool2d", {x, CList(os)});
}
Refs AdaptiveAvgPool2d(Emitter& e, EArgs a) {
  return EmitAdaptiveAvgPool2d(e, Ref(a, 0), IntList(a, 1));
}

Refs MaxPool2d(Emitter& e, EArgs a) {
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> r, EmitN(e, "max_pool2d_with_indices",
                                                    {Ref(a, 0), a[1], a[2], a[3], a[4], a[5]}));
  return std::vector<EmitRef>{r[0]};
}

// checkDimRange(op, self, 2, 4) and check1d(op, arg, list), ATen's words.
absl::Status Check1dPool(const TensorMeta& in, const char* op) {
  if (in.dim() < 2 || in.dim() >= 4) {
    return Invalid(absl::StrFormat(
        "Expected 2 to 3 dimensions, but got %d-dimensional tensor for argument #1 'self' (while "
        "checking arguments for %s)",
        in.dim(), op));
  }
  return absl::OkStatus();
}
absl::Status Check1dArg(const Shape& v, const char* op, const char* arg) {
  if (v.size() == 1) return absl::OkStatus();
  return Invalid(
      absl::StrFormat("%s() argument '%s' should contain one int (got %d)", op, arg, v.size()));
}

// The rank check and the one-int checks of kernel_size, stride (an empty
// stride is the kernel's), padding and (`lists` == 4) dilation.
absl::Status Check1dArgs(Emitter& e, EArgs a, const char* op, int lists) {
  TC_RETURN_IF_ERROR(Check1dPool(e.Meta(Ref(a, 0)), op));
  static constexpr const char* kNames[] = {"kernel_size", "stride", "padding", "dilation"};
  for (int i = 0; i < lists; ++i) {
    const Shape& v = IntList(a, 1 + i);
    if (!(i == 1 && v.empty())) TC_RETURN_IF_ERROR(Check1dArg(v, op, kNames[i]));
  }
  return absl::OkStatus();
}

// Runs the 1-d pool as a 2-d one over [.., 1, L] and drops the height.
Refs Via2d(Emitter& e, EmitRef x, const char* op, std::vector<EmitArg> rest, size_t keep) {
  TC_ASSIGN_OR_RETURN(EmitRef x4, Emit1(e, "unsqueeze", {x, CInt(-2)}));
  rest.insert(rest.begin(), x4);
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> outs, EmitN(e, op, std::move(rest)));
  std::vector<EmitRef> r;
  for (size_t i = 0; i < keep; ++i) {
    TC_ASSIGN_OR_RETURN(EmitRef o, Emit1(e, "squeeze", {outs[i], CList({-2})}));
    r.push_back(o);
  }
  return r;
}

// max_pool1d_with_indices(self, kernel_size, stride=[], padding=0,
// dilation=1, ceil_mode=False).
Refs MaxPool1dWithIndices(Emitter& e, EArgs a) {
  const Shape& k = IntList(a, 1);
  Shape s = IntList(a, 2).empty() ? k : IntList(a, 2);
  TC_RETURN_IF_ERROR(Check1dArgs(e, a, "max_pool1d", 4));
  return Via2d(e, Ref(a, 0), "max_pool2d_with_indices",
               {CList({1, k[0]}), CList({1, s[0]}), CList({0, IntList(a, 3)[0]}),
                CList({1, IntList(a, 4)[0]}), a[5]},
               2);
}

// max_pool1d without indices: ATen's own checks (check_max_pool1d).
Refs MaxPool1d(Emitter& e, EArgs a) {
  const TensorMeta in = e.Meta(Ref(a, 0));
  const Shape& k = IntList(a, 1);
  const Shape& s0 = IntList(a, 2);
  const Shape& p = IntList(a, 3);
  const Shape& d = IntList(a, 4);
  if (in.dim() != 2 && in.dim() != 3) {
    return Invalid(absl::StrFormat(
        "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
        "input, but got:%s",
        ShapeToString(in.sizes)));
  }
  if (k.size() != 1) {
    return Invalid(absl::StrFormat(
        "max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but got "
        "size %d",
        k.size()));
  }
  if (s0.size() > 1) {
    return Invalid(absl::StrFormat(
        "max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 but "
        "got size %d",
        s0.size()));
  }
  if (p.size() != 1) {
    return Invalid(absl::StrFormat(
        "max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but got "
        "size %d",
        p.size()));
  }
  if (d.size() != 1) {
    return Invalid(absl::StrFormat(
        "max_pool1d() dilation must be an int, list of ints or tuple of ints of size 1 but got "
        "size %d",
        d.size()));
  }
  const int64_t s = s0.empty() ? k[0] : s0[0];
  if (k[0] <= 0) {
    return Invalid(
        absl::StrFormat("max_pool1d() kernel_size must be greater than zero, but got %d", k[0]));
  }
  if (s <= 0) {
    return Invalid(absl::StrFormat("max_pool1d() stride must be greater than zero, but got %d", s));
  }
  if (p[0] < 0) {
    return Invalid(absl::StrFormat("max_pool1d() padding must be non-negative, but got %d", p[0]));
  }
  if (p[0] > k[0] / 2) {
    return Invalid(absl::StrFormat(
        "max_pool1d() padding should be at most half of kernel size, but got padding=%d and "
        "kernel_size=%d",
        p[0], k[0]));
  }
  if (d[0] <= 0) {
    return Invalid(
        absl::StrFormat("max_pool1d() dilation must be greater than zero, but got %d", d[0]));
  }
  TC_ASSIGN_OR_RETURN(int64_t ow, PoolOutSize(in.sizes.back(), k[0], p[0], s, d[0], Bool(a, 5)));
  if (ow <= 0) return Invalid(absl::StrFormat("max_pool1d() Invalid computed output size: %d", ow));
  return Via2d(e, Ref(a, 0), "max_pool2d_with_indices",
               {CList({1, k[0]}), CList({1, s}), CList({0, p[0]}), CList({1, d[0]}), a[5]}, 1);
}

// avg_pool1d(self, kernel_size, stride=[], padding=0, ceil_mode=False,
// count_include_pad=True).
Refs AvgPool1d(Emitter& e, EArgs a) {
  const Shape& k = IntList(a, 1);
  Shape s = IntList(a, 2).empty() ? k : IntList(a, 2);
  TC_RETURN_IF_ERROR(Check1dArgs(e, a, "avg_pool1d", 3));
  return Via2d(
      e, Ref(a, 0), "avg_pool2d",
      {CList({1, k[0]}), CList({1, s[0]}), CList({0, IntList(a, 3)[0]}), a[4], a[5], CNone()}, 1);
}

Refs AdaptiveAvgPool1d(Emitter& e, EArgs a) {
  TC_RETURN_IF_ERROR(Check1dPool(e.Meta(Ref(a, 0)), "adaptive_avg_pool1d"));
  TC_RETURN_IF_ERROR(Check1dArg(IntList(a, 1), "adaptive_avg_pool1d", "output_size"));
  TC_ASSIGN_OR_RETURN(EmitRef x4, Emit1(e, "unsqueeze", {Ref(a, 0), CInt(-2)}));
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> r,
                      EmitAdaptiveAvgPool2d(e, x4, Shape{1, IntList(a, 1)[0]}));
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "squeeze", {r[0], CList({-2})}));
  return std::vector<EmitRef>{out};
}
Refs AdaptiveMaxPool1d(Emitter& e, EArgs a) {
  TC_RETURN_IF_ERROR(Check1dPool(e.Meta(Ref(a, 0)), "adaptive_max_pool1d"));
  TC_RETURN_IF_ERROR(Check1dArg(IntList(a, 1), "adaptive_max_pool1d", "output_size"));
  return Via2d(e, Ref(a, 0), "adaptive_max_pool2d", {CList({1, IntList(a, 1)[0]})}, 2);
}

std::vector<ArgSpec> MaxPoolArgs() {
  return {Req("self", kT),
          Req("kernel_size", kIL),
          Def("stride", kIL, Shape{}),
          Def("padding", kIL, Shape{0}),
          Def("dilation", kIL, Shape{1}),
          Def("ceil_mode", ArgType::kBool, Scalar(false))};
}
std::vector<ArgSpec> AvgPoolArgs(bool divisor) {
  std::vector<ArgSpec> r = {Req("self", kT),
                            Req("kernel_size", kIL),
                            Def("stride", kIL, Shape{}),
                            Def("padding", kIL, Shape{0}),
                            Def("ceil_mode", ArgType::kBool, Scalar(false)),
                            Def("count_include_pad", ArgType::kBool, Scalar(true))};
  if (divisor) r.push_back(Opt("divisor_override", ArgType::kInt));
  return r;
}

OpDef Extern(std::string name, std::vector<ArgSpec> args, MetaFn meta, int outputs = 1) {
  return OpDef{std::move(name), std::move(args), OpCategory::kExtern, outputs, meta};
}

}  // namespace

void AddPoolOps(std::vector<OpDef>& ops) {
  ops.push_back(Extern("max_pool2d_with_indices", MaxPoolArgs(), &MaxPool2dWithIndices, 2));
  ops.push_back(Extern("avg_pool2d", AvgPoolArgs(true), &AvgPool2d));
  ops.push_back(Extern("_adaptive_avg_pool2d", {Req("self", kT), Req("output_size", kIL)},
                       &AdaptiveAvgPool2dCore));
  ops.push_back(Extern("adaptive_max_pool2d", {Req("self", kT), Req("output_size", kIL)},
                       &AdaptiveMaxPool2d, 2));
  ops.push_back(Composite<&MaxPool2d>("max_pool2d", MaxPoolArgs()));
  ops.push_back(Composite<&MaxPool1d>("max_pool1d", MaxPoolArgs()));
  ops.push_back(Composite<&MaxPool1dWithIndices>("max_pool1d_with_indices", MaxPoolArgs(), 2));
  ops.push_back(Composite<&AvgPool1d>("avg_pool1d", AvgPoolArgs(false)));
  ops.push_back(Composite<&AdaptiveAvgPool2d>("adaptive_avg_pool2d",
                                              {Req("self", kT), Req("output_size", kIL)}));
  ops.push_back(Composite<&AdaptiveAvgPool1d>("adaptive_avg_pool1d",
                                              {Req("self", kT), Req("output_size", kIL)}));
  ops.push_back(Composite<&AdaptiveMaxPool1d>("adaptive_max_pool1d",
                                              {Req("self", kT), Req("output_size", kIL)}, 2));
}

}  // namespace tc::graph_ir::internal
