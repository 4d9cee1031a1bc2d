// The constructors of int, float and bool (int(x, base), float(text),
// bool(x)), and int.__new__(cls, x) / float.__new__(cls, x) for a class
// statement's subclass, whose instances box the value (IntEnum members).
#include <cmath>
#include <string>
#include <string_view>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/obj_bigint.h"
#include "src/str_helpers.h"
#include "vm_internal.h"

namespace tc::script {
namespace {

// For int.__new__(cls, x) and float.__new__(cls, x) with a class
// statement's subclass: the value `v`, boxed as a cls instance.
Value BoxFor(const Value& cls, const Type* base, Value v) {
  if (v.is_null() || !cls.is_object() || cls.as_object() == base || !IsInstance(cls, Types().type))
    return v;
  return Value::Adopt(new BoxedValueObject(Cast<Type>(cls), std::move(v)));
}

Value IntValueNew(VM& vm, const ArgsView& args) {
  static constexpr const char* kNames[] = {"x", "base"};
  Value a[2];
  if (!ParseArgs(vm, args, "int", kNames, 0, a)) return {};
  if (a[0].is_null()) return Value::Int(0);
  const Value& x = a[0];
  if (!a[1].is_null()) {
    int64_t base;
    if (!ToInt(vm, a[1], &base)) return {};
    const std::string* s = StrValue(x);
    if (s == nullptr) s = BytesValue(x);
    if (s == nullptr)
      return RaiseTypeError(vm, "int() can't convert non-string with explicit base");
    if (base < INT32_MIN || base > INT32_MAX) base = -1;  // out of range either way
    return ParseIntValue(vm, *s, static_cast<int>(base), x);
  }
  if (x.is_int() || IsBigInt(x)) return x;
  if (x.is_bool()) return Value::Int(x.as_int());
  if (x.is_float()) return FloatToInt(vm, x.as_float());
  const std::string* s = StrValue(x);
  if (s == nullptr) s = BytesValue(x);  // int(b"42")
  if (s != nullptr) return ParseIntValue(vm, *s, 10, x);
  Type* t = x.type();
  for (Slot sl : {Slot::kInt, Slot::kIndex}) {
    const Value& m = t->slot(sl);
    if (!m.is_null()) {
      Value r = vm.CallWithSelf(m, x, ArgsView());
      if (r.is_null()) return r;
      if (r.is_float()) return FloatToInt(vm, r.as_float());
      return r.is_bool() ? Value::Int(r.as_int()) : r;
    }
  }
  return RaiseTypeError(vm, absl::StrFormat("int() argument must be a string, a bytes-like object "
                                            "or a real number, not '%s'",
                                            TypeName(x)));
}

Value IntNew(VM& vm, const Value& cls, const ArgsView& args) {
  return BoxFor(cls, Types().int_, IntValueNew(vm, args));
}

Value FloatValueNew(VM& vm, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "float", 0, 1)) return {};
  if (args.nargs == 0) return Value::Float(0.0);
  const Value& x = args[0];
  if (x.is_float()) return x;
  if (x.is_int() || x.is_bool()) return Value::Float(static_cast<double>(x.as_int()));
  if (IsBigInt(x)) {
    double d;
    if (!IntToDouble(vm, x, &d)) return {};
    return Value::Float(d);
  }
  const std::string* text = StrValue(x);
  if (text == nullptr) text = BytesValue(x);  // float(b"1.5")
  if (text != nullptr) {
    std::string t = absl::AsciiStrToLower(
        absl::StripAsciiWhitespace(StrValue(x) != nullptr ? DecimalAndSpaceToAscii(*text) : *text));
    std::string u;
    for (char c : t)
      if (c != '_') u += c;
    std::string_view body = u;
    bool neg = false;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
      neg = body[0] == '-';
      body.remove_prefix(1);
    }
    if (body == "inf" || body == "infinity") return Value::Float(neg ? -INFINITY : INFINITY);
    if (body == "nan") return Value::Float(NAN);
    double d;
    if (!u.empty() && u.find_first_not_of("0123456789+-.e") == std::string::npos &&
        absl::SimpleAtod(u, &d)) {
      return Value::Float(d);
    }
    std::string r;
    vm.ReprString(x, &r);
    return RaiseValueError(vm, absl::StrFormat("could not convert string to float: %s", r));
  }
  double d;
  if (!ToFloat(vm, x, &d)) {
    // __float__'s own error (a tensor with no data while tracing, several
    // elements) propagates, as in CPython.
    if (x.is_object() && !x.type()->slot(Slot::kFloat).is_null()) return {};
    vm.ClearException();
    return RaiseTypeError(
        vm, absl::StrFormat("float() argument must be a string or a real number, not '%s'",
                            TypeName(x)));
  }
  return Value::Float(d);
}

Value FloatNew(VM& vm, const Value& cls, const ArgsView& args) {
  return BoxFor(cls, Types().float_, FloatValueNew(vm, args));
}

Value BoolNew(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "bool", 0, 1)) return {};
  if (args.nargs == 0) return Value::Bool(false);
  int t = vm.Truthy(args[0]);
  if (t < 0) return {};
  return Value::Bool(t != 0);
}

Value FloatIsInteger(VM&, const Value& self, const ArgsView&) {
  double d = self.as_float();
  return Value::Bool(std::isfinite(d) && std::floor(d) == d);
}
Value IntConjugate(VM&, const Value& self, const ArgsView&) { return self; }

// int's other methods: AddIntMethods (int_methods.cc).
constexpr MethodDef kIntMethods[] = {{"__new__", IntNew}};
constexpr MethodDef kFloatMethods[] = {
    {"__new__", FloatNew}, {"is_integer", FloatIsInteger}, {"conjugate", IntConjugate}};
constexpr MethodDef kBoolMethods[] = {{"__new__", BoolNew}};

}  // namespace

std::span<const MethodDef> IntTypeMethods() { return kIntMethods; }
std::span<const MethodDef> FloatTypeMethods() { return kFloatMethods; }
std::span<const MethodDef> BoolTypeMethods() { return kBoolMethods; }

}  // namespace tc::script
