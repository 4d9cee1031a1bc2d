// `_tc_dynamo`: the native primitives under torch._dynamo's script layer:
// compile contexts around a call, the special callables frame-capture
// recognises, explain's graph collector, compile times, graph handles, and
// the torch._dynamo.config module whose assignments reach frame-capture.
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/compiler/backends.h"
#include "tc/frame_capture/dynamo.h"
#include "tc/script/module_registry.h"
#include "tc/script/native.h"
#include "tc/script_torch/tensor_value.h"

#include "natives.h"

namespace tc::compiler {

using frame_capture::CompileEvent;
using frame_capture::CompileOptions;
using frame_capture::Dynamo;
using script::ArgsView;
using script::Value;
using script::VM;

namespace {

// --- Compile options and contexts ------------------------------------------------

}  // namespace

script::Type* InvalidBackendType() {
  static script::Type* t =  // base: TorchDynamoException
      Dynamo::NewExceptionType("InvalidBackend", Dynamo::UnsupportedType()->base);
  return t;
}

namespace {

struct OptionsObject : script::Object {
  explicit OptionsObject(script::Type* t) : Object(t) {}
  CompileOptions options;
};

script::Type* OptionsType() {
  static script::Type* t = NewObjectType<OptionsObject>("CompileOptions", "_tc_dynamo");
  return t;
}

// options(backend, fullgraph, dynamic[, config_patches]): config_patches
// is what torch._inductor._compile_config made of mode= and options= for
// backend="inductor" (None otherwise); the backend's factory receives it.
Value Options(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "options", 3, 4)) return {};
  Value out = script::NewObject<OptionsObject>(OptionsType());
  CompileOptions& o = script::Cast<OptionsObject>(out)->options;
  const Value config_patches = args.nargs == 4 ? args[3] : Value::None();
  if (const std::string* name = script::StrValue(args[0])) {
    o.backend = FindBackend(*name, config_patches);
    o.backend_key = Value::Borrow(script::Intern(*name));
    if (o.backend == nullptr) {
      return script::Raise(vm, InvalidBackendType(),
                           absl::StrFormat("Invalid backend: '%s'. See "
                                           "`torch._dynamo.list_backends()` for available "
                                           "backends.",
                                           *name));
    }
  } else if (int c = vm.Truthy(vm.Call(*script::DictGetStr(vm.builtins(), "callable"), {args[0]}));
             c == 1) {
    o.backend = ScriptBackend(args[0]);
    o.backend_key = args[0];
  } else {
    if (c < 0) return {};
    return script::RaiseTypeError(vm, absl::StrFormat("torch.compile: backend must be a str or "
                                                      "a callable, not %s",
                                                      script::TypeName(args[0])));
  }
  int fullgraph = vm.Truthy(args[1]);
  if (fullgraph < 0) return {};
  o.fullgraph = fullgraph == 1;
  if (!args[2].is_none()) {
    int dynamic = vm.Truthy(args[2]);
    if (dynamic < 0) return {};
    if (dynamic == 1) {
      return script::RaiseNotImplementedError(
          vm,
          "torch.compile(dynamic=True) is not supported by tc yet (shapes are static: a "
          "shape change recompiles)");
    }
  }
  return out;
}

// Calls fn(*args, **kwargs) with args a tuple and kwargs a dict.
Value CallWith(VM& vm, const Value& fn, const Value& args, const Value& kwargs) {
  const bool no_kwargs = kwargs.is_none() || !script::IsInstance(kwargs, script::Types().dict) ||
                         script::Cast<script::DictObject>(kwargs)->size() == 0;
  // The common case, a tuple and no keywords, passes the tuple's items as
  // they are: no copy.
  if (no_kwargs && args.is_object() && args.type() == script::Types().tuple) {
    const auto& items = script::Cast<script::TupleObject>(args)->items;
    return vm.Call(fn, ArgsView(items.data(), static_cast<int32_t>(items.size())));
  }
  std::vector<Value> vals;
  if (!vm.Extend(&vals, args)) return {};
  auto nargs = static_cast<int32_t>(vals.size());
  if (no_kwargs) return vm.Call(fn, ArgsView(vals.data(), nargs));
  std::vector<Value> names;
  for (const auto& e : script::Cast<script::DictObject>(kwargs)->entries) {
    if (e.key.is_null()) continue;
    names.push_back(e.key);
    vals.push_back(e.value);
  }
  if (names.empty()) return vm.Call(fn, ArgsView(vals.data(), nargs));
  Value kw = script::NewTuple(std::move(names));
  return vm.Call(fn, ArgsView(vals.data(), nargs, script::Cast<script::TupleObject>(kw)));
}

// call(options, fn, args, kwargs)
Value Call(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs != 4 || !args[0].is_object() || args[0].type() != OptionsType()) {
    return script::RaiseTypeError(vm, "call(options, fn, args, kwargs)");
  }
  Dynamo::Scope scope(Dynamo::For(vm), Dynamo::Mode::kCompile,
                      &script::Cast<OptionsObject>(args[0])->options);
  return CallWith(vm, args[1], args[2], args[3]);
}

// bind_call(options, fn) -> call(args, kwargs): `call` with options and fn
// bound, for the compiled wrapper's hot path.
Value CallBound(VM& vm, const Value&, const ArgsView& args, const Value& data) {
  if (args.nargs != 2 || args.nkw() != 0) return script::RaiseTypeError(vm, "call(args, kwargs)");
  const auto& bound = script::Cast<script::TupleObject>(data)->items;
  Dynamo::Scope scope(Dynamo::For(vm), Dynamo::Mode::kCompile,
                      &script::Cast<OptionsObject>(bound[0])->options);
  return CallWith(vm, bound[1], args[0], args[1]);
}

Value BindCall(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs != 2 || !args[0].is_object() || args[0].type() != OptionsType()) {
    return script::RaiseTypeError(vm, "bind_call(options, fn)");
  }
  return script::NewNativeDataMethod(nullptr, "call", CallBound,
                                     script::NewTuple({args[0], args[1]}));
}

Value RunOnly(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "run_only", 3, 3)) return {};
  Dynamo::Scope scope(Dynamo::For(vm), Dynamo::Mode::kRunOnly, nullptr);
  return CallWith(vm, args[0], args[1], args[2]);
}

Value RunDisabled(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "run_disabled", 3, 3)) return {};
  Dynamo::Scope scope(Dynamo::For(vm), Dynamo::Mode::kDisabled, nullptr);
  return CallWith(vm, args[0], args[1], args[2]);
}

Value Reset(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "reset", 0, 0)) return {};
  Dynamo::For(vm).Reset();
  return Value::None();
}

// torch._dynamo.graph_break(msg=None): nothing when run eagerly; the
// tracer recognises the object and breaks the graph.
Value GraphBreak(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"msg"};
  Value a[1];
  if (!script::ParseArgs(vm, args, "graph_break", kNames, 0, a)) return {};
  return Value::None();
}

// mark_disabled(fn, recursive, reason)
Value MarkDisabled(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "mark_disabled", 3, 3)) return {};
  int recursive = vm.Truthy(args[1]);
  if (recursive < 0) return {};
  if (!args[0].is_object()) return script::RaiseTypeError(vm, "disable expects a callable");
  // The reason as torch formats it into the message ("(reason: {reason})").
  std::string reason = "None";
  if (!args[2].is_none() && !vm.StrString(args[2], &reason)) return {};
  Dynamo& d = Dynamo::For(vm);
  d.MarkDisabled(args[0], recursive == 1, std::move(reason));
  if (recursive == 1) {
    // The wrapper's own frame runs eagerly (it enters a disabled context).
    if (args[0].type() == script::Types().function) {
      d.MarkSkippedCode(args[0]);
    }
  } else if (args[0].type() == script::Types().function) {
    d.MarkSkippedCode(args[0]);
  }
  return Value::None();
}

bool IsTorchBuiltin(const Value& fn) {
  return fn.is_object() && fn.type() == script::Types().native_function;
}

Value AllowInGraph(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "allow_in_graph", 1, 1)) return {};
  if (!args[0].is_object()) return script::RaiseTypeError(vm, "allow_in_graph expects a callable");
  Dynamo::For(vm).MarkAllowInGraph(args[0]);
  return Value::None();
}

// compile_graph(handle, backend_name, example_inputs): the graph compiled
// by a named backend (lookup_backend(name)(gm, example_inputs)).
Value CompileGraph(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "compile_graph", 3, 3)) return {};
  const std::string* name = script::StrValue(args[1]);
  std::shared_ptr<frame_capture::Backend> backend = name == nullptr ? nullptr : FindBackend(*name);
  if (backend == nullptr) {
    std::string text;
    if (!vm.ReprString(args[1], &text)) return {};
    return script::Raise(vm, InvalidBackendType(),
                         absl::StrFormat("Invalid backend: %s. See "
                                         "`torch._dynamo.list_backends()` for available "
                                         "backends.",
                                         text));
  }
  std::vector<Value> items;
  if (!vm.Extend(&items, args[2])) return {};
  std::vector<tensor::Tensor> examples;
  for (const Value& v : items) {
    if (!script_torch::IsTensorValue(v)) {
      return script::RaiseTypeError(vm, "compile_graph: example inputs must be tensors");
    }
    examples.push_back(script_torch::TensorOfValue(v));
  }
  // The backend's own frames are not compiled (as while a frame compiles).
  Dynamo::Scope scope(Dynamo::For(vm), Dynamo::Mode::kDisabled, nullptr);
  return CompileHandle(vm, args[0], *backend, examples);
}

// mark_is_compiling(fn): fn is torch.compiler.is_compiling or an alias.
Value MarkIsCompiling(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "mark_is_compiling", 1, 1)) return {};
  if (!args[0].is_object())
    return script::RaiseTypeError(vm, "mark_is_compiling expects a callable");
  Dynamo::For(vm).MarkIsCompiling(args[0]);
  return Value::None();
}

Value DisallowInGraph(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "disallow_in_graph", 1, 1)) return {};
  if (!IsTorchBuiltin(args[0])) {
    return script::RaiseRuntimeError(
        vm,
        "disallow_in_graph is expected to be used on an already allowed callable (like torch.* "
        "ops). Allowed callables means callables that TorchDynamo puts as-is in the extracted "
        "graph.");
  }
  Dynamo::For(vm).MarkDisallowInGraph(args[0]);
  return Value::None();
}

// --- explain ---------------------------------------------------------------------

// What explain_begin collects: the runtime owns it (its user state), so it
// dies with the VM.
struct ExplainState : script::Extension {
  ExplainState() : script::Extension(&kKind) {}
  static const char kKind;
  int observer = -1;
  std::vector<CompileEvent> events;
};
const char ExplainState::kKind = 0;

ExplainState& ExplainStateOf(Dynamo& d) {
  script::Extension* s = d.user_state();
  if (s == nullptr || s->kind() != &ExplainState::kKind) {
    d.set_user_state(std::make_unique<ExplainState>());
    s = d.user_state();
  }
  return *static_cast<ExplainState*>(s);
}

Value ExplainBegin(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "explain_begin", 0, 0)) return {};
  ExplainState& st = ExplainStateOf(Dynamo::For(vm));
  if (st.observer >= 0) Dynamo::For(vm).RemoveObserver(st.observer);
  st.events.clear();
  std::vector<CompileEvent>* events = &st.events;
  st.observer =
      Dynamo::For(vm).AddObserver([events](const CompileEvent& e) { events->push_back(e); });
  return Value::None();
}

Value ExplainEnd(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "explain_end", 0, 0)) return {};
  ExplainState& st = ExplainStateOf(Dynamo::For(vm));
  if (st.observer >= 0) Dynamo::For(vm).RemoveObserver(st.observer);
  st.observer = -1;
  std::vector<Value> out;
  for (const CompileEvent& e : st.events) out.push_back(EventValue(e));
  st.events.clear();
  return script::NewList(std::move(out));
}

// [(key, second(value))] from the runtime's string-keyed tables, in order.
template <typename Pairs, typename F>
Value PairTuples(const Pairs& pairs, F second) {
  std::vector<Value> out;
  for (const auto& [key, value] : pairs) {
    out.push_back(script::NewTuple({script::NewStr(key), second(value)}));
  }
  return script::NewList(std::move(out));
}

Value CompileTimes(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "compile_times", 0, 0)) return {};
  return PairTuples(Dynamo::For(vm).compile_times(), [](const std::vector<double>& times) {
    std::vector<Value> ts;
    for (double t : times) ts.push_back(Value::Float(t));
    return script::NewList(std::move(ts));
  });
}

// backend_names() -> sorted registered backend names.
Value BackendNamesFn(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "backend_names", 0, 0)) return {};
  std::vector<Value> out;
  for (const std::string& n : BackendNames()) out.push_back(script::NewStr(n));
  return script::NewList(std::move(out));
}

// recompiles() -> [(function label, reason)], in order.
Value Recompiles(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "recompiles", 0, 0)) return {};
  return PairTuples(Dynamo::For(vm).recompiles(),
                    [](const std::string& reason) { return script::NewStr(reason); });
}

// graph_break_counts() -> [(reason, count)], as counters["graph_break"].
Value GraphBreakCounts(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "graph_break_counts", 0, 0)) return {};
  return PairTuples(Dynamo::For(vm).graph_break_counts(), [](int n) { return Value::Int(n); });
}

// --- Graph handles ---------------------------------------------------------------

std::shared_ptr<const frame_capture::CapturedGraph> HandleArg(VM& vm, const ArgsView& args,
                                                              const char* fname, int n) {
  if (!script::CheckArgCount(vm, args, fname, n, n)) return nullptr;
  auto g = GraphOfHandle(args[0]);
  if (g == nullptr) script::RaiseTypeError(vm, absl::StrCat(fname, ": not a graph handle"));
  return g;
}

Value GraphNodes(VM& vm, const Value&, const ArgsView& args) {
  auto g = HandleArg(vm, args, "graph_nodes", 1);
  if (g == nullptr) return {};
  return GraphNodeList(*g);
}

Value RunGraph(VM& vm, const Value&, const ArgsView& args) {
  auto g = HandleArg(vm, args, "run_graph", 2);
  if (g == nullptr) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, args[1])) return {};
  std::vector<tensor::Tensor> inputs;
  for (const Value& v : items) {
    if (!script_torch::IsTensorValue(v)) {
      return script::RaiseTypeError(vm, absl::StrCat("GraphModule.forward: expected tensors, got ",
                                                     std::string(script::TypeName(v))));
    }
    inputs.push_back(script_torch::TensorOfValue(v));
  }
  std::vector<tensor::Tensor> outputs;
  if (!RunHandle(vm, args[0], inputs, &outputs)) return {};
  std::vector<Value> out;
  for (tensor::Tensor& t : outputs) out.push_back(script_torch::NewTensorValue(std::move(t)));
  return script::NewTuple(std::move(out));
}

Value GraphText(VM& vm, const Value&, const ArgsView& args) {
  auto g = HandleArg(vm, args, "graph_text", 1);
  if (g == nullptr) return {};
  return script::NewStr(g->graph.ToString());
}

// A stable made-up address for reprs that print one (tests cut it away).
Value FakeAddress(VM& vm, const Value&, const ArgsView& args) {
  if (!script::CheckArgCount(vm, args, "fake_address", 1, 1)) return {};
  const std::string* s = script::StrValue(args[0]);
  uint64_t h = 0x7f0000000000ull + (std::hash<std::string>()(s != nullptr ? *s : "") & 0xffffff0);
  return script::NewStr(absl::StrFormat("0x%x", h));
}

constexpr script::MethodDef kFunctions[] = {
    {"options", Options},
    {"call", Call},
    {"bind_call", BindCall},
    {"run_only", RunOnly},
    {"run_disabled", RunDisabled},
    {"reset", Reset},
    {"mark_disabled", MarkDisabled},
    {"allow_in_graph", AllowInGraph},
    {"mark_is_compiling", MarkIsCompiling},
    {"compile_graph", CompileGraph},
    {"disallow_in_graph", DisallowInGraph},
    {"explain_begin", ExplainBegin},
    {"explain_end", ExplainEnd},
    {"compile_times", CompileTimes},
    {"recompiles", Recompiles},
    {"backend_names", BackendNamesFn},
    {"graph_break_counts", GraphBreakCounts},
    {"graph_nodes", GraphNodes},
    {"run_graph", RunGraph},
    {"graph_text", GraphText},
    {"fake_address", FakeAddress},
};

bool InitNatives(VM& vm, script::ModuleObject* m) {
  script::AddFunctions(m, kFunctions);
  Value gb = script::NewNativeFunction("graph_break", GraphBreak);
  Dynamo::For(vm).MarkGraphBreak(gb);
  script::ModuleSet(m, "graph_break", gb);
  return true;
}

TC_SCRIPT_REGISTER_MODULE("_tc_dynamo", InitNatives);

}  // namespace

}  // namespace tc::compiler
