// PyTorch's CPU generator: seeding, the state bytes and their checks.
#include "tc/tensor/cpu_generator.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstring>

#include "absl/strings/str_cat.h"

#include "tc/support/check.h"

namespace tc::tensor {
namespace {

// Offsets of CPUGeneratorImplStateLegacy's fields, then of the two fields
// CPUGeneratorImplState appends (research/rng.md §1.3).
constexpr size_t kSeedAt = 0, kLeftAt = 8, kSeededAt = 12, kNextAt = 16, kWordsAt = 24;
constexpr size_t kNormalYAt = 5024, kNormalValidAt = 5040;  // normal_x, normal_rho: legacy, 0
constexpr size_t kFloatSampleAt = 5048, kFloatValidAt = 5052;

template <typename T>
void Put(uint8_t* bytes, size_t at, T v) {
  std::memcpy(bytes + at, &v, sizeof(T));  // x86-64 and aarch64 are little-endian
}
template <typename T>
T Get(std::span<const uint8_t> bytes, size_t at) {
  T v;
  std::memcpy(&v, bytes.data() + at, sizeof(T));
  return v;
}

thread_local CpuGenerator* current_generator = nullptr;

}  // namespace

void CpuGenerator::ManualSeed(uint64_t seed) {
  seed_ = seed;
  engine_.Seed(static_cast<uint32_t>(seed));
  next_double_normal_.reset();
  next_float_normal_.reset();
}

uint64_t CpuGenerator::Seed() {
  const uint64_t seed = NonDeterministicSeed();
  ManualSeed(seed);
  return seed;
}

std::array<uint8_t, CpuGenerator::kStateSize> CpuGenerator::GetState() const {
  std::array<uint8_t, kStateSize> out{};
  uint8_t* b = out.data();
  Put<uint64_t>(b, kSeedAt, seed_);
  Put<int32_t>(b, kLeftAt, engine_.left());
  Put<int32_t>(b, kSeededAt, 1);
  Put<uint64_t>(b, kNextAt, static_cast<uint64_t>(engine_.next()));
  const auto words = engine_.state();
  for (int i = 0; i < support::MT19937::kN; ++i) {
    Put<uint64_t>(b, kWordsAt + 8 * static_cast<size_t>(i), words[i]);
  }
  // normal_x and normal_rho are legacy fields, always 0.
  Put<double>(b, kNormalYAt, next_double_normal_.value_or(0.0));
  Put<int32_t>(b, kNormalValidAt, next_double_normal_.has_value() ? 1 : 0);
  Put<float>(b, kFloatSampleAt, next_float_normal_.value_or(0.0f));
  Put<uint8_t>(b, kFloatValidAt, next_float_normal_.has_value() ? 1 : 0);
  return out;
}

absl::Status CpuGenerator::SetState(std::span<const uint8_t> bytes) {
  // PyTorch 2.15 no longer reads the older, 5048-byte legacy layout.
  if (bytes.size() != kStateSize) {
    return absl::InvalidArgumentError(
        absl::StrCat("Expected a CPUGeneratorImplState of size ", kStateSize,
                     " but found the input RNG state size to be ", bytes.size()));
  }
  std::optional<double> double_sample;
  std::optional<float> float_sample;
  if (Get<int32_t>(bytes, kNormalValidAt) != 0) double_sample = Get<double>(bytes, kNormalYAt);
  if (Get<uint8_t>(bytes, kFloatValidAt) != 0) float_sample = Get<float>(bytes, kFloatSampleAt);
  const int32_t left = Get<int32_t>(bytes, kLeftAt);
  const int32_t seeded = Get<int32_t>(bytes, kSeededAt);
  // mt19937_data_pod keeps next_ as uint32: the high half is dropped.
  const uint32_t next = static_cast<uint32_t>(Get<uint64_t>(bytes, kNextAt));
  if (seeded == 0 || left <= 0 || left > support::MT19937::kN ||
      next > static_cast<uint32_t>(support::MT19937::kN)) {
    return absl::InvalidArgumentError("Invalid mt19937 state");
  }
  seed_ = Get<uint64_t>(bytes, kSeedAt);
  auto words = engine_.state();
  for (int i = 0; i < support::MT19937::kN; ++i) {
    words[i] = static_cast<uint32_t>(Get<uint64_t>(bytes, kWordsAt + 8 * static_cast<size_t>(i)));
  }
  engine_.set_left_next(left, static_cast<int>(next));
  next_double_normal_ = double_sample;
  next_float_normal_ = float_sample;
  return absl::OkStatus();
}

uint64_t NonDeterministicSeed() {
  uint64_t value = 0;
  const int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  TC_CHECK(fd >= 0) << "Unable to open /dev/urandom";
  const ssize_t n = read(fd, &value, sizeof(value));
  close(fd);
  TC_CHECK(n == static_cast<ssize_t>(sizeof(value))) << "Unable to read from /dev/urandom";
  return value;
}

CpuGenerator& DefaultCpuGenerator() {
  static CpuGenerator* generator = new CpuGenerator(NonDeterministicSeed());
  return *generator;
}

CpuGenerator& CurrentCpuGenerator() {
  return current_generator != nullptr ? *current_generator : DefaultCpuGenerator();
}

ScopedCpuGenerator::ScopedCpuGenerator(CpuGenerator* generator) : previous_(current_generator) {
  current_generator = generator;
}
ScopedCpuGenerator::~ScopedCpuGenerator() { current_generator = previous_; }

}  // namespace tc::tensor
