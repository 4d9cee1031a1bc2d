// What the inductor backend shows of each graph it compiles:
// TORCH_LOGS=output_code prints the generated translation unit (or why the
// graph runs on the interpreter); TORCH_COMPILE_DEBUG=1 (or
// torch._inductor.config.trace.enabled) writes, per graph, the captured
// graph, the loop IR before and after fusion and the C++ source under
// torch_compile_debug/run_<timestamp>-pid_<pid>/torchinductor/.
// TC_CODEGEN_TIMES=1 prints how long each stage took (reading the config
// took `config_nanos`).
#ifndef TC_COMPILER_SRC_INDUCTOR_DEBUG_H_
#define TC_COMPILER_SRC_INDUCTOR_DEBUG_H_

#include <memory>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/codegen.h"
#include "tc/compiler/inductor_config.h"
#include "tc/frame_capture/captured_graph.h"
#include "tc/script/vm.h"

namespace tc::compiler {

void ReportGeneratedGraph(
    script::VM& vm, const frame_capture::CapturedGraph& graph,
    const absl::StatusOr<std::shared_ptr<codegen_cpu::GeneratedGraph>>& generated,
    const InductorConfig& config, int64_t config_nanos);

}  // namespace tc::compiler

#endif  // TC_COMPILER_SRC_INDUCTOR_DEBUG_H_
