// The 32-bit Mersenne Twister (MT19937), the engine behind PyTorch's CPU
// generator, CPython's `random` and NumPy's legacy RandomState. Only the
// seeding differs between them: PyTorch seeds with init_genrand of the low
// 32 bits of its seed, CPython and NumPy (array seeds) with init_by_array.
//
// The bookkeeping is PyTorch's (`left` and `next`, aten/src/ATen/core/
// MT19937RNGEngine.h), which also expresses CPython's single index: each
// draw decrements `left` and twists the whole state when it reaches 0, so a
// freshly seeded engine (left = 1) twists before its first draw, as both
// libraries do. Header-only so the per-draw call inlines into the kernels'
// loops.
#ifndef TC_SUPPORT_MT19937_H_
#define TC_SUPPORT_MT19937_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tc::support {

class MT19937 {
 public:
  static constexpr int kN = 624;
  static constexpr int kM = 397;

  explicit MT19937(uint32_t seed = 5489) { Seed(seed); }

  // init_genrand (the reference implementation's seeding by one word).
  void Seed(uint32_t seed) {
    state_[0] = seed;
    for (int j = 1; j < kN; ++j) {
      state_[j] = 1812433253u * (state_[j - 1] ^ (state_[j - 1] >> 30)) + static_cast<uint32_t>(j);
    }
    left_ = 1;
    next_ = 0;
  }

  // init_by_array (CPython's seed of an int's 32-bit words, least
  // significant first; NumPy's seed of an array). An empty key is treated
  // as {0}, as CPython passes for seed 0.
  void SeedByArray(std::span<const uint32_t> key) {
    static constexpr uint32_t kZero[] = {0};
    if (key.empty()) key = kZero;
    Seed(19650218u);
    int i = 1;
    size_t j = 0;
    const size_t len = key.size();
    for (size_t k = len > kN ? len : kN; k > 0; --k) {
      state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1664525u)) + key[j] +
                  static_cast<uint32_t>(j);
      ++i;
      ++j;
      if (i >= kN) {
        state_[0] = state_[kN - 1];
        i = 1;
      }
      if (j >= len) j = 0;
    }
    for (int k = kN - 1; k > 0; --k) {
      state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1566083941u)) -
                  static_cast<uint32_t>(i);
      ++i;
      if (i >= kN) {
        state_[0] = state_[kN - 1];
        i = 1;
      }
    }
    state_[0] = 0x80000000u;  // a non-zero initial state is assured
    left_ = 1;
    next_ = 0;
  }

  // One tempered 32-bit output.
  uint32_t Next() {
    if (--left_ == 0) Twist();
    return Temper(state_[next_++]);
  }

  // n outputs at once, the same as n calls of Next(); the inner loop has no
  // branch, so bulk draws (rand of millions of elements) run at memory
  // speed.
  void Fill(uint32_t* out, size_t n) {
    while (n > 0) {
      if (left_ == 1) {
        Twist();
        ++left_;  // Next() decrements before it twists; Fill counts after
      }
      size_t run = static_cast<size_t>(left_ - 1);
      if (run > n) run = n;
      const uint32_t* s = state_.data() + next_;
      for (size_t i = 0; i < run; ++i) out[i] = Temper(s[i]);
      next_ += static_cast<int>(run);
      left_ -= static_cast<int>(run);
      out += run;
      n -= run;
    }
  }

  static uint32_t Temper(uint32_t y) {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }

  // Raw state, for PyTorch's get_state/set_state and CPython's
  // getstate/setstate.
  std::span<uint32_t, kN> state() { return std::span<uint32_t, kN>(state_.data(), kN); }
  std::span<const uint32_t, kN> state() const {
    return std::span<const uint32_t, kN>(state_.data(), kN);
  }

  // PyTorch's bookkeeping: draws left before the next twist (+1) and the
  // position of the next word. Seeding gives left = 1, next = 0.
  int left() const { return left_; }
  int next() const { return next_; }
  void set_left_next(int left, int next) {
    left_ = left;
    next_ = next;
  }

  // CPython's single index (0..624; 624 = twist before the next draw).
  int index() const { return kN + 1 - left_; }
  void set_index(int index) {
    left_ = kN + 1 - index;
    next_ = index;
  }

 private:
  void Twist() {
    constexpr uint32_t kMatrixA = 0x9908b0dfu, kUpper = 0x80000000u, kLower = 0x7fffffffu;
    auto mix = [](uint32_t u, uint32_t v) {
      uint32_t y = (u & kUpper) | (v & kLower);
      return (y >> 1) ^ ((v & 1u) ? kMatrixA : 0u);
    };
    int k = 0;
    for (; k < kN - kM; ++k) state_[k] = state_[k + kM] ^ mix(state_[k], state_[k + 1]);
    for (; k < kN - 1; ++k) state_[k] = state_[k + kM - kN] ^ mix(state_[k], state_[k + 1]);
    state_[kN - 1] = state_[kM - 1] ^ mix(state_[kN - 1], state_[0]);
    left_ = kN;
    next_ = 0;
  }

  // kN words, then kN zero words: PyTorch's set_state accepts any left in
  // 1..624 and next in 0..624, so left + next may run past the state; those
  // reads see zeros here instead of whatever follows in memory.
  std::array<uint32_t, 2 * kN> state_{};
  int left_ = 1;
  int next_ = 0;
};

}  // namespace tc::support

#endif  // TC_SUPPORT_MT19937_H_
