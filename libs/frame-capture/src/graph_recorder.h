// GraphRecorder: the OpTracer frame-capture installs while it traces a
// frame. Every op the torch module runs becomes a graph node; tensors are
// fakes (meta tensors). The graph is functional (no in-place ops), so
// mutation is tracked the way AOTAutograd's functionalization does it: a
// fake's Storage stands for one base graph value (the whole storage laid
// out as the tensor that made it), and a view (a fake over the same
// storage with another offset, sizes or strides, made by a view op exactly
// as kernels::CallMeta lays it out) has its own graph value derived from
// the base. An in-place write into a view scatters into the base; views
// read after a write are regenerated from the new base.
#ifndef TC_FRAME_CAPTURE_SRC_GRAPH_RECORDER_H_
#define TC_FRAME_CAPTURE_SRC_GRAPH_RECORDER_H_

#include <string>
#include <tuple>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/node_hash_map.h"

#include "tc/frame_capture/captured_graph.h"
#include "tc/frame_capture/source.h"
#include "tc/graph_ir/graph.h"
#include "tc/script/value.h"
#include "tc/script_torch/op_tracer.h"

#include "compile_times.h"

namespace tc::frame_capture {

class GraphRecorder : public script_torch::OpTracer {
 public:
  GraphRecorder() = default;

  absl::StatusOr<std::vector<tensor::Tensor>> RunOp(
      const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args) override;
  absl::Status WriteInPlace(const tensor::Tensor& self, const tensor::Tensor& value) override;

  // The fake standing for the real tensor object `real` reached through
  // `source`: a graph input, made once per real tensor object. A `lazy`
  // one (a frame local) becomes a graph input only when first used (an
  // op's operand, an attribute read, a rebuilt output), as Dynamo realizes
  // its lazy variables: graph inputs are ordered by first use, so
  // torch.relu(self.lin(x)) takes (weight, bias, x).
  script::Value InputFor(const script::Value& real, const SourcePtr& source, bool lazy = false);
  // Makes the graph input of a lazy fake now (nothing for others).
  absl::Status Realize(const tensor::Tensor& fake);
  // The current graph value of a fake made here (a view's value is
  // regenerated from its base when the base was written since); null for
  // anything else.
  graph_ir::Value* ValueOf(const tensor::Tensor& fake);
  // Whether `t` is a fake made here (or a real tensor the graph uses).
  bool Tracks(const tensor::Tensor& t) const;
  bool IsFake(const script::Value& v) const;
  // The source of a tensor input when `fake` is the very fake InputFor
  // made for it (so a rebuild can return the caller's own object); null
  // otherwise.
  SourcePtr InputSourceOf(const script::Value& fake) const;
  // When `fake` lies over the storage of a sourced input (a view of it, or
  // the input after an in-place op), that input's source, and `fake`'s
  // storage offset relative to the input's: a rebuild then lays the same
  // view over the caller's tensor, so that it aliases it as in eager mode.
  SourcePtr InputStorageOf(const tensor::Tensor& fake, int64_t* offset) const;
  // Sources of the tensors InputFor made fakes for, with a group number
  // per distinct real tensor object: a later call may reuse the graph only
  // if sources of one group still name one object and sources of
  // different groups name tensors over different storages.
  const std::vector<std::pair<SourcePtr, int>>& alias_groups() const { return alias_groups_; }
  // Not ok when the recorder could not model an aliasing view (the graph
  // would be wrong); the frame must then not be compiled.
  const absl::Status& status() const { return status_; }

  graph_ir::Graph& graph() { return graph_; }
  int num_nodes() const { return static_cast<int>(graph_.nodes().size()); }
  // Graph inputs in placeholder order: the source of each, or null for a
  // tensor constant (then `constants` holds the real tensor at that index).
  const std::vector<SourcePtr>& input_sources() const { return input_sources_; }
  const std::vector<tensor::Tensor>& constants() const { return constants_; }
  // Graph inputs written by in-place ops (on themselves or on views of
  // them): (input index, final value).
  std::vector<std::pair<int, graph_ir::Value*>> MutatedInputs() const;

  // Where op tracing (get_fake_value), node making (create_proxy) and
  // input recording (wrap_to_fake_tensor_and_record) are timed.
  void set_times(CompileTimes* times) { times_ = times; }

  // Moves the graph out (the recorder is finished).
  graph_ir::Graph TakeGraph() { return std::move(graph_); }
  // Per node of the graph (in its order): recorded with autograd when
  // traced. A node the recorder made itself (a write's scatter into its
  // base, a view read out of a written base) is recorded when grad mode
  // was on as it was made and one of its inputs carries grad, as eager
  // autograd records the write (CopySlices) and the view. Call before
  // TakeGraph.
  std::vector<bool> GradNodes() const;

 private:
  absl::flat_hash_map<const graph_ir::Node*, bool> grad_nodes_;
  // Nodes the recorder made (not ops the script ran): grad mode then.
  absl::flat_hash_map<const graph_ir::Node*, bool> made_nodes_;
  // Graph inputs whose tensor requires grad.
  absl::flat_hash_set<const graph_ir::Value*> grad_inputs_;
  // Whether graph value `v` carries gradient (an input that requires grad,
  // or the output of a node GradNodes marks), memoized for made nodes.
  bool Carries(const graph_ir::Value* v);
  absl::flat_hash_map<const graph_ir::Value*, bool> carries_;
  // `v` read through fake `t`: a clone that is never recorded when `t`
  // has no history but `v` has (see ArgValue).
  absl::StatusOr<graph_ir::Value*> Detached(const tensor::Tensor& t, graph_ir::Value* v);
  absl::flat_hash_map<const graph_ir::Value*, graph_ir::Value*> detached_values_;
  // graph_.Apply for a node the recorder makes itself (see GradNodes).
  absl::StatusOr<graph_ir::Value*> Made(std::string_view op_name, std::vector<graph_ir::Arg> args);
  // One storage: the graph value of its base tensor, and the base's layout.
  struct StorageState {
    graph_ir::Value* value = nullptr;
    int64_t offset = 0;
    tensor::Shape sizes, strides;
    int version = 0;    // bumped by every write; views of older versions are stale
    bool real = false;  // a real tensor's storage (a constant input)
  };
  // A view's layout over its storage.
  using ViewKey = std::tuple<const tensor::Storage*, int64_t, tensor::Shape, tensor::Shape>;
  struct ViewState {
    graph_ir::Value* value = nullptr;
    int version = 0;
  };

  tensor::Tensor NewFake(const graph_ir::TensorMeta& meta, graph_ir::Value* value);
  // Gives a lazy input's storage its graph input (st.value null until then).
  absl::Status Realize(const tensor::Storage* storage, StorageState& st);
  absl::StatusOr<graph_ir::Value*> ArgValue(const tensor::Tensor& t);
  static bool IsBaseLayout(const StorageState& st, const tensor::Tensor& t);
  // For each element of `t` (row-major), its row-major index in the base
  // of `st`; an error when `t` reaches outside the base or, for `write`,
  // when the base or `t` overlaps itself.
  static absl::StatusOr<tensor::Tensor> ElementIndex(const StorageState& st,
                                                     const tensor::Tensor& t, bool write);
  // The view `t` read out of its storage's current base value.
  absl::StatusOr<graph_ir::Value*> Regenerate(StorageState& st, const tensor::Tensor& t);

  graph_ir::Graph graph_;
  // Node-based: a StorageState stays put while ArgValue adds constants.
  absl::node_hash_map<const tensor::Storage*, StorageState> states_;
  absl::flat_hash_map<ViewKey, ViewState> views_;
  // Storages of views of real tensors (see RunOp): not writable.
  absl::flat_hash_set<const tensor::Storage*> detached_;
  absl::Status status_;
  absl::flat_hash_map<const script::Object*, script::Value> fake_of_real_;
  absl::flat_hash_map<const script::Object*, SourcePtr> source_of_fake_;
  // Fake storage -> the source of the input it stands for.
  absl::flat_hash_map<const tensor::Storage*, SourcePtr> input_source_of_storage_;
  // Real storage -> the first real tensor object InputFor saw over it.
  absl::flat_hash_map<const tensor::Storage*, const script::Object*> real_storages_;
  std::vector<std::pair<SourcePtr, int>> alias_groups_;
  absl::flat_hash_map<const script::Object*, int> group_of_real_;
  std::vector<SourcePtr> input_sources_;
  std::vector<tensor::Tensor> constants_;  // per input; empty for sourced ones
  std::vector<const tensor::Storage*> input_storage_;
  std::vector<tensor::Tensor> keep_alive_;  // fakes, so storages are not reused
  // Lazy inputs not used yet: storage -> what their graph input will be.
  struct PendingInput {
    SourcePtr source;
    std::string name;  // placeholder name without its index
    graph_ir::TensorMeta meta;
    bool requires_grad = false;
  };
  absl::flat_hash_map<const tensor::Storage*, PendingInput> pending_;
  CompileTimes* times_ = nullptr;
};

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_GRAPH_RECORDER_H_
