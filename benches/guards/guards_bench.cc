// The guard fast path: what a call of a compiled function pays before it
// runs its artifact. BM_GuardHit is f(x, y, n) with two 2-D float tensors
// and an int (two TENSOR_MATCH, one EQUALS_MATCH, GLOBAL_STATE), filling the
// three slots from tensor::Tensor objects and an int on every iteration.
// BM_GuardMissFirstFailure is the miss path: Check, then the reason.
#include <benchmark/benchmark.h>

#include "tc/guards/guard_set.h"
#include "tc/tensor/tensor.h"

namespace tc::guards {
namespace {

using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

int tensor_type;
int int_type;

GuardSource Local(const char* name) {
  GuardSource s;
  s.name = name;
  return s;
}

GuardSet FnGuards(const Tensor& x, const Tensor& y, int64_t n) {
  auto set = GuardSetBuilder()
                 .AddGlobalState(GlobalState{})
                 .AddTensorMatch(0, Local("L['x']"), MetaOf(x), PyType::Tensor(&tensor_type))
                 .AddTensorMatch(1, Local("L['y']"), MetaOf(y), PyType::Tensor(&tensor_type))
                 .AddConstantMatch(2, Local("L['n']"), GuardValue::Int(n, &int_type))
                 .Build();
  return *std::move(set);
}

// What frame capture does per call: read the three values into slots.
inline bool CheckCall(const GuardSet& guards, const Tensor& x, const Tensor& y, int64_t n,
                      const GlobalState& state) {
  const TensorMeta xm = MetaOf(x);
  const TensorMeta ym = MetaOf(y);
  const GuardValue slots[] = {GuardValue::Tensor(&xm, &tensor_type),
                              GuardValue::Tensor(&ym, &tensor_type), GuardValue::Int(n, &int_type)};
  return guards.Check(slots, state);
}

void BM_GuardHit(benchmark::State& state) {
  const Tensor x = Tensor::Zeros(Shape{32, 64}, DType::kFloat32);
  const Tensor y = Tensor::Zeros(Shape{64, 16}, DType::kFloat32);
  const GuardSet guards = FnGuards(x, y, 2);
  const GlobalState global;
  int64_t n = 2;
  for (auto _ : state) {
    benchmark::DoNotOptimize(n);
    bool hit = CheckCall(guards, x, y, n, global);
    benchmark::DoNotOptimize(hit);
  }
  if (!CheckCall(guards, x, y, n, global)) state.SkipWithError("guards should pass");
}

void BM_GuardMissFirstFailure(benchmark::State& state) {
  const Tensor x = Tensor::Zeros(Shape{32, 64}, DType::kFloat32);
  const Tensor y = Tensor::Zeros(Shape{64, 16}, DType::kFloat32);
  const Tensor y2 = Tensor::Zeros(Shape{64, 17}, DType::kFloat32);
  const GuardSet guards = FnGuards(x, y, 2);
  const GlobalState global;
  for (auto _ : state) {
    const TensorMeta xm = MetaOf(x);
    const TensorMeta ym = MetaOf(y2);
    const GuardValue slots[] = {GuardValue::Tensor(&xm, &tensor_type),
                                GuardValue::Tensor(&ym, &tensor_type),
                                GuardValue::Int(2, &int_type)};
    if (!guards.Check(slots, global)) {
      std::string reason = guards.FirstFailure(slots, global);
      benchmark::DoNotOptimize(reason);
    }
  }
}

BENCHMARK(BM_GuardHit);
BENCHMARK(BM_GuardMissFirstFailure);

}  // namespace
}  // namespace tc::guards

BENCHMARK_MAIN();
