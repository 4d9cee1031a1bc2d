// Packing and unpacking one element of a struct format, with CPython's
// conversions and error texts (_struct.c: get_long/get_ulong, the range
// errors of the byte, short and 4-byte codes, PyFloat_Pack2/4/8).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "absl/strings/str_format.h"

#include "tc/script/bigint.h"

#include "struct_format.h"

namespace tc::script {

namespace {

void StoreUint(uint64_t v, int64_t size, bool little, char* dst) {
  for (int64_t k = 0; k < size; ++k) {
    int64_t at = little ? k : size - 1 - k;
    dst[at] = static_cast<char>((v >> (8 * k)) & 0xff);
  }
}

uint64_t LoadUint(const unsigned char* src, int64_t size, bool little) {
  uint64_t v = 0;
  for (int64_t k = 0; k < size; ++k) {
    int64_t at = little ? k : size - 1 - k;
    v |= static_cast<uint64_t>(src[at]) << (8 * k);
  }
  return v;
}

// An int argument as CPython's get_pylong reads it: an int, or an object
// with __index__; struct.error otherwise.
Value IntArg(VM& vm, const Value& v) {
  if (IsIntValue(v)) return v.is_bool() ? Value::Int(v.as_int()) : v;
  if (v.is_object() && LookupInMro(v.type(), Intern("__index__")) != nullptr) {
    return vm.CallMethod(v, "__index__", {});
  }
  return RaiseStructError(vm, "required argument is not an integer");
}

bool IsSignedCode(char c) {
  return c == 'b' || c == 'h' || c == 'i' || c == 'l' || c == 'q' || c == 'n';
}

// Two's complement bits of `v` for a signed (int64) or unsigned (uint64)
// code, with "argument out of range" when it does not fit.
bool IntBits(VM& vm, const Value& v, bool is_signed, uint64_t* out) {
  if (is_signed) {
    if (!v.is_int()) return !RaiseStructError(vm, "argument out of range").is_null();
    *out = static_cast<uint64_t>(v.as_int());
    return true;
  }
  if (!IntToUint64(v, out)) return !RaiseStructError(vm, "argument out of range").is_null();
  return true;
}

bool PackInt(VM& vm, const StructLayout& layout, const StructItem& item, const Value& value,
             char* dst) {
  Value v = IntArg(vm, value);
  if (v.is_null()) return false;
  char c = item.code;
  uint64_t bits = 0;
  if (c == 'P') {  // a pointer takes negative values too (PyLong_AsVoidPtr)
    if (IntSign(v) < 0) {
      if (!IntBits(vm, v, true, &bits)) return false;
    } else if (!IntBits(vm, v, false, &bits)) {
      return false;
    }
    StoreUint(bits, item.size, layout.little, dst);
    return true;
  }
  // b, B, h, H read a C long and check their own range.
  static constexpr struct {
    char code;
    const char* name;
    int64_t lo, hi;
  } kSmall[] = {{'b', "byte", -128, 127},
                {'B', "ubyte", 0, 255},
                {'h', "short", -32768, 32767},
                {'H', "ushort", 0, 65535}};
  for (const auto& s : kSmall) {
    if (s.code != c) continue;
    if (!IntBits(vm, v, true, &bits)) return false;
    int64_t x = static_cast<int64_t>(bits);
    if (x < s.lo || x > s.hi) {
      RaiseStructError(
          vm, absl::StrFormat("%s format requires %d <= number <= %d", s.name, s.lo, s.hi));
      return false;
    }
    StoreUint(bits, item.size, layout.little, dst);
    return true;
  }
  bool is_signed = IsSignedCode(c);
  if (!IntBits(vm, v, is_signed, &bits)) return false;
  if (item.size == 4) {
    if (is_signed) {
      int64_t x = static_cast<int64_t>(bits);
      if (x < INT32_MIN || x > INT32_MAX) {
        RaiseStructError(vm, absl::StrFormat("'%c' format requires %d <= number <= %d", c,
                                             INT32_MIN, INT32_MAX));
        return false;
      }
    } else if (bits > UINT32_MAX) {
      RaiseStructError(vm,
                       absl::StrFormat("'%c' format requires 0 <= number <= %d", c, UINT32_MAX));
      return false;
    }
  }
  StoreUint(bits, item.size, layout.little, dst);
  return true;
}

// PyFloat_Pack2: round half to even from the double itself (not through a
// float, which would round twice).
bool PackHalf(VM& vm, double x, uint16_t* out) {
  uint16_t sign = std::signbit(x) ? 1 : 0;
  int e = 0;
  uint32_t bits = 0;
  if (x == 0.0) {
  } else if (std::isinf(x)) {
    e = 0x1f;
  } else if (std::isnan(x)) {
    e = 0x1f;
    bits = 512;
  } else {
    double f = std::frexp(std::fabs(x), &e);
    f *= 2.0;
    --e;
    if (e >= 16) {
      RaiseOverflowError(vm, "float too large to pack with e format");
      return false;
    }
    if (e < -25) {
      f = 0.0;
      e = 0;
    } else if (e < -14) {
      f = std::ldexp(f, 14 + e);
      e = 0;
    } else {
      e += 15;
      f -= 1.0;
    }
    f *= 1024.0;
    bits = static_cast<uint32_t>(f);
    f -= bits;
    if (f > 0.5 || (f == 0.5 && bits % 2 == 1)) {
      if (++bits == 1024) {
        bits = 0;
        if (++e == 31) {
          RaiseOverflowError(vm, "float too large to pack with e format");
          return false;
        }
      }
    }
  }
  *out = static_cast<uint16_t>(bits | (e << 10) | (sign << 15));
  return true;
}

double UnpackHalf(uint16_t h) {
  int sign = h >> 15;
  int e = (h >> 10) & 0x1f;
  int f = h & 0x3ff;
  double x;
  if (e == 0x1f) {
    x = f == 0 ? INFINITY : NAN;
  } else if (e == 0) {
    x = std::ldexp(f / 1024.0, -14);
  } else {
    x = std::ldexp(1.0 + f / 1024.0, e - 15);
  }
  return sign ? -x : x;
}

bool PackFloat(VM& vm, const StructLayout& layout, const StructItem& item, const Value& value,
               char* dst) {
  double x = 0;
  if (!ToFloat(vm, value, &x)) {
    vm.ClearException();
    RaiseStructError(vm, "required argument is not a float");
    return false;
  }
  uint64_t bits = 0;
  if (item.code == 'e') {
    uint16_t h = 0;
    if (!PackHalf(vm, x, &h)) return false;
    bits = h;
  } else if (item.code == 'f') {
    float y = static_cast<float>(x);
    if (std::isinf(y) && !std::isinf(x)) {
      RaiseOverflowError(vm, "float too large to pack with f format");
      return false;
    }
    uint32_t u = 0;
    std::memcpy(&u, &y, 4);
    bits = u;
  } else {
    std::memcpy(&bits, &x, 8);
  }
  StoreUint(bits, item.size, layout.little, dst);
  return true;
}

bool PackBytes(VM& vm, const StructItem& item, const Value& value, char* dst) {
  const std::string* data = BytesValue(value);
  if (data == nullptr) {
    RaiseStructError(vm, absl::StrFormat("argument for '%c' must be a bytes object", item.code));
    return false;
  }
  int64_t n = static_cast<int64_t>(data->size());
  if (item.code == 's') {
    int64_t k = std::min(n, item.count);
    std::memcpy(dst, data->data(), k);
    std::memset(dst + k, 0, item.count - k);
    return true;
  }
  if (item.count == 0) return true;  // '0p' packs nothing
  int64_t k = std::min({n, item.count - 1, int64_t{255}});
  dst[0] = static_cast<char>(k);
  std::memcpy(dst + 1, data->data(), k);
  std::memset(dst + 1 + k, 0, item.count - 1 - k);
  return true;
}

}  // namespace

bool PackStructItem(VM& vm, const StructLayout& layout, const StructItem& item, const Value& value,
                    char* dst) {
  switch (item.code) {
    case 's':
    case 'p':
      return PackBytes(vm, item, value, dst);
    case 'c': {
      const std::string* data = BytesValue(value);
      if (data == nullptr || data->size() != 1) {
        RaiseStructError(vm, "char format requires a bytes object of length 1");
        return false;
      }
      dst[0] = (*data)[0];
      return true;
    }
    case '?': {
      int t = Truthy(vm, value);
      if (t < 0) return false;
      dst[0] = static_cast<char>(t);
      return true;
    }
    case 'e':
    case 'f':
    case 'd':
      return PackFloat(vm, layout, item, value, dst);
    default:
      return PackInt(vm, layout, item, value, dst);
  }
}

Value UnpackStructItem(VM&, const StructLayout& layout, const StructItem& item,
                       const unsigned char* src) {
  char c = item.code;
  switch (c) {
    case 's':
      return NewBytes(std::string(reinterpret_cast<const char*>(src), item.count));
    case 'p': {
      if (item.count == 0) return NewBytes("");
      int64_t n = std::min<int64_t>(src[0], item.count - 1);
      return NewBytes(std::string(reinterpret_cast<const char*>(src + 1), n));
    }
    case 'c':
      return NewBytes(std::string(1, static_cast<char>(src[0])));
    case '?':
      return Value::Bool(src[0] != 0);
    default:
      break;
  }
  uint64_t bits = LoadUint(src, item.size, layout.little);
  if (c == 'e') return Value::Float(UnpackHalf(static_cast<uint16_t>(bits)));
  if (c == 'f') {
    float y;
    uint32_t u = static_cast<uint32_t>(bits);
    std::memcpy(&y, &u, 4);
    return Value::Float(y);
  }
  if (c == 'd') {
    double x;
    std::memcpy(&x, &bits, 8);
    return Value::Float(x);
  }
  if (IsSignedCode(c)) {
    int shift = static_cast<int>(64 - 8 * item.size);
    return Value::Int(static_cast<int64_t>(bits << shift) >> shift);  // sign extension
  }
  return IntFromUint64(bits);
}

}  // namespace tc::script
