// The atexit module, native in CPython too: register(func, *args,
// **kwargs) (returns func), unregister(func), _run_exitfuncs, _clear and
// _ncallbacks. The command-line tools run the registered functions, last
// registered first, when the script ends (RunAtExit, script_file.h), as
// CPython does at interpreter shutdown; an exception in one is reported
// as CPython reports it ("Exception ignored in atexit callback: ...") and
// the rest still run. weakref.finalize registers here.
#include "absl/strings/str_format.h"

#include "tc/script/script_file.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

constexpr const char* kCallbacks = "_callbacks";

ListObject* Callbacks(VM& vm) {
  Value m = vm.Import("atexit");
  if (m.is_null()) return nullptr;
  const Value* l = DictGetStr(m.as_object()->dict, kCallbacks);
  return l == nullptr ? nullptr : Cast<ListObject>(*l);
}

Value Register(VM& vm, const Value& self, const ArgsView& args) {
  if (args.nargs < 1) {
    return RaiseTypeError(vm, "register() takes at least 1 argument (0 given)");
  }
  std::vector<Value> pos(args.data + 1, args.data + args.nargs);
  Value kw = NewDict();
  for (int32_t i = 0; i < args.nkw(); ++i) {
    DictSetStr(DictTable(kw), args.kwname(i), args.kwvalue(i));
  }
  auto* l = Cast<ListObject>(*DictGetStr(self.as_object()->dict, kCallbacks));
  l->items.push_back(NewTuple({args[0], NewTuple(std::move(pos)), kw}));
  return args[0];
}
Value Unregister(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "unregister", 1, 1)) return {};
  auto* l = Cast<ListObject>(*DictGetStr(self.as_object()->dict, kCallbacks));
  std::vector<Value> kept;
  for (const Value& e : l->items) {
    int eq = vm.Equal(Cast<TupleObject>(e)->items[0], args[0]);
    if (eq < 0) return {};
    if (eq == 0) kept.push_back(e);
  }
  l->items = std::move(kept);
  return Value::None();
}
Value RunExitFuncs(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_run_exitfuncs", 0, 0)) return {};
  RunAtExit(vm);
  return Value::None();
}
Value Clear(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_clear", 0, 0)) return {};
  Cast<ListObject>(*DictGetStr(self.as_object()->dict, kCallbacks))->items.clear();
  return Value::None();
}
Value NCallbacks(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_ncallbacks", 0, 0)) return {};
  return Value::Int(Cast<ListObject>(*DictGetStr(self.as_object()->dict, kCallbacks))->size());
}

constexpr MethodDef kFunctions[] = {{"register", Register},
                                    {"unregister", Unregister},
                                    {"_run_exitfuncs", RunExitFuncs},
                                    {"_clear", Clear},
                                    {"_ncallbacks", NCallbacks}};

}  // namespace

bool InitAtexitModule(VM&, ModuleObject* m) {
  ModuleSet(m, kCallbacks, NewList({}));
  AddFunctions(m, kFunctions);
  return true;
}

void RunAtExit(VM& vm) {
  // Only when a script imported atexit: nothing to run otherwise.
  if (DictGetStr(vm.modules(), "atexit") == nullptr) return;
  ListObject* l = Callbacks(vm);
  if (l == nullptr) {
    vm.ClearException();
    return;
  }
  while (!l->items.empty()) {
    Value e = l->items.back();
    l->items.pop_back();
    const auto& parts = Cast<TupleObject>(e)->items;
    std::vector<Value> pos = Cast<TupleObject>(parts[1])->items;
    std::vector<std::pair<std::string_view, Value>> kw;
    for (const auto& entry : DictTable(parts[2])->entries) {
      if (!entry.key.is_null()) kw.push_back({*StrValue(entry.key), entry.value});
    }
    Value r = vm.CallKw(parts[0], pos, kw);
    if (r.is_null()) {
      Value exc = vm.TakeException();
      std::string fn;
      if (!vm.ReprString(parts[0], &fn)) vm.ClearException();
      vm.Write(absl::StrFormat("Exception ignored in atexit callback: %s\n%s", fn,
                               vm.FormatException(exc)),
               true);
    }
  }
}

}  // namespace tc::script
