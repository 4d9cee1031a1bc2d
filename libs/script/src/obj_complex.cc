// The builtin complex type as CPython 3.11 has it: construction from
// numbers, strings and __complex__, real/imag/conjugate, the arithmetic
// operators with ints and floats (CPython's algorithms: Smith's division,
// repeated squaring for small integer powers), abs, hash, ==, repr and str.
// format() specs are in obj_str_format.cc.
#include "src/obj_complex.h"

#include <cerrno>
#include <cmath>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"
#include "tc/support/py_repr.h"

#include "src/obj_bigint.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

struct C {
  double re, im;
};

Object* AllocComplex(Type* cls) { return new ComplexObject(cls); }

C Parts(const Value& v) {
  auto* c = Cast<ComplexObject>(v);
  return {c->re, c->im};
}

C Sum(C a, C b) { return {a.re + b.re, a.im + b.im}; }
C Diff(C a, C b) { return {a.re - b.re, a.im - b.im}; }
C Prod(C a, C b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }

// CPython's _Py_c_quot (Smith's algorithm); false for a zero divisor.
bool Quot(C a, C b, C* r) {
  double abs_bre = std::fabs(b.re), abs_bim = std::fabs(b.im);
  if (abs_bre >= abs_bim) {
    if (abs_bre == 0.0) return false;
    double ratio = b.im / b.re;
    double denom = b.re + b.im * ratio;
    *r = {(a.re + a.im * ratio) / denom, (a.im - a.re * ratio) / denom};
  } else if (abs_bim >= abs_bre) {
    double ratio = b.re / b.im;
    double denom = b.re * ratio + b.im;
    *r = {(a.re * ratio + a.im) / denom, (a.im * ratio - a.re) / denom};
  } else {  // NaNs
    *r = {NAN, NAN};
  }
  return true;
}

// CPython's c_powu: repeated squaring.
C PowU(C x, int64_t n) {
  C r = {1, 0}, p = x;
  for (int64_t mask = 1; mask > 0 && n >= mask; mask <<= 1) {
    if (n & mask) r = Prod(r, p);
    p = Prod(p, p);
  }
  return r;
}

// a ** b; errno EDOM for 0 to a negative or complex power.
C Pow(C a, C b, int* err) {
  *err = 0;
  if (b.im == 0 && b.re == std::floor(b.re) && std::fabs(b.re) <= 100.0) {
    auto n = static_cast<int64_t>(b.re);
    if (n >= 0) return PowU(a, n);
    C r;
    if (!Quot({1, 0}, PowU(a, -n), &r)) {
      *err = EDOM;
      return {0, 0};
    }
    return r;
  }
  if (b.re == 0 && b.im == 0) return {1, 0};
  if (a.re == 0 && a.im == 0) {
    if (b.im != 0 || b.re < 0) *err = EDOM;
    return {0, 0};
  }
  double vabs = std::hypot(a.re, a.im);
  double len = std::pow(vabs, b.re);
  double at = std::atan2(a.im, a.re);
  double phase = at * b.re;
  if (b.im != 0) {
    len /= std::exp(at * b.im);
    phase += b.im * std::log(vabs);
  }
  return {len * std::cos(phase), len * std::sin(phase)};
}

Value Make(C c) { return NewComplex(c.re, c.im); }

// The other operand of a binary method as a complex; NotImplemented
// (returned through *out) for non-numbers.
bool Other(VM& vm, const Value& v, C* c, Value* out) {
  int r = ComplexParts(vm, v, &c->re, &c->im);
  if (r < 0) {
    *out = Value();
    return false;
  }
  if (r == 0) {
    *out = NotImplementedValue();
    return false;
  }
  return true;
}

enum class Op { kAdd, kSub, kMul, kDiv, kPow };

Value Arith(VM& vm, Op op, C a, C b) {
  switch (op) {
    case Op::kAdd:
      return Make(Sum(a, b));
    case Op::kSub:
      return Make(Diff(a, b));
    case Op::kMul:
      return Make(Prod(a, b));
    case Op::kDiv: {
      C r;
      if (!Quot(a, b, &r)) return RaiseZeroDivisionError(vm, "complex division by zero");
      return Make(r);
    }
    case Op::kPow: {
      int err;
      C r = Pow(a, b, &err);
      if (err == EDOM) return RaiseZeroDivisionError(vm, "0.0 to a negative or complex power");
      bool finite_in =
          std::isfinite(a.re) && std::isfinite(a.im) && std::isfinite(b.re) && std::isfinite(b.im);
      if (finite_in && (std::isinf(r.re) || std::isinf(r.im))) {
        return RaiseOverflowError(vm, "complex exponentiation");
      }
      return Make(r);
    }
  }
  return {};
}

template <Op kOp, bool kReflected>
Value Binary(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "complex operator", 1, kOp == Op::kPow ? 2 : 1)) return {};
  if (kOp == Op::kPow && args.nargs == 2 && !args[1].is_none()) {
    return RaiseValueError(vm, "complex modulo");
  }
  C other;
  Value out;
  if (!Other(vm, args[0], &other, &out)) return out;
  return kReflected ? Arith(vm, kOp, other, Parts(self)) : Arith(vm, kOp, Parts(self), other);
}

Value Neg(VM&, const Value& self, const ArgsView&) {
  C c = Parts(self);
  return NewComplex(-c.re, -c.im);
}
Value Pos(VM&, const Value& self, const ArgsView&) {
  C c = Parts(self);
  return NewComplex(c.re, c.im);
}
Value Abs(VM& vm, const Value& self, const ArgsView&) {
  C c = Parts(self);
  // CPython's _Py_c_abs: infinities win over NaNs.
  if (std::isinf(c.re) || std::isinf(c.im)) return Value::Float(INFINITY);
  if (std::isnan(c.re) || std::isnan(c.im)) return Value::Float(NAN);
  double r = std::hypot(c.re, c.im);
  if (std::isinf(r)) return RaiseOverflowError(vm, "absolute value too large");
  return Value::Float(r);
}
Value Bool(VM&, const Value& self, const ArgsView&) {
  C c = Parts(self);
  return Value::Bool(c.re != 0 || c.im != 0);
}
Value Conjugate(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "conjugate", 0, 0)) return {};
  C c = Parts(self);
  return NewComplex(c.re, -c.im);
}
Value ComplexDunder(VM&, const Value& self, const ArgsView&) {
  C c = Parts(self);
  return NewComplex(c.re, c.im);
}
Value GetNewArgs(VM&, const Value& self, const ArgsView&) {
  C c = Parts(self);
  return NewTuple({Value::Float(c.re), Value::Float(c.im)});
}
Value Repr(VM&, const Value& self, const ArgsView&) {
  C c = Parts(self);
  return NewStr(ComplexRepr(c.re, c.im));
}
Value Hash(VM&, const Value& self, const ArgsView&) {
  C c = Parts(self);
  // CPython's complex_hash: hash(real) + 1000003 * hash(imag), unsigned.
  uint64_t combined = static_cast<uint64_t>(HashFloat(c.re)) +
                      uint64_t{1000003} * static_cast<uint64_t>(HashFloat(c.im));
  auto h = static_cast<int64_t>(combined);
  return Value::Int(h == -1 ? -2 : h);
}

template <bool kEq>
Value Equal(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kEq ? "__eq__" : "__ne__", 1, 1)) return {};
  C a = Parts(self);
  const Value& o = args[0];
  bool eq;
  if (IsComplex(o)) {
    C b = Parts(o);
    eq = a.re == b.re && a.im == b.im;
  } else if (o.is_float()) {
    eq = a.im == 0 && a.re == o.as_float();
  } else if (IsIntValue(o)) {
    // Exactly, as float == int compares (big ints included).
    if (a.im != 0) {
      eq = false;
    } else {
      Value r = vm.Compare(CompareOp::kEq, Value::Float(a.re), o);
      if (r.is_null()) return {};
      eq = r.as_bool();
    }
  } else {
    return NotImplementedValue();
  }
  return Value::Bool(kEq ? eq : !eq);
}

Value Real(VM&, const Value& self) { return Value::Float(Parts(self).re); }
Value Imag(VM&, const Value& self) { return Value::Float(Parts(self).im); }

// CPython's float parser at `s`: the length of the longest float prefix
// ("1.5e3", "inf", "-nan", ".5"), 0 when none.
size_t FloatPrefix(std::string_view s, double* out) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::string lower = absl::AsciiStrToLower(std::string(s.substr(i, 8)));
  for (const char* word : {"infinity", "inf", "nan"}) {
    if (absl::StartsWith(lower, word)) {
      size_t n = i + std::char_traits<char>::length(word);
      bool neg = s[0] == '-';
      *out = word[0] == 'n' ? NAN : (neg ? -INFINITY : INFINITY);
      if (word[0] == 'n' && neg) *out = -NAN;
      return n;
    }
  }
  size_t digits = 0, p = i;
  while (p < s.size() && absl::ascii_isdigit(s[p])) ++p, ++digits;
  if (p < s.size() && s[p] == '.') {
    ++p;
    while (p < s.size() && absl::ascii_isdigit(s[p])) ++p, ++digits;
  }
  if (digits == 0) return 0;
  if (p < s.size() && (s[p] == 'e' || s[p] == 'E')) {
    size_t q = p + 1;
    if (q < s.size() && (s[q] == '+' || s[q] == '-')) ++q;
    size_t exp_digits = 0;
    while (q < s.size() && absl::ascii_isdigit(s[q])) ++q, ++exp_digits;
    if (exp_digits > 0) p = q;
  }
  *out = std::strtod(std::string(s.substr(0, p)).c_str(), nullptr);
  return p;
}

// CPython's complex_from_string_inner: "<float>", "<float>j",
// "<float><signed-float>j", "<float><sign>j", "<sign>j", "j", each
// optionally in parentheses, surrounded by whitespace.
// Underscores stand only between digits, as float() allows; false when
// one does not.
bool StripUnderscores(const std::string& text, std::string* out) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '_') {
      if (i == 0 || i + 1 == text.size() || !absl::ascii_isdigit(text[i - 1]) ||
          !absl::ascii_isdigit(text[i + 1])) {
        return false;
      }
      continue;
    }
    *out += text[i];
  }
  return true;
}

bool ParseComplex(std::string_view s, C* out) {
  auto skip_space = [&] {
    while (!s.empty() && absl::ascii_isspace(s[0])) s.remove_prefix(1);
  };
  auto is_j = [&] { return !s.empty() && (s[0] == 'j' || s[0] == 'J'); };
  skip_space();
  bool bracket = !s.empty() && s[0] == '(';
  if (bracket) {
    s.remove_prefix(1);
    skip_space();
  }
  double x = 0, y = 0, z;
  if (size_t n = FloatPrefix(s, &z); n > 0) {
    s.remove_prefix(n);
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
      x = z;
      if (size_t m = FloatPrefix(s, &y); m > 0) {
        s.remove_prefix(m);
      } else {
        y = s[0] == '+' ? 1.0 : -1.0;
        s.remove_prefix(1);
      }
      if (!is_j()) return false;
      s.remove_prefix(1);
    } else if (is_j()) {
      s.remove_prefix(1);
      y = z;
    } else {
      x = z;
    }
  } else {
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
      y = s[0] == '+' ? 1.0 : -1.0;
      s.remove_prefix(1);
    } else {
      y = 1.0;
    }
    if (!is_j()) return false;
    s.remove_prefix(1);
  }
  skip_space();
  if (bracket) {
    if (s.empty() || s[0] != ')') return false;
    s.remove_prefix(1);
    skip_space();
  }
  if (!s.empty()) return false;
  *out = {x, y};
  return true;
}

// A constructor argument as a complex: 2 for a complex or __complex__, 1
// for a real number (int, float, __float__, __index__), 0 when it is none
// of these, -1 on error.
int ArgParts(VM& vm, const Value& v, C* out) {
  if (int r = ComplexParts(vm, v, &out->re, &out->im); r != 0) {
    return r > 0 && IsComplex(v) ? 2 : r;
  }
  if (!v.is_object()) return 0;
  if (LookupInMro(v.type(), Intern("__complex__")) != nullptr) {
    Value r = vm.CallMethod(v, "__complex__", {});
    if (r.is_null()) return -1;
    if (!IsComplex(r)) {
      RaiseTypeError(vm,
                     absl::StrFormat("__complex__ returned non-complex (type %s)", TypeName(r)));
      return -1;
    }
    *out = Parts(r);
    return 2;
  }
  if (!v.type()->slot(Slot::kFloat).is_null()) {
    double d;
    if (!ToFloat(vm, v, &d)) return -1;
    *out = {d, 0};
    return 1;
  }
  if (!v.type()->slot(Slot::kIndex).is_null()) {
    Value i = vm.CallMethod(v, "__index__", {});
    if (i.is_null()) return -1;
    if (!IsIntValue(i)) {
      RaiseTypeError(vm, absl::StrFormat("__index__ returned non-int (type %s)", TypeName(i)));
      return -1;
    }
    return ComplexParts(vm, i, &out->re, &out->im);
  }
  return 0;
}

Value ComplexNew(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"real", "imag"};
  Value a[2];
  if (!ParseArgs(vm, args, "complex", kNames, 0, a)) return {};
  auto* type = static_cast<Type*>(cls.as_object());
  C r = {0, 0}, i = {0, 0};
  bool r_complex = false, i_complex = false;
  if (!a[0].is_null()) {
    if (const std::string* text = StrValue(a[0])) {
      if (!a[1].is_null()) {
        return RaiseTypeError(vm, "complex() can't take second arg if first is a string");
      }
      C c;
      std::string stripped;
      if (!StripUnderscores(*text, &stripped)) {
        std::string r;
        if (!vm.ReprString(a[0], &r)) return {};
        return RaiseValueError(vm, absl::StrCat("could not convert string to complex: ", r));
      }
      if (!ParseComplex(stripped, &c)) {
        return RaiseValueError(vm, "complex() arg is a malformed string");
      }
      return Value::Adopt([&] {
        auto* o = static_cast<ComplexObject*>(type->alloc(type));
        o->re = c.re;
        o->im = c.im;
        return o;
      }());
    }
    if (a[1].is_null() && type == Types().complex && a[0].type() == Types().complex) return a[0];
    int k = ArgParts(vm, a[0], &r);
    if (k < 0) return {};
    r_complex = k == 2;
    if (k == 0) {
      return RaiseTypeError(
          vm, absl::StrFormat("complex() first argument must be a string or a number, not '%s'",
                              TypeName(a[0])));
    }
  }
  if (!a[1].is_null()) {
    if (StrValue(a[1]) != nullptr)
      return RaiseTypeError(vm, "complex() second arg can't be a string");
    int k = ArgParts(vm, a[1], &i);
    if (k < 0) return {};
    i_complex = k == 2;
    if (k == 0) {
      return RaiseTypeError(
          vm,
          absl::StrFormat("complex() second argument must be a number, not '%s'", TypeName(a[1])));
    }
  }
  // Only a complex argument brings a second part (complex(0.0, -0.0) keeps
  // its -0.0).
  double re = i_complex ? r.re - i.im : r.re;
  double im = r_complex ? (a[1].is_null() ? r.im : r.im + i.re) : i.re;
  auto* o = static_cast<ComplexObject*>(type->alloc(type));
  o->re = re;
  o->im = im;
  return Value::Adopt(o);
}

constexpr MethodDef kComplexMethods[] = {
    {"__new__", ComplexNew},
    {"__add__", Binary<Op::kAdd, false>},
    {"__radd__", Binary<Op::kAdd, true>},
    {"__sub__", Binary<Op::kSub, false>},
    {"__rsub__", Binary<Op::kSub, true>},
    {"__mul__", Binary<Op::kMul, false>},
    {"__rmul__", Binary<Op::kMul, true>},
    {"__truediv__", Binary<Op::kDiv, false>},
    {"__rtruediv__", Binary<Op::kDiv, true>},
    {"__pow__", Binary<Op::kPow, false>},
    {"__rpow__", Binary<Op::kPow, true>},
    {"__neg__", Neg},
    {"__pos__", Pos},
    {"__abs__", Abs},
    {"__bool__", Bool},
    {"__eq__", Equal<true>},
    {"__ne__", Equal<false>},
    {"__hash__", Hash},
    {"__repr__", Repr},
    {"__str__", Repr},
    {"__complex__", ComplexDunder},
    {"__getnewargs__", GetNewArgs},
    {"conjugate", Conjugate},
};
constexpr GetSetDef kComplexGetSets[] = {{"real", Real}, {"imag", Imag}};

}  // namespace

Value NewComplex(double re, double im) {
  auto* o = new ComplexObject(Types().complex);
  o->re = re;
  o->im = im;
  return Value::Adopt(o);
}

bool IsComplex(const Value& v) { return v.is_object() && IsInstance(v, Types().complex); }

int ComplexParts(VM& vm, const Value& v, double* re, double* im) {
  if (v.is_float()) {
    *re = v.as_float();
    *im = 0;
    return 1;
  }
  if (v.is_int() || v.is_bool()) {
    *re = static_cast<double>(v.as_int());
    *im = 0;
    return 1;
  }
  if (IsBigInt(v)) {
    *im = 0;
    return IntToDouble(vm, v, re) ? 1 : -1;
  }
  if (IsComplex(v)) {
    C c = Parts(v);
    *re = c.re;
    *im = c.im;
    return 1;
  }
  return 0;
}

bool ComplexQuotient(double are, double aim, double bre, double bim, double* re, double* im) {
  C r;
  if (!Quot({are, aim}, {bre, bim}, &r)) return false;
  *re = r.re;
  *im = r.im;
  return true;
}

std::string ShortFloatRepr(double v) {
  std::string s = support::PyFloatRepr(v);
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

std::string ComplexRepr(double re, double im) {
  // A NaN prints without a sign, as CPython's repr does.
  auto part = [](double v) { return ShortFloatRepr(std::isnan(v) ? NAN : v); };
  std::string i = part(im);
  if (re == 0 && !std::signbit(re)) return i + "j";
  if (i[0] != '-') i = "+" + i;
  return absl::StrFormat("(%s%sj)", part(re), i);
}

void InitComplexType(BuiltinTypes& bt) {
  bt.complex = NewBuiltinType("complex", bt.object, Type::kBaseType, AllocComplex);
  bt.complex->type = bt.type;
  bt.complex->dict = static_cast<DictObject*>(NewDict().Release());
  AddMethods(bt.complex, kComplexMethods);
  AddGetSets(bt.complex, kComplexGetSets);
  UpdateSlots(bt.complex);
}

}  // namespace tc::script
