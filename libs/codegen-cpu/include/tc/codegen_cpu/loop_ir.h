// The loop-level IR that codegen-cpu lowers graph-ir into (after
// decomposition to core ops), schedules, and emits as C++.
//
// A program is buffers and nodes. A node computes one buffer as a
// Pointwise or a Reduction over an index space, written as an expression
// tree whose leaves load other buffers at symbolic multi-dimensional
// indices (views, permutes, expands, slices and broadcasts are index
// arithmetic, never copies), or is an Extern: a graph-ir op run by the
// kernels library (matmul, convolution, sort, index ops, random ops: those
// draw exactly what eager draws because eager's kernel runs them).
//
// Scheduling groups nodes into Kernels (one generated function each) and
// inlines pointwise producers into their consumers; the emitter turns each
// Kernel into a loop nest. The printed program (ToString) is stable text:
// the cache key and what TORCH_COMPILE_DEBUG writes.
#ifndef TC_CODEGEN_CPU_LOOP_IR_H_
#define TC_CODEGEN_CPU_LOOP_IR_H_

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "tc/codegen_cpu/sym.h"
#include "tc/graph_ir/op.h"
#include "tc/tensor/dtype.h"
#include "tc/tensor/scalar.h"

namespace tc::codegen_cpu {

using tensor::DType;

// A region of memory the program reads or writes, with its element
// strides. Loads and stores address it by a multi-dimensional index (one
// Sym per dim); the flat offset is Linear(index, strides, offset).
struct Buffer {
  enum class Role {
    kInput,         // graph input i (input_index): the caller's tensor
    kOutput,        // written by the program, returned (eager's strides); also the base
                    // of a returned view when no graph output names it (eager's view
                    // keeps it alive), so it is never planned memory
    kIntermediate,  // written and read inside the program; the memory planner places it
    kAlias,         // a view of buffer `alias_of` (sizes/strides/offset describe it, the
                    // offset in elements from alias_of's element 0): a graph output that
                    // aliases an input or another output, returned as a view; or a view
                    // an Extern reads (its argument as eager passes it: mm of x.t()), which
                    // keeps alias_of's memory alive as long as that Extern runs later
  };
  std::string name;  // "in0", "buf3", "out1": unique, used in the generated code
  Role role = Role::kIntermediate;
  DType dtype = DType::kFloat32;
  std::vector<Sym> sizes, strides;
  Sym offset;
  int input_index = -1;  // kInput
  int alias_of = -1;     // kAlias
};

// Expressions: immutable trees shared by pointer, built with the factories
// below. Every expression has one dtype; the lowering inserts explicit
// casts, so an op computes in its own dtype (as eager's kernels do: a
// float32 add computes in float32, a comparison in its operands' promoted
// dtype).
struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

struct Load {
  int buffer;
  std::vector<Sym> index;  // one per dim of the buffer
};
struct Constant {
  tensor::Scalar value;
};
// An index expression as a value (iota, arange's i * step + start).
struct IndexValue {
  Sym index;
};
// A pointwise op: a graph-ir pointwise op's name ("add", "exp", "where",
// "to_dtype", "gelu", "clamp"...) over expression operands, with its
// non-tensor arguments (gelu's approximate, div's rounding_mode, clamp's
// bounds when they are scalars) kept as graph-ir constants.
struct Op {
  std::string name;
  std::vector<ExprPtr> args;
  std::vector<graph_ir::Constant> attrs;
};
// A per-row value computed earlier in the same kernel (a reduction's
// result the scheduler fused): reads local `node` instead of memory.
struct ReductionResult {
  int node;
};

struct Expr {
  std::variant<Load, Constant, IndexValue, Op, ReductionResult> node;
  DType dtype;
};

ExprPtr MakeLoad(int buffer, std::vector<Sym> index, DType dtype);
ExprPtr MakeConstant(tensor::Scalar value, DType dtype);
ExprPtr MakeIndexValue(Sym index, DType dtype);
ExprPtr MakeOp(std::string name, std::vector<ExprPtr> args, DType dtype,
               std::vector<graph_ir::Constant> attrs = {});
ExprPtr MakeReductionResult(int node, DType dtype);

enum class ReduceOp {
  kSum,
  kProd,
  kMax,  // NaN propagates, as torch.max/amax do
  kMin,
  kArgMax,  // the first index of the maximum (NaN counts as the maximum), int64
  kArgMin,
  kAny,
  kAll,
};
std::string_view ReduceOpName(ReduceOp op);

// out[store(i)] = value(i) for every i in ranges. Loop variables are
// Sym::Var("i0", ranges[0]), ...
struct Pointwise {
  std::vector<Sym> ranges;
  std::vector<Sym> store;  // index into the output buffer, one Sym per buffer dim
  ExprPtr value;
};

// The tensor a float sum reduces as eager lays it out: eager's sum adds in
// an order its input's and output's strides decide (the cascade of
// tc/kernels/sum_order.h), so compiled code adding the same values must
// know them, though the value it sums is an expression, never stored.
// Empty (no dims) when not known: the value's first load decides.
struct SumLayout {
  std::vector<Sym> index;            // per dim: its loop variable (i<k> kept, r<k> reduced)
  std::vector<int64_t> sizes;        // per dim
  std::vector<int64_t> strides;      // per dim: eager's element strides of the summed tensor
  std::vector<int64_t> out_strides;  // per dim: eager's output element strides (0 if reduced)
  DType dtype = DType::kFloat32;     // what eager sums in (16-bit partials round to it)
};

// out[store(i)] = reduce over r in reduction_ranges of value(i, r), with
// reduction variables Sym::Var("r0", reduction_ranges[0]), ...; the result
// has `dtype` (the node's buffer's dtype) and accumulates in
// `accumulate_dtype` (float32 sums accumulate in float32 in the order of
// eager's kernel, so compiled and eager sums agree).
struct Reduction {
  std::vector<Sym> ranges;
  std::vector<Sym> reduction_ranges;
  std::vector<Sym> store;
  ReduceOp op;
  ExprPtr value;
  DType accumulate_dtype;
  SumLayout sum_layout = {};  // float sums: the order eager adds in
};

// A graph-ir op run by the kernels library on tensors that view the
// program's buffers. Arguments mirror the graph node's: a buffer, a list
// of buffers, or a constant.
struct Extern {
  using Arg = std::variant<int, std::vector<int>, graph_ir::Constant>;
  std::string op;
  std::vector<Arg> args;
  std::vector<int> outputs;  // one buffer per op output
};

struct Node {
  int buffer;  // the buffer written (Extern: outputs[0])
  std::variant<Pointwise, Reduction, Extern> body;
  // false: a Reduction the scheduler fused into a row kernel whose result
  // only lives in that kernel (later members read it as ReductionResult);
  // its buffer is never allocated or written. Printed as "local".
  bool written = true;
};

// One generated function: loops over the shared `outer` ranges (loop
// variables i0.. of every member; the parallel loop), inside which the
// member nodes run in order, each over its own remaining ranges. A member
// Reduction whose ranges equal `outer` keeps its result in a local that
// later members read through ReductionResult (softmax's max and sum, then
// its output, per row). A Kernel whose first member is an Extern runs that
// op; any further members are Pointwise nodes over the op's output shape
// (`outer`), its epilogue (bias, activation, residual add after a linear,
// mm, bmm or matmul: schedule.h), run on each row panel of the output as
// the GEMM completes it.
struct Kernel {
  std::string name;  // "kernel0": the generated function's name
  std::vector<Sym> outer;
  std::vector<int> nodes;
};

struct Program {
  std::vector<Buffer> buffers;
  std::vector<Node> nodes;         // in dependency order
  std::vector<Kernel> kernels;     // the schedule; empty until scheduled
  std::vector<int> graph_outputs;  // buffers returned, in the graph's output order
  // Stable text of buffers, nodes and kernels.
  std::string ToString() const;
};

// One kernel per node, each looping over all of its node's ranges (no
// fusion): the schedule the emitter can run before any fusion pass.
void ScheduleUnfused(Program& program);

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_LOOP_IR_H_
