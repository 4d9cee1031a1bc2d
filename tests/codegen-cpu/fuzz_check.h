// The differential fuzz's comparison of a compiled run with the
// interpreter's (eager's) run of the same graph: the same success or
// failure, and per output the same dtype, sizes, strides, aliasing of
// inputs and other outputs (same storage, offset and strides), and values:
// integers and bools exactly, floats within a few ulp with NaN, +-inf and
// the sign of zero as eager gives them.
#ifndef TC_TESTS_CODEGEN_CPU_FUZZ_CHECK_H_
#define TC_TESTS_CODEGEN_CPU_FUZZ_CHECK_H_

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/tensor/dtype.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu::testing {

// Ulps allowed per float dtype. float32 and float64: 4 (the bound;
// in the CI run all but one of ~16,000 float outputs are bit-exact, that
// one 1 ulp off: the bound is headroom for an op whose fused form cannot
// mirror eager's bit for bit). float16 and bfloat16 compute in float32
// and round once, so a 4-ulp float32 difference can move the result by at
// most one ulp of the 16-bit type: 1.
int64_t AllowedUlps(tensor::DType dtype);

// Distance in units in the last place between two floats of `dtype` given
// by their bits (the low itemsize bytes): 0 when bitwise equal or both
// NaN; -1 when they cannot be compared by distance (NaN against a number,
// an infinity against anything else, zeros of opposite sign).
int64_t UlpDistance(tensor::DType dtype, uint64_t a, uint64_t b);

// Float outputs seen (per dtype), how many were not bit-exact, and the
// largest distance (in ulps of the precision compared).
struct UlpStats {
  std::map<tensor::DType, int64_t> outputs, inexact, worst;
};

// "" when `got` matches `want`; else the first difference, readable:
// floats match within AllowedUlps measured in the precision the values
// were computed in (a float64 output widened from float32 in float32
// ulps), nothing more: eager's kernels and generated code compute every
// element with the same formula wherever it sits (vector, tail, strided
// loop) and sum in the same order, so a difference is one op's rounding,
// never one carried and grown through later ops;
// which output, what differs, and for values the flat index and both
// values (with their bits).
std::string CompareRuns(std::span<const tensor::Tensor> inputs,
                        const absl::StatusOr<std::vector<tensor::Tensor>>& want,
                        const absl::StatusOr<std::vector<tensor::Tensor>>& got, UlpStats* stats);

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_FUZZ_CHECK_H_
