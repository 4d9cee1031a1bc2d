// AOTAutograd for the compiling backends (aot_eager, inductor): a captured
// graph called with inputs that require grad is traced with its backward
// into one joint graph (autodiff::BuildJointGraph), split by a partitioner
// (libs/partition) into a forward and a backward graph, and each half is
// compiled by the backend's graph compiler; calls then run the pair as one
// CompiledFunctionBackward node (autodiff/aot_function.h). Calls that need
// no gradient run the plain compiled graph.
#ifndef TC_COMPILER_SRC_AOT_AUTOGRAD_H_
#define TC_COMPILER_SRC_AOT_AUTOGRAD_H_

#include <functional>
#include <memory>
#include <span>

#include "absl/status/statusor.h"

#include "tc/autodiff/aot_function.h"
#include "tc/frame_capture/dynamo.h"
#include "tc/graph_ir/graph.h"

namespace tc::compiler {

// A backend's compiler for one graph: the captured graph, or a forward or
// backward half (wrapped as a CapturedGraph named "<function>_forward" or
// "<function>_backward", for the logs and debug directories).
using HalfCompiler = std::function<absl::StatusOr<autodiff::AotFunction::Half>(
    script::VM& vm, std::shared_ptr<const frame_capture::CapturedGraph> graph)>;

enum class Partitioner { kDefault, kMinCut };

// The AOT pair of `graph` for inputs requiring grad as `example_inputs` do.
absl::StatusOr<std::shared_ptr<const autodiff::AotFunction>> CompileAotFunction(
    script::VM& vm, const std::shared_ptr<const frame_capture::CapturedGraph>& graph,
    std::span<const tensor::Tensor> example_inputs, const HalfCompiler& compile,
    Partitioner partitioner);

// A backend's compiled graph with AOTAutograd: the plain graph compiled
// once (for calls without gradients), the AOT pair made when a call
// needs gradients (at compile time when the example inputs do). A graph
// whose joint graph cannot be built (an op without a derivative) runs
// forward compiled and its backward on the tape from saved inputs.
bool CompileWithAot(script::VM& vm,
                    const std::shared_ptr<const frame_capture::CapturedGraph>& graph,
                    std::span<const tensor::Tensor> example_inputs, HalfCompiler compile,
                    Partitioner partitioner, frame_capture::CompiledGraph* out);

}  // namespace tc::compiler

#endif  // TC_COMPILER_SRC_AOT_AUTOGRAD_H_
