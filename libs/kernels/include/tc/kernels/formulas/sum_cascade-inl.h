// The chunk cascade of ATen's float sums (SumKernel.cpp's multi_row_sum),
// shared by eager's cascade sum (sum_cascade_simd.cc) and the reductions
// codegen-cpu generates (its prelude embeds this file's text: see arith.h
// for why). Plain C++17 + Highway. Items come from a loader ld(i, k): row
// i of sum k, as an accumulator (a struct with Zero() and Add(), such as
// One below or a vector of lanes), so each caller keeps its own memory
// access. Included per target after <hwy/highway.h> (Highway's -inl.h
// convention: the guard toggles with HWY_TARGET_TOGGLE; without
// foreach_target it is an ordinary include guard).
#if defined(TC_KERNELS_FORMULAS_SUM_CASCADE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TC_KERNELS_FORMULAS_SUM_CASCADE_INL_H_
#undef TC_KERNELS_FORMULAS_SUM_CASCADE_INL_H_
#else
#define TC_KERNELS_FORMULAS_SUM_CASCADE_INL_H_
#endif

#include <algorithm>
#include <cstdint>

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace tc::kernels::formulas {
namespace HWY_NAMESPACE {

// A scalar accumulator.
template <typename A>
struct One {
  A v;
  static HWY_INLINE One Zero() { return {A(0)}; }
  HWY_INLINE void Add(const One& o) { v += o.v; }
};

inline int CeilLog2(int64_t x) {
  if (x <= 2) return 1;
  return 64 - __builtin_clzll(static_cast<uint64_t>(x - 1));
}

// log2 of level 0's chunk for `size` rows (each level's chunk is 2^power
// of the one below).
inline int CascadePower(int64_t size) { return std::max(4, CeilLog2(size) / 4); }

// The level loop over whole chunks of rows [i, end): chunks of 2^power
// rows go into level 0, flushed upwards whenever the row count reaches a
// multiple of the next level's chunk. Leaves i at the first row not taken.
template <class Acc, int kRows, class Ld>
HWY_INLINE void CascadeLevels(Ld&& ld, int64_t& i, int64_t end, int power, Acc (&acc)[4][kRows]) {
  const int64_t step = int64_t{1} << power;
  const int64_t mask = step - 1;
  while (i + step <= end) {
    // Level 0 is zero at every chunk's start: keep it in registers.
    Acc l0[kRows];
    HWY_UNROLL(8)
    for (int k = 0; k < kRows; ++k) l0[k] = Acc::Zero();
    for (int64_t j = 0; j < step; ++j) {
      HWY_UNROLL(8)
      for (int k = 0; k < kRows; ++k) l0[k].Add(ld(i + j, k));
    }
    i += step;
    for (int k = 0; k < kRows; ++k) acc[0][k] = l0[k];
    for (int j = 1; j < 4; ++j) {
      for (int k = 0; k < kRows; ++k) {
        acc[j][k].Add(acc[j - 1][k]);
        acc[j - 1][k] = Acc::Zero();
      }
      if ((i & (mask << (j * power))) != 0) break;
    }
  }
}

// The rows [i, size) left after the whole chunks go into level 0, then
// the levels are added into out[k], one sum per row k.
template <class Acc, int kRows, class Ld, class Out>
HWY_INLINE void CascadeFinish(Ld&& ld, int64_t i, int64_t size, Acc (&acc)[4][kRows], Out& out) {
  for (; i < size; ++i) {
    for (int k = 0; k < kRows; ++k) acc[0][k].Add(ld(i, k));
  }
  for (int k = 0; k < kRows; ++k) {
    for (int j = 1; j < 4; ++j) acc[0][k].Add(acc[j][k]);
    out[k] = acc[0][k];
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace tc::kernels::formulas
HWY_AFTER_NAMESPACE();

#endif  // TC_KERNELS_FORMULAS_SUM_CASCADE_INL_H_
