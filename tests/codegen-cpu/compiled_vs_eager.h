// Test-only: a graph compiled through the whole pipeline (GeneratedGraph)
// against the interpreter (eager's kernels) and against Lower + Evaluate,
// every output bit for bit, and graph-building constants; the emitter's
// row-op and norm tests share them.
#ifndef TC_TESTS_CODEGEN_CPU_COMPILED_VS_EAGER_H_
#define TC_TESTS_CODEGEN_CPU_COMPILED_VS_EAGER_H_

#include <string>
#include <vector>

#include "tc/codegen_cpu/codegen.h"
#include "tc/graph_ir/graph.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu::testing {

// Graph-building constants: None, a float, an int.
inline graph_ir::Constant None() { return graph_ir::Constant(graph_ir::None{}); }
inline graph_ir::Constant Num(double v) { return graph_ir::Constant(tensor::Scalar(v)); }
inline graph_ir::Constant Int(int64_t v) { return graph_ir::Constant(tensor::Scalar(v)); }

// Compiles `g`, runs it and the interpreter on `inputs`, expects every
// output equal bit for bit (NaN equals NaN) and Lower + Evaluate to agree
// too; returns the artifacts (empty when compiling failed).
GraphArtifacts ExpectCompiledSameAsEager(const graph_ir::Graph& g,
                                         const std::vector<tensor::Tensor>& inputs,
                                         const std::string& label);

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_COMPILED_VS_EAGER_H_
