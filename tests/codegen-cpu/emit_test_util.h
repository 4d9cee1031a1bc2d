// Helpers of the emitter tests: programs of independent pointwise nodes
// built case by case, random tensors with special values, and element
// comparisons (bit-exact or within n ulp).
#ifndef TC_TESTS_CODEGEN_CPU_EMIT_TEST_UTIL_H_
#define TC_TESTS_CODEGEN_CPU_EMIT_TEST_UTIL_H_

#include <string>
#include <vector>

#include "tc/codegen_cpu/loop_ir.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu::testing {

using tensor::Scalar;
using tensor::Tensor;

// A tensor of `dtype` with random values: floats in about [-6, 6] with NaN,
// +-inf, -0.0, 0 and tiny/huge values mixed in when `specials`; integers
// over a small range around 0 (zeros included) or the full range (`wide`).
Tensor RandomTensor(const std::vector<int64_t>& sizes, DType dtype, uint64_t seed,
                    bool specials = true, bool wide = false);

// The largest distance in ulps between float elements (NaN matches NaN,
// any other mismatch of NaN-ness or of an integer/bool value is "infinite":
// returns -1). Same sizes required; any strides.
int64_t MaxUlpDiff(const Tensor& got, const Tensor& want);

// Buffers: contiguous strides for `sizes`.
std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& sizes);
Buffer MakeBuffer(std::string name, Buffer::Role role, DType dtype,
                  const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides);
// The loop variables i0.. of `sizes`.
std::vector<Sym> LoopVars(const std::vector<int64_t>& sizes);

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_EMIT_TEST_UTIL_H_
