// Memory layout rules as PyTorch's: the strides a new tensor gets from the
// tensors it is computed from (TensorIterator's dimension order, empty_like's
// preserve_format), memory formats (contiguous, channels_last,
// channels_last_3d) and the checks that tell them apart.
#ifndef TC_TENSOR_LAYOUT_H_
#define TC_TENSOR_LAYOUT_H_

#include <span>

#include "tc/tensor/shape.h"

namespace tc::tensor {

enum class MemoryFormat { kPreserve, kContiguous, kChannelsLast, kChannelsLast3d };

// One input of a pointwise op, as TensorIterator sees it.
struct LayoutOperand {
  IntSpan sizes;
  IntSpan strides;
};

// The strides of a pointwise op's new output of `sizes` computed from
// `inputs` (in argument order; each broadcasts to `sizes`): PyTorch's
// TensorIterator gives the output the inputs' strides when all of them have
// `sizes` and the same non-overlapping and dense strides; otherwise it sorts
// the dimensions by the inputs' strides (the first input whose strides tell
// two dimensions apart decides; broadcast dimensions tell nothing) and lays
// the output out densely in that order. Contiguous inputs give contiguous
// strides.
Shape PointwiseStrides(IntSpan sizes, std::span<const LayoutOperand> inputs);

// PyTorch's infer_dense_strides: dense strides in the dimension order of
// `strides` (the one-input case of PointwiseStrides's sort).
Shape DenseStridesLike(IntSpan sizes, IntSpan strides);

// empty_like / clone / to with memory_format=torch.preserve_format: the
// input's strides when it is non-overlapping and dense, else
// DenseStridesLike.
Shape PreserveFormatStrides(IntSpan sizes, IntSpan strides);

// Row-major strides in the dimension order N, H, W, C (4-d) or N, D, H, W, C
// (5-d).
Shape ChannelsLastStrides(IntSpan sizes);
Shape ChannelsLast3dStrides(IntSpan sizes);

// The strides of a new tensor of `sizes` laid out in `format`; kPreserve
// follows `like_strides` (PreserveFormatStrides). InvalidArgument in
// PyTorch's words when the rank does not fit the format ("required rank 4
// tensor to use channels_last format").
absl::StatusOr<Shape> FormatStrides(IntSpan sizes, MemoryFormat format, IntSpan like_strides);

// t.is_contiguous(memory_format=...): the strides are exactly the format's
// (size-1 dimensions may have any stride). kPreserve asks, as c10 does,
// whether they are contiguous.
bool IsContiguousAs(IntSpan sizes, IntSpan strides, MemoryFormat format);

// c10's is_channels_last_strides_2d / _3d: strides that look like
// channels_last (what suggest_memory_format answers), ambiguous cases
// (N111, 1C1W permutations) reading as contiguous.
bool IsChannelsLastStrides2d(IntSpan sizes, IntSpan strides);
bool IsChannelsLastStrides3d(IntSpan sizes, IntSpan strides);

// t.suggest_memory_format(): kChannelsLast / kChannelsLast3d when the
// strides look so, else kContiguous.
MemoryFormat SuggestMemoryFormat(IntSpan sizes, IntSpan strides);

}  // namespace tc::tensor

#endif  // TC_TENSOR_LAYOUT_H_
