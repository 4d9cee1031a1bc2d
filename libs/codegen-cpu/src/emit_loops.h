// The loop nests of generated kernels: emit_pointwise.cc writes a kernel
// of Pointwise nodes over all of their ranges (one, or several over one
// index space: flattened where the layout allows, innermost dim
// vectorized, split for the pool);
// emit_fused.cc writes every other kernel (reductions, row kernels whose
// members share outer ranges). Both append one extern "C" function.
#ifndef TC_CODEGEN_CPU_SRC_EMIT_LOOPS_H_
#define TC_CODEGEN_CPU_SRC_EMIT_LOOPS_H_

#include <set>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"

#include "tc/codegen_cpu/emit.h"
#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu {

// Vector registers of the compile flags' target (AVX-512): lanes of a
// float32 vector = 64 / 4.
inline constexpr int kVectorBytes = 64;
// A parallel chunk does at least this many elements of work.
inline constexpr int64_t kParallelElements = 32768;
// Vectorized rows are split into blocks of this many elements (a multiple
// of every lane count, so only a row's end has a tail, as in eager).
inline constexpr int64_t kBlockElements = 8192;

// With `epilogue`, the kernel is a GEMM epilogue (kernel_abi.h's
// TcEpilogueFn) looping as `epilogue` plans (emit_epilogue.h).
struct EpiloguePlan;
absl::StatusOr<EmittedKernel> EmitPointwiseKernel(const Program& program, const Kernel& kernel,
                                                  std::string* out,
                                                  const EpiloguePlan* epilogue = nullptr);
absl::StatusOr<EmittedKernel> EmitFusedKernel(const Program& program, const Kernel& kernel,
                                              std::string* out);
// emit_row.cc: a kernel of one node carrying a row op (row_op.h).
absl::StatusOr<EmittedKernel> EmitRowKernel(const Program& program, const Kernel& kernel,
                                            std::string* out);

// Writes code (each line prefixed by `indent`) computing reduction node
// `n` at the current values of its output loop variables (declared by the
// caller) and storing it; `result` names the C++ local holding it (read
// by later members through ReductionResult).
struct ReductionCode {
  std::string result;
  int vector_width = 1;
};
struct ExprContext;
absl::StatusOr<ReductionCode> EmitReduction(const Program& program, const ExprContext& ctx, int n,
                                            const std::string& indent, int* counter,
                                            std::string* out);

// Shared pieces.
struct LoopDim {
  std::string var;
  int64_t extent;
};
// The loop dims of variables prefix0, prefix1... (extents[d] each) after
// dropping size-1 dims and merging a dim into the next inner one wherever
// every access (flat offsets, index values) has coefficient(outer) ==
// coefficient(inner) * extent(inner), as eager's Loop merges dims; fills
// `subst` with the replaced variables (0, or the merged variable).
std::vector<LoopDim> MergeDims(std::string_view prefix, const std::vector<int64_t>& extents,
                               const std::vector<Sym>& accesses,
                               absl::flat_hash_map<std::string, Sym>* subst);
// The same over loop dims given outermost first.
std::vector<LoopDim> MergeDims(const std::vector<LoopDim>& order, const std::vector<Sym>& accesses,
                               absl::flat_hash_map<std::string, Sym>* subst);
absl::StatusOr<std::vector<int64_t>> ConstExtents(const std::vector<Sym>& syms,
                                                  std::string_view what);
// `S* bK = reinterpret_cast<S*>(tc_buffers[K]);` for every buffer in `used`.
std::string BufferDecls(const Program& program, const std::set<int>& used);
// The statement storing scalar `value` into buffer b at flat `offset`.
std::string StoreStatement(const Program& program, int buffer, const std::string& offset,
                           const std::string& value);
// The flat offsets of an expression's loads and its index values.
void CollectAccesses(const Program& program, const ExprPtr& e, std::vector<Sym>* out);
// Every buffer an expression loads.
void CollectLoads(const ExprPtr& e, std::set<int>* buffers);
// InvalidArgument when a Pointwise/Reduction node is malformed: its value
// (ValidateExpr), a store of the wrong rank, a Pointwise value whose dtype
// is not its buffer's.
absl::Status CheckNode(const Program& program, const Node& node);
// InvalidArgument when `e` or its operands are malformed (null operands,
// unknown buffers, an index of the wrong rank).
absl::Status ValidateExpr(const Program& program, const ExprPtr& e);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_EMIT_LOOPS_H_
