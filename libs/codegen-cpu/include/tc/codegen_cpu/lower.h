// Lowering: a graph-ir graph of core ops (run graph_ir's decomposition
// first) becomes a loop-IR Program of unfused nodes. Pointwise, reduction,
// view and creation ops become Pointwise/Reduction nodes whose loads carry
// the index arithmetic of every view between them and memory; every other
// op (matmul, convolution, sort, index ops, random ops...) becomes an
// Extern node run by the kernels library, so an op the lowering does not
// know is still run correctly, never approximated.
#ifndef TC_CODEGEN_CPU_LOWER_H_
#define TC_CODEGEN_CPU_LOWER_H_

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"
#include "tc/graph_ir/graph.h"

namespace tc::codegen_cpu {

// Graph inputs become kInput buffers with their metadata's sizes and
// strides (the guards pin them); graph outputs become kOutput buffers with
// the strides eager gives them, or kAlias buffers when eager returns a view
// of an input or of another output (the base of a returned view of a
// computed value becomes a kOutput too, though no graph output names it).
// An Extern's tensor argument that is a view is a kAlias buffer of its
// base with the view's strides, so the kernel sees what eager passes it.
// Composite ops left in the graph become Externs (kernels::Call runs their
// decomposition); decomposing first gives the scheduler more to fuse.
// Buffers are named in<input index>, out<k> (returned, in output order,
// then returned bases), view<k> (extern views), buf<k>. No kernels are
// scheduled.
absl::StatusOr<Program> Lower(const graph_ir::Graph& graph);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_LOWER_H_
