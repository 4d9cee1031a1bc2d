// PyTorch's CPU random generator (at::CPUGeneratorImpl): a Mersenne Twister
// seeded with the low 32 bits of a stored 64-bit seed, 32- and 64-bit raw
// draws, the cached second Box-Muller sample, and the 5056-byte state of
// torch.get_rng_state(). Every CPU random kernel draws from one of these, so
// the same seed gives PyTorch's numbers bit for bit. (The Philox generator of
// philox.h is kept for CUDA devices, whose PyTorch generator is Philox.)
//
// Which generator a kernel uses: graph ops have no argument that could hold
// a generator object (graph constants are plain values), and a compiled
// graph must draw from the same generator the eager code would. So kernels
// draw from CurrentCpuGenerator(): the process-wide default generator,
// unless a ScopedCpuGenerator on the calling thread names another one for
// the duration of one call (how `generator=` reaches the kernels). A traced
// call with `generator=` is not put into a graph.
#ifndef TC_TENSOR_CPU_GENERATOR_H_
#define TC_TENSOR_CPU_GENERATOR_H_

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>

#include "absl/status/status.h"

#include "tc/support/mt19937.h"

namespace tc::tensor {

class CpuGenerator {
 public:
  // c10's default_rng_seed_val: the seed of a fresh torch.Generator().
  static constexpr uint64_t kDefaultSeed = 67280421310721ull;
  // sizeof(CPUGeneratorImplState).
  static constexpr size_t kStateSize = 5056;

  explicit CpuGenerator(uint64_t seed = kDefaultSeed) { ManualSeed(seed); }

  // set_current_seed: reseeds the engine and clears both normal caches.
  void ManualSeed(uint64_t seed);
  // GeneratorImpl::seed(): a non-deterministic seed (8 bytes of
  // /dev/urandom), set as by ManualSeed and returned.
  uint64_t Seed();
  uint64_t initial_seed() const { return seed_; }

  // One engine output; two outputs, the first as the high word.
  uint32_t Random() { return engine_.Next(); }
  uint64_t Random64() {
    const uint64_t hi = engine_.Next();
    return (hi << 32) | engine_.Next();
  }
  // n engine outputs, as n calls of Random().
  void Fill(uint32_t* out, size_t n) { engine_.Fill(out, n); }

  // The second sample of the last double Box-Muller pair (the scalar normal
  // path), and the float cache that the CPU kernels never fill but the
  // state carries.
  std::optional<double>& next_double_normal_sample() { return next_double_normal_; }
  std::optional<float>& next_float_normal_sample() { return next_float_normal_; }

  // torch.get_rng_state() / Generator.get_state(): CPUGeneratorImplState,
  // little-endian (see research/rng.md §1.3).
  std::array<uint8_t, kStateSize> GetState() const;
  // set_state: PyTorch's errors for another size or an invalid engine
  // state. The generator is unchanged on error.
  absl::Status SetState(std::span<const uint8_t> bytes);

  // Kernels hold this while they draw, as ATen's do.
  std::mutex& mutex() { return mutex_; }

  support::MT19937& engine() { return engine_; }

 private:
  uint64_t seed_ = kDefaultSeed;
  support::MT19937 engine_;
  std::optional<double> next_double_normal_;
  std::optional<float> next_float_normal_;
  std::mutex mutex_;
};

// 8 bytes of /dev/urandom (c10::detail::getNonDeterministicRandom on Linux).
uint64_t NonDeterministicSeed();

// The process-wide default generator (torch.default_generator), seeded
// non-deterministically when first used, as PyTorch's is at start-up.
CpuGenerator& DefaultCpuGenerator();

// The generator kernels draw from on this thread: the innermost
// ScopedCpuGenerator's, else the default one.
CpuGenerator& CurrentCpuGenerator();

// Makes `generator` the current one on this thread for its lifetime.
class ScopedCpuGenerator {
 public:
  explicit ScopedCpuGenerator(CpuGenerator* generator);
  ~ScopedCpuGenerator();
  ScopedCpuGenerator(const ScopedCpuGenerator&) = delete;
  ScopedCpuGenerator& operator=(const ScopedCpuGenerator&) = delete;

 private:
  CpuGenerator* previous_;
};

}  // namespace tc::tensor

#endif  // TC_TENSOR_CPU_GENERATOR_H_
