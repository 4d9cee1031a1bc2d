#include "src/loop.h"

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
  // Drop size-1 dims and merge a dim into the next inner one when every
  // operand's stride allows it.
  for (int d = 0; d < nd; ++d) {
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
