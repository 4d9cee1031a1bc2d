// Tensor.copy_'s eager path at the issue's [4096, 1024] float32: the
// kernels' CopyInto (pool chunks, memcpy when alike) against the tensor
// library's single-threaded CopyFrom, for contiguous, transposed and
// converting (float32 -> float64) sources. Bytes count one read and one
// write.
#include "absl/strings/str_cat.h"
#include <benchmark/benchmark.h>

#include "tc/kernels/copy.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {
namespace {

using tensor::DType;
using tensor::Shape;
using tensor::Tensor;

// range(0): 0 contiguous, 1 transposed source, 2 float32 -> float64;
// range(1): 1 CopyInto, 0 Tensor::CopyFrom.
void BM_Copy(benchmark::State& state) {
  const int kind = static_cast<int>(state.range(0));
  Tensor src = Tensor::Zeros(kind == 1 ? Shape{1024, 4096} : Shape{4096, 1024}, DType::kFloat32);
  if (kind == 1) src = src.AsStrided(Shape{4096, 1024}, Shape{1, 4096}, 0);
  Tensor dst = Tensor::Empty(Shape{4096, 1024}, kind == 2 ? DType::kFloat64 : DType::kFloat32);
  const char* kinds[] = {"contiguous", "transposed", "f32->f64"};
  state.SetLabel(absl::StrCat(kinds[kind], state.range(1) ? " CopyInto" : " CopyFrom"));
  for (auto _ : state) {
    absl::Status s = state.range(1) ? CopyInto(dst, src) : dst.CopyFrom(src);
    benchmark::DoNotOptimize(s);
  }
  state.SetBytesProcessed(state.iterations() * (src.numel() * 4 + dst.numel() * dst.itemsize()));
}
BENCHMARK(BM_Copy)->ArgsProduct({{0, 1, 2}, {0, 1}})->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tc::kernels
