// Philox4x32-10 counter-based random numbers.
//
// Element i of a draw depends only on (seed, offset + i), so eager kernels,
// the interpreter and generated code produce the same numbers for the same
// seed regardless of threading or fusion.
#ifndef TC_TENSOR_PHILOX_H_
#define TC_TENSOR_PHILOX_H_

#include <array>
#include <cstdint>

namespace tc::tensor {

// One Philox4x32-10 block: 4 random 32-bit words for a 128-bit counter and a
// 64-bit key (the published algorithm; checked against its known-answer
// vectors).
std::array<uint32_t, 4> Philox4x32(std::array<uint32_t, 4> counter, std::array<uint32_t, 2> key);

// Uniform values in [0, 1) and standard normals for elements
// [offset, offset + n) of the stream `seed`. Element e = offset + i depends
// only on (seed, e), so splitting a draw into chunks gives the same values.
// Key = seed; counter = {block lo, block hi, domain, 0}, one domain per kind
// of draw so no two kinds share words:
//   float uniform  (domain 0): block e / 4, word e % 4; (w >> 8) * 2^-24.
//   float normal   (domain 1): block e / 2, words 2(e%2), 2(e%2)+1 as a
//                              Box-Muller pair.
//   double uniform (domain 2): block e / 2, words 2(e%2) (high), 2(e%2)+1
//                              (low); top 53 bits * 2^-53.
//   double normal  (domain 3): block e; two 53-bit uniforms, Box-Muller.
// Box-Muller: sqrt(-2 ln u1) cos(2 pi u2) with u1 in (0, 1] (24 or 53 bits
// plus one, scaled), computed in double; philox.cc spells out every step.
void PhiloxUniform(uint64_t seed, uint64_t offset, float* out, int64_t n);
void PhiloxUniform(uint64_t seed, uint64_t offset, double* out, int64_t n);
void PhiloxNormal(uint64_t seed, uint64_t offset, float* out, int64_t n);
void PhiloxNormal(uint64_t seed, uint64_t offset, double* out, int64_t n);

// A seed and a running offset: each draw reserves the offsets it consumes.
class Generator {
 public:
  explicit Generator(uint64_t seed = kDefaultSeed) : seed_(seed) {}
  static constexpr uint64_t kDefaultSeed = 67280421310721ull;  // PyTorch's default seed

  // torch.manual_seed: a new seed and offset 0.
  void ManualSeed(uint64_t seed) {
    seed_ = seed;
    offset_ = 0;
  }
  uint64_t seed() const { return seed_; }
  uint64_t offset() const { return offset_; }
  void set_offset(uint64_t offset) { offset_ = offset; }
  // Returns the first offset of a draw of `n` elements and advances past it
  // (rounded up to a multiple of 4 so draws start on a counter boundary).
  uint64_t Reserve(uint64_t n) {
    uint64_t start = offset_;
    offset_ += (n + 3) / 4 * 4;
    return start;
  }

 private:
  uint64_t seed_;
  uint64_t offset_ = 0;
};

// The process-wide generator behind torch.manual_seed / rand / randn.
Generator& DefaultGenerator();

}  // namespace tc::tensor

#endif  // TC_TENSOR_PHILOX_H_
