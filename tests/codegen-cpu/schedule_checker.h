// Test-only: a tiny interpreter of loop-IR programs in double precision,
// to check that scheduling preserves meaning. Unscheduled programs run
// node by node; scheduled ones run as the emitter runs them: kernel by
// kernel, each outer iteration running every member over its remaining
// loops, ReductionResult read from the current row, intermediates stored
// in PlanMemory's shared slots. Every buffer starts as NaN, so reading an
// element before it is written (a wrong fusion) or after its slot was
// reused (a wrong plan) changes the outputs. Ops: add sub mul div neg exp
// log rsqrt sqrt tanh relu maximum to_dtype; reductions: sum, max; the
// Extern neg(buffer).
#ifndef TC_TESTS_CODEGEN_CPU_SCHEDULE_CHECKER_H_
#define TC_TESTS_CODEGEN_CPU_SCHEDULE_CHECKER_H_

#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu::testing {

// One flat row-major vector per graph input in, per graph output out.
using Values = std::vector<std::vector<double>>;
absl::StatusOr<Values> RunProgram(const Program& program, const Values& inputs);

// Deterministic inputs for `program`'s graph inputs (distinct, non-round
// values in [0.1, 2.1]: positive, so rsqrt of an input variance is defined).
Values SampleInputs(const Program& program);

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_SCHEDULE_CHECKER_H_
