// Sliding-block ops: im2col and col2im (category extern; what
// torch.nn.functional's unfold and fold call) with ATen's
// im2col_shape_check / col2im_shape_check words, and Tensor.unfold
// (category view: a window dimension appended, as ATen's strided view).
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

// ATen's sliding_window_count: the span left after one window, divided
// rounding down (stride > 0 here), plus that window.
int64_t Windows(int64_t in, int64_t pad, int64_t dilation, int64_t kernel, int64_t stride) {
  const int64_t span = in + 2 * pad - (dilation * (kernel - 1) + 1);
  return (span >= 0 ? span / stride : -((stride - 1 - span) / stride)) + 1;
}

// The (height, width) pairs of the block parameters, in ATen's order.
struct Blocks {
  int64_t kh, kw, dh, dw, ph, pw, sh, sw;
};

absl::StatusOr<Blocks> ReadBlocks(Args a, size_t first) {
  static constexpr const char* kNames[] = {"kernel_size", "dilation", "padding", "stride"};
  int64_t v[8];
  for (size_t i = 0; i < 4; ++i) {
    const Shape& s = IntList(a, first + i);
    if (s.size() != 2) {
      return Invalid(
          absl::StrFormat("It is expected %s equals to 2, but got size %d", kNames[i], s.size()));
    }
    v[2 * i] = s[0];
    v[2 * i + 1] = s[1];
  }
  return Blocks{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
}

// The parameter checks both shape checks start with (im2col checks stride
// last, col2im second).
absl::Status CheckBlocks(const Blocks& b, bool stride_first) {
  auto stride = [&]() -> absl::Status {
    if (b.sw > 0 && b.sh > 0) return absl::OkStatus();
    return Invalid(absl::StrFormat(
        "stride should be greater than zero, but got stride_height: %d stride_width: %d", b.sh,
        b.sw));
  };
  if (b.kw <= 0 || b.kh <= 0) {
    return Invalid(absl::StrFormat(
        "kernel size should be greater than zero, but got kernel_height: %d kernel_width: %d", b.kh,
        b.kw));
  }
  if (stride_first) TC_RETURN_IF_ERROR(stride());
  if (b.dw <= 0 || b.dh <= 0) {
    return Invalid(absl::StrFormat(
        "dilation should be greater than zero, but got dilation_height: %d dilation_width: %d",
        b.dh, b.dw));
  }
  if (b.pw < 0 || b.ph < 0) {
    return Invalid(absl::StrFormat(
        "padding should be non-negative, but got pad_height: %d pad_width: %d", b.ph, b.pw));
  }
  if (!stride_first) TC_RETURN_IF_ERROR(stride());
  return absl::OkStatus();
}

std::string BlockText(const Blocks& b) {
  return absl::StrFormat("kernel_size=(%d, %d), dilation=(%d, %d), padding=(%d, %d)", b.kh, b.kw,
                         b.dh, b.dw, b.ph, b.pw);
}

// im2col(self, kernel_size, dilation, padding, stride): [N, C, H, W] (or
// unbatched [C, H, W]) -> [N, C * kh * kw, L].
Metas Im2Col(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_ASSIGN_OR_RETURN(const Blocks b, ReadBlocks(a, 1));
  TC_RETURN_IF_ERROR(CheckBlocks(b, false));
  const int64_t nd = in.dim();
  // ATen reads sizes 1 and 2 before its rank check (an IndexError).
  TC_RETURN_IF_ERROR(tensor::WrapDim(1, nd).status());
  TC_RETURN_IF_ERROR(tensor::WrapDim(2, nd).status());
  const bool valid = nd >= 3 && in.sizes[1] != 0 && in.sizes[2] != 0;
  if (!((nd == 3 && in.sizes[0] != 0 && valid) || (nd == 4 && valid && in.sizes[3] != 0))) {
    return Invalid(absl::StrFormat(
        "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
        "dimensions for input, but got: %s",
        tensor::ShapeToString(in.sizes)));
  }
  const int64_t h = in.sizes[nd - 2], w = in.sizes[nd - 1], c = in.sizes[nd - 3];
  const int64_t oh = Windows(h, b.ph, b.dh, b.kh, b.sh), ow = Windows(w, b.pw, b.dw, b.kw, b.sw);
  if (oh < 1 || ow < 1) {
    return Invalid(absl::StrFormat(
        "Given input with spatial size (%d, %d), %s, calculated shape of the array of sliding "
        "blocks as (%d, %d), but its components must be at least one.",
        h, w, BlockText(b), oh, ow));
  }
  if (!tensor::IsFloatingPoint(in.dtype)) return NotImplemented("im2col_out_cpu", in.dtype);
  Shape out = {c * b.kh * b.kw, oh * ow};
  if (nd == 4) out.insert(out.begin(), in.sizes[0]);
  return One(Contig(in.dtype, out, in.device));
}

// col2im(self, output_size, kernel_size, dilation, padding, stride):
// [N, C * kh * kw, L] (or unbatched) -> [N, C, H, W], overlaps summed.
Metas Col2Im(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  const Shape& os = IntList(a, 1);
  if (os.size() != 2) {
    return Invalid(
        absl::StrFormat("It is expected output_size equals to 2, but got size %d", os.size()));
  }
  TC_ASSIGN_OR_RETURN(const Blocks b, ReadBlocks(a, 2));
  TC_RETURN_IF_ERROR(CheckBlocks(b, true));
  const int64_t nd = in.dim();
  if (!((nd == 2 && in.sizes[0] != 0 && in.sizes[1] != 0) ||
        (nd == 3 && in.sizes[1] != 0 && in.sizes[2] != 0))) {
    return Invalid(absl::StrFormat(
        "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero "
        "dimensions for input, but got: %s",
        tensor::ShapeToString(in.sizes)));
  }
  const int64_t planes = in.sizes[nd - 2], length = in.sizes[nd - 1];
  if (planes % (b.kw * b.kh) != 0) {
    return Invalid(absl::StrFormat(
        "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but "
        "got input.size(1)=%d and kernel_size=(%d, %d).",
        planes, b.kh, b.kw));
  }
  const int64_t bh = Windows(os[0], b.ph, b.dh, b.kh, b.sh);
  const int64_t bw = Windows(os[1], b.pw, b.dw, b.kw, b.sw);
  const std::string given = absl::StrFormat("Given output_size=(%d, %d), %s, stride=(%d, %d), ",
                                            os[0], os[1], BlockText(b), b.sh, b.sw);
  if (length != bh * bw) {
    return Invalid(absl::StrFormat(
        "%sexpected size of input's dimension 2 to match the calculated number of sliding blocks "
        "%d * %d = %d, but got input.size(2)=%d.",
        given, bh, bw, bh * bw, length));
  }
  if (bh < 1 || bw < 1) {
    return Invalid(absl::StrFormat(
        "%scalculated shape of the array of sliding blocks as (%d, %d), which is too small "
        "(non-positive)",
        given, bh, bw));
  }
  if (os[1] < 1 || os[0] < 1) {
    return Invalid(absl::StrFormat(
        "Expected output spatial size to be positive, but got: output_size=(%d, %d).", os[0],
        os[1]));
  }
  if (!tensor::IsFloatingPoint(in.dtype)) return NotImplemented("col2im_out_cpu", in.dtype);
  Shape out = {planes / (b.kh * b.kw), os[0], os[1]};
  if (nd == 3) out.insert(out.begin(), in.sizes[0]);
  return One(Contig(in.dtype, out, in.device));
}

// unfold(self, dimension, size, step): windows of `size` every `step`
// along `dimension` as a new last dim (a view).
Metas Unfold(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  const int64_t nd = in.dim();
  TC_ASSIGN_OR_RETURN(const int64_t d, tensor::WrapDim(Int(a, 1), std::max<int64_t>(nd, 1)));
  const int64_t size = Int(a, 2), step = Int(a, 3);
  const int64_t max_size = nd == 0 ? 1 : in.sizes[d];
  if (size > max_size) {
    return Invalid(absl::StrFormat("maximum size for tensor at dimension %d is %d but size is %d",
                                   d, max_size, size));
  }
  if (size < 0) return Invalid(absl::StrFormat("size is %d but must be >= 0", size));
  if (step <= 0) return Invalid(absl::StrFormat("step is %d but must be > 0", step));
  Shape sizes = in.sizes, strides = in.strides;
  sizes.push_back(size);
  strides.push_back(nd == 0 ? 1 : in.strides[d]);
  if (d < nd) {
    sizes[d] = (sizes[d] - size) / step + 1;
    strides[d] *= step;
  }
  return One(TensorMeta{in.dtype, std::move(sizes), std::move(strides), in.device});
}

OpDef Make(std::string name, std::vector<ArgSpec> args, OpCategory category, MetaFn meta) {
  return OpDef{std::move(name), std::move(args), category, 1, meta};
}

}  // namespace

void AddFoldOps(std::vector<OpDef>& ops) {
  ops.push_back(Make("im2col",
                     {Req("self", ArgType::kTensor), Req("kernel_size", ArgType::kIntList),
                      Req("dilation", ArgType::kIntList), Req("padding", ArgType::kIntList),
                      Req("stride", ArgType::kIntList)},
                     OpCategory::kExtern, &Im2Col));
  ops.push_back(Make("col2im",
                     {Req("self", ArgType::kTensor), Req("output_size", ArgType::kIntList),
                      Req("kernel_size", ArgType::kIntList), Req("dilation", ArgType::kIntList),
                      Req("padding", ArgType::kIntList), Req("stride", ArgType::kIntList)},
                     OpCategory::kExtern, &Col2Im));
  ops.push_back(Make("unfold",
                     {Req("self", ArgType::kTensor), Req("dimension", ArgType::kInt),
                      Req("size", ArgType::kInt), Req("step", ArgType::kInt)},
                     OpCategory::kView, &Unfold));
}

}  // namespace tc::graph_ir::internal
