// Running compiled entries.
#include "compiled_entry.h"

#include <algorithm>
#include <variant>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script_torch/graph_autograd.h"
#include "tc/script_torch/tensor_value.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;

namespace {
// A tuple a native call made in the trace (torch.max(x, 1)'s
// torch.return_types.max): that type again over its rebuilt items.
bool PlanNativeTuple(const Translator& tr, const Value& x, std::vector<graph_ir::Value*>* outputs,
                     Rebuild* out) {
  out->kind = Rebuild::Kind::kTuple;
  out->tuple_type = x.type();
  for (const Value& item : script::Cast<script::TupleObject>(x)->items) {
    Rebuild r;
    if (!PlanRebuild(tr, Var{item, nullptr}, outputs, &r)) return false;
    out->items.push_back(std::move(r));
  }
  return true;
}

// The view ops that made `out` from the graph input holding `src` (or
// from its new value, when the graph wrote it: the caller's tensor holds
// that value once written back), as a graph of that one input; null when
// `out` is not made by view ops alone.
std::shared_ptr<const graph_ir::Graph> ViewChain(const GraphRecorder& rec, graph_ir::Value* out,
                                                 const SourcePtr& src) {
  std::span<graph_ir::Value* const> inputs = const_cast<GraphRecorder&>(rec).graph().inputs();
  graph_ir::Value* written = nullptr;
  for (auto [input, value] : rec.MutatedInputs()) {
    if (static_cast<size_t>(input) < rec.input_sources().size() &&
        rec.input_sources()[input] == src) {
      written = value;
    }
  }
  std::vector<const graph_ir::Node*> chain;
  graph_ir::Value* v = out;
  while (v->producer() != nullptr && v != written) {
    const graph_ir::Node* n = v->producer();
    const auto cat = n->op().category;
    if (cat != graph_ir::OpCategory::kView && cat != graph_ir::OpCategory::kComposite)
      return nullptr;
    if (n->args().empty() || !std::holds_alternative<graph_ir::Value*>(n->args()[0]))
      return nullptr;
    for (size_t i = 1; i < n->args().size(); ++i) {
      if (!std::holds_alternative<graph_ir::Constant>(n->args()[i])) return nullptr;
    }
    chain.push_back(n);
    v = std::get<graph_ir::Value*>(n->args()[0]);
  }
  if (v != written) {
    auto at = std::find(inputs.begin(), inputs.end(), v);
    if (at == inputs.end()) return nullptr;
    const size_t index = static_cast<size_t>(at - inputs.begin());
    if (index >= rec.input_sources().size() || rec.input_sources()[index] != src) return nullptr;
  }
  auto g = std::make_shared<graph_ir::Graph>();
  absl::StatusOr<graph_ir::Value*> cur = g->AddInput("base", v->meta());
  // No view op left in the graph (x.expand(x.shape) is x's own value):
  // the same layout again through an expand, a view on the tape.
  if (chain.empty() && cur.ok()) {
    cur = g->Apply("expand", {*cur, graph_ir::Constant(v->meta().sizes)});
  }
  for (auto it = chain.rbegin(); it != chain.rend() && cur.ok(); ++it) {
    std::vector<graph_ir::Arg> args(1, *cur);
    for (size_t i = 1; i < (*it)->args().size(); ++i) args.push_back((*it)->args()[i]);
    cur = g->Apply((*it)->op().name, std::move(args));
  }
  if (!cur.ok()) return nullptr;
  g->SetOutputs({*cur});
  return g;
}

}  // namespace

bool PlanRebuild(const Translator& tr, const Var& v, std::vector<graph_ir::Value*>* outputs,
                 Rebuild* out) {
  const script::BuiltinTypes& T = script::Types();
  const Value& x = v.v;
  if (x.is_null()) {
    out->kind = Rebuild::Kind::kNull;
    return true;
  }
  if (const GradContext* g = tr.GradExit(x)) {
    out->kind = Rebuild::Kind::kGradMode;
    out->constant = g->manager_type;
    out->grad_mode = g->inner;
    return true;
  }
  // A frame value the trace never loaded (a parameter of a resume function
  // passed on to the next one) is unguarded: fetch it again, never bake in
  // what it held while tracing.
  if (v.src != nullptr && !const_cast<Translator&>(tr).recorder().IsFake(x) &&
      !(x.is_object() && tr.copies().contains(x.as_object()))) {
    out->kind = Rebuild::Kind::kSource;
    out->source = v.src;
    return true;
  }
  if (!x.is_object()) {
    out->kind = Rebuild::Kind::kConst;
    out->constant = x;
    return true;
  }
  if (script_torch::IsTensorValue(x)) {
    graph_ir::Value* gv =
        const_cast<Translator&>(tr).recorder().ValueOf(script_torch::TensorOfValue(x));
    if (gv == nullptr && v.src != nullptr) {
      // A frame value the trace never loaded (a parameter only a resume
      // function reads): fetched from the call, never the traced call's.
      out->kind = Rebuild::Kind::kSource;
      out->source = v.src;
      return true;
    }
    if (gv == nullptr) {
      out->kind = Rebuild::Kind::kConst;  // a real tensor met while tracing
      out->constant = x;
      return true;
    }
    // A graph input is fetched again from its source (after any in-place
    // update was copied back), not routed through the graph: a graph with
    // no ops is never run. It is the caller's own object (`f(x) is x`,
    // also after x.add_(1)), and a view of it is laid over the caller's
    // tensor, so that writes through either reach the other as in eager
    // mode.
    GraphRecorder& rec = const_cast<Translator&>(tr).recorder();
    if (SourcePtr src = rec.InputSourceOf(x)) {
      out->kind = Rebuild::Kind::kSource;
      out->source = src;
      return true;
    }
    const tensor::Tensor& fake = script_torch::TensorOfValue(x);
    int64_t offset = 0;
    if (SourcePtr src = rec.InputStorageOf(fake, &offset)) {
      out->kind = Rebuild::Kind::kInputView;
      out->source = src;
      out->view_offset = offset;
      out->view_sizes = tensor::Shape(fake.sizes());
      out->view_strides = tensor::Shape(fake.strides());
      out->requires_grad = script_torch::TensorRequiresGrad(x);
      out->tensor_type = x.type();
      if (out->requires_grad) out->view_chain = ViewChain(rec, gv, src);
      return true;
    }
    std::span<graph_ir::Value* const> inputs = rec.graph().inputs();
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i] == gv && i < rec.input_sources().size() && rec.input_sources()[i] != nullptr) {
        out->kind = Rebuild::Kind::kSource;
        out->source = rec.input_sources()[i];
        return true;
      }
    }
    int index = -1;
    for (size_t i = 0; i < outputs->size(); ++i) {
      if ((*outputs)[i] == gv) index = static_cast<int>(i);
    }
    if (index < 0) {
      index = static_cast<int>(outputs->size());
      outputs->push_back(gv);
    }
    out->kind = Rebuild::Kind::kOutput;
    out->output = index;
    out->identity = reinterpret_cast<uintptr_t>(x.as_object());
    out->requires_grad = script_torch::TensorRequiresGrad(x);
    out->tensor_type = x.type();
    return true;
  }
  const script::Object* o = x.as_object();
  auto copy = tr.copies().find(o);
  if (copy != tr.copies().end()) {
    out->kind = Rebuild::Kind::kSource;
    out->source = copy->second;
    return true;
  }
  if (tr.IsNewObject(o)) {
    const script::Type* t = o->type;
    if (t == T.tuple || t == T.list) {
      out->kind = t == T.tuple ? Rebuild::Kind::kTuple : Rebuild::Kind::kList;
      const auto& items = t == T.tuple ? script::Cast<script::TupleObject>(x)->items
                                       : script::Cast<script::ListObject>(x)->items;
      for (const Value& item : items) {
        Rebuild r;
        if (!PlanRebuild(tr, Var{item, nullptr}, outputs, &r)) return false;
        out->items.push_back(std::move(r));
      }
      return true;
    }
    if (t == T.dict) {
      out->kind = Rebuild::Kind::kDict;
      for (const auto& e : script::Cast<script::DictObject>(x)->entries) {
        if (e.key.is_null()) continue;
        Rebuild k, val;
        if (!PlanRebuild(tr, Var{e.key, nullptr}, outputs, &k)) return false;
        if (!PlanRebuild(tr, Var{e.value, nullptr}, outputs, &val)) return false;
        out->items.push_back(std::move(k));
        out->items.push_back(std::move(val));
      }
      return true;
    }
    // Immutable values the trace computed ("scale=" + str(k)) are
    // constants of the entry: the same on every call its guards admit.
    if (t == T.slice || t == T.range || t == T.str || t == T.int_ || t == T.float_) {
      out->kind = Rebuild::Kind::kConst;
      out->constant = x;
      return true;
    }
    return false;
  }
  if (v.src != nullptr) {
    out->kind = Rebuild::Kind::kSource;
    out->source = v.src;
    return true;
  }
  if (script::IsInstance(x, T.tuple) && !o->type->has_flag(script::Type::kHeapType)) {
    return PlanNativeTuple(tr, x, outputs, out);
  }
  out->kind = Rebuild::Kind::kConst;
  out->constant = x;
  return true;
}

bool PlanSideEffects(const Translator& tr, std::vector<graph_ir::Value*>* outputs,
                     std::vector<SideEffect>* out) {
  return tr.side_effects().PlanWrites(
      [&](const Var& v, Rebuild* r) { return PlanRebuild(tr, v, outputs, r); }, out);
}

namespace {

// `made` holds the tensor object made for each traced tensor object, so
// that values rebuilt from one are one object (`return y, y`). A few
// entries at most: a linear search without allocation beats a hash map on
// the hit path.
using MadeValues = absl::InlinedVector<std::pair<uintptr_t, Value>, 4>;

Value& MadeSlot(MadeValues* made, uintptr_t identity) {
  for (auto& [id, v] : *made) {
    if (id == identity) return v;
  }
  return made->emplace_back(identity, Value()).second;
}

Value Materialize(script::VM& vm, const Rebuild& r, const std::vector<tensor::Tensor>& outputs,
                  const FrameView& frame, MadeValues* made) {
  switch (r.kind) {
    case Rebuild::Kind::kNull:
      return Value();
    case Rebuild::Kind::kConst:
      return r.constant;
    case Rebuild::Kind::kSource:
      return Fetch(vm, *r.source, frame);
    case Rebuild::Kind::kGradMode:
      return vm.Call(r.constant, script::ArgsView());
    case Rebuild::Kind::kOutput: {
      Value& v = MadeSlot(made, r.identity);
      if (v.is_null()) {
        v = script_torch::NewCompiledOutputValue(
            outputs[r.output], r.requires_grad,
            r.tensor_type == script_torch::TensorValueType() ? nullptr : r.tensor_type);
      }
      return v;
    }
    case Rebuild::Kind::kInputView: {
      Value base = Fetch(vm, *r.source, frame);
      if (!script_torch::IsTensorValue(base)) return base;
      const tensor::Tensor& t = script_torch::TensorOfValue(base);
      script::Type* type =
          r.tensor_type == script_torch::TensorValueType() ? nullptr : r.tensor_type;
      if (r.view_chain != nullptr && script_torch::GraphNeedsAutograd({&t, 1})) {
        // The view ops again, on the tape: the view's grad_fn and its
        // gradient reaching the caller's tensor, as in eager mode.
        absl::StatusOr<std::vector<tensor::Tensor>> v =
            script_torch::RunGraphWithAutograd(r.view_chain, nullptr, {&t, 1});
        if (v.ok() && v->size() == 1 && (*v)[0].storage() == t.storage()) {
          return script_torch::NewTensorValue((*v)[0], false, type);
        }
      }
      tensor::Tensor view(t.storage(), t.dtype(), r.view_sizes, r.view_strides,
                          t.storage_offset() + r.view_offset);
      return script_torch::NewTensorValue(std::move(view), r.requires_grad, type);
    }
    case Rebuild::Kind::kTuple:
    case Rebuild::Kind::kList: {
      std::vector<Value> items;
      for (const Rebuild& i : r.items) items.push_back(Materialize(vm, i, outputs, frame, made));
      if (r.tuple_type != nullptr) {
        auto* t = new script::TupleObject(r.tuple_type);
        t->items = std::move(items);
        return Value::Adopt(t);
      }
      return r.kind == Rebuild::Kind::kTuple ? script::NewTuple(std::move(items))
                                             : script::NewList(std::move(items));
    }
    case Rebuild::Kind::kDict: {
      Value d = script::NewDict();
      for (size_t i = 0; i + 1 < r.items.size(); i += 2) {
        vm.SetItem(d, Materialize(vm, r.items[i], outputs, frame, made),
                   Materialize(vm, r.items[i + 1], outputs, frame, made));
      }
      return d;
    }
  }
  return Value();
}

// Replays the entry's side effects. Every content is built before any
// object is written, since contents may be read from the objects written.
bool ApplySideEffects(script::VM& vm, const CompiledEntry& e,
                      const std::vector<tensor::Tensor>& outputs, const FrameView& frame,
                      MadeValues* made) {
  if (e.side_effects.empty()) return true;
  std::vector<Value> contents, targets;
  for (const SideEffect& se : e.side_effects) {
    contents.push_back(Materialize(vm, se.contents, outputs, frame, made));
    targets.push_back(se.cell ? Value() : Fetch(vm, *se.source, frame));
  }
  const script::BuiltinTypes& T = script::Types();
  for (size_t i = 0; i < targets.size(); ++i) {
    if (e.side_effects[i].cell) {
      script::CellObject* cell = FetchCell(vm, *e.side_effects[i].source, frame);
      if (cell == nullptr) {
        vm.Raise(T.runtime_error, "tc frame capture: a written closure cell is gone");
        return false;
      }
      cell->value = contents[i];
      continue;
    }
    const Value& target = targets[i];
    if (target.is_object() && target.type() == T.list && contents[i].type() == T.list) {
      script::Cast<script::ListObject>(target)->items =
          script::Cast<script::ListObject>(contents[i])->items;
      continue;
    }
    if (IsDictForKeys(target) && contents[i].type() == T.dict) {
      if (vm.CallMethod(target, "clear", {}).is_null()) return false;
      if (vm.CallMethod(target, "update", {contents[i]}).is_null()) return false;
      continue;
    }
    vm.Raise(T.runtime_error, "tc frame capture: a written object changed type");
    return false;
  }
  return true;
}

}  // namespace

bool FetchInputs(script::VM& vm, const CompiledEntry& e, const FrameView& frame,
                 std::vector<tensor::Tensor>* inputs) {
  inputs->reserve(e.input_sources.size());
  for (size_t i = 0; i < e.input_sources.size(); ++i) {
    if (e.input_sources[i] == nullptr) {
      inputs->push_back(e.constants[i]);
      continue;
    }
    Value v = Fetch(vm, *e.input_sources[i], frame);
    if (!script_torch::IsTensorValue(v)) {
      vm.Raise(script::Types().runtime_error, "a graph input is no longer a tensor");
      return false;
    }
    inputs->push_back(script_torch::TensorOfValue(v));
  }
  return true;
}

Value RunEntry(script::VM& vm, const CompiledEntry& e, const FrameView& frame) {
  std::vector<tensor::Tensor> outputs;
  if (e.graph != nullptr) {
    std::vector<tensor::Tensor> inputs;
    if (!FetchInputs(vm, e, frame, &inputs)) return Value();
    const bool autograd = script_torch::GraphNeedsAutograd(inputs);
    // An input that requires grad and is written to: the write needs the
    // input's own history, which only running the ops on the tape gives.
    // (Written inputs without gradient, as batch_norm's running stats, go
    // through the backend like any other output.)
    bool writes_grad_input = !e.compiled_handles_autograd && !e.mutated_inputs.empty();
    for (auto [input, output] : e.mutated_inputs) {
      writes_grad_input = writes_grad_input || script_torch::RequiresGrad(inputs[input]);
    }
    if (autograd && writes_grad_input) {
      // Training with such inputs written back: the graph's ops recorded
      // one by one (graph_autograd.h), so the writes take their history.
      // They read a recorded clone of each input that requires grad and is
      // written: what they save for backward must not be the caller's
      // tensor, whose version the write-back below bumps (clamp_ then
      // backward() would fail the saved-tensor version check).
      std::vector<tensor::Tensor> taped = inputs;
      for (auto [input, output] : e.mutated_inputs) {
        if (!script_torch::RequiresGrad(inputs[input])) continue;
        Value c = vm.CallMethod(script_torch::NewTensorValue(inputs[input]), "clone", {});
        if (c.is_null()) return Value();
        taped[input] = script_torch::TensorOfValue(c);
      }
      absl::StatusOr<std::vector<tensor::Tensor>> r = script_torch::RunGraphWithAutograd(
          std::shared_ptr<const graph_ir::Graph>(e.graph, &e.graph->graph),
          std::shared_ptr<const std::vector<bool>>(e.graph, &e.graph->grad_nodes), taped);
      if (!r.ok()) {
        vm.Raise(script::Types().runtime_error, std::string(r.status().message()));
        return Value();
      }
      outputs = *std::move(r);
    } else {
      if (!e.compiled(vm, inputs, &outputs)) return Value();
      // Training: the compiled outputs get a CompiledFunctionBackward node.
      if (autograd && !e.compiled_handles_autograd) {
        script_torch::AttachCompiledHistory(
            std::shared_ptr<const graph_ir::Graph>(e.graph, &e.graph->graph),
            std::shared_ptr<const std::vector<bool>>(e.graph, &e.graph->grad_nodes), inputs,
            outputs);
      }
    }
    for (const auto& [output, msg] : e.asserts) {
      int t = vm.Truthy(script_torch::NewTensorValue(outputs[output]));
      if (t < 0) return Value();
      if (t == 0) {
        vm.Raise(script::Types().runtime_error, msg);
        return Value();
      }
    }
    for (auto [input, output] : e.mutated_inputs) {
      Value dst = Fetch(vm, *e.input_sources[input], frame);
      if (!script_torch::WriteBackInput(vm, dst, outputs[output])) return Value();
    }
  }
  // Values are rebuilt before the side effects write the objects they may
  // be fetched from.
  MadeValues made;
  if (e.kind == TraceOutcome::Kind::kReturn) {
    Value r = Materialize(vm, e.stack[0], outputs, frame, &made);
    if (!ApplySideEffects(vm, e, outputs, frame, &made)) return Value();
    return r;
  }

  std::vector<Value> stack;
  for (const Rebuild& r : e.stack) stack.push_back(Materialize(vm, r, outputs, frame, &made));
  std::vector<Value> locals;
  for (const Rebuild& r : e.locals) locals.push_back(Materialize(vm, r, outputs, frame, &made));
  if (!ApplySideEffects(vm, e, outputs, frame, &made)) return Value();
  const script::Value* resume = &e.resume[0];
  if (e.break_kind == TraceOutcome::BreakKind::kJump) {
    const script::Instruction ins = frame.function->code->code->instructions[e.pc];
    Value cond = stack.back();
    int t = vm.Truthy(cond);
    if (t < 0) return Value();
    bool jump_when = ins.op == Opcode::kPopJumpIfTrue || ins.op == Opcode::kJumpIfTrueOrPop;
    bool pops = ins.op == Opcode::kPopJumpIfFalse || ins.op == Opcode::kPopJumpIfTrue;
    bool take = (t == 1) == jump_when;
    if (pops || !take) stack.pop_back();
    if (take) resume = &e.resume[1];
  } else if (e.break_kind != TraceOutcome::BreakKind::kCheckpoint) {
    // The instruction runs inside the grad-mode blocks open at the break
    // (the graph closed them; the resume function enters them again).
    const bool outer = script_torch::GradModeEnabled();
    bool inner = outer;
    for (const Rebuild& r : e.stack) {
      if (r.kind == Rebuild::Kind::kGradMode) inner = r.grad_mode;
    }
    script_torch::SetGradModeEnabled(inner);
    const bool ran = vm.RunInstruction(frame.function, e.pc, &stack);
    script_torch::SetGradModeEnabled(outer);
    if (!ran) {
      // The instruction ran outside the interpreter loop: its frame's line
      // goes into the traceback as the eager run would have put it.
      const script::Code& code = *frame.function->code->code;
      vm.AddTracebackEntry(frame.function->code.get(), code.locations[e.pc].line);
      return Value();
    }
  }
  // The resume function's parameters: the stack, then the live locals.
  std::vector<Value> args = std::move(stack);
  for (int slot : e.live_locals) args.push_back(locals[slot]);
  return vm.Call(*resume, script::ArgsView(args.data(), static_cast<int32_t>(args.size())));
}

}  // namespace tc::frame_capture
