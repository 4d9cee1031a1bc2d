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

// Uniform floats in [0, 1) and standard normals for elements
// [offset, offset + n) of the stream `seed`. Element i uses counter
// (offset + i) / 4, word (offset + i) % 4 (normals use a Box-Muller pair of
// words per element), so splitting a draw into chunks gives the same values.
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
