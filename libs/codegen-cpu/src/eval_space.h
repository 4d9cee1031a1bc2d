// The evaluator's index space: one node's loop variables over its full
// index space (ranges, then reduction ranges), symbolic indices evaluated
// at every point of it, and the byte moves between buffers and the
// space-shaped tensors the evaluator computes with (eval.cc).
#ifndef TC_CODEGEN_CPU_SRC_EVAL_SPACE_H_
#define TC_CODEGEN_CPU_SRC_EVAL_SPACE_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/sym.h"
#include "tc/tensor/shape.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu::eval_internal {

// A node's index space. Points are numbered in row-major order of `sizes`;
// the tensors the evaluator builds over the space are dense with
// `layout_strides`, which a reduction takes from the strides its first load
// reads with, so eager's order-sensitive kernels (the cascade sum) see the
// layout eager's input had.
struct Space {
  tensor::Shape sizes;  // ranges, then reduction ranges
  int num_outer = 0;    // how many of `sizes` are ranges (loop variables i0..)
  tensor::Shape layout_strides;
  int64_t numel = 1;
};

// A space over constant `ranges` and `reduction_ranges` with row-major
// layout; InvalidArgument when a range is not a non-negative constant.
absl::StatusOr<Space> MakeSpace(std::span<const Sym> ranges, std::span<const Sym> reduction_ranges);

// Reorders the layout so dims with larger `coefficients` are outer (ties
// keep their order): a dense layout in the order of a load's strides.
void SetLayoutByCoefficients(Space& space, std::span<const int64_t> coefficients);

// The value of `index` at every point of `space`, in point order, with
// Python's signs for FloorDiv/Mod. Loop variables i<d> and r<d> name the
// space's dims; any other variable, or a division by zero, is InvalidArgument.
absl::StatusOr<std::vector<int64_t>> EvalIndex(const Sym& index, const Space& space);

// An int64 tensor over `space` (its layout) holding `values` (point order).
tensor::Tensor FromPointValues(const std::vector<int64_t>& values, const Space& space);

// buffer[index(p)] for every point p, as a tensor over `space`: a view of
// the buffer when the index is affine (the strides eager's op saw), else a
// copy in the space's layout. `name` names the buffer in errors (an index
// out of range).
absl::StatusOr<tensor::Tensor> Gather(const tensor::Tensor& buffer, std::span<const Sym> index,
                                      const Space& space, const std::string& name);

// buffer[index(p)] = value[p] for every point p; `value` has the space's
// sizes (any strides) or is 0-dim (broadcast), and buffer's dtype.
absl::Status Scatter(const tensor::Tensor& value, const tensor::Tensor& buffer,
                     std::span<const Sym> index, const Space& space, const std::string& name);

// `value` (the space's sizes, any strides, or 0-dim) as a dense tensor in
// the space's layout.
absl::StatusOr<tensor::Tensor> ToLayout(const tensor::Tensor& value, const Space& space);

}  // namespace tc::codegen_cpu::eval_internal

#endif  // TC_CODEGEN_CPU_SRC_EVAL_SPACE_H_
