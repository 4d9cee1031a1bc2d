// The atexit module, native in CPython too: functions to call when the
// interpreter exits (logging registers its shutdown, which flushes and
// closes the handlers). The tools call RunAtExit (script_file.h) once the
// script has finished, after any uncaught exception was reported.
#include <cstdio>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"

#include "tc/script/script_file.h"

#include "core_modules.h"
#include "functools_internal.h"
#include "vm_internal.h"

namespace tc::script {
namespace {

struct ExitCall {
  Value func, args, kwargs;  // args a tuple, kwargs a dict
};

// The registered calls of each VM, in registration order.
absl::flat_hash_map<const VM*, std::vector<ExitCall>>& Calls() {
  static auto* calls = new absl::flat_hash_map<const VM*, std::vector<ExitCall>>();
  return *calls;
}

// register(func, *args, **kwargs): returns func, so it works as a decorator.
Value Register(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs < 1) return RaiseTypeError(vm, "register() takes at least 1 argument (0 given)");
  if (!IsCallable(args[0])) return RaiseTypeError(vm, "the first argument must be callable");
  std::vector<Value> rest(args.data + 1, args.data + args.nargs);
  Value kwargs = NewDict();
  for (int k = 0; k < args.nkw(); ++k) {
    DictSetStr(static_cast<DictObject*>(kwargs.as_object()), args.kwname(k), args.kwvalue(k));
  }
  Calls()[&vm].push_back({args[0], NewTuple(std::move(rest)), std::move(kwargs)});
  return args[0];
}

// unregister(func): clears every registration of a function equal to func.
// As CPython, the cleared slots still count in _ncallbacks().
Value Unregister(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "unregister", 1, 1)) return {};
  for (ExitCall& call : Calls()[&vm]) {
    if (call.func.is_null()) continue;
    int eq = vm.Equal(call.func, args[0]);
    if (eq < 0) return {};
    if (eq) call = ExitCall{};
  }
  return Value::None();
}

Value RunExitFuncs(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_run_exitfuncs", 0, 0)) return {};
  RunAtExit(vm);
  return Value::None();
}

Value Clear(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_clear", 0, 0)) return {};
  Calls()[&vm].clear();
  return Value::None();
}

Value NCallbacks(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_ncallbacks", 0, 0)) return {};
  return Value::Int(static_cast<int64_t>(Calls()[&vm].size()));
}

constexpr MethodDef kFunctions[] = {
    {"register", Register}, {"unregister", Unregister},  {"_run_exitfuncs", RunExitFuncs},
    {"_clear", Clear},      {"_ncallbacks", NCallbacks},
};

}  // namespace

bool InitAtexitModule(VM&, ModuleObject* m) {
  AddFunctions(m, kFunctions);
  return true;
}

void RunAtExit(VM& vm) {
  // Last registered, first called; each call is taken off the list first.
  while (true) {
    std::vector<ExitCall>& calls = Calls()[&vm];
    if (calls.empty()) break;
    ExitCall c = std::move(calls.back());
    calls.pop_back();
    if (c.func.is_null()) continue;  // unregistered
    std::vector<Value> argv = Cast<TupleObject>(c.args)->items;
    std::vector<Value> names;
    for (const DictObject::Entry& e : Cast<DictObject>(c.kwargs)->entries) {
      if (e.key.is_null()) continue;
      names.push_back(e.key);
      argv.push_back(e.value);
    }
    int32_t nargs = static_cast<int32_t>(Cast<TupleObject>(c.args)->items.size());
    Value kwnames = NewTuple(std::move(names));
    Value r = vm.Call(c.func, ArgsView(argv.data(), nargs, Cast<TupleObject>(kwnames)));
    if (r.is_null()) {
      // CPython reports the error and goes on with the other calls.
      Value exc = vm.TakeException();
      std::string repr;
      bool have_repr = vm.ReprString(c.func, &repr);
      if (!have_repr) vm.ClearException();
      std::fflush(stdout);
      std::fprintf(stderr, "Exception ignored in atexit callback: %s\n",
                   have_repr ? repr.c_str() : "?");
      std::fputs(vm.FormatException(exc).c_str(), stderr);
    }
  }
  std::fflush(stdout);
}

}  // namespace tc::script
