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
// - GEMM epilogues: the plain Pointwise kernel that first reads a linear,
//   mm, bmm or matmul Extern's output, reading it only at its own loop
//   index, joins the Extern's Kernel, so it runs on each row panel of the
//   product while the panel is in cache (fuse_epilogue.cc).
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
  // Nodes one kernel takes at most (torch._inductor.config.max_fusion_size;
  // 1: every node its own kernel, after pointwise inlining as Inductor
  // inlines in lowering). Values below 1 count as 1.
  int max_fusion_size = 64;
};

// Fills program.kernels (replacing any), inlines where it fuses, and drops
// nodes whose buffers no kernel reads any more. Takes a Program as Lower
// returns it (unscheduled: no ReductionResult, every node written).
// Dropping renumbers nodes and buffers: intermediates no remaining node
// mentions are removed (inputs, outputs and aliases all stay, in order), so
// graph_outputs and alias_of are rewritten too. A fused reduction nobody
// outside its kernel reads gets Node::written = false. A program whose
// buffer indices or index ranks are inconsistent is not fused (it gets
// ScheduleUnfused; Evaluate and the emitter say what is wrong). A program
// Schedule already fused is left as it is.
void Schedule(Program& program, const ScheduleOptions& options = {});

// Storage shared between intermediates: slot[b] is the storage slot of
// buffer b (-1 for inputs, outputs and aliases, and for buffers no node
// writes: a Node::written == false reduction), slot_bytes[s] its size (from
// the first element to one past the last, by the buffer's strides). Two
// buffers share a slot only when one is dead (its last reader's kernel has
// run) before the other is written, or in place: a Pointwise node writing
// over its only reader's input of the same layout, read at its store index.
struct MemoryPlan {
  std::vector<int> slot;
  std::vector<int64_t> slot_bytes;
  int64_t TotalBytes() const {
    int64_t total = 0;
    for (int64_t b : slot_bytes) total += b;
    return total;
  }
};
MemoryPlan PlanMemory(const Program& program);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SCHEDULE_H_
