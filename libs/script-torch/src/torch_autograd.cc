// Autograd in the torch module: Tensor's requires_grad, is_leaf, grad,
// grad_fn, backward(), retain_grad(), register_hook(), detach(), the
// grad_fn node objects (name(), next_functions) and torch.autograd's
// grad() and backward(), over libs/autodiff.
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_format.h"

#include "tc/autodiff/autograd_meta.h"
#include "tc/autodiff/engine.h"
#include "tc/autodiff/grad_mode.h"

#include "torch_function.h"
#include "torch_tensor.h"

namespace tc::script_torch {
namespace {

TensorObject* T(const Value& v) { return Cast<TensorObject>(v); }

// An error from autodiff as the script's exception; a hook's own
// exception (kAborted) is already set on the VM.
Value RaiseAutograd(VM& vm, const absl::Status& s) {
  if (s.code() == absl::StatusCode::kAborted && vm.HasException()) return {};
  if (s.code() == absl::StatusCode::kUnimplemented) {
    return RaiseRuntimeError(vm, std::string(s.message()));
  }
  if (s.code() == absl::StatusCode::kInvalidArgument) {
    return RaiseRuntimeError(vm, std::string(s.message()));
  }
  return RaiseStatus(vm, s);
}

// --- grad_fn objects ---------------------------------------------------------

struct NodeObject : Object {
  explicit NodeObject(Type* t) : Object(t) {}
  std::shared_ptr<autodiff::Node> node;
};

Value NodeName(VM&, const Value& self, const ArgsView&) {
  // PyTorch's hand-written nodes give their C++ name; generated ones
  // (MulBackward0) their class name.
  std::string name = Cast<NodeObject>(self)->node->name();
  if (name == "AccumulateGrad" || name == "CopySlices") name = "torch::autograd::" + name;
  return NewStr(std::move(name));
}
Value NodeNextFunctions(VM&, const Value& self) {
  return NextFunctionsTuple(*Cast<NodeObject>(self)->node);
}
Value NodeEq(VM&, const Value& self, const ArgsView& args) {
  if (args.nargs != 1 || !args[0].is_object() || args[0].type() != self.type()) {
    return Value::Bool(false);
  }
  return Value::Bool(Cast<NodeObject>(self)->node == Cast<NodeObject>(args[0])->node);
}
Value NodeHash(VM&, const Value& self, const ArgsView&) {
  return Value::Int(
      static_cast<int64_t>(reinterpret_cast<uintptr_t>(Cast<NodeObject>(self)->node.get()) >> 4));
}
constexpr MethodDef kNodeMethods[] = {
    {"name", NodeName}, {"__eq__", NodeEq}, {"__hash__", NodeHash}};
constexpr GetSetDef kNodeGetSets[] = {{"next_functions", NodeNextFunctions}};

// One type per node name, as PyTorch has a class per backward function
// (type(y.grad_fn).__name__ == "MulBackward0").
Type* NodeType(const std::string& name) {
  static auto* types = new absl::flat_hash_map<std::string, Type*>();
  auto it = types->find(name);
  if (it != types->end()) return it->second;
  auto* stored = new std::string(name);  // the type keeps a pointer to its name
  Type* t = NewNativeType({.name = stored->c_str(),
                           .module = "torch.autograd.function",
                           .methods = kNodeMethods,
                           .getsets = kNodeGetSets,
                           .alloc = [](Type* cls) -> Object* { return new NodeObject(cls); },
                           .flags = 0});
  (*types)[name] = t;
  return t;
}

Value WrapNode(std::shared_ptr<autodiff::Node> node) {
  // A torch.autograd.Function call's node is its ctx object.
  if (Value ctx = FunctionNodeObject(*node); !ctx.is_null()) return ctx;
  Type* t = NodeType(node->name());
  auto* o = new NodeObject(t);
  o->node = std::move(node);
  return Value::Adopt(o);
}

// --- Tensor attributes -------------------------------------------------------

Value GetRequiresGrad(VM&, const Value& self) {
  return Value::Bool(autodiff::RequiresGrad(T(self)->t));
}
bool SetRequiresGradAttr(VM& vm, const Value& self, const Value& v) {
  int b = vm.Truthy(v);
  if (b < 0) return false;
  return SetTensorRequiresGrad(vm, T(self)->t, b != 0);
}
Value GetIsLeaf(VM&, const Value& self) { return Value::Bool(autodiff::IsLeaf(T(self)->t)); }
Value GetGradFn(VM&, const Value& self) {
  const autodiff::AutogradMeta* m = autodiff::MetaOf(T(self)->t);
  if (m == nullptr || m->grad_fn == nullptr) return Value::None();
  return WrapNode(m->grad_fn);
}
Value GetGrad(VM& vm, const Value& self) {
  // .grad lives outside any graph: a traced frame breaks here.
  if (ActiveOpTracer() != nullptr) return RaiseMetaDataAccess(vm, "Tensor.grad read while tracing");
  const autodiff::AutogradMeta* m = autodiff::MetaOf(T(self)->t);
  if (m == nullptr || !m->grad.defined()) return Value::None();
  return WrapTensor(m->grad);
}
bool SetGrad(VM& vm, const Value& self, const Value& v) {
  if (ActiveOpTracer() != nullptr) {
    RaiseMetaDataAccess(vm, "Tensor.grad set while tracing");
    return false;
  }
  tensor::Tensor& t = T(self)->t;
  if (v.is_none()) {
    if (autodiff::AutogradMeta* m = autodiff::MetaOf(t)) m->grad = tensor::Tensor();
    return true;
  }
  if (!IsTensor(v)) {
    RaiseTypeError(vm, absl::StrFormat("assigned grad expected to be a Tensor or None but got "
                                       "grad of type %s",
                                       TypeName(v)));
    return false;
  }
  const tensor::Tensor& g = TensorOf(v);
  if (g.dtype() != t.dtype()) {
    RaiseRuntimeError(vm, "attempting to assign a gradient with dtype '" +
                              std::string(tensor::CTypeName(g.dtype())) +
                              "' to a tensor with dtype '" +
                              std::string(tensor::CTypeName(t.dtype())) +
                              "'. Please ensure that the gradient and the tensor have the same "
                              "dtype");
    return false;
  }
  if (g.sizes() != t.sizes()) {
    RaiseRuntimeError(vm, "assigned grad has data of a different size");
    return false;
  }
  autodiff::MaterializeMeta(t).grad = g;
  return true;
}
Value GetVersion(VM&, const Value& self) {
  const tensor::Tensor& t = T(self)->t;
  return Value::Int(t.storage() != nullptr ? static_cast<int64_t>(t.storage()->version()) : 0);
}
Value GetRetainsGrad(VM&, const Value& self) {
  const autodiff::AutogradMeta* m = autodiff::MetaOf(T(self)->t);
  return Value::Bool(m != nullptr && m->retains_grad);
}

// --- Tensor methods ----------------------------------------------------------

Value MDetach(VM&, const Value& self, const ArgsView&) {
  return WrapTensor(autodiff::Detach(T(self)->t));
}
Value MDetachInPlace(VM& vm, const Value& self, const ArgsView&) {
  tensor::Tensor& t = T(self)->t;
  if (autodiff::AutogradMeta* m = autodiff::MetaOf(t); m != nullptr && m->grad_fn != nullptr) {
    // The variable itself becomes a leaf (every holder of it sees that).
    m->grad_fn = nullptr;
    m->requires_grad = false;
    (void)vm;
    return self;
  }
  if (autodiff::AutogradMeta* m = autodiff::MetaOf(t)) m->requires_grad = false;
  return self;
}
Value MRequiresGradInPlace(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"requires_grad"};
  Value a[1];
  if (!ParseArgs(vm, args, "requires_grad_", kNames, 0, a)) return {};
  int b = a[0].is_null() ? 1 : vm.Truthy(a[0]);
  if (b < 0 || !SetTensorRequiresGrad(vm, T(self)->t, b != 0)) return {};
  return self;
}

// A list of tensors from a tensor, a sequence of tensors or None.
bool TensorList(VM& vm, const Value& v, const char* what, std::vector<tensor::Tensor>* out,
                bool none_ok) {
  if (v.is_null() || v.is_none()) {
    if (!none_ok) {
      RaiseTypeError(vm, absl::StrFormat("%s must be a Tensor or a sequence of Tensors", what));
      return false;
    }
    return true;
  }
  if (IsTensor(v)) {
    out->push_back(TensorOf(v));
    return true;
  }
  std::vector<Value> items;
  if (!vm.Extend(&items, v)) return false;
  for (const Value& i : items) {
    if (i.is_none()) {
      out->emplace_back();
      continue;
    }
    if (!IsTensor(i)) {
      RaiseTypeError(vm, absl::StrFormat("%s must contain Tensors, not %s", what, TypeName(i)));
      return false;
    }
    out->push_back(TensorOf(i));
  }
  return true;
}

// retain_graph=None means create_graph.
bool RetainGraph(VM& vm, const Value& retain, bool create, bool* out) {
  if (retain.is_null() || retain.is_none()) {
    *out = create;
    return true;
  }
  int b = vm.Truthy(retain);
  if (b < 0) return false;
  *out = b != 0;
  return true;
}

Value RunBackward(VM& vm, std::vector<tensor::Tensor> tensors, const Value& grads,
                  const Value& retain, const Value& create, const Value& inputs) {
  // A traced frame breaks its graph here, as Dynamo does at backward().
  if (ActiveOpTracer() != nullptr) return RaiseMetaDataAccess(vm, "Tensor.backward() call");
  std::vector<tensor::Tensor> g;
  if (!TensorList(vm, grads, "grad_tensors", &g, true)) return {};
  int c = create.is_null() ? 0 : vm.Truthy(create);
  if (c < 0) return {};
  bool retain_graph;
  if (!RetainGraph(vm, retain, c != 0, &retain_graph)) return {};
  std::vector<tensor::Tensor> in;
  if (!TensorList(vm, inputs, "inputs", &in, true)) return {};
  absl::Status s = autodiff::Backward(tensors, g, retain_graph, c != 0, in);
  if (!s.ok()) return RaiseAutograd(vm, s);
  return Value::None();
}

Value MBackward(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"gradient", "retain_graph", "create_graph", "inputs"};
  Value a[4];
  if (!ParseArgs(vm, args, "backward", kNames, 0, a)) return {};
  return RunBackward(vm, {T(self)->t}, a[0], a[1], a[2], a[3]);
}

Value MRetainGrad(VM& vm, const Value& self, const ArgsView&) {
  tensor::Tensor& t = T(self)->t;
  if (!autodiff::RequiresGrad(t)) {
    return RaiseRuntimeError(vm, "can't retain_grad on Tensor that has requires_grad=False");
  }
  autodiff::AutogradMeta* m = autodiff::MetaOf(t);
  if (m->grad_fn == nullptr || m->retains_grad) return Value::None();  // leaves keep .grad
  m->retains_grad = true;
  std::weak_ptr<tensor::AutogradMetaInterface> weak = t.shared_autograd_meta();
  m->grad_fn->AddRetainGradHook(
      m->output_nr, [weak](const tensor::Tensor& g) -> absl::StatusOr<tensor::Tensor> {
        std::shared_ptr<tensor::AutogradMetaInterface> meta = weak.lock();
        if (meta == nullptr) return tensor::Tensor();
        auto* am = static_cast<autodiff::AutogradMeta*>(meta.get());
        if (!am->grad.defined()) {
          am->grad = autodiff::GradModeEnabled() ? g : autodiff::Detach(g.clone());
        } else {
          absl::StatusOr<tensor::Tensor> sum = kernels::Call1("add", {am->grad, g});
          if (!sum.ok()) return sum.status();
          am->grad = *sum;
        }
        return tensor::Tensor();
      });
  return Value::None();
}

// register_hook(fn): fn(grad) may return a replacement gradient.
Value MRegisterHook(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "register_hook", 1, 1)) return {};
  tensor::Tensor& t = T(self)->t;
  if (!autodiff::RequiresGrad(t)) {
    return RaiseRuntimeError(vm,
                             "cannot register a hook on a tensor that doesn't require gradient");
  }
  Value fn = args[0];
  VM* vmp = &vm;
  autodiff::GradHook hook = [vmp, fn](const tensor::Tensor& g) -> absl::StatusOr<tensor::Tensor> {
    Value r = vmp->Call(fn, {WrapTensor(g)});
    if (r.is_null()) return absl::AbortedError("hook raised");
    if (r.is_none()) return tensor::Tensor();
    if (!IsTensor(r)) {
      RaiseTypeError(*vmp, "hook must return a Tensor or None");
      return absl::AbortedError("hook returned a non-tensor");
    }
    return TensorOf(r);
  };
  autodiff::AutogradMeta* m = autodiff::MetaOf(t);
  if (m->grad_fn != nullptr) {
    m->grad_fn->AddPreHook(m->output_nr, std::move(hook));
  } else {
    m->leaf_hooks.push_back(std::move(hook));
  }
  return Value::None();  // PyTorch returns a RemovableHandle; not modeled
}

constexpr MethodDef kMethods[] = {
    {"detach", MDetach},     {"detach_", MDetachInPlace},  {"requires_grad_", MRequiresGradInPlace},
    {"backward", MBackward}, {"retain_grad", MRetainGrad}, {"register_hook", MRegisterHook},
};
constexpr GetSetDef kGetSets[] = {
    {"requires_grad", GetRequiresGrad, SetRequiresGradAttr},
    {"is_leaf", GetIsLeaf},
    {"grad", GetGrad, SetGrad},
    {"grad_fn", GetGradFn},
    {"_version", GetVersion},
    {"retains_grad", GetRetainsGrad},
};

// --- torch.autograd ----------------------------------------------------------

Value FBackward(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"tensors",      "grad_tensors",   "retain_graph",
                                           "create_graph", "grad_variables", "inputs"};
  Value a[6];
  if (!ParseArgs(vm, args, "backward", kNames, 1, a)) return {};
  std::vector<tensor::Tensor> tensors;
  if (!TensorList(vm, a[0], "tensors", &tensors, false)) return {};
  return RunBackward(vm, std::move(tensors), a[1], a[2], a[3], a[5]);
}

Value FGrad(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"outputs",      "inputs",           "grad_outputs",
                                           "retain_graph", "create_graph",     "only_inputs",
                                           "allow_unused", "is_grads_batched", "materialize_grads"};
  Value a[9];
  if (!ParseArgs(vm, args, "grad", kNames, 2, a)) return {};
  if (ActiveOpTracer() != nullptr) return RaiseMetaDataAccess(vm, "torch.autograd.grad() call");
  std::vector<tensor::Tensor> outputs, inputs, grads;
  if (!TensorList(vm, a[0], "outputs", &outputs, false) ||
      !TensorList(vm, a[1], "inputs", &inputs, false) ||
      !TensorList(vm, a[2], "grad_outputs", &grads, true)) {
    return {};
  }
  int create = a[4].is_null() ? 0 : vm.Truthy(a[4]);
  int unused = a[6].is_null() || a[6].is_none() ? 0 : vm.Truthy(a[6]);
  int materialize = a[8].is_null() ? 0 : vm.Truthy(a[8]);
  if (create < 0 || unused < 0 || materialize < 0) return {};
  bool retain;
  if (!RetainGraph(vm, a[3], create != 0, &retain)) return {};
  absl::StatusOr<std::vector<tensor::Tensor>> r =
      autodiff::Grad(outputs, inputs, grads, retain, create != 0, unused != 0 || materialize != 0);
  if (!r.ok()) return RaiseAutograd(vm, r.status());
  std::vector<Value> items;
  for (size_t i = 0; i < r->size(); ++i) {
    tensor::Tensor& g = (*r)[i];
    if (!g.defined() && materialize) {
      g = tensor::Tensor::Zeros(inputs[i].sizes(), inputs[i].dtype());
    }
    items.push_back(g.defined() ? WrapTensor(std::move(g)) : Value::None());
  }
  return NewTuple(std::move(items));
}

constexpr MethodDef kFunctions[] = {
    {"backward", FBackward},
    {"grad", FGrad},
};

}  // namespace

Value NextFunctionsTuple(const autodiff::Node& node) {
  std::vector<Value> items;
  for (const autodiff::Edge& e : node.next_edges()) {
    items.push_back(NewTuple({e.valid() ? WrapNode(e.fn) : Value::None(),
                              Value::Int(static_cast<int64_t>(e.input_nr))}));
  }
  return NewTuple(std::move(items));
}

bool SetTensorRequiresGrad(VM& vm, tensor::Tensor& t, bool flag) {
  // A traced frame breaks its graph where a leaf starts requiring grad:
  // the leaf and its .grad live outside any compiled graph.
  if (ActiveOpTracer() != nullptr) {
    RaiseMetaDataAccess(vm, "requires_grad set on a tensor while tracing");
    return false;
  }
  absl::Status s = autodiff::SetRequiresGrad(t, flag);
  if (!s.ok()) {
    RaiseRuntimeError(vm, std::string(s.message()));
    return false;
  }
  return true;
}

std::span<const MethodDef> TensorAutogradMethods() { return kMethods; }
std::span<const GetSetDef> TensorAutogradGetSets() { return kGetSets; }

bool InitAutogradModule(VM& vm, ModuleObject* m) {
  (void)vm;
  AdoptTorchModuleType(m);
  AddFunctions(m, kFunctions);
  Value torch = vm.Import("torch");
  if (torch.is_null()) return false;
  for (const char* name : {"no_grad", "enable_grad", "set_grad_enabled", "inference_mode"}) {
    Value v = vm.GetAttr(torch, name);
    if (v.is_null()) return false;
    ModuleSet(m, name, v);
  }
  // torch.autograd.function and torch.autograd.gradcheck (each imported
  // submodule becomes an attribute here; gradcheck the function then
  // replaces its module, as in PyTorch's torch.autograd).
  for (const auto& [from, names] :
       {std::pair<const char*, std::vector<const char*>>{
            "torch.autograd.function", {"Function", "once_differentiable", "InplaceFunction"}},
        {"torch.autograd.gradcheck", {"gradcheck", "gradgradcheck"}}}) {
    Value mod = vm.Import(from);
    if (mod.is_null()) return false;
    for (const char* name : names) {
      Value v = vm.GetAttr(mod, name);
      if (v.is_null()) return false;
      ModuleSet(m, name, v);
    }
  }
  return true;
}

}  // namespace tc::script_torch
