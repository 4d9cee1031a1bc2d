// Struct sequences and simple namespaces (struct_seq.h).
#include "struct_seq.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"

#include "tc/support/check.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

constexpr int kMaxFields = 16;

template <int I>
Value FieldGet(VM&, const Value& self) {
  return Cast<TupleObject>(self)->items[I];
}
template <int... I>
constexpr std::array<NativeGetter, sizeof...(I)> Getters(std::integer_sequence<int, I...>) {
  return {FieldGet<I>...};
}
constexpr auto kGetters = Getters(std::make_integer_sequence<int, kMaxFields>());

// The field names, kept in the type's __match_args__ as CPython does.
const std::vector<Value>* FieldNames(Type* t) {
  const Value* names = DictGetStr(t->dict, "__match_args__");
  return names == nullptr ? nullptr : TupleOrListItems(*names);
}

Value StructSeqRepr(VM& vm, const Value& self, const ArgsView&) {
  auto* t = Cast<TupleObject>(self);
  const std::vector<Value>* names = FieldNames(self.type());
  std::string out = absl::StrCat(TypeFullName(self.type()), "(");
  for (size_t i = 0; i < t->items.size(); ++i) {
    std::string r;
    if (!vm.ReprString(t->items[i], &r)) return {};
    const std::string* n = names != nullptr && i < names->size() ? StrValue((*names)[i]) : nullptr;
    absl::StrAppend(&out, i > 0 ? ", " : "", n != nullptr ? *n : "?", "=", r);
  }
  return NewStr(out + ")");
}
constexpr MethodDef kStructSeqMethods[] = {{"__repr__", StructSeqRepr}};

Value NamespaceInit(VM& vm, const Value& self, const ArgsView& args) {
  if (args.nargs > 0) {
    return RaiseTypeError(vm, absl::StrFormat("SimpleNamespace() takes no positional arguments"));
  }
  for (int i = 0; i < args.nkw(); ++i) {
    if (!vm.SetAttr(self, args.kwname(i), args.kwvalue(i))) return {};
  }
  return Value::None();
}
Value NamespaceRepr(VM& vm, const Value& self, const ArgsView&) {
  std::string out = self.type() == SimpleNamespaceType() ? "namespace(" : self.type()->name + "(";
  bool first = true;
  if (DictObject* d = self.as_object()->dict) {
    for (const DictObject::Entry& e : d->entries) {
      if (e.key.is_null()) continue;
      std::string r;
      if (!vm.ReprString(e.value, &r)) return {};
      const std::string* k = StrValue(e.key);
      absl::StrAppend(&out, first ? "" : ", ", k != nullptr ? *k : "?", "=", r);
      first = false;
    }
  }
  return NewStr(out + ")");
}
Value NamespaceEq(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__eq__", 1, 1)) return {};
  if (!IsInstance(args[0], SimpleNamespaceType())) return NotImplementedValue();
  DictObject* a = self.as_object()->dict;
  DictObject* b = args[0].as_object()->dict;
  if (a == nullptr || b == nullptr) return Value::Bool(a == b);
  int r = DictEqual(vm, a, b);
  if (r < 0) return {};
  return Value::Bool(r == 1);
}
constexpr MethodDef kNamespaceMethods[] = {
    {"__init__", NamespaceInit}, {"__repr__", NamespaceRepr}, {"__eq__", NamespaceEq}};

}  // namespace

Type* NewStructSeqType(const char* name, const char* module, std::span<const char* const> fields) {
  TC_CHECK(fields.size() <= kMaxFields);
  auto* defs = new std::vector<GetSetDef>;  // immortal, as the type
  std::vector<Value> names;
  for (size_t i = 0; i < fields.size(); ++i) {
    defs->push_back({fields[i], kGetters[i]});
    names.push_back(InternStr(fields[i]));
  }
  Type* t = NewNativeType({.name = name,
                           .module = module,
                           .base = Types().tuple,
                           .methods = kStructSeqMethods,
                           .getsets = *defs,
                           .alloc = [](Type* cls) -> Object* { return new TupleObject(cls); }});
  TypeSet(t, "__match_args__", NewTuple(std::move(names)));
  TypeSet(t, "n_fields", Value::Int(static_cast<int64_t>(fields.size())));
  TypeSet(t, "n_sequence_fields", Value::Int(static_cast<int64_t>(fields.size())));
  TypeSet(t, "n_unnamed_fields", Value::Int(0));
  return t;
}

Value NewStructSeq(Type* type, std::vector<Value> items) {
  auto* t = new TupleObject(type);
  t->items = std::move(items);
  return Value::Adopt(t);
}

Type* SimpleNamespaceType() {
  static Type* t = NewNativeType({.name = "SimpleNamespace",
                                  .module = "types",
                                  .methods = kNamespaceMethods,
                                  .alloc = [](Type* cls) -> Object* { return new Object(cls); },
                                  .flags = Type::kBaseType | Type::kInstanceDict});
  return t;
}

Value NewSimpleNamespace(std::span<const std::pair<const char*, Value>> attrs) {
  auto* o = new Object(SimpleNamespaceType());
  Value v = Value::Adopt(o);
  o->dict = static_cast<DictObject*>(NewDict().Release());
  for (const auto& [k, val] : attrs) DictSetStr(o->dict, k, val);
  return v;
}

}  // namespace tc::script
