// The inductor backend: captured graphs compiled by codegen-cpu. A graph
// the pipeline cannot compile (a failed decomposition, IR the emitter
// cannot express, no compiler, a non-CPU tensor) runs on the interpreter
// instead, so a script never gets a wrong answer or an error it would not
// get eagerly; TORCH_LOGS=output_code says so when it happens.
// TC_INDUCTOR_NO_FALLBACK=1 makes that fallback a RuntimeError naming the
// graph and the reason instead (the models-inductor suite sets it, so a
// graph that silently stops compiling fails a test).
#include "inductor_backend.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"

#include "tc/codegen_cpu/codegen.h"
#include "tc/compiler/backends.h"
#include "tc/compiler/inductor_config.h"
#include "tc/kernels/interpreter.h"
#include "tc/script/native.h"
#include "tc/support/env.h"
#include "tc/support/timer.h"

#include "aot_autograd.h"
#include "inductor_debug.h"

namespace tc::compiler {

using autodiff::AotFunction;
using frame_capture::CapturedGraph;
using frame_capture::CompiledGraph;

namespace {

int ClampToInt(int64_t v) {
  return static_cast<int>(
      std::clamp<int64_t>(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

// The config fields codegen-cpu acts on (inductor_config.h says which).
codegen_cpu::CodegenOptions CodegenOptionsFrom(const InductorConfig& config) {
  return codegen_cpu::CodegenOptions{.max_fusion_size = ClampToInt(config.max_fusion_size),
                                     .num_threads = ClampToInt(config.cpp_threads),
                                     .check_inputs = config.size_asserts,
                                     .use_caches = !config.force_disable_caches};
}

class InductorBackend : public frame_capture::Backend {
 public:
  explicit InductorBackend(script::Value patches) : patches_(std::move(patches)) {}

  bool HandlesAutograd() const override { return true; }

  bool Compile(script::VM& vm, const std::shared_ptr<const CapturedGraph>& graph,
               std::span<const tensor::Tensor> example_inputs, CompiledGraph* out) override {
    InductorConfig config;
    support::Timer config_timer;
    if (!ReadInductorConfig(vm, patches_, &config)) return false;
    const int64_t config_nanos = config_timer.ElapsedNanos();
    HalfCompiler compile = [config, config_nanos](script::VM& vm,
                                                  std::shared_ptr<const CapturedGraph> g) {
      return CompileGraph(vm, g, config, config_nanos);
    };
    return CompileWithAot(vm, graph, example_inputs, std::move(compile), Partitioner::kMinCut, out);
  }

 private:
  // One graph (a captured graph or an AOT half) through codegen-cpu, or on
  // the interpreter when codegen cannot compile it.
  static absl::StatusOr<AotFunction::Half> CompileGraph(
      script::VM& vm, const std::shared_ptr<const CapturedGraph>& graph,
      const InductorConfig& config, int64_t config_nanos) {
    codegen_cpu::CodegenOptions options = CodegenOptionsFrom(config);
    auto generated = codegen_cpu::GeneratedGraph::Compile(graph->graph, options);
    ReportGeneratedGraph(vm, *graph, generated, config, config_nanos);
    if (!generated.ok() && InductorNoFallback()) {
      return absl::FailedPreconditionError(
          absl::StrCat("inductor: graph of ", graph->function_name,
                       " would run on the interpreter (TC_INDUCTOR_NO_FALLBACK=1): ",
                       generated.status().ToString()));
    }
    if (!generated.ok()) {  // the interpreter runs what codegen cannot
      auto interpreter = std::make_shared<kernels::Interpreter>(graph->graph);
      return AotFunction::Half([graph, interpreter](std::span<const tensor::Tensor> inputs) {
        return interpreter->Run(inputs);
      });
    }
    std::shared_ptr<const codegen_cpu::GeneratedGraph> code = *std::move(generated);
    return AotFunction::Half(
        [code](std::span<const tensor::Tensor> inputs) { return code->Run(inputs); });
  }

  script::Value patches_;
};

}  // namespace

bool InductorNoFallback() {
  absl::StatusOr<bool> v = support::GetEnvBool("TC_INDUCTOR_NO_FALLBACK", false);
  return !v.ok() || *v;
}

std::shared_ptr<frame_capture::Backend> NewInductorBackend(script::Value config_patches) {
  return std::make_shared<InductorBackend>(std::move(config_patches));
}

}  // namespace tc::compiler
