// Expression emission (see emit_expr.h): the leaves, memoized temporaries
// and the vector form; emit_ops.cc writes each scalar op.
#include "src/emit_expr.h"

#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/status.h"
#include "tc/tensor/dispatch.h"

#include "src/emit_ops.h"

namespace tc::codegen_cpu {

std::string_view ComputeType(DType dtype) {
  // Indexed by DType: bool, uint8, int8, int16, int32, int64, float16,
  // bfloat16 (both computed in float, as eager's Acc), float32, float64.
  static constexpr std::string_view kTypes[tensor::kNumDTypes] = {
      "bool",    "uint8_t", "int8_t", "int16_t", "int32_t",
      "int64_t", "float",   "float",  "float",   "double"};
  return kTypes[static_cast<int>(dtype)];
}

std::string_view StorageType(DType dtype) {
  if (dtype == DType::kFloat16 || dtype == DType::kBFloat16) return "uint16_t";
  return ComputeType(dtype);
}

std::string BufferVar(int buffer) { return absl::StrCat("b", buffer); }

Sym FlatOffset(const ExprContext& ctx, int buffer, const std::vector<Sym>& index) {
  const Buffer& b = ctx.program->buffers[buffer];
  Sym flat = Linear(index, b.strides, Sym::Const(0));
  return ctx.subst.empty() ? flat : flat.Substitute(ctx.subst);
}

namespace {

std::string FloatLiteral(double v, bool is_float) {
  const std::string type = is_float ? "float" : "double";
  if (std::isnan(v)) return absl::StrCat("std::numeric_limits<", type, ">::quiet_NaN()");
  if (std::isinf(v)) {
    return absl::StrCat(v < 0 ? "-" : "", "std::numeric_limits<", type, ">::infinity()");
  }
  if (is_float)
    return absl::StrCat(absl::StrFormat("%a", static_cast<double>(static_cast<float>(v))), "f");
  return absl::StrFormat("%a", v);
}

template <typename C>
int64_t IntAs(const tensor::Scalar& s) {
  if (s.is_float()) return static_cast<int64_t>(static_cast<C>(s.to_double()));
  return static_cast<int64_t>(static_cast<C>(s.to_int()));
}

bool IsFloat(DType t) { return t == DType::kFloat32 || t == DType::kFloat64; }

// Ops Vector() emits, by name.
bool VectorOpName(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "add",  "sub",  "mul",   "div",   "maximum", "minimum",  "neg",    "abs",
      "relu", "sqrt", "rsqrt", "exp",   "expm1",   "log",      "tanh",   "sigmoid",
      "silu", "gelu", "erf",   "clamp", "clone",   "to_dtype", "addcmul"};
  for (std::string_view n : kNames) {
    if (n == name) return true;
  }
  return false;
}

const std::string* StringAttr(const Op& op, size_t i) {
  if (i >= op.attrs.size()) return nullptr;
  return std::get_if<std::string>(&op.attrs[i]);
}

}  // namespace

std::string ScalarLiteral(const tensor::Scalar& value, DType dtype) {
  switch (dtype) {
    case DType::kBool:
      return value.to_bool() ? "true" : "false";
    case DType::kFloat16:
    case DType::kBFloat16:
    case DType::kFloat32:
      return FloatLiteral(value.to_double(), true);
    case DType::kFloat64:
      return FloatLiteral(value.to_double(), false);
    default:
      break;
  }
  int64_t v = 0;
  tensor::VisitDType(dtype, [&]<typename T>(tensor::TypeTag<T>) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) v = IntAs<T>(value);
  });
  if (v == std::numeric_limits<int64_t>::min()) return "(-9223372036854775807LL - 1)";
  return absl::StrCat("static_cast<", std::string(ComputeType(dtype)), ">(", v, "LL)");
}

bool IsVectorizable(const ExprContext& ctx, const ExprPtr& e) {
  const DType t = e->dtype;
  if (!IsFloat(t)) return false;
  if (const auto* load = std::get_if<Load>(&e->node)) {
    if (ctx.program->buffers[load->buffer].dtype != t) return false;
    return FlatOffset(ctx, load->buffer, load->index).CoefficientOf(ctx.inner).has_value();
  }
  if (std::holds_alternative<Constant>(e->node)) return true;
  if (std::holds_alternative<ReductionResult>(e->node)) {
    return ctx.results.contains(std::get<ReductionResult>(e->node).node);
  }
  if (std::holds_alternative<IndexValue>(e->node)) return false;
  const Op& op = std::get<Op>(e->node);
  if (!VectorOpName(op.name)) return false;
  if (op.name == "div" && StringAttr(op, 0) != nullptr) return false;
  if (op.name == "gelu") {
    const std::string* mode = StringAttr(op, 0);
    if (t != DType::kFloat32 || (mode != nullptr && *mode != "none")) return false;
  }
  // float32 erf is the formula header's vector erf (as eager's); float64's libm.
  if (op.name == "erf" && t != DType::kFloat32) return false;
  for (const ExprPtr& a : op.args) {
    if (a->dtype != t || !IsVectorizable(ctx, a)) return false;
  }
  return true;
}

std::string ExprWriter::Temp(std::string_view type, const std::string& value) {
  std::string name = absl::StrCat("t", (*counter_)++);
  absl::StrAppend(out_, indent_, "const ", std::string(type), " ", name, " = ", value, ";\n");
  return name;
}

absl::StatusOr<std::string> ExprWriter::Memoized(
    absl::flat_hash_map<const Expr*, std::string>& memo, const ExprPtr& e, bool vector) {
  if (auto it = memo.find(e.get()); it != memo.end()) return it->second;
  absl::StatusOr<std::string> value = vector ? VectorValue(*e) : ScalarValue(*e);
  if (!value.ok()) return value.status();
  std::string name = Temp(vector ? "auto" : ComputeType(e->dtype), *value);
  memo[e.get()] = name;
  return name;
}

absl::StatusOr<std::string> ExprWriter::Scalar(const ExprPtr& e) {
  return Memoized(scalar_memo_, e, false);
}
absl::StatusOr<std::string> ExprWriter::Vector(const ExprPtr& e) {
  return Memoized(vector_memo_, e, true);
}

absl::StatusOr<std::string> ExprWriter::ScalarValue(const Expr& expr) {
  const Expr* e = &expr;
  const std::string type(ComputeType(e->dtype));
  std::string value;
  if (const auto* load = std::get_if<Load>(&e->node)) {
    const Buffer& b = ctx_.program->buffers[load->buffer];
    if (b.dtype != e->dtype) {
      return absl::InvalidArgumentError(
          absl::StrCat("emit: a load of ", b.name, " (", std::string(tensor::DTypeName(b.dtype)),
                       ") has dtype ", std::string(tensor::DTypeName(e->dtype))));
    }
    std::string ref = absl::StrCat(BufferVar(load->buffer), "[",
                                   FlatOffset(ctx_, load->buffer, load->index).ToCpp(), "]");
    if (b.dtype == DType::kFloat16) ref = absl::StrCat("tc_h2f(", ref, ")");
    if (b.dtype == DType::kBFloat16) ref = absl::StrCat("tc_bf2f(", ref, ")");
    value = ref;
  } else if (const auto* c = std::get_if<Constant>(&e->node)) {
    value = ScalarLiteral(c->value, e->dtype);
  } else if (const auto* iv = std::get_if<IndexValue>(&e->node)) {
    Sym index = ctx_.subst.empty() ? iv->index : iv->index.Substitute(ctx_.subst);
    value = absl::StrCat("static_cast<", type, ">(", index.ToCpp(), ")");
    if (e->dtype == DType::kFloat16) value = absl::StrCat("tc_rh(", value, ")");
    if (e->dtype == DType::kBFloat16) value = absl::StrCat("tc_rbf(", value, ")");
  } else if (const auto* rr = std::get_if<ReductionResult>(&e->node)) {
    auto it = ctx_.results.find(rr->node);
    if (it == ctx_.results.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "emit: result(node", rr->node, ") is read outside the kernel that computes it"));
    }
    value = it->second;
  } else {
    TC_ASSIGN_OR_RETURN(value, ScalarOp(*e, std::get<Op>(e->node)));
  }
  return value;
}

absl::StatusOr<std::string> ExprWriter::VectorValue(const Expr& expr) {
  const Expr* e = &expr;
  std::string value;
  if (const auto* load = std::get_if<Load>(&e->node)) {
    const Sym flat = FlatOffset(ctx_, load->buffer, load->index);
    const int64_t c = flat.CoefficientOf(ctx_.inner).value_or(0);
    const std::string base = absl::StrCat(BufferVar(load->buffer), " + (", flat.ToCpp(), ")");
    if (c == 1) {
      value = absl::StrCat("hn::LoadU(d, ", base, ")");
    } else if (c == 0) {
      value = absl::StrCat("hn::Set(d, *(", base, "))");
    } else {
      value = absl::StrCat("tc_gather(d, ", base, ", ", c, ")");
    }
  } else if (const auto* k = std::get_if<Constant>(&e->node)) {
    value = absl::StrCat("hn::Set(d, ", ScalarLiteral(k->value, e->dtype), ")");
  } else if (const auto* rr = std::get_if<ReductionResult>(&e->node)) {
    value = absl::StrCat("hn::Set(d, ", ctx_.results.at(rr->node), ")");
  } else if (const auto* op = std::get_if<Op>(&e->node)) {
    TC_ASSIGN_OR_RETURN(value, VectorOp(*e, *op));
  } else {
    return absl::InvalidArgumentError("emit: an index value in vector code");
  }
  return value;
}

absl::StatusOr<std::string> ExprWriter::VectorOp(const Expr& e, const Op& op) {
  std::vector<std::string> a;
  for (const ExprPtr& arg : op.args) {
    TC_ASSIGN_OR_RETURN(std::string v, Vector(arg));
    a.push_back(std::move(v));
  }
  const std::string type(ComputeType(e.dtype));
  const std::string& n = op.name;
  auto need = [&](size_t k) -> absl::Status {
    if (a.size() == k) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat("emit: ", n, " takes ", k, " operands, got ", a.size()));
  };
  if (n == "add" || n == "sub") {
    TC_RETURN_IF_ERROR(need(2));
    const tensor::Scalar* alpha =
        op.attrs.empty() ? nullptr : std::get_if<tensor::Scalar>(&op.attrs[0]);
    const char* vop = n == "add" ? "hn::Add" : "hn::Sub";
    if (alpha == nullptr || alpha->to_double() == 1.0)
      return absl::StrCat(vop, "(", a[0], ", ", a[1], ")");
    const std::string al = ScalarLiteral(*alpha, e.dtype);
    if (const auto* c = std::get_if<Constant>(&op.args[1]->node)) {
      // eager folds alpha * other into one number first.
      return absl::StrCat(vop, "(", a[0], ", hn::Set(d, static_cast<", type, ">(", al, " * ",
                          ScalarLiteral(c->value, e.dtype), ")))");
    }
    // simd.cc's BinaryT: one FMA with alpha (negated for sub).
    return absl::StrCat("hn::MulAdd(hn::Set(d, ", n == "sub" ? "-" : "", al, "), ", a[1], ", ",
                        a[0], ")");
  }
  if (n == "mul" || n == "div") {
    TC_RETURN_IF_ERROR(need(2));
    return absl::StrCat(n == "mul" ? "hn::Mul(" : "hn::Div(", a[0], ", ", a[1], ")");
  }
  if (n == "addcmul") {
    // self + value * t1 * t2 as eager's kernel: std::fma(value * t1, t2, self).
    TC_RETURN_IF_ERROR(need(3));
    const tensor::Scalar* v =
        op.attrs.empty() ? nullptr : std::get_if<tensor::Scalar>(&op.attrs[0]);
    std::string t1 = a[1];
    if (v != nullptr && v->to_double() != 1.0) {
      t1 = absl::StrCat("hn::Mul(hn::Set(d, ", ScalarLiteral(*v, e.dtype), "), ", a[1], ")");
    }
    return absl::StrCat("hn::MulAdd(", t1, ", ", a[2], ", ", a[0], ")");
  }
  if (n == "maximum" || n == "minimum") {
    TC_RETURN_IF_ERROR(need(2));
    return absl::StrCat("tc_v_", n, "(d, ", a[0], ", ", a[1], ")");
  }
  TC_RETURN_IF_ERROR(need(1));
  if (n == "neg") return absl::StrCat("hn::Neg(", a[0], ")");
  if (n == "abs") return absl::StrCat("hn::Abs(", a[0], ")");
  if (n == "sqrt") return absl::StrCat("hn::Sqrt(", a[0], ")");
  if (n == "clone" || n == "to_dtype") return a[0];
  if (n == "clamp") {
    TC_ASSIGN_OR_RETURN(ClampBounds b, ClampBoundsOf(op, e.dtype));
    return absl::StrCat("tc_v_clamp(d, ", a[0], ", ", b.has_lo, ", ", b.lo, ", ", b.has_hi, ", ",
                        b.hi, ")");
  }
  return absl::StrCat("tc_v_", n, "(d, ", a[0], ")");
}

absl::StatusOr<std::string> ExprWriter::ScalarOp(const Expr& e, const Op& op) {
  std::vector<std::string> a;
  std::vector<DType> types;
  for (const ExprPtr& arg : op.args) {
    TC_ASSIGN_OR_RETURN(std::string v, Scalar(arg));
    a.push_back(std::move(v));
    types.push_back(arg->dtype);
  }
  // float32/float64 add/sub with alpha over a tensor: eager's vector loop
  // and its tail (compiled with FMA contraction) compute one FMA.
  if ((op.name == "add" || op.name == "sub") && IsFloat(e.dtype) && !op.attrs.empty() &&
      a.size() == 2 && !std::holds_alternative<Constant>(op.args[1]->node)) {
    if (const auto* alpha = std::get_if<tensor::Scalar>(&op.attrs[0]);
        alpha != nullptr && alpha->to_double() != 1.0) {
      const std::string al = ScalarLiteral(*alpha, e.dtype);
      return absl::StrCat("std::fma(", op.name == "sub" ? "-" : "", al, ", ", a[1], ", ", a[0],
                          ")");
    }
  }
  return ScalarOpText(op, e.dtype, a, types);
}

}  // namespace tc::codegen_cpu
