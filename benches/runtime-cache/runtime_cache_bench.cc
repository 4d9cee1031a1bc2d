// The disk store's paths a compiled graph pays for: BM_LookupHit is the
// warm path (a new process finding its kernel: open, read the trailer,
// read and hash the payload, return the path) for a 100 KB artifact, the
// size of a typical generated shared object; BM_LookupMiss an absent key;
// BM_Insert a store of the same artifact (temporary file, fsync, rename);
// BM_Xxh64 the checksum alone. The store lives in a fresh directory under
// $TMPDIR (the page cache holds it, as it does for a warm process).
#include <unistd.h>

#include <filesystem>
#include <string>

#include <benchmark/benchmark.h>

#include "tc/runtime_cache/disk_store.h"
#include "tc/runtime_cache/xxh64.h"

namespace tc::runtime_cache {
namespace {

namespace fs = std::filesystem;

constexpr char kKey[] = "0123456789abcdef0123456789abcdef";
constexpr size_t kArtifactBytes = 100 * 1024;

std::string Artifact(size_t n) {
  std::string s(n, '\0');
  uint32_t x = 12345;
  for (char& c : s) {
    x = x * 1664525u + 1013904223u;
    c = static_cast<char>(x >> 24);
  }
  return s;
}

// A store in a fresh temporary directory, removed afterwards.
struct TempStore {
  TempStore() {
    std::string pattern = (fs::temp_directory_path() / "tc_store_bench_XXXXXX").string();
    dir = mkdtemp(pattern.data());
  }
  ~TempStore() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string dir;
};

void BM_LookupHit(benchmark::State& state) {
  TempStore tmp;
  DiskStore store(tmp.dir);
  if (!store.Insert(kKey, Artifact(kArtifactBytes)).ok()) {
    state.SkipWithError("insert failed");
    return;
  }
  for (auto _ : state) {
    std::optional<std::string> path = store.Lookup(kKey);
    if (!path) {
      state.SkipWithError("lookup missed");
      return;
    }
    benchmark::DoNotOptimize(path);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kArtifactBytes);
}
BENCHMARK(BM_LookupHit)->Unit(benchmark::kMicrosecond);

void BM_LookupMiss(benchmark::State& state) {
  TempStore tmp;
  DiskStore store(tmp.dir);
  for (auto _ : state) {
    std::optional<std::string> path = store.Lookup(kKey);
    benchmark::DoNotOptimize(path);
  }
}
BENCHMARK(BM_LookupMiss)->Unit(benchmark::kMicrosecond);

void BM_Insert(benchmark::State& state) {
  TempStore tmp;
  DiskStore store(tmp.dir);
  const std::string bytes = Artifact(kArtifactBytes);
  const std::string path = store.PathFor(kKey).value();
  for (auto _ : state) {
    // An intact entry is kept without writing; remove it to measure a write.
    state.PauseTiming();
    unlink(path.c_str());
    state.ResumeTiming();
    if (!store.Insert(kKey, bytes).ok()) {
      state.SkipWithError("insert failed");
      return;
    }
  }
}
BENCHMARK(BM_Insert)->Unit(benchmark::kMicrosecond);

void BM_Xxh64(benchmark::State& state) {
  const std::string bytes = Artifact(kArtifactBytes);
  for (auto _ : state) benchmark::DoNotOptimize(Xxh64(bytes));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kArtifactBytes);
}
BENCHMARK(BM_Xxh64)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tc::runtime_cache

BENCHMARK_MAIN();
