// script_bench: the script VM against CPython 3.11 on pure-Python workloads
// (workloads/*.py, run unchanged by both), eager tensor-op overhead from a
// script loop, and the cost of a pass-through eval-frame hook.
//
// CPython is timed inside its own process (the workload is run through
// runpy with stdout discarded, best of several runs), so interpreter
// start-up is not counted; the VM is timed the same way in-process
// (compile once, run the module). Both use thread CPU time, so a loaded
// machine skews the ratio less than wall time would. Counters: `cpython_ms` and `ratio`
// (tc / CPython; the target is <= 1.5, geometric mean in BM_RatioGeoMean).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "benchmark/benchmark.h"

#include "tc/script/compiler.h"
#include "tc/script/module_registry.h"
#include "tc/script/vm.h"

#ifndef TC_SCRIPT_WORKLOADS_DIR
#define TC_SCRIPT_WORKLOADS_DIR "benches/script/workloads"
#endif

namespace tc::script {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string WorkloadPath(const std::string& name) {
  return std::string(TC_SCRIPT_WORKLOADS_DIR) + "/" + name + ".py";
}

// Best-of-5 in-process CPython time for one run of the workload, in
// seconds; negative when python3 is missing.
double CpythonSeconds(const std::string& path) {
  std::string cmd =
      "python3 -c \"import io, contextlib, runpy, time, sys\n"
      "best = 1e9\n"
      "for _ in range(5):\n"
      "    t = time.thread_time()\n"
      "    with contextlib.redirect_stdout(io.StringIO()):\n"
      "        runpy.run_path(sys.argv[1])\n"
      "    best = min(best, time.thread_time() - t)\n"
      "print(best)\" " +
      path + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return -1;
  char buf[64] = {0};
  bool ok = std::fgets(buf, sizeof buf, p) != nullptr;
  int rc = pclose(p);
  if (!ok || rc != 0) return -1;
  return std::atof(buf);
}

// CPU time of this thread, in seconds.
double ThreadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::map<std::string, double>& Ratios() {
  static auto* m = new std::map<std::string, double>();
  return *m;
}

// Runs compiled module code once on `vm`; false on a script error.
bool RunOnce(VM& vm, const std::shared_ptr<const Code>& code) {
  std::string sink;
  vm.SetOutput(&sink);
  Value m = vm.RunModule(code, "__main__");
  vm.SetOutput(nullptr);
  if (m.is_null()) {
    std::fprintf(stderr, "%s", vm.FormatException(vm.TakeException()).c_str());
    return false;
  }
  return true;
}

// A workload outside the geometric mean (in_geomean false) still reports
// its ratio; the mean stays comparable across the workloads it always had.
void BM_Workload(benchmark::State& state, const std::string& name, bool in_geomean = true) {
  std::string path = WorkloadPath(name);
  auto code = CompileSource(ReadFile(path), path);
  if (!code.ok()) {
    state.SkipWithError(std::string(code.status().message()).c_str());
    return;
  }
  VM vm;
  double best = 1e9;
  for (auto _ : state) {
    double t0 = ThreadSeconds();
    if (!RunOnce(vm, *code)) {
      state.SkipWithError("script raised");
      return;
    }
    best = std::min(best, ThreadSeconds() - t0);
  }
  static std::map<std::string, double> cpython;  // measured once per process
  if (!cpython.count(name)) cpython[name] = CpythonSeconds(path);
  double py = cpython[name];
  state.counters["tc_cpu_ms"] = best * 1e3;
  if (py > 0) {
    state.counters["cpython_cpu_ms"] = py * 1e3;
    state.counters["ratio"] = best / py;
    if (in_geomean) Ratios()[name] = best / py;
  }
}

void BM_RatioGeoMean(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(Ratios().size());
  if (Ratios().empty()) {
    state.SkipWithError("no CPython timings (python3 missing?)");
    return;
  }
  double log_sum = 0;
  for (const auto& [k, v] : Ratios()) log_sum += std::log(v);
  state.counters["geomean_ratio"] = std::exp(log_sum / static_cast<double>(Ratios().size()));
}

// (b) `x + y` on 1-element tensors in a script loop, minus the same loop
// doing `a + b` on ints: the eager op overhead per call.
void BM_TensorAddFromScript(benchmark::State& state) {
  if (FindBuiltinModule("torch") == nullptr) {
    state.SkipWithError("torch module not registered");
    return;
  }
  constexpr int kN = 20000;
  std::string tensor_src = "import torch\nx = torch.ones(1)\ny = torch.ones(1)\nfor i in range(" +
                           std::to_string(kN) + "):\n    z = x + y\n";
  std::string int_src =
      "x = 1\ny = 1\nfor i in range(" + std::to_string(kN) + "):\n    z = x + y\n";
  auto tc = CompileSource(tensor_src, "tensor_add.py");
  auto ic = CompileSource(int_src, "int_add.py");
  if (!tc.ok() || !ic.ok()) {
    state.SkipWithError("compile failed");
    return;
  }
  VM vm;
  double best_t = 1e9, best_i = 1e9;
  for (auto _ : state) {
    double t0 = ThreadSeconds();
    if (!RunOnce(vm, *tc)) {
      state.SkipWithError("script raised");
      return;
    }
    double t1 = ThreadSeconds();
    if (!RunOnce(vm, *ic)) {
      state.SkipWithError("script raised");
      return;
    }
    double t2 = ThreadSeconds();
    best_t = std::min(best_t, t1 - t0);
    best_i = std::min(best_i, t2 - t1);
  }
  state.counters["ns_per_op"] = (best_t - best_i) / kN * 1e9;
  state.counters["ns_per_loop_iter"] = best_t / kN * 1e9;
}

// (c) The call-heavy workload with and without a pass-through hook.
FrameHookAction PassThrough(VM&, void* data, const FrameHookCall&, Value*) {
  ++*static_cast<int64_t*>(data);
  return FrameHookAction::kRun;
}

double g_no_hook_best = 0;

void BM_Calls(benchmark::State& state, bool hook) {
  std::string path = WorkloadPath("fib");
  auto code = CompileSource(ReadFile(path), path);
  if (!code.ok()) {
    state.SkipWithError("compile failed");
    return;
  }
  VM vm;
  int64_t calls = 0;
  if (hook) vm.SetFrameHook(PassThrough, &calls);
  double best = 1e9;
  for (auto _ : state) {
    double t0 = ThreadSeconds();
    if (!RunOnce(vm, *code)) {
      state.SkipWithError("script raised");
      return;
    }
    best = std::min(best, ThreadSeconds() - t0);
  }
  state.counters["cpu_ms"] = best * 1e3;
  if (!hook) {
    g_no_hook_best = best;
  } else {
    state.counters["hook_calls_per_run"] =
        static_cast<double>(calls) / static_cast<double>(state.iterations());
    if (g_no_hook_best > 0) state.counters["overhead_pct"] = (best / g_no_hook_best - 1) * 100;
  }
}

BENCHMARK_CAPTURE(BM_Workload, fib, std::string("fib"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Workload, loops, std::string("loops"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Workload, methods, std::string("methods"))->Unit(benchmark::kMillisecond);
// Python's random from a loop: tc's native module against CPython's.
BENCHMARK_CAPTURE(BM_Workload, random_draws, std::string("random_draws"), false)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RatioGeoMean)->Iterations(1);
BENCHMARK(BM_TensorAddFromScript)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Calls, no_hook, false)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_CAPTURE(BM_Calls, passthrough_hook, true)->Unit(benchmark::kMillisecond)->MinTime(1.0);

}  // namespace
}  // namespace tc::script

BENCHMARK_MAIN();
