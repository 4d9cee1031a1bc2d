// The backend registry, the eager backend, script-defined backends and the
// graph handle they pass to the script's GraphModule.
#include "tc/compiler/backends.h"

#include <map>
#include <mutex>

#include "absl/strings/str_cat.h"

#include "tc/kernels/interpreter.h"
#include "tc/script/native.h"
#include "tc/script_torch/graph_autograd.h"
#include "tc/script_torch/tensor_value.h"

#include "aot_autograd.h"
#include "inductor_backend.h"
#include "natives.h"

namespace tc::compiler {

using frame_capture::Backend;
using frame_capture::CapturedGraph;
using frame_capture::CompiledGraph;
using script::Value;

namespace {

std::map<std::string, ConfiguredBackendFactory, std::less<>>& Registry() {
  static auto* r = new std::map<std::string, ConfiguredBackendFactory, std::less<>>();
  return *r;
}

// The eager backend runs the graph's ops as eager code does: on the
// interpreter, or op by op on the tape when a call needs gradients (each
// op its own node, named as PyTorch names it, as the FX graph's ops are
// recorded when Dynamo's eager backend runs them).
class EagerBackend : public Backend {
 public:
  bool HandlesAutograd() const override { return true; }

  bool Compile(script::VM&, const std::shared_ptr<const CapturedGraph>& graph,
               std::span<const tensor::Tensor>, CompiledGraph* out) override {
    // One interpreter per graph: its plan is made once, not per call.
    auto interpreter = std::make_shared<kernels::Interpreter>(graph->graph);
    *out = [graph, interpreter](script::VM& vm, std::span<const tensor::Tensor> inputs,
                                std::vector<tensor::Tensor>* outputs) {
      if (script_torch::GraphNeedsAutograd(inputs)) {
        return TakeOutputs(
            vm,
            script_torch::RunGraphWithAutograd(
                std::shared_ptr<const graph_ir::Graph>(graph, &graph->graph),
                std::shared_ptr<const std::vector<bool>>(graph, &graph->grad_nodes), inputs),
            outputs);
      }
      return RunOnInterpreter(vm, *interpreter, inputs, outputs);
    };
    return true;
  }
};

// aot_eager: AOTAutograd with both halves on the interpreter (PyTorch's
// nop compilers), partitioned by min-cut, or by the default partitioner
// for aot_eager_default_partitioner.
class AotEagerBackend : public Backend {
 public:
  explicit AotEagerBackend(Partitioner partitioner) : partitioner_(partitioner) {}
  bool HandlesAutograd() const override { return true; }

  bool Compile(script::VM& vm, const std::shared_ptr<const CapturedGraph>& graph,
               std::span<const tensor::Tensor> example_inputs, CompiledGraph* out) override {
    HalfCompiler compile =
        [](script::VM&,
           std::shared_ptr<const CapturedGraph> g) -> absl::StatusOr<autodiff::AotFunction::Half> {
      auto interpreter = std::make_shared<kernels::Interpreter>(g->graph);
      return autodiff::AotFunction::Half([g, interpreter](std::span<const tensor::Tensor> inputs) {
        return interpreter->Run(inputs);
      });
    };
    return CompileWithAot(vm, graph, example_inputs, std::move(compile), partitioner_, out);
  }

 private:
  Partitioner partitioner_;
};

// The graph handle: a native object owning one captured graph and the
// interpreter that runs it (planned once, for every gm.forward call).
struct GraphHandleObject : script::Object {
  explicit GraphHandleObject(script::Type* t) : Object(t) {}
  std::shared_ptr<const CapturedGraph> graph;
  std::unique_ptr<kernels::Interpreter> interpreter;
};

script::Type* GraphHandleType() {
  static script::Type* t = NewObjectType<GraphHandleObject>("GraphHandle", "_tc_dynamo");
  return t;
}

// Converts what a compiled callable returned into the graph outputs.
bool CollectOutputs(script::VM& vm, const Value& result, size_t expected,
                    std::vector<tensor::Tensor>* outputs) {
  std::vector<Value> items;
  if (script_torch::IsTensorValue(result)) {
    items.push_back(result);
  } else if (!vm.Extend(&items, result)) {
    return false;
  }
  if (items.size() != expected) {
    vm.Raise(
        script::Types().runtime_error,
        absl::StrCat("the compiled graph returned ", items.size(), " values, expected ", expected));
    return false;
  }
  outputs->clear();
  for (const Value& v : items) {
    if (!script_torch::IsTensorValue(v)) {
      vm.Raise(script::Types().type_error,
               absl::StrCat("the compiled graph returned a ", std::string(script::TypeName(v)),
                            " where a tensor was expected"));
      return false;
    }
    outputs->push_back(script_torch::TensorOfValue(v));
  }
  return true;
}

class ScriptCallableBackend : public Backend {
 public:
  explicit ScriptCallableBackend(Value callable) : callable_(std::move(callable)) {}

  bool Compile(script::VM& vm, const std::shared_ptr<const CapturedGraph>& graph,
               std::span<const tensor::Tensor> example_inputs, CompiledGraph* out) override {
    Value dynamo = vm.Import("torch._dynamo");
    if (dynamo.is_null()) return false;
    Value gm_type = vm.GetAttr(dynamo, "GraphModule");
    if (gm_type.is_null()) return false;
    Value gm = vm.Call(gm_type, {NewGraphHandle(graph)});
    if (gm.is_null()) return false;
    std::vector<Value> examples;
    for (const tensor::Tensor& t : example_inputs)
      examples.push_back(script_torch::NewTensorValue(t));
    Value compiled = vm.Call(callable_, {gm, script::NewList(std::move(examples))});
    if (compiled.is_null()) return false;
    size_t num_outputs = graph->graph.outputs().size();
    *out = [compiled, num_outputs](script::VM& vm, std::span<const tensor::Tensor> inputs,
                                   std::vector<tensor::Tensor>* outputs) {
      // As torch wraps compiled_fn in disable(): its frames are not compiled.
      frame_capture::Dynamo::Scope scope(frame_capture::Dynamo::For(vm),
                                         frame_capture::Dynamo::Mode::kDisabled, nullptr);
      std::vector<Value> args;
      args.reserve(inputs.size());
      for (const tensor::Tensor& t : inputs) args.push_back(script_torch::NewTensorValue(t));
      Value r = vm.Call(compiled, script::ArgsView(args.data(), static_cast<int32_t>(args.size())));
      if (r.is_null()) return false;
      return CollectOutputs(vm, r, num_outputs, outputs);
    };
    return true;
  }

 private:
  Value callable_;
};

const bool kRegistered = [] {
  auto eager = [] { return std::make_shared<EagerBackend>(); };
  RegisterBackend("eager", eager);
  RegisterBackend("aot_eager",
                  [] { return std::make_shared<AotEagerBackend>(Partitioner::kMinCut); });
  RegisterBackend("aot_eager_default_partitioner",
                  [] { return std::make_shared<AotEagerBackend>(Partitioner::kDefault); });
  RegisterConfiguredBackend("inductor",
                            [](const Value& patches) { return NewInductorBackend(patches); });
  return true;
}();

}  // namespace

void RegisterBackend(std::string name, BackendFactory factory) {
  Registry()[std::move(name)] = [factory = std::move(factory)](const Value&) { return factory(); };
}

void RegisterConfiguredBackend(std::string name, ConfiguredBackendFactory factory) {
  Registry()[std::move(name)] = std::move(factory);
}

std::shared_ptr<Backend> FindBackend(std::string_view name) {
  return FindBackend(name, Value::None());
}

std::shared_ptr<Backend> FindBackend(std::string_view name, const Value& config_patches) {
  (void)kRegistered;
  auto& r = Registry();
  auto it = r.find(name);
  return it == r.end() ? nullptr : it->second(config_patches);
}

std::vector<std::string> BackendNames() {
  (void)kRegistered;
  std::vector<std::string> names;
  for (const auto& [k, v] : Registry()) names.push_back(k);
  return names;
}

std::shared_ptr<Backend> ScriptBackend(Value callable) {
  return std::make_shared<ScriptCallableBackend>(std::move(callable));
}

Value NewGraphHandle(std::shared_ptr<const CapturedGraph> graph) {
  Value v = script::NewObject<GraphHandleObject>(GraphHandleType());
  auto* h = script::Cast<GraphHandleObject>(v);
  h->interpreter = std::make_unique<kernels::Interpreter>(graph->graph);
  h->graph = std::move(graph);
  return v;
}

namespace {

// RunCompiledHandle's data: one compiled graph.
struct CompiledHandleObject : script::Object {
  explicit CompiledHandleObject(script::Type* t) : Object(t) {}
  CompiledGraph compiled;
};

script::Type* CompiledHandleType() {
  static script::Type* t = NewObjectType<CompiledHandleObject>("CompiledGraph", "_tc_dynamo");
  return t;
}

Value RunCompiledHandle(script::VM& vm, const Value&, const script::ArgsView& args,
                        const Value& data) {
  std::vector<tensor::Tensor> inputs;
  for (int32_t i = 0; i < args.nargs; ++i) {
    if (!script_torch::IsTensorValue(args[i])) {
      return script::RaiseTypeError(vm, absl::StrCat("compiled graph: expected tensors, got ",
                                                     std::string(script::TypeName(args[i]))));
    }
    inputs.push_back(script_torch::TensorOfValue(args[i]));
  }
  std::vector<tensor::Tensor> outputs;
  if (!script::Cast<CompiledHandleObject>(data)->compiled(vm, inputs, &outputs)) return {};
  std::vector<Value> out;
  for (tensor::Tensor& t : outputs) out.push_back(script_torch::NewTensorValue(std::move(t)));
  return script::NewTuple(std::move(out));
}

}  // namespace

Value CompileHandle(script::VM& vm, const Value& handle, frame_capture::Backend& backend,
                    std::span<const tensor::Tensor> example_inputs) {
  std::shared_ptr<const CapturedGraph> graph = GraphOfHandle(handle);
  if (graph == nullptr) return script::RaiseTypeError(vm, "expected a graph handle");
  Value h = script::NewObject<CompiledHandleObject>(CompiledHandleType());
  if (!backend.Compile(vm, graph, example_inputs,
                       &script::Cast<CompiledHandleObject>(h)->compiled)) {
    return {};
  }
  return script::NewNativeDataMethod(nullptr, "forward", RunCompiledHandle, h);
}

std::shared_ptr<const CapturedGraph> GraphOfHandle(const Value& handle) {
  if (!handle.is_object() || handle.type() != GraphHandleType()) return nullptr;
  return script::Cast<GraphHandleObject>(handle)->graph;
}

bool TakeOutputs(script::VM& vm, absl::StatusOr<std::vector<tensor::Tensor>> result,
                 std::vector<tensor::Tensor>* outputs) {
  if (!result.ok()) {
    vm.Raise(script::Types().runtime_error, std::string(result.status().message()));
    return false;
  }
  *outputs = *std::move(result);
  return true;
}

bool RunOnInterpreter(script::VM& vm, const kernels::Interpreter& interpreter,
                      std::span<const tensor::Tensor> inputs,
                      std::vector<tensor::Tensor>* outputs) {
  return TakeOutputs(vm, interpreter.Run(inputs), outputs);
}

bool RunHandle(script::VM& vm, const Value& handle, std::span<const tensor::Tensor> inputs,
               std::vector<tensor::Tensor>* outputs) {
  return RunOnInterpreter(vm, *script::Cast<GraphHandleObject>(handle)->interpreter, inputs,
                          outputs);
}

}  // namespace tc::compiler
