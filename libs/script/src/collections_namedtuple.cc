// collections.namedtuple: a tuple subclass per call, built as CPython 3.11's
// collections/__init__.py builds it (field validation and its messages,
// rename=, defaults=, module=), with __new__, _make, _replace, _asdict,
// _fields, _field_defaults, the read-only field properties and the repr
// `Point(x=1, y=2)`. __new__'s argument errors are worded as for the
// Python function CPython generates (`Point.__new__() missing 1 required
// positional argument: 'y'`).
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

#include "tc/script/native.h"

#include "collections_internal.h"
#include "py_method_args.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

const std::vector<Value>& Items(const Value& v) { return Cast<TupleObject>(v)->items; }

// The class's _fields (a tuple of str), or null with TypeError set.
const std::vector<Value>* Fields(VM& vm, Type* cls) {
  const Value* f = LookupInMro(cls, Intern("_fields"));
  if (f == nullptr || !IsInstance(*f, Types().tuple)) {
    RaiseTypeError(vm, absl::StrFormat("'%s' has no _fields", cls->name));
    return nullptr;
  }
  return &Items(*f);
}

Value NewInstance(Type* cls, std::vector<Value> items) {
  auto* t = new TupleObject(cls);
  t->items = std::move(items);
  return Value::Adopt(t);
}

// def __new__(_cls, <fields>): with _field_defaults for the last ones.
Value NtNew(VM& vm, const Value& cls, const ArgsView& args) {
  Type* t = Cast<Type>(cls);
  const std::vector<Value>* fields = Fields(vm, t);
  if (fields == nullptr) return {};
  std::vector<const char*> names;
  for (const Value& f : *fields) names.push_back(StrValue(f)->c_str());
  const Value* defaults_v = LookupInMro(t, Intern("_field_defaults"));
  DictObject* defaults = defaults_v != nullptr ? DictTable(*defaults_v) : nullptr;
  int ndefaults = defaults != nullptr ? static_cast<int>(defaults->used) : 0;
  int required = static_cast<int>(names.size()) - ndefaults;
  std::vector<Value> out(names.size());
  std::string qualname = absl::StrCat(t->name, ".__new__");
  if (!ParseMethodArgs(vm, args, qualname, names, required, out.data())) return {};
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i].is_null()) {
      if (DictGet(vm, defaults, (*fields)[i], &out[i]) < 0) return {};
    }
  }
  return NewInstance(t, std::move(out));
}

Value NtMake(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"iterable"};
  Value a[1];
  Type* t = Cast<Type>(cls);
  if (!ParseMethodArgs(vm, args, absl::StrCat(t->name, "._make"), kNames, 1, a)) return {};
  const std::vector<Value>* fields = Fields(vm, t);
  if (fields == nullptr) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, a[0])) return {};
  if (items.size() != fields->size()) {
    return RaiseTypeError(
        vm, absl::StrFormat("Expected %d arguments, got %d", fields->size(), items.size()));
  }
  return NewInstance(t, std::move(items));
}

// def _replace(self, /, **kwds)
Value NtReplace(VM& vm, const Value& self, const ArgsView& args) {
  Type* t = self.type();
  if (args.nargs > 0) {
    return RaiseTypeError(vm, absl::StrFormat("%s._replace() takes 1 positional argument but %d "
                                              "were given",
                                              t->name, args.nargs + 1));
  }
  const std::vector<Value>* fields = Fields(vm, t);
  if (fields == nullptr) return {};
  std::vector<Value> items = Items(self);
  std::vector<bool> used(args.nkw(), false);
  for (size_t i = 0; i < fields->size() && i < items.size(); ++i) {
    for (int k = 0; k < args.nkw(); ++k) {
      if (args.kwname(k) == *StrValue((*fields)[i])) {
        items[i] = args.kwvalue(k);
        used[k] = true;
      }
    }
  }
  std::vector<std::string> unexpected;
  for (int k = 0; k < args.nkw(); ++k) {
    if (!used[k]) unexpected.push_back(absl::StrFormat("'%s'", args.kwname(k)));
  }
  if (!unexpected.empty()) {
    return RaiseValueError(
        vm, absl::StrFormat("Got unexpected field names: [%s]", absl::StrJoin(unexpected, ", ")));
  }
  Value make = vm.GetAttr(Value::Borrow(t), "_make");
  if (make.is_null()) return make;
  return vm.Call(make, {NewTuple(std::move(items))});
}

Value NtAsDict(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_asdict", 0, 0)) return {};
  const std::vector<Value>* fields = Fields(vm, self.type());
  if (fields == nullptr) return {};
  Value d = NewDict();
  const std::vector<Value>& items = Items(self);
  for (size_t i = 0; i < fields->size() && i < items.size(); ++i) {
    if (!DictSet(vm, Cast<DictObject>(d), (*fields)[i], items[i])) return {};
  }
  return d;
}

Value NtRepr(VM& vm, const Value& self, const ArgsView&) {
  const std::vector<Value>* fields = Fields(vm, self.type());
  if (fields == nullptr) return {};
  std::string s = absl::StrCat(self.type()->name, "(");
  const std::vector<Value>& items = Items(self);
  for (size_t i = 0; i < fields->size() && i < items.size(); ++i) {
    std::string r;
    if (!vm.ReprString(items[i], &r)) return {};
    absl::StrAppend(&s, i > 0 ? ", " : "", *StrValue((*fields)[i]), "=", r);
  }
  return NewStr(s + ")");
}

Value NtGetNewArgs(VM&, const Value& self, const ArgsView&) { return NewTuple(Items(self)); }

// The tuple operators the VM applies to exact tuples only: + and * give
// plain tuples, as tuple's own do for a subclass.
Value NtAdd(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__add__", 1, 1)) return {};
  return vm.Binary(BinaryOp::kAdd, NewTuple(Items(self)), args[0]);
}
Value NtMul(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__mul__", 1, 1)) return {};
  if (!args[0].is_int() && !args[0].is_bool()) return NotImplementedValue();
  return vm.Binary(BinaryOp::kMul, NewTuple(Items(self)), args[0]);
}

constexpr MethodDef kNtMethods[] = {
    {"__new__", NtNew},      {"_make", NtMake, MethodDef::kClass},
    {"_replace", NtReplace}, {"_asdict", NtAsDict},
    {"__repr__", NtRepr},    {"__getnewargs__", NtGetNewArgs},
    {"__add__", NtAdd},      {"__mul__", NtMul},
    {"__rmul__", NtMul},
};

// The field properties: item `data` of the tuple; assignment is refused
// as CPython's _tuplegetter refuses it.
Value FieldGet(VM& vm, const Value&, const ArgsView& args, const Value& data) {
  if (!CheckArgCount(vm, args, "_tuplegetter", 1, 1)) return {};
  const std::vector<Value>* items = TupleOrListItems(args[0]);
  int64_t i = data.as_int();
  if (items == nullptr || i >= static_cast<int64_t>(items->size())) {
    return RaiseIndexError(vm, "tuple index out of range");
  }
  return (*items)[i];
}
Value FieldSet(VM& vm, const Value&, const ArgsView&, const Value&) {
  return RaiseAttributeError(vm, "can't set attribute");
}

bool IsIdentifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (unsigned char c : s) {
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          c >= 0x80)) {
      return false;
    }
  }
  return true;
}
bool IsKeyword(std::string_view s) {
  static const absl::flat_hash_set<std::string_view> kKeywords = {
      "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
      "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
      "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
      "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
  return kKeywords.contains(s);
}

// namedtuple(typename, field_names, *, rename=False, defaults=None, module=None)
Value NamedTuple(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"typename", "field_names", "rename", "defaults",
                                           "module"};
  Value a[5];
  // ParseMethodArgs words errors for a method (counting self); namedtuple
  // is a plain function, so its too-many-positionals message is its own.
  if (args.nargs > 2) {
    return RaiseTypeError(
        vm,
        absl::StrFormat("namedtuple() takes 2 positional arguments but %d were given", args.nargs));
  }
  if (!ParseMethodArgs(vm, args, "namedtuple", kNames, 2, a, 2)) return {};
  std::string type_name;
  if (!vm.StrString(a[0], &type_name)) return {};
  std::vector<std::string> fields;
  if (const std::string* s = StrValue(a[1])) {
    std::string spaced = *s;
    for (char& c : spaced) {
      if (c == ',') c = ' ';
    }
    for (absl::string_view part :
         absl::StrSplit(spaced, absl::ByAnyChar(" \t\n\r\f\v"), absl::SkipEmpty())) {
      fields.emplace_back(part.data(), part.size());
    }
  } else {
    std::vector<Value> items;
    if (!vm.Extend(&items, a[1])) return {};
    for (const Value& v : items) {
      std::string f;
      if (!vm.StrString(v, &f)) return {};
      fields.push_back(std::move(f));
    }
  }
  int rename = a[2].is_null() ? 0 : vm.Truthy(a[2]);
  if (rename < 0) return {};
  if (rename) {
    absl::flat_hash_set<std::string> seen;
    for (size_t i = 0; i < fields.size(); ++i) {
      std::string name = fields[i];
      if (!IsIdentifier(name) || IsKeyword(name) || name[0] == '_' || seen.contains(name)) {
        fields[i] = absl::StrCat("_", i);
      }
      seen.insert(name);
    }
  }
  std::vector<std::string> all = {type_name};
  all.insert(all.end(), fields.begin(), fields.end());
  for (const std::string& name : all) {
    std::string r;
    if (!vm.ReprString(NewStr(name), &r)) return {};
    if (!IsIdentifier(name)) {
      return RaiseValueError(
          vm, absl::StrCat("Type names and field names must be valid identifiers: ", r));
    }
    if (IsKeyword(name)) {
      return RaiseValueError(vm,
                             absl::StrCat("Type names and field names cannot be a keyword: ", r));
    }
  }
  absl::flat_hash_set<std::string> seen;
  for (const std::string& name : fields) {
    std::string r;
    if (!vm.ReprString(NewStr(name), &r)) return {};
    if (name[0] == '_' && !rename) {
      return RaiseValueError(vm, absl::StrCat("Field names cannot start with an underscore: ", r));
    }
    if (!seen.insert(name).second) {
      return RaiseValueError(vm, absl::StrCat("Encountered duplicate field name: ", r));
    }
  }
  std::vector<Value> defaults;
  if (!a[3].is_null() && !a[3].is_none()) {
    if (!vm.Extend(&defaults, a[3])) return {};
    if (defaults.size() > fields.size()) {
      return RaiseTypeError(vm, "Got more default values than field names");
    }
  }
  std::string module = "__main__";
  if (!a[4].is_null() && !a[4].is_none()) {
    if (!vm.StrString(a[4], &module)) return {};
  } else if (Frame* f = vm.current_frame(); f != nullptr && f->globals != nullptr) {
    const Value* name = DictGetStr(f->globals, "__name__");
    if (name != nullptr && StrValue(*name) != nullptr) module = *StrValue(*name);
  }
  return Value::Borrow(NewNamedTupleType(type_name, fields, defaults, module));
}

constexpr MethodDef kFunctions[] = {{"namedtuple", NamedTuple}};

}  // namespace

Type* NewNamedTupleType(std::string_view type_name, const std::vector<std::string>& fields,
                        const std::vector<Value>& defaults, std::string_view module) {
  std::string name(type_name);
  Type* t = NewNativeType({.name = name.c_str(),
                           .base = Types().tuple,
                           .methods = kNtMethods,
                           .flags = Type::kBaseType});
  t->module = std::string(module);
  t->qualname = name;
  std::vector<Value> field_values;
  for (const std::string& f : fields) field_values.push_back(InternStr(f));
  Value field_tuple = NewTuple(field_values);
  Value field_defaults = NewDict();
  size_t first_default = fields.size() - defaults.size();
  for (size_t i = 0; i < defaults.size(); ++i) {
    DictSetStr(Cast<DictObject>(field_defaults), fields[first_default + i], defaults[i]);
  }
  TypeSet(t, "__module__", NewStr(std::string(module)));
  TypeSet(t, "__doc__", NewStr(absl::StrCat(name, "(", absl::StrJoin(fields, ", "), ")")));
  TypeSet(t, "_fields", field_tuple);
  TypeSet(t, "_field_defaults", field_defaults);
  TypeSet(t, "__match_args__", field_tuple);
  TypeSet(t, "__slots__", NewTuple({}));
  // typing.NamedTuple sets __new__.__annotations__, as on CPython's
  // Python-level __new__.
  if (const Value* nw = DictGetStr(t->dict, "__new__"); nw != nullptr && nw->is_object()) {
    nw->as_object()->dict = static_cast<DictObject*>(NewDict().Release());
  }
  for (size_t i = 0; i < fields.size(); ++i) {
    auto* p = new PropertyObject(Types().property);
    Value pv = Value::Adopt(p);
    p->fget = NewNativeDataMethod(nullptr, fields[i], FieldGet, Value::Int(i));
    p->fset = NewNativeDataMethod(nullptr, fields[i], FieldSet, Value::Int(i));
    p->doc = NewStr(absl::StrFormat("Alias for field number %d", i));
    TypeSet(t, fields[i], pv);
  }
  return t;
}

void AddCollectionsNamedTuple(ModuleObject* m) { AddFunctions(m, kFunctions); }

}  // namespace tc::script
