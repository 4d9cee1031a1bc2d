// The dims of ATen's CPU sum around sum_cascade_simd.cc's 2-D step: see
// sum_cascade.h and scripts/aten_sum_order.py.
#include "src/sum_cascade.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "tc/kernels/sum_order.h"
#include "tc/kernels/thread_pool.h"
#include "tc/tensor/layout.h"

#include "src/copy.h"
#include "src/loop.h"
#include "src/sum_cascade_simd.h"

namespace tc::kernels {
using tensor::DType;
using tensor::Tensor;

namespace {

using Dim = SumIterDim;

// TensorIterator::reorder_dimensions' comparison for (output, input):
// 1 when `a` should come after `b`, -1 before, 0 when it cannot tell.
int ShouldSwap(const Dim& a, const Dim& b) {
  if ((a.out == 0) != (b.out == 0)) return b.out == 0 ? 1 : -1;  // reduced dims first
  for (auto [s0, s1] : {std::pair{a.out, b.out}, std::pair{a.in, b.in}}) {
    if (s0 == 0 || s1 == 0) continue;
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    if (a.size > b.size) return 1;
  }
  return 0;
}

// The dims of a sum of `in` into `out`, strides in bytes.
std::vector<Dim> IterDims(const Tensor& in, const std::vector<bool>& reduced, const Tensor& out) {
  const int64_t nd = in.dim();
  const bool keepdim = out.dim() == nd;
  std::vector<int64_t> out_strides(nd, 0);
  int64_t od = 0;
  for (int64_t d = 0; d < nd; ++d) {
    if (!reduced[d]) out_strides[d] = out.stride(keepdim ? d : od++);
  }
  std::vector<Dim> dims = SumIterationDims(in.sizes(), in.strides(), reduced, out_strides);
  const int64_t item = static_cast<int64_t>(in.itemsize());
  for (Dim& d : dims) {
    d.in *= item;
    d.out *= item;
  }
  return dims;
}

simd::SumType SumTypeOf(DType dtype) {
  switch (dtype) {
    case DType::kFloat64:
      return simd::SumType::kF64;
    case DType::kFloat16:
      return simd::SumType::kF16;
    case DType::kBFloat16:
      return simd::SumType::kBF16;
    default:
      return simd::SumType::kF32;
  }
}

// ATen fills the output with 0 before adding into it (so -0.0 sums to 0.0).
void ZeroFill(const Tensor& out) {
  const int64_t item = static_cast<int64_t>(out.itemsize());
  char* base = static_cast<char*>(out.raw_data());
  const int64_t n = out.numel();
  if (out.is_contiguous()) {
    std::memset(base, 0, n * item);
    return;
  }
  for (int64_t e = 0; e < n; ++e) {
    int64_t off = 0, rem = e;
    for (int64_t d = out.dim() - 1; d >= 0; --d) {
      off += (rem % out.size(d)) * out.stride(d);
      rem /= out.size(d);
    }
    std::memset(base + off * item, 0, item);
  }
}

}  // namespace

std::vector<SumIterDim> SumIterationDims(tensor::IntSpan sizes, tensor::IntSpan in_strides,
                                         const std::vector<bool>& reduced,
                                         tensor::IntSpan out_strides) {
  const int nd = static_cast<int>(sizes.size());
  std::vector<Dim> dims;
  for (int d = nd - 1; d >= 0; --d) {
    dims.push_back({{d}, sizes[d], in_strides[d], reduced[d] ? 0 : out_strides[d]});
  }
  for (int i = 1; i < nd; ++i) {
    int d1 = i;
    for (int d0 = i - 1; d0 >= 0; --d0) {
      const int c = ShouldSwap(dims[d0], dims[d1]);
      if (c > 0) {
        std::swap(dims[d0], dims[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  std::vector<Dim> merged;
  for (const Dim& d : dims) {
    if (!merged.empty()) {
      Dim& p = merged.back();
      if (p.size == 1) {
        p = d;
        continue;
      }
      if (d.size == 1) continue;
      if (p.in * p.size == d.in && p.out * p.size == d.out) {
        p.size *= d.size;
        p.dims.insert(p.dims.end(), d.dims.begin(), d.dims.end());
        continue;
      }
    }
    merged.push_back(d);
  }
  // A lone size-1 dim reads index 0 of nothing in particular.
  for (Dim& d : merged) {
    if (d.size == 1) d.dims.clear();
  }
  return merged;
}

Tensor ToDTypePreserving(const Tensor& t, DType dtype) {
  if (t.dtype() == dtype) return t;
  Tensor out =
      Tensor::EmptyStrided(t.sizes(), tensor::PreserveFormatStrides(t.sizes(), t.strides()), dtype);
  CopyCast(t, out);
  return out;
}

bool HasCascadeSum(DType dtype) {
  return dtype == DType::kFloat32 || dtype == DType::kFloat64 || dtype == DType::kFloat16 ||
         dtype == DType::kBFloat16;
}

void CascadeSum(const Tensor& in, const std::vector<bool>& reduced, const Tensor& out) {
  ZeroFill(out);
  if (in.numel() == 0) return;
  std::vector<Dim> it = IterDims(in, reduced, out);
  const bool half = in.dtype() == DType::kFloat16 || in.dtype() == DType::kBFloat16;
  if (half && it.size() >= 2 && it[0].out == 0 && it[1].out == 0) {
    // ATen's should_use_acc_buffer: a 16-bit sum whose two innermost dims
    // are both reduced would round between the 2-D calls, so ATen sums a
    // float32 copy (strides kept as `to` keeps them) and rounds once.
    const Tensor f = ToDTypePreserving(in, DType::kFloat32);
    const Tensor sum = Tensor::Empty(out.sizes(), DType::kFloat32);
    CascadeSum(f, reduced, sum);
    CopyCast(sum, out);
    return;
  }
  while (it.size() < 2) it.push_back({{}, 1, 0, 0});
  const simd::SumType type = SumTypeOf(in.dtype());
  int64_t n_outer = 1;
  bool outer_kept = true;
  for (size_t k = 2; k < it.size(); ++k) {
    n_outer *= it[k].size;
    outer_kept = outer_kept && it[k].out != 0;
  }
  const char* in_base = static_cast<const char*>(in.raw_data());
  char* out_base = static_cast<char*>(out.raw_data());
  auto call = [&](int64_t c, bool parallel) {
    int64_t in_off = 0, out_off = 0;
    for (size_t k = 2; k < it.size(); ++k) {
      const int64_t i = c % it[k].size;
      c /= it[k].size;
      in_off += i * it[k].in;
      out_off += i * it[k].out;
    }
    simd::Sum2DArgs a{out_base + out_off,
                      in_base + in_off,
                      {it[0].in, it[1].in},
                      {it[0].out, it[1].out},
                      it[0].size,
                      it[1].size,
                      parallel};
    simd::CascadeSum2D(type, a);
  };
  const bool parallel = in.numel() >= kParallelGrain && !InParallelRegion();
  const int64_t plane = it[0].size * it[1].size;
  if (parallel && outer_kept && n_outer >= NumThreads()) {
    // Every outer index writes its own outputs: split them.
    ParallelFor(n_outer, std::max<int64_t>(1, kParallelGrain / plane), [&](int64_t b, int64_t e) {
      for (int64_t c = b; c < e; ++c) call(c, false);
    });
    return;
  }
  for (int64_t c = 0; c < n_outer; ++c) call(c, parallel);
}

}  // namespace tc::kernels
