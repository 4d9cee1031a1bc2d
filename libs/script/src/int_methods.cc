// int's methods and attributes (bit_length, bit_count, to_bytes,
// from_bytes, as_integer_ratio, numerator, ...) for both forms of int, as
// CPython 3.11 defines them (to_bytes' length and byteorder have defaults
// since 3.11).
#include <string>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/obj_bigint.h"

namespace tc::script {

namespace {

// `self` may be a bool (bool inherits int's methods).
Value IntBitLength(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "bit_length", 0, 0)) return {};
  Mpz z(self);
  if (mpz_sgn(z.get()) == 0) return Value::Int(0);
  return Value::Int(static_cast<int64_t>(mpz_sizeinbase(z.get(), 2)));
}

Value IntBitCount(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "bit_count", 0, 0)) return {};
  Mpz z(self);
  mpz_abs(z.get(), z.get());
  return Value::Int(static_cast<int64_t>(mpz_popcount(z.get())));
}

// byteorder: "big" or "little"; false with CPython's errors otherwise.
bool ByteOrder(VM& vm, const Value& v, bool* little) {
  if (v.is_null()) {
    *little = false;
    return true;
  }
  const std::string* s = StrValue(v);
  if (s == nullptr) {
    RaiseTypeError(
        vm, absl::StrFormat("to_bytes() argument 'byteorder' must be str, not %s", TypeName(v)));
    return false;
  }
  if (*s != "big" && *s != "little") {
    RaiseValueError(vm, "byteorder must be either 'little' or 'big'");
    return false;
  }
  *little = *s == "little";
  return true;
}

Value IntToBytes(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"length", "byteorder", "signed"};
  Value a[3];
  if (!ParseArgs(vm, args, "to_bytes", kNames, 0, a, 2)) return {};
  int64_t length = 1;
  if (!a[0].is_null() && !ToInt(vm, a[0], &length)) return {};
  if (length < 0) return RaiseValueError(vm, "length argument must be non-negative");
  bool little;
  if (!ByteOrder(vm, a[1], &little)) return {};
  int is_signed = a[2].is_null() ? 0 : vm.Truthy(a[2]);
  if (is_signed < 0) return {};
  Mpz z(self);
  if (mpz_sgn(z.get()) < 0 && !is_signed) {
    return RaiseOverflowError(vm, "can't convert negative int to unsigned");
  }
  // The bits the value needs, its sign bit included when signed.
  size_t bits = 0;
  if (mpz_sgn(z.get()) != 0) {
    if (mpz_sgn(z.get()) > 0) {
      bits = mpz_sizeinbase(z.get(), 2) + (is_signed ? 1 : 0);
    } else {
      Mpz m;  // -v - 1 has the bit length of v's magnitude in two's complement
      mpz_com(m.get(), z.get());
      bits = (mpz_sgn(m.get()) == 0 ? 0 : mpz_sizeinbase(m.get(), 2)) + 1;
    }
  }
  if (static_cast<double>(bits) > static_cast<double>(length) * 8) {
    return RaiseOverflowError(vm, "int too big to convert");
  }
  if (!CheckIntBits(vm, static_cast<double>(length) * 8)) return {};
  std::string out(static_cast<size_t>(length), '\0');
  Mpz u;
  mpz_fdiv_r_2exp(u.get(), z.get(), static_cast<mp_bitcnt_t>(length) * 8);  // two's complement
  size_t count = 0;
  if (length > 0 && mpz_sgn(u.get()) != 0) {
    std::string raw(static_cast<size_t>(length), '\0');
    mpz_export(raw.data(), &count, 1, 1, 1, 0, u.get());
    out.replace(out.size() - count, count, raw.data(), count);
  }
  if (little) out.assign(out.rbegin(), out.rend());
  return NewBytes(std::move(out));
}

Value IntFromBytes(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"bytes", "byteorder", "signed"};
  Value a[3];
  if (!ParseArgs(vm, args, "from_bytes", kNames, 1, a, 2)) return {};
  bool little;
  if (!ByteOrder(vm, a[1], &little)) return {};
  int is_signed = a[2].is_null() ? 0 : vm.Truthy(a[2]);
  if (is_signed < 0) return {};
  // bytes(x) accepts what from_bytes does (bytes-likes, iterables of ints).
  Value data = a[0];
  if (BytesValue(data) == nullptr) {
    data = vm.Call(Value::Borrow(Types().bytes), ArgsView(&a[0], 1));
    if (data.is_null()) return {};
  }
  std::string raw = *BytesValue(data);
  if (little) raw.assign(raw.rbegin(), raw.rend());
  Mpz z;
  if (!raw.empty()) mpz_import(z.get(), raw.size(), 1, 1, 1, 0, raw.data());
  if (is_signed && !raw.empty() && (static_cast<unsigned char>(raw[0]) & 0x80) != 0) {
    Mpz full;
    mpz_ui_pow_ui(full.get(), 2, raw.size() * 8);
    mpz_sub(z.get(), z.get(), full.get());
  }
  Value r = IntFromMpz(z.get());
  if (cls.is_object() && cls.as_object() != Types().int_) {
    return vm.Call(cls, ArgsView(&r, 1));  // a subclass: cls(int)
  }
  return r;
}

Value IntAsIntegerRatio(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "as_integer_ratio", 0, 0)) return {};
  Value n = self.is_bool() ? Value::Int(self.as_int()) : self;
  return NewTuple({n, Value::Int(1)});
}
Value IntConjugateMethod(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "conjugate", 0, 0)) return {};
  return self.is_bool() ? Value::Int(self.as_int()) : self;
}

Value IntSelf(VM&, const Value& self) { return self.is_bool() ? Value::Int(self.as_int()) : self; }
Value IntOne(VM&, const Value&) { return Value::Int(1); }
Value IntZero(VM&, const Value&) { return Value::Int(0); }

constexpr MethodDef kMethods[] = {
    {"bit_length", IntBitLength},
    {"bit_count", IntBitCount},
    {"to_bytes", IntToBytes},
    {"from_bytes", IntFromBytes, MethodDef::kClass},
    {"as_integer_ratio", IntAsIntegerRatio},
    {"conjugate", IntConjugateMethod},
};
constexpr GetSetDef kGetSets[] = {
    {"numerator", IntSelf}, {"denominator", IntOne}, {"real", IntSelf}, {"imag", IntZero}};

}  // namespace

void AddIntMethods(Type* int_type) {
  AddMethods(int_type, kMethods);
  AddGetSets(int_type, kGetSets);
}

}  // namespace tc::script
