// Resampling core ops (category extern), the ops torch.nn.functional's
// interpolate calls: upsample_nearest (nearest and nearest-exact, 1-3
// spatial dims), upsample_linear (linear, bilinear, trilinear by rank) and
// upsample_bicubic2d. One op per family instead of ATen's one per rank: the
// rank of `self` says how many trailing dims resample (ATen's
// upsample_nearest2d is upsample_nearest on a 4-D input). The optional
// scales are the user's scale factors, which ATen's index arithmetic uses
// in place of in/out when given (see kernels' upsample.cc); only the last
// rank-2 of scales_d, scales_h, scales_w count. Shape checks and words are
// ATen's upsample_{1,2,3}d_common_check.
#include <algorithm>
#include <string>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::ShapeToString;
constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kIL = ArgType::kIntList;
constexpr ArgType kS = ArgType::kScalar;

// "(H: 2, W: 3)"-style size lists of ATen's common checks.
std::string Dims(const int64_t* v, int64_t k) {
  static constexpr const char* kNames[] = {"D", "H", "W"};
  std::string r;
  for (int64_t i = 0; i < k; ++i) {
    absl::StrAppendFormat(&r, "%s%s: %d", i ? ", " : "", kNames[3 - k + i], v[i]);
  }
  return r;
}

// The output of resampling `in`'s trailing `k` dims to `out` (ATen's
// upsample_{k}d_common_check and the meta functions' non-empty check).
absl::StatusOr<Shape> ResampledSizes(const TensorMeta& in, const Shape& out, int64_t k) {
  if (static_cast<int64_t>(out.size()) != k) {
    return Invalid(
        absl::StrFormat("It is expected output_size equals to %d, but got size %d", k, out.size()));
  }
  if (in.dim() != k + 2) {
    return Invalid(absl::StrFormat("It is expected input_size equals to %d, but got size %d", k + 2,
                                   in.dim()));
  }
  bool positive = true;
  for (int64_t i = 0; i < k; ++i) positive = positive && in.sizes[2 + i] > 0 && out[i] > 0;
  if (!positive) {
    return Invalid(absl::StrCat("Input and output sizes should be greater than 0, but got input (",
                                Dims(in.sizes.data() + 2, k),
                                k == 1 ? ") and output (" : ") output (", Dims(out.data(), k),
                                ")"));
  }
  if (in.numel() == 0 && in.sizes[1] == 0) {
    return Invalid(
        absl::StrFormat("Non-empty %dD data tensor expected but got a tensor with sizes %s", k + 2,
                        ShapeToString(in.sizes)));
  }
  Shape r = {in.sizes[0], in.sizes[1]};
  for (int64_t i = 0; i < k; ++i) r.push_back(out[i]);
  return r;
}

enum class Family { kNearest, kLinear, kCubic };

// The checked output sizes. A dtype the kernels lack is ATen's dispatch
// error, named after the dispatch that meets it first: the channels-last
// kernel for 2-d nearest and bilinear outputs with H + W <= 128 (which ATen
// takes for any layout), else the index/weight precomputation.
absl::StatusOr<Shape> CheckResample(Args a, Family family) {
  const TensorMeta& in = Tensor(a, 0);
  const Shape& out = IntList(a, 1);
  const int64_t k =
      family == Family::kCubic ? 2 : std::max<int64_t>(1, std::min<int64_t>(3, in.dim() - 2));
  TC_ASSIGN_OR_RETURN(Shape sizes, ResampledSizes(in, out, k));
  // uint8 is PyTorch's image type: its shapes pass here, though tc's
  // kernels resample it with nearest only (see kernels' upsample.cc).
  if (tensor::IsFloatingPoint(in.dtype) || in.dtype == DType::kUInt8) {
    return sizes;
  }
  static constexpr const char* kWeights[] = {"nearest", "linear", "cubic"};
  const int f = static_cast<int>(family);
  if (k == 2 && family != Family::kCubic && out[0] + out[1] <= 128) {
    return NotImplemented(absl::StrFormat("upsample_%s2d_channels_last",
                                          family == Family::kNearest ? "nearest" : "bilinear"),
                          in.dtype);
  }
  return NotImplemented(absl::StrCat("compute_indices_weights_", kWeights[f]), in.dtype);
}

Metas UpsampleNearest(Args a) {
  TC_ASSIGN_OR_RETURN(Shape s, CheckResample(a, Family::kNearest));
  const TensorMeta& in = Tensor(a, 0);
  return One(SuggestedLayoutOut(in.dtype, s, in.device, in));
}

Metas UpsampleLinear(Args a) {
  TC_ASSIGN_OR_RETURN(Shape s, CheckResample(a, Family::kLinear));
  const TensorMeta& in = Tensor(a, 0);
  return One(SuggestedLayoutOut(in.dtype, s, in.device, in));
}

Metas UpsampleBicubic2d(Args a) {
  TC_ASSIGN_OR_RETURN(Shape s, CheckResample(a, Family::kCubic));
  const TensorMeta& in = Tensor(a, 0);
  return One(SuggestedLayoutOut(in.dtype, s, in.device, in));
}

OpDef Extern(std::string name, std::vector<ArgSpec> args, MetaFn meta) {
  return OpDef{std::move(name), std::move(args), OpCategory::kExtern, 1, meta};
}

}  // namespace

void AddUpsampleOps(std::vector<OpDef>& ops) {
  ops.push_back(
      Extern("upsample_nearest",
             {Req("self", kT), Req("output_size", kIL), Def("exact", ArgType::kBool, Scalar(false)),
              Opt("scales_d", kS), Opt("scales_h", kS), Opt("scales_w", kS)},
             &UpsampleNearest));
  ops.push_back(
      Extern("upsample_linear",
             {Req("self", kT), Req("output_size", kIL), Req("align_corners", ArgType::kBool),
              Opt("scales_d", kS), Opt("scales_h", kS), Opt("scales_w", kS)},
             &UpsampleLinear));
  ops.push_back(
      Extern("upsample_bicubic2d",
             {Req("self", kT), Req("output_size", kIL), Req("align_corners", ArgType::kBool),
              Opt("scales_h", kS), Opt("scales_w", kS)},
             &UpsampleBicubic2d));
}

}  // namespace tc::graph_ir::internal
