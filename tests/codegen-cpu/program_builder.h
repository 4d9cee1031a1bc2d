// Test-only: builds loop-IR Programs by hand, shaped as Lower builds them
// (one node per graph op, contiguous buffers, Pointwise nodes storing at
// their plain loop variables, keepdim reductions storing [i0, 0]).
#ifndef TC_TESTS_CODEGEN_CPU_PROGRAM_BUILDER_H_
#define TC_TESTS_CODEGEN_CPU_PROGRAM_BUILDER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tc/codegen_cpu/loop_ir.h"

namespace tc::codegen_cpu::testing {

using Index = std::vector<Sym>;
// Output loop variables i0.. over `sizes`, reduction variables r0...
Index LoopVars(const std::vector<int64_t>& sizes, char prefix = 'i');

class ProgramBuilder {
 public:
  // A contiguous graph input.
  int Input(std::vector<int64_t> sizes, DType dtype = DType::kFloat32);
  // A Pointwise node over `sizes` writing a new contiguous buffer (an
  // intermediate, or a graph output when `output`) at [i0, i1, ...].
  int Pointwise(std::vector<int64_t> sizes, const std::function<ExprPtr(const Index&)>& value,
                bool output = false, DType dtype = DType::kFloat32);
  // A Reduction over the trailing `reduced` dims of `sizes` with keepdim:
  // ranges = the leading dims, buffer sizes = leading dims + 1s, store
  // [i0.., 0..], value(i, r) with i the leading and r the reduced variables.
  int RowReduce(std::vector<int64_t> sizes, int reduced, ReduceOp op,
                const std::function<ExprPtr(const Index&, const Index&)>& value,
                bool output = false, DType dtype = DType::kFloat32);
  // An Extern node running graph op `op` on `args`, writing a new buffer.
  int Extern(const std::string& op, std::vector<int> args, std::vector<int64_t> sizes,
             bool output = false, DType dtype = DType::kFloat32);
  // Marks an existing buffer as (also) a graph output.
  void AddOutput(int buffer);

  ExprPtr Load(int buffer, Index index) const;
  Program Build() const { return program_; }

 private:
  int NewBuffer(std::vector<int64_t> sizes, DType dtype, bool output);
  Program program_;
  int inputs_ = 0, outputs_ = 0;
};

// Expression shorthands (float32 unless the operands say otherwise).
ExprPtr C(double v, DType dtype = DType::kFloat32);
ExprPtr Unary(const std::string& op, ExprPtr a);
ExprPtr Binary(const std::string& op, ExprPtr a, ExprPtr b);
inline ExprPtr Add(ExprPtr a, ExprPtr b) { return Binary("add", a, b); }
inline ExprPtr Sub(ExprPtr a, ExprPtr b) { return Binary("sub", a, b); }
inline ExprPtr Mul(ExprPtr a, ExprPtr b) { return Binary("mul", a, b); }
inline ExprPtr Div(ExprPtr a, ExprPtr b) { return Binary("div", a, b); }

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_PROGRAM_BUILDER_H_
