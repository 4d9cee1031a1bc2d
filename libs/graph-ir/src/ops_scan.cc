// Scans along one dim: cumsum and cumprod (dtype=; integers and bool
// accumulate as int64), logcumsumexp (floating only), cummax and cummin
// (values and int64 indices), with PyTorch's dtype rules and errors.
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

constexpr ArgType kT = ArgType::kTensor;

Metas CumSumProd(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_RETURN_IF_ERROR(tensor::WrapDim(Int(a, 1), in.dim()).status());
  DType dtype = !IsNone(a, 2)                        ? DTypeArg(a, 2)
                : tensor::IsIntegral(in.dtype, true) ? DType::kInt64
                                                     : in.dtype;
  return One(Contig(dtype, in.sizes, in.device));
}

Metas LogCumSumExp(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  TC_RETURN_IF_ERROR(tensor::WrapDim(Int(a, 1), in.dim()).status());
  if (!tensor::IsFloatingPoint(in.dtype)) return NotImplemented("logcumsumexp_out_cpu", in.dtype);
  return One(Contig(in.dtype, in.sizes, in.device));
}

Metas CumMaxMin(Args a, std::string_view op) {
  const TensorMeta& in = Tensor(a, 0);
  if (in.dim() == 0 && Int(a, 1) != 0 && Int(a, 1) != -1) {
    // An IndexError in PyTorch (kOutOfRange), worded as its own check.
    return absl::OutOfRangeError(absl::StrFormat(
        "%s(): Expected reduction dim -1 or 0 for scalar but got %d", op, Int(a, 1)));
  }
  TC_RETURN_IF_ERROR(tensor::WrapDim(Int(a, 1), in.dim()).status());
  return Metas(std::vector<TensorMeta>{Contig(in.dtype, in.sizes, in.device),
                                       Contig(DType::kInt64, in.sizes, in.device)});
}

OpDef Scan(std::string name, int outputs, MetaFn meta, bool with_dtype) {
  OpDef op{std::move(name),
           {Req("self", kT), Req("dim", ArgType::kInt)},
           OpCategory::kExtern,
           outputs,
           meta};
  if (with_dtype) op.args.push_back(Opt("dtype", ArgType::kDType));
  return op;
}

}  // namespace

void AddScanOps(std::vector<OpDef>& ops) {
  ops.push_back(Scan("cumsum", 1, &CumSumProd, true));
  ops.push_back(Scan("cumprod", 1, &CumSumProd, true));
  ops.push_back(Scan("logcumsumexp", 1, &LogCumSumExp, false));
  ops.push_back(Scan(
      "cummax", 2, [](Args a) { return CumMaxMin(a, "cummax"); }, false));
  ops.push_back(Scan(
      "cummin", 2, [](Args a) { return CumMaxMin(a, "cummin"); }, false));
}

}  // namespace tc::graph_ir::internal
