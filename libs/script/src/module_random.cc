// The `random` module: random.py's integer and sequence methods of Random
// (randrange, randint, choice, shuffle, sample, choices), each following
// CPython 3.11's code step by step so that it consumes the same draws and
// raises the same errors, and the module itself: the Random class and its
// methods bound to a hidden instance seeded from OS entropy at import. Why
// native and not random.py itself: random_object.h.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"

#include "module_unsupported.h"
#include "py_method_args.h"
#include "random_object.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

using i128 = __int128;

i128 FloorDiv(i128 a, i128 b) {
  i128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

// An int128 in decimal (absl formats at most 64 bits).
std::string I128Str(i128 v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  unsigned __int128 m =
      neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string digits;
  for (; m != 0; m /= 10) digits.insert(digits.begin(), static_cast<char>('0' + m % 10));
  return neg ? "-" + digits : digits;
}

Value EmptyRange(VM& vm, i128 start, i128 stop, i128 width) {
  return RaiseValueError(vm, absl::StrFormat("empty range for randrange() (%s, %s, %s)",
                                             I128Str(start), I128Str(stop), I128Str(width)));
}

Value IntResult(VM& vm, i128 v) {
  if (v > INT64_MAX || v < INT64_MIN)
    return RaiseOverflowError(vm, "integer overflow: tc ints are 64-bit");
  return Value::Int(static_cast<int64_t>(v));
}

// randrange's conversion of an argument: operator.index(x); for what has
// no __index__, int(x), which must equal x ("non-integer arg 1 for
// randrange()" otherwise). CPython 3.11 also warns (DeprecationWarning)
// that integral floats are deprecated here: tc has no warnings output yet,
// and the goldens run CPython with -W ignore.
bool RangeArg(VM& vm, const Value& x, const char* what, i128* out) {
  if (x.is_int() || x.is_bool()) {
    *out = x.as_int();
    return true;
  }
  if (x.is_object() && !x.type()->slot(Slot::kIndex).is_null()) {
    int64_t i;
    if (!ToInt(vm, x, &i)) return false;
    *out = i;
    return true;
  }
  Value as_int = vm.Call(Value::Borrow(Types().int_), {x});
  if (as_int.is_null()) return false;
  int eq = vm.Equal(as_int, x);
  if (eq < 0) return false;
  if (eq == 0) {
    RaiseValueError(vm, absl::StrFormat("non-integer %s for randrange()", what));
    return false;
  }
  int64_t i;
  if (!ToInt(vm, as_int, &i)) return false;
  *out = i;
  return true;
}

Value BelowValue(VM& vm, RandomSource& src, i128 base, i128 scale, uint64_t n) {
  uint64_t r;
  if (!src.Below(n, &r)) return {};
  return IntResult(vm, base + scale * static_cast<i128>(r));
}

// randrange with a bound beyond int64: each argument as an int, then
// random.py's arithmetic on big ints.
Value RandRangeWithBigInts(VM& vm, RandomSource& src, const Value& start, const Value& stop,
                           const Value& step) {
  bool no_stop = stop.is_null() || stop.is_none();
  if (no_stop && !step.is_null() && !(step.is_int() && step.as_int() == 1)) {
    return RaiseTypeError(vm, "Missing a non-None stop argument");
  }
  Value v[3] = {start, no_stop ? Value() : stop, step.is_null() ? Value::Int(1) : step};
  const char* what[3] = {"arg 1", "stop", "step"};
  for (int i = 0; i < 3; ++i) {
    if (v[i].is_null() || IsBigInt(v[i])) continue;
    i128 x;
    if (!RangeArg(vm, v[i], what[i], &x)) return {};
    v[i] = Value::Int(static_cast<int64_t>(x));
  }
  return RandRangeBig(vm, src, v[0], v[1], v[2]);
}

Value RandRangeImpl(VM& vm, const Value& self, const Value& start, const Value& stop,
                    const Value& step) {
  RandomSource src(vm, self);
  if (IsBigInt(start) || IsBigInt(stop) || IsBigInt(step)) {
    return RandRangeWithBigInts(vm, src, start, stop, step);
  }
  i128 istart, istop, istep;
  if (!RangeArg(vm, start, "arg 1", &istart)) return {};
  if (stop.is_null() || stop.is_none()) {
    // `step is not _ONE`: only an omitted step or the int 1 itself passes.
    if (!step.is_null() && !(step.is_int() && step.as_int() == 1)) {
      return RaiseTypeError(vm, "Missing a non-None stop argument");
    }
    if (istart > 0) return BelowValue(vm, src, 0, 1, static_cast<uint64_t>(istart));
    return RaiseValueError(vm, "empty range for randrange()");
  }
  if (!RangeArg(vm, stop, "stop", &istop)) return {};
  i128 width = istop - istart;
  if (step.is_null()) {
    istep = 1;
  } else if (!RangeArg(vm, step, "step", &istep)) {
    return {};
  }
  if (istep == 1) {
    if (width > 0) return BelowValue(vm, src, istart, 1, static_cast<uint64_t>(width));
    return EmptyRange(vm, istart, istop, width);
  }
  i128 n;
  if (istep > 0) {
    n = FloorDiv(width + istep - 1, istep);
  } else if (istep < 0) {
    n = FloorDiv(width + istep + 1, istep);
  } else {
    return RaiseValueError(vm, "zero step for randrange()");
  }
  if (n <= 0) return RaiseValueError(vm, "empty range for randrange()");
  return BelowValue(vm, src, istart, istep, static_cast<uint64_t>(n));
}

Value RandomRandRange(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"start", "stop", "step"};
  Value a[3];
  if (!ParseMethodArgs(vm, args, "Random.randrange", kNames, 1, a)) return {};
  return RandRangeImpl(vm, self, a[0], a[1], a[2]);
}

Value RandomRandInt(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"a", "b"};
  Value a[2];
  if (!ParseMethodArgs(vm, args, "Random.randint", kNames, 2, a)) return {};
  if ((a[0].is_int() || a[0].is_bool()) && (a[1].is_int() || a[1].is_bool())) {
    // randrange(a, b + 1), without b + 1 overflowing tc's 64-bit ints.
    i128 lo = a[0].as_int(), width = static_cast<i128>(a[1].as_int()) + 1 - lo;
    RandomSource src(vm, self);
    if (width > 0) return BelowValue(vm, src, lo, 1, static_cast<uint64_t>(width));
    return EmptyRange(vm, lo, static_cast<i128>(a[1].as_int()) + 1, width);
  }
  Value stop = vm.Binary(BinaryOp::kAdd, a[1], Value::Int(1));
  if (stop.is_null()) return {};
  return RandRangeImpl(vm, self, a[0], stop, Value());
}

// seq[i] with list and tuple read directly.
Value ItemAt(VM& vm, const Value& seq, int64_t i) {
  if (seq.is_object()) {
    Type* t = seq.as_object()->type;
    if (t == Types().list) {
      const auto& items = Cast<ListObject>(seq)->items;
      if (static_cast<uint64_t>(i) < items.size()) return items[i];
    } else if (t == Types().tuple) {
      return Cast<TupleObject>(seq)->items[i];
    }
  }
  return vm.GetItem(seq, Value::Int(i));
}

Value RandomChoice(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"seq"};
  Value seq[1];
  if (!ParseMethodArgs(vm, args, "Random.choice", kNames, 1, seq)) return {};
  int64_t n;
  if (!vm.Length(seq[0], &n)) return {};
  if (n == 0) return RaiseIndexError(vm, "Cannot choose from an empty sequence");
  RandomSource src(vm, self);
  uint64_t j;
  if (!src.Below(static_cast<uint64_t>(n), &j)) return {};
  return ItemAt(vm, seq[0], static_cast<int64_t>(j));
}

Value RandomShuffle(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"x"};
  Value a[1];
  if (!ParseMethodArgs(vm, args, "Random.shuffle", kNames, 1, a)) return {};
  const Value& x = a[0];
  int64_t n;
  if (!vm.Length(x, &n)) return {};
  RandomSource src(vm, self);
  bool is_list = x.is_object() && x.as_object()->type == Types().list;
  for (int64_t i = n - 1; i >= 1; --i) {
    uint64_t r;
    if (!src.Below(static_cast<uint64_t>(i) + 1, &r)) return {};
    auto j = static_cast<int64_t>(r);
    if (is_list) {
      auto& items = Cast<ListObject>(x)->items;
      if (static_cast<size_t>(i) < items.size()) {
        items[i].Swap(items[j]);
        continue;
      }
    }
    // x[i], x[j] = x[j], x[i]
    Value xj = vm.GetItem(x, Value::Int(j));
    if (xj.is_null()) return {};
    Value xi = vm.GetItem(x, Value::Int(i));
    if (xi.is_null()) return {};
    if (!vm.SetItem(x, Value::Int(i), std::move(xj)) ||
        !vm.SetItem(x, Value::Int(j), std::move(xi)))
      return {};
  }
  return Value::None();
}

// bisect.bisect_right(a, x, lo, hi) over values compared as Python does;
// numbers that convert exactly are compared as doubles.
class Bisector {
 public:
  Bisector(VM& vm, std::vector<Value> a) : vm_(vm), a_(std::move(a)) {
    constexpr double kExact = 9007199254740992.0;  // 2**53
    for (const Value& v : a_) {
      if (v.is_float() ||
          ((v.is_int() || v.is_bool()) && std::fabs(static_cast<double>(v.as_int())) <= kExact)) {
        d_.push_back(v.is_float() ? v.as_float() : static_cast<double>(v.as_int()));
      } else {
        d_.clear();
        return;
      }
    }
  }
  const std::vector<Value>& values() const { return a_; }
  // -1 on error.
  int64_t Right(const Value& x, int64_t lo, int64_t hi) {
    bool fast = x.is_float() && d_.size() == a_.size();
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      int less;
      if (fast) {
        less = x.as_float() < d_[mid];
      } else {
        less = vm_.Truthy(vm_.Compare(CompareOp::kLt, x, a_[mid]));
        if (vm_.HasException()) return -1;
      }
      if (less) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

 private:
  VM& vm_;
  std::vector<Value> a_;
  std::vector<double> d_;
};

// list(itertools.accumulate(iterable)).
bool Accumulate(VM& vm, const Value& iterable, std::vector<Value>* out) {
  if (!vm.Extend(out, iterable)) return false;
  for (size_t i = 1; i < out->size(); ++i) {
    Value s = vm.Binary(BinaryOp::kAdd, (*out)[i - 1], (*out)[i]);
    if (s.is_null()) return false;
    (*out)[i] = std::move(s);
  }
  return true;
}

bool IsSequence(const Value& v) {
  const BuiltinTypes& T = Types();
  Type* t = v.type();
  return IsSubtype(t, T.list) || IsSubtype(t, T.tuple) || IsSubtype(t, T.str) ||
         IsSubtype(t, T.range);
}

Value SampleImpl(VM& vm, const Value& self, const Value& population, const Value& kv,
                 const Value& counts) {
  if (!IsSequence(population)) {
    return RaiseTypeError(vm, "Population must be a sequence.  For dicts or sets, use sorted(d).");
  }
  int64_t n;
  if (!vm.Length(population, &n)) return {};
  if (!counts.is_null() && !counts.is_none()) {
    std::vector<Value> cum;
    if (!Accumulate(vm, counts, &cum)) return {};
    if (static_cast<int64_t>(cum.size()) != n) {
      return RaiseValueError(vm, "The number of counts does not match the population");
    }
    if (cum.empty()) return RaiseIndexError(vm, "pop from empty list");
    Value total = cum.back();
    cum.pop_back();
    if (!total.is_int() && !total.is_bool()) return RaiseTypeError(vm, "Counts must be integers");
    if (total.as_int() <= 0) {
      return RaiseValueError(vm, "Total of counts must be greater than zero");
    }
    Value selections = SampleImpl(vm, self, NewRange(0, total.as_int(), 1), kv, Value());
    if (selections.is_null()) return {};
    Bisector bisect(vm, std::move(cum));
    std::vector<Value> result;
    for (const Value& s : Cast<ListObject>(selections)->items) {
      int64_t i = bisect.Right(s, 0, static_cast<int64_t>(bisect.values().size()));
      if (i < 0) return {};
      Value item = ItemAt(vm, population, i);
      if (item.is_null()) return {};
      result.push_back(std::move(item));
    }
    return NewList(std::move(result));
  }
  // `if not 0 <= k <= n`, then `[None] * k`.
  double kf = 0;
  bool k_int = kv.is_int() || kv.is_bool();
  if (!k_int && !kv.is_float()) {
    return RaiseTypeError(
        vm,
        absl::StrFormat("'<=' not supported between instances of 'int' and '%s'", TypeName(kv)));
  }
  kf = k_int ? static_cast<double>(kv.as_int()) : kv.as_float();
  if (!(0 <= kf && kf <= static_cast<double>(n)) ||
      (k_int && (kv.as_int() < 0 || kv.as_int() > n))) {
    return RaiseValueError(vm, "Sample larger than population or is negative");
  }
  if (!k_int) {
    return RaiseTypeError(vm, "can't multiply sequence by non-int of type 'float'");
  }
  int64_t k = kv.as_int();
  RandomSource src(vm, self);
  std::vector<Value> result(k, Value::None());
  int64_t setsize = 21;  // size of a small set minus size of an empty list
  if (k > 5) {
    double e = std::ceil(std::log(static_cast<double>(k * 3)) / kRandomLog4);
    setsize += static_cast<int64_t>(std::pow(4.0, e));  // table size for big sets
  }
  if (n <= setsize) {
    // Pool: the non-selected items stay at pool[0 : n-i].
    std::vector<Value> pool;
    if (!vm.Extend(&pool, population)) return {};
    for (int64_t i = 0; i < k; ++i) {
      uint64_t j;
      if (!src.Below(static_cast<uint64_t>(n - i), &j)) return {};
      result[i] = pool[j];
      pool[j] = pool[n - i - 1];
    }
  } else {
    absl::flat_hash_set<uint64_t> selected;
    for (int64_t i = 0; i < k; ++i) {
      uint64_t j;
      do {
        if (!src.Below(static_cast<uint64_t>(n), &j)) return {};
      } while (selected.contains(j));
      selected.insert(j);
      Value item = ItemAt(vm, population, static_cast<int64_t>(j));
      if (item.is_null()) return {};
      result[i] = std::move(item);
    }
  }
  return NewList(std::move(result));
}

Value RandomSample(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"population", "k", "counts"};
  Value a[3];
  if (!ParseMethodArgs(vm, args, "Random.sample", kNames, 2, a, 2)) return {};
  return SampleImpl(vm, self, a[0], a[1], a[2]);
}

Value RandomChoices(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"population", "weights", "cum_weights", "k"};
  Value a[4];
  if (!ParseMethodArgs(vm, args, "Random.choices", kNames, 1, a, 2)) return {};
  const Value& population = a[0];
  Value weights = a[1].is_null() ? Value::None() : a[1];
  Value cum_weights = a[2].is_null() ? Value::None() : a[2];
  RandomSource src(vm, self);
  int64_t n;
  if (!vm.Length(population, &n)) return {};
  // itertools.repeat(None, k)
  int64_t k = 1;
  auto read_k = [&]() {
    if (a[3].is_null()) return true;
    if (a[3].is_float()) {
      RaiseTypeError(vm, "'float' object cannot be interpreted as an integer");
      return false;
    }
    return ToInt(vm, a[3], &k);
  };
  std::vector<Value> result;
  if (cum_weights.is_none()) {
    if (weights.is_none()) {
      auto nf = static_cast<double>(n);
      if (!read_k()) return {};
      for (int64_t i = 0; i < k; ++i) {
        double r;
        if (!src.Random(&r)) return {};
        Value item = ItemAt(vm, population, static_cast<int64_t>(std::floor(r * nf)));
        if (item.is_null()) return {};
        result.push_back(std::move(item));
      }
      return NewList(std::move(result));
    }
    std::vector<Value> cum;
    if (!Accumulate(vm, weights, &cum)) {
      if (!vm.ExceptionMatches(Types().type_error) || !(weights.is_int() || weights.is_bool())) {
        return {};
      }
      vm.ClearException();
      std::string r;
      if (!vm.ReprString(weights, &r)) return {};
      return RaiseTypeError(
          vm, absl::StrFormat("The number of choices must be a keyword argument: k=%s", r));
    }
    cum_weights = NewList(std::move(cum));
  } else if (!weights.is_none()) {
    return RaiseTypeError(vm, "Cannot specify both weights and cumulative weights");
  }
  int64_t ncum;
  if (!vm.Length(cum_weights, &ncum)) return {};
  if (ncum != n) return RaiseValueError(vm, "The number of weights does not match the population");
  Value last = vm.GetItem(cum_weights, Value::Int(-1));
  if (last.is_null()) return {};
  Value total_v = vm.Binary(BinaryOp::kAdd, last, Value::Float(0.0));
  if (total_v.is_null()) return {};
  int nonpositive = vm.Truthy(vm.Compare(CompareOp::kLe, total_v, Value::Float(0.0)));
  if (vm.HasException()) return {};
  if (nonpositive) return RaiseValueError(vm, "Total of weights must be greater than zero");
  double total;
  if (!ToFloat(vm, total_v, &total)) return {};
  if (!std::isfinite(total)) return RaiseValueError(vm, "Total of weights must be finite");
  std::vector<Value> cum;
  if (!vm.Extend(&cum, cum_weights)) return {};
  Bisector bisect(vm, std::move(cum));
  if (!read_k()) return {};
  int64_t hi = n - 1;
  for (int64_t i = 0; i < k; ++i) {
    double r;
    if (!src.Random(&r)) return {};
    int64_t j = bisect.Right(Value::Float(r * total), 0, hi);
    if (j < 0) return {};
    Value item = ItemAt(vm, population, j);
    if (item.is_null()) return {};
    result.push_back(std::move(item));
  }
  return NewList(std::move(result));
}

constexpr MethodDef kDerivedMethods[] = {
    {"randrange", RandomRandRange}, {"randint", RandomRandInt}, {"choice", RandomChoice},
    {"shuffle", RandomShuffle},     {"sample", RandomSample},   {"choices", RandomChoices},
};

// CPython 3.11's names that tc does not have.
// randbytes needs bytes (not in tc yet); SystemRandom draws from the OS.
constexpr const char* kUnsupportedMethods[] = {"randbytes"};
constexpr const char* kUnsupportedModuleNames[] = {"randbytes", "SystemRandom"};

// The module functions: bound methods of the hidden instance.
constexpr const char* kBoundNames[] = {
    "seed",          "random",         "uniform",       "triangular",      "randint",
    "choice",        "randrange",      "sample",        "shuffle",         "choices",
    "normalvariate", "lognormvariate", "expovariate",   "vonmisesvariate", "gammavariate",
    "gauss",         "betavariate",    "paretovariate", "weibullvariate",  "getstate",
    "setstate",      "getrandbits",
};

}  // namespace

const std::span<const MethodDef> kRandomDerivedMethods = kDerivedMethods;
const std::span<const char* const> kRandomUnsupportedMethods = kUnsupportedMethods;

bool InitRandomModule(VM& vm, ModuleObject* m) {
  Type* t = RandomType();
  AddType(m, t);
  Value inst = vm.Call(Value::Borrow(t), {});  // seeded from OS entropy
  if (inst.is_null()) return false;
  for (const char* name : kBoundNames) {
    Value bound = vm.GetAttr(inst, name);
    if (bound.is_null()) return false;
    ModuleSet(m, name, std::move(bound));
  }
  ModuleSet(m, "NV_MAGICCONST", Value::Float(kRandomNvMagic));
  ModuleSet(m, "TWOPI", Value::Float(kRandomTwoPi));
  ModuleSet(m, "LOG4", Value::Float(kRandomLog4));
  ModuleSet(m, "SG_MAGICCONST", Value::Float(kRandomSgMagic));
  ModuleSet(m, "BPF", Value::Int(kRandomBpf));
  ModuleSet(m, "RECIP_BPF", Value::Float(kRandomRecipBpf));
  AddUnsupportedNames(m, kUnsupportedModuleNames);
  return true;
}

}  // namespace tc::script
