// The builtins module: print, len, isinstance, min/max/sum, sorted, round,
// iter/next, conversions, plus the builtin types and exception classes
// (getattr and the other introspection builtins: builtins_introspection.cc).
#include <algorithm>
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "for_each_item.h"
#include "io_file.h"
#include "src/obj_bigint.h"
#include "src/obj_complex.h"
#include "src/str_helpers.h"
#include "sys_streams.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

const BuiltinTypes& T() { return Types(); }

// print(): one write for sys.stdout / sys.stderr themselves; for any other
// file, CPython's sequence of file.write calls (each argument, each
// separator, the end).
Value Print(VM& vm, const Value&, const ArgsView& args) {
  std::string sep = " ", end = "\n";
  Value file;
  bool flush = false;
  for (int k = 0; k < args.nkw(); ++k) {
    std::string_view n = args.kwname(k);
    const Value& v = args.kwvalue(k);
    if (n == "sep" || n == "end") {
      if (!v.is_none()) {
        const std::string* s = StrValue(v);
        if (s == nullptr) {
          return RaiseTypeError(
              vm, absl::StrFormat("%s must be None or a string, not %s", n, TypeName(v)));
        }
        (n == "sep" ? sep : end) = *s;
      }
    } else if (n == "file") {
      if (!v.is_none()) file = v;
    } else if (n == "flush") {
      int t = vm.Truthy(v);
      if (t < 0) return {};
      flush = t == 1;
    } else {
      return RaiseTypeError(vm,
                            absl::StrFormat("'%s' is an invalid keyword argument for print()", n));
    }
  }
  if (file.is_null()) {
    file = CurrentStdStream(vm, false);
    if (file.is_null()) return {};
    if (file.is_none()) return Value::None();  // sys.stdout = None: as CPython
  }
  bool is_stderr = false;
  if (IsStdStream(file, &is_stderr)) {
    std::string out;
    for (int i = 0; i < args.nargs; ++i) {
      if (i > 0) out += sep;
      std::string s;
      if (!vm.StrString(args[i], &s)) return {};
      out += s;
    }
    out += end;
    vm.Write(out, is_stderr);
    if (flush) std::fflush(is_stderr ? stderr : stdout);
    return Value::None();
  }
  for (int i = 0; i < args.nargs; ++i) {
    if (i > 0 && !WriteToFile(vm, file, sep)) return {};
    std::string s;
    if (!vm.StrString(args[i], &s) || !WriteToFile(vm, file, s)) return {};
  }
  if (!WriteToFile(vm, file, end)) return {};
  if (flush && vm.CallMethod(file, "flush", {}).is_null()) return {};
  return Value::None();
}

Value Len(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "len", 1, 1)) return {};
  return vm.Len(args[0]);
}

bool ClassInfoCheck(VM& vm, const Value& obj_or_cls, const Value& info, bool is_subclass, int* out,
                    const char* fname) {
  if (info.is_object() && info.as_object()->type == T().tuple) {
    for (const Value& v : static_cast<TupleObject*>(info.as_object())->items) {
      int r;
      if (!ClassInfoCheck(vm, obj_or_cls, v, is_subclass, &r, fname)) return false;
      if (r) {
        *out = 1;
        return true;
      }
    }
    *out = 0;
    return true;
  }
  if (!is_subclass && obj_or_cls.type() == info.as_object()) {
    *out = 1;
    return true;
  }
  if (info.type() != T().type) {
    // A metaclass's (or any object's) __instancecheck__/__subclasscheck__.
    const Value* hook =
        LookupInMro(info.type(), Intern(is_subclass ? "__subclasscheck__" : "__instancecheck__"));
    if (hook != nullptr) {
      Value r = vm.CallWithSelf(*hook, info, ArgsView(&obj_or_cls, 1));
      if (r.is_null()) return false;
      int truth = vm.Truthy(r);
      if (truth < 0) return false;
      *out = truth;
      return true;
    }
  }
  if (!IsInstance(info, T().type)) {
    RaiseTypeError(
        vm, absl::StrFormat("%s() arg 2 must be a type, a tuple of types, or a union", fname));
    return false;
  }
  Type* t = Cast<Type>(info);
  if (is_subclass) {
    *out = IsSubtype(Cast<Type>(obj_or_cls), t);
  } else {
    *out = IsInstance(obj_or_cls, t);
  }
  return true;
}

Value IsInstanceFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "isinstance", 2, 2)) return {};
  int r;
  if (!ClassInfoCheck(vm, args[0], args[1], false, &r, "isinstance")) return {};
  return Value::Bool(r);
}
Value IsSubclassFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "issubclass", 2, 2)) return {};
  if (!IsInstance(args[0], T().type))
    return RaiseTypeError(vm, "issubclass() arg 1 must be a class");
  int r;
  if (!ClassInfoCheck(vm, args[0], args[1], true, &r, "issubclass")) return {};
  return Value::Bool(r);
}

Value MinMax(VM& vm, const ArgsView& args, bool is_max) {
  const char* name = is_max ? "max" : "min";
  Value key, deflt;
  for (int k = 0; k < args.nkw(); ++k) {
    if (args.kwname(k) == "key") {
      key = args.kwvalue(k).is_none() ? Value() : args.kwvalue(k);
    } else if (args.kwname(k) == "default") {
      deflt = args.kwvalue(k);
    } else {
      return RaiseTypeError(vm, absl::StrFormat("%s() got an unexpected keyword argument '%s'",
                                                name, args.kwname(k)));
    }
  }
  std::vector<Value> items;
  if (args.nargs == 0) {
    return RaiseTypeError(vm, absl::StrFormat("%s expected at least 1 argument, got 0", name));
  }
  if (args.nargs == 1) {
    if (!vm.Extend(&items, args[0])) return {};
    if (items.empty()) {
      if (!deflt.is_null()) return deflt;
      return RaiseValueError(vm, absl::StrFormat("%s() arg is an empty sequence", name));
    }
  } else {
    if (!deflt.is_null()) {
      return RaiseTypeError(vm, absl::StrFormat("Cannot specify a default for %s() with multiple "
                                                "positional arguments",
                                                name));
    }
    items.assign(args.data, args.data + args.nargs);
  }
  Value best = items[0];
  Value best_key = key.is_null() ? best : vm.Call(key, {best});
  if (best_key.is_null()) return {};
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = key.is_null() ? items[i] : vm.Call(key, {items[i]});
    if (k.is_null()) return {};
    Value c = vm.Compare(is_max ? CompareOp::kGt : CompareOp::kLt, k, best_key);
    if (c.is_null()) return {};
    int t = vm.Truthy(c);
    if (t < 0) return {};
    if (t) {
      best = items[i];
      best_key = k;
    }
  }
  return best;
}
Value Min(VM& vm, const Value&, const ArgsView& args) { return MinMax(vm, args, false); }
Value Max(VM& vm, const Value&, const ArgsView& args) { return MinMax(vm, args, true); }

Value Sum(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"iterable", "start"};
  Value a[2];
  if (!ParseArgs(vm, args, "sum", kNames, 1, a)) return {};
  Value acc = a[1].is_null() ? Value::Int(0) : a[1];
  if (StrValue(acc) != nullptr) {
    return RaiseTypeError(vm, "sum() can't sum strings [use ''.join(seq) instead]");
  }
  const bool ok = ForEachItem(vm, a[0], [&](Value v) {
    if (acc.is_int() && v.is_int()) {
      int64_t r;
      if (!__builtin_add_overflow(acc.as_int(), v.as_int(), &r)) {
        acc = Value::Int(r);
        return ItemStep::kNext;
      }
    }
    if (acc.is_float() && v.is_float()) {
      acc = Value::Float(acc.as_float() + v.as_float());
      return ItemStep::kNext;
    }
    acc = vm.Binary(BinaryOp::kAdd, acc, v);
    return acc.is_null() ? ItemStep::kError : ItemStep::kNext;
  });
  return ok ? acc : Value();
}

Value Abs(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "abs", 1, 1)) return {};
  const Value& x = args[0];
  if (x.is_int() || x.is_bool()) {
    if (x.as_int() == INT64_MIN) return IntAbs(x);
    return Value::Int(x.as_int() < 0 ? -x.as_int() : x.as_int());
  }
  if (IsBigInt(x)) return IntAbs(x);
  if (x.is_float()) return Value::Float(std::fabs(x.as_float()));
  const Value& m = x.type()->slot(Slot::kAbs);
  if (!m.is_null()) return vm.CallWithSelf(m, x, ArgsView());
  return RaiseTypeError(vm, absl::StrFormat("bad operand type for abs(): '%s'", TypeName(x)));
}

double RoundHalfEven(double x) { return std::nearbyint(x); }  // default FE_TONEAREST

Value Round(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"number", "ndigits"};
  Value a[2];
  if (!ParseArgs(vm, args, "round", kNames, 1, a)) return {};
  const Value& x = a[0];
  bool has_nd = !a[1].is_null() && !a[1].is_none();
  int64_t nd = 0;
  if (has_nd && IsIntValue(x) && IsBigInt(a[1])) {
    // Beyond int64 digits: nothing to round, or everything rounds to 0.
    return IntSign(a[1]) > 0 ? (x.is_bool() ? Value::Int(x.as_int()) : x) : Value::Int(0);
  }
  if (has_nd && !ToInt(vm, a[1], &nd)) return {};
  if (IsIntValue(x)) {
    if (!has_nd || nd >= 0) return x.is_bool() ? Value::Int(x.as_int()) : x;
    return IntRoundDigits(x, nd);
  }
  if (x.is_float()) {
    double d = x.as_float();
    if (!has_nd) {
      if (std::isnan(d)) return RaiseValueError(vm, "cannot convert float NaN to integer");
      return FloatToInt(vm, RoundHalfEven(d));
    }
    if (!std::isfinite(d)) return x;
    // Correctly rounded via the shortest decimal text, as CPython does.
    char buf[64];
    if (nd > 300) return x;
    if (nd < -308) return Value::Float(0.0 * d);
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(std::max<int64_t>(nd, 0)), d);
    if (nd >= 0) return Value::Float(std::strtod(buf, nullptr));
    double p = std::pow(10.0, static_cast<double>(-nd));
    return Value::Float(RoundHalfEven(d / p) * p);
  }
  const Value* m = LookupInMro(x.type(), Intern("__round__"));
  if (m != nullptr) {
    if (has_nd) return vm.CallWithSelf(*m, x, ArgsView(&a[1], 1));
    return vm.CallWithSelf(*m, x, ArgsView());
  }
  return RaiseTypeError(vm,
                        absl::StrFormat("type %s doesn't define __round__ method", TypeName(x)));
}

Value Sorted(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"iterable", "key", "reverse"};
  Value a[3];
  if (!ParseArgs(vm, args, "sorted", kNames, 1, a, 1)) return {};
  Value l = NewList({});
  if (!vm.Extend(&Cast<ListObject>(l)->items, a[0])) return {};
  int rev = a[2].is_null() ? 0 : vm.Truthy(a[2]);
  if (rev < 0) return {};
  if (!ListSort(vm, Cast<ListObject>(l), a[1].is_none() ? Value() : a[1], rev != 0)) return {};
  return l;
}

Value AnyAll(VM& vm, const ArgsView& args, bool any) {
  if (!CheckArgCount(vm, args, any ? "any" : "all", 1, 1)) return {};
  // any: stops at the first true item; all: at the first false one.
  bool stopped = false;
  const bool ok = ForEachItem(vm, args[0], [&](const Value& v) {
    const int t = vm.Truthy(v);
    if (t < 0) return ItemStep::kError;
    stopped = (t != 0) == any;
    return stopped ? ItemStep::kStop : ItemStep::kNext;
  });
  if (!ok) return {};
  return Value::Bool(stopped ? any : !any);
}
Value Any(VM& vm, const Value&, const ArgsView& args) { return AnyAll(vm, args, true); }
Value All(VM& vm, const Value&, const ArgsView& args) { return AnyAll(vm, args, false); }

Value ReprFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "repr", 1, 1)) return {};
  return vm.Repr(args[0]);
}
Value AsciiFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "ascii", 1, 1)) return {};
  return vm.Ascii(args[0]);
}
// hex(), oct(), bin(): the magnitude's digits after a 0x/0o/0b prefix.
template <int kBase>
Value IntDigitsFn(VM& vm, const Value&, const ArgsView& args) {
  const char* name = kBase == 16 ? "hex" : kBase == 8 ? "oct" : "bin";
  if (!CheckArgCount(vm, args, name, 1, 1)) return {};
  Value v = args[0];
  if (!IsIntValue(v)) {
    int64_t i;
    if (args[0].is_float() || StrValue(args[0]) != nullptr || !ToInt(vm, args[0], &i)) {
      if (!vm.HasException() || vm.ExceptionMatches(T().type_error)) {
        vm.ClearException();
        return RaiseTypeError(vm, absl::StrFormat("'%s' object cannot be interpreted as an integer",
                                                  TypeName(args[0])));
      }
      return {};
    }
    v = Value::Int(i);
  }
  std::string digits;
  if (!IntMagnitudeDigits(vm, v, kBase, &digits)) return {};
  const char* prefix = kBase == 16 ? "0x" : kBase == 8 ? "0o" : "0b";
  return NewStr(absl::StrCat(IntSign(v) < 0 ? "-" : "", prefix, digits));
}
Value IterFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "iter", 1, 2)) return {};
  if (args.nargs == 2) {
    auto* m = new MultiIterObject(T().callable_iter);
    m->func = args[0];
    m->iters.push_back(args[1]);
    return Value::Adopt(m);
  }
  return vm.Iter(args[0]);
}
Value NextFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "next", 1, 2)) return {};
  const Value& it = args[0];
  Type* t = it.type();
  if (!it.is_object() || (t->slot(Slot::kNext).is_null())) {
    return RaiseTypeError(vm, absl::StrFormat("'%s' object is not an iterator", t->name));
  }
  if (t->has_flag(Type::kHeapType) || IsGeneratorObject(it) || KeepsStopValue(it)) {
    // A script iterator: its StopIteration keeps its traceback (and a
    // generator's or an awaitable's, its return value).
    Value v = vm.CallWithSelf(t->slot(Slot::kNext), it, ArgsView());
    if (v.is_null() && args.nargs == 2 && vm.ExceptionMatches(T().stop_iteration)) {
      vm.ClearException();
      return args[1];
    }
    return v;
  }
  Value v = vm.Next(it);
  if (v.is_null() && !vm.HasException()) {
    if (args.nargs == 2) return args[1];
    vm.SetException(NewExceptionArgs(T().stop_iteration, NewTuple({})));
  }
  return v;
}
Value HashFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "hash", 1, 1)) return {};
  int64_t h;
  if (!vm.Hash(args[0], &h)) return {};
  return Value::Int(h);
}
Value DivMod(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "divmod", 2, 2)) return {};
  Value q = vm.Binary(BinaryOp::kFloorDiv, args[0], args[1]);
  if (q.is_null()) return q;
  Value r = vm.Binary(BinaryOp::kMod, args[0], args[1]);
  if (r.is_null()) return r;
  return NewTuple({q, r});
}
Value Pow(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"base", "exp", "mod"};
  Value a[3];
  if (!ParseArgs(vm, args, "pow", kNames, 2, a)) return {};
  if (!a[2].is_null() && !a[2].is_none()) {
    if (IsIntValue(a[0]) && IsIntValue(a[1]) && IsIntValue(a[2])) {
      return IntPow(vm, a[0], a[1], a[2]);
    }
    if (IsComplex(a[0]) || IsComplex(a[1]) || IsComplex(a[2])) {
      return RaiseValueError(vm, "complex modulo");  // complex's ternary power
    }
    if (a[0].is_float() || a[1].is_float() || a[2].is_float()) {
      return RaiseTypeError(vm, "pow() 3rd argument not allowed unless all arguments are integers");
    }
    return RaiseTypeError(
        vm, absl::StrFormat("unsupported operand type(s) for ** or pow(): '%s', '%s', '%s'",
                            TypeName(a[0]), TypeName(a[1]), TypeName(a[2])));
  }
  return vm.Binary(BinaryOp::kPow, a[0], a[1]);
}
Value Chr(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "chr", 1, 1)) return {};
  if (args[0].is_float()) return RaiseTypeError(vm, "integer argument expected, got float");
  int64_t c;
  if (!ToInt(vm, args[0], &c)) return {};
  if (c < 0 || c > 0x10ffff) return RaiseValueError(vm, "chr() arg not in range(0x110000)");
  return NewStrChar(static_cast<uint32_t>(c));
}
Value Ord(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "ord", 1, 1)) return {};
  if (const std::string* b = BytesValue(args[0])) {
    if (b->size() != 1) {
      return RaiseTypeError(
          vm,
          absl::StrFormat("ord() expected a character, but string of length %d found", b->size()));
    }
    return Value::Int(static_cast<unsigned char>((*b)[0]));
  }
  if (StrValue(args[0]) == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("ord() expected string of length 1, but %s found", TypeName(args[0])));
  }
  const StrObject* s = AsStr(args[0]);
  if (s->Length() != 1) {
    return RaiseTypeError(
        vm,
        absl::StrFormat("ord() expected a character, but string of length %d found", s->Length()));
  }
  return Value::Int(StrCodePointAt(s, 0));
}
Value FormatFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "format", 1, 2)) return {};
  std::string_view spec;
  if (args.nargs == 2) {
    const std::string* s = StrValue(args[1]);
    if (s == nullptr) return RaiseTypeError(vm, "format() argument 2 must be str");
    spec = *s;
  }
  return vm.Format(args[0], spec);
}
Value ExitFn(VM& vm, const Value&, const ArgsView& args) {
  std::vector<Value> a(args.data, args.data + args.nargs);
  vm.SetException(NewExceptionArgs(T().system_exit, NewTuple(std::move(a))));
  return {};
}

constexpr MethodDef kBuiltinFunctions[] = {
    {"print", Print},
    {"len", Len},
    {"isinstance", IsInstanceFn},
    {"issubclass", IsSubclassFn},
    {"min", Min},
    {"max", Max},
    {"sum", Sum},
    {"abs", Abs},
    {"round", Round},
    {"sorted", Sorted},
    {"any", Any},
    {"all", All},
    {"repr", ReprFn},
    {"ascii", AsciiFn},
    {"hex", IntDigitsFn<16>},
    {"oct", IntDigitsFn<8>},
    {"bin", IntDigitsFn<2>},
    {"iter", IterFn},
    {"next", NextFn},
    {"hash", HashFn},
    {"divmod", DivMod},
    {"pow", Pow},
    {"chr", Chr},
    {"ord", Ord},
    {"format", FormatFn},
    {"exit", ExitFn},
    {"quit", ExitFn},
};

}  // namespace

void InitBuiltinFunctions(VM& vm, DictObject* b) {
  (void)vm;
  for (const MethodDef& d : kBuiltinFunctions) {
    DictSetStr(b, d.name, NewNativeFunction(d.name, d.fn, Value::None()));
  }
  AddIntrospectionBuiltins(b);
  AddExecBuiltins(b);
  const BuiltinTypes& t = T();
  static const bool kGenerics = [&t] {
    for (Type* ty : {t.type, t.tuple, t.list, t.dict, t.set, t.frozenset}) AddClassGetItem(ty);
    AddUnionOperators(t.type);
    AddUnionOperators(GenericAliasType());
    return true;
  }();
  (void)kGenerics;
  AddBuiltinTypesAndConstants(b);
  DictSetStr(b, "open", NewNativeFunction("open", OpenBuiltin, Value::None()));
}

}  // namespace tc::script
