#include "tc/graph_ir/verifier.h"

#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"

#include "tc/support/status.h"

namespace tc::graph_ir {
namespace {

std::string Describe(const Value* v) {
  if (v == nullptr) return "null value";
  if (!v->name().empty()) return absl::StrFormat("%%%s", v->name());
  return absl::StrFormat("value #%d", v->id());
}

class Verifier {
 public:
  explicit Verifier(const Graph& g) : g_(g), defined_(g.num_values(), false) {}

  absl::Status Run() {
    absl::flat_hash_set<std::string_view> names;
    for (const Value* in : g_.inputs()) {
      if (!g_.Owns(in))
        return absl::InvalidArgumentError("a placeholder is not a value of this graph");
      if (in->producer() != nullptr || in->name().empty()) {
        return absl::InvalidArgumentError(
            absl::StrFormat("%s is listed as a placeholder but is a node output", Describe(in)));
      }
      if (!names.insert(in->name()).second) {
        return absl::InvalidArgumentError(
            absl::StrFormat("duplicate placeholder '%%%s'", in->name()));
      }
      if (in->meta().strides.size() != in->meta().sizes.size()) {
        return absl::InvalidArgumentError(
            absl::StrFormat("placeholder %s has mismatched sizes and strides", Describe(in)));
      }
      defined_[in->id()] = true;
    }
    const auto& nodes = g_.nodes();
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (absl::Status s = CheckNode(*nodes[i]); !s.ok()) {
        return absl::InvalidArgumentError(
            absl::StrFormat("node %d (%s): %s", i, nodes[i]->op().name, s.message()));
      }
    }
    for (const Value* out : g_.outputs()) {
      if (!IsDefined(out)) {
        return absl::InvalidArgumentError(
            absl::StrFormat("graph output %s is not defined", Describe(out)));
      }
    }
    return absl::OkStatus();
  }

 private:
  bool IsDefined(const Value* v) const { return g_.Owns(v) && defined_[v->id()]; }

  absl::Status Use(const Value* v, const ArgSpec& spec, std::vector<TensorMeta>* list,
                   std::vector<MetaArg>& metas) {
    if (!g_.Owns(v)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("argument '%s' is not a value of this graph", spec.name));
    }
    if (!defined_[v->id()]) {
      return absl::InvalidArgumentError(
          absl::StrFormat("argument '%s' uses %s before its definition", spec.name, Describe(v)));
    }
    if (list) {
      list->push_back(v->meta());
    } else {
      metas.emplace_back(v->meta());
    }
    return absl::OkStatus();
  }

  absl::Status CheckNode(const Node& node) {
    const OpDef& op = node.op();
    if (FindOp(op.name) != &op) return absl::InvalidArgumentError("op is not registered");
    if (node.args().size() != op.args.size()) {
      return absl::InvalidArgumentError(absl::StrFormat("has %d arguments but the schema has %d",
                                                        node.args().size(), op.args.size()));
    }
    std::vector<MetaArg> metas;
    metas.reserve(op.args.size());
    for (size_t i = 0; i < op.args.size(); ++i) {
      const Arg& arg = node.args()[i];
      if (const auto* v = std::get_if<Value*>(&arg)) {
        TC_RETURN_IF_ERROR(Use(*v, op.args[i], nullptr, metas));
      } else if (const auto* l = std::get_if<std::vector<Value*>>(&arg)) {
        std::vector<TensorMeta> list;
        for (const Value* e : *l) TC_RETURN_IF_ERROR(Use(e, op.args[i], &list, metas));
        metas.emplace_back(std::move(list));
      } else {
        metas.emplace_back(std::get<Constant>(arg));
      }
    }
    // InferMeta checks the argument types against the schema.
    TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> expected, InferMeta(op, metas));
    if (node.outputs().size() != expected.size()) {
      return absl::InvalidArgumentError(absl::StrFormat("has %d outputs but the op returns %d",
                                                        node.outputs().size(), expected.size()));
    }
    for (size_t i = 0; i < expected.size(); ++i) {
      const Value* out = node.output(static_cast<int>(i));
      if (!g_.Owns(out) || out->producer() != &node || out->output_index() != static_cast<int>(i)) {
        return absl::InvalidArgumentError(
            absl::StrFormat("output %d is not linked back to this node", i));
      }
      if (defined_[out->id()]) {
        return absl::InvalidArgumentError(absl::StrFormat("output %d is defined twice", i));
      }
      if (!(out->meta() == expected[i])) {
        return absl::InvalidArgumentError(
            absl::StrFormat("output %d has stored meta %s but the op infers %s", i,
                            out->meta().ToString(), expected[i].ToString()));
      }
      defined_[out->id()] = true;
    }
    return absl::OkStatus();
  }

  const Graph& g_;
  std::vector<bool> defined_;
};

}  // namespace

absl::Status Verify(const Graph& graph) { return Verifier(graph).Run(); }

}  // namespace tc::graph_ir
