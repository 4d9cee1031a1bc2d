// Creation ops: full, arange. Outputs are on the CPU. (rand and randn are
// in ops_random.cc.)
#include <cmath>

#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kIL = ArgType::kIntList;

Metas Full(Args a) {
  const Shape& size = IntList(a, 0);
  DType dtype;
  if (!IsNone(a, 2)) {
    dtype = DTypeArg(a, 2);
  } else {
    const Scalar& v = ScalarArg(a, 1);
    dtype = v.is_bool() ? DType::kBool : (v.is_int() ? DType::kInt64 : DType::kFloat32);
  }
  TC_RETURN_IF_ERROR(CheckStorageSize(size, dtype));
  return One(Contig(dtype, size, tensor::Device::CPU()));
}

Metas Arange(Args a) {
  const Scalar& start = ScalarArg(a, 0);
  const Scalar& end = ScalarArg(a, 1);
  const Scalar& step = ScalarArg(a, 2);
  DType dtype = DType::kInt64;
  if (!IsNone(a, 3)) {
    dtype = DTypeArg(a, 3);
  } else if (start.is_float() || end.is_float() || step.is_float()) {
    dtype = DType::kFloat32;
  }
  double s = start.to_double(), e = end.to_double(), st = step.to_double();
  if (st == 0) return Invalid("step must be nonzero");
  if (!std::isfinite(s) || !std::isfinite(e)) {
    return Invalid(
        absl::StrFormat("unsupported range: %s -> %s", start.ToString(), end.ToString()));
  }
  if (!((st > 0 && e >= s) || (st < 0 && e <= s))) {
    return Invalid("upper bound and lower bound inconsistent with step sign");
  }
  if (dtype == DType::kBool) return NotImplemented("arange_cpu", dtype);
  double n = std::ceil((e - s) / st);
  if (!(n < 9.2e18)) return Invalid("invalid size, possible overflow?");
  return One(Contig(dtype, {static_cast<int64_t>(n)}, tensor::Device::CPU()));
}

}  // namespace

void AddCreationOps(std::vector<OpDef>& ops) {
  ops.push_back(
      OpDef{"full",
            {Req("size", kIL), Req("fill_value", ArgType::kScalar), Opt("dtype", ArgType::kDType)},
            OpCategory::kCreation,
            1,
            &Full});
  ops.push_back(OpDef{"arange",
                      {Req("start", ArgType::kScalar), Req("end", ArgType::kScalar),
                       Def("step", ArgType::kScalar, Scalar(1)), Opt("dtype", ArgType::kDType)},
                      OpCategory::kCreation,
                      1,
                      &Arange});
}

}  // namespace tc::graph_ir::internal
