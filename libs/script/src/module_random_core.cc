// random.Random's core (random_object.h): what CPython writes in C in
// Modules/_randommodule.c (seeding, random, getrandbits, getstate,
// setstate) together with random.py's Random.__init__, seed, getstate and
// setstate, which wrap them.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/mt19937.h"
#include "tc/support/sha512.h"

#include "module_unsupported.h"
#include "py_method_args.h"
#include "random_object.h"
#include "vm_internal.h"

namespace tc::script {

using support::MT19937;

uint64_t RandomBits64(MT19937& mt, int k) {
  if (k <= 32) return k == 0 ? 0 : mt.Next() >> (32 - k);
  uint64_t low = mt.Next();
  uint64_t high = mt.Next() >> (64 - k);
  return (high << 32) | low;
}

uint64_t RandomBelow(MT19937& mt, uint64_t n) {
  int k = 64 - __builtin_clzll(n);  // n.bit_length(): a power of two rejects half
  uint64_t r = RandomBits64(mt, k);
  while (r >= n) r = RandomBits64(mt, k);
  return r;
}

namespace {

RandomObject* R(const Value& v) { return Cast<RandomObject>(v); }

// init_by_array over the 32-bit words of a non-negative number,
// least significant first (one word 0 for 0), as random_seed() splits |n|.
void SeedWithMagnitude(MT19937& mt, uint64_t n) {
  uint32_t key[2] = {static_cast<uint32_t>(n), static_cast<uint32_t>(n >> 32)};
  mt.SeedByArray(std::span<const uint32_t>(key, key[1] != 0 ? 2 : 1));
}

// version 2 for str (UTF-8 encoded, as str.encode() does) and bytes: the
// seed is int.from_bytes(b + sha512(b).digest(), 'big'); its words, least
// significant first, are that byte string read from the end in 4-byte
// little-endian groups, leading zero bytes not counted.
void SeedWithBytes(MT19937& mt, std::string_view bytes) {
  support::Sha512Digest digest = support::Sha512(bytes);
  std::string big(bytes);
  big.append(reinterpret_cast<const char*>(digest.data()), digest.size());
  size_t first = big.find_first_not_of('\0');
  size_t len = first == std::string::npos ? 0 : big.size() - first;
  std::vector<uint32_t> key((len + 3) / 4, 0);
  for (size_t i = 0; i < len; ++i) {
    uint32_t byte = static_cast<uint8_t>(big[big.size() - 1 - i]);
    key[i / 4] |= byte << (8 * (i % 4));
  }
  if (key.empty()) key.push_back(0);
  mt.SeedByArray(key);
}

// version 1 for str: the narrower hash of the Python 2 days, over code
// points (decoded here from the str's UTF-8).
uint64_t Version1Hash(std::string_view s) {
  std::vector<uint32_t> cps;
  for (size_t i = 0; i < s.size();) {
    auto c = static_cast<uint8_t>(s[i]);
    int extra = c < 0x80 ? 0 : c < 0xe0 ? 1 : c < 0xf0 ? 2 : 3;
    uint32_t cp = extra == 0 ? c : c & (0x3f >> extra);
    for (int j = 1; j <= extra && i + j < s.size(); ++j) {
      cp = (cp << 6) | (static_cast<uint8_t>(s[i + j]) & 0x3f);
    }
    cps.push_back(cp);
    i += 1 + extra;
  }
  uint64_t x = cps.empty() ? 0 : uint64_t{cps[0]} << 7;
  for (uint32_t c : cps) x = (1000003 * x) ^ c;
  return x ^ cps.size();
}

// seed(None) and the module's hidden instance: 624 words of OS entropy
// (CPython's random_seed_urandom).
void SeedFromEntropy(MT19937& mt) {
  std::random_device device;
  std::vector<uint32_t> key(MT19937::kN);
  for (uint32_t& w : key) w = device();
  mt.SeedByArray(key);
}

}  // namespace

bool SeedRandom(VM& vm, RandomObject* r, const Value& a, const Value& version) {
  const std::string* text = StrValue(a);
  // bytes seed as their bytes; version 1 reads bytes as latin-1 text and
  // skips a bytearray (random.py's isinstance tests).
  const std::string* data = BytesValue(a);
  const bool bytearray = data != nullptr && IsInstance(a, Types().bytearray);
  std::string latin1_text;
  if (data != nullptr && !bytearray) {
    for (char c : *data) {
      auto b = static_cast<uint8_t>(c);
      if (b < 0x80) {
        latin1_text.push_back(c);
      } else {
        latin1_text.push_back(static_cast<char>(0xC0 | (b >> 6)));
        latin1_text.push_back(static_cast<char>(0x80 | (b & 0x3F)));
      }
    }
  }
  MT19937& mt = r->mt;
  int v1 = 0, v2 = 0;
  if (text != nullptr || data != nullptr) {
    v1 = vm.Equal(version, Value::Int(1));
    if (v1 < 0) return false;
    if (v1 == 0) {
      v2 = vm.Equal(version, Value::Int(2));
      if (v2 < 0) return false;
    }
  }
  if (a.is_null() || a.is_none()) {
    SeedFromEntropy(mt);
  } else if (a.is_int() || a.is_bool()) {
    int64_t n = a.as_int();
    SeedWithMagnitude(mt, n < 0 ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n));
  } else if (IsBigInt(a)) {
    SeedWithBigMagnitude(mt, a);
  } else if (text != nullptr && v1 == 1) {
    SeedWithMagnitude(mt, Version1Hash(*text));
  } else if (data != nullptr && !bytearray && v1 == 1) {
    SeedWithMagnitude(mt, Version1Hash(latin1_text));
  } else if ((text != nullptr || data != nullptr) && v2 == 1) {
    SeedWithBytes(mt, text != nullptr ? *text : *data);
  } else if (a.is_float() || text != nullptr || data != nullptr) {
    // (a bytearray gets here unhashable, as in CPython)
    // _random's rule for what is not an int: hash(a) as a size_t.
    int64_t h;
    if (!vm.Hash(a, &h)) return false;
    SeedWithMagnitude(mt, static_cast<uint64_t>(h));
  } else {
    RaiseTypeError(vm,
                   "The only supported seed types are: None,\n"
                   "int, float, str, bytes, and bytearray.");
    return false;
  }
  r->gauss_next = Value::None();
  return true;
}

namespace {

Value RandomInit(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"x"};
  Value a[1];
  if (!ParseMethodArgs(vm, args, "Random.__init__", kNames, 0, a)) return {};
  Value x = a[0].is_null() ? Value::None() : a[0];
  if (self.type() != RandomType()) {
    // A subclass may override seed(); random.py's __init__ calls self.seed.
    if (vm.CallMethod(self, "seed", {x}).is_null()) return {};
  } else if (!SeedRandom(vm, R(self), x, Value::Int(2))) {
    return {};
  }
  R(self)->gauss_next = Value::None();
  return Value::None();
}

Value RandomSeed(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"a", "version"};
  Value a[2];
  if (!ParseMethodArgs(vm, args, "Random.seed", kNames, 0, a)) return {};
  if (!SeedRandom(vm, R(self), a[0], a[1].is_null() ? Value::Int(2) : a[1])) return {};
  return Value::None();
}

Value RandomRandom(VM& vm, const Value& self, const ArgsView& args) {
  if (TC_UNLIKELY(args.nargs != 0 || args.nkw() != 0)) {
    if (!CheckArgCount(vm, args, "Random.random", 0, 0)) return {};
  }
  return Value::Float(RandomDouble(R(self)->mt));
}

Value RandomGetRandBits(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "Random.getrandbits", 1, 1)) return {};
  if (args[0].is_float()) {
    return RaiseTypeError(vm, "'float' object cannot be interpreted as an integer");
  }
  int64_t k;
  if (!ToInt(vm, args[0], &k)) return {};
  if (k < 0) return RaiseValueError(vm, "number of bits must be non-negative");
  if (k > 63) {
    Mpz bits;
    if (!RandomBitsBig(vm, R(self)->mt, k, bits.get())) return {};
    return IntFromMpz(bits.get());
  }
  return Value::Int(static_cast<int64_t>(RandomBits64(R(self)->mt, static_cast<int>(k))));
}

// (VERSION, (624 words..., index), gauss_next), as random.py's getstate.
Value RandomGetState(VM& vm, const Value& self, const ArgsView& args) {
  if (!ParseMethodArgs(vm, args, "Random.getstate", {}, 0, nullptr)) return {};
  Value version = vm.GetAttr(self, "VERSION");
  if (version.is_null()) return {};
  const MT19937& mt = R(self)->mt;
  std::vector<Value> words;
  words.reserve(MT19937::kN + 1);
  for (uint32_t w : mt.state()) words.push_back(Value::Int(w));
  words.push_back(Value::Int(mt.index()));
  return NewTuple({version, NewTuple(std::move(words)), R(self)->gauss_next});
}

// _random.Random.setstate: a tuple of 624 words and the index.
bool SetInternalState(VM& vm, RandomObject* r, const Value& state) {
  if (!IsInstance(state, Types().tuple)) {
    RaiseTypeError(vm, "state vector must be a tuple");
    return false;
  }
  const std::vector<Value>& items = Cast<TupleObject>(state)->items;
  if (items.size() != MT19937::kN + 1) {
    RaiseValueError(vm, "state vector is the wrong size");
    return false;
  }
  std::array<uint32_t, MT19937::kN> words;
  for (int i = 0; i < MT19937::kN; ++i) {
    // PyLong_AsUnsignedLong: ints only, no __index__.
    if (!items[i].is_int() && !items[i].is_bool()) {
      RaiseTypeError(vm, "an integer is required");
      return false;
    }
    int64_t w = items[i].as_int();
    if (w < 0) {
      RaiseOverflowError(vm, "can't convert negative value to unsigned int");
      return false;
    }
    words[i] = static_cast<uint32_t>(w);  // unsigned long, then uint32_t
  }
  int64_t index;
  if (!ToInt(vm, items[MT19937::kN], &index)) return false;
  if (index < 0 || index > MT19937::kN) {
    RaiseValueError(vm, "invalid state");
    return false;
  }
  std::copy(words.begin(), words.end(), r->mt.state().begin());
  r->mt.set_index(static_cast<int>(index));
  return true;
}

// `version, internalstate, self.gauss_next = state`.
bool Unpack3(VM& vm, const Value& state, Value out[3]) {
  std::vector<Value> items;
  if (!vm.Extend(&items, state)) return false;
  if (items.size() != 3) {
    if (items.size() > 3) {
      RaiseValueError(vm, "too many values to unpack (expected 3)");
    } else {
      RaiseValueError(
          vm, absl::StrFormat("not enough values to unpack (expected 3, got %d)", items.size()));
    }
    return false;
  }
  for (int i = 0; i < 3; ++i) out[i] = items[i];
  return true;
}

Value RandomSetState(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"state"};
  Value a[1];
  if (!ParseMethodArgs(vm, args, "Random.setstate", kNames, 1, a)) return {};
  const Value& state = a[0];
  Value version = vm.GetItem(state, Value::Int(0));
  if (version.is_null()) return {};
  int is3 = vm.Equal(version, Value::Int(3));
  if (is3 < 0) return {};
  int is2 = is3 == 1 ? 0 : vm.Equal(version, Value::Int(2));
  if (is2 < 0) return {};
  if (is3 == 0 && is2 == 0) {
    std::string v;
    if (!vm.StrString(version, &v)) return {};
    return RaiseValueError(
        vm, absl::StrFormat("state with version %s passed to Random.setstate() of version 3", v));
  }
  Value parts[3];
  if (!Unpack3(vm, state, parts)) return {};
  R(self)->gauss_next = parts[2];
  Value internal = parts[1];
  if (is2 == 1) {
    // Version 2 saved the words as signed ints: `x % 2**32` each.
    std::vector<Value> items;
    if (!vm.Extend(&items, internal)) return {};
    for (Value& x : items) {
      x = vm.Binary(BinaryOp::kMod, x, Value::Int(int64_t{1} << 32));
      if (x.is_null()) return {};
    }
    internal = NewTuple(std::move(items));
  }
  if (!SetInternalState(vm, R(self), internal)) return {};
  return Value::None();
}

Value GaussNextGet(VM&, const Value& self) { return R(self)->gauss_next; }
bool GaussNextSet(VM&, const Value& self, const Value& v) {
  R(self)->gauss_next = v;
  return true;
}

Value RandomGetAttr(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getattr__", 1, 1)) return {};
  const std::string* name = StrValue(args[0]);
  if (name == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  for (const char* known : kRandomUnsupportedMethods) {
    if (*name == known) {
      RaiseUnsupportedName(vm, absl::StrCat("random.Random.", *name));
      return MarkUnsupportedAttribute(vm);
    }
  }
  return RaiseAttributeError(
      vm, absl::StrFormat("'%s' object has no attribute '%s'", TypeName(self), *name));
}

constexpr MethodDef kCoreMethods[] = {
    {"__init__", RandomInit},           {"seed", RandomSeed},         {"random", RandomRandom},
    {"getrandbits", RandomGetRandBits}, {"getstate", RandomGetState}, {"setstate", RandomSetState},
    {"__getattr__", RandomGetAttr},
};
constexpr GetSetDef kGetSets[] = {{"gauss_next", GaussNextGet, GaussNextSet}};

}  // namespace

Type* RandomType() {
  static Type* const kType = [] {
    Type* t = NewNativeType({.name = "Random",
                             .module = "random",
                             .methods = kCoreMethods,
                             .getsets = kGetSets,
                             .alloc = [](Type* cls) -> Object* { return new RandomObject(cls); },
                             .flags = Type::kBaseType | Type::kInstanceDict});
    AddMethods(t, kRandomDerivedMethods);
    AddMethods(t, kRandomRealMethods);
    TypeSet(t, "VERSION", Value::Int(3));
    UpdateSlots(t);
    return t;
  }();
  return kType;
}

}  // namespace tc::script
