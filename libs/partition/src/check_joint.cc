// CheckJointGraph and AllPrimalsHaveGrads: what a joint graph must look
// like before either partitioner reads it.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

#include "tc/graph_ir/verifier.h"
#include "tc/partition/partition.h"
#include "tc/support/status.h"

namespace tc::partition {
namespace {

absl::Status Invalid(const std::string& message) {
  return absl::InvalidArgumentError(absl::StrCat("not a joint graph: ", message));
}

// The k of "<prefix>_<k>", or 0 when `name` has another shape.
int InputNumber(const std::string& name, const std::string& prefix) {
  if (!absl::StartsWith(name, prefix)) return 0;
  int k = 0;
  if (!absl::SimpleAtoi(name.substr(prefix.size()), &k) || k <= 0) return 0;
  // Leading zeros or signs would make two spellings of one number.
  return absl::StrCat(prefix, k) == name ? k : 0;
}

// Placeholders are primals_1..n then tangents_1..m; counts them.
absl::Status CheckInputs(const graph_ir::Graph& graph, int& num_primals, int& num_tangents) {
  num_primals = num_tangents = 0;
  for (const graph_ir::Value* in : graph.inputs()) {
    const std::string& name = in->name();
    if (int k = InputNumber(name, "primals_"); k != 0) {
      if (num_tangents > 0) {
        return Invalid(absl::StrCat("input '", name, "' comes after a tangent (primals first)"));
      }
      if (k != num_primals + 1) {
        return Invalid(absl::StrCat("input '", name, "' where primals_", num_primals + 1,
                                    " was expected (primals are numbered from 1)"));
      }
      ++num_primals;
    } else if (int k = InputNumber(name, "tangents_"); k != 0) {
      if (k != num_tangents + 1) {
        return Invalid(absl::StrCat("tangents_", num_tangents + 1, " is missing (input '", name,
                                    "' found in its place)"));
      }
      ++num_tangents;
    } else {
      return Invalid(absl::StrCat("input '", name, "' is neither primals_<k> nor tangents_<k>"));
    }
  }
  return absl::OkStatus();
}

// Values computed from a tangent, by value id.
std::vector<bool> TangentDependent(const graph_ir::Graph& graph) {
  std::vector<bool> dep(graph.num_values(), false);
  for (const graph_ir::Value* in : graph.inputs()) {
    dep[in->id()] = absl::StartsWith(in->name(), "tangents_");
  }
  for (const auto& node : graph.nodes()) {
    bool d = false;
    for (const graph_ir::Value* v : node->Inputs()) d = d || dep[v->id()];
    for (const graph_ir::Value* v : node->outputs()) dep[v->id()] = d;
  }
  return dep;
}

absl::Status CheckOutputs(const JointGraph& joint, int num_primals, int num_tangents) {
  const graph_ir::Graph& graph = *joint.graph;
  const int num_outputs = static_cast<int>(graph.outputs().size());
  if (joint.num_fwd_outputs < 0 || joint.num_fwd_outputs > num_outputs) {
    return Invalid(absl::StrCat("num_fwd_outputs is ", joint.num_fwd_outputs, " but the graph has ",
                                num_outputs, " outputs"));
  }
  const int num_grads = num_outputs - joint.num_fwd_outputs;
  if (static_cast<int>(joint.grad_primals.size()) != num_grads) {
    return Invalid(absl::StrCat("the graph has ", num_grads, " gradient outputs but grad_primals ",
                                "lists ", joint.grad_primals.size()));
  }
  for (size_t i = 0; i < joint.grad_primals.size(); ++i) {
    const int p = joint.grad_primals[i];
    if (p < 0 || p >= num_primals || (i > 0 && p <= joint.grad_primals[i - 1])) {
      return Invalid(absl::StrCat("grad_primals[", i, "] is ", p, ": expected increasing primal ",
                                  "indices below ", num_primals));
    }
  }
  if (num_tangents > joint.num_fwd_outputs) {
    return Invalid(absl::StrCat(num_tangents, " tangents for ", joint.num_fwd_outputs,
                                " forward outputs (one tangent per forward output at most)"));
  }
  if (num_grads > 0 && num_tangents == 0) {
    return Invalid(absl::StrCat("tangents_1 is missing: ", num_grads,
                                " gradient outputs but no tangent input"));
  }
  const std::vector<bool> dep = TangentDependent(graph);
  for (int i = 0; i < joint.num_fwd_outputs; ++i) {
    if (dep[graph.outputs()[i]->id()]) {
      return Invalid(absl::StrCat("forward output ", i, " is computed from a tangent"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

JointGraph AllPrimalsHaveGrads(const graph_ir::Graph& graph, int num_fwd_outputs) {
  JointGraph joint{.graph = &graph, .num_fwd_outputs = num_fwd_outputs, .grad_primals = {}};
  const int num_grads = static_cast<int>(graph.outputs().size()) - num_fwd_outputs;
  for (int i = 0; i < num_grads; ++i) joint.grad_primals.push_back(i);
  return joint;
}

absl::Status CheckJointGraph(const JointGraph& joint) {
  if (joint.graph == nullptr) return Invalid("no graph");
  TC_RETURN_IF_ERROR(graph_ir::Verify(*joint.graph));
  int num_primals = 0;
  int num_tangents = 0;
  TC_RETURN_IF_ERROR(CheckInputs(*joint.graph, num_primals, num_tangents));
  return CheckOutputs(joint, num_primals, num_tangents);
}

}  // namespace tc::partition
