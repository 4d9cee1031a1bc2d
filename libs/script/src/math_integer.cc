// The `math` functions on integers: comb, perm, lcm and isqrt with
// CPython 3.11's argument checks and messages. tc's ints are 64-bit, so a
// result beyond that is an OverflowError saying so (CPython has bignums).
#include <cmath>
#include <cstdint>
#include <numeric>

#include "tc/script/native.h"

#include "math_internal.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

Value TooBig(VM& vm) { return RaiseOverflowError(vm, "integer overflow: tc ints are 64-bit"); }

// An int argument as CPython's math functions take one (floats refused).
bool IntArg(VM& vm, const Value& v, int64_t* out) {
  if (v.is_float()) {
    RaiseTypeError(vm, "'float' object cannot be interpreted as an integer");
    return false;
  }
  return ToInt(vm, v, out);
}

// n! / (n-k)!, and divided by k! for comb; k already <= n.
Value Falling(VM& vm, int64_t n, int64_t k, bool divide) {
  if (divide) k = std::min(k, n - k);
  __int128 r = 1;
  for (int64_t i = 1; i <= k; ++i) {
    r *= n - k + i;
    if (divide) r /= i;
    if (r > INT64_MAX) return TooBig(vm);
  }
  return Value::Int(static_cast<int64_t>(r));
}

Value Comb(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "comb", 2, 2)) return {};
  int64_t n, k;
  if (!IntArg(vm, args[0], &n) || !IntArg(vm, args[1], &k)) return {};
  if (n < 0) return RaiseValueError(vm, "n must be a non-negative integer");
  if (k < 0) return RaiseValueError(vm, "k must be a non-negative integer");
  if (k > n) return Value::Int(0);
  return Falling(vm, n, k, true);
}

Value Perm(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "perm", 1, 2)) return {};
  int64_t n, k;
  if (!IntArg(vm, args[0], &n)) return {};
  bool k_given = args.nargs == 2 && !args[1].is_none();
  if (k_given && !IntArg(vm, args[1], &k)) return {};
  if (!k_given) {
    // perm(n) is factorial(n), with factorial's message.
    if (n < 0) return RaiseValueError(vm, "factorial() not defined for negative values");
    k = n;
  }
  if (n < 0) return RaiseValueError(vm, "n must be a non-negative integer");
  if (k < 0) return RaiseValueError(vm, "k must be a non-negative integer");
  if (k > n) return Value::Int(0);
  return Falling(vm, n, k, false);
}

Value Gcd(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "gcd() takes no keyword arguments");
  int64_t g = 0;
  for (int i = 0; i < args.nargs; ++i) {
    int64_t x;
    if (!IntArg(vm, args[i], &x)) return {};
    g = std::gcd(g, x < 0 ? -x : x);
  }
  return Value::Int(g);
}

Value Lcm(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "lcm() takes no keyword arguments");
  int64_t l = 1;
  for (int i = 0; i < args.nargs; ++i) {
    int64_t x;
    if (!IntArg(vm, args[i], &x)) return {};
    x = x < 0 ? -x : x;
    if (l == 0 || x == 0) {
      l = 0;
      continue;
    }
    int64_t r;
    if (__builtin_mul_overflow(l / std::gcd(l, x), x, &r)) return TooBig(vm);
    l = r;
  }
  return Value::Int(l);
}

Value Isqrt(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "isqrt", 1, 1)) return {};
  int64_t n;
  if (!IntArg(vm, args[0], &n)) return {};
  if (n < 0) return RaiseValueError(vm, "isqrt() argument must be nonnegative");
  // Start from the float root, then fix it up exactly.
  int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && static_cast<__int128>(r) * r > n) --r;
  while (static_cast<__int128>(r + 1) * (r + 1) <= n) ++r;
  return Value::Int(r);
}

constexpr MethodDef kFunctions[] = {
    {"comb", Comb}, {"perm", Perm}, {"gcd", Gcd}, {"lcm", Lcm}, {"isqrt", Isqrt},
};

}  // namespace

void AddMathIntegerFunctions(ModuleObject* m) { AddFunctions(m, kFunctions); }

}  // namespace tc::script
