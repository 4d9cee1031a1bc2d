// PyTorch's layout rules for new tensors (see layout.h).
#include "tc/tensor/layout.h"

#include <numeric>

#include "absl/status/status.h"

namespace tc::tensor {
namespace {

// TensorIterator::reorder_dimensions's comparison of dimensions d0 and d1
// (d0 currently comes first, i.e. is the faster moving one): 1 when d0
// should move after d1, -1 when it stays, 0 when no operand tells.
int ShouldSwap(IntSpan sizes, std::span<const Shape> strides, int64_t d0, int64_t d1) {
  for (const Shape& s : strides) {
    int64_t s0 = s[d0], s1 = s[d1];
    if (s0 == 0 || s1 == 0) continue;  // broadcast: this operand cannot tell
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    // Equal strides: the larger dimension goes after.
    if (sizes[d0] > sizes[d1]) return 1;
  }
  return 0;
}

// Dense strides over `sizes` in the order `perm` (fastest dimension first).
Shape DenseInOrder(IntSpan sizes, IntSpan perm) {
  Shape out(sizes.size());
  int64_t running = 1;
  for (int64_t d : perm) {
    out[d] = running;
    running *= std::max<int64_t>(sizes[d], 1);
  }
  return out;
}

// The operands' strides aligned to `sizes`: broadcast and missing
// dimensions get stride 0.
Shape Aligned(IntSpan sizes, const LayoutOperand& op) {
  Shape out(sizes.size(), 0);
  const size_t off = sizes.size() - op.sizes.size();
  for (size_t i = 0; i < op.sizes.size(); ++i) {
    if (op.sizes[i] == sizes[off + i] && !(op.sizes[i] == 1 && sizes[off + i] != 1)) {
      out[off + i] = op.strides[i];
    }
  }
  return out;
}

Shape SortedDense(IntSpan sizes, std::span<const Shape> strides) {
  const int64_t rank = static_cast<int64_t>(sizes.size());
  // perm[0] is the fastest moving dimension; start from row-major order.
  Shape perm(rank);
  std::iota(perm.rbegin(), perm.rend(), 0);
  // Insertion sort that stops at the first dimension known to stay before.
  for (int64_t i = 1; i < rank; ++i) {
    int64_t at = i;
    for (int64_t j = i - 1; j >= 0; --j) {
      int c = ShouldSwap(sizes, strides, perm[j], perm[at]);
      if (c > 0) {
        std::swap(perm[j], perm[at]);
        at = j;
      } else if (c < 0) {
        break;
      }
    }
  }
  return DenseInOrder(sizes, perm);
}

Shape StridesInOrder(IntSpan sizes, std::initializer_list<int64_t> fastest_first) {
  Shape perm(fastest_first.begin(), fastest_first.end());
  return DenseInOrder(sizes, perm);
}

}  // namespace

Shape PointwiseStrides(IntSpan sizes, std::span<const LayoutOperand> inputs) {
  if (inputs.empty()) return ContiguousStrides(sizes);
  // All inputs of the output's sizes with one dense layout: that layout.
  bool same = true;
  for (const LayoutOperand& op : inputs) {
    same = same && std::equal(op.sizes.begin(), op.sizes.end(), sizes.begin(), sizes.end()) &&
           std::equal(op.strides.begin(), op.strides.end(), inputs[0].strides.begin(),
                      inputs[0].strides.end());
  }
  if (same && IsNonOverlappingAndDense(sizes, inputs[0].strides)) {
    if (IsContiguous(sizes, inputs[0].strides)) return ContiguousStrides(sizes);
    return Shape(inputs[0].strides.begin(), inputs[0].strides.end());
  }
  if (sizes.size() <= 1) return ContiguousStrides(sizes);
  std::vector<Shape> aligned;
  aligned.reserve(inputs.size());
  for (const LayoutOperand& op : inputs) aligned.push_back(Aligned(sizes, op));
  return SortedDense(sizes, aligned);
}

Shape DenseStridesLike(IntSpan sizes, IntSpan strides) {
  if (sizes.size() <= 1) return ContiguousStrides(sizes);
  Shape s(strides.begin(), strides.end());
  return SortedDense(sizes, std::span<const Shape>(&s, 1));
}

Shape PreserveFormatStrides(IntSpan sizes, IntSpan strides) {
  // empty_like(preserve_format) keeps the strides of any dense input as they
  // are, contiguous ones included (size-1 and empty dims keep theirs).
  if (IsNonOverlappingAndDense(sizes, strides)) return Shape(strides.begin(), strides.end());
  return DenseStridesLike(sizes, strides);
}

Shape ChannelsLastStrides(IntSpan sizes) { return StridesInOrder(sizes, {1, 3, 2, 0}); }

Shape ChannelsLast3dStrides(IntSpan sizes) { return StridesInOrder(sizes, {1, 4, 3, 2, 0}); }

absl::StatusOr<Shape> FormatStrides(IntSpan sizes, MemoryFormat format, IntSpan like_strides) {
  switch (format) {
    case MemoryFormat::kPreserve:
      return PreserveFormatStrides(sizes, like_strides);
    case MemoryFormat::kContiguous:
      return ContiguousStrides(sizes);
    case MemoryFormat::kChannelsLast:
      if (sizes.size() != 4) {
        return absl::InvalidArgumentError("required rank 4 tensor to use channels_last format");
      }
      return ChannelsLastStrides(sizes);
    case MemoryFormat::kChannelsLast3d:
      if (sizes.size() != 5) {
        return absl::InvalidArgumentError("required rank 5 tensor to use channels_last_3d format");
      }
      return ChannelsLast3dStrides(sizes);
  }
  return ContiguousStrides(sizes);
}

bool IsContiguousAs(IntSpan sizes, IntSpan strides, MemoryFormat format) {
  Shape want;
  switch (format) {
    case MemoryFormat::kPreserve:  // c10 asks the default question
    case MemoryFormat::kContiguous:
      return IsContiguous(sizes, strides);
    case MemoryFormat::kChannelsLast:
      if (sizes.size() != 4) return false;
      want = ChannelsLastStrides(sizes);
      break;
    case MemoryFormat::kChannelsLast3d:
      if (sizes.size() != 5) return false;
      want = ChannelsLast3dStrides(sizes);
      break;
  }
  if (Numel(sizes) == 0) return true;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] != 1 && strides[d] != want[d]) return false;
  }
  return true;
}

namespace {

bool ChannelsLastLike(IntSpan sizes, IntSpan strides, std::initializer_list<int64_t> order) {
  if (strides[1] == 0) return false;
  int64_t min = 0;
  for (int64_t d : order) {
    if (sizes[d] == 0) return false;
    if (strides[d] < min) return false;
    // N111 with equal strides (or N11W sliced on W) reads as contiguous.
    if (d == 0 && min == strides[1]) return false;
    min = strides[d];
    if (sizes[d] > 1) min *= sizes[d];
  }
  return true;
}

}  // namespace

bool IsChannelsLastStrides2d(IntSpan sizes, IntSpan strides) {
  return sizes.size() == 4 && ChannelsLastLike(sizes, strides, {1, 3, 2, 0});
}

bool IsChannelsLastStrides3d(IntSpan sizes, IntSpan strides) {
  return sizes.size() == 5 && ChannelsLastLike(sizes, strides, {1, 4, 3, 2, 0});
}

MemoryFormat SuggestMemoryFormat(IntSpan sizes, IntSpan strides) {
  if (IsChannelsLastStrides2d(sizes, strides)) return MemoryFormat::kChannelsLast;
  if (IsChannelsLastStrides3d(sizes, strides)) return MemoryFormat::kChannelsLast3d;
  return MemoryFormat::kContiguous;
}

}  // namespace tc::tensor
