// The emitters (meta, graph), Decompose's schema checks, and the helpers
// composite decompositions share.
#include "absl/strings/str_format.h"

#include "tc/support/check.h"
#include "tc/support/status.h"

#include "composite_util.h"

namespace tc::graph_ir {
namespace {

// As InferMeta words a type error.
absl::Status TypeError(const OpDef& op, size_t i, std::string_view given) {
  std::string_view expected = ArgTypeName(op.args[i].type);
  if (op.args[i].type == ArgType::kTensorOrScalar) expected = "Tensor or Scalar";
  if (op.args[i].type == ArgType::kScalar) expected = "Number";
  return absl::InvalidArgumentError(absl::StrFormat("%s(): argument '%s' must be %s, not %s",
                                                    op.name, op.args[i].name, expected, given));
}

}  // namespace

absl::StatusOr<std::vector<EmitRef>> Decompose(Emitter& emitter, const OpDef& op,
                                               std::vector<EmitArg> args) {
  if (op.decompose == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s() is not a composite op and has no decomposition", op.name));
  }
  TC_RETURN_IF_ERROR(CheckArity(op, args.size()));
  for (size_t i = 0; i < op.args.size(); ++i) {
    if (i >= args.size()) {
      args.emplace_back(*op.args[i].default_value);
      continue;
    }
    ArgType type = op.args[i].type;
    EmitArg& arg = args[i];
    if (std::holds_alternative<EmitRef>(arg)) {
      if (type != ArgType::kTensor && type != ArgType::kTensorOrScalar) {
        return TypeError(op, i, "Tensor");
      }
    } else if (std::holds_alternative<std::vector<EmitRef>>(arg)) {
      if (type != ArgType::kTensorList) return TypeError(op, i, "Tensor[]");
    } else {
      const Constant& c = std::get<Constant>(arg);
      bool none = std::holds_alternative<None>(c);
      if ((type == ArgType::kTensor || type == ArgType::kTensorList) &&
          !(none && op.args[i].optional)) {
        return TypeError(op, i, ConstantTypeName(c));
      }
      TC_ASSIGN_OR_RETURN(Constant normalized, CheckConstantArg(op, i, c));
      arg = std::move(normalized);
    }
  }
  return op.decompose(emitter, args);
}

EmitRef MetaEmitter::Add(TensorMeta meta) {
  metas_.push_back(std::move(meta));
  return EmitRef{static_cast<int32_t>(metas_.size() - 1)};
}

absl::StatusOr<std::vector<EmitRef>> MetaEmitter::Emit(const OpDef& op, std::vector<EmitArg> args) {
  std::vector<MetaArg> metas;
  metas.reserve(args.size());
  for (EmitArg& a : args) {
    if (const auto* r = std::get_if<EmitRef>(&a)) {
      metas.emplace_back(metas_[r->index]);
    } else if (const auto* list = std::get_if<std::vector<EmitRef>>(&a)) {
      std::vector<TensorMeta> ms;
      ms.reserve(list->size());
      for (EmitRef r : *list) ms.push_back(metas_[r.index]);
      metas.emplace_back(std::move(ms));
    } else {
      metas.emplace_back(std::move(std::get<Constant>(a)));
    }
  }
  TC_ASSIGN_OR_RETURN(std::vector<TensorMeta> outs, InferMeta(op, metas));
  std::vector<EmitRef> refs;
  refs.reserve(outs.size());
  for (TensorMeta& m : outs) refs.push_back(Add(std::move(m)));
  return refs;
}

EmitRef GraphEmitter::Add(Value* value) {
  values_.push_back(value);
  return EmitRef{static_cast<int32_t>(values_.size() - 1)};
}

absl::StatusOr<std::vector<EmitRef>> GraphEmitter::Emit(const OpDef& op,
                                                        std::vector<EmitArg> args) {
  std::vector<Arg> node_args;
  node_args.reserve(args.size());
  for (EmitArg& a : args) {
    if (const auto* r = std::get_if<EmitRef>(&a)) {
      node_args.emplace_back(values_[r->index]);
    } else if (const auto* list = std::get_if<std::vector<EmitRef>>(&a)) {
      std::vector<Value*> vs;
      vs.reserve(list->size());
      for (EmitRef r : *list) vs.push_back(values_[r.index]);
      node_args.emplace_back(std::move(vs));
    } else {
      node_args.emplace_back(std::move(std::get<Constant>(a)));
    }
  }
  TC_ASSIGN_OR_RETURN(Node * node, graph_.AddNode(op.name, std::move(node_args)));
  std::vector<EmitRef> refs;
  refs.reserve(node->outputs().size());
  for (Value* v : node->outputs()) refs.push_back(Add(v));
  return refs;
}

absl::StatusOr<std::vector<Value*>> DecomposeInto(Graph& graph, const OpDef& op,
                                                  std::vector<Arg> args) {
  GraphEmitter emitter(graph);
  std::vector<EmitArg> eargs;
  eargs.reserve(args.size());
  for (Arg& a : args) {
    if (Value** v = std::get_if<Value*>(&a)) {
      if (!graph.Owns(*v)) {
        return absl::InvalidArgumentError(
            absl::StrFormat("%s(): an argument is not a value of this graph", op.name));
      }
      eargs.emplace_back(emitter.Add(*v));
    } else if (auto* list = std::get_if<std::vector<Value*>>(&a)) {
      std::vector<EmitRef> refs;
      for (Value* v : *list) {
        if (!graph.Owns(v)) {
          return absl::InvalidArgumentError(
              absl::StrFormat("%s(): an argument is not a value of this graph", op.name));
        }
        refs.push_back(emitter.Add(v));
      }
      eargs.emplace_back(std::move(refs));
    } else {
      eargs.emplace_back(std::move(std::get<Constant>(a)));
    }
  }
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> outs, Decompose(emitter, op, std::move(eargs)));
  std::vector<Value*> values;
  values.reserve(outs.size());
  for (EmitRef r : outs) values.push_back(emitter.value(r));
  return values;
}

namespace internal {

EmitArg CList(tensor::IntSpan v) { return Constant(Shape(v.begin(), v.end())); }
EmitArg CList(std::initializer_list<int64_t> v) { return Constant(Shape(v)); }
EmitArg CNone() { return Constant(None{}); }

Refs EmitN(Emitter& e, std::string_view op_name, std::vector<EmitArg> args) {
  const OpDef* op = FindOp(op_name);
  TC_CHECK(op != nullptr && op->category != OpCategory::kComposite) << op_name;
  return e.Emit(*op, std::move(args));
}

RefOr Emit1(Emitter& e, std::string_view op_name, std::vector<EmitArg> args) {
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> outs, EmitN(e, op_name, std::move(args)));
  TC_CHECK(outs.size() == 1) << op_name;
  return outs[0];
}

RefOr ToDType(Emitter& e, EmitRef x, DType dtype) {
  if (e.Meta(x).dtype == dtype) return x;
  return Emit1(e, "to_dtype", {x, CDType(dtype)});
}

std::string LegacyTensorTypeName(DType dtype) {
  if (dtype == DType::kBool) return "CPUBoolType";  // what ATen prints for bool
  return absl::StrFormat("torch.%sTensor", ScalarTypeName(dtype));
}

absl::Status CheckReduction(const std::string& reduction) {
  if (reduction == "mean" || reduction == "sum" || reduction == "none") return absl::OkStatus();
  return Invalid(absl::StrFormat("%s is not a valid value for reduction", reduction));
}

Metas MetaByDecomposition(DecomposeFn fn, Args args) {
  MetaEmitter emitter;
  std::vector<EmitArg> eargs;
  eargs.reserve(args.size());
  for (const MetaArg& a : args) {
    if (const auto* t = std::get_if<TensorMeta>(&a)) {
      eargs.emplace_back(emitter.Add(*t));
    } else if (const auto* list = std::get_if<std::vector<TensorMeta>>(&a)) {
      std::vector<EmitRef> refs;
      refs.reserve(list->size());
      for (const TensorMeta& t : *list) refs.push_back(emitter.Add(t));
      eargs.emplace_back(std::move(refs));
    } else {
      eargs.emplace_back(std::get<Constant>(a));
    }
  }
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> outs, fn(emitter, eargs));
  std::vector<TensorMeta> metas;
  metas.reserve(outs.size());
  for (EmitRef r : outs) metas.push_back(emitter.Meta(r));
  return metas;
}

void AddCompositeOps(std::vector<OpDef>& ops) {
  AddCompositeReductionOps(ops);
  AddCompositeShapeOps(ops);
  AddCompositeNnOps(ops);
  AddCompositeLossOps(ops);
  AddCompositeCreationOps(ops);
}

}  // namespace internal
}  // namespace tc::graph_ir
