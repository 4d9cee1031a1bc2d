// Creation ops as Pointwise nodes whose values are computed exactly as
// eager's creation kernels compute them (libs/kernels/src/creation.cc):
// full is its constant; arange is start + i * step in the kernel's
// arithmetic. A float32 arange longer than one of ATen's parallel chunks
// depends on the thread count, so it runs on eager's kernel instead.
#include <string>

#include "tc/tensor/dtype.h"

#include "lower_internal.h"

namespace tc::codegen_cpu::lower_internal {
namespace {

const tensor::Scalar& ScalarArg(const graph_ir::Node& node, size_t i) {
  return std::get<tensor::Scalar>(std::get<graph_ir::Constant>(node.args()[i]));
}

ExprPtr Mul(ExprPtr a, ExprPtr b) {
  DType d = a->dtype;
  return MakeOp("mul", {std::move(a), std::move(b)}, d);
}
ExprPtr Add(ExprPtr a, ExprPtr b) {
  DType d = a->dtype;
  return MakeOp("add", {std::move(a), std::move(b)}, d, {graph_ir::Constant(tensor::Scalar(1))});
}

// start + step * index in double (`index` an int64 index expression).
ExprPtr AffineDouble(const Sym& index, double start, double step) {
  return Add(Mul(MakeIndexValue(index, DType::kFloat64), MakeConstant(step, DType::kFloat64)),
             MakeConstant(start, DType::kFloat64));
}

// The float32 kernel's values (creation.cc's ArangeFloat32 with one chunk):
// each 8-lane vector of a 16-element block holds float(base + k * step),
// base = float(start + step * first) in double; the tail float(start + step * i).
ExprPtr ArangeFloat32(const Sym& i, int64_t n, double start, double step) {
  const int64_t blocks_end = n - n % 16;
  ExprPtr tail = Cast(AffineDouble(i, start, step), DType::kFloat32);
  if (blocks_end == 0) return tail;
  Sym first = Sym::Const(8) * FloorDiv(i, Sym::Const(8));
  ExprPtr base = Cast(Cast(AffineDouble(first, start, step), DType::kFloat32), DType::kFloat64);
  ExprPtr lane = Mul(MakeIndexValue(Mod(i, Sym::Const(8)), DType::kFloat64),
                     MakeConstant(step, DType::kFloat64));
  ExprPtr block = Cast(Add(base, lane), DType::kFloat32);
  if (blocks_end == n) return block;
  ExprPtr in_blocks = MakeOp(
      "lt",
      {MakeIndexValue(i, DType::kInt64), MakeConstant(tensor::Scalar(blocks_end), DType::kInt64)},
      DType::kBool);
  return MakeOp("where", {in_blocks, block, tail}, DType::kFloat32);
}

}  // namespace

absl::Status LowerCreation(Lowering& l, const graph_ir::Node& node) {
  const std::string& name = node.op().name;
  const graph_ir::Value* out = node.output();
  const DType dtype = out->meta().dtype;
  if (name == "full") {
    l.AddPointwise(out, MakeConstant(ScalarArg(node, 1), dtype));
    return absl::OkStatus();
  }
  if (name != "arange") return LowerExtern(l, node);
  const tensor::Scalar& start = ScalarArg(node, 0);
  const tensor::Scalar& step = ScalarArg(node, 2);
  const int64_t n = out->meta().sizes[0];
  const Sym i = Sym::Var("i0", n);
  constexpr int64_t kGrain = 32768;  // creation.cc: one chunk up to here
  ExprPtr value;
  if (dtype == DType::kFloat32) {
    if (n > kGrain) return LowerExtern(l, node);
    value = ArangeFloat32(i, n, start.to_double(), step.to_double());
  } else if (tensor::IsFloatingPoint(dtype)) {
    // start + i * step in double, rounded through float for the half types.
    value = AffineDouble(i, start.to_double(), step.to_double());
    if (dtype != DType::kFloat64) value = Cast(Cast(value, DType::kFloat32), dtype);
  } else if (start.is_float() || step.is_float()) {
    value = Cast(AffineDouble(i, start.to_double(), step.to_double()), dtype);
  } else {
    // Integer arithmetic in int64 (wrapping), then converted.
    value = Cast(Add(Mul(MakeIndexValue(i, DType::kInt64),
                         MakeConstant(tensor::Scalar(step.to_int()), DType::kInt64)),
                     MakeConstant(tensor::Scalar(start.to_int()), DType::kInt64)),
                 dtype);
  }
  l.AddPointwise(out, std::move(value));
  return absl::OkStatus();
}

}  // namespace tc::codegen_cpu::lower_internal
