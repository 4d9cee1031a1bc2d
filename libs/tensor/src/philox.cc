// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2,
// 3", SC'11) and the mapping from its words to uniform and normal values.
//
// The stream layout, which generated kernels must reproduce exactly:
//   key     = {seed & 0xffffffff, seed >> 32}
//   counter = {block & 0xffffffff, block >> 32, domain, 0}
// where `domain` keeps the four kinds of draw on disjoint counters:
//   domain 0, float uniform:  element e uses block e / 4, word e % 4;
//                             u = (word >> 8) * 2^-24, in [0, 1).
//   domain 1, float normal:   element e uses block e / 2, words 2(e % 2) and
//                             2(e % 2) + 1 as Box-Muller inputs (a, b).
//   domain 2, double uniform: element e uses block e / 2, words 2(e % 2)
//                             (high) and 2(e % 2) + 1 (low);
//                             u = (((hi << 32) | lo) >> 11) * 2^-53.
//   domain 3, double normal:  element e uses block e, words 0-1 as a 53-bit
//                             u1 and words 2-3 as a 53-bit u2.
// Box-Muller: z = sqrt(-2 ln u1) * cos(2 pi u2), with u1 taken from (0, 1]
// (the integer plus one, scaled) so the log is finite; computed in double and
// rounded once for float.
#include "tc/tensor/philox.h"

#include <cmath>
#include <numbers>

namespace tc::tensor {
namespace {

constexpr uint32_t kMul0 = 0xD2511F53u;
constexpr uint32_t kMul1 = 0xCD9E8D57u;
constexpr uint32_t kWeyl0 = 0x9E3779B9u;
constexpr uint32_t kWeyl1 = 0xBB67AE85u;

enum Domain : uint32_t {
  kFloatUniform = 0,
  kFloatNormal = 1,
  kDoubleUniform = 2,
  kDoubleNormal = 3,
};

std::array<uint32_t, 4> Block(uint64_t seed, uint64_t block, uint32_t domain) {
  return Philox4x32({static_cast<uint32_t>(block), static_cast<uint32_t>(block >> 32), domain, 0},
                    {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)});
}

double Uniform24(uint32_t w) { return static_cast<double>(w >> 8) * 0x1.0p-24; }
// In (0, 1]: never zero, for the logarithm.
double Uniform24Open(uint32_t w) { return static_cast<double>((w >> 8) + 1) * 0x1.0p-24; }
uint64_t Bits53(uint32_t hi, uint32_t lo) { return ((static_cast<uint64_t>(hi) << 32) | lo) >> 11; }
double Uniform53(uint32_t hi, uint32_t lo) {
  return static_cast<double>(Bits53(hi, lo)) * 0x1.0p-53;
}
double Uniform53Open(uint32_t hi, uint32_t lo) {
  return static_cast<double>(Bits53(hi, lo) + 1) * 0x1.0p-53;
}

double BoxMuller(double u1, double u2) {
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

}  // namespace

std::array<uint32_t, 4> Philox4x32(std::array<uint32_t, 4> counter, std::array<uint32_t, 2> key) {
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      key[0] += kWeyl0;
      key[1] += kWeyl1;
    }
    uint64_t p0 = static_cast<uint64_t>(kMul0) * counter[0];
    uint64_t p1 = static_cast<uint64_t>(kMul1) * counter[2];
    uint32_t hi0 = static_cast<uint32_t>(p0 >> 32), lo0 = static_cast<uint32_t>(p0);
    uint32_t hi1 = static_cast<uint32_t>(p1 >> 32), lo1 = static_cast<uint32_t>(p1);
    counter = {hi1 ^ counter[1] ^ key[0], lo1, hi0 ^ counter[3] ^ key[1], lo0};
  }
  return counter;
}

void PhiloxUniform(uint64_t seed, uint64_t offset, float* out, int64_t n) {
  for (int64_t i = 0; i < n;) {
    uint64_t e = offset + static_cast<uint64_t>(i);
    std::array<uint32_t, 4> w = Block(seed, e / 4, kFloatUniform);
    // Use every remaining word of this block before computing the next.
    for (uint64_t word = e % 4; word < 4 && i < n; ++word, ++i) {
      out[i] = static_cast<float>(Uniform24(w[word]));
    }
  }
}

void PhiloxUniform(uint64_t seed, uint64_t offset, double* out, int64_t n) {
  for (int64_t i = 0; i < n;) {
    uint64_t e = offset + static_cast<uint64_t>(i);
    std::array<uint32_t, 4> w = Block(seed, e / 2, kDoubleUniform);
    for (uint64_t half = e % 2; half < 2 && i < n; ++half, ++i) {
      out[i] = Uniform53(w[2 * half], w[2 * half + 1]);
    }
  }
}

void PhiloxNormal(uint64_t seed, uint64_t offset, float* out, int64_t n) {
  for (int64_t i = 0; i < n;) {
    uint64_t e = offset + static_cast<uint64_t>(i);
    std::array<uint32_t, 4> w = Block(seed, e / 2, kFloatNormal);
    for (uint64_t half = e % 2; half < 2 && i < n; ++half, ++i) {
      out[i] =
          static_cast<float>(BoxMuller(Uniform24Open(w[2 * half]), Uniform24(w[2 * half + 1])));
    }
  }
}

void PhiloxNormal(uint64_t seed, uint64_t offset, double* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    std::array<uint32_t, 4> w = Block(seed, offset + static_cast<uint64_t>(i), kDoubleNormal);
    out[i] = BoxMuller(Uniform53Open(w[0], w[1]), Uniform53(w[2], w[3]));
  }
}

Generator& DefaultGenerator() {
  static Generator* generator = new Generator();
  return *generator;
}

}  // namespace tc::tensor
