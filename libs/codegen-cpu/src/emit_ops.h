// The scalar C++ text of each loop-IR pointwise op, computing as eager's
// scalar loops compute it (pointwise_unary.cc, pointwise_binary.cc,
// pointwise_other.cc, pointwise_extra.cc); used by emit_expr.cc.
#ifndef TC_CODEGEN_CPU_SRC_EMIT_OPS_H_
#define TC_CODEGEN_CPU_SRC_EMIT_OPS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu {

// clamp's bounds as C++ literals of the op's compute type.
struct ClampBounds {
  std::string has_lo = "false", lo = "0", has_hi = "false", hi = "0";
};
absl::StatusOr<ClampBounds> ClampBoundsOf(const Op& op, DType dtype);

// The value of `op` with result dtype `dtype` over operand values `args`
// (C++ names of ComputeType(arg_types[k])), rounded to the 16-bit float
// dtypes as eager's store rounds. InvalidArgument for an unknown op or a
// wrong operand count.
absl::StatusOr<std::string> ScalarOpText(const Op& op, DType dtype,
                                         const std::vector<std::string>& args,
                                         const std::vector<DType>& arg_types);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_EMIT_OPS_H_
