// The emitters (meta, graph), Decompose's schema checks, and the helpers
// composite decompositions share.
#include "absl/strings/str_format.h"

#include "tc/graph_ir/map_args.h"
#include "tc/support/check.h"
#include "tc/support/status.h"
#include "tc/tensor/layout.h"

#include "composite_util.h"

namespace tc::graph_ir {

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
    TC_ASSIGN_OR_RETURN(std::optional<Constant> c, internal::CheckArgForm(op, i, args[i]));
    if (c) args[i] = std::move(*c);
  }
  return op.decompose(emitter, args);
}

EmitRef MetaEmitter::Add(TensorMeta meta) {
  metas_.push_back(std::move(meta));
  return EmitRef{static_cast<int32_t>(metas_.size() - 1)};
}

absl::StatusOr<std::vector<EmitRef>> MetaEmitter::Emit(const OpDef& op, std::vector<EmitArg> args) {
  std::vector<MetaArg> metas;
  MapArgs(args, metas, [&](EmitRef r) { return metas_[r.index]; });
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
  MapArgs(args, node_args, [&](EmitRef r) { return values_[r.index]; });
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
  bool foreign = false;
  MapArgs(args, eargs, [&](Value* v) {
    foreign = foreign || !graph.Owns(v);
    return emitter.Add(v);
  });
  if (foreign) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s(): an argument is not a value of this graph", op.name));
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

RefOr InFormat(Emitter& e, EmitRef x, tensor::MemoryFormat format) {
  const TensorMeta m = e.Meta(x);
  if (tensor::IsContiguousAs(m.sizes, m.strides, format)) return x;
  const char* name = format == tensor::MemoryFormat::kChannelsLast     ? "channels_last"
                     : format == tensor::MemoryFormat::kChannelsLast3d ? "channels_last_3d"
                                                                       : "contiguous";
  return Emit1(e, "clone", {x, Constant(std::string(name))});
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
  MapArgs(args, eargs, [&](const TensorMeta& t) { return emitter.Add(t); });
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> outs, fn(emitter, eargs));
  std::vector<TensorMeta> metas;
  metas.reserve(outs.size());
  for (EmitRef r : outs) metas.push_back(emitter.Meta(r));
  return metas;
}

}  // namespace internal
}  // namespace tc::graph_ir
