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
#include "tc/tensor/layout.h"

#include "meta_util.h"

namespace tc::graph_ir::internal {

using EArgs = std::span<const EmitArg>;
using Refs = absl::StatusOr<std::vector<EmitRef>>;
using RefOr = absl::StatusOr<EmitRef>;

// Typed access to the tensor arguments Decompose() has checked; the
// constants are read with meta_util.h's readers.
inline EmitRef Ref(EArgs a, size_t i) { return std::get<EmitRef>(a[i]); }
inline const std::vector<EmitRef>& RefList(EArgs a, size_t i) {
  return std::get<std::vector<EmitRef>>(a[i]);
}
inline bool IsRef(EArgs a, size_t i) { return std::holds_alternative<EmitRef>(a[i]); }

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

// `x` laid out in `format` (through the clone op), or `x` itself when it
// already is: the ATen kernels that allocate
// their results contiguous (softmax, layer_norm) or channels_last (an
// adaptive pool of a channels_last input) end their decompositions so.
RefOr InFormat(Emitter& e, EmitRef x, tensor::MemoryFormat format);

// log_softmax(x, dim) as the log_softmax op decomposes it (for losses).
RefOr EmitLogSoftmax(Emitter& e, EmitRef x, int64_t dim);
// softmax(x, dim) as the softmax composite decomposes it.
RefOr EmitSoftmax(Emitter& e, EmitRef x, int64_t dim);

// layer_norm's and rms_norm's checks of normalized_shape against the input
// and the optional weight and bias (arguments `w`, `b` of `a`; b < 0: none);
// `star_sep` follows the `*` in the expected shape ("[*, 3]" / "[*3]").
absl::Status CheckNormalizedShape(Emitter& e, EArgs a, const TensorMeta& in, const Shape& shape,
                                  int w, int b, std::string_view star_sep);

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

}  // namespace tc::graph_ir::internal

#endif  // TC_GRAPH_IR_SRC_COMPOSITE_UTIL_H_
