// Bucketing: searchsorted(sorted_sequence, self, out_int32, right, sorter?)
// and bucketize(self, boundaries, out_int32, right), the int64 (or int32)
// insertion points of each value, shaped like the values; histc(self, bins,
// min, max), the float counts of `bins` equal bins. Output sizes depend on
// shapes only, so these are graph nodes. PyTorch's checks and messages;
// those that need the data (sorter's range, histc's range taken from the
// data) are the kernels'.
#include <cmath>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;

// ATen's searchsorted_pre_check (the side/right conflict is the torch
// layer's: side is no op argument).
absl::Status SearchsortedCheck(const TensorMeta& boundaries, const TensorMeta& input,
                               const TensorMeta* sorter) {
  if (sorter != nullptr) {
    if (sorter->sizes != boundaries.sizes) {
      return Invalid(absl::StrFormat(
          "torch.searchsorted(): boundary and sorter must have the same size, but got boundary "
          "tensor %sand got sorter tensor %s",
          tensor::ShapeToString(boundaries.sizes), tensor::ShapeToString(sorter->sizes)));
    }
    if (sorter->dtype != DType::kInt64) {
      return Invalid(absl::StrFormat(
          "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype %s",
          ScalarTypeName(sorter->dtype)));
    }
  }
  if (input.dim() == 0 && boundaries.dim() != 1) {
    return Invalid(absl::StrFormat(
        "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension "
        "is 1, but we got boundaries tensor dim(%d) and input value's dim(%d) numel(%d)",
        boundaries.dim(), input.dim(), input.numel()));
  }
  if (boundaries.dim() == 0) {
    return Invalid(
        "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 "
        "dimension");
  }
  bool matched = boundaries.dim() == input.dim();
  for (int64_t d = 0; matched && d + 1 < boundaries.dim(); ++d) {
    matched = boundaries.sizes[d] == input.sizes[d];
  }
  if (boundaries.dim() != 1 && !matched) {
    return Invalid(absl::StrFormat(
        "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
        "dimensions of boundaries tensor and input value tensor must match, but we got "
        "boundaries tensor %s and input value tensor %s",
        tensor::ShapeToString(boundaries.sizes), tensor::ShapeToString(input.sizes)));
  }
  DType common = tensor::PromoteTypes(boundaries.dtype, input.dtype);
  if (common == DType::kBool) return NotImplemented("searchsorted_out_cpu", common);
  return absl::OkStatus();
}

Metas Searchsorted(Args a) {
  const TensorMeta& boundaries = Tensor(a, 0);
  const TensorMeta& input = Tensor(a, 1);
  const TensorMeta* sorter = IsTensor(a, 4) ? &Tensor(a, 4) : nullptr;
  TC_RETURN_IF_ERROR(SearchsortedCheck(boundaries, input, sorter));
  return One(Contig(Bool(a, 2) ? DType::kInt32 : DType::kInt64, input.sizes, input.device));
}

Metas Bucketize(Args a) {
  const TensorMeta& input = Tensor(a, 0);
  const TensorMeta& boundaries = Tensor(a, 1);
  if (boundaries.dim() != 1) {
    return Invalid(absl::StrFormat("boundaries tensor must be 1 dimension, but got dim(%d)",
                                   boundaries.dim()));
  }
  TC_RETURN_IF_ERROR(SearchsortedCheck(boundaries, input, nullptr));
  return One(Contig(Bool(a, 2) ? DType::kInt32 : DType::kInt64, input.sizes, input.device));
}

Metas Histc(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  // bool fails first in the linspace of the bin edges.
  if (in.dtype == DType::kBool) return NotImplemented("linspace_cpu", in.dtype);
  if (!tensor::IsFloatingPoint(in.dtype)) return NotImplemented("histogram_cpu", in.dtype);
  const int64_t bins = Int(a, 1);
  if (bins <= 0) {
    return Invalid(
        absl::StrFormat("torch.histogram(): bins must be > 0, but got %d for dimension 0", bins));
  }
  // A range given (min != max) is checked here; one taken from the data
  // is checked by the kernel.
  const double lo = Float(a, 2), hi = Float(a, 3);
  if (lo != hi) {
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
      return Invalid(absl::StrFormat("torch.histc: range of [%g, %g] is not finite", lo, hi));
    }
    if (lo > hi) return Invalid("torch.histc: max must be larger than min");
  }
  return One(Contig(in.dtype, {bins}, in.device));
}

}  // namespace

void AddBucketizeOps(std::vector<OpDef>& ops) {
  const ArgSpec out_int32 = Def("out_int32", ArgType::kBool, Scalar(false));
  const ArgSpec right = Def("right", ArgType::kBool, Scalar(false));
  ops.push_back({"bucketize",
                 {Req("self", kT), Req("boundaries", kT), out_int32, right},
                 OpCategory::kExtern,
                 1,
                 &Bucketize});
  ops.push_back(
      {"histc",
       {Req("self", kT), Def("bins", ArgType::kInt, Scalar(int64_t{100})),
        Def("min", ArgType::kScalar, Scalar(0.0)), Def("max", ArgType::kScalar, Scalar(0.0))},
       OpCategory::kExtern,
       1,
       &Histc});
  ops.push_back({"searchsorted",
                 {Req("sorted_sequence", kT), Req("self", kT), out_int32, right, Opt("sorter", kT)},
                 OpCategory::kExtern,
                 1,
                 &Searchsorted});
}

}  // namespace tc::graph_ir::internal
