// Helpers shared by the composite op files (ops_composite_*.cc): argument
// access for decompositions, emitting core ops by name, and registration.
#ifndef TC_GRAPH_IR_SRC_COMPOSITE_UTIL_H_
#define TC_GRAPH_IR_SRC_COMPOSITE_UTIL_H_

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/decompose.h"
#include "tc/graph_ir/op.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {

using EArgs = std::span<const EmitArg>;
using Refs = absl::StatusOr<std::vector<EmitRef>>;
using RefOr = absl::StatusOr<EmitRef>;

// Typed access to arguments Decompose() has checked (overloads of the
// meta_util.h readers for emitter arguments).
inline EmitRef Ref(EArgs a, size_t i) { return std::get<EmitRef>(a[i]); }
inline const std::vector<EmitRef>& RefList(EArgs a, size_t i) {
  return std::get<std::vector<EmitRef>>(a[i]);
}
inline bool IsRef(EArgs a, size_t i) { return std::holds_alternative<EmitRef>(a[i]); }
inline const Constant& Const(EArgs a, size_t i) { return std::get<Constant>(a[i]); }
inline bool IsNone(EArgs a, size_t i) {
  return std::holds_alternative<Constant>(a[i]) && std::holds_alternative<None>(Const(a, i));
}
inline const Scalar& ScalarArg(EArgs a, size_t i) { return std::get<Scalar>(Const(a, i)); }
inline int64_t Int(EArgs a, size_t i) { return ScalarArg(a, i).to_int(); }
inline bool Bool(EArgs a, size_t i) { return ScalarArg(a, i).to_bool(); }
inline double Float(EArgs a, size_t i) { return ScalarArg(a, i).to_double(); }
inline const Shape& IntList(EArgs a, size_t i) { return std::get<Shape>(Const(a, i)); }
inline DType DTypeArg(EArgs a, size_t i) { return std::get<DType>(Const(a, i)); }
inline const std::string& Str(EArgs a, size_t i) { return std::get<std::string>(Const(a, i)); }

// Constant arguments for emitted ops (explicit, so no number ever turns
// into a handle or a bool into an int).
inline EmitArg CInt(int64_t v) { return Constant(Scalar(v)); }
inline EmitArg CBool(bool v) { return Constant(Scalar(v)); }
inline EmitArg CNum(Scalar v) { return Constant(v); }
inline EmitArg CDType(DType v) { return Constant(v); }
EmitArg CList(tensor::IntSpan v);
EmitArg CList(std::initializer_list<int64_t> v);
EmitArg CNone();

// Emits core op `op_name` (which must exist) and returns its outputs / its
// one output.
Refs EmitN(Emitter& e, std::string_view op_name, std::vector<EmitArg> args);
RefOr Emit1(Emitter& e, std::string_view op_name, std::vector<EmitArg> args);
// `x` converted to `dtype`, or `x` itself when it already has it.
RefOr ToDType(Emitter& e, EmitRef x, DType dtype);

// log_softmax(x, dim) as the log_softmax op decomposes it (for losses).
RefOr EmitLogSoftmax(Emitter& e, EmitRef x, int64_t dim);

using tensor::CTypeName;
// "torch.FloatTensor" (legacy tensor type names in ATen's checks).
std::string LegacyTensorTypeName(DType dtype);
// 'mean', 'sum' or 'none' are valid; others: "foo is not a valid value for
// reduction" (torch.nn.functional's ValueError).
absl::Status CheckReduction(const std::string& reduction);

// The meta function of a composite op: its decomposition on a MetaEmitter.
Metas MetaByDecomposition(DecomposeFn fn, Args args);
template <DecomposeFn F>
Metas CompositeMeta(Args args) {
  return MetaByDecomposition(F, args);
}
template <DecomposeFn F>
OpDef Composite(std::string name, std::vector<ArgSpec> args, int num_outputs = 1) {
  return OpDef{std::move(name), std::move(args),   OpCategory::kComposite,
               num_outputs,     &CompositeMeta<F>, F};
}

// Registration, one function per ops_composite_*.cc file.
void AddCompositeOps(std::vector<OpDef>& ops);
void AddCompositeReductionOps(std::vector<OpDef>& ops);
void AddCompositeShapeOps(std::vector<OpDef>& ops);
void AddCompositeNnOps(std::vector<OpDef>& ops);
void AddCompositeLossOps(std::vector<OpDef>& ops);
void AddCompositeCreationOps(std::vector<OpDef>& ops);

}  // namespace tc::graph_ir::internal

#endif  // TC_GRAPH_IR_SRC_COMPOSITE_UTIL_H_
