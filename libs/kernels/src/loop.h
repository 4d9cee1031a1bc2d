// Strided N-ary loops: the generic path every kernel falls back to.
//
// A Loop views up to kMaxOperands tensors over one iteration shape (inputs
// broadcast with stride 0), merges dimensions that are contiguous for every
// operand, and calls a body on runs of the innermost dimension with each
// operand's pointer and byte stride. Any sub-range of the flat iteration
// space can be run, so ParallelFor can split it.
#ifndef TC_KERNELS_SRC_LOOP_H_
#define TC_KERNELS_SRC_LOOP_H_

#include <array>
#include <cstdint>
#include <initializer_list>

#include "absl/container/inlined_vector.h"

#include "tc/tensor/tensor.h"

namespace tc::kernels {

inline constexpr int kMaxOperands = 4;
// Pointwise and reduction work smaller than this runs on one thread.
inline constexpr int64_t kParallelGrain = 32768;

class Loop {
 public:
  using Strides = std::array<int64_t, kMaxOperands>;

  // operands[i] is viewed with `shape`: its trailing dims align with the
  // shape's and size-1 or missing dims get stride 0.
  Loop(tensor::IntSpan shape, std::initializer_list<const tensor::Tensor*> operands);

  int64_t numel() const { return numel_; }
  int num_operands() const { return num_operands_; }
  int ndim() const { return static_cast<int>(sizes_.size()); }
  // True when every operand advances by its own item size in the inner dim
  // (all contiguous after merging, no broadcast).
  bool inner_contiguous() const { return inner_contiguous_; }
  // The inner byte stride of operand i.
  int64_t inner_stride(int i) const { return ndim() == 0 ? 0 : strides_[ndim() - 1][i]; }
  bool fully_contiguous() const { return inner_contiguous_ && ndim() <= 1; }
  char* base(int i) const { return base_[i]; }

  // Calls body(char* const* ptrs, const int64_t* strides, int64_t n) for the
  // elements [begin, end) of the flat row-major iteration space.
  template <typename Body>
  void Run(int64_t begin, int64_t end, Body&& body) const {
    RunShifted(0, begin, end, body);
  }
  // Run with operand 0's base moved by `shift0` bytes (reductions reuse one
  // Loop for every output element).
  template <typename Body>
  void RunShifted(int64_t shift0, int64_t begin, int64_t end, Body&& body) const;

 private:
  int num_operands_ = 0;
  int64_t numel_ = 1;
  bool inner_contiguous_ = true;
  absl::InlinedVector<int64_t, 6> sizes_;
  absl::InlinedVector<Strides, 6> strides_;  // bytes, per dim per operand
  std::array<char*, kMaxOperands> base_{};
  std::array<int64_t, kMaxOperands> itemsize_{};
};

template <typename Body>
void Loop::RunShifted(int64_t shift0, int64_t begin, int64_t end, Body&& body) const {
  if (begin >= end) return;
  const int nd = ndim();
  const int nops = num_operands_;
  std::array<char*, kMaxOperands> ptrs = base_;
  ptrs[0] += shift0;
  if (nd == 0) {
    Strides zero{};
    body(ptrs.data(), zero.data(), int64_t{1});
    return;
  }
  const int64_t inner = sizes_[nd - 1];
  const Strides& inner_strides = strides_[nd - 1];
  absl::InlinedVector<int64_t, 6> counter(nd, 0);
  int64_t rest = begin;
  for (int d = nd - 1; d >= 0; --d) {
    counter[d] = rest % sizes_[d];
    rest /= sizes_[d];
    for (int k = 0; k < nops; ++k) ptrs[k] += counter[d] * strides_[d][k];
  }
  int64_t idx = begin;
  while (idx < end) {
    int64_t n = std::min(inner - counter[nd - 1], end - idx);
    body(ptrs.data(), inner_strides.data(), n);
    idx += n;
    if (idx >= end) break;
    // Rewind the inner dim and carry into the outer ones.
    for (int k = 0; k < nops; ++k) ptrs[k] -= counter[nd - 1] * inner_strides[k];
    counter[nd - 1] = 0;
    for (int d = nd - 2; d >= 0; --d) {
      ++counter[d];
      for (int k = 0; k < nops; ++k) ptrs[k] += strides_[d][k];
      if (counter[d] < sizes_[d]) break;
      for (int k = 0; k < nops; ++k) ptrs[k] -= counter[d] * strides_[d][k];
      counter[d] = 0;
    }
  }
}

// ParallelFor(n, grain, fn), with the one-chunk case (most eager ops) run
// inline here rather than through a std::function.
template <typename Fn>
void ParallelRange(int64_t n, int64_t grain, Fn&& fn);

// Runs `body` over the loop, split across the pool when large.
template <typename Body>
void RunParallel(const Loop& loop, Body&& body, int64_t grain = kParallelGrain);

}  // namespace tc::kernels

#include "tc/kernels/thread_pool.h"

namespace tc::kernels {
template <typename Fn>
void ParallelRange(int64_t n, int64_t grain, Fn&& fn) {
  if (n <= 0) return;
  if (n <= grain) {
    fn(int64_t{0}, n);
    return;
  }
  ParallelFor(n, grain, fn);
}

template <typename Body>
void RunParallel(const Loop& loop, Body&& body, int64_t grain) {
  ParallelRange(loop.numel(), grain, [&](int64_t b, int64_t e) { loop.Run(b, e, body); });
}
}  // namespace tc::kernels

#endif  // TC_KERNELS_SRC_LOOP_H_
