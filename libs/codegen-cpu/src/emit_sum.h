// A float sum emitted in eager's order (sum_cascade.cc, ATen's CPU sum):
// the iteration dims eager derives from the layout of the tensor it sums
// (Reduction::sum_layout, tc/kernels/sum_order.h), then per output element
// the same 2-D step eager takes: a contiguous row's vector cascade, a
// column summed with or without the 4-way split as eager's column groups
// decide, partial sums of the outer reduced dims added into the output one
// after another (rounded to a 16-bit output each time, as eager stores).
#ifndef TC_CODEGEN_CPU_SRC_EMIT_SUM_H_
#define TC_CODEGEN_CPU_SRC_EMIT_SUM_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu {

struct ExprContext;

struct EagerSumCode {
  std::string acc;  // the C++ local holding the sum, in the accumulate type
  int vector_width = 1;
};

// Writes code (lines prefixed by `indent`) computing float sum node `n` at
// the current output point in eager's order; nullopt (nothing written) when
// the node has no sum_layout or reduces no element.
absl::StatusOr<std::optional<EagerSumCode>> EmitEagerOrderSum(const Program& program,
                                                              const ExprContext& ctx, int n,
                                                              const std::string& indent,
                                                              int* counter, std::string* out);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_EMIT_SUM_H_
