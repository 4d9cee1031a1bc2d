// The big int object: conversion between the inline and heap forms,
// int <-> float with CPython's rounding and errors, hashing, ordering,
// decimal/hex text both ways with CPython's grammar and digit limit, and
// the public, GMP-free view of ints (tc/script/bigint.h).
#include "src/obj_bigint.h"

#include <cmath>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/str_helpers.h"
#include "src/utf8.h"

namespace tc::script {

int64_t g_int_max_str_digits = 4300;

Mpz::Mpz(const Value& int_value) {
  mpz_init(z_);
  LoadInt(int_value, z_);
}

bool IsBigInt(const Value& v) { return v.is_object() && v.as_object()->type == Types().int_; }

void LoadInt(const Value& v, mpz_ptr out) {
  if (v.is_object()) {
    mpz_set(out, AsBig(v)->v);
  } else {
    mpz_set_si(out, v.as_int());  // long is 64-bit on the targets tc builds for
  }
}

Value IntFromMpz(mpz_srcptr z) {
  if (mpz_fits_slong_p(z)) return Value::Int(mpz_get_si(z));
  auto* b = new BigIntObject(Types().int_);
  mpz_set(b->v, z);
  return Value::Adopt(b);
}

bool CheckIntBits(VM& vm, double bits) {
  if (bits <= static_cast<double>(kMaxIntBits)) return true;
  RaiseOverflowError(vm, "too many digits in integer");
  return false;
}

// --- int <-> float ------------------------------------------------------------
bool RoundMpzToDouble(mpz_srcptr q, int64_t shift, bool sticky, double* out) {
  int sign = mpz_sgn(q);
  if (sign == 0) {
    *out = 0.0;
    return true;
  }
  auto n = static_cast<int64_t>(mpz_sizeinbase(q, 2));
  int64_t e = n - 1 - shift;  // |value| lies in [2**e, 2**(e+1))
  if (e > 1023) return false;
  if (e < -1100) {  // far below the smallest subnormal (2**-1074)
    *out = sign < 0 ? -0.0 : 0.0;
    return true;
  }
  // Significant bits a double has at this exponent (fewer when subnormal).
  int64_t precision = e >= -1022 ? 53 : 53 - (-1022 - e);
  int64_t drop = n - precision;
  Mpz m;
  mpz_abs(m.get(), q);
  double r;
  if (drop <= 0) {
    r = std::ldexp(mpz_get_d(m.get()), static_cast<int>(-shift));
  } else {
    // Round half to even on the dropped bits (and what `sticky` says lies
    // below them).
    Mpz top;
    mpz_fdiv_q_2exp(top.get(), m.get(), drop);
    bool half = mpz_tstbit(m.get(), drop - 1) != 0;
    bool below = sticky || static_cast<int64_t>(mpz_scan1(m.get(), 0)) < drop - 1;
    if (half && (below || mpz_odd_p(top.get()))) mpz_add_ui(top.get(), top.get(), 1);
    r = std::ldexp(mpz_get_d(top.get()), static_cast<int>(drop - shift));
  }
  if (std::isinf(r)) return false;
  *out = sign < 0 ? -r : r;
  return true;
}

bool IntToDouble(VM& vm, const Value& v, double* out) {
  if (!v.is_object()) {
    *out = static_cast<double>(v.as_int());  // the FPU rounds half to even
    return true;
  }
  if (!RoundMpzToDouble(AsBig(v)->v, 0, false, out)) {
    RaiseOverflowError(vm, "int too large to convert to float");
    return false;
  }
  return true;
}

Value FloatToInt(VM& vm, double d) {
  if (std::isnan(d)) return RaiseValueError(vm, "cannot convert float NaN to integer");
  if (std::isinf(d)) return RaiseOverflowError(vm, "cannot convert float infinity to integer");
  double t = std::trunc(d);
  if (t > -9.2233720368547758e18 && t < 9.2233720368547758e18) {
    return Value::Int(static_cast<int64_t>(t));
  }
  Mpz z;
  mpz_set_d(z.get(), t);  // exact: t is an integer
  return IntFromMpz(z.get());
}

// --- hashing and ordering ---------------------------------------------------------
int64_t HashBigInt(const BigIntObject* b) {
  constexpr uint64_t kMod = (uint64_t{1} << 61) - 1;
  Mpz mag;
  mpz_abs(mag.get(), b->v);
  auto r = static_cast<int64_t>(mpz_fdiv_ui(mag.get(), kMod));
  if (mpz_sgn(b->v) < 0) r = -r;
  return r == -1 ? -2 : r;
}

int CompareInts(const Value& a, const Value& b) {
  if (!a.is_object() && !b.is_object()) {
    return a.as_int() < b.as_int() ? -1 : (a.as_int() > b.as_int() ? 1 : 0);
  }
  // A big int lies beyond every inline one.
  if (!a.is_object()) return -mpz_sgn(AsBig(b)->v);
  if (!b.is_object()) return mpz_sgn(AsBig(a)->v);
  int c = mpz_cmp(AsBig(a)->v, AsBig(b)->v);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

int CompareIntDouble(const Value& a, double d) {
  if (!a.is_object()) {
    int64_t i = a.as_int();
    // Ints up to 2**53 convert exactly; larger ones compare exactly below.
    if (i >= -(int64_t{1} << 53) && i <= (int64_t{1} << 53)) {
      auto x = static_cast<double>(i);
      return x < d ? -1 : (x > d ? 1 : 0);
    }
  }
  if (std::isinf(d)) return d > 0 ? -1 : 1;
  Mpz z(a);
  int c = mpz_cmp_d(z.get(), d);  // exact in GMP
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

// --- text ---------------------------------------------------------------------
namespace {

constexpr const char* kToStrLimit =
    "Exceeds the limit (%d digits) for integer string conversion; use "
    "sys.set_int_max_str_digits() to increase the limit";
constexpr const char* kToIntLimit =
    "Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use "
    "sys.set_int_max_str_digits() to increase the limit";

bool IsPowerOfTwo(int base) { return (base & (base - 1)) == 0; }

}  // namespace

bool IntMagnitudeDigits(VM& vm, const Value& v, int base, std::string* out) {
  if (!v.is_object()) {
    int64_t x = v.as_int();
    uint64_t mag = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    if (base == 10) {
      *out = std::to_string(mag);
      return true;
    }
    out->clear();
    do {
      out->insert(out->begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[mag % base]);
      mag /= base;
    } while (mag != 0);
    return true;
  }
  Mpz mag;
  mpz_abs(mag.get(), AsBig(v)->v);
  if (base == 10 && g_int_max_str_digits > 0) {
    // sizeinbase may count one digit too many: only a sure excess raises
    // before converting.
    auto estimate = static_cast<int64_t>(mpz_sizeinbase(mag.get(), 10));
    if (estimate - 1 > g_int_max_str_digits) {
      RaiseValueError(vm, absl::StrFormat(kToStrLimit, g_int_max_str_digits));
      return false;
    }
  }
  out->resize(mpz_sizeinbase(mag.get(), base) + 2);
  mpz_get_str(out->data(), base, mag.get());
  out->resize(std::char_traits<char>::length(out->data()));
  if (base == 10 && g_int_max_str_digits > 0 &&
      static_cast<int64_t>(out->size()) > g_int_max_str_digits) {
    RaiseValueError(vm, absl::StrFormat(kToStrLimit, g_int_max_str_digits));
    return false;
  }
  return true;
}

bool IntRepr(VM& vm, const Value& v, std::string* out) {
  if (!v.is_object()) {
    *out = std::to_string(v.as_int());
    return true;
  }
  if (!IntMagnitudeDigits(vm, v, 10, out)) return false;
  if (mpz_sgn(AsBig(v)->v) < 0) out->insert(out->begin(), '-');
  return true;
}

namespace {

int DigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(c | 0x20);
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return 99;
}

bool IsAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

Value InvalidLiteral(VM& vm, int base, const Value& orig) {
  std::string r;
  if (!vm.ReprString(orig, &r)) return {};
  // CPython formats the object with %.200R.
  if (StrValue(orig) != nullptr && utf8::CountCodePoints(r) > 200) {
    r = r.substr(0, utf8::Advance(r, 0, 200));
  }
  return RaiseValueError(vm,
                         absl::StrFormat("invalid literal for int() with base %d: %s", base, r));
}

}  // namespace

Value ParseIntValue(VM& vm, std::string_view raw, int base, const Value& orig) {
  if (base != 0 && (base < 2 || base > 36)) {
    return RaiseValueError(vm, "int() base must be >= 2 and <= 36, or 0");
  }
  const int orig_base = base;
  std::string text = StrValue(orig) != nullptr ? DecimalAndSpaceToAscii(raw) : std::string(raw);
  std::string_view s = text;
  size_t i = 0;
  while (i < s.size() && IsAsciiSpace(s[i])) ++i;
  bool neg = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  auto at = [&](size_t k) { return k < s.size() ? static_cast<char>(s[k] | 0x20) : '\0'; };
  bool only_zero_allowed = false;  // base 0: "0..." is an old octal form unless all zeros
  if (base == 0) {
    if (at(i) != '0') {
      base = 10;
    } else if (at(i + 1) == 'x') {
      base = 16;
    } else if (at(i + 1) == 'o') {
      base = 8;
    } else if (at(i + 1) == 'b') {
      base = 2;
    } else {
      only_zero_allowed = true;
      base = 10;
    }
  }
  if (at(i) == '0' && ((base == 16 && at(i + 1) == 'x') || (base == 8 && at(i + 1) == 'o') ||
                       (base == 2 && at(i + 1) == 'b'))) {
    i += 2;
    if (i < s.size() && s[i] == '_') ++i;  // one underscore may follow the prefix
  }
  if (i < s.size() && s[i] == '_') return InvalidLiteral(vm, orig_base, orig);
  std::string digits;
  bool prev_underscore = false;
  for (; i < s.size(); ++i) {
    if (s[i] == '_') {
      if (prev_underscore) return InvalidLiteral(vm, orig_base, orig);
      prev_underscore = true;
      continue;
    }
    if (DigitValue(s[i]) >= base) break;
    digits.push_back(s[i]);
    prev_underscore = false;
  }
  if (digits.empty() || prev_underscore) return InvalidLiteral(vm, orig_base, orig);
  if (!IsPowerOfTwo(base) && g_int_max_str_digits > 0 &&
      static_cast<int64_t>(digits.size()) > g_int_max_str_digits) {
    return RaiseValueError(vm, absl::StrFormat(kToIntLimit, g_int_max_str_digits,
                                               static_cast<int64_t>(digits.size())));
  }
  while (i < s.size() && IsAsciiSpace(s[i])) ++i;
  if (i != s.size()) return InvalidLiteral(vm, orig_base, orig);
  Mpz z;
  mpz_set_str(z.get(), digits.c_str(), base);  // digits are valid by now
  if (only_zero_allowed && mpz_sgn(z.get()) != 0) return InvalidLiteral(vm, orig_base, orig);
  if (neg) mpz_neg(z.get(), z.get());
  return IntFromMpz(z.get());
}

// --- the public view -------------------------------------------------------------
int IntSign(const Value& v) {
  if (v.is_object()) return mpz_sgn(AsBig(v)->v);
  return v.as_int() < 0 ? -1 : (v.as_int() > 0 ? 1 : 0);
}

uint64_t IntLow64(const Value& v) {
  if (!v.is_object()) return static_cast<uint64_t>(v.as_int());
  Mpz low;
  mpz_fdiv_r_2exp(low.get(), AsBig(v)->v, 64);  // floor: the two's complement bits
  return mpz_get_ui(low.get());
}

Value IntFromUint64(uint64_t u) {
  if (u <= static_cast<uint64_t>(INT64_MAX)) return Value::Int(static_cast<int64_t>(u));
  Mpz z;
  mpz_set_ui(z.get(), u);  // unsigned long is 64-bit on the targets tc builds for
  return IntFromMpz(z.get());
}

bool IntToUint64(const Value& v, uint64_t* out) {
  if (!v.is_object()) {
    if (v.as_int() < 0) return false;
    *out = static_cast<uint64_t>(v.as_int());
    return true;
  }
  const BigIntObject* b = AsBig(v);
  if (mpz_sgn(b->v) < 0 || mpz_sizeinbase(b->v, 2) > 64) return false;
  *out = mpz_get_ui(b->v);
  return true;
}

std::string IntToDecimal(const Value& v) {
  if (!v.is_object()) return std::to_string(v.as_int());
  std::string out(mpz_sizeinbase(AsBig(v)->v, 10) + 2, '\0');
  mpz_get_str(out.data(), 10, AsBig(v)->v);
  out.resize(std::char_traits<char>::length(out.data()));
  return out;
}

Value IntFromDecimal(std::string_view text) {
  std::string t(text);
  if (!t.empty() && t[0] == '+') t.erase(0, 1);
  if (t.empty() || t.find_first_not_of("-0123456789") != std::string::npos) return Value();
  Mpz z;
  if (mpz_set_str(z.get(), t.c_str(), 10) != 0) return Value();
  return IntFromMpz(z.get());
}

}  // namespace tc::script
