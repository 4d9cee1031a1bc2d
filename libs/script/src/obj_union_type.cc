// types.UnionType: what `int | str` makes (PEP 604), as CPython 3.11's
// Objects/unionobject.c: `|` of classes, None, generic aliases and unions
// (type.__or__ / __ror__), flattened and without repeats, a single member
// standing for itself; the repr (`int | None`), __args__ and
// __parameters__, order-independent equality and hash, and isinstance /
// issubclass against any member.
#include <string>
#include <utility>
#include <vector>

#include "tc/script/native.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

struct UnionObject : Object {
  explicit UnionObject(Type* t) : Object(t) {}
  Value args;  // a tuple, None as NoneType
};
UnionObject* Un(const Value& v) { return Cast<UnionObject>(v); }
const std::vector<Value>& Items(const Value& tuple) { return Cast<TupleObject>(tuple)->items; }

bool IsUnionable(const Value& v) {
  return v.is_none() || IsInstance(v, Types().type) || IsInstance(v, GenericAliasType()) ||
         IsInstance(v, UnionTypeType());
}

// Appends `v`'s members (a union's args, else v itself, None as NoneType)
// that are not yet in `out` (by ==); false on a comparison error.
bool AddMembers(VM& vm, const Value& v, std::vector<Value>* out) {
  std::vector<Value> members =
      IsInstance(v, UnionTypeType()) ? Items(Un(v)->args) : std::vector<Value>{v};
  for (Value m : members) {
    if (m.is_none()) m = Value::Borrow(Types().none);
    bool seen = false;
    for (const Value& x : *out) {
      int eq = vm.Equal(x, m);
      if (eq < 0) return false;
      if (eq == 1) {
        seen = true;
        break;
      }
    }
    if (!seen) out->push_back(m);
  }
  return true;
}

// a | b: NotImplemented unless both can be union members.
Value MakeUnion(VM& vm, const Value& a, const Value& b) {
  if (!IsUnionable(a) || !IsUnionable(b)) return NotImplementedValue();
  std::vector<Value> args;
  if (!AddMembers(vm, a, &args) || !AddMembers(vm, b, &args)) return {};
  if (args.size() == 1) return args[0];
  auto* u = new UnionObject(UnionTypeType());
  u->args = NewTuple(std::move(args));
  return Value::Adopt(u);
}

Value Or(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__or__", 1, 1)) return {};
  return MakeUnion(vm, self, args[0]);
}
Value ROr(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__ror__", 1, 1)) return {};
  return MakeUnion(vm, args[0], self);
}

Value UnionRepr(VM& vm, const Value& self, const ArgsView&) {
  std::string s;
  for (const Value& a : Items(Un(self)->args)) {
    if (!s.empty()) s += " | ";
    if (a.is_object() && a.as_object() == Types().none) {
      s += "None";
      continue;
    }
    std::string r;
    if (IsInstance(a, Types().type) && !IsInstance(a, GenericAliasType())) {
      const Type* t = Cast<Type>(a);
      r = t->module == "builtins" ? t->qualname : t->module + "." + t->qualname;
    } else if (!vm.ReprString(a, &r)) {
      return {};
    }
    s += r;
  }
  return NewStr(s);
}

Value UnionArgs(VM&, const Value& self) { return Un(self)->args; }
Value UnionParameters(VM& vm, const Value& self) {
  // The type variables of the members, as a generic alias of them has.
  Value alias =
      vm.Call(Value::Borrow(GenericAliasType()), {Value::Borrow(Types().tuple), Un(self)->args});
  return alias.is_null() ? alias : vm.GetAttr(alias, "__parameters__");
}

Value UnionEq(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__eq__", 1, 1)) return {};
  if (!IsInstance(args[0], UnionTypeType())) return NotImplementedValue();
  Value a = vm.Call(Value::Borrow(Types().frozenset), {Un(self)->args});
  Value b = a.is_null() ? a : vm.Call(Value::Borrow(Types().frozenset), {Un(args[0])->args});
  if (b.is_null()) return b;
  int eq = vm.Equal(a, b);
  return eq < 0 ? Value() : Value::Bool(eq == 1);
}
Value UnionHash(VM& vm, const Value& self, const ArgsView&) {
  Value set = vm.Call(Value::Borrow(Types().frozenset), {Un(self)->args});
  int64_t h;
  if (set.is_null() || !vm.Hash(set, &h)) return {};
  return Value::Int(h);
}

// isinstance(x, int | str): against each member; a parameterized generic
// among them is an error, as for isinstance(x, list[int]).
template <bool kSubclass>
Value UnionCheck(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kSubclass ? "__subclasscheck__" : "__instancecheck__", 1, 1)) {
    return {};
  }
  for (const Value& a : Items(Un(self)->args)) {
    if (IsInstance(a, GenericAliasType())) {
      return RaiseTypeError(vm, kSubclass
                                    ? "issubclass() argument 2 cannot be a parameterized generic"
                                    : "isinstance() argument 2 cannot be a parameterized generic");
    }
  }
  const Value* fn = DictGetStr(vm.builtins(), kSubclass ? "issubclass" : "isinstance");
  if (fn == nullptr) return RaiseRuntimeError(vm, "builtin isinstance missing");
  for (const Value& a : Items(Un(self)->args)) {
    Value r = vm.Call(*fn, {args[0], a});
    if (r.is_null()) return r;
    int t = vm.Truthy(r);
    if (t < 0) return {};
    if (t == 1) return Value::Bool(true);
  }
  return Value::Bool(false);
}

constexpr MethodDef kUnionMethods[] = {{"__repr__", UnionRepr},
                                       {"__eq__", UnionEq},
                                       {"__hash__", UnionHash},
                                       {"__or__", Or},
                                       {"__ror__", ROr},
                                       {"__instancecheck__", UnionCheck<false>},
                                       {"__subclasscheck__", UnionCheck<true>}};
constexpr GetSetDef kUnionGetSets[] = {{"__args__", UnionArgs},
                                       {"__parameters__", UnionParameters}};
constexpr MethodDef kOrMethods[] = {{"__or__", Or}, {"__ror__", ROr}};

}  // namespace

Type* UnionTypeType() {
  static Type* const kType = NewNativeType(
      {.name = "UnionType", .module = "types", .methods = kUnionMethods, .getsets = kUnionGetSets});
  return kType;
}

void AddUnionOperators(Type* t) {
  AddMethods(t, kOrMethods);
  UpdateSlots(t);
}

}  // namespace tc::script
