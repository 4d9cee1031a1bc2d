// collections.defaultdict: a native dict subclass whose __missing__ calls
// default_factory and stores the result (the VM's d[k] calls __missing__
// for dict subclasses); repr, copy and the settable default_factory as in
// CPython's Modules/_collectionsmodule.c.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"

#include "collections_internal.h"
#include "functools_internal.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// The factory lives in a native field so that instance attributes stay
// free for subclasses, as CPython keeps it in the C struct.
struct DefaultDictObject : DictObject {
  explicit DefaultDictObject(Type* t) : DictObject(t) {}
  Value factory = Value::None();
};
DefaultDictObject* DD(const Value& v) { return static_cast<DefaultDictObject*>(v.as_object()); }

// defaultdict(default_factory=None, /, *args, **kwargs): the rest go to
// dict.__init__.
Value DdInit(VM& vm, const Value& self, const ArgsView& args) {
  Value factory = Value::None();
  if (args.nargs > 0) {
    factory = args[0];
    if (!factory.is_none() && !IsCallable(factory)) {
      return RaiseTypeError(vm, "first argument must be callable or None");
    }
  }
  DD(self)->factory = factory;
  const Value* dict_init = DictGetStr(Types().dict->dict, "__init__");
  int32_t skip = args.nargs > 0 ? 1 : 0;
  return vm.CallWithSelf(*dict_init, self,
                         ArgsView(args.data + skip, args.nargs - skip, args.kwnames));
}

Value DdMissing(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__missing__", 1, 1)) return {};
  const Value& factory = DD(self)->factory;
  if (factory.is_none()) return RaiseKeyError(vm, args[0]);
  Value v = vm.Call(factory, ArgsView());
  if (v.is_null()) return v;
  if (!vm.SetItem(self, args[0], v)) return {};
  return v;
}

// defaultdict(<class 'list'>, {'a': [1]}), named after the instance's type.
Value DdRepr(VM& vm, const Value& self, const ArgsView&) {
  std::string factory, dict;
  const Value& f = DD(self)->factory;
  if (f.is_object() && f.as_object() == self.as_object()) {
    factory = "...";
  } else if (!vm.ReprString(f, &factory)) {
    return {};
  }
  if (!DictReprString(vm, DD(self), &dict)) return {};
  return NewStr(absl::StrCat(self.type()->name, "(", factory, ", ", dict, ")"));
}

Value DdCopy(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "copy", 0, 0)) return {};
  return vm.Call(Value::Borrow(self.type()), {DD(self)->factory, self});
}

Value DdFactory(VM&, const Value& self) { return DD(self)->factory; }
bool DdSetFactory(VM&, const Value& self, const Value& v) {
  DD(self)->factory = v;
  return true;
}

constexpr MethodDef kDdMethods[] = {{"__init__", DdInit},
                                    {"__missing__", DdMissing},
                                    {"__repr__", DdRepr},
                                    {"copy", DdCopy},
                                    {"__copy__", DdCopy}};
constexpr GetSetDef kDdGetSets[] = {{"default_factory", DdFactory, DdSetFactory}};

}  // namespace

void AddCollectionsDefaultDict(ModuleObject* m) {
  static Type* const kType =
      NewNativeType({.name = "defaultdict",
                     .module = "collections",
                     .base = Types().dict,
                     .methods = kDdMethods,
                     .getsets = kDdGetSets,
                     .alloc = [](Type* cls) -> Object* { return new DefaultDictObject(cls); },
                     .flags = Type::kBaseType | Type::kInstanceDict});
  AddType(m, kType);
}

}  // namespace tc::script
