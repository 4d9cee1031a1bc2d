#include "tc/graph_ir/graph.h"

#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_format.h"

#include "tc/graph_ir/text_format.h"
#include "tc/support/check.h"
#include "tc/support/status.h"

namespace tc::graph_ir {
namespace {

bool IsIdentifier(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return true;
}

}  // namespace

std::vector<Value*> Node::Inputs() const {
  std::vector<Value*> out;
  for (const Arg& arg : args_) {
    if (const auto* v = std::get_if<Value*>(&arg)) {
      out.push_back(*v);
    } else if (const auto* l = std::get_if<std::vector<Value*>>(&arg)) {
      out.insert(out.end(), l->begin(), l->end());
    }
  }
  return out;
}

Value* Graph::NewValue(TensorMeta meta) {
  auto value = std::make_unique<Value>();
  value->id_ = static_cast<int>(values_.size());
  value->meta_ = std::move(meta);
  values_.push_back(std::move(value));
  return values_.back().get();
}

absl::StatusOr<Value*> Graph::AddInput(std::string_view name, TensorMeta meta) {
  if (!IsIdentifier(name)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("placeholder name '%s' is not an identifier", name));
  }
  std::string key(name);
  if (input_names_.contains(key)) {
    return absl::InvalidArgumentError(absl::StrFormat("duplicate placeholder '%%%s'", name));
  }
  if (meta.strides.size() != meta.sizes.size()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("placeholder '%%%s' has %d sizes but %d strides", name, meta.sizes.size(),
                        meta.strides.size()));
  }
  input_names_.insert(std::move(key));
  Value* v = NewValue(std::move(meta));
  v->name_ = std::string(name);
  inputs_.push_back(v);
  return v;
}

absl::StatusOr<Node*> Graph::AddNode(std::string_view op_name, std::vector<Arg> args) {
  const OpDef* op = FindOp(op_name);
  if (op == nullptr) return absl::InvalidArgumentError(absl::StrFormat("unknown op '%s'", op_name));
  TC_RETURN_IF_ERROR(CheckArity(*op, args.size()));
  std::vector<MetaArg> metas;
  metas.reserve(op->args.size());
  for (size_t i = 0; i < op->args.size(); ++i) {
    if (i >= args.size()) args.emplace_back(*op->args[i].default_value);
    Arg& arg = args[i];
    ArgType type = op->args[i].type;
    if (auto* v = std::get_if<Value*>(&arg)) {
      if (!Owns(*v)) {
        return absl::InvalidArgumentError(absl::StrFormat(
            "%s(): argument '%s' is not a value of this graph", op->name, op->args[i].name));
      }
      metas.emplace_back((*v)->meta());
    } else if (auto* l = std::get_if<std::vector<Value*>>(&arg)) {
      if (type != ArgType::kTensorList) {
        return absl::InvalidArgumentError(
            absl::StrFormat("%s(): argument '%s' must be %s, not Tensor[]", op->name,
                            op->args[i].name, ArgTypeName(type)));
      }
      std::vector<TensorMeta> list;
      list.reserve(l->size());
      for (Value* v : *l) {
        if (!Owns(v)) {
          return absl::InvalidArgumentError(absl::StrFormat(
              "%s(): argument '%s' is not a value of this graph", op->name, op->args[i].name));
        }
        list.push_back(v->meta());
      }
      metas.emplace_back(std::move(list));
    } else {
      if (type != ArgType::kTensor && type != ArgType::kTensorList) {
        TC_ASSIGN_OR_RETURN(Constant c, CheckConstantArg(*op, i, std::get<Constant>(arg)));
        arg = c;
      }
      metas.emplace_back(std::get<Constant>(arg));
    }
  }
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> out, InferMeta(*op, metas));
  auto node = std::make_unique<Node>();
  node->op_ = op;
  node->args_ = std::move(args);
  for (size_t i = 0; i < out.size(); ++i) {
    Value* v = NewValue(std::move(out[i]));
    v->producer_ = node.get();
    v->output_index_ = static_cast<int>(i);
    node->outputs_.push_back(v);
  }
  nodes_.push_back(std::move(node));
  return nodes_.back().get();
}

absl::StatusOr<Value*> Graph::Apply(std::string_view op_name, std::vector<Arg> args) {
  TC_ASSIGN_OR_RETURN(Node * node, AddNode(op_name, std::move(args)));
  if (node->outputs().size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s() has %d outputs; use AddNode", op_name, node->outputs().size()));
  }
  return node->output(0);
}

void Graph::ReplaceAllUses(Value* from, Value* to) {
  absl::flat_hash_map<const Value*, Value*> map;
  map.emplace(from, to);
  ReplaceAllUses(map);
}

void Graph::ReplaceAllUses(const absl::flat_hash_map<const Value*, Value*>& replacements) {
  if (replacements.empty()) return;
  auto replace = [&replacements](Value*& v) {
    auto it = replacements.find(v);
    if (it != replacements.end()) v = it->second;
  };
  for (auto& node : nodes_) {
    for (Arg& arg : node->args_) {
      if (auto* v = std::get_if<Value*>(&arg)) {
        replace(*v);
      } else if (auto* l = std::get_if<std::vector<Value*>>(&arg)) {
        for (Value*& e : *l) replace(e);
      }
    }
  }
  for (Value*& v : outputs_) replace(v);
}

void Graph::EraseNodes(const std::vector<Node*>& dead) {
  if (dead.empty()) return;
  absl::flat_hash_set<const Node*> set(dead.begin(), dead.end());
  std::vector<std::unique_ptr<Node>> kept;
  kept.reserve(nodes_.size());
  for (auto& node : nodes_) {
    if (set.contains(node.get())) {
      for (Value* v : node->outputs_) v->producer_ = nullptr;
    } else {
      kept.push_back(std::move(node));
    }
  }
  nodes_ = std::move(kept);
}

void Graph::SetNodeOrder(std::vector<Node*> order) {
  TC_CHECK(order.size() == nodes_.size()) << "SetNodeOrder needs every node exactly once";
  absl::flat_hash_map<const Node*, std::unique_ptr<Node>> owned;
  for (auto& node : nodes_) owned.emplace(node.get(), std::move(node));
  nodes_.clear();
  for (Node* n : order) {
    auto it = owned.find(n);
    TC_CHECK(it != owned.end() && it->second != nullptr) << "SetNodeOrder: not a permutation";
    nodes_.push_back(std::move(it->second));
  }
}

std::string Graph::ToString() const { return PrintGraph(*this); }

}  // namespace tc::graph_ir
