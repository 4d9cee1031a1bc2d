// What ProgramRunner prepares once per program: each buffer's concrete
// layout and allocation size, the storage slots of intermediates, and each
// kernel as a step ready to run (a function pointer, or a looked-up op for
// an Extern). runner_prepare.cc builds it; runner.cc runs it.
#ifndef TC_CODEGEN_CPU_SRC_RUNNER_IMPL_H_
#define TC_CODEGEN_CPU_SRC_RUNNER_IMPL_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"
#include "tc/codegen_cpu/runner.h"
#include "tc/graph_ir/op.h"
#include "tc/tensor/shape.h"

#include "runner_profile.h"

namespace tc::codegen_cpu {

struct BufferLayout {
  std::string name;
  Buffer::Role role = Buffer::Role::kIntermediate;
  DType dtype = DType::kFloat32;
  int64_t itemsize = 4;
  tensor::Shape sizes, strides;
  int64_t offset = 0;  // elements, from the buffer's base (see runner.h)
  int input_index = -1;
  int alias_of = -1;
  int64_t bytes = 0;            // storage an allocation needs: offset + extent
  int slot = -1;                // intermediates placed by the memory plan
  bool extern_written = false;  // allocated only when an extern's result cannot be adopted
};

struct RunnerStep {
  std::string kernel;                   // Kernel::name, for errors
  TcKernelFn fn = nullptr;              // a generated kernel
  const graph_ir::OpDef* op = nullptr;  // an Extern
  std::vector<Extern::Arg> args;
  std::vector<int> outputs;
  // A GEMM Extern's fused epilogue (kernel_abi.h), run on the output's row
  // panels as the kernels library computes them (gemm_panels.h).
  TcEpilogueFn epilogue = nullptr;
  int64_t epilogue_rows = 0;
  int64_t epilogue_align_rows = 1;
};

struct ProgramRunner::Impl {
  std::shared_ptr<const LoadedModule> module;
  std::vector<BufferLayout> buffers;
  std::vector<RunnerStep> steps;
  std::vector<int> input_buffers;   // the buffer of graph input i
  std::vector<int> up_front;        // outputs and intermediates placed before the first kernel
  std::vector<int> alias_order;     // kAlias buffers, each after its base
  std::vector<int64_t> slot_bytes;  // storage slots shared by intermediates
  std::vector<int> graph_outputs;
  RunnerOptions options;
  // TC_CODEGEN_PROFILE=1: each step's time (runner_profile.h); else null.
  std::shared_ptr<ProgramProfile> profile;
};

absl::StatusOr<std::shared_ptr<const ProgramRunner::Impl>> PrepareRunner(
    const Program& program, std::shared_ptr<const LoadedModule> module);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_RUNNER_IMPL_H_
