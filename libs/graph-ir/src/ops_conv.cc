// Convolutions: the core `convolution` op (extern: an im2col + GEMM library
// call in codegen) with ATen's checks and words, and the torch-level
// conv1d/2d/3d and conv_transpose1d/2d composites that ATen decomposes into
// it (unbatched inputs gain and lose the batch dim around it).
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::ShapeToString;
constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kIL = ArgType::kIntList;

// ATen's expand_param_if_needed: one value serves every spatial dim.
absl::StatusOr<Shape> ExpandParam(const Shape& v, const char* name, int64_t dims) {
  if (v.size() == 1) return Shape(dims, v[0]);
  if (static_cast<int64_t>(v.size()) != dims) {
    return Invalid(absl::StrFormat(
        "expected %s to be a single integer value or a list of %d values to match the convolution "
        "dimensions, but got %s=%s",
        name, dims, name, ShapeToString(v)));
  }
  return v;
}

bool AnyBelow(const Shape& v, int64_t bound) {
  for (int64_t x : v) {
    if (x < bound) return true;
  }
  return false;
}

struct ConvParams {
  Shape stride, padding, dilation, output_padding;
  bool transposed = false;
  int64_t groups = 1;
};

// check_shape_forward's checks on the ranks, channels, groups and bias.
absl::Status CheckShapes(const TensorMeta& in, const TensorMeta& w, const TensorMeta* bias,
                         const ConvParams& p) {
  if (AnyBelow(p.padding, 0)) return Invalid("negative padding is not supported");
  if (AnyBelow(p.output_padding, 0)) return Invalid("negative output_padding is not supported");
  if (AnyBelow(p.stride, 1)) return Invalid("non-positive stride is not supported");
  if (AnyBelow(p.dilation, 1)) return Invalid("non-positive dilation is not supported");
  const std::string ws = ShapeToString(w.sizes);
  if (w.dim() != in.dim()) {
    return Invalid(absl::StrFormat(
        "Expected %d-dimensional input for %d-dimensional weight %s, but got %d-dimensional input "
        "of size %s instead",
        w.dim(), w.dim(), ws, in.dim(), ShapeToString(in.sizes)));
  }
  if (w.sizes[0] < p.groups) {
    return Invalid(absl::StrFormat(
        "Given groups=%d, expected weight to be at least %d at dimension 0, but got weight of size "
        "%s instead",
        p.groups, p.groups, ws));
  }
  if (w.sizes[0] % p.groups != 0) {
    return Invalid(absl::StrFormat(
        "Given groups=%d, expected weight to be divisible by %d at dimension 0, but got weight of "
        "size [%s] instead",
        p.groups, p.groups, ws));
  }
  const std::string is = ShapeToString(in.sizes);
  if (p.transposed) {
    if (in.sizes[1] != w.sizes[0]) {
      return Invalid(absl::StrFormat(
          "Given transposed=1, weight of size %s, expected input%s to have %d channels, but got %d "
          "channels instead",
          ws, is, w.sizes[0], in.sizes[1]));
    }
    const int64_t out_ch = w.sizes[1] * p.groups;
    if (bias && (bias->dim() != 1 || bias->sizes[0] != out_ch)) {
      return Invalid(absl::StrFormat(
          "Given transposed=1, weight of size %s, expected bias to be 1-dimensional with %d "
          "elements, but got bias of size %s instead",
          ws, out_ch, ShapeToString(bias->sizes)));
    }
    return absl::OkStatus();
  }
  if (in.sizes[1] != w.sizes[1] * p.groups) {
    return Invalid(absl::StrFormat(
        "Given groups=%d, weight of size %s, expected input%s to have %d channels, but got %d "
        "channels instead",
        p.groups, ws, is, w.sizes[1] * p.groups, in.sizes[1]));
  }
  if (bias && (bias->dim() != 1 || bias->sizes[0] != w.sizes[0])) {
    return Invalid(absl::StrFormat(
        "Given weight of size %s, expected bias to be 1-dimensional with %d elements, but got bias "
        "of size %s instead",
        ws, w.sizes[0], ShapeToString(bias->sizes)));
  }
  std::vector<int64_t> padded, kernel;
  bool fits = true;
  for (int64_t i = 2; i < in.dim(); ++i) {
    padded.push_back(in.sizes[i] + 2 * p.padding[i - 2]);
    kernel.push_back(p.dilation[i - 2] * (w.sizes[i] - 1) + 1);
    fits = fits && padded.back() >= kernel.back();
  }
  if (!fits) {
    return Invalid(absl::StrFormat(
        "Calculated padded input size per channel: (%s). Kernel size: (%s). Kernel size can't be "
        "greater than actual input size",
        absl::StrJoin(padded, " x "), absl::StrJoin(kernel, " x ")));
  }
  return absl::OkStatus();
}

// Whether ATen would run this convolution on oneDNN (ConvParams::use_mkldnn
// for one thread, as the goldens run), whose dtype check words differ.
bool UsesMkldnn(const TensorMeta& in, const TensorMeta& w, const ConvParams& p) {
  if (in.dtype == DType::kFloat16 || in.dtype == DType::kBFloat16) return true;
  if (in.dtype != DType::kFloat32) return false;
  bool strided = false, dilated = false, one_by_one = true;
  for (size_t i = 0; i < p.stride.size(); ++i) {
    strided = strided || p.stride[i] != 1;
    dilated = dilated || p.dilation[i] != 1;
  }
  const int64_t nd = w.dim();
  one_by_one = w.sizes[nd - 1] == 1 && (nd < 4 || w.sizes[nd - 2] == 1);
  const bool big_kernel = w.sizes[nd - 1] > 3 && nd >= 4 && w.sizes[nd - 2] > 3;
  return (strided || dilated || in.sizes[0] >= 16 || !one_by_one) &&
         (p.groups > 1 || big_kernel || in.sizes[0] > 1 ||
          (in.dim() == 5 ? in.numel() / std::max<int64_t>(in.sizes[4], 1) : in.numel()) > 20480);
}

// The backend's dtype checks: weight as input, which dtypes it computes.
absl::Status CheckDTypes(const TensorMeta& in, const TensorMeta& w, const ConvParams& p) {
  if (in.dtype != w.dtype) {
    if (UsesMkldnn(in, w, p)) {
      return Invalid(absl::StrFormat(
          "Input type (%s) and weight type (%s) should be the same or input should be a MKLDNN "
          "tensor and weight is a dense tensor",
          LegacyTensorTypeName(in.dtype), LegacyTensorTypeName(w.dtype)));
    }
    return Invalid(absl::StrFormat("expected scalar type %s but found %s", ScalarTypeName(in.dtype),
                                   ScalarTypeName(w.dtype)));
  }
  const int64_t spatial = in.dim() - 2;
  if (p.transposed && !tensor::IsFloatingPoint(in.dtype) && in.dtype != DType::kInt64) {
    return NotImplemented(
        spatial == 3 ? "slow_conv_transpose3d_out_cpu" : "slow_conv_transpose2d_out_cpu", in.dtype);
  }
  if (in.dtype == DType::kBool) {
    return NotImplemented(spatial == 3 ? "slow_conv3d_cpu" : "slow_conv2d_cpu", in.dtype);
  }
  return absl::OkStatus();
}

// slow_conv_transpose2d's check, worded for two dims (a 1-d convolution
// runs as a 2-d one of height 1).
absl::Status CheckOutputPadding(const ConvParams& p) {
  const size_t n = p.stride.size();
  bool ok = true;
  for (size_t i = 0; i < n; ++i) {
    ok = ok && (p.output_padding[i] < p.stride[i] || p.output_padding[i] < p.dilation[i]);
  }
  if (ok) return absl::OkStatus();
  auto at = [&](const Shape& v, int64_t fill, size_t i) {
    return n == 1 ? (i == 0 ? fill : v[0]) : v[i];
  };
  return Invalid(absl::StrFormat(
      "output padding must be smaller than either stride or dilation, but got "
      "output_padding_height: %d output_padding_width: %d stride_height: %d stride_width: %d "
      "dilation_height: %d dilation_width: %d",
      at(p.output_padding, 0, 0), at(p.output_padding, 0, 1), at(p.stride, 1, 0),
      at(p.stride, 1, 1), at(p.dilation, 1, 0), at(p.dilation, 1, 1)));
}

// convolution(input, weight, bias?, stride, padding, dilation, transposed,
// output_padding, groups): batched input [N, C, *spatial].
Metas Convolution(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  const TensorMeta& w = Tensor(a, 1);
  const TensorMeta* bias = IsTensor(a, 2) ? &Tensor(a, 2) : nullptr;
  if (w.dim() < 3) return Invalid("weight should have at least three dimensions");
  ConvParams p;
  p.groups = Int(a, 8);
  p.transposed = Bool(a, 6);
  if (p.groups <= 0) return Invalid("non-positive groups is not supported");
  const int64_t dims = w.dim() - 2;
  TC_ASSIGN_OR_RETURN(p.stride, ExpandParam(IntList(a, 3), "stride", dims));
  TC_ASSIGN_OR_RETURN(p.padding, ExpandParam(IntList(a, 4), "padding", dims));
  TC_ASSIGN_OR_RETURN(p.dilation, ExpandParam(IntList(a, 5), "dilation", dims));
  TC_ASSIGN_OR_RETURN(p.output_padding, ExpandParam(IntList(a, 7), "output_padding", dims));
  TC_RETURN_IF_ERROR(CheckShapes(in, w, bias, p));
  TC_RETURN_IF_ERROR(CheckDTypes(in, w, p));
  if (dims > 3) return Invalid("only 1-, 2- and 3-dimensional convolutions are supported");
  Shape out = {in.sizes[0], p.transposed ? w.sizes[1] * p.groups : w.sizes[0]};
  bool positive = true;
  for (int64_t i = 0; i < dims; ++i) {
    const int64_t k = p.dilation[i] * (w.sizes[i + 2] - 1);
    const int64_t size =
        p.transposed
            ? (in.sizes[i + 2] - 1) * p.stride[i] - 2 * p.padding[i] + k + p.output_padding[i] + 1
            : (in.sizes[i + 2] + 2 * p.padding[i] - k - 1) / p.stride[i] + 1;
    positive = positive && size > 0;
    out.push_back(size);
  }
  if (p.transposed) {
    TC_RETURN_IF_ERROR(CheckOutputPadding(p));
    if (!positive) {
      return Invalid(absl::StrFormat(
          "Given input size per channel: (%s). Calculated output size per channel: (%s). Output "
          "size is too small",
          absl::StrJoin(in.sizes.begin() + 2, in.sizes.end(), " x "),
          absl::StrJoin(out.begin() + 2, out.end(), " x ")));
    }
  }
  // PyTorch's CPU convolution answers in channels_last when the input or
  // the weight is laid out so.
  const TensorMeta& like =
      tensor::SuggestMemoryFormat(in.sizes, in.strides) == tensor::MemoryFormat::kContiguous ? w
                                                                                             : in;
  return One(SuggestedLayoutOut(in.dtype, out, in.device, like));
}

// conv{1,2,3}d and conv_transpose{1,2}d: an unbatched input (rank dims+1)
// runs as a batch of one.
Refs ConvNd(Emitter& e, EArgs a, int64_t dims, bool transposed, const char* name) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  if (!IsNone(a, 2) && e.Meta(Ref(a, 2)).dtype != in.dtype) {
    return Invalid(absl::StrFormat("Input type (%s) and bias type (%s) should be the same",
                                   CTypeName(in.dtype), CTypeName(e.Meta(Ref(a, 2)).dtype)));
  }
  if (in.dim() != dims + 1 && in.dim() != dims + 2) {
    return Invalid(
        absl::StrFormat("Expected %dD (unbatched) or %dD (batched) input to %s, but got input of "
                        "size: %s",
                        dims + 1, dims + 2, name, ShapeToString(in.sizes)));
  }
  const bool unbatched = in.dim() == dims + 1;
  if (unbatched) {
    TC_ASSIGN_OR_RETURN(x, Emit1(e, "unsqueeze", {x, CInt(0)}));
  }
  // Argument order: conv: stride, padding, dilation, groups; transposed:
  // stride, padding, output_padding, groups, dilation.
  EmitArg stride = a[3], padding = a[4];
  EmitArg dilation = transposed ? a[7] : a[5];
  EmitArg output_padding = transposed ? a[5] : CList({0});
  TC_ASSIGN_OR_RETURN(EmitRef out, Emit1(e, "convolution",
                                         {x, Ref(a, 1), a[2], stride, padding, dilation,
                                          CBool(transposed), output_padding, a[6]}));
  if (unbatched) {
    TC_ASSIGN_OR_RETURN(out, Emit1(e, "squeeze", {out, CList({0})}));
  }
  return std::vector<EmitRef>{out};
}

Refs Conv1d(Emitter& e, EArgs a) { return ConvNd(e, a, 1, false, "conv1d"); }
Refs Conv2d(Emitter& e, EArgs a) { return ConvNd(e, a, 2, false, "conv2d"); }
Refs Conv3d(Emitter& e, EArgs a) { return ConvNd(e, a, 3, false, "conv3d"); }
Refs ConvTranspose1d(Emitter& e, EArgs a) { return ConvNd(e, a, 1, true, "conv_transpose1d"); }
Refs ConvTranspose2d(Emitter& e, EArgs a) { return ConvNd(e, a, 2, true, "conv_transpose2d"); }

// conv: (input, weight, bias, stride, padding, dilation, groups);
// transposed: (..., padding, output_padding, groups, dilation).
std::vector<ArgSpec> ConvArgs(bool transposed) {
  std::vector<ArgSpec> r = {Req("input", kT), Req("weight", kT), Opt("bias", kT),
                            Def("stride", kIL, Shape{1}), Def("padding", kIL, Shape{0})};
  if (transposed) r.push_back(Def("output_padding", kIL, Shape{0}));
  if (!transposed) r.push_back(Def("dilation", kIL, Shape{1}));
  r.push_back(Def("groups", ArgType::kInt, Scalar(1)));
  if (transposed) r.push_back(Def("dilation", kIL, Shape{1}));
  return r;
}

}  // namespace

void AddConvOps(std::vector<OpDef>& ops) {
  ops.push_back(OpDef{"convolution",
                      {Req("input", kT), Req("weight", kT), Opt("bias", kT), Req("stride", kIL),
                       Req("padding", kIL), Req("dilation", kIL), Req("transposed", ArgType::kBool),
                       Req("output_padding", kIL), Req("groups", ArgType::kInt)},
                      OpCategory::kExtern,
                      1,
                      &Convolution});
  ops.push_back(Composite<&Conv1d>("conv1d", ConvArgs(false)));
  ops.push_back(Composite<&Conv2d>("conv2d", ConvArgs(false)));
  ops.push_back(Composite<&Conv3d>("conv3d", ConvArgs(false)));
  ops.push_back(Composite<&ConvTranspose1d>("conv_transpose1d", ConvArgs(true)));
  ops.push_back(Composite<&ConvTranspose2d>("conv_transpose2d", ConvArgs(true)));
}

}  // namespace tc::graph_ir::internal
