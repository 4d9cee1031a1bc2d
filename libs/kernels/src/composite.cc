// RunComposite: an Emitter over eager tensors.
#include "tc/kernels/composite.h"

#include "absl/strings/str_format.h"

#include "tc/graph_ir/decompose.h"
#include "tc/graph_ir/map_args.h"
#include "tc/support/status.h"

#include "src/call_args.h"
#include "src/meta_call.h"

namespace tc::kernels {
namespace {

using graph_ir::EmitArg;
using graph_ir::EmitRef;
using graph_ir::TensorMeta;

// Runs each emitted op with Call or CallMeta, as `run` says.
class EagerEmitter final : public graph_ir::Emitter {
 public:
  explicit EagerEmitter(CompositeRun run) : run_(run) {}

  EmitRef Add(Tensor t) {
    metas_.push_back(TensorMeta{t.dtype(), t.sizes(), t.strides(), t.device()});
    tensors_.push_back(std::move(t));
    return EmitRef{static_cast<int32_t>(tensors_.size() - 1)};
  }
  const Tensor& tensor(EmitRef r) const { return tensors_[r.index]; }

  absl::StatusOr<std::vector<EmitRef>> Emit(const graph_ir::OpDef& op,
                                            std::vector<EmitArg> args) override {
    std::vector<KernelArg> kargs;
    graph_ir::MapArgs(args, kargs, [&](EmitRef r) { return tensors_[r.index]; });
    bool meta =
        run_ == CompositeRun::kMeta || (run_ == CompositeRun::kCheckedMeta && !HasTensor(args));
    TC_ASSIGN_OR_RETURN(std::vector<Tensor> outs,
                        meta ? CallMeta(op, kargs) : Call(op, std::move(kargs)));
    std::vector<EmitRef> refs;
    refs.reserve(outs.size());
    for (Tensor& t : outs) refs.push_back(Add(std::move(t)));
    return refs;
  }

  const TensorMeta& Meta(EmitRef r) const override { return metas_[r.index]; }

 private:
  static bool HasTensor(const std::vector<EmitArg>& args) {
    for (const EmitArg& a : args) {
      if (!std::holds_alternative<graph_ir::Constant>(a)) return true;
    }
    return false;
  }

  CompositeRun run_;
  std::vector<Tensor> tensors_;
  std::vector<TensorMeta> metas_;
};

}  // namespace

absl::StatusOr<std::vector<Tensor>> RunComposite(const graph_ir::OpDef& op,
                                                 std::span<const KernelArg> args) {
  // A meta argument makes the whole decomposition a meta run, so random
  // and creation ops inside it (dropout's mask) make meta tensors too.
  return RunCompositeOn(op, args,
                        AnyMetaArg(args) ? CompositeRun::kCheckedMeta : CompositeRun::kCall);
}

absl::StatusOr<std::vector<Tensor>> RunCompositeOn(const graph_ir::OpDef& op,
                                                   std::span<const KernelArg> args,
                                                   CompositeRun run) {
  TC_RETURN_IF_ERROR(CheckDefined(op, args));
  EagerEmitter emitter(run);
  std::vector<EmitArg> eargs;
  graph_ir::MapArgs(args, eargs, [&](const Tensor& t) { return emitter.Add(t); });
  TC_ASSIGN_OR_RETURN(std::vector<EmitRef> outs,
                      graph_ir::Decompose(emitter, op, std::move(eargs)));
  std::vector<Tensor> result;
  result.reserve(outs.size());
  for (EmitRef r : outs) result.push_back(emitter.tensor(r));
  return result;
}

}  // namespace tc::kernels
