// A batch of emitter test cases compiled as one translation unit (each
// clang++ run costs most of a second): inputs and outputs are program
// buffers, each case one node (or a few) whose output is compared with
// eager's result for the same op.
#ifndef TC_TESTS_CODEGEN_CPU_EMIT_BATCH_H_
#define TC_TESTS_CODEGEN_CPU_EMIT_BATCH_H_

#include <string>
#include <vector>

#include "tc/codegen_cpu/emit.h"
#include "tc/codegen_cpu/loop_ir.h"
#include "tc/kernels/eager.h"
#include "tc/tensor/tensor.h"

#include "emit_test_util.h"

namespace tc::codegen_cpu::testing {

// eager's result of one op (a test failure, and an undefined tensor, when
// eager rejects it).
Tensor Eager(std::string_view op, std::vector<kernels::KernelArg> args);

class Batch {
 public:
  // An input buffer viewing `t` (its sizes and strides; offset applied).
  int Input(const Tensor& t);
  // A contiguous output buffer (or intermediate) of dtype and sizes.
  int Output(DType dtype, const std::vector<int64_t>& sizes,
             Buffer::Role role = Buffer::Role::kOutput);
  // A load of buffer b at the loop variables of its own sizes.
  ExprPtr LoadAll(int b) const;
  // Appends a node writing `buffer` (built in place: GCC warns about
  // copies of a Node's variant built from a designated initializer).
  void AddNode(int buffer, codegen_cpu::Pointwise body);
  void AddNode(int buffer, codegen_cpu::Reduction body);
  // out[i] = value over out's sizes.
  void Pointwise(int out, ExprPtr value);
  // Compare buffer `out` with `want` after running: exact unless max_ulp.
  void Expect(std::string label, int out, Tensor want, int64_t max_ulp = 0);

  Program program;
  std::vector<Tensor> tensors;

  // Schedules (unless kernels were given), emits, compiles, runs (with
  // the pool when `parallel`) and checks every Expect. Returns the
  // emitted source for further checks.
  EmittedSource Run(bool parallel = false, bool schedule = true);
  // The runtime's error flag after Run (1: an integer division by zero).
  int error = 0;
  // The largest ulp difference seen per label, after Run.
  std::vector<std::pair<std::string, int64_t>> ulps;

 private:
  struct Case {
    std::string label;
    int out;
    Tensor want;
    int64_t max_ulp;
  };
  std::vector<Case> cases_;
};

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_EMIT_BATCH_H_
