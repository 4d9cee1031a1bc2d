// Interpreter: runs a graph_ir::Graph node by node on the eager kernels.
#ifndef TC_KERNELS_INTERPRETER_H_
#define TC_KERNELS_INTERPRETER_H_

#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"
#include "tc/tensor/tensor.h"

namespace tc::kernels {

class Interpreter {
 public:
  // Works out once which values each node reads and when each value is
  // last used, so repeated runs (a compiled graph called per step) pay
  // only for the kernels.
  explicit Interpreter(const graph_ir::Graph& graph);

  // Runs the graph on `inputs` (one per placeholder, matching its metadata:
  // dtype and sizes are checked) and returns the graph's outputs. Values are
  // freed after their last use. When an input is a meta tensor, every node
  // runs as kernels::CallMeta: the outputs are meta tensors, no data read.
  // Cpu inputs next to meta ones count for their metadata only.
  absl::StatusOr<std::vector<tensor::Tensor>> Run(std::span<const tensor::Tensor> inputs) const;

 private:
  const graph_ir::Graph& graph_;
  std::vector<int64_t> last_use_;                  // by value id; -1 unused
  std::vector<std::vector<int32_t>> node_inputs_;  // value ids each node reads
  // Per node, per argument: the argument is the value's last read, so the
  // run moves it into the call instead of copying (no refcount traffic).
  std::vector<std::vector<bool>> moves_;
};

}  // namespace tc::kernels

#endif  // TC_KERNELS_INTERPRETER_H_
