// Graph: SSA values, nodes applying registered ops, placeholders and
// outputs, with a builder API that infers each value's metadata.
#ifndef TC_GRAPH_IR_GRAPH_H_
#define TC_GRAPH_IR_GRAPH_H_

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"

#include "tc/graph_ir/op.h"

namespace tc::graph_ir {

class Node;

// One SSA value: a placeholder (graph input) or one output of a node.
class Value {
 public:
  int id() const { return id_; }
  const TensorMeta& meta() const { return meta_; }
  // The node that defines this value; nullptr for a placeholder.
  Node* producer() const { return producer_; }
  int output_index() const { return output_index_; }
  // The placeholder's name, or "" for node outputs (printed as %<id>).
  const std::string& name() const { return name_; }

 private:
  friend class Graph;
  int id_ = 0;
  TensorMeta meta_;
  Node* producer_ = nullptr;
  int output_index_ = 0;
  std::string name_;
};

// A node argument: one value, a list of values, or a constant.
using Arg = std::variant<Value*, std::vector<Value*>, Constant>;

class Node {
 public:
  const OpDef& op() const { return *op_; }
  std::span<const Arg> args() const { return args_; }
  std::span<Value* const> outputs() const { return outputs_; }
  Value* output(int i = 0) const { return outputs_[i]; }
  // Every value this node reads, in argument order.
  std::vector<Value*> Inputs() const;

 private:
  friend class Graph;
  const OpDef* op_ = nullptr;
  std::vector<Arg> args_;
  std::vector<Value*> outputs_;
};

class Graph {
 public:
  Graph() = default;
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;
  Graph(Graph&&) = default;
  Graph& operator=(Graph&&) = default;

  // Adds a placeholder; names must be unique identifiers.
  absl::StatusOr<Value*> AddInput(std::string_view name, TensorMeta meta);
  // Appends a node applying `op_name` to `args` (positional; trailing
  // arguments with defaults may be omitted), inferring its outputs' metadata.
  absl::StatusOr<Node*> AddNode(std::string_view op_name, std::vector<Arg> args);
  // Shorthand for single-output ops.
  absl::StatusOr<Value*> Apply(std::string_view op_name, std::vector<Arg> args);
  void SetOutputs(std::vector<Value*> outputs) { outputs_ = std::move(outputs); }

  std::span<Value* const> inputs() const { return inputs_; }
  std::span<Value* const> outputs() const { return outputs_; }
  // Nodes in program order.
  const std::vector<std::unique_ptr<Node>>& nodes() const { return nodes_; }
  size_t num_values() const { return values_.size(); }

  // Pass support: replaces every use of `from` (node args and graph outputs)
  // with `to`; erases nodes for which `dead(node)` holds; reorders nodes.
  // Metadata is not re-inferred: Verify() reports uses whose metadata no
  // longer matches. Erased nodes' outputs stay allocated but undefined.
  void ReplaceAllUses(Value* from, Value* to);
  // Many replacements in one walk over the graph (keys are replaced by values).
  void ReplaceAllUses(const absl::flat_hash_map<const Value*, Value*>& replacements);
  void EraseNodes(const std::vector<Node*>& dead);
  void SetNodeOrder(std::vector<Node*> order);

  // The text format (see text_format.h).
  std::string ToString() const;

  // True when `value` is a value this graph allocated (defined or not).
  bool Owns(const Value* value) const {
    return value != nullptr && value->id() >= 0 &&
           static_cast<size_t>(value->id()) < values_.size() && values_[value->id()].get() == value;
  }

 private:
  Value* NewValue(TensorMeta meta);

  std::vector<std::unique_ptr<Value>> values_;
  std::vector<std::unique_ptr<Node>> nodes_;
  std::vector<Value*> inputs_;
  // Placeholder names, so adding one stays O(1) (graphs with thousands of
  // parameters: a partitioned backward takes every saved value as input).
  absl::flat_hash_set<std::string> input_names_;
  std::vector<Value*> outputs_;
};

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_GRAPH_H_
