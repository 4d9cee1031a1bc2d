// The inductor pipeline for one captured graph: composite ops decomposed
// to core ops (graph-ir), lowered to the loop IR, scheduled (fusion and
// memory planning), emitted as one C++ translation unit, compiled (or
// found in the in-memory or disk cache) and loaded; Run executes it. What
// each stage produced is kept for TORCH_LOGS=output_code,
// TORCH_COMPILE_DEBUG and tc-explain --code.
#ifndef TC_CODEGEN_CPU_CODEGEN_H_
#define TC_CODEGEN_CPU_CODEGEN_H_

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/emit.h"
#include "tc/graph_ir/graph.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu {

// torch._inductor.config's fields the pipeline acts on (the inductor
// backend fills these; see inductor_config.h).
struct CodegenOptions {
  bool fuse = true;          // false: one kernel per node (debugging)
  int max_fusion_size = 64;  // max_fusion_size: nodes per kernel (ScheduleOptions)
  int num_threads = -1;      // cpp.threads: threads of generated loops (RunnerOptions)
  bool check_inputs = true;  // size_asserts: inputs' layouts checked per call (RunnerOptions)
  bool use_caches = true;    // !force_disable_caches: in-memory and disk caches (CompileOptions)
};

// What the stages produced, as text and counts.
struct GraphArtifacts {
  std::string core_graph;  // the graph after decomposition (graph-ir text)
  std::string ir_before;   // the loop IR as lowered (before fusion)
  std::string ir_after;    // the loop IR as scheduled
  std::string source;      // the C++ translation unit ("" when every kernel is extern)
  std::vector<EmittedKernel> kernels;
  int num_externs = 0;
  int buffers_allocated = 0;  // outputs plus intermediate storage slots
  int64_t intermediate_bytes = 0;
  std::string origin;      // "compiled", "disk", "memory" or "" (nothing to compile)
  int kernel_threads = 1;  // threads the generated kernels' loops may use (cpp.threads)
  // Wall time of each stage of Compile (TC_CODEGEN_TIMES=1 makes the
  // inductor backend print them per graph; benches read them). compile is
  // CompileAndLoad: key, cache lookups, the compiler run, dlopen.
  struct StageNanos {
    int64_t decompose = 0, lower = 0, schedule = 0, emit = 0, compile = 0, prepare = 0;
  } stage_nanos;
};

class GeneratedGraph {
 public:
  // Errors: a graph the pipeline cannot handle (an op whose decomposition
  // fails, IR the emitter cannot express, a compiler failure); the caller
  // then runs the graph on the interpreter.
  static absl::StatusOr<std::shared_ptr<GeneratedGraph>> Compile(
      const graph_ir::Graph& graph, const CodegenOptions& options = {});
  absl::StatusOr<std::vector<tensor::Tensor>> Run(std::span<const tensor::Tensor> inputs) const;
  const GraphArtifacts& artifacts() const { return artifacts_; }

  struct State;

 private:
  GraphArtifacts artifacts_;
  std::shared_ptr<const State> state_;
};

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_CODEGEN_H_
