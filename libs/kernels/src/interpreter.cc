// Interpreter::Run: placeholders checked, nodes run in order on the eager
// kernels (or their meta inference, for meta inputs), each value dropped
// after its last use.
#include "tc/kernels/interpreter.h"

#include <algorithm>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_format.h"

#include "tc/kernels/caching_allocator.h"
#include "tc/kernels/eager.h"
#include "tc/support/status.h"

namespace tc::kernels {

Interpreter::Interpreter(const graph_ir::Graph& graph)
    : graph_(graph), last_use_(graph.num_values(), -1) {
  const auto& nodes = graph_.nodes();
  node_inputs_.resize(nodes.size());
  for (size_t n = 0; n < nodes.size(); ++n) {
    for (const graph_ir::Value* v : nodes[n]->Inputs()) {
      node_inputs_[n].push_back(static_cast<int32_t>(v->id()));
      last_use_[v->id()] = static_cast<int64_t>(n);
    }
  }
  for (const graph_ir::Value* v : graph_.outputs()) last_use_[v->id()] = INT64_MAX;
  moves_.resize(nodes.size());
  for (size_t n = 0; n < nodes.size(); ++n) {
    std::span<const graph_ir::Arg> args = nodes[n]->args();
    moves_[n].assign(args.size(), false);
    for (size_t i = 0; i < args.size(); ++i) {
      const auto* v = std::get_if<graph_ir::Value*>(&args[i]);
      if (v == nullptr || last_use_[(*v)->id()] != static_cast<int64_t>(n)) continue;
      bool later = false;  // read again by a later argument of the same node
      for (size_t j = i + 1; j < args.size() && !later; ++j) {
        if (const auto* w = std::get_if<graph_ir::Value*>(&args[j])) later = *w == *v;
        if (const auto* l = std::get_if<std::vector<graph_ir::Value*>>(&args[j])) {
          later = std::find(l->begin(), l->end(), *v) != l->end();
        }
      }
      moves_[n][i] = !later;
    }
  }
}

absl::StatusOr<std::vector<tensor::Tensor>> Interpreter::Run(
    std::span<const tensor::Tensor> inputs) const {
  InstallCachingAllocator();
  const auto placeholders = graph_.inputs();
  if (inputs.size() != placeholders.size()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("graph expects %d inputs, got %d", placeholders.size(), inputs.size()));
  }
  // By value id; small graphs keep them on the stack.
  absl::InlinedVector<tensor::Tensor, 16> values(graph_.num_values());
  const auto& nodes = graph_.nodes();
  for (size_t i = 0; i < inputs.size(); ++i) {
    const graph_ir::Value* p = placeholders[i];
    const tensor::Tensor& t = inputs[i];
    if (!t.defined() || t.dtype() != p->meta().dtype || t.sizes() != p->meta().sizes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "input %d ('%s'): expected %s, got %s%s", i, p->name(), p->meta().ToString(),
          t.defined() ? tensor::DTypeName(t.dtype()) : "undefined",
          t.defined() ? tensor::ShapeToString(t.sizes()) : ""));
    }
    values[p->id()] = t;
  }
  // Meta inputs make a meta run: creation and random nodes, which have no
  // tensor input to follow, make meta tensors too.
  bool meta = false;
  for (const tensor::Tensor& t : inputs) meta = meta || t.is_meta();
  const tensor::Tensor kUndefined;
  absl::InlinedVector<KernelArg, 6> args;
  for (size_t n = 0; n < nodes.size(); ++n) {
    const graph_ir::Node& node = *nodes[n];
    args.clear();
    const std::vector<bool>& moves = moves_[n];
    for (size_t i = 0; i < node.args().size(); ++i) {
      const graph_ir::Arg& a = node.args()[i];
      if (const auto* v = std::get_if<graph_ir::Value*>(&a)) {
        if (moves[i]) {
          args.emplace_back(std::move(values[(*v)->id()]));
        } else {
          args.emplace_back(values[(*v)->id()]);
        }
      } else if (const auto* list = std::get_if<std::vector<graph_ir::Value*>>(&a)) {
        std::vector<tensor::Tensor> ts;
        ts.reserve(list->size());
        for (const graph_ir::Value* v : *list) ts.push_back(values[v->id()]);
        args.emplace_back(std::move(ts));
      } else {
        args.emplace_back(std::get<graph_ir::Constant>(a));
      }
    }
    // Drop inputs whose last use is this node before running it, so their
    // memory can go back to the allocator as soon as the kernel is done.
    for (int32_t id : node_inputs_[n]) {
      if (last_use_[id] == static_cast<int64_t>(n)) values[id] = kUndefined;
    }
    std::span<const KernelArg> arg_span(args.data(), args.size());
    auto outs = meta ? CallMeta(node.op(), arg_span) : Call(node.op(), arg_span);
    if (!outs.ok()) {
      return absl::Status(outs.status().code(),
                          absl::StrFormat("node %d (%s): %s", n, node.op().name,
                                          std::string(outs.status().message())));
    }
    for (size_t i = 0; i < node.outputs().size() && i < outs->size(); ++i) {
      const graph_ir::Value* v = node.outputs()[i];
      if (last_use_[v->id()] >= 0) values[v->id()] = std::move((*outs)[i]);
    }
  }
  std::vector<tensor::Tensor> result;
  result.reserve(graph_.outputs().size());
  for (const graph_ir::Value* v : graph_.outputs()) result.push_back(values[v->id()]);
  return result;
}

}  // namespace tc::kernels
