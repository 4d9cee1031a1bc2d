#include "src/loop.h"

#include <algorithm>
#include <cstdint>

namespace tc::kernels {

Loop::Loop(tensor::IntSpan shape, std::initializer_list<const tensor::Tensor*> operands) {
  num_operands_ = static_cast<int>(operands.size());
  const int nd = static_cast<int>(shape.size());
  numel_ = tensor::Numel(shape);
  int k = 0;
  // Per operand byte strides aligned to `shape`.
  absl::InlinedVector<Strides, 6> full(nd);
  for (const tensor::Tensor* t : operands) {
    base_[k] = static_cast<char*>(t->raw_data());
    itemsize_[k] = static_cast<int64_t>(t->itemsize());
    const int td = static_cast<int>(t->dim());
    for (int d = 0; d < nd; ++d) {
      int tdim = d - (nd - td);
      int64_t s = 0;
      if (tdim >= 0 && t->size(tdim) != 1) s = t->stride(tdim) * itemsize_[k];
      full[d][k] = s;
    }
    ++k;
  }
  // A permuted output (a pointwise op's result laid out as its permuted
  // inputs, an in-place write into a transposed tensor): walk the dims in
  // its memory order, as TensorIterator does, so runs stay contiguous and
  // merge. Dims where operand 0 does not move (broadcast, reduced) keep
  // row-major order: reductions rely on it.
  absl::InlinedVector<int, 6> order(nd);
  for (int d = 0; d < nd; ++d) order[d] = d;
  if (num_operands_ > 0) {
    bool moves = true, sorted = true;
    int64_t prev = INT64_MAX;
    for (int d = 0; d < nd; ++d) {
      if (shape[d] == 1) continue;
      int64_t s = full[d][0];
      if (s == 0) moves = false;
      if (s > prev) sorted = false;
      prev = s;
    }
    if (moves && !sorted) {
      std::stable_sort(order.begin(), order.end(),
                       [&](int a, int b) { return full[a][0] > full[b][0]; });
    }
  }
  // Drop size-1 dims and merge a dim into the next inner one when every
  // operand's stride allows it.
  for (int d : order) {
    if (shape[d] == 1) continue;
    if (!sizes_.empty()) {
      bool merge = true;
      const Strides& outer = strides_.back();
      for (int j = 0; j < num_operands_; ++j) {
        if (outer[j] != full[d][j] * shape[d]) {
          merge = false;
          break;
        }
      }
      if (merge) {
        sizes_.back() *= shape[d];
        strides_.back() = full[d];
        continue;
      }
    }
    sizes_.push_back(shape[d]);
    strides_.push_back(full[d]);
  }
  if (numel_ == 0) {
    sizes_.assign(1, 0);
    strides_.assign(1, Strides{});
  }
  inner_contiguous_ = true;
  if (!sizes_.empty()) {
    for (int j = 0; j < num_operands_; ++j) {
      if (strides_.back()[j] != itemsize_[j]) inner_contiguous_ = false;
    }
  }
}

}  // namespace tc::kernels
