// Composite (torch-level) ops and their decompositions into core ops.
//
// Graphs captured from user code hold torch-level ops (softmax, linear,
// layer_norm...); backends lower them to the core set (OPS.md). Each
// composite op (category kComposite, listed in COMPOSITE.md) is defined by
// one DecomposeFn written once against the Emitter interface below, so the
// same code serves:
//   - eager execution: kernels' emitter runs each emitted op with
//     kernels::Call (kernels::RunComposite);
//   - graph building: GraphEmitter appends the emitted nodes to a Graph
//     (DecomposeInto), which is how backends lower a composite node;
//   - meta inference: MetaEmitter only infers metadata. A composite op's
//     meta function is its decomposition run on a MetaEmitter, so no
//     separate meta code can disagree with what the op computes.
// Decompositions check their own arguments first and word errors as
// PyTorch does ("softmax(): ...", "t() expects ..."), so users never see a
// sub-op's message for a mistake made at the torch level. Decompositions
// emit core ops only, never other composite ops.
#ifndef TC_GRAPH_IR_DECOMPOSE_H_
#define TC_GRAPH_IR_DECOMPOSE_H_

#include <span>
#include <vector>

#include "absl/status/statusor.h"

#include "tc/graph_ir/graph.h"
#include "tc/graph_ir/op.h"

namespace tc::graph_ir {

// Where a decomposition's ops go. Handles (EmitRef) are indices into the
// emitter's own table of tensors, values or metas.
class Emitter {
 public:
  virtual ~Emitter() = default;
  // Applies `op` to `args` (positional; trailing defaults may be omitted)
  // and returns handles to its outputs.
  virtual absl::StatusOr<std::vector<EmitRef>> Emit(const OpDef& op, std::vector<EmitArg> args) = 0;
  // The metadata of a handle this emitter returned or was given.
  virtual const TensorMeta& Meta(EmitRef ref) const = 0;
};

// Checks `args` against composite `op`'s schema (count, types, None only
// where optional, with InferMeta's wording), fills defaults, turns one int
// into a 1-element int list, then runs op.decompose on `emitter`.
absl::StatusOr<std::vector<EmitRef>> Decompose(Emitter& emitter, const OpDef& op,
                                               std::vector<EmitArg> args);

// Infers metadata only: Emit runs InferMeta.
class MetaEmitter final : public Emitter {
 public:
  EmitRef Add(TensorMeta meta);
  absl::StatusOr<std::vector<EmitRef>> Emit(const OpDef& op, std::vector<EmitArg> args) override;
  const TensorMeta& Meta(EmitRef ref) const override { return metas_[ref.index]; }

 private:
  std::vector<TensorMeta> metas_;
};

// Appends emitted ops as nodes of `graph`.
class GraphEmitter final : public Emitter {
 public:
  explicit GraphEmitter(Graph& graph) : graph_(graph) {}
  EmitRef Add(Value* value);
  Value* value(EmitRef ref) const { return values_[ref.index]; }
  absl::StatusOr<std::vector<EmitRef>> Emit(const OpDef& op, std::vector<EmitArg> args) override;
  const TensorMeta& Meta(EmitRef ref) const override { return values_[ref.index]->meta(); }

 private:
  Graph& graph_;
  std::vector<Value*> values_;
};

// Appends composite `op`'s decomposition applied to `args` (values of
// `graph` and constants) to `graph`; returns the values standing for the
// op's outputs (possibly an input value, e.g. dropout with train=False).
absl::StatusOr<std::vector<Value*>> DecomposeInto(Graph& graph, const OpDef& op,
                                                  std::vector<Arg> args);

}  // namespace tc::graph_ir

#endif  // TC_GRAPH_IR_DECOMPOSE_H_
