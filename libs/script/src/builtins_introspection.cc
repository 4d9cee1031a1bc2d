// The introspection builtins: getattr, setattr, delattr, hasattr, id,
// callable, vars, dir and globals (builtins_functions.cc installs them).
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

const BuiltinTypes& T() { return Types(); }

Value GetAttrFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getattr", 2, 3)) return {};
  const std::string* n = StrValue(args[1]);
  if (n == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  if (args.nargs == 3) {
    Value r = vm.GetAttrOrNull(args[0], Intern(*n));
    if (r.is_null()) {
      if (vm.HasException() && !vm.ExceptionIsMissingAttribute()) return r;
      vm.ClearException();
      return args[2];
    }
    return r;
  }
  return vm.GetAttr(args[0], Intern(*n));
}

Value SetAttrFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "setattr", 3, 3)) return {};
  const std::string* n = StrValue(args[1]);
  if (n == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  if (!vm.SetAttr(args[0], Intern(*n), args[2])) return {};
  return Value::None();
}

Value DelAttrFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "delattr", 2, 2)) return {};
  const std::string* n = StrValue(args[1]);
  if (n == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  if (!vm.DelAttr(args[0], Intern(*n))) return {};
  return Value::None();
}

Value HasAttrFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "hasattr", 2, 2)) return {};
  const std::string* n = StrValue(args[1]);
  if (n == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  Value r = vm.GetAttrOrNull(args[0], Intern(*n));
  if (r.is_null()) {
    if (vm.HasException() && !vm.ExceptionIsMissingAttribute()) return r;
    vm.ClearException();
    return Value::Bool(false);
  }
  return Value::Bool(true);
}

Value Id(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "id", 1, 1)) return {};
  const Value& v = args[0];
  if (v.is_object())
    return Value::Int(static_cast<int64_t>(reinterpret_cast<uintptr_t>(v.as_object())));
  return Value::Int(v.raw() ^ (static_cast<int64_t>(v.tag()) << 56));
}

Value CallableFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "callable", 1, 1)) return {};
  const Value& v = args[0];
  if (!v.is_object()) return Value::Bool(false);
  Type* t = v.type();
  return Value::Bool(t == T().function || t == T().native_function || t == T().method ||
                     IsSubtype(t, T().type) || !t->slot(Slot::kCall).is_null());
}

Value VarsFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "vars", 1, 1)) return {};
  return vm.GetAttr(args[0], "__dict__");
}

// dir(): the sorted names in scope (module globals, a class body's
// namespace, a function's bound locals); dir(obj): obj.__dir__() when its
// class defines one, else its own attributes and its class's (for a class,
// those along its MRO), sorted.
Value DirFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "dir", 0, 1)) return {};
  std::vector<Value> names;
  auto add_keys = [&](const DictObject* d) {
    if (d == nullptr) return;
    for (const DictObject::Entry& e : d->entries) {
      if (!e.key.is_null() && StrValue(e.key) != nullptr) names.push_back(e.key);
    }
  };
  if (args.nargs == 0) {
    Frame* f = vm.current_frame();
    if (f == nullptr) return NewList({});
    if (f->ns != nullptr) {
      add_keys(f->ns);
    } else if (f->func == nullptr) {
      add_keys(f->globals);
    } else {
      const CodeObject* co = f->code;
      for (int32_t i = 0; i < co->nlocals; ++i) {
        if (!f->locals[i].is_null()) names.push_back(Value::Borrow(co->varnames[i].get()));
      }
    }
  } else {
    const Value& o = args[0];
    Type* t = o.type();
    const Value* own_dir = LookupInMro(t, Intern("__dir__"));
    if (own_dir != nullptr && !(t->mro.back() == T().object && own_dir->is_object() &&
                                own_dir->as_object()->type == T().native_function)) {
      Value r = vm.CallMethod(o, "__dir__", {});
      if (r.is_null()) return {};
      if (!vm.Extend(&names, r)) return {};
    } else {
      if (o.is_object()) add_keys(o.as_object()->dict);
      if (!IsSubtype(t, T().module)) {
        const std::vector<Type*>& mro =
            IsInstance(o, T().type) ? static_cast<Type*>(o.as_object())->mro : t->mro;
        for (Type* c : mro) add_keys(c->dict);
      }
    }
  }
  Value list = NewList(std::move(names));
  // Unique, then sorted.
  auto* l = Cast<ListObject>(list);
  std::sort(l->items.begin(), l->items.end(),
            [](const Value& a, const Value& b) { return *StrValue(a) < *StrValue(b); });
  l->items.erase(
      std::unique(l->items.begin(), l->items.end(),
                  [](const Value& a, const Value& b) { return *StrValue(a) == *StrValue(b); }),
      l->items.end());
  return list;
}

Value GlobalsFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "globals", 0, 0)) return {};
  Frame* f = vm.current_frame();
  if (f == nullptr) return NewDict();
  return Value::Borrow(f->globals);
}

// __import__(name, globals=None, locals=None, fromlist=(), level=0) for
// absolute imports, as CPython's: the top-level package when fromlist is
// empty, else the named module, with fromlist's submodules imported.
Value ImportFn(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"name", "globals", "locals", "fromlist", "level"};
  Value a[5];
  if (!ParseArgs(vm, args, "__import__", kNames, 1, a)) return {};
  const std::string* name = StrValue(a[0]);
  if (name == nullptr) {
    return RaiseTypeError(vm, absl::StrFormat("module name must be str, not %s", TypeName(a[0])));
  }
  int64_t level = 0;
  if (!a[4].is_null() && !ToInt(vm, a[4], &level)) return {};
  if (level != 0) {
    return RaiseNotImplementedError(vm, "__import__ with level > 0 is not supported by tc");
  }
  if (name->empty()) return RaiseValueError(vm, "Empty module name");
  Value m = vm.Import(*name);
  if (m.is_null()) return {};
  std::vector<Value> fromlist;
  if (!a[3].is_null() && !a[3].is_none() && !vm.Extend(&fromlist, a[3])) return {};
  if (fromlist.empty()) {
    size_t dot = name->find('.');
    return dot == std::string::npos ? m : vm.Import(name->substr(0, dot));
  }
  for (const Value& item : fromlist) {
    const std::string* sub = StrValue(item);
    if (sub == nullptr || *sub == "*") continue;
    Value attr = vm.GetAttrOrNull(m, Intern(*sub));
    if (!attr.is_null()) continue;
    vm.ClearException();
    // A submodule not imported yet; a missing one is not an error here.
    if (vm.Import(*name + "." + *sub).is_null()) {
      if (!vm.ExceptionMatches(Types().module_not_found_error)) return {};
      vm.ClearException();
    }
  }
  return m;
}

constexpr MethodDef kIntrospection[] = {
    {"__import__", ImportFn}, {"getattr", GetAttrFn}, {"setattr", SetAttrFn},
    {"delattr", DelAttrFn},   {"hasattr", HasAttrFn}, {"id", Id},
    {"callable", CallableFn}, {"vars", VarsFn},       {"globals", GlobalsFn},
    {"dir", DirFn},
};

}  // namespace

void AddIntrospectionBuiltins(DictObject* b) {
  for (const MethodDef& d : kIntrospection) {
    DictSetStr(b, d.name, NewNativeFunction(d.name, d.fn, Value::None()));
  }
}

}  // namespace tc::script
