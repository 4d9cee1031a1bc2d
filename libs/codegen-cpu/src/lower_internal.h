// The lowering's state and the per-category lowerings it dispatches to
// (lower.cc drives them in graph order).
//
// Every graph value maps to a buffer and an index into it written over the
// value's own index variables v0, v1, ... (extents: the value's sizes). A
// value computed by a node owns its buffer and its index is [v0, v1, ...];
// a view has its base's buffer and the view's index transform (permute:
// reordered variables, expand: 0 for broadcast dims, slice: start + step *
// v, reshape: FloorDiv/Mod of the row-major flat index), so reading a view
// loads the base directly and no view ever becomes a node.
#ifndef TC_CODEGEN_CPU_SRC_LOWER_INTERNAL_H_
#define TC_CODEGEN_CPU_SRC_LOWER_INTERNAL_H_

#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"
#include "tc/graph_ir/graph.h"

namespace tc::codegen_cpu::lower_internal {

struct ValueRef {
  int buffer = -1;
  std::vector<Sym> index;  // one per buffer dim, over the value's variables v<d>
  bool is_view = false;    // the index is a view's transform, not the buffer's own
};

// The value's index variable d ("v<d>").
Sym ValueVar(int d, int64_t extent);
// Loop variables i0.. over `sizes`.
std::vector<Sym> LoopVars(std::span<const int64_t> sizes);
// [v0, v1, ...] over `sizes`.
std::vector<Sym> ValueVars(std::span<const int64_t> sizes);

absl::Status Unsupported(std::string_view op, std::string message);

class Lowering {
 public:
  Program program;

  // A new buffer described by `meta` (sizes and strides).
  int AddBuffer(const graph_ir::TensorMeta& meta, Buffer::Role role);
  const ValueRef& Ref(const graph_ir::Value* value) const;
  void Bind(const graph_ir::Value* value, ValueRef ref) { values_[value] = std::move(ref); }
  bool Bound(const graph_ir::Value* value) const { return values_.contains(value); }

  // Reads `value` at `index` (one Sym per dim of the value): a load of its
  // buffer through the value's index transform.
  ExprPtr LoadAt(const graph_ir::Value* value, std::span<const Sym> index) const;
  // Reads `value` broadcast to an output over loop variables `vars`
  // (right-aligned; size-1 dims read index 0).
  ExprPtr LoadBroadcast(const graph_ir::Value* value, std::span<const Sym> vars) const;
  // The value's index transform applied to `index` (a view of a view
  // composes this way).
  std::vector<Sym> BaseIndex(const graph_ir::Value* value, std::span<const Sym> index) const;

  // A Pointwise node computing `value` over `out`'s sizes into a new buffer
  // laid out as `out`'s metadata; binds `out` to it.
  void AddPointwise(const graph_ir::Value* out, ExprPtr value);
  // A buffer that holds `value` as a tensor an extern or an output can be
  // given: the value's own buffer, or a kAlias buffer viewing its base with
  // the view's metadata strides and offset (made once per value).
  int BufferFor(const graph_ir::Value* value);
  // The buffer a graph output returns: a computed value's own (made
  // kOutput), else a kAlias (a view, or an input returned as a view of it).
  int OutputBuffer(const graph_ir::Value* value);

 private:
  int MakeAlias(const graph_ir::Value* value);

  absl::flat_hash_map<const graph_ir::Value*, ValueRef> values_;
  absl::flat_hash_map<const graph_ir::Value*, int> alias_of_value_;
};

// One graph node each; the node's category picked the function.
absl::Status LowerPointwise(Lowering& l, const graph_ir::Node& node);
absl::Status LowerView(Lowering& l, const graph_ir::Node& node);
absl::Status LowerReduction(Lowering& l, const graph_ir::Node& node);
absl::Status LowerCreation(Lowering& l, const graph_ir::Node& node);
absl::Status LowerExtern(Lowering& l, const graph_ir::Node& node);
// softmax / log_softmax / layer_norm / rms_norm as a row op (row_op.h) where
// eager runs its fused row kernel; false (nothing lowered) elsewhere.
absl::StatusOr<bool> LowerRow(Lowering& l, const graph_ir::Node& node);
// batch_norm in inference as per-channel pointwise nodes (lower_batch_norm.cc);
// false (nothing lowered) for training or where eager would not accept it.
absl::StatusOr<bool> LowerBatchNorm(Lowering& l, const graph_ir::Node& node);

// Argument i of `node` as a constant, or nullptr (lower_row.cc).
const graph_ir::Constant* ConstantArg(const graph_ir::Node& node, size_t i);
// Argument i as a tensor value; nullptr for None or a missing argument.
// Sets *ok = false when it is something else (lower_row.cc).
const graph_ir::Value* OptionalValue(const graph_ir::Node& node, size_t i, bool* ok);

// A cast of `e` to `dtype` (e itself when it has that dtype already).
ExprPtr Cast(ExprPtr e, DType dtype);

}  // namespace tc::codegen_cpu::lower_internal

#endif  // TC_CODEGEN_CPU_SRC_LOWER_INTERNAL_H_
