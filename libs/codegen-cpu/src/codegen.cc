// The inductor pipeline: decompose, lower, schedule, emit, compile, run.
#include "tc/codegen_cpu/codegen.h"

#include <utility>

#include "tc/codegen_cpu/compile.h"
#include "tc/codegen_cpu/kernel_runtime.h"
#include "tc/codegen_cpu/lower.h"
#include "tc/codegen_cpu/runner.h"
#include "tc/codegen_cpu/schedule.h"
#include "tc/graph_ir/passes.h"
#include "tc/kernels/composite.h"
#include "tc/support/status.h"
#include "tc/support/timer.h"

namespace tc::codegen_cpu {

struct GeneratedGraph::State {
  ProgramRunner runner;
};

absl::StatusOr<std::shared_ptr<GeneratedGraph>> GeneratedGraph::Compile(
    const graph_ir::Graph& graph, const CodegenOptions& options) {
  auto out = std::make_shared<GeneratedGraph>();
  GraphArtifacts& a = out->artifacts_;
  support::Timer timer;
  // The time since the last stage ended, into `nanos`.
  auto stage = [&timer](int64_t& nanos) {
    nanos = timer.ElapsedNanos();
    timer.Reset();
  };
  // Composites with a fused eager kernel stay whole: their decompositions
  // can round differently, and compiling must not change a script's
  // answers. Lower makes softmax, log_softmax, layer_norm and rms_norm row
  // ops (generated row kernels running eager's row formulas) where eager
  // runs its fused kernel, and the rest Extern calls of eager's kernel.
  TC_ASSIGN_OR_RETURN(graph_ir::Graph core,
                      graph_ir::DecomposeComposites(graph, [](const graph_ir::Node& node) {
                        return kernels::HasFusedKernel(node.op());
                      }));
  a.core_graph = core.ToString();
  stage(a.stage_nanos.decompose);
  TC_ASSIGN_OR_RETURN(Program program, Lower(core));
  ScheduleUnfused(program);
  a.ir_before = program.ToString();
  stage(a.stage_nanos.lower);
  Schedule(program,
           ScheduleOptions{.fuse = options.fuse, .max_fusion_size = options.max_fusion_size});
  a.ir_after = program.ToString();
  stage(a.stage_nanos.schedule);
  TC_ASSIGN_OR_RETURN(EmittedSource emitted, EmitCpp(program));
  a.kernels = emitted.kernels;
  for (const Node& n : program.nodes) a.num_externs += std::holds_alternative<Extern>(n.body);
  std::shared_ptr<const LoadedModule> module;
  stage(a.stage_nanos.emit);
  if (!emitted.kernels.empty()) {
    a.source = std::move(emitted.cpp);
    TC_ASSIGN_OR_RETURN(module,
                        CompileAndLoad(a.source, CompileOptions{.use_caches = options.use_caches}));
    a.origin = std::string(module->origin());
  }
  stage(a.stage_nanos.compile);
  TC_ASSIGN_OR_RETURN(ProgramRunner runner,
                      ProgramRunner::Create(program, std::move(module),
                                            RunnerOptions{.num_threads = options.num_threads,
                                                          .check_inputs = options.check_inputs}));
  a.intermediate_bytes = runner.intermediate_bytes();
  a.kernel_threads = LimitedRuntime(options.num_threads).num_threads;
  MemoryPlan plan = PlanMemory(program);
  a.buffers_allocated = static_cast<int>(plan.slot_bytes.size());
  for (const Buffer& b : program.buffers) a.buffers_allocated += b.role == Buffer::Role::kOutput;
  out->state_ = std::make_shared<const State>(State{std::move(runner)});
  stage(a.stage_nanos.prepare);
  return out;
}

absl::StatusOr<std::vector<tensor::Tensor>> GeneratedGraph::Run(
    std::span<const tensor::Tensor> inputs) const {
  return state_->runner.Run(inputs);
}

}  // namespace tc::codegen_cpu
