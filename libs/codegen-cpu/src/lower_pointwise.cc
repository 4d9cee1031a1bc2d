// Pointwise ops: one Pointwise node per op over the output's sizes, its
// operands loaded with broadcasting as index arithmetic and cast to the
// dtype eager's kernel computes in, its non-tensor arguments kept as attrs.
#include <string>

#include "absl/container/flat_hash_set.h"

#include "tc/tensor/dtype.h"

#include "lower_internal.h"

namespace tc::codegen_cpu::lower_internal {
namespace {

using graph_ir::ArgType;

// The dtype an op's tensor operands are cast to before it runs.
enum class Compute {
  kResult,    // the result dtype: arithmetic, and floating ops on integers
  kPromoted,  // the operands' promoted dtype (comparisons, logical and/or/xor give bool)
  kAsIs,      // no cast: the kernel reads any dtype (logical_not, isnan...)
};

Compute ComputeRule(const std::string& op) {
  static const auto* promoted = new absl::flat_hash_set<std::string>{
      "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor"};
  static const auto* as_is = new absl::flat_hash_set<std::string>{
      "logical_not", "isnan", "isinf", "isfinite", "to_dtype", "clone"};
  if (promoted->contains(op)) return Compute::kPromoted;
  if (as_is->contains(op)) return Compute::kAsIs;
  return Compute::kResult;
}

bool TakesOperand(ArgType type) {
  return type == ArgType::kTensor || type == ArgType::kTensorOrScalar;
}

// torch.result_type over the operands as the meta function weighs them.
DType PromotedOperands(const graph_ir::Node& node, size_t num_operands) {
  std::vector<tensor::TypeOperand> ops;
  for (size_t i = 0; i < num_operands; ++i) {
    const graph_ir::Arg& a = node.args()[i];
    if (const auto* v = std::get_if<graph_ir::Value*>(&a)) {
      const auto& meta = (*v)->meta();
      ops.push_back({meta.dtype, meta.dim() == 0 ? tensor::OperandKind::kZeroDim
                                                 : tensor::OperandKind::kTensor});
    } else if (const auto* s = std::get_if<tensor::Scalar>(&std::get<graph_ir::Constant>(a))) {
      ops.push_back({s->dtype(), tensor::OperandKind::kScalar});
    }
  }
  return tensor::ResultType(ops);
}

}  // namespace

absl::Status LowerPointwise(Lowering& l, const graph_ir::Node& node) {
  const graph_ir::OpDef& op = node.op();
  const graph_ir::Value* out = node.output();
  const std::vector<Sym> vars = LoopVars(out->meta().sizes);
  // Leading tensor / tensor-or-scalar parameters are operands, the rest attrs.
  size_t num_operands = 0;
  while (num_operands < op.args.size() && TakesOperand(op.args[num_operands].type)) {
    ++num_operands;
  }
  if (node.args().size() < num_operands) return Unsupported(op.name, "missing operands");
  const Compute rule = ComputeRule(op.name);
  const DType compute =
      rule == Compute::kPromoted ? PromotedOperands(node, num_operands) : out->meta().dtype;
  std::vector<ExprPtr> operands;
  for (size_t i = 0; i < num_operands; ++i) {
    const graph_ir::Arg& a = node.args()[i];
    // where's condition is read as it is (bool or uint8).
    const bool cast = rule != Compute::kAsIs && !(op.name == "where" && i == 0);
    if (const auto* v = std::get_if<graph_ir::Value*>(&a)) {
      ExprPtr e = l.LoadBroadcast(*v, vars);
      operands.push_back(cast ? Cast(std::move(e), compute) : std::move(e));
      continue;
    }
    const auto* s = std::get_if<tensor::Scalar>(&std::get<graph_ir::Constant>(a));
    if (s == nullptr)
      return Unsupported(op.name, "an operand that is neither a tensor nor a number");
    // A weak Python number: it takes part in the compute dtype.
    operands.push_back(MakeConstant(*s, compute));
  }
  std::vector<graph_ir::Constant> attrs;
  for (size_t i = num_operands; i < node.args().size(); ++i) {
    const auto* c = std::get_if<graph_ir::Constant>(&node.args()[i]);
    if (c == nullptr) return Unsupported(op.name, "a tensor where a constant was expected");
    attrs.push_back(*c);
  }
  ExprPtr value;
  if (op.name == "clone") {
    // A copy: the load itself, stored in the clone's memory format.
    value = operands[0];
  } else if (op.name == "to_dtype") {
    value = Cast(operands[0], out->meta().dtype);
  } else {
    value = MakeOp(op.name, std::move(operands), out->meta().dtype, std::move(attrs));
  }
  l.AddPointwise(out, std::move(value));
  return absl::OkStatus();
}

}  // namespace tc::codegen_cpu::lower_internal
