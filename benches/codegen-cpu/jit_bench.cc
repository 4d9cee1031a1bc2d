// What compiling, loading and running generated code costs: a compile of a
// small Highway kernel with an empty cache directory (the precompiled
// header built first), with the header already there, without any header,
// an in-memory cache hit, and ProgramRunner's per-call overhead on a tiny
// program (what a compiled graph adds to each call beyond its kernels).
#include <stdlib.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "benchmark/benchmark.h"

#include "tc/codegen_cpu/compile.h"
#include "tc/codegen_cpu/runner.h"

namespace tc::codegen_cpu {

constexpr std::string_view kKernel = R"(#include <cstdint>
#include "hwy/highway.h"
#include "hwy/contrib/math/math-inl.h"
namespace hn = hwy::HWY_NAMESPACE;
extern "C" {
struct KernelRuntime;
void exp_kernel(char* const* b, const KernelRuntime*) {
  const hn::ScalableTag<float> d;
  const float* x = (const float*)b[0]; float* o = (float*)b[1];
  for (int64_t i = 0; i + (int64_t)hn::Lanes(d) <= 4096; i += hn::Lanes(d))
    hn::StoreU(hn::Exp(d, hn::LoadU(d, x + i)), d, o + i);
}
void tiny_add(char* const* b, const KernelRuntime*) {
  const float* x = (const float*)b[0]; const float* y = (const float*)b[1]; float* o = (float*)b[2];
  for (int i = 0; i < 4; ++i) o[i] = x[i] + y[i];
}
}
)";

// A source no earlier iteration compiled (the in-memory cache would answer).
std::string FreshSource() {
  static std::atomic<int> n{0};
  return std::string(kKernel) + "// variant " + std::to_string(n++) + " pid " +
         std::to_string(getpid()) + "\n";
}

std::string FreshCacheDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "tc-jit-bench-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) std::abort();
  return pattern;
}

// Every benchmark's cache directory unless it makes its own (then it
// restores this one): never the user's ~/.cache/tc.
std::string& BenchCacheDir() {
  static std::string dir;
  return dir;
}
void UseBenchCacheDir() { setenv("TC_CACHE_DIR", BenchCacheDir().c_str(), 1); }

void Compile(benchmark::State& state, const std::string& source) {
  absl::StatusOr<std::shared_ptr<LoadedModule>> m = CompileAndLoad(source);
  if (!m.ok()) state.SkipWithError(std::string(m.status().message()).c_str());
}

// Empty cache directory: builds the precompiled header, then compiles.
void BM_ColdCompileBuildingPch(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    std::string dir = FreshCacheDir();
    setenv("TC_CACHE_DIR", dir.c_str(), 1);
    std::string source = FreshSource();
    state.ResumeTiming();
    Compile(state, source);
    state.PauseTiming();
    std::filesystem::remove_all(dir);
    state.ResumeTiming();
  }
  UseBenchCacheDir();
}
BENCHMARK(BM_ColdCompileBuildingPch)->Unit(benchmark::kMillisecond)->Iterations(3);

// The header already built: what each new graph costs.
void BM_CompileWithPch(benchmark::State& state) {
  std::string dir = FreshCacheDir();
  setenv("TC_CACHE_DIR", dir.c_str(), 1);
  Compile(state, FreshSource());  // builds the header
  for (auto _ : state) {
    state.PauseTiming();
    std::string source = FreshSource();
    state.ResumeTiming();
    Compile(state, source);
  }
  std::filesystem::remove_all(dir);
  UseBenchCacheDir();
}
BENCHMARK(BM_CompileWithPch)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_CompileWithoutPch(benchmark::State& state) {
  setenv("TC_CODEGEN_PCH", "0", 1);
  for (auto _ : state) {
    state.PauseTiming();
    std::string source = FreshSource();
    state.ResumeTiming();
    Compile(state, source);
  }
  unsetenv("TC_CODEGEN_PCH");
}
BENCHMARK(BM_CompileWithoutPch)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_MemoryCacheHit(benchmark::State& state) {
  std::string source = FreshSource();
  Compile(state, source);
  for (auto _ : state) Compile(state, source);
}
BENCHMARK(BM_MemoryCacheHit)->Unit(benchmark::kMicrosecond);

// in0 + in1 -> out2, 4 floats: nearly all of a call is the runner's own work.
Program TinyProgram() {
  auto buf = [](std::string name, Buffer::Role role, int input) {
    return Buffer{.name = std::move(name),
                  .role = role,
                  .dtype = DType::kFloat32,
                  .sizes = {Sym::Const(4)},
                  .strides = {Sym::Const(1)},
                  .offset = Sym::Const(0),
                  .input_index = input};
  };
  Program p;
  p.buffers = {buf("in0", Buffer::Role::kInput, 0), buf("in1", Buffer::Role::kInput, 1),
               buf("out2", Buffer::Role::kOutput, -1)};
  Sym i0 = Sym::Var("i0", 4);
  p.nodes = {Node{
      .buffer = 2,
      .body = Pointwise{
          .ranges = {Sym::Const(4)}, .store = {i0}, .value = MakeLoad(0, {i0}, DType::kFloat32)}}};
  p.kernels = {Kernel{.name = "tiny_add", .outer = {Sym::Const(4)}, .nodes = {0}}};
  p.graph_outputs = {2};
  return p;
}

void BM_RunnerCall(benchmark::State& state) {
  absl::StatusOr<std::shared_ptr<LoadedModule>> m = CompileAndLoad(kKernel);
  if (!m.ok()) return state.SkipWithError(std::string(m.status().message()).c_str());
  absl::StatusOr<ProgramRunner> runner = ProgramRunner::Create(TinyProgram(), *m);
  if (!runner.ok()) return state.SkipWithError(std::string(runner.status().message()).c_str());
  std::vector<tensor::Tensor> inputs = {
      tensor::Tensor::Zeros(std::vector<int64_t>{4}, DType::kFloat32),
      tensor::Tensor::Zeros(std::vector<int64_t>{4}, DType::kFloat32)};
  for (auto _ : state) {
    absl::StatusOr<std::vector<tensor::Tensor>> out = runner->Run(inputs);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_RunnerCall);

// Prepare + run every call: what RunProgram costs without a kept runner.
void BM_RunProgramCall(benchmark::State& state) {
  absl::StatusOr<std::shared_ptr<LoadedModule>> m = CompileAndLoad(kKernel);
  if (!m.ok()) return state.SkipWithError(std::string(m.status().message()).c_str());
  Program program = TinyProgram();
  std::vector<tensor::Tensor> inputs = {
      tensor::Tensor::Zeros(std::vector<int64_t>{4}, DType::kFloat32),
      tensor::Tensor::Zeros(std::vector<int64_t>{4}, DType::kFloat32)};
  for (auto _ : state) {
    absl::StatusOr<std::vector<tensor::Tensor>> out = RunProgram(program, **m, inputs);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_RunProgramCall);

}  // namespace tc::codegen_cpu

int main(int argc, char** argv) {
  using tc::codegen_cpu::BenchCacheDir;
  BenchCacheDir() = tc::codegen_cpu::FreshCacheDir();
  tc::codegen_cpu::UseBenchCacheDir();
  // Not the build's precompiled headers: the cold benchmarks build their own
  // (codegen_cpu_rows_bench times compiles that use the build's).
  setenv("TC_CODEGEN_PCH_BUILD_ROOT", "", 1);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::filesystem::remove_all(BenchCacheDir());
  return 0;
}
