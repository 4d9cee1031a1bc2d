#include "tc/kernels/stream_stores.h"

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <string>

#include "tc/support/env.h"

namespace tc::kernels {
namespace {

constexpr int64_t kFallbackCacheBytes = int64_t{32} << 20;

// The first line of a sysfs file, or "" when it cannot be read.
std::string ReadLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return "";
  return line;
}

// sysfs's cache size text ("32768K", "1M", "512") in bytes; 0 when
// malformed.
int64_t ParseCacheSize(const std::string& text) {
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (end == text.c_str() || v <= 0) return 0;
  const std::string unit(end);
  if (unit.empty()) return v;
  if (unit == "K") return v << 10;
  if (unit == "M") return v << 20;
  if (unit == "G") return v << 30;
  return 0;
}

// The size of cpu0's highest data or unified cache level, 0 when none can
// be read.
int64_t LastLevelCacheBytes() {
  const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index";
  int best_level = 0;
  int64_t best = 0;
  for (int i = 0; i < 16; ++i) {
    const std::string base = dir + std::to_string(i) + "/";
    const std::string level = ReadLine(base + "level");
    if (level.empty()) break;
    const std::string type = ReadLine(base + "type");
    if (type != "Data" && type != "Unified") continue;
    const int l = std::atoi(level.c_str());
    const int64_t size = ParseCacheSize(ReadLine(base + "size"));
    if (size > 0 && l >= best_level) {
      best_level = l;
      best = size;
    }
  }
  return best;
}

int64_t ComputeMinBytes() {
  absl::StatusOr<int64_t> env = support::GetEnvInt("TC_STREAM_STORES_MIN_BYTES", 0);
  if (env.ok() && *env > 0) return *env;
  const int64_t llc = LastLevelCacheBytes();
  return (llc > 0 ? llc : kFallbackCacheBytes) / 2;
}

std::atomic<int64_t> override_bytes{0};

}  // namespace

int64_t StreamStoresMinBytes() {
  const int64_t set = override_bytes.load(std::memory_order_relaxed);
  if (set > 0) return set;
  static const int64_t bytes = ComputeMinBytes();
  return bytes;
}

void SetStreamStoresMinBytes(int64_t bytes) {
  override_bytes.store(bytes > 0 ? bytes : 0, std::memory_order_relaxed);
}

bool UseStreamStores(int64_t bytes) { return bytes >= StreamStoresMinBytes(); }

}  // namespace tc::kernels
