// torch.Tensor's Python operators: arithmetic with reflected and in-place
// forms, comparisons, unary operators. Python numbers take part as weak
// scalars, exactly as in PyTorch's type promotion.
#include <array>
#include <span>

#include "absl/strings/str_format.h"

#include "tc/script/bigint.h"

#include "torch_tensor.h"

namespace tc::script_torch {

namespace {

// The Tensor operators, one row each: the special method's name, the index
// used below, the graph-ir op it runs. The BINARY operators also have the
// reflected and in-place forms; the comparisons only the forward one.
#define TC_TENSOR_OPS(BINARY, COMPARE)        \
  BINARY(add, kAdd, "add")                    \
  BINARY(sub, kSub, "sub")                    \
  BINARY(mul, kMul, "mul")                    \
  BINARY(truediv, kDiv, "div")                \
  BINARY(floordiv, kFloorDiv, "floor_divide") \
  BINARY(mod, kMod, "remainder")              \
  BINARY(pow, kPow, "pow")                    \
  BINARY(matmul, kMatMul, "matmul")           \
  BINARY(and, kAnd, "bitwise_and")            \
  BINARY(or, kOr, "bitwise_or")               \
  BINARY(xor, kXor, "bitwise_xor")            \
  COMPARE(eq, kEq, "eq")                      \
  COMPARE(ne, kNe, "ne")                      \
  COMPARE(lt, kLt, "lt")                      \
  COMPARE(le, kLe, "le")                      \
  COMPARE(gt, kGt, "gt")                      \
  COMPARE(ge, kGe, "ge")
#define TC_NOTHING(...)

enum OpIndex {
#define TC_OP_INDEX(name, index, op) index,
  TC_TENSOR_OPS(TC_OP_INDEX, TC_OP_INDEX)
#undef TC_OP_INDEX
      kNumOps
};
constexpr const char* kOpNames[kNumOps] = {
#define TC_OP_NAME(name, index, op) op,
    TC_TENSOR_OPS(TC_OP_NAME, TC_OP_NAME)
#undef TC_OP_NAME
};

// Resolved once: the registry is immutable after start-up.
const graph_ir::OpDef& Op(int i) {
  static const auto* ops = [] {
    auto* a = new std::array<const graph_ir::OpDef*, kNumOps>();
    for (int k = 0; k < kNumOps; ++k) (*a)[k] = graph_ir::FindOp(kOpNames[k]);
    return a;
  }();
  return *(*ops)[i];
}

// The op on (self, other); NotImplemented when `other` is neither a
// tensor nor a number.
// op(a, b) with the schema's trailing defaults (add's alpha) filled in
// here, in a stack array: kernels::Call then takes the complete list as a
// span and builds no vector of its own.
Value Call2(VM& vm, const graph_ir::OpDef& op, kernels::KernelArg a, kernels::KernelArg b) {
  constexpr size_t kMax = 4;
  kernels::KernelArg args[kMax] = {std::move(a), std::move(b)};
  size_t n = 2;
  while (n < op.args.size() && n < kMax && op.args[n].default_value.has_value()) {
    args[n] = *op.args[n].default_value;
    ++n;
  }
  return CallOp(vm, op, std::span<const kernels::KernelArg>(args, n));
}

// A Python int beyond int64 as an operand: PyTorch's error.
Value BigIntOperand(VM& vm) { return RaiseOverflowError(vm, "int too big to convert"); }

Value Forward(VM& vm, int op, const Value& self, const Value& other) {
  const tensor::Tensor& a = TensorOf(self);
  if (IsTensor(other)) return Call2(vm, Op(op), a, TensorOf(other));
  if (op != kMatMul && script::IsBigInt(other)) return BigIntOperand(vm);
  if (op == kMatMul || !IsNumber(other)) return NotImplementedValue();
  return Call2(vm, Op(op), a, Constant(NumberToScalar(other)));
}

// other <op> self with `other` a Python number: the number as a 0-dim
// tensor of the result dtype, so promotion comes out as PyTorch's.
Value Reflected(VM& vm, int op, const Value& self, const Value& other) {
  const tensor::Tensor& a = TensorOf(self);
  if (IsTensor(other)) return Call2(vm, Op(op), TensorOf(other), a);
  if (op != kMatMul && script::IsBigInt(other)) return BigIntOperand(vm);
  if (op == kMatMul || !IsNumber(other)) return NotImplementedValue();
  tensor::Scalar s = NumberToScalar(other);
  if (op == kAdd || op == kMul || op == kAnd || op == kOr || op == kXor) {
    return Call2(vm, Op(op), a, Constant(s));
  }
  if (op == kSub && a.dtype() == DType::kBool) {
    return RaiseRuntimeError(vm,
                             "Subtraction, the `-` operator, with a bool tensor is not "
                             "supported. If you are trying to invert a mask, use the `~` or "
                             "`logical_not()` operator instead.");
  }
  tensor::TypeOperand ops[2] = {
      {a.dtype(), a.dim() == 0 ? tensor::OperandKind::kZeroDim : tensor::OperandKind::kTensor},
      {s.dtype(), tensor::OperandKind::kScalar}};
  DType d = tensor::ResultType(ops);
  if (op == kDiv) {
    // PyTorch's Tensor.__rtruediv__ is self.reciprocal() * other: 1 / self
    // (exactly what reciprocal rounds to), then the product.
    tensor::Tensor one, r;
    if (!ScalarTensor(vm, tensor::Scalar(int64_t{1}), d, &one)) return {};
    Value rv = Call2(vm, Op(kDiv), one, a);
    if (rv.is_null()) return rv;
    return Call2(vm, Op(kMul), TensorOf(rv), Constant(s));
  }
  tensor::Tensor st;
  if (!ScalarTensor(vm, s, d, &st)) return {};
  return Call2(vm, Op(op), st, a);
}

Value InPlace(VM& vm, int op, const Value& self, const Value& other) {
  Value r = Forward(vm, op, self, other);
  if (r.is_null() || !IsTensor(r)) return r;
  if (!WriteInPlace(vm, TensorOf(self), TensorOf(r))) return {};
  return self;
}

// __op__ for every operator; __rop__ and __iop__ for the binary ones.
#define TC_FORWARD(NAME, OP, op)                                     \
  Value Op_##NAME(VM& vm, const Value& self, const ArgsView& args) { \
    if (!CheckArgCount(vm, args, "__" #NAME "__", 1, 1)) return {};  \
    return Forward(vm, OP, self, args[0]);                           \
  }
#define TC_REFLECTED_AND_INPLACE(NAME, OP, op)                        \
  Value Op_r##NAME(VM& vm, const Value& self, const ArgsView& args) { \
    if (!CheckArgCount(vm, args, "__r" #NAME "__", 1, 1)) return {};  \
    return Reflected(vm, OP, self, args[0]);                          \
  }                                                                   \
  Value Op_i##NAME(VM& vm, const Value& self, const ArgsView& args) { \
    if (!CheckArgCount(vm, args, "__i" #NAME "__", 1, 1)) return {};  \
    return InPlace(vm, OP, self, args[0]);                            \
  }
TC_TENSOR_OPS(TC_FORWARD, TC_FORWARD)
TC_TENSOR_OPS(TC_REFLECTED_AND_INPLACE, TC_NOTHING)
#undef TC_FORWARD
#undef TC_REFLECTED_AND_INPLACE

Value Op_neg(VM& vm, const Value& self, const ArgsView&) {
  return CallOp(vm, "neg", {TensorOf(self)});
}
Value Op_pos(VM&, const Value& self, const ArgsView&) { return self; }
Value Op_abs(VM& vm, const Value& self, const ArgsView&) {
  return CallOp(vm, "abs", {TensorOf(self)});
}
Value Op_invert(VM& vm, const Value& self, const ArgsView&) {
  const tensor::Tensor& t = TensorOf(self);
  if (t.dtype() == DType::kBool) return CallOp(vm, "logical_not", {t});
  return CallOp(vm, "bitwise_not", {t});
}

constexpr MethodDef kOperators[] = {
#define TC_BINARY_ENTRIES(NAME, OP, op) \
  {"__" #NAME "__", Op_##NAME}, {"__r" #NAME "__", Op_r##NAME}, {"__i" #NAME "__", Op_i##NAME},
#define TC_COMPARE_ENTRY(NAME, OP, op) {"__" #NAME "__", Op_##NAME},
    TC_TENSOR_OPS(TC_BINARY_ENTRIES, TC_COMPARE_ENTRY)
#undef TC_BINARY_ENTRIES
#undef TC_COMPARE_ENTRY
        {"__neg__", Op_neg},
    {"__pos__", Op_pos},
    {"__abs__", Op_abs},
    {"__invert__", Op_invert},
};
#undef TC_TENSOR_OPS
#undef TC_NOTHING

}  // namespace

std::span<const MethodDef> TensorOperatorMethods() { return kOperators; }

}  // namespace tc::script_torch
