// The `operator` module (CPython's Modules/_operator.c): the function forms
// of the operators, each delegating to the VM's own operator so results and
// TypeErrors are the interpreter's, and the callables itemgetter,
// attrgetter (dotted names) and methodcaller with CPython's reprs. The
// dunder aliases (`operator.__add__`) are the same function objects.
#include <array>
#include <iterator>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

#include "tc/script/bigint.h"
#include "tc/script/native.h"

#include "for_each_item.h"
#include "positional_args.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// CPython's METH_O functions name themselves "_operator.NAME" in errors;
// the two-argument ones use argument clinic's "NAME expected 2 ...".
bool OneArg(VM& vm, const ArgsView& args, const char* name) {
  return CheckArgCount(vm, args, absl::StrCat("_operator.", name), 1, 1);
}
bool TwoArgs(VM& vm, const ArgsView& args, const char* name) {
  if (args.nkw() > 0) {
    RaiseTypeError(vm, absl::StrFormat("_operator.%s() takes no keyword arguments", name));
    return false;
  }
  return CheckPositional(vm, args, name, 2, 2);
}

// The functions of each BinaryOp, in its order, and of each CompareOp.
constexpr const char* kBinaryNames[] = {"add",  "sub", "mul",    "truediv", "floordiv",
                                        "mod",  "pow", "matmul", "lshift",  "rshift",
                                        "and_", "or_", "xor"};
constexpr const char* kInplaceNames[] = {"iadd", "isub", "imul",    "itruediv", "ifloordiv",
                                         "imod", "ipow", "imatmul", "ilshift",  "irshift",
                                         "iand", "ior",  "ixor"};
static_assert(std::size(kBinaryNames) == static_cast<size_t>(BinaryOp::kXor) + 1);
static_assert(std::size(kInplaceNames) == std::size(kBinaryNames));

// operator.add(a, b) (a + b), or operator.iadd(a, b) (a += b) when kInplace.
template <BinaryOp kOp, bool kInplace>
Value BinaryFn(VM& vm, const Value&, const ArgsView& args) {
  const int i = static_cast<int>(kOp);
  if (!TwoArgs(vm, args, kInplace ? kInplaceNames[i] : kBinaryNames[i])) return {};
  return kInplace ? vm.Inplace(kOp, args[0], args[1]) : vm.Binary(kOp, args[0], args[1]);
}

constexpr const char* kCompareNames[] = {"lt", "le", "eq", "ne", "gt", "ge", "is_", "is_not"};
template <CompareOp kOp>
Value Compare(VM& vm, const Value&, const ArgsView& args) {
  if (!TwoArgs(vm, args, kCompareNames[static_cast<int>(kOp)])) return {};
  return vm.Compare(kOp, args[0], args[1]);
}

constexpr const char* kUnaryNames[] = {"neg", "pos", "not_", "invert"};
template <UnaryOp kOp>
Value Unary(VM& vm, const Value&, const ArgsView& args) {
  if (!OneArg(vm, args, kUnaryNames[static_cast<int>(kOp)])) return {};
  return vm.Unary(kOp, args[0]);
}

Value Truth(VM& vm, const Value&, const ArgsView& args) {
  if (!OneArg(vm, args, "truth")) return {};
  int t = vm.Truthy(args[0]);
  if (t < 0) return {};
  return Value::Bool(t == 1);
}
Value Abs(VM& vm, const Value&, const ArgsView& args) {
  if (!OneArg(vm, args, "abs")) return {};
  return vm.Call(*DictGetStr(vm.builtins(), "abs"), {args[0]});
}
Value Index(VM& vm, const Value&, const ArgsView& args) {
  if (!OneArg(vm, args, "index")) return {};
  if (IsBigInt(args[0])) return args[0];
  int64_t i;
  if (!ToInt(vm, args[0], &i)) return {};
  return Value::Int(i);
}

// PySequence_Check: what `concat` accepts as its first operand.
bool IsSequence(const Value& v) {
  if (TupleOrListItems(v) != nullptr || StrValue(v) != nullptr) return true;
  Type* t = v.type();
  return v.is_object() && DictTable(v) == nullptr && !t->slot(Slot::kGetItem).is_null();
}
Value ConcatImpl(VM& vm, const ArgsView& args, const char* name, bool inplace) {
  if (!TwoArgs(vm, args, name)) return {};
  if (!IsSequence(args[0])) {
    return RaiseTypeError(vm,
                          absl::StrFormat("'%s' object can't be concatenated", TypeName(args[0])));
  }
  return inplace ? vm.Inplace(BinaryOp::kAdd, args[0], args[1])
                 : vm.Binary(BinaryOp::kAdd, args[0], args[1]);
}
Value Concat(VM& vm, const Value&, const ArgsView& args) {
  return ConcatImpl(vm, args, "concat", false);
}
Value IConcat(VM& vm, const Value&, const ArgsView& args) {
  return ConcatImpl(vm, args, "iconcat", true);
}

Value Contains(VM& vm, const Value&, const ArgsView& args) {
  if (!TwoArgs(vm, args, "contains")) return {};
  int r = vm.Contains(args[0], args[1]);
  if (r < 0) return {};
  return Value::Bool(r == 1);
}
// The items of `seq` equal to (or the same object as) `item`: their count,
// or the first one's index (-1: none).
bool Scan(VM& vm, const Value& seq, const Value& item, bool first_only, int64_t* out) {
  int64_t count = 0, index = 0;
  *out = first_only ? -1 : 0;
  const bool ok = ForEachItem(vm, seq, [&](const Value& v) {
    const bool same = v.tag() == item.tag() && v.raw() == item.raw();
    const int eq = same ? 1 : vm.Equal(v, item);
    if (eq < 0) return ItemStep::kError;
    if (eq == 1) {
      if (first_only) {
        *out = index;
        return ItemStep::kStop;
      }
      ++count;
    }
    ++index;
    return ItemStep::kNext;
  });
  if (ok && !first_only) *out = count;
  return ok;
}
Value CountOf(VM& vm, const Value&, const ArgsView& args) {
  if (!TwoArgs(vm, args, "countOf")) return {};
  int64_t n;
  if (!Scan(vm, args[0], args[1], false, &n)) return {};
  return Value::Int(n);
}
Value IndexOf(VM& vm, const Value&, const ArgsView& args) {
  if (!TwoArgs(vm, args, "indexOf")) return {};
  int64_t i;
  if (!Scan(vm, args[0], args[1], true, &i)) return {};
  if (i < 0) return RaiseValueError(vm, "sequence.index(x): x not in sequence");
  return Value::Int(i);
}

Value GetItem(VM& vm, const Value&, const ArgsView& args) {
  if (!TwoArgs(vm, args, "getitem")) return {};
  return vm.GetItem(args[0], args[1]);
}
Value SetItem(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "_operator.setitem() takes no keyword arguments");
  if (!CheckPositional(vm, args, "setitem", 3, 3)) return {};
  if (!vm.SetItem(args[0], args[1], args[2])) return {};
  return Value::None();
}
Value DelItem(VM& vm, const Value&, const ArgsView& args) {
  if (!TwoArgs(vm, args, "delitem")) return {};
  if (!vm.DelItem(args[0], args[1])) return {};
  return Value::None();
}

Value LengthHint(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) {
    return RaiseTypeError(vm, "_operator.length_hint() takes no keyword arguments");
  }
  if (!CheckPositional(vm, args, "length_hint", 1, 2)) return {};
  int64_t fallback = 0;
  if (args.nargs == 2 && !ToInt(vm, args[1], &fallback)) return {};
  const Value& obj = args[0];
  if (!obj.type()->slot(Slot::kLen).is_null() || TupleOrListItems(obj) != nullptr ||
      StrValue(obj) != nullptr || DictTable(obj) != nullptr) {
    return vm.Len(obj);
  }
  // The builtin list/tuple/range iterators know what is left, as CPython's
  // do through their __length_hint__.
  const BuiltinTypes& T = Types();
  if (obj.type() == T.list_iter || obj.type() == T.tuple_iter) {
    auto* it = Cast<SeqIterObject>(obj);
    const std::vector<Value>* items = TupleOrListItems(it->seq);
    int64_t left = items == nullptr ? 0 : static_cast<int64_t>(items->size()) - it->index;
    return Value::Int(left < 0 ? 0 : left);
  }
  if (obj.type() == T.range_iter) {
    auto* r = Cast<RangeIterObject>(obj);
    int64_t left = r->step > 0 ? (r->stop - r->cur + r->step - 1) / r->step
                               : (r->cur - r->stop - r->step - 1) / -r->step;
    return Value::Int(left < 0 ? 0 : left);
  }
  const Value* hint = LookupInMro(obj.type(), Intern("__length_hint__"));
  if (hint == nullptr) return Value::Int(fallback);
  Value r = vm.CallWithSelf(*hint, obj, ArgsView());
  if (r.is_null()) {
    if (!vm.ExceptionMatches(Types().type_error)) return r;
    vm.ClearException();
    return Value::Int(fallback);
  }
  if (r.is_object() && r.as_object() == NotImplementedValue().as_object()) {
    return Value::Int(fallback);
  }
  if (!r.is_int()) {
    return RaiseTypeError(
        vm, absl::StrFormat("__length_hint__ must be an integer, not %s", TypeName(r)));
  }
  if (r.as_int() < 0) return RaiseValueError(vm, "__length_hint__() should return >= 0");
  return r;
}

// call(obj, /, *args, **kwargs)
Value CallFn(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs < 1) {
    return RaiseTypeError(vm, "call() missing 1 required positional argument: 'obj'");
  }
  return vm.Call(args[0], ArgsView(args.data + 1, args.nargs - 1, args.kwnames));
}

// --- itemgetter / attrgetter / methodcaller --------------------------------
// `items`: itemgetter's keys; attrgetter's names, each a tuple of its dotted
// parts; methodcaller's name then its positional arguments, then the
// keyword argument values named by `kwnames`.
struct GetterObject : Object {
  explicit GetterObject(Type* t) : Object(t) {}
  std::vector<Value> items;
  std::vector<std::string> names;  // attrgetter: the names as given
  Ref<TupleObject> kwnames;        // methodcaller
  int32_t nargs = 0;               // methodcaller: positional count
};
GetterObject* G(const Value& v) { return Cast<GetterObject>(v); }

bool OneCallArg(VM& vm, const ArgsView& args, const char* name) {
  if (args.nkw() > 0) {
    RaiseTypeError(vm, absl::StrFormat("%s() takes no keyword arguments", name));
    return false;
  }
  return CheckPositional(vm, args, name, 1, 1);
}

// repr: operator.NAME(a, b, k=v)
Value GetterRepr(VM& vm, const Value& self, const std::vector<Value>& items,
                 const TupleObject* kwnames) {
  std::string s = absl::StrCat(self.type()->module, ".", self.type()->name, "(");
  size_t npos = items.size() - (kwnames != nullptr ? kwnames->items.size() : 0);
  for (size_t i = 0; i < items.size(); ++i) {
    std::string r;
    if (!vm.ReprString(items[i], &r)) return {};
    if (i > 0) s += ", ";
    if (i >= npos) absl::StrAppend(&s, *StrValue(kwnames->items[i - npos]), "=");
    s += r;
  }
  return NewStr(s + ")");
}

Value ItemGetterNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "itemgetter() takes no keyword arguments");
  // CPython says "expected 1 argument" although more are allowed.
  if (args.nargs == 0) return RaiseTypeError(vm, "itemgetter expected 1 argument, got 0");
  auto* g = new GetterObject(Cast<Type>(cls));
  g->items.assign(args.data, args.data + args.nargs);
  return Value::Adopt(g);
}
Value ItemGetterCall(VM& vm, const Value& self, const ArgsView& args) {
  if (!OneCallArg(vm, args, "itemgetter")) return {};
  const std::vector<Value>& items = G(self)->items;
  if (items.size() == 1) return vm.GetItem(args[0], items[0]);
  std::vector<Value> out;
  for (const Value& k : items) {
    Value v = vm.GetItem(args[0], k);
    if (v.is_null()) return v;
    out.push_back(std::move(v));
  }
  return NewTuple(std::move(out));
}
Value ItemGetterRepr(VM& vm, const Value& self, const ArgsView&) {
  return GetterRepr(vm, self, G(self)->items, nullptr);
}

Value AttrGetterNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "attrgetter() takes no keyword arguments");
  // CPython says "expected 1 argument" although more are allowed.
  if (args.nargs == 0) return RaiseTypeError(vm, "attrgetter expected 1 argument, got 0");
  auto* g = new GetterObject(Cast<Type>(cls));
  Value gv = Value::Adopt(g);
  for (int i = 0; i < args.nargs; ++i) {
    const std::string* name = StrValue(args[i]);
    if (name == nullptr) return RaiseTypeError(vm, "attribute name must be a string");
    std::vector<Value> parts;
    for (absl::string_view part : absl::StrSplit(*name, '.')) {
      parts.push_back(InternStr(std::string_view(part.data(), part.size())));
    }
    g->items.push_back(NewTuple(std::move(parts)));
    g->names.push_back(*name);
  }
  return gv;
}
Value AttrChain(VM& vm, Value obj, const Value& parts) {
  for (const Value& p : Cast<TupleObject>(parts)->items) {
    obj = vm.GetAttr(obj, Cast<StrObject>(p));
    if (obj.is_null()) return obj;
  }
  return obj;
}
Value AttrGetterCall(VM& vm, const Value& self, const ArgsView& args) {
  if (!OneCallArg(vm, args, "attrgetter")) return {};
  const std::vector<Value>& items = G(self)->items;
  if (items.size() == 1) return AttrChain(vm, args[0], items[0]);
  std::vector<Value> out;
  for (const Value& parts : items) {
    Value v = AttrChain(vm, args[0], parts);
    if (v.is_null()) return v;
    out.push_back(std::move(v));
  }
  return NewTuple(std::move(out));
}
Value AttrGetterRepr(VM& vm, const Value& self, const ArgsView&) {
  std::vector<Value> names;
  for (const std::string& n : G(self)->names) names.push_back(NewStr(n));
  return GetterRepr(vm, self, names, nullptr);
}

Value MethodCallerNew(VM& vm, const Value& cls, const ArgsView& args) {
  if (args.nargs < 1) {
    return RaiseTypeError(vm, "methodcaller needs at least one argument, the method name");
  }
  if (StrValue(args[0]) == nullptr) return RaiseTypeError(vm, "method name must be a string");
  auto* g = new GetterObject(Cast<Type>(cls));
  g->items.assign(args.data, args.data + args.nargs + args.nkw());
  g->nargs = args.nargs;
  if (args.kwnames != nullptr) {
    g->kwnames = Ref<TupleObject>::Borrow(const_cast<TupleObject*>(args.kwnames));
  }
  return Value::Adopt(g);
}
Value MethodCallerCall(VM& vm, const Value& self, const ArgsView& args) {
  if (!OneCallArg(vm, args, "methodcaller")) return {};
  GetterObject* g = G(self);
  Value method = vm.GetAttr(args[0], Cast<StrObject>(g->items[0]));
  if (method.is_null()) return method;
  return vm.Call(method, ArgsView(g->items.data() + 1, g->nargs - 1, g->kwnames.get()));
}
Value MethodCallerRepr(VM& vm, const Value& self, const ArgsView&) {
  GetterObject* g = G(self);
  std::vector<Value> items = g->items;
  return GetterRepr(vm, self, items, g->kwnames.get());
}

constexpr MethodDef kItemGetterMethods[] = {
    {"__new__", ItemGetterNew}, {"__call__", ItemGetterCall}, {"__repr__", ItemGetterRepr}};
constexpr MethodDef kAttrGetterMethods[] = {
    {"__new__", AttrGetterNew}, {"__call__", AttrGetterCall}, {"__repr__", AttrGetterRepr}};
constexpr MethodDef kMethodCallerMethods[] = {
    {"__new__", MethodCallerNew}, {"__call__", MethodCallerCall}, {"__repr__", MethodCallerRepr}};

// Functions that also have a dunder alias (`__add__` for `add`).
constexpr MethodDef kAliased[] = {
    {"abs", Abs},           {"concat", Concat},
    {"contains", Contains}, {"delitem", DelItem},
    {"getitem", GetItem},   {"iconcat", IConcat},
    {"index", Index},       {"inv", Unary<UnaryOp::kInvert>},
    {"setitem", SetItem},   {"call", CallFn},
};
// The functions of the operators, named as above, aliased too: add ... xor
// and iadd ... ixor for every BinaryOp, lt ... ge for the rich comparisons
// (CompareOp's first six), neg, pos, not_ and invert for every UnaryOp.
template <size_t... kOps>
constexpr std::array<MethodDef, 2 * sizeof...(kOps)> BinaryFunctions(std::index_sequence<kOps...>) {
  return {{{kBinaryNames[kOps], BinaryFn<static_cast<BinaryOp>(kOps), false>}...,
           {kInplaceNames[kOps], BinaryFn<static_cast<BinaryOp>(kOps), true>}...}};
}
template <size_t... kOps>
constexpr std::array<MethodDef, sizeof...(kOps)> CompareFunctions(std::index_sequence<kOps...>) {
  return {{{kCompareNames[kOps], Compare<static_cast<CompareOp>(kOps)>}...}};
}
template <size_t... kOps>
constexpr std::array<MethodDef, sizeof...(kOps)> UnaryFunctions(std::index_sequence<kOps...>) {
  return {{{kUnaryNames[kOps], Unary<static_cast<UnaryOp>(kOps)>}...}};
}
constexpr auto kBinaryFunctions =
    BinaryFunctions(std::make_index_sequence<std::size(kBinaryNames)>());
constexpr auto kRichCompareFunctions =
    CompareFunctions(std::make_index_sequence<static_cast<size_t>(CompareOp::kGe) + 1>());
constexpr auto kUnaryFunctions = UnaryFunctions(std::make_index_sequence<std::size(kUnaryNames)>());
constexpr MethodDef kPlain[] = {
    {"truth", Truth},
    {"is_", Compare<CompareOp::kIs>},
    {"is_not", Compare<CompareOp::kIsNot>},
    {"countOf", CountOf},
    {"indexOf", IndexOf},
    {"length_hint", LengthHint},
};

}  // namespace

bool InitOperatorModule(VM&, ModuleObject* m) {
  static Type* const kTypes[] = {
      NewNativeType({.name = "itemgetter", .module = "operator", .methods = kItemGetterMethods}),
      NewNativeType({.name = "attrgetter", .module = "operator", .methods = kAttrGetterMethods}),
      NewNativeType(
          {.name = "methodcaller", .module = "operator", .methods = kMethodCallerMethods}),
  };
  for (Type* t : kTypes) AddType(m, t);
  AddFunctions(m, kPlain);
  for (std::span<const MethodDef> aliased :
       {std::span<const MethodDef>(kAliased), std::span<const MethodDef>(kBinaryFunctions),
        std::span<const MethodDef>(kRichCompareFunctions),
        std::span<const MethodDef>(kUnaryFunctions)}) {
    AddFunctions(m, aliased);
    for (const MethodDef& d : aliased) {
      std::string name = d.name;
      if (name.back() == '_') name.pop_back();  // and_ -> __and__
      ModuleSet(m, absl::StrCat("__", name, "__"), *DictGetStr(m->dict, d.name));
    }
  }
  return true;
}

}  // namespace tc::script
