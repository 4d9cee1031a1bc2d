// The combinatoric iterators of `itertools`: product, permutations,
// combinations and combinations_with_replacement, with CPython's index
// algorithms (the ones its documentation gives in Python), so results come
// in CPython's order. Each reads its input into a pool first, as CPython.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "itertools_internal.h"
#include "native_iter.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

enum class Kind { kProduct, kPermutations, kCombinations, kCombinationsWithReplacement };

struct CombObject : Object {
  explicit CombObject(Type* t) : Object(t) {}
  Kind kind = Kind::kProduct;
  std::vector<std::vector<Value>> pools;  // product: one per factor; others: pools[0]
  std::vector<int64_t> indices, cycles;
  int64_t r = 0;
  bool first = true;
  bool stopped = false;
};

Value Tuple(const CombObject* c) {
  std::vector<Value> out;
  out.reserve(c->r);
  if (c->kind == Kind::kProduct) {
    for (size_t i = 0; i < c->pools.size(); ++i) out.push_back(c->pools[i][c->indices[i]]);
  } else {
    for (int64_t i = 0; i < c->r; ++i) out.push_back(c->pools[0][c->indices[i]]);
  }
  return NewTuple(std::move(out));
}

Value NewComb(Type* cls, Kind kind, std::vector<Value> pool, int64_t r) {
  auto* c = new CombObject(cls);
  c->kind = kind;
  int64_t n = static_cast<int64_t>(pool.size());
  c->pools.push_back(std::move(pool));
  c->r = r;
  switch (kind) {
    case Kind::kPermutations:
      c->stopped = r > n;
      for (int64_t i = 0; i < n; ++i) c->indices.push_back(i);
      for (int64_t i = 0; i < r && !c->stopped; ++i) c->cycles.push_back(n - i);
      break;
    case Kind::kCombinations:
      c->stopped = r > n;
      for (int64_t i = 0; i < r; ++i) c->indices.push_back(i);
      break;
    default:
      c->stopped = n == 0 && r > 0;
      c->indices.assign(r, 0);
      break;
  }
  return Value::Adopt(c);
}

bool Pool(VM& vm, const Value& iterable, std::vector<Value>* out) {
  return vm.Extend(out, iterable);
}

Value ProductNew(VM& vm, const Value& cls, const ArgsView& args) {
  int64_t repeat = 1;
  for (int k = 0; k < args.nkw(); ++k) {
    if (args.kwname(k) != "repeat") {
      return RaiseTypeError(
          vm, absl::StrFormat("'%s' is an invalid keyword argument for product()", args.kwname(k)));
    }
    if (!ToInt(vm, args.kwvalue(k), &repeat)) return {};
    if (repeat < 0) return RaiseValueError(vm, "repeat argument cannot be negative");
  }
  std::vector<std::vector<Value>> pools;
  for (int i = 0; i < args.nargs; ++i) {
    std::vector<Value> pool;
    if (!Pool(vm, args[i], &pool)) return {};
    pools.push_back(std::move(pool));
  }
  auto* c = new CombObject(Cast<Type>(cls));
  Value cv = Value::Adopt(c);
  for (int64_t k = 0; k < repeat; ++k) {
    for (const auto& p : pools) c->pools.push_back(p);
  }
  c->r = static_cast<int64_t>(c->pools.size());
  c->indices.assign(c->pools.size(), 0);
  for (const auto& p : c->pools) c->stopped |= p.empty();
  return cv;
}

Value PermutationsNew(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"iterable", "r"};
  Value a[2];
  if (!ParseArgs(vm, args, "permutations", kNames, 1, a)) return {};
  std::vector<Value> pool;
  if (!Pool(vm, a[0], &pool)) return {};
  int64_t r = static_cast<int64_t>(pool.size());
  if (!a[1].is_null() && !a[1].is_none()) {
    if (!a[1].is_int() && !a[1].is_bool()) return RaiseTypeError(vm, "Expected int as r");
    r = a[1].as_int();
    if (r < 0) return RaiseValueError(vm, "r must be non-negative");
  }
  return NewComb(Cast<Type>(cls), Kind::kPermutations, std::move(pool), r);
}

Value CombinationsNew(VM& vm, const Value& cls, const ArgsView& args, const char* name, Kind kind) {
  static constexpr const char* kNames[] = {"iterable", "r"};
  Value a[2];
  if (!ParseArgs(vm, args, name, kNames, 2, a)) return {};
  std::vector<Value> pool;
  if (!Pool(vm, a[0], &pool)) return {};
  int64_t r;
  if (!ToInt(vm, a[1], &r)) return {};
  if (r < 0) return RaiseValueError(vm, "r must be non-negative");
  return NewComb(Cast<Type>(cls), kind, std::move(pool), r);
}
Value CombNew(VM& vm, const Value& cls, const ArgsView& args) {
  return CombinationsNew(vm, cls, args, "combinations", Kind::kCombinations);
}
Value CwrNew(VM& vm, const Value& cls, const ArgsView& args) {
  return CombinationsNew(vm, cls, args, "combinations_with_replacement",
                         Kind::kCombinationsWithReplacement);
}

// Advances the indices to the next result; false when there is none.
bool Advance(CombObject* c) {
  std::vector<int64_t>& ix = c->indices;
  int64_t r = c->r;
  int64_t n = static_cast<int64_t>(c->pools[0].size());
  switch (c->kind) {
    case Kind::kProduct:
      for (int64_t i = r - 1; i >= 0; --i) {
        if (++ix[i] < static_cast<int64_t>(c->pools[i].size())) return true;
        ix[i] = 0;
      }
      return false;
    case Kind::kPermutations:
      for (int64_t i = r - 1; i >= 0; --i) {
        if (--c->cycles[i] == 0) {
          // Rotate indices[i:] left by one.
          int64_t moved = ix[i];
          ix.erase(ix.begin() + i);
          ix.push_back(moved);
          c->cycles[i] = n - i;
        } else {
          std::swap(ix[i], ix[n - c->cycles[i]]);
          return true;
        }
      }
      return false;
    case Kind::kCombinations: {
      int64_t i = r - 1;
      while (i >= 0 && ix[i] == i + n - r) --i;
      if (i < 0) return false;
      ++ix[i];
      for (int64_t j = i + 1; j < r; ++j) ix[j] = ix[j - 1] + 1;
      return true;
    }
    case Kind::kCombinationsWithReplacement: {
      int64_t i = r - 1;
      while (i >= 0 && ix[i] == n - 1) --i;
      if (i < 0) return false;
      int64_t v = ix[i] + 1;
      for (int64_t j = i; j < r; ++j) ix[j] = v;
      return true;
    }
  }
  return false;
}

Value CombNext(VM&, const Value& self) {
  auto* c = Cast<CombObject>(self);
  if (c->stopped) return {};
  if (c->first) {
    c->first = false;
  } else if (c->r == 0 || !Advance(c)) {
    // r == 0 (or product()) yields one empty tuple, then stops.
    c->stopped = true;
    return {};
  }
  return Tuple(c);
}

}  // namespace

void AddItertoolsCombinatoric(ModuleObject* m) {
  static Type* const kTypes[] = {
      NewNativeIterType("product", "itertools", ProductNew, NativeIterNext<CombNext>),
      NewNativeIterType("permutations", "itertools", PermutationsNew, NativeIterNext<CombNext>),
      NewNativeIterType("combinations", "itertools", CombNew, NativeIterNext<CombNext>),
      NewNativeIterType("combinations_with_replacement", "itertools", CwrNew,
                        NativeIterNext<CombNext>),
  };
  for (Type* t : kTypes) AddType(m, t);
}

}  // namespace tc::script
