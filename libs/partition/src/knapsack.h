// The 0-1 knapsack the memory budget solves (PyTorch's dp_knapsack): which
// banned values to keep saving so the most runtime is saved within a
// memory budget, the rest being recomputed.
#ifndef TC_PARTITION_SRC_KNAPSACK_H_
#define TC_PARTITION_SRC_KNAPSACK_H_

#include <vector>

namespace tc::partition::internal {

struct KnapsackChoice {
  std::vector<int> saved;       // item indices, ascending
  std::vector<int> recomputed;  // item indices, descending (backtracking order)
};

// Memories are quantized to 1/10000 of the budget's unit (rounded half to
// even, as Python's round), runtimes summed in float32, exactly as
// PyTorch's table so ties resolve the same way.
KnapsackChoice DpKnapsack(const std::vector<double>& memory, const std::vector<double>& runtime,
                          double max_memory);

}  // namespace tc::partition::internal

#endif  // TC_PARTITION_SRC_KNAPSACK_H_
