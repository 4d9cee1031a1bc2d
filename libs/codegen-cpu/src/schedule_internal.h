// The scheduler's passes and the helpers they share (private to
// codegen-cpu): walking and rewriting expression trees, a node's ranges and
// reads, and the passes Schedule runs in order: InlinePointwise,
// DropDeadNodes, GroupKernels, FuseEpilogues.
#ifndef TC_CODEGEN_CPU_SRC_SCHEDULE_INTERNAL_H_
#define TC_CODEGEN_CPU_SRC_SCHEDULE_INTERNAL_H_

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu::internal {

// Calls `f` on every Load in `e`'s tree (a shared subtree once per
// occurrence: the count of loads is what an inlined copy costs).
void ForEachLoad(const ExprPtr& e, const std::function<void(const Load&)>& f);

// Rebuilds `e` bottom-up with each Load replaced by f(load, expr) (return
// the expr itself to keep it); unchanged subtrees are shared, not copied.
using LoadRewriter = std::function<ExprPtr(const Load&, const ExprPtr&)>;
ExprPtr RewriteLoads(const ExprPtr& e, const LoadRewriter& f);

// The number of Op nodes in `e`'s tree, and whether any of them is an
// expensive transcendental (exp, log, tanh, erf, sin...: Inductor's list of
// ops not worth recomputing).
int64_t CountOps(const ExprPtr& e);
bool HasExpensiveOp(const ExprPtr& e);

// A node's expression (nullptr for an Extern), its output ranges (empty
// for an Extern) and every buffer it reads, once per occurrence.
const ExprPtr* NodeValue(const Node& node);
ExprPtr* MutableNodeValue(Node& node);
const std::vector<Sym>& NodeRanges(const Node& node);
std::vector<int> NodeReads(const Node& node);
// The buffer whose memory `buffer` is: itself, or for a kAlias (a view an
// Extern reads, or a returned view) the buffer it views, followed through
// aliases of aliases.
int AliasBase(const Program& program, int buffer);
// NodeReads plus the base of every alias read: reading a view reads its
// base's memory, which must be written before and kept until then.
std::vector<int> NodeReadsWithBases(const Program& program, const Node& node);
// The node's store index (empty for an Extern).
const std::vector<Sym>& NodeStore(const Node& node);

// The product of constant sizes; nullopt when one is not a constant.
std::optional<double> ConstProduct(std::span<const Sym> sizes);
bool SameSyms(std::span<const Sym> a, std::span<const Sym> b);
// True when `a` is a prefix of `b`.
bool IsPrefix(std::span<const Sym> a, std::span<const Sym> b);

// Whether every buffer index, index rank and range in `program` is one the
// passes can read safely; Schedule falls back to ScheduleUnfused otherwise
// (Evaluate and the emitter report what is wrong).
bool WellFormed(const Program& program);

// Whether Schedule already fused `program` (a local reduction or a
// ReductionResult read).
bool AlreadyFused(const Program& program);

// Vertical fusion: substitutes Pointwise producers into their readers'
// loads where that does not recompute expensive work (schedule.h); the
// inlined nodes are left unread, for DropDeadNodes.
void InlinePointwise(Program& program);

// Removes Pointwise/Reduction nodes whose buffer nobody reads and that are
// not graph outputs (Extern nodes stay: a random op's draws move the
// generator even when unused), then intermediates no node mentions,
// renumbering buffers and nodes.
void DropDeadNodes(Program& program);

// Groups the nodes into Kernels (row kernels, horizontal fusion), rewrites
// reads of fused reductions into ReductionResult and clears `written` on
// reductions nobody else reads.
void GroupKernels(Program& program, size_t max_members = 64);

// Joins the Pointwise kernel that follows a linear/mm/bmm/matmul Extern and
// reads its output only at its own loop index into the Extern's kernel, as
// its epilogue (fuse_epilogue.cc); renames the kernels kernel0.. in order.
void FuseEpilogues(Program& program);

}  // namespace tc::codegen_cpu::internal

#endif  // TC_CODEGEN_CPU_SRC_SCHEDULE_INTERNAL_H_
