#include "aot_autograd.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/joint_graph.h"
#include "tc/compiler/backends.h"
#include "tc/partition/partition.h"
#include "tc/script/native.h"
#include "tc/script_torch/graph_autograd.h"
#include "tc/support/status.h"

namespace tc::compiler {

using autodiff::AotFunction;
using frame_capture::CapturedGraph;
using tensor::Tensor;

namespace {

// A half of the partition as a graph of its own, named for the logs.
std::shared_ptr<const CapturedGraph> HalfGraph(const CapturedGraph& whole, graph_ir::Graph graph,
                                               const char* which) {
  auto half = std::make_shared<CapturedGraph>();
  half->graph = std::move(graph);
  half->function_name = absl::StrCat(whole.function_name, "_", which);
  half->filename = whole.filename;
  half->first_line = whole.first_line;
  half->reason = whole.reason;
  return half;
}

// Parameters live as long as the module: saving them for the backward
// costs no activation memory (the partitioner's static-lifetime primals).
// Dynamo marks a module's parameters; here they are the inputs that are
// leaves requiring grad.
std::vector<int> StaticLifetimePrimals(std::span<const Tensor> inputs) {
  std::vector<int> out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (autodiff::RequiresGrad(inputs[i]) && autodiff::GradFn(inputs[i]) == nullptr) {
      out.push_back(static_cast<int>(i));
    }
  }
  return out;
}

struct AotState {
  std::shared_ptr<const CapturedGraph> graph;
  HalfCompiler compile;
  Partitioner partitioner;
  AotFunction::Half inference;             // made at the first call without gradients
  std::shared_ptr<const AotFunction> aot;  // made at the first call with them
  bool aot_failed = false;                 // no joint graph: the tape fallback
};

bool EnsureInference(script::VM& vm, AotState& s) {
  if (s.inference) return true;
  absl::StatusOr<AotFunction::Half> half = s.compile(vm, s.graph);
  if (!half.ok()) {
    vm.Raise(script::Types().runtime_error, std::string(half.status().message()));
    return false;
  }
  s.inference = *std::move(half);
  return true;
}

// Makes the AOT pair; false with a VM exception when a half fails to
// compile. A joint graph that cannot be built (an op without a derivative)
// is not an error: the call falls back (aot_failed), and a backward
// through it says which derivative is missing.
bool EnsureAot(script::VM& vm, AotState& s, std::span<const Tensor> inputs) {
  if (s.aot != nullptr || s.aot_failed) return true;
  absl::StatusOr<std::shared_ptr<const AotFunction>> f =
      CompileAotFunction(vm, s.graph, inputs, s.compile, s.partitioner);
  if (f.ok()) {
    s.aot = *std::move(f);
    return true;
  }
  if (f.status().code() == absl::StatusCode::kUnimplemented) {
    s.aot_failed = true;
    return true;
  }
  vm.Raise(script::Types().runtime_error, std::string(f.status().message()));
  return false;
}

bool Run(script::VM& vm, AotState& s, std::span<const Tensor> inputs,
         std::vector<Tensor>* outputs) {
  const bool autograd = script_torch::GraphNeedsAutograd(inputs);
  if (autograd) {
    if (!EnsureAot(vm, s, inputs)) return false;
    if (s.aot != nullptr) return TakeOutputs(vm, autodiff::RunAotFunction(s.aot, inputs), outputs);
  }
  if (!EnsureInference(vm, s)) return false;
  if (!TakeOutputs(vm, s.inference(inputs), outputs)) return false;
  if (autograd) {  // no AOT pair (aot_failed): the forward recomputed at backward
    script_torch::AttachCompiledHistory(
        std::shared_ptr<const graph_ir::Graph>(s.graph, &s.graph->graph),
        std::shared_ptr<const std::vector<bool>>(s.graph, &s.graph->grad_nodes), inputs, *outputs);
  }
  return true;
}

}  // namespace

absl::StatusOr<std::shared_ptr<const AotFunction>> CompileAotFunction(
    script::VM& vm, const std::shared_ptr<const CapturedGraph>& graph,
    std::span<const Tensor> example_inputs, const HalfCompiler& compile, Partitioner partitioner) {
  const graph_ir::Graph& fwd = graph->graph;
  std::vector<bool> requires_grad;
  for (const Tensor& t : example_inputs) requires_grad.push_back(autodiff::RequiresGrad(t));
  absl::StatusOr<autodiff::JointGraph> built =
      autodiff::BuildJointGraph(fwd, requires_grad, &graph->grad_nodes);
  if (!built.ok()) {
    return absl::UnimplementedError(
        absl::StrCat("the joint graph of ", graph->function_name, ": ", built.status().message()));
  }
  autodiff::JointGraph& joint = *built;
  bool any_output = false;
  for (bool rg : joint.output_requires_grad) any_output = any_output || rg;
  if (!any_output) {
    // No output carries a gradient: nothing to differentiate, the plain
    // compiled graph serves.
    return absl::UnimplementedError("no output requires grad");
  }
  partition::JointGraph pj{&joint.graph, joint.num_fwd_outputs, {}};
  for (size_t i = 0; i < joint.primal_requires_grad.size(); ++i) {
    if (joint.primal_requires_grad[i]) pj.grad_primals.push_back(static_cast<int>(i));
  }
  absl::StatusOr<partition::Partition> split;
  if (partitioner == Partitioner::kMinCut) {
    partition::MinCutOptions options;
    options.static_lifetime_primals = StaticLifetimePrimals(example_inputs);
    split = partition::MinCutRematerializationPartition(pj, options);
  } else {
    split = partition::DefaultPartition(pj);
  }
  if (!split.ok()) {
    return absl::InternalError(absl::StrCat("partitioning the joint graph of ",
                                            graph->function_name, ": ", split.status().message()));
  }
  auto f = std::make_shared<AotFunction>();
  f->num_fwd_outputs = joint.num_fwd_outputs;
  f->primal_requires_grad = joint.primal_requires_grad;
  f->primal_grad_defined = joint.primal_grad_defined;
  f->output_requires_grad = joint.output_requires_grad;
  for (size_t k = 0; k < fwd.outputs().size(); ++k) {
    const graph_ir::Value* v = fwd.outputs()[k];
    bool is_input = false;
    for (const graph_ir::Value* in : fwd.inputs()) is_input = is_input || in == v;
    f->output_is_input.push_back(is_input);
    if (joint.output_requires_grad[k]) {
      f->tangent_sizes.push_back(v->meta().sizes);
      f->tangent_dtypes.push_back(v->meta().dtype);
    }
  }
  f->graph = {std::shared_ptr<const graph_ir::Graph>(graph, &graph->graph),
              std::shared_ptr<const std::vector<bool>>(graph, &graph->grad_nodes)};
  TC_ASSIGN_OR_RETURN(f->forward,
                      compile(vm, HalfGraph(*graph, std::move(split->forward), "forward")));
  TC_ASSIGN_OR_RETURN(f->backward,
                      compile(vm, HalfGraph(*graph, std::move(split->backward), "backward")));
  return std::shared_ptr<const AotFunction>(std::move(f));
}

bool CompileWithAot(script::VM& vm, const std::shared_ptr<const CapturedGraph>& graph,
                    std::span<const Tensor> example_inputs, HalfCompiler compile,
                    Partitioner partitioner, frame_capture::CompiledGraph* out) {
  auto s = std::make_shared<AotState>();
  s->graph = graph;
  s->compile = std::move(compile);
  s->partitioner = partitioner;
  // Compile now what the example call needs, so compile errors and logs
  // come at compile time, as in PyTorch.
  if (script_torch::GraphNeedsAutograd(example_inputs)) {
    if (!EnsureAot(vm, *s, example_inputs)) return false;
  }
  if (s->aot == nullptr && !EnsureInference(vm, *s)) return false;
  *out = [s](script::VM& vm, std::span<const Tensor> inputs, std::vector<Tensor>* outputs) {
    return Run(vm, *s, inputs, outputs);
  };
  return true;
}

}  // namespace tc::compiler
