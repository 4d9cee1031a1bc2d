// Scalar op text (see emit_ops.h). The helpers named here live in the
// prelude (emit_prelude.cc).
#include "src/emit_ops.h"

#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "tc/tensor/half.h"

#include "src/emit_expr.h"

namespace tc::codegen_cpu {
namespace {

using tensor::Scalar;

const Scalar* ScalarAttr(const Op& op, size_t i) {
  if (i >= op.attrs.size()) return nullptr;
  return std::get_if<Scalar>(&op.attrs[i]);
}
const std::string* StringAttr(const Op& op, size_t i) {
  if (i >= op.attrs.size()) return nullptr;
  return std::get_if<std::string>(&op.attrs[i]);
}

bool IsFloating(DType t) {
  return t == DType::kFloat16 || t == DType::kBFloat16 || t == DType::kFloat32 ||
         t == DType::kFloat64;
}

// A double as dtype's storage would hold it, back in its compute type (as
// nan_to_num converts its replacements).
double RoundTo(double v, DType dtype) {
  switch (dtype) {
    case DType::kFloat16:
      return static_cast<float>(tensor::Half(static_cast<float>(v)));
    case DType::kBFloat16:
      return static_cast<float>(tensor::BFloat16(static_cast<float>(v)));
    case DType::kFloat32:
      return static_cast<float>(v);
    default:
      return v;
  }
}

double MaxFinite(DType dtype) {
  switch (dtype) {
    case DType::kFloat16:
      return 65504.0;
    case DType::kBFloat16:
      return 3.3895313892515355e38;
    case DType::kFloat32:
      return std::numeric_limits<float>::max();
    default:
      return std::numeric_limits<double>::max();
  }
}

std::string Cast(const std::string& x, DType to) {
  switch (to) {
    case DType::kBool:
      return absl::StrCat("(static_cast<double>(", x, ") != 0.0)");
    case DType::kFloat16:
      return absl::StrCat("tc_rh(static_cast<float>(", x, "))");
    case DType::kBFloat16:
      return absl::StrCat("tc_rbf(static_cast<float>(", x, "))");
    case DType::kUInt8:
    case DType::kInt8:
    case DType::kInt16:
    case DType::kInt32:
    case DType::kInt64:
      return absl::StrCat("tc_to_int<", std::string(ComputeType(to)), ">(", x, ")");
    default:
      return absl::StrCat("static_cast<", std::string(ComputeType(to)), ">(", x, ")");
  }
}

std::string Call(std::string_view fn, std::string_view type, const std::vector<std::string>& a) {
  return absl::StrCat(std::string(fn), "<", std::string(type), ">(", absl::StrJoin(a, ", "), ")");
}

// Ops whose value is already exact in the result dtype (no rounding).
// Not where: a Python-number branch stays unrounded until eager's where
// stores it into its 16-bit output.
bool Exact(std::string_view name) {
  return name == "to_dtype" || name == "clone" || name == "eq" || name == "ne" || name == "lt" ||
         name == "le" || name == "gt" || name == "ge" || name == "logical_and" ||
         name == "logical_or" || name == "logical_xor" || name == "logical_not" ||
         name == "isnan" || name == "isinf" || name == "isfinite";
}

absl::StatusOr<std::string> Binary(const Op& op, DType dtype, const std::vector<std::string>& a,
                                   DType operand) {
  const std::string& n = op.name;
  const std::string c(ComputeType(dtype));
  if (n == "eq" || n == "ne" || n == "lt" || n == "le" || n == "gt" || n == "ge") {
    static constexpr std::pair<std::string_view, std::string_view> kOps[] = {
        {"eq", "=="}, {"ne", "!="}, {"lt", "<"}, {"le", "<="}, {"gt", ">"}, {"ge", ">="}};
    for (const auto& [name, sym] : kOps) {
      if (name == n) return absl::StrCat("(", a[0], " ", std::string(sym), " ", a[1], ")");
    }
  }
  if (n == "logical_and") return absl::StrCat("(", a[0], " != 0 && ", a[1], " != 0)");
  if (n == "logical_or") return absl::StrCat("(", a[0], " != 0 || ", a[1], " != 0)");
  if (n == "logical_xor") return absl::StrCat("((", a[0], " != 0) != (", a[1], " != 0))");
  if (n == "add" || n == "sub") {
    const Scalar* alpha = ScalarAttr(op, 0);
    std::string al = ScalarLiteral(alpha != nullptr ? *alpha : Scalar(int64_t{1}), dtype);
    if (IsFloating(dtype) && std::holds_alternative<Constant>(op.args[1]->node)) {
      // eager folds alpha * other into one rounded number first.
      return Call(n == "add" ? "tc_add" : "tc_sub", c,
                  {a[0], absl::StrCat("static_cast<", c, ">(", al, " * ", a[1], ")"),
                   ScalarLiteral(Scalar(int64_t{1}), dtype)});
    }
    return Call(n == "add" ? "tc_add" : "tc_sub", c, {a[0], a[1], al});
  }
  if (n == "mul") return Call("tc_mul", c, a);
  if (n == "div") {
    const std::string* mode = StringAttr(op, 0);
    if (mode == nullptr) return Call("tc_div", c, a);
    if (*mode == "trunc")
      return absl::StrCat("tc_intdiv<0, ", c, ">(", a[0], ", ", a[1], ", tc_zd)");
    if (*mode == "floor")
      return absl::StrCat("tc_intdiv<1, ", c, ">(", a[0], ", ", a[1], ", tc_zd)");
    return absl::InvalidArgumentError(absl::StrCat("emit: div rounding_mode '", *mode, "'"));
  }
  if (n == "floor_divide")
    return absl::StrCat("tc_intdiv<1, ", c, ">(", a[0], ", ", a[1], ", tc_zd)");
  if (n == "remainder") return absl::StrCat("tc_intdiv<2, ", c, ">(", a[0], ", ", a[1], ", tc_zd)");
  if (n == "pow") return Call("tc_pow", c, a);
  if (n == "maximum") return Call("tc_maximum", c, a);
  if (n == "minimum") return Call("tc_minimum", c, a);
  if (n == "bitwise_and") return Call("tc_band", c, a);
  if (n == "bitwise_or") return Call("tc_bor", c, a);
  if (n == "bitwise_xor") return Call("tc_bxor", c, a);
  if (n == "hypot") return absl::StrCat("std::hypot(", a[0], ", ", a[1], ")");
  if (n == "atan2") return absl::StrCat("std::atan2(", a[0], ", ", a[1], ")");
  (void)operand;
  return absl::InvalidArgumentError(absl::StrCat("emit: no scalar code for op ", n));
}

absl::StatusOr<std::string> Unary(const Op& op, DType dtype, const std::string& x, DType from) {
  const std::string& n = op.name;
  const std::string c(ComputeType(dtype));
  if (n == "to_dtype") return Cast(x, dtype);
  if (n == "clone") return x;
  if (n == "logical_not") return absl::StrCat("(", x, " == 0)");
  if (n == "isnan" || n == "isinf" || n == "isfinite") {
    if (!IsFloating(from)) return std::string(n == "isfinite" ? "true" : "false");
    return absl::StrCat("std::", n, "(", x, ")");
  }
  for (std::string_view h : {"abs", "neg", "relu", "sign", "floor", "ceil"}) {
    if (n == h) return Call(absl::StrCat("tc_", n), c, {x});
  }
  if (n == "bitwise_not") return Call("tc_bnot", c, {x});
  if (n == "round") {
    const Scalar* dec = ScalarAttr(op, 0);
    return absl::StrCat("tc_round<", c, ">(", x, ", ", dec != nullptr ? dec->to_int() : 0, ")");
  }
  // Integers and bools have no NaN or infinity: unchanged, as in PyTorch.
  if (n == "nan_to_num" && !IsFloating(dtype)) return x;
  if (!IsFloating(dtype)) {
    return absl::InvalidArgumentError(
        absl::StrCat("emit: ", n, " of ", std::string(tensor::DTypeName(dtype))));
  }
  // float32/float64 as eager's kernels compute every element (the formula
  // header unary_math-inl.h, one lane); float16/bfloat16 with libm in float.
  if (dtype == DType::kFloat32 || dtype == DType::kFloat64) {
    for (std::string_view f : {"exp", "log", "expm1", "tanh", "sigmoid", "silu"}) {
      if (n == f) return Call(absl::StrCat("tc_", n, "_one"), c, {x});
    }
  }
  // eager's float32 erf is gelu_simd.cc's vector erf, one lane at a time
  // where strided.
  if (n == "erf" && dtype == DType::kFloat32) return absl::StrCat("tc_erf_f32(", x, ")");
  for (std::string_view f :
       {"exp", "log", "log1p", "expm1", "sqrt", "sin", "cos", "tan", "tanh", "erf"}) {
    if (n == f) return absl::StrCat("std::", n, "(", x, ")");
  }
  for (std::string_view h : {"rsqrt", "sigmoid", "silu"}) {
    if (n == h) return Call(absl::StrCat("tc_", n), c, {x});
  }
  if (n == "gelu") {
    const std::string* mode = StringAttr(op, 0);
    if (mode != nullptr && *mode == "tanh") return Call("tc_gelu_tanh", c, {x});
    if (mode != nullptr && *mode != "none") {
      return absl::InvalidArgumentError(absl::StrCat("emit: gelu approximate '", *mode, "'"));
    }
    // eager's float32 GELU is gelu_simd.cc's vector code, tail included.
    if (dtype == DType::kFloat32) return absl::StrCat("tc_gelu_f32(", x, ")");
    return Call("tc_gelu_erf_scalar", c, {x});
  }
  if (n == "logit") {
    const Scalar* eps = ScalarAttr(op, 0);
    if (eps != nullptr && eps->to_double() >= 0) {
      const std::string lo =
          absl::StrCat("static_cast<", c, ">(", ScalarLiteral(*eps, DType::kFloat64), ")");
      return absl::StrCat("tc_logit_eps<", c, ">(", x, ", ", lo, ")");
    }
    return Call("tc_logit", c, {x});
  }
  if (n == "nan_to_num") {
    auto value = [&](size_t i, double fallback) {
      const Scalar* s = ScalarAttr(op, i);
      const double v = RoundTo(s != nullptr ? s->to_double() : fallback, dtype);
      return ScalarLiteral(Scalar(v), dtype);
    };
    return absl::StrCat("tc_nan_to_num<", c, ">(", x, ", ", value(0, 0.0), ", ",
                        value(1, MaxFinite(dtype)), ", ", value(2, -MaxFinite(dtype)), ")");
  }
  return absl::InvalidArgumentError(absl::StrCat("emit: no scalar code for op ", n));
}

}  // namespace

absl::StatusOr<ClampBounds> ClampBoundsOf(const Op& op, DType dtype) {
  ClampBounds b;
  for (size_t i = 0; i < 2; ++i) {
    const Scalar* s = ScalarAttr(op, i);
    if (s == nullptr) {
      if (i < op.attrs.size() && !std::holds_alternative<graph_ir::None>(op.attrs[i])) {
        return absl::InvalidArgumentError("emit: clamp bounds must be numbers or None");
      }
      continue;
    }
    (i == 0 ? b.has_lo : b.has_hi) = "true";
    (i == 0 ? b.lo : b.hi) = ScalarLiteral(*s, dtype);
  }
  return b;
}

absl::StatusOr<std::string> ScalarOpText(const Op& op, DType dtype,
                                         const std::vector<std::string>& args,
                                         const std::vector<DType>& arg_types) {
  const std::string& n = op.name;
  const std::string c(ComputeType(dtype));
  auto arity = [&](size_t k) -> absl::Status {
    if (args.size() == k) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat("emit: ", n, " takes ", k, " operands, got ", args.size()));
  };
  std::string text;
  if (n == "where") {
    if (absl::Status s = arity(3); !s.ok()) return s;
    text = absl::StrCat("(", args[0], " ? ", args[1], " : ", args[2], ")");
  } else if (n == "clamp") {
    if (absl::Status s = arity(1); !s.ok()) return s;
    absl::StatusOr<ClampBounds> b = ClampBoundsOf(op, dtype);
    if (!b.ok()) return b.status();
    text = absl::StrCat("tc_clamp<", c, ">(", args[0], ", ", b->has_lo, ", ", b->lo, ", ",
                        b->has_hi, ", ", b->hi, ")");
  } else if (n == "lerp" || n == "addcmul" || n == "addcdiv") {
    if (absl::Status s = arity(3); !s.ok()) return s;
    if (n == "lerp") {
      text = Call("tc_lerp", c, args);
    } else {
      const Scalar* v = ScalarAttr(op, 0);
      std::vector<std::string> a = args;
      a.push_back(ScalarLiteral(v != nullptr ? *v : Scalar(int64_t{1}), dtype));
      text = Call(n == "addcmul" ? "tc_addcmul" : "tc_addcdiv", c, a);
    }
  } else if (args.size() == 2) {
    absl::StatusOr<std::string> t = Binary(op, dtype, args, arg_types[0]);
    if (!t.ok()) return t.status();
    text = *std::move(t);
  } else if (args.size() == 1) {
    absl::StatusOr<std::string> t = Unary(op, dtype, args[0], arg_types[0]);
    if (!t.ok()) return t.status();
    text = *std::move(t);
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("emit: no scalar code for op ", n, " with ", args.size(), " operands"));
  }
  if (!Exact(n)) {
    if (dtype == DType::kFloat16) text = absl::StrCat("tc_rh(", text, ")");
    if (dtype == DType::kBFloat16) text = absl::StrCat("tc_rbf(", text, ")");
  }
  return text;
}

}  // namespace tc::codegen_cpu
