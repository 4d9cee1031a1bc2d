// torch.autograd.Function calls: _function_apply runs a subclass's
// forward with grad mode off, gives its tensor outputs a
// CustomFunctionNode (libs/autodiff) as grad_fn, and that node's backward
// calls ctx.apply(*grads) (py/autograd_function.py) back in the VM. The
// ctx (a _FunctionBase) is what the script sees as the outputs' grad_fn.
//
// Ownership: the node holds its ctx; the ctx holds the node weakly, so
// the two do not keep each other alive. What forward saves moves from the
// ctx into the node (outputs without their history), so saving an output
// makes no cycle either.
#include "torch_function.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/custom_function.h"
#include "tc/autodiff/grad_mode.h"

#include "script_torch_embedded.h"
#include "torch_tensor.h"

namespace tc::script_torch {
namespace {

class ScriptFunctionNode;

// The ctx of one call (PyTorch's THPFunction).
struct FunctionCtxObject : Object {
  explicit FunctionCtxObject(Type* t) : Object(t) {}
  std::weak_ptr<ScriptFunctionNode> node;
  std::vector<Value> to_save;
  std::vector<Value> dirty;
  std::vector<Value> non_differentiable;
  Value needs_input_grad = Value::None();
  bool materialize_grads = true;
  bool applied = false;  // forward done: saved tensors live in the node
};

class ScriptFunctionNode final : public autodiff::CustomFunctionNode {
 public:
  ScriptFunctionNode(VM* vm, std::string name)
      : autodiff::CustomFunctionNode(std::move(name)), vm_(vm) {}
  absl::StatusOr<autodiff::GradList> CallBackward(autodiff::GradList grads) override;

  Value ctx;
  // Per forward argument: whether it was a tensor (one next edge each).
  std::vector<bool> arg_is_tensor;

 private:
  absl::Status Fail(const std::string& message) {
    RaiseRuntimeError(*vm_, message);
    return absl::AbortedError(message);
  }
  VM* vm_;
};

absl::StatusOr<autodiff::GradList> ScriptFunctionNode::CallBackward(autodiff::GradList grads) {
  VM& vm = *vm_;
  Value apply = vm.GetAttr(ctx, "apply");
  if (apply.is_null()) return absl::AbortedError("ctx.apply");
  std::vector<Value> args;
  for (tensor::Tensor& g : grads) {
    args.push_back(g.defined() ? WrapTensor(std::move(g)) : Value::None());
  }
  Value r = vm.Call(apply, ArgsView(args.data(), static_cast<int32_t>(args.size())));
  if (r.is_null()) return absl::AbortedError("backward raised");
  std::vector<Value> items;
  if (IsInstance(r, Types().tuple)) {
    items = Cast<TupleObject>(r)->items;
  } else {
    items.push_back(r);
  }
  const size_t expected = arg_is_tensor.size();
  bool extra_none = items.size() > expected;
  for (size_t i = expected; i < items.size(); ++i) extra_none = extra_none && items[i].is_none();
  if (extra_none) items.resize(expected);
  if (items.size() != expected) {
    return Fail(absl::StrFormat(
        "function %s returned an incorrect number of gradients (expected %d, got %d)", name(),
        expected, items.size()));
  }
  autodiff::GradList out;
  for (size_t i = 0; i < expected; ++i) {
    const Value& g = items[i];
    if (!arg_is_tensor[i]) {
      if (g.is_none()) continue;
      return Fail(absl::StrFormat(
          "function %s returned a gradient different than None at position %d, but the "
          "corresponding forward input was not a Variable",
          name(), i + 1));
    }
    if (g.is_none()) {
      out.emplace_back();
    } else if (IsTensor(g)) {
      out.push_back(TensorOf(g));
    } else {
      return Fail(absl::StrFormat("expected Variable or None (got %s)", TypeName(g)));
    }
  }
  return out;
}

FunctionCtxObject* Ctx(const Value& v) { return Cast<FunctionCtxObject>(v); }

bool Contains(const std::vector<Value>& values, const Value& v) {
  for (const Value& x : values) {
    if (x.is_object() && v.is_object() && x.as_object() == v.as_object()) return true;
  }
  return false;
}

// --- ctx methods and attributes ----------------------------------------------

// The ctx keeps tensors beyond the frame: a traced frame (a compiled
// forward) would hand it fake ones, so it breaks its graph at the call.
bool BreakIfTracing(VM& vm, const char* method) {
  if (ActiveOpTracer() == nullptr) return false;
  RaiseMetaDataAccess(vm, absl::StrCat("ctx.", method, "() called while tracing"));
  return true;
}

Value CtxSaveForBackward(VM& vm, const Value& self, const ArgsView& args) {
  if (BreakIfTracing(vm, "save_for_backward")) return {};
  for (int32_t i = 0; i < args.nargs; ++i) {
    if (!args[i].is_none() && !IsTensor(args[i])) {
      return RaiseTypeError(vm, absl::StrFormat("save_for_backward can only save variables, but "
                                                "argument %d is of type %s",
                                                i, TypeName(args[i])));
    }
  }
  Ctx(self)->to_save.assign(args.data, args.data + args.nargs);
  return Value::None();
}
Value CtxMarkDirty(VM& vm, const Value& self, const ArgsView& args) {
  if (BreakIfTracing(vm, "mark_dirty")) return {};
  Ctx(self)->dirty.assign(args.data, args.data + args.nargs);
  return Value::None();
}
Value CtxMarkNonDifferentiable(VM& vm, const Value& self, const ArgsView& args) {
  if (BreakIfTracing(vm, "mark_non_differentiable")) return {};
  Ctx(self)->non_differentiable.assign(args.data, args.data + args.nargs);
  return Value::None();
}
Value CtxSetMaterializeGrads(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "set_materialize_grads", 1, 1)) return {};
  int b = vm.Truthy(args[0]);
  if (b < 0) return {};
  Ctx(self)->materialize_grads = b != 0;
  return Value::None();
}
Value CtxName(VM&, const Value& self, const ArgsView&) { return NewStr(self.type()->name); }

Value CtxSavedTensors(VM& vm, const Value& self) {
  // The saved tensors live outside any graph (as .grad does): a traced
  // frame (a compiled backward) breaks its graph here.
  if (ActiveOpTracer() != nullptr) {
    return RaiseMetaDataAccess(vm, "ctx.saved_tensors read while tracing");
  }
  FunctionCtxObject* ctx = Ctx(self);
  if (!ctx->applied) return NewTuple(ctx->to_save);
  std::shared_ptr<ScriptFunctionNode> node = ctx->node.lock();
  if (node == nullptr) return NewTuple({});
  absl::StatusOr<std::vector<tensor::Tensor>> saved = node->UnpackSaved();
  if (!saved.ok()) return RaiseRuntimeError(vm, std::string(saved.status().message()));
  std::vector<Value> items;
  for (tensor::Tensor& t : *saved) {
    items.push_back(t.defined() ? WrapTensor(std::move(t)) : Value::None());
  }
  return NewTuple(std::move(items));
}
Value CtxNeedsInputGrad(VM&, const Value& self) { return Ctx(self)->needs_input_grad; }
Value CtxNextFunctions(VM&, const Value& self) {
  std::shared_ptr<ScriptFunctionNode> node = Ctx(self)->node.lock();
  return node == nullptr ? NewTuple({}) : NextFunctionsTuple(*node);
}

constexpr MethodDef kCtxMethods[] = {
    {"save_for_backward", CtxSaveForBackward},
    {"mark_dirty", CtxMarkDirty},
    {"mark_non_differentiable", CtxMarkNonDifferentiable},
    {"set_materialize_grads", CtxSetMaterializeGrads},
    {"name", CtxName},
};
constexpr GetSetDef kCtxGetSets[] = {
    {"saved_tensors", CtxSavedTensors},
    {"needs_input_grad", CtxNeedsInputGrad},
    {"next_functions", CtxNextFunctions},
};

Type* FunctionBaseType() {
  static Type* t =
      NewNativeType({.name = "_FunctionBase",
                     .module = "torch._C",
                     .methods = kCtxMethods,
                     .getsets = kCtxGetSets,
                     .alloc = [](Type* cls) -> Object* { return new FunctionCtxObject(cls); },
                     .flags = Type::kBaseType | Type::kInstanceDict});
  return t;
}

// --- the call ----------------------------------------------------------------

// The outputs of an executable call take the node as grad_fn: a fresh
// tensor in place, a dirty input as it is (the variable's history moves
// to the node), an input returned unchanged as a new variable over its
// data; non-differentiable ones get no history.
bool WrapOutputs(VM& vm, FunctionCtxObject* ctx, const std::shared_ptr<ScriptFunctionNode>& node,
                 const std::string& function_name, const std::vector<Value>& inputs,
                 std::vector<Value>* outs) {
  for (size_t i = 0; i < outs->size(); ++i) {
    Value& o = (*outs)[i];
    if (!IsTensor(o)) continue;
    tensor::Tensor& t = TensorOf(o);
    const bool differentiable =
        !Contains(ctx->non_differentiable, o) && tensor::IsFloatingPoint(t.dtype());
    const auto nr = static_cast<uint32_t>(i);
    if (Contains(ctx->dirty, o)) {
      if (autodiff::IsLeaf(t) && autodiff::RequiresGrad(t)) {
        RaiseRuntimeError(
            vm, "a leaf Variable that requires grad has been used in an in-place operation.");
        return false;
      }
      if (differentiable) {
        autodiff::SetHistory(t, node, nr);
      } else if (autodiff::AutogradMeta* m = autodiff::MetaOf(t)) {
        m->grad_fn = nullptr;
        m->requires_grad = false;
      }
    } else if (Contains(inputs, o)) {
      tensor::Tensor alias = autodiff::Detach(t);
      if (differentiable) {
        autodiff::SetHistory(alias, node, nr);
        autodiff::MetaOf(alias)->custom_function_view = function_name;
      }
      o = WrapTensor(std::move(alias));
    } else if (differentiable) {
      autodiff::SetHistory(t, node, nr);
    }
  }
  return true;
}

// What ctx.save_for_backward named, into the node: an output (by
// identity, after WrapOutputs) is kept as the node's output.
void MoveSaved(FunctionCtxObject* ctx, ScriptFunctionNode& node, const std::vector<Value>& outs) {
  std::vector<tensor::Tensor> saved;
  std::vector<int> output_nr;
  for (const Value& v : ctx->to_save) {
    int nr = -1;
    for (size_t i = 0; i < outs.size(); ++i) {
      if (v.is_object() && outs[i].is_object() && v.as_object() == outs[i].as_object() &&
          autodiff::GradFn(TensorOf(v)) == &node) {
        nr = static_cast<int>(i);
      }
    }
    saved.push_back(IsTensor(v) ? TensorOf(v) : tensor::Tensor());
    output_nr.push_back(nr);
  }
  node.Save(std::move(saved), std::move(output_nr));
  ctx->to_save.clear();
}

// Runs forward (and setup_context when the subclass defines it) with
// grad mode off; null with an exception set on failure.
Value RunForward(VM& vm, const Value& cls, const Value& ctx, bool setup_context,
                 const std::vector<Value>& inputs) {
  autodiff::GradModeGuard no_grad(false);
  Value forward = vm.GetAttr(cls, "forward");
  if (forward.is_null()) return {};
  std::vector<Value> args;
  if (!setup_context) args.push_back(ctx);
  args.insert(args.end(), inputs.begin(), inputs.end());
  Value out = vm.Call(forward, ArgsView(args.data(), static_cast<int32_t>(args.size())));
  if (out.is_null() || !setup_context) return out;
  Value setup = vm.GetAttr(cls, "setup_context");
  if (setup.is_null() || vm.Call(setup, {ctx, NewTuple(inputs), out}).is_null()) return {};
  return out;
}

// _function_apply(cls, setup_context_defined, args, needs_input_grad):
// Function.apply.
Value FFunctionApply(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "_function_apply", 4, 4)) return {};
  const Value& cls = args[0];
  const int setup = vm.Truthy(args[1]);
  if (setup < 0) return {};
  if (!IsInstance(args[2], Types().tuple))
    return RaiseTypeError(vm, "_function_apply: args must be a tuple");
  const std::vector<Value> inputs = Cast<TupleObject>(args[2])->items;
  Value backward_cls = vm.GetAttr(cls, "_backward_cls");
  if (backward_cls.is_null()) return {};
  Value ctx_value = vm.Call(backward_cls, ArgsView());
  if (ctx_value.is_null()) return {};
  if (!IsInstance(ctx_value, FunctionBaseType())) {
    return RaiseTypeError(vm, "_backward_cls must make a _FunctionBase");
  }
  FunctionCtxObject* ctx = Ctx(ctx_value);
  auto node = std::make_shared<ScriptFunctionNode>(&vm, std::string(ctx_value.type()->name));
  bool any = false;
  for (const Value& v : inputs) {
    const bool is_tensor = IsTensor(v);
    const bool wants_grad = is_tensor && autodiff::RequiresGrad(TensorOf(v));
    node->arg_is_tensor.push_back(is_tensor);
    if (is_tensor) node->AddInput(TensorOf(v));
    any = any || wants_grad;
  }
  const bool executable = any && GradEnabled();
  ctx->needs_input_grad = args[3];
  ctx->node = node;
  Value out = RunForward(vm, cls, ctx_value, setup != 0, inputs);
  if (out.is_null()) return {};
  const bool is_tuple = IsInstance(out, Types().tuple);
  std::vector<Value> outs = is_tuple ? Cast<TupleObject>(out)->items : std::vector<Value>{out};
  for (const Value& d : ctx->dirty) {
    if (!Contains(outs, d)) {
      return RaiseRuntimeError(
          vm,
          "Some elements marked as dirty during the forward method were not returned as "
          "output. The inputs that are modified inplace must all be outputs of the Function.");
    }
    // The write the forward made, counted once more as PyTorch's
    // mark_dirty does.
    if (IsTensor(d) && TensorOf(d).storage() != nullptr) TensorOf(d).storage()->BumpVersion();
  }
  if (executable) {
    const Value cls_name = vm.GetAttr(cls, "__name__");
    if (cls_name.is_null()) return {};
    const std::string* name = StrValue(cls_name);
    if (!WrapOutputs(vm, ctx, node, name != nullptr ? *name : std::string(), inputs, &outs)) {
      return {};
    }
    std::vector<std::optional<autodiff::Node::InputInfo>> infos;
    for (const Value& o : outs) {
      infos.push_back(IsTensor(o) ? std::optional<autodiff::Node::InputInfo>(
                                        {TensorOf(o).sizes(), TensorOf(o).dtype()})
                                  : std::nullopt);
    }
    node->SetOutputs(infos);
    node->set_materialize_grads(ctx->materialize_grads);
    MoveSaved(ctx, *node, outs);
    node->ctx = ctx_value;
  }
  ctx->applied = true;
  if (!is_tuple) return outs[0];
  return NewTuple(std::move(outs));
}

constexpr MethodDef kFunctions[] = {{"_function_apply", FFunctionApply}};

}  // namespace

Value FunctionNodeObject(const autodiff::Node& node) {
  const auto* n = dynamic_cast<const ScriptFunctionNode*>(&node);
  return n == nullptr ? Value() : n->ctx;
}

bool InitAutogradFunctionModule(VM& vm, ModuleObject* m) {
  AdoptTorchModuleType(m);
  AddType(m, FunctionBaseType());
  AddFunctions(m, kFunctions);
  return RunPrelude(vm, kAutogradFunctionPy, m);
}

}  // namespace tc::script_torch
