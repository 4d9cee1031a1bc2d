// Composite ops of torch.nn.functional's pad and pixel_shuffle /
// pixel_unshuffle. pad works one padded dim at a time, each a cat of the
// input (narrowed where a pad is negative) between its two borders: `full`
// blocks (constant), flipped slices (reflect), expanded edge slices
// (replicate) or the opposite end (circular); every mode is separable per
// dim, so this equals ATen's kernels element for element. pixel_shuffle is
// reshape, permute, contiguous copy, reshape, as ATen's.
#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "composite_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kI = ArgType::kInt;

Refs Out(RefOr r) {
  if (!r.ok()) return r.status();
  return std::vector<EmitRef>{*r};
}

enum class PadMode { kConstant, kReflect, kReplicate, kCircular };

absl::StatusOr<PadMode> ParseMode(const std::string& mode) {
  if (mode == "constant") return PadMode::kConstant;
  if (mode == "reflect") return PadMode::kReflect;
  if (mode == "replicate") return PadMode::kReplicate;
  if (mode == "circular") return PadMode::kCircular;
  // NotFound reads as NotImplementedError at the torch level, as in PyTorch.
  return absl::NotFoundError("Unrecognised padding mode " + mode);
}

// The two borders of `x` along `dim` for pads `lo`, `hi` (both >= 0), or
// an error in ATen's words.
absl::StatusOr<std::vector<EmitRef>> Borders(Emitter& e, EmitRef x, int64_t dim, int64_t lo,
                                             int64_t hi, PadMode mode, const Scalar& value) {
  const TensorMeta m = e.Meta(x);
  const int64_t n = m.sizes[dim];
  std::vector<EmitRef> parts;
  auto block = [&](int64_t len) -> RefOr {
    Shape s = m.sizes;
    s[dim] = len;
    return Emit1(e, "full", {CList(s), CNum(value), CDType(m.dtype)});
  };
  auto slice = [&](int64_t a, int64_t b) {
    return Emit1(e, "slice", {x, CInt(dim), CInt(a), CInt(b)});
  };
  for (int side = 0; side < 2; ++side) {
    const int64_t p = side == 0 ? lo : hi;
    if (p == 0) continue;
    switch (mode) {
      case PadMode::kConstant: {
        TC_ASSIGN_OR_RETURN(EmitRef b, block(p));
        parts.push_back(b);
        break;
      }
      case PadMode::kReflect: {
        TC_ASSIGN_OR_RETURN(EmitRef s, side == 0 ? slice(1, p + 1) : slice(n - 1 - p, n - 1));
        TC_ASSIGN_OR_RETURN(EmitRef f, Emit1(e, "flip", {s, CList({dim})}));
        parts.push_back(f);
        break;
      }
      case PadMode::kReplicate: {
        TC_ASSIGN_OR_RETURN(EmitRef s, side == 0 ? slice(0, 1) : slice(n - 1, n));
        Shape sz = m.sizes;
        sz[dim] = p;
        TC_ASSIGN_OR_RETURN(EmitRef b, Emit1(e, "expand", {s, CList(sz)}));
        parts.push_back(b);
        break;
      }
      case PadMode::kCircular: {
        TC_ASSIGN_OR_RETURN(EmitRef s, side == 0 ? slice(n - p, n) : slice(0, p));
        parts.push_back(s);
        break;
      }
    }
  }
  return parts;
}

absl::Status CheckNonConstant(const TensorMeta& in, size_t pad_len, PadMode mode,
                              const Shape& pad) {
  const int64_t k = static_cast<int64_t>(pad_len / 2);
  const int64_t d = in.dim();
  if (!((k == 1 && (d == 2 || d == 3)) || (k == 2 && (d == 3 || d == 4)) ||
        (k == 3 && (d == 4 || d == 5)))) {
    return absl::NotFoundError(absl::StrFormat(
        "Padding size %d is not supported for %dD input tensor.\nSupported combinations for "
        "non-constant padding:\n  - 2D or 3D input: padding size = 2 (pads last dimension)\n  - "
        "3D or 4D input: padding size = 4 (pads last 2 dimensions)\n  - 4D or 5D input: padding "
        "size = 6 (pads last 3 dimensions)",
        pad_len, d));
  }
  for (int64_t i = 0; i < k; ++i) {
    const int64_t dim = d - 1 - i;
    const int64_t lo = pad[2 * i], hi = pad[2 * i + 1], n = in.sizes[dim];
    if (lo < 0 || hi < 0) {
      return Invalid("negative padding is only supported by tc for mode 'constant'");
    }
    if (mode == PadMode::kReflect && (lo >= n || hi >= n)) {
      return Invalid(absl::StrFormat(
          "Argument #4: Padding size should be less than the corresponding input dimension, but "
          "got: padding (%d, %d) at dimension %d of input %s",
          lo, hi, dim, tensor::ShapeToString(in.sizes)));
    }
    if (mode == PadMode::kCircular && (lo > n || hi > n)) {
      return Invalid("Padding value causes wrapping around more than once.");
    }
    if (mode == PadMode::kReplicate && n == 0) {
      return Invalid("padding size is expected to be positive for non-empty dims");
    }
  }
  return absl::OkStatus();
}

// pad(self, pad, mode='constant', value=None).
Refs Pad(Emitter& e, EArgs a) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  const Shape& pad = IntList(a, 1);
  if (pad.size() % 2 != 0) return Invalid("Padding length must be divisible by 2");
  if (static_cast<int64_t>(pad.size()) > 2 * in.dim()) {
    return Invalid(absl::StrFormat(
        "Padding length should be less than or equal to two times the input dimension but got "
        "padding length %d and input of dimension %d",
        pad.size(), in.dim()));
  }
  TC_ASSIGN_OR_RETURN(PadMode mode, ParseMode(Str(a, 2)));
  if (mode != PadMode::kConstant && !IsNone(a, 3)) {
    return Invalid(
        absl::StrFormat("Padding mode \"%s\" doesn't take in value argument", Str(a, 2)));
  }
  if (mode != PadMode::kConstant) TC_RETURN_IF_ERROR(CheckNonConstant(in, pad.size(), mode, pad));
  const Scalar value = IsNone(a, 3) ? Scalar(int64_t{0}) : ScalarArg(a, 3);
  EmitRef cur = x;
  for (size_t i = 0; i < pad.size() / 2; ++i) {
    const int64_t dim = in.dim() - 1 - static_cast<int64_t>(i);
    int64_t lo = pad[2 * i], hi = pad[2 * i + 1];
    // Negative pads cut: narrow first (constant mode only).
    if (lo < 0 || hi < 0) {
      const int64_t n = e.Meta(cur).sizes[dim];
      const int64_t start = lo < 0 ? -lo : 0;
      const int64_t length = n - start - (hi < 0 ? -hi : 0);
      if (length < 0) return Invalid("narrow(): length must be non-negative.");
      TC_ASSIGN_OR_RETURN(cur,
                          Emit1(e, "slice", {cur, CInt(dim), CInt(start), CInt(start + length)}));
      lo = std::max<int64_t>(lo, 0);
      hi = std::max<int64_t>(hi, 0);
    }
    TC_ASSIGN_OR_RETURN(std::vector<EmitRef> borders, Borders(e, cur, dim, lo, hi, mode, value));
    std::vector<EmitRef> parts;
    size_t b = 0;
    if (lo > 0) parts.push_back(borders[b++]);
    parts.push_back(cur);
    if (hi > 0) parts.push_back(borders[b++]);
    // A single part is copied too: pad always returns a new tensor.
    if (parts.size() == 1) {
      TC_ASSIGN_OR_RETURN(cur, Emit1(e, "to_dtype", {cur, CDType(in.dtype)}));
    } else {
      TC_ASSIGN_OR_RETURN(cur, Emit1(e, "cat", {parts, CInt(dim)}));
    }
  }
  if (pad.empty()) {
    TC_ASSIGN_OR_RETURN(cur, Emit1(e, "to_dtype", {cur, CDType(in.dtype)}));
  }
  // ATen pads into the memory format the input suggests (circular padding
  // excepted: it builds its result contiguous).
  if (mode == PadMode::kCircular) return Out(InFormat(e, cur, tensor::MemoryFormat::kContiguous));
  return Out(InFormat(e, cur, tensor::SuggestMemoryFormat(in.sizes, in.strides)));
}

// pixel_shuffle: [*, C*r*r, H, W] -> [*, C, H*r, W*r]; unshuffle the
// inverse.
Refs PixelShuffle(Emitter& e, EArgs a, bool shuffle) {
  EmitRef x = Ref(a, 0);
  const TensorMeta in = e.Meta(x);
  const int64_t r = Int(a, 1);
  const char* name = shuffle ? "pixel_shuffle" : "pixel_unshuffle";
  if (in.dim() < 3) {
    return Invalid(absl::StrFormat(
        "%s expects input to have at least 3 dimensions, but got input with %d dimension(s)", name,
        in.dim()));
  }
  if (r <= 0) {
    return Invalid(absl::StrFormat("%s expects a positive %s, but got %d", name,
                                   shuffle ? "upscale_factor" : "downscale_factor", r));
  }
  const int64_t d = in.dim();
  const int64_t c = in.sizes[d - 3], h = in.sizes[d - 2], w = in.sizes[d - 1];
  Shape batch(in.sizes.begin(), in.sizes.end() - 3);
  const int64_t nb = static_cast<int64_t>(batch.size());
  Shape split = batch, perm, out = batch;
  for (int64_t i = 0; i < nb; ++i) perm.push_back(i);
  if (shuffle) {
    // c % (r * r) without the product, which a huge r overflows.
    const int64_t rr = static_cast<int64_t>(static_cast<uint64_t>(r) * static_cast<uint64_t>(r));
    if (c % r != 0 || (c / r) % r != 0) {
      return Invalid(absl::StrFormat(
          "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
          "upscale_factor, but input.size(-3)=%d is not divisible by %d",
          c, rr));
    }
    split.insert(split.end(), {c / r / r, r, r, h, w});
    for (int64_t p : {0, 3, 1, 4, 2}) perm.push_back(nb + p);
    out.insert(out.end(), {c / r / r, h * r, w * r});
  } else {
    if (h % r != 0) {
      return Invalid(
          absl::StrFormat("pixel_unshuffle expects height to be divisible by downscale_factor, but "
                          "input.size(-2)=%d is not divisible by %d",
                          h, r));
    }
    if (w % r != 0) {
      return Invalid(
          absl::StrFormat("pixel_unshuffle expects width to be divisible by downscale_factor, but "
                          "input.size(-1)=%d is not divisible by %d",
                          w, r));
    }
    split.insert(split.end(), {c, h / r, r, w / r, r});
    for (int64_t p : {0, 2, 4, 1, 3}) perm.push_back(nb + p);
    out.insert(out.end(), {c * r * r, h / r, w / r});
  }
  TC_ASSIGN_OR_RETURN(EmitRef v, Emit1(e, "reshape", {x, CList(split)}));
  TC_ASSIGN_OR_RETURN(v, Emit1(e, "permute", {v, CList(perm)}));
  TC_ASSIGN_OR_RETURN(v, Emit1(e, "to_dtype", {v, CDType(in.dtype)}));
  TC_ASSIGN_OR_RETURN(v, Emit1(e, "reshape", {v, CList(out)}));
  // ATen shuffles into the memory format the input suggests.
  return Out(InFormat(e, v, tensor::SuggestMemoryFormat(in.sizes, in.strides)));
}
Refs Shuffle(Emitter& e, EArgs a) { return PixelShuffle(e, a, true); }
Refs Unshuffle(Emitter& e, EArgs a) { return PixelShuffle(e, a, false); }

}  // namespace

void AddCompositePadOps(std::vector<OpDef>& ops) {
  ops.push_back(Composite<&Pad>("pad", {Req("self", kT), Req("pad", ArgType::kIntList),
                                        Def("mode", ArgType::kString, std::string("constant")),
                                        Opt("value", ArgType::kScalar)}));
  ops.push_back(Composite<&Shuffle>("pixel_shuffle", {Req("self", kT), Req("upscale_factor", kI)}));
  ops.push_back(
      Composite<&Unshuffle>("pixel_unshuffle", {Req("self", kT), Req("downscale_factor", kI)}));
}

}  // namespace tc::graph_ir::internal
