// The hit path of a compiled call: f(x, y, n) = x * y + n with two 4x4
// float tensors and an int, called under a compile context after its first
// compile (two TENSOR_MATCH guards, one EQUALS_MATCH, GLOBAL_STATE).
//
//   BM_CompiledCallHit           the whole call: the eval-frame hook, the
//                                guards, the graph on the interpreter, the
//                                result rebuilt as a script value
//   BM_CompiledCallHitNoKernels  the same with a backend that hands back a
//                                precomputed result: the hit path without
//                                the graph's kernels
//   BM_HitPathGuardCheck         only the guard part of that path, as
//                                Dynamo's OnCall runs it: the entry's slots
//                                read from the frame, then GuardSet::Check
//   BM_EagerCall                 f run by the VM without a context, for scale
#include <atomic>
#include <cstdlib>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "tc/frame_capture/dynamo.h"
#include "tc/kernels/interpreter.h"
#include "tc/script/compiler.h"
#include "tc/script/native.h"
#include "tc/script/vm.h"
#include "tc/script_torch/tensor_value.h"

// frame-capture's private headers, to time the guard part alone.
#include "guard_eval.h"

// Counts heap allocations, so the benches can report allocs per call (the
// guard part of a hit must make none).
std::atomic<int64_t> g_allocs{0};

void* operator new(size_t size) {
  g_allocs.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
// GCC pairs the inlined free() with the call sites' `new` and warns.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace tc::frame_capture {
namespace {

// Heap allocations per iteration since `before`.
void ReportAllocs(benchmark::State& state, int64_t before) {
  state.counters["allocs_per_iter"] =
      static_cast<double>(g_allocs.load() - before) / static_cast<double>(state.iterations());
}

using script::Value;

constexpr char kSource[] = R"(
import torch
def f(x, y, n):
    return x * y + n
x = torch.ones(4, 4)
y = torch.ones(4, 4)
)";

// Runs the graph on the interpreter, or (precomputed) returns the outputs
// of its first run without running kernels again.
class BenchBackend : public Backend {
 public:
  explicit BenchBackend(bool precomputed) : precomputed_(precomputed) {}
  int graphs = 0;

  bool Compile(script::VM& vm, const std::shared_ptr<const CapturedGraph>& g,
               std::span<const tensor::Tensor> example_inputs, CompiledGraph* out) override {
    ++graphs;
    if (precomputed_) {
      auto r = kernels::Interpreter(g->graph).Run(example_inputs);
      if (!r.ok()) {
        vm.Raise(script::Types().runtime_error, std::string(r.status().message()));
        return false;
      }
      *out = [outputs = *std::move(r)](script::VM&, std::span<const tensor::Tensor>,
                                       std::vector<tensor::Tensor>* outs) {
        *outs = outputs;
        return true;
      };
      return true;
    }
    *out = [g](script::VM& vm, std::span<const tensor::Tensor> in,
               std::vector<tensor::Tensor>* outs) {
      auto r = kernels::Interpreter(g->graph).Run(in);
      if (!r.ok()) {
        vm.Raise(script::Types().runtime_error, std::string(r.status().message()));
        return false;
      }
      *outs = *std::move(r);
      return true;
    };
    return true;
  }

 private:
  bool precomputed_;
};

// A VM with f, x and y defined.
struct Script {
  script::VM vm;
  Value f, x, y;

  Script() {
    auto code = script::CompileSource(kSource, "bench.py");
    if (!code.ok()) return;
    Value m = vm.RunModule(*code, "__main__");
    if (m.is_null()) return;
    f = vm.GetAttr(m, "f");
    x = vm.GetAttr(m, "x");
    y = vm.GetAttr(m, "y");
  }
  bool ok() const { return !f.is_null() && !x.is_null() && !y.is_null(); }
};

void CompiledCallHit(benchmark::State& state, bool precomputed) {
  Script s;
  if (!s.ok()) return state.SkipWithError("script setup failed");
  auto backend = std::make_shared<BenchBackend>(precomputed);
  CompileOptions options;
  options.backend = backend;
  Dynamo::Scope scope(Dynamo::For(s.vm), Dynamo::Mode::kCompile, &options);
  const Value args[] = {s.x, s.y, Value::Int(2)};
  if (s.vm.Call(s.f, script::ArgsView(args, 3)).is_null()) {
    return state.SkipWithError("first call failed");
  }
  const int64_t allocs = g_allocs.load();
  for (auto _ : state) {
    Value r = s.vm.Call(s.f, script::ArgsView(args, 3));
    benchmark::DoNotOptimize(r);
  }
  ReportAllocs(state, allocs);
  if (backend->graphs != 1) state.SkipWithError("the calls did not hit the first compile");
}

void BM_CompiledCallHit(benchmark::State& state) { CompiledCallHit(state, false); }
void BM_CompiledCallHitNoKernels(benchmark::State& state) { CompiledCallHit(state, true); }

// The guards the translator records for f(x, y, n), built into the entry's
// GuardSet as Finish builds it.
GuardRecord TensorRecord(const Value& v, SourcePtr source) {
  GuardRecord r;
  r.kind = GuardRecord::Kind::kTensor;
  r.source = std::move(source);
  const tensor::Tensor& t = script_torch::TensorOfValue(v);
  r.dtype = t.dtype();
  r.device = t.device();
  r.sizes = tensor::Shape(t.sizes());
  r.strides = tensor::Shape(t.strides());
  r.requires_grad = script_torch::TensorRequiresGrad(v);
  return r;
}

void BM_HitPathGuardCheck(benchmark::State& state) {
  Script s;
  if (!s.ok()) return state.SkipWithError("script setup failed");
  GuardRecord n;
  n.kind = GuardRecord::Kind::kEquals;
  n.source = Source::Local("n", 2);
  n.expected = Value::Int(2);
  const std::vector<GuardRecord> records = {TensorRecord(s.x, Source::Local("x", 0)),
                                            TensorRecord(s.y, Source::Local("y", 1)), n};
  absl::StatusOr<EntryGuards> guards = BuildEntryGuards(records, CurrentGlobalState());
  if (!guards.ok()) return state.SkipWithError("building the guards failed");
  const Value params[] = {s.x, s.y, Value::Int(2)};
  const FrameView frame{params, script::Cast<script::FunctionObject>(s.f)};
  SlotReader reader;
  bool hit = guards->set->Check(reader.Read(s.vm, guards->slots, frame), CurrentGlobalState());
  reader.Clear();  // the buffers have grown: from here on a check allocates nothing
  const int64_t allocs = g_allocs.load();
  for (auto _ : state) {
    hit = guards->set->Check(reader.Read(s.vm, guards->slots, frame), CurrentGlobalState());
    reader.Clear();
    benchmark::DoNotOptimize(hit);
  }
  ReportAllocs(state, allocs);
  if (!hit) state.SkipWithError("guards should pass");
}

void BM_EagerCall(benchmark::State& state) {
  Script s;
  if (!s.ok()) return state.SkipWithError("script setup failed");
  const Value args[] = {s.x, s.y, Value::Int(2)};
  for (auto _ : state) {
    Value r = s.vm.Call(s.f, script::ArgsView(args, 3));
    benchmark::DoNotOptimize(r);
  }
}

// Tracing a straight-line function of 1,000 ops (x = x * 1.001; x = x + 0.5
// ...): each iteration forgets every entry and calls again, so the call
// traces the frame, builds its guards and compiles it; the backend hands
// back its input instead of running the graph, so no kernel time counts.
// The figure is the time per traced op (target: under 10 us).
class NoRunBackend : public Backend {
 public:
  bool Compile(script::VM&, const std::shared_ptr<const CapturedGraph>&,
               std::span<const tensor::Tensor>, CompiledGraph* out) override {
    *out = [](script::VM&, std::span<const tensor::Tensor> in, std::vector<tensor::Tensor>* outs) {
      outs->assign(in.begin(), in.begin() + 1);
      return true;
    };
    return true;
  }
};

void BM_TracePerOp(benchmark::State& state) {
  constexpr int kOps = 1000;
  std::string src = "import torch\ndef g(x):\n";
  for (int i = 0; i < kOps / 2; ++i) src += "    x = x * 1.001\n    x = x + 0.5\n";
  src += "    return x\nx = torch.ones(1)\n";
  script::VM vm;
  auto code = script::CompileSource(src, "trace_bench.py");
  if (!code.ok()) return state.SkipWithError("compile failed");
  Value m = vm.RunModule(*code, "__main__");
  if (m.is_null()) return state.SkipWithError("setup failed");
  Value g = vm.GetAttr(m, "g");
  Value x = vm.GetAttr(m, "x");
  CompileOptions options;
  options.backend = std::make_shared<NoRunBackend>();
  Dynamo& d = Dynamo::For(vm);
  int graphs = 0;
  int observer = d.AddObserver([&graphs](const CompileEvent&) { ++graphs; });
  Dynamo::Scope scope(d, Dynamo::Mode::kCompile, &options);
  for (auto _ : state) {
    d.Reset();
    Value r = vm.Call(g, {x});
    benchmark::DoNotOptimize(r);
  }
  d.RemoveObserver(observer);
  if (graphs != static_cast<int>(state.iterations())) {
    return state.SkipWithError("every call should compile one graph");
  }
  state.counters["time_per_op"] =
      benchmark::Counter(static_cast<double>(kOps) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

BENCHMARK(BM_CompiledCallHit);
BENCHMARK(BM_CompiledCallHitNoKernels);
BENCHMARK(BM_HitPathGuardCheck);
BENCHMARK(BM_EagerCall);
BENCHMARK(BM_TracePerOp)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tc::frame_capture

BENCHMARK_MAIN();
