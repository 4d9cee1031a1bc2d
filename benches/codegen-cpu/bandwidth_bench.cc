// Memory bandwidth of large row kernels and copies (issue 13's figure:
// softmax and layer_norm over [4096, 1024] float32 at >= 0.85 x a memcpy's
// bandwidth). Every case runs in one process with ordinary stores (mode 0)
// and with streaming stores (mode 1; kernels::SetStreamStoresMinBytes
// forces the choice, so only the store instructions differ), over sizes
// from cache-resident to far beyond the last-level cache. On a shared,
// noisy machine run it with
//   --benchmark_repetitions=20 --benchmark_enable_random_interleaving=true
//   --benchmark_report_aggregates_only=true
// and read the `min` rows: repetitions interleaved across all cases, so a
// busy spell slows both modes alike and the min finds the quiet ones. Bytes
// processed are the ideal traffic: the input read once, the output
// written once.
//   BM_Memcpy/<MiB>/<threads>   glibc memcpy (1 thread, or split over the
//                               pool's threads as CopyInto splits)
//   BM_Read/<MiB>               eager sum: the read bandwidth alone
//   BM_CopyInto/<MiB>/<mode>    tc's copy_ (kernels::CopyInto)
//   BM_Eager/<op>/<rows>/<mode> softmax, log_softmax, layer_norm over
//                               [rows, 1024] through kernels::Call
//   BM_EagerThenSum/<rows>/<mode>  softmax, then a sum of its output: what
//                               streaming costs when the output is read
//                               again at once
//   BM_Compiled/<op>/<rows>/<mode> the same ops compiled by codegen-cpu
//   BM_CompiledGraph/<row>/<mode> the toy and chain5 graphs at 16M
//                               (benches/codegen-cpu/graphs)
// Without hardware counters (perf stat has none in this VM) the cause shows
// as the difference between the modes: the same work, one fewer read of
// each output line.
#include <stdlib.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "benchmark/benchmark.h"

#include "tc/codegen_cpu/codegen.h"
#include "tc/graph_ir/text_format.h"
#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/copy.h"
#include "tc/kernels/eager.h"
#include "tc/kernels/stream_stores.h"
#include "tc/kernels/thread_pool.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu {
namespace {

using graph_ir::Constant;
using kernels::KernelArg;
using tensor::DType;
using tensor::Scalar;
using tensor::Shape;
using tensor::Tensor;

constexpr int64_t kCols = 1024;
constexpr int64_t kMiB = int64_t{1} << 20;

Tensor Random(const Shape& sizes) {
  kernels::InstallCachingAllocator();
  Tensor t = Tensor::Empty(sizes, DType::kFloat32);
  float* p = t.data<float>();
  uint32_t state = 12345;
  for (int64_t i = 0; i < t.numel(); ++i) {
    state = state * 1664525u + 1013904223u;
    p[i] = static_cast<float>(state >> 8) / 2097152.0f - 4.0f;
  }
  return t;
}

// Mode 1 streams every output, mode 0 none, for the benchmark's duration.
class ForceMode {
 public:
  explicit ForceMode(int64_t mode) {
    kernels::SetStreamStoresMinBytes(mode ? 1 : std::numeric_limits<int64_t>::max());
  }
  ~ForceMode() { kernels::SetStreamStoresMinBytes(0); }
};

void Finish(benchmark::State& state, int64_t bytes) {
  state.SetBytesProcessed(state.iterations() * bytes);
}

void BM_Memcpy(benchmark::State& state) {
  const int64_t bytes = state.range(0) * kMiB;
  Tensor in = Random(Shape{bytes / 4}), out = Random(Shape{bytes / 4});
  const char* src = static_cast<const char*>(in.raw_data());
  char* dst = static_cast<char*>(out.raw_data());
  for (auto _ : state) {
    if (state.range(1) == 1) {
      std::memcpy(dst, src, bytes);
    } else {
      kernels::ParallelFor(bytes, 32768 * 4,
                           [&](int64_t b, int64_t e) { std::memcpy(dst + b, src + b, e - b); });
    }
    benchmark::DoNotOptimize(dst);
  }
  Finish(state, 2 * bytes);
}

void BM_Read(benchmark::State& state) {
  Tensor in = Random(Shape{state.range(0) * kMiB / 4});
  for (auto _ : state) {
    auto r = kernels::Call1("sum", {in, Constant(graph_ir::None{})});
    benchmark::DoNotOptimize(r);
  }
  Finish(state, in.numel() * 4);
}

void BM_CopyInto(benchmark::State& state) {
  ForceMode mode(state.range(1));
  const int64_t n = state.range(0) * kMiB / 4;
  Tensor in = Random(Shape{n / kCols, kCols}), out = Random(Shape{n / kCols, kCols});
  for (auto _ : state) {
    absl::Status s = kernels::CopyInto(out, in);
    benchmark::DoNotOptimize(s);
  }
  Finish(state, 2 * n * 4);
}

// The op's eager arguments over x (layer_norm's weight and bias random).
std::vector<KernelArg> OpArgs(const std::string& op, const Tensor& x) {
  if (op == "layer_norm") {
    return {x, Constant(Shape{kCols}), Random(Shape{kCols}), Random(Shape{kCols}),
            Constant(Scalar(1e-5))};
  }
  return {x, Constant(Scalar(int64_t{-1})), Constant(graph_ir::None{})};
}

void BM_Eager(benchmark::State& state, const std::string& op) {
  ForceMode mode(state.range(1));
  Tensor x = Random(Shape{state.range(0), kCols});
  std::vector<KernelArg> args = OpArgs(op, x);
  for (auto _ : state) {
    auto r = kernels::Call(op, args);
    benchmark::DoNotOptimize(r);
  }
  Finish(state, 2 * x.numel() * 4);
}

void BM_EagerThenSum(benchmark::State& state) {
  ForceMode mode(state.range(1));
  Tensor x = Random(Shape{state.range(0), kCols});
  std::vector<KernelArg> args = OpArgs("softmax", x);
  for (auto _ : state) {
    auto r = kernels::Call1("softmax", args);
    if (!r.ok()) return state.SkipWithError(std::string(r.status().message()).c_str());
    auto s = kernels::Call1("sum", {*r, Constant(graph_ir::None{})});
    benchmark::DoNotOptimize(s);
  }
  Finish(state, 3 * x.numel() * 4);
}

// Compiles `graph_text` under the benchmark's mode and runs it on `inputs`.
void RunCompiled(benchmark::State& state, const std::vector<std::string>& graph_texts,
                 int64_t bytes) {
  ForceMode mode(state.range(1));
  std::vector<std::shared_ptr<GeneratedGraph>> compiled;
  std::vector<std::vector<Tensor>> inputs;
  for (const std::string& text : graph_texts) {
    absl::StatusOr<graph_ir::Graph> g = graph_ir::ParseGraph(text);
    if (!g.ok()) return state.SkipWithError(std::string(g.status().message()).c_str());
    absl::StatusOr<std::shared_ptr<GeneratedGraph>> c = GeneratedGraph::Compile(*g);
    if (!c.ok()) return state.SkipWithError(std::string(c.status().message()).c_str());
    compiled.push_back(*c);
    inputs.emplace_back();
    for (const graph_ir::Value* v : g->inputs()) inputs.back().push_back(Random(v->meta().sizes));
  }
  for (auto _ : state) {
    for (size_t i = 0; i < compiled.size(); ++i) {
      absl::StatusOr<std::vector<Tensor>> out = compiled[i]->Run(inputs[i]);
      if (!out.ok()) return state.SkipWithError(std::string(out.status().message()).c_str());
      benchmark::DoNotOptimize(out);
    }
  }
  Finish(state, bytes);
}

void BM_Compiled(benchmark::State& state, const std::string& op) {
  const int64_t rows = state.range(0);
  const std::string shape = absl::StrFormat("float32[%d, %d]", rows, kCols);
  std::string text;
  if (op == "layer_norm") {
    text = absl::StrFormat(
        "graph(%%L_x_0: %s, %%L_w_1: float32[%d], %%L_b_2: float32[%d]) {\n"
        "  %%0: %s = layer_norm(%%L_x_0, [%d], %%L_w_1, %%L_b_2, eps=1e-05)\n"
        "  return (%%0)\n}\n",
        shape, kCols, kCols, shape, kCols);
  } else {
    text = absl::StrFormat(
        "graph(%%L_x_0: %s) {\n  %%0: %s = %s(%%L_x_0, dim=-1, dtype=None)\n  return (%%0)\n}\n",
        shape, shape, op);
  }
  RunCompiled(state, {text}, 2 * rows * kCols * 4);
}

std::string ReadGraphFile(const std::string& file) {
  std::ifstream in(std::string(TC_ROWS_GRAPH_DIR) + "/" + file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// range(0): 0 the FAQ toy's two graphs, 1 the 5-op chain (16M floats each).
void BM_CompiledGraph(benchmark::State& state) {
  constexpr int64_t kBytes = int64_t{16} << 22;  // 16M floats
  if (state.range(0) == 0) {
    state.SetLabel("toy_16M");
    // Graph 1 reads a and b, writes x; graph 2 reads b and x, writes the result.
    RunCompiled(state, {ReadGraphFile("toy_16M.tcir"), ReadGraphFile("toy_16M_resume.tcir")},
                6 * kBytes);
  } else {
    state.SetLabel("chain5_16M");
    RunCompiled(state, {ReadGraphFile("chain5_16M.tcir")}, 3 * kBytes);
  }
}

double Min(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

void Configure(benchmark::internal::Benchmark* b) {
  b->Unit(benchmark::kMicrosecond)->UseRealTime()->ComputeStatistics("min", Min);
}

void Register() {
  const std::vector<int64_t> mib = {1, 4, 8, 16, 32, 64};
  const std::vector<int64_t> rows = {256, 1024, 2048, 4096, 8192, 16384};
  Configure(benchmark::RegisterBenchmark("BM_Memcpy", BM_Memcpy)
                ->ArgsProduct({mib, {1, kernels::NumThreads()}}));
  Configure(benchmark::RegisterBenchmark("BM_Read", BM_Read)->ArgsProduct({mib}));
  Configure(benchmark::RegisterBenchmark("BM_CopyInto", BM_CopyInto)->ArgsProduct({mib, {0, 1}}));
  for (const char* op : {"softmax", "log_softmax", "layer_norm"}) {
    Configure(benchmark::RegisterBenchmark(absl::StrCat("BM_Eager/", op).c_str(), BM_Eager,
                                           std::string(op))
                  ->ArgsProduct({rows, {0, 1}}));
  }
  Configure(benchmark::RegisterBenchmark("BM_EagerThenSum", BM_EagerThenSum)
                ->ArgsProduct({rows, {0, 1}}));
  for (const char* op : {"softmax", "log_softmax", "layer_norm"}) {
    Configure(benchmark::RegisterBenchmark(absl::StrCat("BM_Compiled/", op).c_str(), BM_Compiled,
                                           std::string(op))
                  ->ArgsProduct({rows, {0, 1}}));
  }
  Configure(benchmark::RegisterBenchmark("BM_CompiledGraph", BM_CompiledGraph)
                ->ArgsProduct({{0, 1}, {0, 1}}));
}

}  // namespace
}  // namespace tc::codegen_cpu

int main(int argc, char** argv) {
  // Never the user's ~/.cache/tc: a cache directory of this run.
  std::string dir = (std::filesystem::temp_directory_path() / "tc-bandwidth-bench-XXXXXX").string();
  if (mkdtemp(dir.data()) == nullptr) return 1;
  setenv("TC_CACHE_DIR", dir.c_str(), 1);
  tc::codegen_cpu::Register();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::filesystem::remove_all(dir);
  return 0;
}
