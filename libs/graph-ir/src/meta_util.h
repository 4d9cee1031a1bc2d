// Helpers shared by the op definition files: schema building, argument
// access for meta functions (which run after InferMeta checked the types),
// and PyTorch's error wording for common failures.
#ifndef TC_GRAPH_IR_SRC_META_UTIL_H_
#define TC_GRAPH_IR_SRC_META_UTIL_H_

#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include "tc/graph_ir/op.h"

namespace tc::graph_ir::internal {

// "add(): argument 'other' must be Tensor or Scalar, not str".
absl::Status TypeError(const OpDef& op, size_t index, std::string_view given);

// The schema check of argument `i`, shared by InferMeta (MetaArg) and
// Decompose (EmitArg): a tensor only where a Tensor or Tensor|Scalar goes, a
// list only where a Tensor[] goes, a constant elsewhere (an optional tensor
// may be None) that CheckConstantArg accepts. Returns the constant as
// CheckConstantArg normalizes it, or nullopt for a tensor argument.
template <typename A>
absl::StatusOr<std::optional<Constant>> CheckArgForm(const OpDef& op, size_t i, const A& arg) {
  using T = std::variant_alternative_t<0, A>;
  const ArgType type = op.args[i].type;
  if (std::holds_alternative<T>(arg)) {
    if (type != ArgType::kTensor && type != ArgType::kTensorOrScalar) {
      return TypeError(op, i, "Tensor");
    }
    return std::nullopt;
  }
  if (std::holds_alternative<std::vector<T>>(arg)) {
    if (type != ArgType::kTensorList) return TypeError(op, i, "Tensor[]");
    return std::nullopt;
  }
  const Constant& c = std::get<Constant>(arg);
  // An optional tensor (linear's bias) may be None.
  const bool none_ok = op.args[i].optional && std::holds_alternative<None>(c);
  if ((type == ArgType::kTensor || type == ArgType::kTensorList) && !none_ok) {
    return TypeError(op, i, ConstantTypeName(c));
  }
  return CheckConstantArg(op, i, c);
}

using Args = std::span<const MetaArg>;
using Metas = absl::StatusOr<std::vector<TensorMeta>>;

// Schema pieces: a required argument, one with a default, and an optional
// one (None allowed) whose default is None.
ArgSpec Req(std::string name, ArgType type);
ArgSpec Def(std::string name, ArgType type, Constant value);
ArgSpec Opt(std::string name, ArgType type);

// Typed access to checked tensor arguments.
inline const TensorMeta& Tensor(Args a, size_t i) { return std::get<TensorMeta>(a[i]); }
inline const std::vector<TensorMeta>& TensorList(Args a, size_t i) {
  return std::get<std::vector<TensorMeta>>(a[i]);
}
inline bool IsTensor(Args a, size_t i) { return std::holds_alternative<TensorMeta>(a[i]); }

// Typed access to checked constant arguments, for meta functions (MetaArg)
// and decompositions (EmitArg) alike.
template <typename A>
const Constant& Const(std::span<const A> a, size_t i) {
  return std::get<Constant>(a[i]);
}
template <typename A>
bool IsNone(std::span<const A> a, size_t i) {
  return std::holds_alternative<Constant>(a[i]) && std::holds_alternative<None>(Const(a, i));
}
template <typename A>
const Scalar& ScalarArg(std::span<const A> a, size_t i) {
  return std::get<Scalar>(Const(a, i));
}
template <typename A>
int64_t Int(std::span<const A> a, size_t i) {
  return ScalarArg(a, i).to_int();
}
template <typename A>
bool Bool(std::span<const A> a, size_t i) {
  return ScalarArg(a, i).to_bool();
}
template <typename A>
double Float(std::span<const A> a, size_t i) {
  return ScalarArg(a, i).to_double();
}
template <typename A>
const Shape& IntList(std::span<const A> a, size_t i) {
  return std::get<Shape>(Const(a, i));
}
template <typename A>
DType DTypeArg(std::span<const A> a, size_t i) {
  return std::get<DType>(Const(a, i));
}
template <typename A>
const std::string& Str(std::span<const A> a, size_t i) {
  return std::get<std::string>(Const(a, i));
}

// How a Tensor|Scalar argument takes part in type promotion.
tensor::TypeOperand Operand(const MetaArg& arg);
// torch.result_type over the given arguments (tensors and scalars; None skipped).
DType Promote(Args a, std::initializer_list<size_t> indices);
// Broadcast shape of the tensor arguments among `indices`.
absl::StatusOr<Shape> Broadcast(Args a, std::initializer_list<size_t> indices);
// The device of the first tensor argument (CPU when there is none).
tensor::Device DeviceOf(Args a);

using tensor::ScalarTypeName;
// `"kernel" not implemented for 'Long'`, as PyTorch's dispatch macros word it.
absl::Status NotImplemented(std::string_view kernel, DType dtype);
absl::Status Invalid(std::string message);
// A backward op's output_mask (ATen's std::array<bool, 3>, an int list of
// three 0s and 1s here): which of its three gradients it computes.
absl::StatusOr<std::vector<bool>> OutputMask(const Shape& mask);

TensorMeta Contig(DType dtype, const Shape& sizes, tensor::Device device);
// A pointwise op's output of `sizes`, strided as PyTorch's TensorIterator
// lays it out from the tensor arguments at `indices` (tensor::PointwiseStrides;
// constants among them are skipped).
// An output of `sizes` laid out in the memory format `like` suggests
// (channels_last when its strides look so, as PyTorch's conv, pool and norm
// kernels lay out their results; else contiguous).
TensorMeta SuggestedLayoutOut(DType dtype, const Shape& sizes, tensor::Device device,
                              const TensorMeta& like);
TensorMeta PointwiseOut(DType dtype, const Shape& sizes, tensor::Device device, Args a,
                        std::initializer_list<size_t> indices);
inline std::vector<TensorMeta> One(TensorMeta meta) { return {std::move(meta)}; }

// Reductions: which dims of a rank-`rank` tensor `dims` reduce (empty:
// all), rejecting duplicates in PyTorch's words; the reduced sizes.
absl::StatusOr<std::vector<bool>> ReduceMask(int64_t rank, tensor::IntSpan dims);
Shape ReducedSizes(tensor::IntSpan sizes, const std::vector<bool>& mask, bool keepdim);
// Sizes of a new tensor or view: negative sizes are "Trying to create tensor
// with negative dimension -1: [-1]", an element count beyond int64 is
// "numel: integer multiplication overflow" (PyTorch's words).
absl::Status CheckNewSizes(tensor::IntSpan sizes);
// The byte size of a new `dtype` tensor of `sizes` must fit in int64:
// "Storage size calculation overflowed with sizes=[...]", and so must its
// row-major strides ("Stride calculation overflowed"); negative sizes are
// rejected first, as in CheckNewSizes.
absl::Status CheckStorageSize(tensor::IntSpan sizes, DType dtype);

// Registration, one function per op file, called by registry.cc in this
// order (core ops, then the composite ops of ops_composite_*.cc).
void AddPointwiseOps(std::vector<OpDef>& ops);
void AddPointwiseExtraOps(std::vector<OpDef>& ops);  // ops_pointwise_extra.cc
void AddReductionOps(std::vector<OpDef>& ops);
void AddViewOps(std::vector<OpDef>& ops);
void AddExternOps(std::vector<OpDef>& ops);
void AddCreationOps(std::vector<OpDef>& ops);
void AddRandomOps(std::vector<OpDef>& ops);
void AddScanOps(std::vector<OpDef>& ops);
void AddSortOps(std::vector<OpDef>& ops);        // ops_sort.cc
void AddBucketizeOps(std::vector<OpDef>& ops);   // ops_bucketize.cc
void AddShapeExtraOps(std::vector<OpDef>& ops);  // ops_shape_extra.cc
void AddIndexWriteOps(std::vector<OpDef>& ops);  // ops_index_write.cc
void AddCompositeReductionOps(std::vector<OpDef>& ops);
void AddCompositeShapeOps(std::vector<OpDef>& ops);
void AddCompositeShapeExtraOps(std::vector<OpDef>& ops);  // ops_composite_shape_extra.cc
void AddCompositePadOps(std::vector<OpDef>& ops);         // ops_composite_pad.cc
void AddCompositeNnOps(std::vector<OpDef>& ops);
void AddCompositeNormOps(std::vector<OpDef>& ops);
void AddCompositeNormBackwardOps(std::vector<OpDef>& ops);  // ops_composite_norm_backward.cc
void AddCompositeAttentionBackwardOps(
    std::vector<OpDef>& ops);                             // ops_composite_attention_backward.cc
void AddCompositeActivationOps(std::vector<OpDef>& ops);  // ops_composite_activation.cc
void AddCompositeLossOps(std::vector<OpDef>& ops);
void AddCompositeLossExtraOps(std::vector<OpDef>& ops);  // ops_composite_loss_extra.cc
void AddCompositeCreationOps(std::vector<OpDef>& ops);
void AddCompositeCountOps(std::vector<OpDef>& ops);    // ops_composite_count.cc
void AddCompositeDropoutOps(std::vector<OpDef>& ops);  // ops_composite_dropout.cc
void AddCompositeEinsumOps(std::vector<OpDef>& ops);   // ops_composite_einsum.cc
void AddCompositeLinalgOps(std::vector<OpDef>& ops);   // ops_composite_linalg.cc
// Core and composite ops together (ops_conv.cc, ops_pool.cc).
void AddAttentionOps(std::vector<OpDef>& ops);  // ops_attention.cc
void AddConvOps(std::vector<OpDef>& ops);
void AddPoolOps(std::vector<OpDef>& ops);
void AddFoldOps(std::vector<OpDef>& ops);      // ops_fold.cc
void AddUpsampleOps(std::vector<OpDef>& ops);  // ops_upsample.cc
// The backward ops of the convolution, pool, resampling and batch_norm ops.
void AddConvBackwardOps(std::vector<OpDef>& ops);      // ops_conv_backward.cc
void AddPoolBackwardOps(std::vector<OpDef>& ops);      // ops_pool_backward.cc
void AddUpsampleBackwardOps(std::vector<OpDef>& ops);  // ops_upsample_backward.cc
void AddNormBackwardOps(std::vector<OpDef>& ops);      // ops_norm_backward.cc

}  // namespace tc::graph_ir::internal

#endif  // TC_GRAPH_IR_SRC_META_UTIL_H_
