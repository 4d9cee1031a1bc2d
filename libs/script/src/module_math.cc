// The `math` module: libm's functions here; the integer functions
// (math_integer.cc) and fsum / hypot / dist / frexp / ... (math_float.cc)
// apart. gamma and lgamma are CPython's own Lanczos code, not libm's, so
// they are tc NotImplementedErrors rather than answers that differ.
#include <cmath>
#include <numeric>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "math_internal.h"
#include "module_unsupported.h"
#include "src/obj_bigint.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

bool Arg1(VM& vm, const ArgsView& args, const char* name, double* x) {
  if (!CheckArgCount(vm, args, name, 1, 1)) return false;
  return ToFloat(vm, args[0], x);
}
bool Arg2(VM& vm, const ArgsView& args, const char* name, double* x, double* y) {
  if (!CheckArgCount(vm, args, name, 2, 2)) return false;
  return ToFloat(vm, args[0], x) && ToFloat(vm, args[1], y);
}

Value Domain(VM& vm) { return RaiseValueError(vm, "math domain error"); }

#define TC_MATH_UNARY(NAME, EXPR, DOMAIN)                         \
  Value Math_##NAME(VM& vm, const Value&, const ArgsView& args) { \
    double x;                                                     \
    if (!Arg1(vm, args, #NAME, &x)) return {};                    \
    if (DOMAIN) return Domain(vm);                                \
    return Value::Float(EXPR);                                    \
  }

TC_MATH_UNARY(sqrt, std::sqrt(x), x < 0)
TC_MATH_UNARY(exp, std::exp(x), false)
TC_MATH_UNARY(log1p, std::log1p(x), x <= -1)
TC_MATH_UNARY(expm1, std::expm1(x), false)
TC_MATH_UNARY(sin, std::sin(x), std::isinf(x))
TC_MATH_UNARY(cos, std::cos(x), std::isinf(x))
TC_MATH_UNARY(tan, std::tan(x), std::isinf(x))
TC_MATH_UNARY(asin, std::asin(x), x<-1 || x> 1)
TC_MATH_UNARY(acos, std::acos(x), x<-1 || x> 1)
TC_MATH_UNARY(atan, std::atan(x), false)
TC_MATH_UNARY(sinh, std::sinh(x), false)
TC_MATH_UNARY(cosh, std::cosh(x), false)
TC_MATH_UNARY(tanh, std::tanh(x), false)
TC_MATH_UNARY(fabs, std::fabs(x), false)
TC_MATH_UNARY(erf, std::erf(x), false)
TC_MATH_UNARY(erfc, std::erfc(x), false)
TC_MATH_UNARY(degrees, x * 180.0 / M_PI, false)
TC_MATH_UNARY(radians, x* M_PI / 180.0, false)
#undef TC_MATH_UNARY

Value RoundTo(VM& vm, const ArgsView& args, const char* name, bool up) {
  if (!CheckArgCount(vm, args, name, 1, 1)) return {};
  const Value& x = args[0];
  if (x.is_int() || x.is_bool()) return Value::Int(x.as_int());
  if (IsBigInt(x)) return x;
  double d;
  if (!ToFloat(vm, x, &d)) return {};
  return FloatToInt(vm, up ? std::ceil(d) : std::floor(d));
}
Value Math_floor(VM& vm, const Value&, const ArgsView& a) { return RoundTo(vm, a, "floor", false); }
Value Math_ceil(VM& vm, const Value&, const ArgsView& a) { return RoundTo(vm, a, "ceil", true); }
Value Math_trunc(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "trunc", 1, 1)) return {};
  if (args[0].is_int() || args[0].is_bool()) return Value::Int(args[0].as_int());
  if (IsBigInt(args[0])) return args[0];
  double d;
  if (!ToFloat(vm, args[0], &d)) return {};
  return FloatToInt(vm, d);
}

Value Math_pow(VM& vm, const Value&, const ArgsView& args) {
  double x, y;
  if (!Arg2(vm, args, "pow", &x, &y)) return {};
  if (x == 0 && y < 0) return Domain(vm);
  if (x < 0 && std::floor(y) != y && std::isfinite(y)) return Domain(vm);
  return Value::Float(std::pow(x, y));
}
Value Math_atan2(VM& vm, const Value&, const ArgsView& args) {
  double y, x;
  if (!Arg2(vm, args, "atan2", &y, &x)) return {};
  return Value::Float(std::atan2(y, x));
}
Value Math_copysign(VM& vm, const Value&, const ArgsView& args) {
  double x, y;
  if (!Arg2(vm, args, "copysign", &x, &y)) return {};
  return Value::Float(std::copysign(x, y));
}
Value Math_fmod(VM& vm, const Value&, const ArgsView& args) {
  double x, y;
  if (!Arg2(vm, args, "fmod", &x, &y)) return {};
  if (y == 0) return Domain(vm);
  return Value::Float(std::fmod(x, y));
}

Value Pred(VM& vm, const ArgsView& args, const char* name, int which) {
  double x;
  if (!Arg1(vm, args, name, &x)) return {};
  switch (which) {
    case 0:
      return Value::Bool(std::isnan(x));
    case 1:
      return Value::Bool(std::isinf(x));
    default:
      return Value::Bool(std::isfinite(x));
  }
}
Value Math_isnan(VM& vm, const Value&, const ArgsView& a) { return Pred(vm, a, "isnan", 0); }
Value Math_isinf(VM& vm, const Value&, const ArgsView& a) { return Pred(vm, a, "isinf", 1); }
Value Math_isfinite(VM& vm, const Value&, const ArgsView& a) { return Pred(vm, a, "isfinite", 2); }

Value Math_isclose(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"a", "b", "rel_tol", "abs_tol"};
  Value v[4];
  if (!ParseArgs(vm, args, "isclose", kNames, 2, v, 2)) return {};
  double a, b, rel = 1e-9, abs_tol = 0;
  if (!ToFloat(vm, v[0], &a) || !ToFloat(vm, v[1], &b)) return {};
  if (!v[2].is_null() && !ToFloat(vm, v[2], &rel)) return {};
  if (!v[3].is_null() && !ToFloat(vm, v[3], &abs_tol)) return {};
  if (rel < 0 || abs_tol < 0) return RaiseValueError(vm, "tolerances must be non-negative");
  if (a == b) return Value::Bool(true);
  if (std::isinf(a) || std::isinf(b)) return Value::Bool(false);
  double diff = std::fabs(b - a);
  return Value::Bool(diff <= std::fabs(rel * b) || diff <= std::fabs(rel * a) || diff <= abs_tol);
}

Value Math_prod(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"iterable", "start"};
  Value a[2];
  if (!ParseArgs(vm, args, "prod", kNames, 1, a, 1)) return {};
  Value acc = a[1].is_null() ? Value::Int(1) : a[1];
  std::vector<Value> items;
  if (!vm.Extend(&items, a[0])) return {};
  for (const Value& v : items) {
    acc = vm.Binary(BinaryOp::kMul, acc, v);
    if (acc.is_null()) return acc;
  }
  return acc;
}
constexpr MethodDef kMathFunctions[] = {
    {"sqrt", Math_sqrt},         {"exp", Math_exp},         {"log1p", Math_log1p},
    {"expm1", Math_expm1},       {"sin", Math_sin},         {"cos", Math_cos},
    {"tan", Math_tan},           {"asin", Math_asin},       {"acos", Math_acos},
    {"atan", Math_atan},         {"atan2", Math_atan2},     {"sinh", Math_sinh},
    {"cosh", Math_cosh},         {"tanh", Math_tanh},       {"floor", Math_floor},
    {"ceil", Math_ceil},         {"trunc", Math_trunc},     {"fabs", Math_fabs},
    {"pow", Math_pow},           {"isnan", Math_isnan},     {"isinf", Math_isinf},
    {"isfinite", Math_isfinite}, {"isclose", Math_isclose}, {"prod", Math_prod},
    {"erf", Math_erf},           {"erfc", Math_erfc},       {"copysign", Math_copysign},
    {"fmod", Math_fmod},         {"degrees", Math_degrees}, {"radians", Math_radians},
};

}  // namespace

bool InitMathModule(VM&, ModuleObject* m) {
  AddFunctions(m, kMathFunctions);
  ModuleSet(m, "pi", Value::Float(M_PI));
  ModuleSet(m, "e", Value::Float(M_E));
  ModuleSet(m, "tau", Value::Float(2 * M_PI));
  ModuleSet(m, "inf", Value::Float(INFINITY));
  ModuleSet(m, "nan", Value::Float(NAN));
  AddMathIntegerFunctions(m);
  AddMathFloatFunctions(m);
  static constexpr const char* kUnsupported[] = {"cbrt", "exp2", "gamma", "lgamma", "remainder"};
  AddUnsupportedNames(m, kUnsupported);
  return true;
}

}  // namespace tc::script
