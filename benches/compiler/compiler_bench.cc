// torch.compile end to end, from the script side:
//
//   BM_Call/eager      f(x, y) = x * y + x on 1-element tensors, called as a
//                      plain script function
//   BM_Call/compiled   the same through torch.compile(f, backend="eager") on a
//                      cache hit: the wrapper, the compile context, the hook,
//                      the guards, the graph on the interpreter, the result
//   BM_CallRatio       compiled / eager time per call, measured in the same
//                      run (the issue's figure: at most 1.5)
//   BM_TracePerOp      compiling a straight-line function of 1,000 ops: the
//                      first call (trace + compile + run) minus a cached call
//                      (run), per op (the issue's figure: under 10 us)
#include <chrono>
#include <string>

#include "absl/strings/str_cat.h"
#include <benchmark/benchmark.h>

#include "tc/script/compiler.h"
#include "tc/script/native.h"
#include "tc/script/vm.h"

namespace {

using tc::script::Value;
using tc::script::VM;

constexpr const char* kSetup = R"PY(
import torch
import torch._dynamo

def f(x, y):
    return x * y + x

opt = torch.compile(f, backend="eager")
x = torch.ones(1)
y = torch.full((1,), 2.0)
)PY";

struct Env {
  VM vm;
  Value module, f, opt, x, y;
  Env() {
    auto code = tc::script::CompileSource(kSetup, "<bench>");
    module = vm.RunModule(*code, "bench");
    f = vm.GetAttr(module, "f");
    opt = vm.GetAttr(module, "opt");
    x = vm.GetAttr(module, "x");
    y = vm.GetAttr(module, "y");
  }
};

Env& GetEnv() {
  static Env* env = new Env();
  return *env;
}

double TimePerCall(const Value& fn, int n) {
  Env& e = GetEnv();
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    Value r = e.vm.Call(fn, {e.x, e.y});
    benchmark::DoNotOptimize(r);
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / n;
}

void BM_Call(benchmark::State& state) {
  Env& e = GetEnv();
  const Value& fn = state.range(0) == 0 ? e.f : e.opt;
  e.vm.Call(fn, {e.x, e.y});  // compiles
  for (auto _ : state) {
    Value r = e.vm.Call(fn, {e.x, e.y});
    benchmark::DoNotOptimize(r);
  }
  state.SetLabel(state.range(0) == 0 ? "eager" : "compiled");
}
BENCHMARK(BM_Call)->Arg(0)->Arg(1);

void BM_CallRatio(benchmark::State& state) {
  Env& e = GetEnv();
  e.vm.Call(e.opt, {e.x, e.y});
  double eager = 0, compiled = 0;
  for (auto _ : state) {
    // Interleaved rounds so both sides see the same machine load.
    for (int round = 0; round < 5; ++round) {
      eager += TimePerCall(e.f, 2000);
      compiled += TimePerCall(e.opt, 2000);
    }
  }
  state.counters["eager_ns"] = eager / 5 / state.iterations() * 1e9;
  state.counters["compiled_ns"] = compiled / 5 / state.iterations() * 1e9;
  state.counters["ratio"] = compiled / eager;
}
BENCHMARK(BM_CallRatio)->Iterations(3)->Unit(benchmark::kMillisecond);

void BM_TracePerOp(benchmark::State& state) {
  constexpr int kOps = 1000;
  std::string src = "import torch\nimport torch._dynamo\n\ndef g(x):\n";
  for (int i = 0; i < kOps / 2; ++i) absl::StrAppend(&src, "    x = x * 1.001\n    x = x + 0.5\n");
  absl::StrAppend(&src, "    return x\n\nopt = torch.compile(g, backend=\"eager\")\n",
                  "x = torch.ones(1)\n");
  VM vm;
  auto code = tc::script::CompileSource(src, "<bench_trace>");
  Value m = vm.RunModule(*code, "bench_trace");
  Value opt = vm.GetAttr(m, "opt");
  Value x = vm.GetAttr(m, "x");
  Value reset = vm.GetAttr(vm.Import("torch._dynamo"), "reset");
  double compile_s = 0;
  for (auto _ : state) {
    vm.Call(reset, {});
    auto t0 = std::chrono::steady_clock::now();
    vm.Call(opt, {x});
    auto t1 = std::chrono::steady_clock::now();
    vm.Call(opt, {x});
    auto t2 = std::chrono::steady_clock::now();
    compile_s += std::chrono::duration<double>((t1 - t0) - (t2 - t1)).count();
  }
  state.counters["trace_us_per_op"] = compile_s / state.iterations() / kOps * 1e6;
}
BENCHMARK(BM_TracePerOp)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
