// The joint graph as the partitioners see it: a working copy (dead code
// removed, optionally common subexpressions merged), its values as items
// (PyTorch's FX nodes), and their classification (forward, backward,
// unclaimed).
#ifndef TC_PARTITION_SRC_JOINT_MODEL_H_
#define TC_PARTITION_SRC_JOINT_MODEL_H_

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"
#include "tc/partition/partition.h"

namespace tc::partition::internal {

// Bits of Item::op_types.
enum OpTypeBits : uint8_t {
  kRecomputable = 1,
  kView = 2,
  kRandom = 4,
  kComputeIntensive = 8,
  kCat = 16,
};

// One unit the partitioners decide about. A multi-output node is a tuple
// item followed by one get-item per output, as in an FX graph.
struct Item {
  enum class Kind : uint8_t { kPrimal, kTangent, kNode, kTuple, kGetItem };
  Kind kind = Kind::kNode;
  const graph_ir::Node* node = nullptr;       // the work graph's node; null for inputs
  const graph_ir::Value* value = nullptr;     // the work value; null for a tuple
  const graph_ir::Value* original = nullptr;  // the caller's joint value; null for a tuple
  std::vector<int> inputs;                    // items read, each once, in argument order
  std::vector<int> args;                      // top-level tensor arguments, repeats kept
  std::vector<int> users;                     // items reading it, each once, in joint order
  bool output_user = false;                   // a graph output (FX: the output node uses it)
  int64_t size_bytes = 0;
  uint8_t op_types = 0;  // OpTypeBits of the op (op_types.h), looked up once

  bool is_input() const { return kind == Kind::kPrimal || kind == Kind::kTangent; }
  bool is_call() const { return !is_input(); }
};

struct JointModel {
  graph_ir::Graph graph;                                     // the working copy
  std::vector<Item> items;                                   // joint order
  absl::flat_hash_map<const graph_ir::Value*, int> item_of;  // work value -> item
  std::vector<int> primals, tangents;                        // items, in input order
  std::vector<int> fwd_outputs, bwd_outputs;                 // items of the graph outputs
  // Classification, as PyTorch's classify_nodes: the tangents and all
  // their users (transitively); that plus the gradient outputs; the primals
  // and everything the forward outputs need.
  std::vector<bool> tangent_closure, required_bw, required_fw;
  std::vector<int> fw_order;  // position among required_fw items; -1 elsewhere

  bool IsRecomputableItem(int i) const { return (items[i].op_types & kRecomputable) != 0; }
  bool IsViewItem(int i) const { return (items[i].op_types & kView) != 0; }
  bool IsRandomItem(int i) const { return (items[i].op_types & kRandom) != 0; }
  bool IsComputeIntensiveItem(int i) const { return (items[i].op_types & kComputeIntensive) != 0; }
  bool IsFusibleItem(int i) const { return (items[i].op_types & (kRecomputable | kRandom)) != 0; }
  // PyTorch's is_fusible(a, b): b is a cat, or both are fusible ops.
  bool IsFusible(int a, int b) const {
    return (items[b].op_types & kCat) != 0 || (IsFusibleItem(a) && IsFusibleItem(b));
  }
};

// Copies and classifies `joint` (already checked by CheckJointGraph).
// With `cse`, merges common subexpressions as the min-cut partitioner does:
// never a forward-only node with one a gradient depends on, never a node
// aliasing a graph output.
absl::StatusOr<JointModel> BuildJointModel(const JointGraph& joint, bool cse);

}  // namespace tc::partition::internal

#endif  // TC_PARTITION_SRC_JOINT_MODEL_H_
