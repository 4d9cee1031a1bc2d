// types.UnionType, as CPython's Objects/unionobject.c: `X | Y` of types,
// None and unions, flattened and without repeats (a single remaining
// member is returned itself), printed "int | str", equal to another union
// of the same members in any order, and accepted by isinstance() and
// issubclass() as any of its members.
#include "obj_union.h"

#include <string>
#include <vector>

#include "absl/strings/str_join.h"

#include "vm_internal.h"

namespace tc::script {
namespace {

struct UnionObject : Object {
  explicit UnionObject(Type* t) : Object(t) {}
  Value args;  // a tuple of the members, None as NoneType
};

Type* UnionType();

UnionObject* U(const Value& v) { return static_cast<UnionObject*>(v.as_object()); }

bool IsUnion(const Value& v) { return v.is_object() && v.type() == UnionType(); }

bool Unionable(const Value& v) { return v.is_none() || IsInstance(v, Types().type) || IsUnion(v); }

// Appends v's members (a union's, else v itself) to out unless present.
void AddMembers(const Value& v, std::vector<Value>* out) {
  std::vector<Value> items;
  if (IsUnion(v)) {
    items = Cast<TupleObject>(U(v)->args)->items;
  } else {
    items.push_back(v.is_none() ? Value::Borrow(Types().none) : v);
  }
  for (Value& item : items) {
    bool seen = false;
    for (const Value& o : *out) seen |= o.as_object() == item.as_object();
    if (!seen) out->push_back(std::move(item));
  }
}

Value MakeUnion(const Value& a, const Value& b) {
  std::vector<Value> members;
  AddMembers(a, &members);
  AddMembers(b, &members);
  if (members.size() == 1) return members[0];
  auto* u = new UnionObject(UnionType());
  u->args = NewTuple(std::move(members));
  return Value::Adopt(u);
}

Value UnionOr(VM&, const Value& self, const ArgsView& args) {
  if (args.nargs != 1 || !Unionable(args[0])) return NotImplementedValue();
  return MakeUnion(self, args[0]);
}

Value UnionRor(VM&, const Value& self, const ArgsView& args) {
  if (args.nargs != 1 || !Unionable(args[0])) return NotImplementedValue();
  return MakeUnion(args[0], self);
}

// A member as CPython's union_repr_item writes it: NoneType as None, a
// builtin type by its name, another type as module.qualname.
bool MemberRepr(VM& vm, const Value& v, std::string* out) {
  if (v.is_object() && v.as_object() == Types().none) {
    *out = "None";
    return true;
  }
  if (IsInstance(v, Types().type)) {
    *out = TypeFullName(Cast<Type>(v));
    return true;
  }
  return vm.ReprString(v, out);
}

Value UnionRepr(VM& vm, const Value& self, const ArgsView&) {
  std::vector<std::string> parts;
  for (const Value& m : Cast<TupleObject>(U(self)->args)->items) {
    std::string s;
    if (!MemberRepr(vm, m, &s)) return {};
    parts.push_back(std::move(s));
  }
  return NewStr(absl::StrJoin(parts, " | "));
}

// Members compared as sets.
Value UnionEq(VM& vm, const Value& self, const ArgsView& args) {
  if (args.nargs != 1 || !IsUnion(args[0])) return NotImplementedValue();
  const auto& a = Cast<TupleObject>(U(self)->args)->items;
  const auto& b = Cast<TupleObject>(U(args[0])->args)->items;
  auto contains = [&](const std::vector<Value>& in, const Value& v) -> int {
    for (const Value& x : in) {
      int eq = vm.Equal(x, v);
      if (eq != 0) return eq;
    }
    return 0;
  };
  for (const auto* pair : {&a, &b}) {
    const auto& other = pair == &a ? b : a;
    for (const Value& v : *pair) {
      int r = contains(other, v);
      if (r < 0) return {};
      if (r == 0) return Value::Bool(false);
    }
  }
  return Value::Bool(true);
}

Value UnionHash(VM& vm, const Value& self, const ArgsView&) {
  Value fs = vm.Call(Value::Borrow(Types().frozenset), {U(self)->args});
  if (fs.is_null()) return {};
  int64_t h;
  if (!vm.Hash(fs, &h)) return {};
  return Value::Int(h);
}

// isinstance(obj, A | B) / issubclass(cls, A | B): any member matches.
Value UnionCheck(VM& vm, const Value& self, const ArgsView& args, const char* fname,
                 const char* builtin) {
  if (!CheckArgCount(vm, args, fname, 1, 1)) return {};
  const Value* fn = DictGetStr(vm.builtins(), builtin);
  for (const Value& m : Cast<TupleObject>(U(self)->args)->items) {
    Value r = vm.Call(*fn, {args[0], m});
    if (r.is_null()) return {};
    int t = vm.Truthy(r);
    if (t < 0) return {};
    if (t) return Value::Bool(true);
  }
  return Value::Bool(false);
}
Value UnionInstanceCheck(VM& vm, const Value& self, const ArgsView& args) {
  return UnionCheck(vm, self, args, "__instancecheck__", "isinstance");
}
Value UnionSubclassCheck(VM& vm, const Value& self, const ArgsView& args) {
  return UnionCheck(vm, self, args, "__subclasscheck__", "issubclass");
}

Value UnionArgs(VM&, const Value& self) { return U(self)->args; }
Value UnionParameters(VM&, const Value&) { return NewTuple({}); }

constexpr MethodDef kUnionMethods[] = {
    {"__or__", UnionOr},
    {"__ror__", UnionRor},
    {"__repr__", UnionRepr},
    {"__eq__", UnionEq},
    {"__hash__", UnionHash},
    {"__instancecheck__", UnionInstanceCheck},
    {"__subclasscheck__", UnionSubclassCheck},
};
constexpr GetSetDef kUnionGetSets[] = {{"__args__", UnionArgs},
                                       {"__parameters__", UnionParameters}};

Type* UnionType() {
  static Type* const kType = NewNativeType(
      {.name = "UnionType", .module = "types", .methods = kUnionMethods, .getsets = kUnionGetSets});
  return kType;
}

}  // namespace

Value TypeOr(VM& vm, const Value& self, const ArgsView& args) { return UnionOr(vm, self, args); }

Value TypeRor(VM& vm, const Value& self, const ArgsView& args) { return UnionRor(vm, self, args); }

}  // namespace tc::script
