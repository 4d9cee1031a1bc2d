// The differential fuzz's graph generator: from a seed, a random graph-ir
// graph (pointwise ops of every kind the lowering handles, reductions,
// views, broadcasting, every dtype, sizes 0, 1, odd and large) and its
// inputs (non-contiguous layouts, special values). The same seed always
// makes the same graph and the same input data.
#ifndef TC_TESTS_CODEGEN_CPU_FUZZ_GRAPHS_H_
#define TC_TESTS_CODEGEN_CPU_FUZZ_GRAPHS_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "tc/graph_ir/graph.h"
#include "tc/tensor/tensor.h"

namespace tc::codegen_cpu::testing {

struct FuzzCase {
  uint64_t seed = 0;
  std::unique_ptr<graph_ir::Graph> graph;  // heap-held: Values point into it
  std::vector<tensor::Tensor> inputs;      // one per placeholder
};

// The graph and inputs of `seed`: 1 to 12 ops, one or more outputs (now
// and then an input or a view of one returned as is).
FuzzCase MakeFuzzCase(uint64_t seed);

}  // namespace tc::codegen_cpu::testing

#endif  // TC_TESTS_CODEGEN_CPU_FUZZ_GRAPHS_H_
