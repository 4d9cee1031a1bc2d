// GraphRecorder: the OpTracer frame-capture installs while it traces a
// frame. Every op the torch module runs becomes a graph node; tensors are
// fakes (meta tensors), each fake's Storage standing for one graph value.
#ifndef TC_FRAME_CAPTURE_SRC_GRAPH_RECORDER_H_
#define TC_FRAME_CAPTURE_SRC_GRAPH_RECORDER_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"

#include "tc/frame_capture/captured_graph.h"
#include "tc/frame_capture/source.h"
#include "tc/graph_ir/graph.h"
#include "tc/script/op_tracer.h"
#include "tc/script/value.h"

namespace tc::frame_capture {

class GraphRecorder : public script::OpTracer {
 public:
  GraphRecorder() = default;

  absl::StatusOr<std::vector<tensor::Tensor>> RunOp(
      const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args) override;
  absl::Status WriteInPlace(const tensor::Tensor& self, const tensor::Tensor& value) override;

  // The fake standing for the real tensor object `real` reached through
  // `source`: a graph input, made once per real tensor object.
  script::Value InputFor(const script::Value& real, const SourcePtr& source);
  // The graph value of a fake made here; null for anything else.
  graph_ir::Value* ValueOf(const tensor::Tensor& fake) const;
  bool IsFake(const script::Value& v) const;

  graph_ir::Graph& graph() { return graph_; }
  int num_nodes() const { return static_cast<int>(graph_.nodes().size()); }
  // Graph inputs in placeholder order: the source of each, or null for a
  // tensor constant (then `constants` holds the real tensor at that index).
  const std::vector<SourcePtr>& input_sources() const { return input_sources_; }
  const std::vector<tensor::Tensor>& constants() const { return constants_; }
  // Graph inputs written by in-place ops: (input index, final value).
  std::vector<std::pair<int, graph_ir::Value*>> MutatedInputs() const;

  // Moves the graph out (the recorder is finished).
  graph_ir::Graph TakeGraph() { return std::move(graph_); }

 private:
  tensor::Tensor NewFake(const graph_ir::TensorMeta& meta, graph_ir::Value* value);
  absl::StatusOr<graph_ir::Value*> ArgValue(const tensor::Tensor& t);

  graph_ir::Graph graph_;
  absl::flat_hash_map<const tensor::Storage*, graph_ir::Value*> by_storage_;
  absl::flat_hash_map<const script::Object*, script::Value> fake_of_real_;
  std::vector<SourcePtr> input_sources_;
  std::vector<tensor::Tensor> constants_;  // per input; empty for sourced ones
  std::vector<const tensor::Storage*> input_storage_;
  std::vector<tensor::Tensor> keep_alive_;  // fakes, so storages are not reused
};

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_GRAPH_RECORDER_H_
