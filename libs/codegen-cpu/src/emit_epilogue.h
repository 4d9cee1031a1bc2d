// GEMM epilogues (a Kernel whose first member is a linear/mm/bmm/matmul
// Extern and whose other members are Pointwise nodes over the op's output):
// how the members' loop nest is cut into row panels, shared by the
// scheduler (which fuses only what plans), the emitter and the runner.
#ifndef TC_CODEGEN_CPU_SRC_EMIT_EPILOGUE_H_
#define TC_CODEGEN_CPU_SRC_EMIT_EPILOGUE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/emit.h"
#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu {

// The members run as EmitPointwiseKernel's loop nest (dims merged as in
// eager, innermost vectorized) whose tasks are blocks of `block` elements
// of the output's index space in row-major order. A block is a multiple of
// the widest vector's lanes or the whole innermost loop, so the vector /
// scalar-tail split is that of the unfused kernel: any run of whole tasks
// computes exactly what the unfused kernel computes there. Rows [b, e)
// are tasks [b * row_elements / block, e * row_elements / block) when b
// and e are multiples of `align_rows` (or e == rows).
struct EpiloguePlan {
  int64_t rows = 0;          // the output's leading dims, flattened
  int64_t row_elements = 0;  // its last dim (1 for a 0-d output)
  int64_t block = 0;
  int64_t tasks = 0;
  int64_t align_rows = 1;
};

// The plan of the Pointwise kernel `members` (outer: the GEMM output's
// sizes), or nullopt when its loops cannot be cut into row panels (an
// empty or symbolic space, a member that is not Pointwise over `outer`, an
// innermost loop no block size tiles).
std::optional<EpiloguePlan> PlanEpilogue(const Program& program, const Kernel& members);

// The members of an epilogue Kernel (all but its Extern), as a Kernel.
Kernel EpilogueMembers(const Kernel& kernel);

// The end of an epilogue function: runs the tasks of the requested rows
// (tc_body, written by EmitPointwiseKernel) on the pool.
absl::StatusOr<EmittedKernel> EmitEpilogueDispatch(const EpiloguePlan& plan, int64_t grain,
                                                   EmittedKernel result, std::string* out);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_EMIT_EPILOGUE_H_
