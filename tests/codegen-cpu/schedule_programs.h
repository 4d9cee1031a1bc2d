// Test-only: hand-built Programs shaped as Lower builds graph-ir's core
// ops and the decompositions of the composite ops (softmax, log_softmax,
// layer_norm, rms_norm, batch_norm in eval mode; libs/graph-ir/src/
// ops_composite_*.cc), for the scheduler's tests.
#ifndef TC_TESTS_CODEGEN_CPU_SCHEDULE_PROGRAMS_H_
#define TC_TESTS_CODEGEN_CPU_SCHEDULE_PROGRAMS_H_

#include <string>
#include <vector>

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu::testing {

// x + 1, * 2, relu, - x, neg: five pointwise ops on one [4, 8] input.
Program PointwiseChain();
// amax, sub, exp, sum, div over the last dim of [4, 8].
Program SoftmaxProgram();
// amax, sub, exp, sum, log, sub.
Program LogSoftmaxProgram();
// mean, var(correction=0) (as sum/8 of the squared deviation), sub, add
// eps, rsqrt, mul, mul weight, add bias over the last dim of [4, 8].
Program LayerNormProgram();
// to_dtype, mul, mean, add eps, rsqrt, mul, mul weight.
Program RmsNormProgram();
// eval-mode batch_norm of [2, 3, 4]: alpha = rsqrt(var + eps) * weight,
// beta = bias - mean * alpha, out = x * alpha + beta per channel.
Program BatchNormProgram();
// A row sum of x * f(w) with w [8] broadcast over the rows: f = exp
// (`expensive`) or * 2.
Program BroadcastIntoReduction(bool expensive);
// Two outputs: a = x + 1 and x * 2, or (`chained`) a * 2, so the output a
// is also read.
Program TwoOutputs(bool chained);
// A row sum of x [4, 4] read at the transposed row: out = x - s[i1].
Program TransposedRowRead();

// x / x.sum() over [4, 8]: a full reduction and its consumer.
Program FullReductionConsumer();

struct NamedProgram {
  std::string name;
  Program program;
};
// Every program above the checker can run.
std::vector<NamedProgram> CheckablePrograms();

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_SCHEDULE_PROGRAMS_H_
