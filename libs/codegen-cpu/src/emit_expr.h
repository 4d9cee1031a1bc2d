// Emission of one loop-IR expression as C++ statements: scalar code (every
// dtype and op, computing as eager's scalar loops do) or Highway vector code
// (float32/float64 trees of the ops eager vectorizes, computing as eager's
// vector loops do). Shared by the pointwise and reduction loop emitters.
#ifndef TC_CODEGEN_CPU_SRC_EMIT_EXPR_H_
#define TC_CODEGEN_CPU_SRC_EMIT_EXPR_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu {

// The C++ type an op of `dtype` computes in (float for the 16-bit floats,
// as eager's Acc), and the type its buffers store.
std::string_view ComputeType(DType dtype);
std::string_view StorageType(DType dtype);
// The generated name of buffer b's typed base pointer.
std::string BufferVar(int buffer);

// What an expression is emitted against.
struct ExprContext {
  const Program* program = nullptr;
  // Loop variables replaced by other expressions (merged loops).
  absl::flat_hash_map<std::string, Sym> subst;
  // Reduction results computed earlier in the kernel: node -> C++ local.
  absl::flat_hash_map<int, std::string> results;
  // The vectorized loop variable (vector code only); its value is the
  // first lane's index.
  std::string inner;
};

// The flat element offset of buffer `buffer` at `index`, substituted.
Sym FlatOffset(const ExprContext& ctx, int buffer, const std::vector<Sym>& index);

// Whether Vector() can emit `e`: every node float32 (or every node
// float64), ops eager vectorizes, loads affine in ctx.inner.
bool IsVectorizable(const ExprContext& ctx, const ExprPtr& e);

// Writes `const T tN = ...;` lines to *out (each line prefixed by
// `indent`), one per distinct node, and returns the C++ name holding the
// value. Scalar names have ComputeType(e->dtype); vector names are
// hn::Vec of the tag `d` the caller declared. Integer division by zero
// sets the caller's `int tc_zd`.
class ExprWriter {
 public:
  ExprWriter(const ExprContext& ctx, std::string indent, std::string* out, int* counter)
      : ctx_(ctx), indent_(std::move(indent)), out_(out), counter_(counter) {}
  absl::StatusOr<std::string> Scalar(const ExprPtr& e);
  absl::StatusOr<std::string> Vector(const ExprPtr& e);

 private:
  std::string Temp(std::string_view type, const std::string& value);
  // The temporary holding e's value, written on first use.
  absl::StatusOr<std::string> Memoized(absl::flat_hash_map<const Expr*, std::string>& memo,
                                       const ExprPtr& e, bool vector);
  absl::StatusOr<std::string> ScalarValue(const Expr& e);
  absl::StatusOr<std::string> VectorValue(const Expr& e);
  absl::StatusOr<std::string> ScalarOp(const Expr& e, const Op& op);
  absl::StatusOr<std::string> VectorOp(const Expr& e, const Op& op);

  const ExprContext& ctx_;
  std::string indent_;
  std::string* out_;
  int* counter_;
  absl::flat_hash_map<const Expr*, std::string> scalar_memo_, vector_memo_;
};

// A constant as a C++ literal of `dtype`'s compute type (Python numbers
// stay unrounded in the compute type, as eager's ScalarAs keeps them).
std::string ScalarLiteral(const tensor::Scalar& value, DType dtype);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_EMIT_EXPR_H_
