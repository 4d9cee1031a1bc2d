#include "tc/tensor/shape.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace tc::tensor {

int64_t Numel(IntSpan sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  return n;
}

Shape ContiguousStrides(IntSpan sizes) {
  Shape strides(sizes.size());
  int64_t stride = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = stride;
    stride *= std::max<int64_t>(sizes[i], 1);
  }
  return strides;
}

bool IsContiguous(IntSpan sizes, IntSpan strides) {
  // c10: a tensor without elements is contiguous whatever its strides.
  for (int64_t s : sizes) {
    if (s == 0) return true;
  }
  int64_t expected = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    if (sizes[i] == 1) continue;
    if (strides[i] != expected) return false;
    expected *= sizes[i];
  }
  return true;
}

bool IsNonOverlappingAndDense(IntSpan sizes, IntSpan strides) {
  // c10's compute_non_overlapping_and_dense: walk the dims by increasing
  // stride (size 0 and 1 dims last) expecting each stride to be the product
  // of the sizes before it.
  // Contiguous tensors (empty ones included) are dense whatever their
  // strides, as torch's is_non_overlapping_and_dense says first.
  if (IsContiguous(sizes, strides)) return true;
  const size_t rank = sizes.size();
  if (rank == 1) return sizes[0] < 2 || strides[0] == 1;
  Shape perm(rank);
  for (size_t i = 0; i < rank; ++i) perm[i] = static_cast<int64_t>(i);
  std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
    if (sizes[a] < 2) return false;
    if (sizes[b] < 2) return true;
    return strides[a] < strides[b];
  });
  int64_t required = 1;
  for (int64_t d : perm) {
    if (sizes[d] < 2) return true;
    if (strides[d] != required) return false;
    required *= sizes[d];
  }
  return true;
}

std::string ShapeToString(IntSpan sizes) {
  return absl::StrCat("[", absl::StrJoin(sizes, ", "), "]");
}

absl::StatusOr<Shape> BroadcastShapes(IntSpan a, IntSpan b) {
  size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  // From the right, as c10's infer_size, so the error names the last
  // mismatching dimension as PyTorch does.
  for (size_t i = rank; i-- > 0;) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da == db || db == 1) {
      out[i] = da;
    } else if (da == 1) {
      out[i] = db;
    } else {
      return absl::InvalidArgumentError(absl::StrFormat(
          "The size of tensor a (%d) must match the size of tensor b (%d) at non-singleton "
          "dimension %d",
          da, db, i));
    }
  }
  return out;
}

absl::StatusOr<int64_t> WrapDim(int64_t dim, int64_t rank) {
  int64_t r = std::max<int64_t>(rank, 1);
  if (dim < -r || dim >= r) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Dimension out of range (expected to be in range of [%d, %d], but got %d)",
                        -r, r - 1, dim));
  }
  return dim < 0 ? dim + r : dim;
}

std::optional<Shape> ComputeViewStrides(IntSpan old_sizes, IntSpan old_strides, IntSpan new_sizes) {
  if (old_sizes.empty()) return Shape(new_sizes.size(), 1);
  // With no elements any strides work; like NumPy, keep the old ones when the
  // sizes do not change, else use those of a fresh tensor.
  if (Numel(old_sizes) == 0) {
    if (std::equal(old_sizes.begin(), old_sizes.end(), new_sizes.begin(), new_sizes.end())) {
      return Shape(old_strides.begin(), old_strides.end());
    }
    return ContiguousStrides(new_sizes);
  }
  // Walk the old dims from the right in chunks that are contiguous among
  // themselves; each chunk must be covered exactly by whole new dims.
  Shape strides(new_sizes.size());
  int64_t view_d = static_cast<int64_t>(new_sizes.size()) - 1;
  int64_t chunk_base_stride = old_strides.back();
  int64_t tensor_numel = 1;
  int64_t view_numel = 1;
  for (int64_t tensor_d = static_cast<int64_t>(old_sizes.size()) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= old_sizes[tensor_d];
    if (tensor_d == 0 || (old_sizes[tensor_d - 1] != 1 &&
                          old_strides[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || new_sizes[view_d] == 1)) {
        strides[view_d] = view_numel * chunk_base_stride;
        view_numel *= new_sizes[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (tensor_d > 0) {
        chunk_base_stride = old_strides[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return strides;
}

}  // namespace tc::tensor
