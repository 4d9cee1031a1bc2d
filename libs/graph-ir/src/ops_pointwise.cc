// Pointwise ops: unary, binary (broadcast + promotion), where, clamp, to_dtype.
#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {
namespace {

using tensor::IsFloatingPoint;
using tensor::IsIntegral;
constexpr ArgType kT = ArgType::kTensor;
constexpr ArgType kTS = ArgType::kTensorOrScalar;

// The output of a unary op: laid out as its input (PyTorch's
// TensorIterator with one input).
TensorMeta SameShape(const TensorMeta& in, DType dtype) {
  const tensor::LayoutOperand op{in.sizes, in.strides};
  return TensorMeta{dtype, in.sizes, tensor::PointwiseStrides(in.sizes, {&op, 1}), in.device};
}

// Unary metas. Each error names the CPU kernel PyTorch would report.
Metas Same(Args a) { return One(SameShape(Tensor(a, 0), Tensor(a, 0).dtype)); }

Metas Floating(Args a) {
  return One(SameShape(Tensor(a, 0), tensor::ToFloatingResult(Tensor(a, 0).dtype)));
}

Metas SameRejectBool(Args a, std::string_view kernel) {
  if (Tensor(a, 0).dtype == DType::kBool) return NotImplemented(kernel, DType::kBool);
  return Same(a);
}

Metas SameFloatingOnly(Args a, std::string_view kernel) {
  if (!IsFloatingPoint(Tensor(a, 0).dtype)) return NotImplemented(kernel, Tensor(a, 0).dtype);
  return Same(a);
}

Metas Neg(Args a) {
  if (Tensor(a, 0).dtype == DType::kBool) {
    return Invalid(
        "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
        "invert a mask, use the `~` or `logical_not()` operator instead.");
  }
  return Same(a);
}

Metas Relu(Args a) {
  if (Tensor(a, 0).dtype == DType::kBool) return Invalid("Boolean inputs not supported for relu");
  return Same(a);
}

Metas Gelu(Args a) {
  const std::string& approx = Str(a, 1);
  if (approx != "none" && approx != "tanh") {
    return Invalid("approximate argument must be either none or tanh.");
  }
  return SameFloatingOnly(a, "GeluKernelImpl");
}

// PyTorch 2.x rejects integer inputs to round (OPS.md's "identity" predates it).
Metas Round(Args a) {
  DType d = Tensor(a, 0).dtype;
  if (IsFloatingPoint(d)) return Same(a);
  return NotImplemented(Int(a, 1) != 0 ? "round_cpu" : "round_vml_cpu", d);
}

Metas LogicalNot(Args a) { return One(SameShape(Tensor(a, 0), DType::kBool)); }

Metas BitwiseNot(Args a) {
  if (IsFloatingPoint(Tensor(a, 0).dtype))
    return NotImplemented("bitwise_not_cpu", Tensor(a, 0).dtype);
  return Same(a);
}

// Binary metas.
absl::StatusOr<TensorMeta> Binary(Args a, DType dtype) {
  TC_ASSIGN_OR_RETURN(Shape sizes, Broadcast(a, {0, 1}));
  return PointwiseOut(dtype, sizes, DeviceOf(a), a, {0, 1});
}

Metas Promoted(Args a) {
  TC_ASSIGN_OR_RETURN(TensorMeta out, Binary(a, Promote(a, {0, 1})));
  return One(std::move(out));
}

Metas Compare(Args a) {
  TC_ASSIGN_OR_RETURN(TensorMeta out, Binary(a, DType::kBool));
  return One(std::move(out));
}

absl::Status CheckAlpha(DType result, const Scalar& alpha) {
  if (IsIntegral(result, true) && alpha.is_float()) {
    return Invalid(
        "For integral input tensors, argument alpha must not be a floating point number.");
  }
  if (result != DType::kBool && alpha.is_bool()) {
    return Invalid("Boolean alpha only supported for Boolean results.");
  }
  return absl::OkStatus();
}

Metas Add(Args a) {
  DType result = Promote(a, {0, 1});
  TC_RETURN_IF_ERROR(CheckAlpha(result, ScalarArg(a, 2)));
  TC_ASSIGN_OR_RETURN(TensorMeta out, Binary(a, result));
  return One(std::move(out));
}

Metas Sub(Args a) {
  bool self_bool = Tensor(a, 0).dtype == DType::kBool;
  bool other_bool = Operand(a[1]).dtype == DType::kBool;
  if (self_bool && other_bool) {
    return Invalid(
        "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
        "`logical_xor()` operator instead.");
  }
  if (self_bool || other_bool) {
    return Invalid(
        "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
        "invert a mask, use the `~` or `logical_not()` operator instead.");
  }
  return Add(a);
}

Metas Div(Args a) {
  DType result = Promote(a, {0, 1});
  if (IsNone(a, 2)) {
    result = tensor::ToFloatingResult(result);
  } else {
    const std::string& mode = Str(a, 2);
    if (mode != "trunc" && mode != "floor") {
      return Invalid(absl::StrFormat(
          "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '%s'",
          mode));
    }
    if (result == DType::kBool) {
      return NotImplemented(mode == "trunc" ? "div_trunc_cpu" : "div_floor_cpu", result);
    }
  }
  TC_ASSIGN_OR_RETURN(TensorMeta out, Binary(a, result));
  return One(std::move(out));
}

// Shapes are checked before dtypes, as TensorIterator does.
Metas PromotedRejectBool(Args a, std::string_view kernel) {
  TC_ASSIGN_OR_RETURN(TensorMeta out, Binary(a, Promote(a, {0, 1})));
  if (out.dtype == DType::kBool) return NotImplemented(kernel, out.dtype);
  return One(std::move(out));
}

Metas Pow(Args a) {
  DType result = Promote(a, {0, 1});
  if (IsTensor(a, 1) && result == DType::kBool) return NotImplemented("pow", result);
  if (!IsTensor(a, 1) && IsIntegral(result, true)) {
    const Scalar& exp = ScalarArg(a, 1);
    if (exp.is_int() && exp.to_int() < 0) {
      return Invalid("Integers to negative integer powers are not allowed.");
    }
  }
  return Promoted(a);
}

Metas Bitwise(Args a, std::string_view kernel) {
  TC_ASSIGN_OR_RETURN(TensorMeta out, Binary(a, Promote(a, {0, 1})));
  if (IsFloatingPoint(out.dtype)) return NotImplemented(kernel, out.dtype);
  return One(std::move(out));
}

Metas Where(Args a) {
  DType cond = Tensor(a, 0).dtype;
  if (cond != DType::kBool && cond != DType::kUInt8) {
    return Invalid(absl::StrFormat(
        "where expected condition to be a boolean tensor, but got a tensor with dtype %s",
        ScalarTypeName(cond)));
  }
  TC_ASSIGN_OR_RETURN(Shape sizes, Broadcast(a, {0, 1, 2}));
  return One(PointwiseOut(Promote(a, {1, 2}), sizes, DeviceOf(a), a, {0, 1, 2}));
}

Metas Clamp(Args a) {
  bool has_min = !IsNone(a, 1), has_max = !IsNone(a, 2);
  if (!has_min && !has_max) {
    return Invalid("torch.clamp: At least one of 'min' or 'max' must not be None");
  }
  DType result = Promote(a, {0, 1, 2});
  if (result == DType::kBool) {
    return NotImplemented(has_min && has_max
                              ? "clamp_scalar_cpu"
                              : (has_min ? "clamp_min_scalar_cpu" : "clamp_max_scalar_cpu"),
                          result);
  }
  return One(PointwiseOut(result, Tensor(a, 0).sizes, DeviceOf(a), a, {0, 1, 2}));
}

Metas ToDType(Args a) { return One(SameShape(Tensor(a, 0), DTypeArg(a, 1))); }

// clone(self, memory_format): a copy laid out in the named format
// ('preserve' keeps self's dense layout, as empty_like does).
Metas Clone(Args a) {
  const TensorMeta& in = Tensor(a, 0);
  const std::string& name = Str(a, 1);
  tensor::MemoryFormat format;
  if (name == "preserve") {
    format = tensor::MemoryFormat::kPreserve;
  } else if (name == "contiguous") {
    format = tensor::MemoryFormat::kContiguous;
  } else if (name == "channels_last") {
    format = tensor::MemoryFormat::kChannelsLast;
  } else if (name == "channels_last_3d") {
    format = tensor::MemoryFormat::kChannelsLast3d;
  } else {
    // The op's string stands for PyTorch's torch.memory_format argument.
    return Invalid("clone(): argument 'memory_format' must be torch.memory_format, not str");
  }
  TC_ASSIGN_OR_RETURN(Shape strides, tensor::FormatStrides(in.sizes, format, in.strides));
  return One(TensorMeta{in.dtype, in.sizes, std::move(strides), in.device});
}

OpDef Unary(std::string name, MetaFn meta) {
  return OpDef{std::move(name), {Req("self", kT)}, OpCategory::kPointwise, 1, meta};
}

OpDef BinaryOp(std::string name, MetaFn meta, ArgType other = kTS) {
  return OpDef{
      std::move(name), {Req("self", kT), Req("other", other)}, OpCategory::kPointwise, 1, meta};
}

}  // namespace

void AddPointwiseOps(std::vector<OpDef>& ops) {
  ops.push_back(Unary("abs", [](Args a) { return SameRejectBool(a, "abs_cpu"); }));
  ops.push_back(Unary("neg", &Neg));
  for (const char* name : {"exp", "log", "log1p", "expm1", "sqrt", "rsqrt", "sin", "cos", "tan",
                           "tanh", "sigmoid", "erf"}) {
    ops.push_back(Unary(name, &Floating));
  }
  ops.push_back(Unary("relu", &Relu));
  ops.push_back(Unary("silu", [](Args a) { return SameFloatingOnly(a, "silu_cpu"); }));
  ops.push_back(OpDef{"gelu",
                      {Req("self", kT), Def("approximate", ArgType::kString, std::string("none"))},
                      OpCategory::kPointwise,
                      1,
                      &Gelu});
  ops.push_back(Unary("floor", [](Args a) { return SameRejectBool(a, "floor_vml_cpu"); }));
  ops.push_back(Unary("ceil", [](Args a) { return SameRejectBool(a, "ceil_vml_cpu"); }));
  ops.push_back(OpDef{"round",
                      {Req("self", kT), Def("decimals", ArgType::kInt, Scalar(0))},
                      OpCategory::kPointwise,
                      1,
                      &Round});
  ops.push_back(Unary("sign", &Same));
  ops.push_back(Unary("logical_not", &LogicalNot));
  ops.push_back(Unary("bitwise_not", &BitwiseNot));

  ops.push_back(
      OpDef{"add",
            {Req("self", kT), Req("other", kTS), Def("alpha", ArgType::kScalar, Scalar(1))},
            OpCategory::kPointwise,
            1,
            &Add});
  ops.push_back(
      OpDef{"sub",
            {Req("self", kT), Req("other", kTS), Def("alpha", ArgType::kScalar, Scalar(1))},
            OpCategory::kPointwise,
            1,
            &Sub});
  ops.push_back(BinaryOp("mul", &Promoted));
  ops.push_back(OpDef{"div",
                      {Req("self", kT), Req("other", kTS), Opt("rounding_mode", ArgType::kString)},
                      OpCategory::kPointwise,
                      1,
                      &Div});
  ops.push_back(
      BinaryOp("floor_divide", [](Args a) { return PromotedRejectBool(a, "div_floor_cpu"); }));
  ops.push_back(
      BinaryOp("remainder", [](Args a) { return PromotedRejectBool(a, "remainder_cpu"); }));
  ops.push_back(BinaryOp("pow", &Pow));
  ops.push_back(BinaryOp("maximum", &Promoted, kT));
  ops.push_back(BinaryOp("minimum", &Promoted, kT));
  for (const char* name : {"eq", "ne", "lt", "le", "gt", "ge"}) {
    ops.push_back(BinaryOp(name, &Compare));
  }
  for (const char* name : {"logical_and", "logical_or", "logical_xor"}) {
    ops.push_back(BinaryOp(name, &Compare, kT));
  }
  ops.push_back(BinaryOp("bitwise_and", [](Args a) { return Bitwise(a, "bitwise_and_cpu"); }));
  ops.push_back(BinaryOp("bitwise_or", [](Args a) { return Bitwise(a, "bitwise_or_cpu"); }));
  ops.push_back(BinaryOp("bitwise_xor", [](Args a) { return Bitwise(a, "bitwise_xor_cpu"); }));

  ops.push_back(OpDef{"where",
                      {Req("condition", kT), Req("self", kTS), Req("other", kTS)},
                      OpCategory::kPointwise,
                      1,
                      &Where});
  ops.push_back(OpDef{"clamp",
                      {Req("self", kT), Opt("min", ArgType::kScalar), Opt("max", ArgType::kScalar)},
                      OpCategory::kPointwise,
                      1,
                      &Clamp});
  ops.push_back(
      OpDef{"clone",
            {Req("self", kT), Def("memory_format", ArgType::kString, std::string("preserve"))},
            OpCategory::kPointwise,
            1,
            &Clone});
  ops.push_back(OpDef{"to_dtype",
                      {Req("self", kT), Req("dtype", ArgType::kDType)},
                      OpCategory::kPointwise,
                      1,
                      &ToDType});
}

}  // namespace tc::graph_ir::internal
