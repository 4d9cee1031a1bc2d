// The 32-bit Mersenne Twister (MT19937) of Matsumoto and Nishimura, as both
// PyTorch's CPU generator and CPython's `random` run it: the reference
// seeding routines (init_genrand, init_by_array), the standard tempering,
// and the bookkeeping that regenerates ("twists") the whole state lazily at
// the first draw after seeding. Callers own the seeding policy (PyTorch
// seeds with the low 32 bits of its 64-bit seed, CPython with the 32-bit
// words of |n|); this file only holds the engine.
//
// The position in the state is one index, 0..624: the number of words of
// the current block already drawn. Seeding sets it to 624, so the first
// Next() twists. CPython's getstate() stores this index as is; PyTorch's
// engine keeps `left = 625 - index` and `next = index % 624` instead.
#ifndef TC_SUPPORT_MT19937_H_
#define TC_SUPPORT_MT19937_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tc::support {

class MT19937 {
 public:
  static constexpr int kStateSize = 624;  // N
  static constexpr uint32_t kDefaultSeed = 5489;

  MT19937() { Seed(kDefaultSeed); }
  explicit MT19937(uint32_t seed) { Seed(seed); }

  // The reference init_genrand.
  void Seed(uint32_t seed) {
    state_[0] = seed;
    for (int j = 1; j < kStateSize; ++j) {
      uint32_t prev = state_[j - 1];
      state_[j] = 1812433253u * (prev ^ (prev >> 30)) + static_cast<uint32_t>(j);
    }
    index_ = kStateSize;
  }

  // The reference init_by_array (CPython seeds every int and str this way).
  // An empty key is treated as the one-word key {0}, as CPython passes for 0.
  void SeedByArray(std::span<const uint32_t> key) {
    static constexpr uint32_t kZero[1] = {0};
    if (key.empty()) key = kZero;
    Seed(19650218u);
    const size_t n = static_cast<size_t>(kStateSize);
    size_t i = 1, j = 0;
    for (size_t k = n > key.size() ? n : key.size(); k > 0; --k) {
      uint32_t prev = state_[i - 1];
      state_[i] = (state_[i] ^ ((prev ^ (prev >> 30)) * 1664525u)) + key[j] +
                  static_cast<uint32_t>(j);  // non-linear
      ++i;
      ++j;
      if (i >= n) {
        state_[0] = state_[n - 1];
        i = 1;
      }
      if (j >= key.size()) j = 0;
    }
    for (size_t k = n - 1; k > 0; --k) {
      uint32_t prev = state_[i - 1];
      state_[i] = (state_[i] ^ ((prev ^ (prev >> 30)) * 1566083941u)) -
                  static_cast<uint32_t>(i);  // non-linear
      ++i;
      if (i >= n) {
        state_[0] = state_[n - 1];
        i = 1;
      }
    }
    state_[0] = 0x80000000u;  // MSB is 1, assuring a non-zero initial array
    index_ = kStateSize;
  }

  // One tempered 32-bit draw (genrand_uint32).
  uint32_t Next() {
    if (index_ >= kStateSize) Twist();
    uint32_t y = state_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }

  // The raw state words and the position, for getstate/setstate. An index
  // set outside 0..624 is the caller's error (CPython rejects it first).
  std::array<uint32_t, kStateSize>& state() { return state_; }
  const std::array<uint32_t, kStateSize>& state() const { return state_; }
  int index() const { return index_; }
  void set_index(int index) { index_ = index; }

 private:
  static constexpr int kShift = 397;  // M
  static uint32_t Mix(uint32_t upper, uint32_t lower, uint32_t far) {
    uint32_t y = (upper & 0x80000000u) | (lower & 0x7fffffffu);
    return far ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
  }
  // Regenerates all 624 words (the reference genrand's block step).
  void Twist() {
    int k = 0;
    for (; k < kStateSize - kShift; ++k)
      state_[k] = Mix(state_[k], state_[k + 1], state_[k + kShift]);
    for (; k < kStateSize - 1; ++k)
      state_[k] = Mix(state_[k], state_[k + 1], state_[k + kShift - kStateSize]);
    state_[kStateSize - 1] = Mix(state_[kStateSize - 1], state_[0], state_[kShift - 1]);
    index_ = 0;
  }

  std::array<uint32_t, kStateSize> state_;
  int index_ = kStateSize;
};

}  // namespace tc::support

#endif  // TC_SUPPORT_MT19937_H_
