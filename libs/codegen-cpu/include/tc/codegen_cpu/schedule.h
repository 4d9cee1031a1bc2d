// The scheduler: turns a lowered Program's nodes into fused Kernels.
// - Inlining (vertical fusion): a Pointwise node whose buffer is read only
//   by Pointwise/Reduction nodes is substituted into their loads and not
//   written to memory, unless recomputing it would cost more than storing
//   it (read many times by a reduction over a broadcast, or expensive ops).
// - Row kernels: reductions and the pointwise nodes over the same outer
//   ranges (softmax's max, sum and output; layer_norm's mean, variance and
//   output) share one Kernel, so each row is read from cache the second
//   time; later members read reduction results as ReductionResult.
// - Horizontal fusion of independent nodes over the same index space.
// - Memory planning: intermediates reuse the storage of dead buffers of the
//   same byte size and dtype; outputs are written straight into the
//   buffers the caller receives.
#ifndef TC_CODEGEN_CPU_SCHEDULE_H_
#define TC_CODEGEN_CPU_SCHEDULE_H_

#include <vector>

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu {

struct ScheduleOptions {
  bool fuse = true;  // false: ScheduleUnfused (TORCH_COMPILE_DEBUG's "before fusion" view)
};

// Fills program.kernels (replacing any), inlines where it fuses, and drops
// nodes whose buffers no kernel reads any more.
void Schedule(Program& program, const ScheduleOptions& options = {});

// Storage shared between intermediates: slot[b] is the storage slot of
// buffer b (-1 for inputs, outputs and aliases), slot_bytes[s] its size.
struct MemoryPlan {
  std::vector<int> slot;
  std::vector<int64_t> slot_bytes;
};
MemoryPlan PlanMemory(const Program& program);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SCHEDULE_H_
