// Sizes and strides, and the arithmetic on them shared by every layer:
// contiguity, element counts, broadcasting, dimension wrapping, views.
#ifndef TC_TENSOR_SHAPE_H_
#define TC_TENSOR_SHAPE_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"

namespace tc::tensor {

// Most tensors have at most 6 dimensions; more spill to the heap.
using Shape = absl::InlinedVector<int64_t, 6>;
using IntSpan = std::span<const int64_t>;

int64_t Numel(IntSpan sizes);
// Row-major strides, in elements, for `sizes`.
Shape ContiguousStrides(IntSpan sizes);
// True when `strides` address `sizes` row-major without gaps (size-1
// dimensions may have any stride, as in PyTorch).
bool IsContiguous(IntSpan sizes, IntSpan strides);

// PyTorch's is_non_overlapping_and_dense: the strides address exactly
// Numel(sizes) consecutive elements, each once, in some dimension order
// (a permuted contiguous tensor). Copies of such tensors keep their strides.
bool IsNonOverlappingAndDense(IntSpan sizes, IntSpan strides);

// "[2, 3]" as PyTorch prints a size list.
std::string ShapeToString(IntSpan sizes);

// The broadcast of two shapes, or InvalidArgument in PyTorch's words ("The
// size of tensor a (3) must match the size of tensor b (4) at non-singleton
// dimension 1").
absl::StatusOr<Shape> BroadcastShapes(IntSpan a, IntSpan b);

// Wraps a possibly negative dimension into [0, rank); a 0-dim tensor accepts
// -1 and 0. Out of range is IndexError-style InvalidArgument text as PyTorch
// words it ("Dimension out of range (expected to be in range of [-2, 1], but
// got 2)").
absl::StatusOr<int64_t> WrapDim(int64_t dim, int64_t rank);

// PyTorch's computeStride: the strides that view a tensor of `old_sizes` /
// `old_strides` with `new_sizes` (same element count) without copying, or
// nullopt when a new dimension would span two non-contiguous chunks of the
// old layout (view() fails, reshape() copies).
std::optional<Shape> ComputeViewStrides(IntSpan old_sizes, IntSpan old_strides, IntSpan new_sizes);

}  // namespace tc::tensor

#endif  // TC_TENSOR_SHAPE_H_
