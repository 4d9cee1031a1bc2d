// The backend registry: torch.compile(backend="name") finds backends here;
// a script callable backend(gm, example_inputs) is wrapped by
// ScriptBackend. "eager" runs graphs on the kernels interpreter.
#ifndef TC_COMPILER_BACKENDS_H_
#define TC_COMPILER_BACKENDS_H_

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/frame_capture/dynamo.h"
#include "tc/kernels/interpreter.h"
#include "tc/script/value.h"

namespace tc::compiler {

using BackendFactory = std::function<std::shared_ptr<frame_capture::Backend>()>;

// Registers (or replaces) a named backend; process-wide.
void RegisterBackend(std::string name, BackendFactory factory);
// A factory that also receives the torch.compile call's inductor config
// patches: for backend="inductor", mode='s options with options= over them,
// checked as PyTorch checks them (a dict of torch._inductor.config names,
// '-' read as '_', to values); None otherwise. The backend reads its
// settings with ReadInductorConfig(vm, patches, &config) when it compiles
// (inductor_config.h), as PyTorch's compile_fx applies config_patches then.
using ConfiguredBackendFactory =
    std::function<std::shared_ptr<frame_capture::Backend>(const script::Value& config_patches)>;
void RegisterConfiguredBackend(std::string name, ConfiguredBackendFactory factory);
// Null when no backend has that name. The one-argument form passes None
// as the patches.
std::shared_ptr<frame_capture::Backend> FindBackend(std::string_view name);
std::shared_ptr<frame_capture::Backend> FindBackend(std::string_view name,
                                                    const script::Value& config_patches);
std::vector<std::string> BackendNames();

// A backend calling `callable(gm, example_inputs)` (gm: torch._dynamo's
// GraphModule); what it returns is called with the graph inputs on each run
// and must return the graph outputs (a tuple or list of tensors).
std::shared_ptr<frame_capture::Backend> ScriptBackend(script::Value callable);

// The graph-handle object that GraphModule wraps: a script value holding
// one captured graph and its interpreter (graph_nodes, run_graph and
// graph_text read it). GraphOfHandle is null for any other value.
script::Value NewGraphHandle(std::shared_ptr<const frame_capture::CapturedGraph> graph);
std::shared_ptr<const frame_capture::CapturedGraph> GraphOfHandle(const script::Value& handle);

// The graph of `handle` compiled by `backend` for `example_inputs`, as a
// script callable taking the graph inputs and returning the outputs as a
// tuple (torch._dynamo's lookup_backend(name)(gm, example_inputs)); null
// with an exception set when compiling fails.
script::Value CompileHandle(script::VM& vm, const script::Value& handle,
                            frame_capture::Backend& backend,
                            std::span<const tensor::Tensor> example_inputs);

// A compiled graph's run result as a backend returns it: the outputs, or
// false with a RuntimeError (the status's message) set on the VM.
bool TakeOutputs(script::VM& vm, absl::StatusOr<std::vector<tensor::Tensor>> result,
                 std::vector<tensor::Tensor>* outputs);

// Runs a graph on `inputs` with its interpreter (the eager backend's run);
// false with a RuntimeError set on the VM when a kernel fails.
bool RunOnInterpreter(script::VM& vm, const kernels::Interpreter& interpreter,
                      std::span<const tensor::Tensor> inputs, std::vector<tensor::Tensor>* outputs);
// The same for a graph handle.
bool RunHandle(script::VM& vm, const script::Value& handle, std::span<const tensor::Tensor> inputs,
               std::vector<tensor::Tensor>* outputs);

}  // namespace tc::compiler

#endif  // TC_COMPILER_BACKENDS_H_
