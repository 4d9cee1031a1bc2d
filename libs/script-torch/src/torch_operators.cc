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

using graph_ir::Constant;

enum OpIndex {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kFloorDiv,
  kMod,
  kPow,
  kMatMul,
  kAnd,
  kOr,
  kXor,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kNumOps
};
constexpr const char* kOpNames[kNumOps] = {
    "add",    "sub",         "mul",        "div",         "floor_divide", "remainder", "pow",
    "matmul", "bitwise_and", "bitwise_or", "bitwise_xor", "eq",           "ne",        "lt",
    "le",     "gt",          "ge"};

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

#define TC_BINARY(NAME, OP)                                           \
  Value Op_##NAME(VM& vm, const Value& self, const ArgsView& args) {  \
    if (!CheckArgCount(vm, args, "__" #NAME "__", 1, 1)) return {};   \
    return Forward(vm, OP, self, args[0]);                            \
  }                                                                   \
  Value Op_r##NAME(VM& vm, const Value& self, const ArgsView& args) { \
    if (!CheckArgCount(vm, args, "__r" #NAME "__", 1, 1)) return {};  \
    return Reflected(vm, OP, self, args[0]);                          \
  }                                                                   \
  Value Op_i##NAME(VM& vm, const Value& self, const ArgsView& args) { \
    if (!CheckArgCount(vm, args, "__i" #NAME "__", 1, 1)) return {};  \
    return InPlace(vm, OP, self, args[0]);                            \
  }
TC_BINARY(add, kAdd)
TC_BINARY(sub, kSub)
TC_BINARY(mul, kMul)
TC_BINARY(truediv, kDiv)
TC_BINARY(floordiv, kFloorDiv)
TC_BINARY(mod, kMod)
TC_BINARY(pow, kPow)
TC_BINARY(matmul, kMatMul)
TC_BINARY(and, kAnd)
TC_BINARY(or, kOr)
TC_BINARY(xor, kXor)
#undef TC_BINARY

#define TC_COMPARE(NAME, OP)                                         \
  Value Op_##NAME(VM& vm, const Value& self, const ArgsView& args) { \
    if (!CheckArgCount(vm, args, "__" #NAME "__", 1, 1)) return {};  \
    return Forward(vm, OP, self, args[0]);                           \
  }
TC_COMPARE(eq, kEq)
TC_COMPARE(ne, kNe)
TC_COMPARE(lt, kLt)
TC_COMPARE(le, kLe)
TC_COMPARE(gt, kGt)
TC_COMPARE(ge, kGe)
#undef TC_COMPARE

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
#define TC_ENTRY(NAME) \
  {"__" #NAME "__", Op_##NAME}, {"__r" #NAME "__", Op_r##NAME}, {"__i" #NAME "__", Op_i##NAME},
    TC_ENTRY(add) TC_ENTRY(sub) TC_ENTRY(mul) TC_ENTRY(truediv) TC_ENTRY(floordiv) TC_ENTRY(mod)
        TC_ENTRY(pow) TC_ENTRY(matmul) TC_ENTRY(and) TC_ENTRY(or) TC_ENTRY(xor)
#undef TC_ENTRY
            {"__eq__", Op_eq},
    {"__ne__", Op_ne},
    {"__lt__", Op_lt},
    {"__le__", Op_le},
    {"__gt__", Op_gt},
    {"__ge__", Op_ge},
    {"__neg__", Op_neg},
    {"__pos__", Op_pos},
    {"__abs__", Op_abs},
    {"__invert__", Op_invert},
};

}  // namespace

void AddTensorOperators(Type* t) { AddMethods(t, kOperators); }

}  // namespace tc::script_torch
