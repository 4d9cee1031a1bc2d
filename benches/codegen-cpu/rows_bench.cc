// Issue 13's rows as Google Benchmarks: the FAQ toy at 16M float32 (its two
// graphs), softmax and layer_norm over [4096, 1024], the 5-op pointwise
// chain at 16M, the GELU MLP 256x784 -> 512 -> 10 and the GPT-style and
// ResNet-style zoo forwards, each as the graphs tc-run captures from
// benches/issue13_timing.py (graphs/*.tcir, TORCH_COMPILE_DEBUG's
// graph.txt). Per row:
//   BM_Run/<row>          a compiled call (GeneratedGraph::Run), steady state;
//   BM_Pipeline/<row>     GeneratedGraph::Compile with the code in memory:
//                         decompose, lower, schedule, emit, key, runner;
//   BM_ColdCompile/<row>  CompileAndLoad of each graph's source with an
//                         empty cache directory (the build's precompiled
//                         headers, as a user's first process has them);
//   BM_ColdCompileNoPch/<row>  the same with nothing at all: the
//                         precompiled header is built first;
//   BM_WarmCompile/<row>  CompileAndLoad answered by the disk cache (no
//                         in-memory cache: what a new process pays).
// Inputs are pseudo-random floats (integers 0: valid token ids).
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"

#include "tc/codegen_cpu/codegen.h"
#include "tc/codegen_cpu/compile.h"
#include "tc/graph_ir/text_format.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu {
namespace {

struct Row {
  const char* name;
  std::vector<const char*> graphs;  // files under graphs/, run in order
};

const std::vector<Row>& Rows() {
  static const auto* rows = new std::vector<Row>{
      {"toy_16M", {"toy_16M.tcir", "toy_16M_resume.tcir"}},
      {"softmax_4096x1024", {"softmax_4096x1024.tcir"}},
      {"layer_norm_4096", {"layer_norm_4096.tcir"}},
      {"chain5_16M", {"chain5_16M.tcir"}},
      {"mlp_256x784", {"mlp_256x784.tcir"}},
      {"gpt_forward", {"gpt_forward.tcir"}},
      {"resnet_forward", {"resnet_forward.tcir"}},
  };
  return *rows;
}

absl::StatusOr<graph_ir::Graph> LoadGraph(const std::string& file) {
  std::ifstream in(std::string(TC_ROWS_GRAPH_DIR) + "/" + file);
  if (!in) return absl::NotFoundError("cannot read " + file);
  std::stringstream text;
  text << in.rdbuf();
  return graph_ir::ParseGraph(text.str());
}

std::vector<tensor::Tensor> Inputs(const graph_ir::Graph& graph) {
  std::vector<tensor::Tensor> inputs;
  uint32_t state = 12345;
  for (const graph_ir::Value* v : graph.inputs()) {
    tensor::Tensor t = tensor::Tensor::Zeros(v->meta().sizes, v->meta().dtype);
    if (v->meta().dtype == DType::kFloat32) {
      float* p = t.data<float>();
      for (int64_t i = 0; i < t.numel(); ++i) {
        state = state * 1664525u + 1013904223u;
        p[i] = static_cast<float>(state >> 8) / 8388608.0f - 1.0f;
      }
    }
    inputs.push_back(std::move(t));
  }
  return inputs;
}

// A row's graphs, parsed once per process.
struct Loaded {
  std::vector<graph_ir::Graph> graphs;
  std::vector<std::vector<tensor::Tensor>> inputs;
  std::vector<std::string> sources;  // generated C++ ("" when all extern)
};

absl::StatusOr<const Loaded*> Load(const Row& row) {
  static auto* cache = new std::map<std::string, std::unique_ptr<Loaded>>;
  std::unique_ptr<Loaded>& slot = (*cache)[row.name];
  if (slot) return slot.get();
  auto loaded = std::make_unique<Loaded>();
  for (const char* file : row.graphs) {
    absl::StatusOr<graph_ir::Graph> g = LoadGraph(file);
    if (!g.ok()) return g.status();
    loaded->inputs.push_back(Inputs(*g));
    absl::StatusOr<std::shared_ptr<GeneratedGraph>> compiled = GeneratedGraph::Compile(*g);
    if (!compiled.ok()) return compiled.status();
    loaded->sources.push_back((*compiled)->artifacts().source);
    loaded->graphs.push_back(*std::move(g));
  }
  slot = std::move(loaded);
  return slot.get();
}

std::string FreshCacheDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "tc-rows-bench-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) std::abort();
  return pattern;
}

void BM_Run(benchmark::State& state, const Row& row) {
  absl::StatusOr<const Loaded*> loaded = Load(row);
  if (!loaded.ok()) return state.SkipWithError(std::string(loaded.status().message()).c_str());
  std::vector<std::shared_ptr<GeneratedGraph>> compiled;
  for (const graph_ir::Graph& g : (*loaded)->graphs) {
    absl::StatusOr<std::shared_ptr<GeneratedGraph>> c = GeneratedGraph::Compile(g);
    if (!c.ok()) return state.SkipWithError(std::string(c.status().message()).c_str());
    compiled.push_back(*c);
  }
  for (auto _ : state) {
    for (size_t i = 0; i < compiled.size(); ++i) {
      absl::StatusOr<std::vector<tensor::Tensor>> out = compiled[i]->Run((*loaded)->inputs[i]);
      if (!out.ok()) return state.SkipWithError(std::string(out.status().message()).c_str());
      benchmark::DoNotOptimize(out);
    }
  }
}

void BM_Pipeline(benchmark::State& state, const Row& row) {
  absl::StatusOr<const Loaded*> loaded = Load(row);
  if (!loaded.ok()) return state.SkipWithError(std::string(loaded.status().message()).c_str());
  for (auto _ : state) {
    for (const graph_ir::Graph& g : (*loaded)->graphs) {
      absl::StatusOr<std::shared_ptr<GeneratedGraph>> c = GeneratedGraph::Compile(g);
      if (!c.ok()) return state.SkipWithError(std::string(c.status().message()).c_str());
      benchmark::DoNotOptimize(c);
    }
  }
}

// CompileAndLoad of the row's sources, bypassing the in-memory cache.
bool CompileSources(benchmark::State& state, const Loaded& loaded) {
  for (const std::string& source : loaded.sources) {
    if (source.empty()) continue;
    absl::StatusOr<std::shared_ptr<LoadedModule>> m =
        CompileAndLoad(source, CompileOptions{.memory_cache = false});
    if (!m.ok()) {
      state.SkipWithError(std::string(m.status().message()).c_str());
      return false;
    }
  }
  return true;
}

// Each iteration in a new cache directory; `pch_root` is the build's
// precompiled headers' directory to use ("": none).
void ColdCompile(benchmark::State& state, const Row& row, const char* pch_root) {
  absl::StatusOr<const Loaded*> loaded = Load(row);
  if (!loaded.ok()) return state.SkipWithError(std::string(loaded.status().message()).c_str());
  const char* old_root = std::getenv("TC_CODEGEN_PCH_BUILD_ROOT");
  const std::string saved_root = old_root ? old_root : "";
  if (pch_root != nullptr) setenv("TC_CODEGEN_PCH_BUILD_ROOT", pch_root, 1);
  for (auto _ : state) {
    state.PauseTiming();
    std::string dir = FreshCacheDir();
    setenv("TC_CACHE_DIR", dir.c_str(), 1);
    state.ResumeTiming();
    bool ok = CompileSources(state, **loaded);
    state.PauseTiming();
    std::filesystem::remove_all(dir);
    state.ResumeTiming();
    if (!ok) break;
  }
  if (pch_root == nullptr) return;
  if (old_root) {
    setenv("TC_CODEGEN_PCH_BUILD_ROOT", saved_root.c_str(), 1);
  } else {
    unsetenv("TC_CODEGEN_PCH_BUILD_ROOT");
  }
}

void BM_ColdCompile(benchmark::State& state, const Row& row) { ColdCompile(state, row, nullptr); }
void BM_ColdCompileNoPch(benchmark::State& state, const Row& row) { ColdCompile(state, row, ""); }

void BM_WarmCompile(benchmark::State& state, const Row& row) {
  absl::StatusOr<const Loaded*> loaded = Load(row);
  if (!loaded.ok()) return state.SkipWithError(std::string(loaded.status().message()).c_str());
  std::string dir = FreshCacheDir();
  setenv("TC_CACHE_DIR", dir.c_str(), 1);
  if (CompileSources(state, **loaded)) {  // fills the disk cache
    for (auto _ : state) {
      if (!CompileSources(state, **loaded)) break;
    }
  }
  std::filesystem::remove_all(dir);
}

void RegisterRows() {
  for (const Row& row : Rows()) {
    const std::string name = row.name;
    benchmark::RegisterBenchmark(("BM_Run/" + name).c_str(), BM_Run, row)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("BM_Pipeline/" + name).c_str(), BM_Pipeline, row)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_ColdCompile/" + name).c_str(), BM_ColdCompile, row)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(3);
    benchmark::RegisterBenchmark(("BM_ColdCompileNoPch/" + name).c_str(), BM_ColdCompileNoPch, row)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(2);
    benchmark::RegisterBenchmark(("BM_WarmCompile/" + name).c_str(), BM_WarmCompile, row)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
}

}  // namespace
}  // namespace tc::codegen_cpu

int main(int argc, char** argv) {
  // Never the user's ~/.cache/tc: a directory of this run (each cold and
  // warm benchmark makes its own).
  std::string dir = tc::codegen_cpu::FreshCacheDir();
  setenv("TC_CACHE_DIR", dir.c_str(), 1);
  tc::codegen_cpu::RegisterRows();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::filesystem::remove_all(dir);
  return 0;
}
