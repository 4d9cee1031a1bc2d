// Translator: the call family (CALL*, MAKE_FUNCTION, MAKE_CLASS, RETURN):
// torch functions and methods, builtins, special callables, inlining of
// user functions, methods and constructors (grad-mode blocks:
// translator_grad_mode.cc). Over 600 lines because the call family's
// cases share the inlining and tracked-native helpers kept beside them.
#include <algorithm>

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script_torch/op_tracer.h"
#include "tc/script_torch/tensor_value.h"

#include "break_messages.h"
#include "resume.h"
#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;
using translator_internal::IsExact;
using translator_internal::IsMutatingMethod;
using translator_internal::kLocalScalarDense;
using translator_internal::kMaxInlineDepth;

// --- Calls ---------------------------------------------------------------------

namespace {
// nn.RNN, nn.GRU, nn.LSTM or a subclass (Dynamo's isinstance check).
bool IsTorchRnnModule(const script::Type* t) {
  for (const script::Type* k : t->mro) {
    if (k->module == "torch.nn" && (k->name == "RNN" || k->name == "GRU" || k->name == "LSTM")) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool Translator::CallVar(Frame& f, const Var& callable, std::vector<Var> args,
                         const script::TupleObject* kwnames, Var* out) {
  const script::BuiltinTypes& T = script::Types();
  const Value& c = callable.v;
  if (!c.is_object()) {
    return FromException((vm_.Raise(T.type_error, "object is not callable"), f));
  }
  const script::Object* o = c.as_object();
  if (auto it = grad_exits_.find(o); it != grad_exits_.end()) {
    // Leaving a grad-mode block: the mode outside it again.
    script_torch::SetGradModeEnabled(it->second.outer);
    RecordSetGradEnabled();
    *out = Var{Value::Bool(false), nullptr};
    return true;
  }
  if (special_.graph_break.contains(o)) return GraphBreakCall(f, args, kwnames);
  if (special_.is_compiling.contains(o) && args.empty()) {
    *out = Var{Value::Bool(true), nullptr};
    return true;
  }
  if (auto it = special_.disabled.find(o); it != special_.disabled.end()) {
    std::string name;
    vm_.ReprString(c, &name);
    auto reason = special_.disable_reasons.find(o);
    return Unsupported(
        f, DisabledCallBreak(name, it->second,
                             reason != special_.disable_reasons.end() ? reason->second : "None")
               .Format());
  }
  if (special_.disallow_in_graph.contains(o)) {
    const auto* nf = o->type == T.native_function
                         ? static_cast<const script::NativeFunctionObject*>(o)
                         : nullptr;
    return Unsupported(f, DisallowedCallBreak(nf != nullptr ? nf->name : "function").Format());
  }
  const script::Type* t = o->type;
  if (t == T.function && special_.allow_in_graph.contains(o)) {
    // torch puts an allow_in_graph function into the graph as one
    // call_function node and runs its body on fake tensors for the
    // output's metadata. A tc graph cannot call script code, so the body
    // runs here on the fakes (not traced: no breaks, no inlining) and its
    // ops are recorded in place of that node, which keeps the graph
    // runnable, while one CallRecord names the function: counts and node
    // lists read as torch's.
    const auto* fn = static_cast<const script::FunctionObject*>(o);
    const std::string* module = script::StrValue(fn->module);
    std::string target = absl::StrCat(module != nullptr ? *module : "__main__", ".",
                                      fn->qualname.get() != nullptr ? fn->qualname->value : "");
    return CallNativeTracked(f, c, nullptr, args, kwnames, CallRecord::Kind::kFunction,
                             std::move(target), out);
  }
  if (t == T.function) {
    auto* fn = static_cast<script::FunctionObject*>(const_cast<script::Object*>(o));
    return Inline(f, fn, callable.src, nullptr, std::move(args), kwnames, out);
  }
  if (t == T.method) {
    const auto* m = static_cast<const script::MethodObject*>(o);
    // A disabled or allow_in_graph function bound as a method is called
    // as the function with self first, so it is treated as marked.
    if (m->function.is_object() && m->function.type() == T.function &&
        !special_.disabled.contains(m->function.as_object()) &&
        !special_.allow_in_graph.contains(m->function.as_object())) {
      Var self{m->self, callable.src != nullptr ? callable.src->base : nullptr};
      const auto* fn = script::Cast<script::FunctionObject>(m->function);
      if (fn->name.get() != nullptr && fn->name->value == "_init_group" && IsOptimizer(m->self)) {
        bool handled = false;
        if (!EagerInitGroup(f, c, WithKnownSource(self), args, kwnames, out, &handled)) {
          return false;
        }
        if (handled) return true;
      }
      return Inline(f, script::Cast<script::FunctionObject>(m->function),
                    callable.src != nullptr ? Source::Attr(callable.src, "__func__") : nullptr,
                    &self, std::move(args), kwnames, out);
    }
    Var inner{m->function, nullptr};
    args.insert(args.begin(), Var{m->self, nullptr});
    return CallVar(f, inner, std::move(args), kwnames, out);
  }
  if (t == T.native_function) {
    return CallNative(f, c, static_cast<const script::NativeFunctionObject*>(o), args, kwnames,
                      out);
  }
  if (script::IsSubtype(t, T.type)) {
    return CallClass(f, c, static_cast<const script::Type*>(o), args, kwnames, out);
  }
  // An instance with __call__ (an nn.Module): call the method. Dynamo
  // breaks on nn.RNN / GRU / LSTM on purpose (config.allow_rnn is False).
  const Value& call = t->slot(script::Slot::kCall);
  if (!call.is_null() && IsTorchRnnModule(t)) {
    return Unsupported(
        f, RnnModuleBreak(callable.src != nullptr ? callable.src.get() : nullptr).Format());
  }
  if (!call.is_null()) {
    if (call.type() == T.function) {
      return Inline(f, script::Cast<script::FunctionObject>(call), nullptr, &callable,
                    std::move(args), kwnames, out);
    }
    return CallNativeTracked(f, c, nullptr, args, kwnames, CallRecord::Kind::kFunction,
                             absl::StrCat(t->name, ".__call__"), out);
  }
  return FromException(
      (vm_.Raise(T.type_error, absl::StrCat("'", t->name, "' object is not callable")), f));
}

bool Translator::InlineSpecialMethod(Frame& f, const Var& obj, script::Slot slot,
                                     std::vector<Var> args, Var* out, bool* inlined) {
  *inlined = false;
  if (!obj.v.is_object() || IsFake(obj.v)) return true;
  const Value& method = obj.v.type()->slot(slot);
  if (method.is_null() || method.type() != script::Types().function) return true;
  *inlined = true;
  Var self = WithKnownSource(obj);
  return Inline(f, script::Cast<script::FunctionObject>(method), nullptr, &self, std::move(args),
                nullptr, out);
}

bool Translator::CheckSpecialResult(Frame& f, std::string_view builtin, const Var* result) {
  const script::BuiltinTypes& T = script::Types();
  const Value& r = result->v;
  if (builtin == "len") {
    if (!r.is_int() && !r.is_bool()) {
      vm_.Raise(T.type_error, absl::StrCat("'", std::string(script::TypeName(r)),
                                           "' object cannot be interpreted as an integer"));
      return FromException(f);
    }
    if (r.is_int() && r.as_int() < 0) {
      vm_.Raise(T.value_error, "__len__() should return >= 0");
      return FromException(f);
    }
    return true;
  }
  if (!r.is_object() || r.type()->slot(script::Slot::kNext).is_null()) {
    vm_.Raise(T.type_error, absl::StrCat("iter() returned non-iterator of type '",
                                         std::string(script::TypeName(r)), "'"));
    return FromException(f);
  }
  return true;
}

// graph_break(msg=...): the message and the arguments as Dynamo's
// VariableTrackers print them.
bool Translator::GraphBreakCall(Frame& f, const std::vector<Var>& args,
                                const script::TupleObject* kwnames) {
  auto vt = [&](const Value& v) -> std::string {
    if (IsFake(v)) return "TensorVariable()";
    std::string repr;
    vm_.ReprString(v, &repr);
    return absl::StrCat("ConstantVariable(", std::string(script::TypeName(v)), ": ", repr, ")");
  };
  size_t nkw = kwnames == nullptr ? 0 : kwnames->items.size();
  std::string msg, pos, kw;
  for (size_t i = 0; i < args.size(); ++i) {
    const Value& a = args[i].v;
    if (i + nkw < args.size()) {
      absl::StrAppend(&pos, pos.empty() ? "" : ", ", vt(a));
      if (i == 0 && script::StrValue(a) != nullptr) msg = *script::StrValue(a);
      continue;
    }
    const std::string& name = *script::StrValue(kwnames->items[i + nkw - args.size()]);
    absl::StrAppend(&kw, kw.empty() ? "" : ", ", "'", name, "': ", vt(a));
    if (name == "msg" && script::StrValue(a) != nullptr) msg = *script::StrValue(a);
  }
  BreakMessage m = UserGraphBreak(msg);
  m.context = absl::StrCat("Called `torch._dynamo.graph_break()` with args `[", pos,
                           "]`, kwargs `{", kw, "}`");
  return Unsupported(f, m.Format());
}

namespace {

// Python's `random` and `time` read or change state outside the frame (the
// generator, the clocks). Tracing runs native calls for real and the frame
// runs them again, which would draw twice; Dynamo instead generates random
// values around its graph. Until tc models that, such a call breaks the
// graph and runs once, eagerly.
bool ReadsOutsideState(const script::NativeFunctionObject* nf) {
  const Value& self = nf->self;
  const script::Type* t = self.is_object() ? self.type() : nf->owner;
  if (t == nullptr) return false;
  if (script::IsSubtype(t, script::Types().module)) {
    const std::string& name = script::Cast<script::ModuleObject>(self)->name;
    return name == "random" || name == "time";
  }
  for (const script::Type* m : t->mro) {
    if (m->module == "random") return true;  // random.Random and subclasses
  }
  return false;
}

}  // namespace

bool Translator::CallNative(Frame& f, const Value& c, const script::NativeFunctionObject* nf,
                            std::vector<Var>& args, const script::TupleObject* kwnames, Var* out) {
  const script::BuiltinTypes& T = script::Types();
  bool bound = nf->is_method && !nf->self.is_null();
  const Value* self = bound ? &nf->self : nullptr;
  // Method called through the unbound form (Tensor.add(x, y)) or bound.
  bool method_on_fake = (self != nullptr && IsFake(*self)) ||
                        (nf->is_method && self == nullptr && !args.empty() && IsFake(args[0].v));
  const std::string& name = nf->name;
  // Tracing runs native calls for real and the frame runs them again: a
  // call that may resume a generator or coroutine (send, next, list(g),
  // ...) would run its frame twice. It breaks the graph and runs once.
  bool resumes = self != nullptr && script::ResumesFrame(*self);
  for (const Var& a : args) resumes = resumes || script::ResumesFrame(a.v);
  if (resumes) {
    return Unsupported(
        f,
        UnsupportedBreak(absl::StrCat("resuming a generator or coroutine (", name, ")")).Format());
  }
  if (method_on_fake) {
    bool handled = false;
    if (!DecomposeInPlace(f, name, self, args, kwnames, out, &handled)) return false;
    if (handled) return true;
    const Value& t = self != nullptr ? *self : args[0].v;
    if (name == "item" || name == "__int__" || name == "__float__") return ItemBreak(f);
    if (name == "tolist") return TolistBreak(f, t);
    if (name == "__bool__" || name == "__index__") {
      return Unsupported(f, DataDependentOperator(kLocalScalarDense).Format());
    }
    if (name == "numpy" || name == "__repr__" || name == "__str__" || name == "__format__") {
      return Unsupported(f, UnsupportedBreak(absl::StrCat("Tensor.", name, "()")).Format());
    }
  }
  const Value* builtin = script::DictGetStr(vm_.builtins(), nf->name);
  bool is_builtin = builtin != nullptr && builtin->is_object() && builtin->as_object() == nf;
  if (is_builtin) {
    if ((name == "len" || name == "iter") && args.size() == 1 && kwnames == nullptr) {
      bool inlined = false;
      if (!InlineSpecialMethod(f, args[0], name == "len" ? script::Slot::kLen : script::Slot::kIter,
                               {}, out, &inlined)) {
        return false;
      }
      if (inlined) return CheckSpecialResult(f, name, out);
    }
    if (name == "print") {
      std::vector<std::string> types;
      for (const Var& a : args) {
        types.push_back(IsFake(a.v) ? "Tensor" : std::string(script::TypeName(a.v)));
      }
      return Unsupported(f, PrintBreak(types, kwnames != nullptr).Format());
    }
    static constexpr std::string_view kSideEffects[] = {
        "input",   "open",   "setattr", "delattr", "exec", "eval",   "id",
        "globals", "locals", "vars",    "repr",    "str",  "format", "ascii"};
    bool side =
        std::find(std::begin(kSideEffects), std::end(kSideEffects), name) != std::end(kSideEffects);
    if (side && (name != "str" && name != "repr" && name != "format" ? true : AnyFake(args))) {
      return Unsupported(f, SkippedCallBreak(absl::StrCat("builtin `", name, "`")).Format());
    }
  }
  // The object a method call works on: bound, or the first argument of
  // the unbound form (list.append(xs, v)).
  const Value* receiver =
      self != nullptr ? self : (nf->is_method && !args.empty() ? &args[0].v : nullptr);
  // Writes to a stand-in of an outside list or dict are replayed on the
  // real object after the graph (Dynamo's side effects).
  if (receiver != nullptr && IsMutatingMethod(name) && IsPreexisting(*receiver) &&
      !IsFake(*receiver) && !MutateCopy(*receiver)) {
    return Unsupported(
        f,
        UnsupportedBreak(absl::StrCat("mutating an outside object with .", name, "()")).Format());
  }
  // The generator-state calls read or write the generator when traced, not
  // when the graph runs: they stay eager (as Dynamo skips them).
  if (name == "manual_seed" || name == "seed" || name == "set_grad_enabled" ||
      name == "set_printoptions" || name == "save" || name == "load" || name == "backward" ||
      name == "initial_seed" || name == "get_rng_state" || name == "set_rng_state" ||
      name == "get_state" || name == "set_state" || name == "fork_rng") {
    return Unsupported(f, SkippedCallBreak(absl::StrCat("`", name, "`")).Format());
  }
  // A custom autograd.Function: its forward would trace into the graph
  // without its backward (Dynamo traces both into a higher-order op; tc
  // does not yet), so the call runs eagerly, where autograd records it.
  if (name == "_function_apply" && nf->self.is_object() &&
      script::IsSubtype(nf->self.type(), T.module) &&
      script::Cast<script::ModuleObject>(nf->self)->name == "torch.autograd.function") {
    return Unsupported(f, UnsupportedBreak("torch.autograd.Function.apply").Format());
  }
  if (ReadsOutsideState(nf)) {
    std::string what = nf->qualname.empty() ? name : nf->qualname;
    return Unsupported(
        f, UnsupportedBreak(absl::StrCat("calls of Python's random and time modules (", what, ")"))
               .Format());
  }
  CallRecord::Kind kind = method_on_fake ? CallRecord::Kind::kMethod : CallRecord::Kind::kFunction;
  std::string target;
  if (method_on_fake) {
    // A tensor method that needs no node of its own (detach, an in-place
    // copy_ whose value is its operand's) is still one call_method node
    // in Dynamo's graph: it is counted as one.
    const int nodes_before = recorder_.num_nodes();
    const size_t calls_before = calls_.size();
    if (!CallNativeTracked(f, c, nullptr, args, kwnames, kind, nf->name, out)) return false;
    if (calls_.size() == calls_before && IsFake(out->v)) {
      calls_.push_back({kind, nf->name, nodes_before, 0});
    }
    return true;
  } else if (nf->self.is_object() && nf->self.type() != nullptr &&
             script::IsSubtype(nf->self.type(), T.module)) {
    target = absl::StrCat(script::Cast<script::ModuleObject>(nf->self)->name, ".", nf->name);
  } else if (nf->qualname.find('.') != std::string::npos) {
    // torch.abs and F.relu are adapters over other natives; their
    // qualname is the name FX shows ("torch.abs").
    target = nf->qualname;
  } else {
    target = absl::StrCat("builtins.", nf->name);
  }
  return CallNativeTracked(f, c, nullptr, args, kwnames, kind, std::move(target), out);
}

bool Translator::CallClass(Frame& f, const Value& c, const script::Type* cls,
                           std::vector<Var>& args, const script::TupleObject* kwnames, Var* out) {
  const script::BuiltinTypes& T = script::Types();
  // int(t) / float(t) call t.item() (BuiltinVariable._call_int_float);
  // bool(t) reads the data through aten._local_scalar_dense.
  if (args.size() == 1 && kwnames == nullptr && IsFake(args[0].v)) {
    if (cls == T.int_ || cls == T.float_) return ItemBreak(f);
    if (cls == T.bool_) return Unsupported(f, DataDependentOperator(kLocalScalarDense).Format());
  }
  // A user-defined context manager with object's __new__ and __init__ is
  // made for real (nothing user-defined runs) so that its with block can
  // be traced.
  const bool user_ctx = IsExact(cls->slot(script::Slot::kEnter), T.function) &&
                        IsExact(cls->slot(script::Slot::kExit), T.function) &&
                        !IsExact(cls->slot(script::Slot::kInit), T.function) &&
                        !IsExact(cls->slot(script::Slot::kNew), T.function) && args.empty();
  if (cls->has_flag(script::Type::kHeapType) && !user_ctx) {
    return Unsupported(
        f, UnsupportedBreak(absl::StrCat("creating an instance of ", cls->name)).Format());
  }
  const bool mode_before = script_torch::GradModeEnabled();
  if (!CallNativeTracked(
          f, c, nullptr, args, kwnames, CallRecord::Kind::kFunction,
          absl::StrCat(cls->module == "builtins" ? "builtins" : cls->module, ".", cls->name),
          out)) {
    return false;
  }
  if (out->v.is_object()) NoteNew(out->v.as_object());
  if (cls->module == "torch.autograd.grad_mode" && cls->name == "set_grad_enabled") {
    // It switches the mode when made (torch._C._set_grad_enabled).
    RecordSetGradEnabled();
    set_grad_outer_[out->v.as_object()] = mode_before;
  }
  return true;
}

bool Translator::CallNativeTracked(Frame& f, const Value& callable, const Value* self,
                                   std::vector<Var>& args, const script::TupleObject* kwnames,
                                   CallRecord::Kind kind, std::string target, Var* out) {
  (void)self;
  std::vector<Value> argv;
  argv.reserve(args.size());
  for (const Var& a : args) argv.push_back(a.v);
  int32_t nkw = kwnames == nullptr ? 0 : static_cast<int32_t>(kwnames->items.size());
  script::ArgsView view(argv.data(), static_cast<int32_t>(argv.size()) - nkw, kwnames);
  return Tracked(
      f, kind, target, [&] { return vm_.Call(callable, view); }, out);
}

std::shared_ptr<Var> Translator::OutsideCell(const Value& cell, SourcePtr src, bool wrapped) {
  auto [it, added] = outside_cells_.try_emplace(cell.as_object());
  if (added) {
    it->second = std::make_shared<Var>(Var{script::Cast<script::CellObject>(cell)->value, nullptr});
    keep_alive_.push_back(cell);
    outside_cell_state_[it->second.get()] = {std::move(src), wrapped, false};
  } else if (OutsideCellState& st = outside_cell_state_[it->second.get()];
             st.source == nullptr && !st.wrapped) {
    // First reached through a function no source names, now through one
    // that has a source: guards and replay can name it after all.
    st.source = std::move(src);
  }
  return it->second;
}

bool Translator::Inline(Frame& f, script::FunctionObject* fn, const SourcePtr& fn_src,
                        const Var* self, std::vector<Var> args, const script::TupleObject* kwnames,
                        Var* out) {
  const script::BuiltinTypes& T = script::Types();
  const script::Code& code = *fn->code->code;
  if (special_.skipped_code.contains(&code)) {
    std::string name;
    vm_.ReprString(Value::Borrow(fn), &name);
    auto reason = special_.disable_reasons.find(&code);
    return Unsupported(
        f, DisabledCallBreak(name, false,
                             reason != special_.disable_reasons.end() ? reason->second : "None")
               .Format());
  }
  if (depth_ >= kMaxInlineDepth) {
    return Unsupported(f, UnsupportedBreak("recursion deeper than the inlining limit").Format());
  }
  if (code.flags & (script::Code::kCoroutine | script::Code::kAsyncGenerator |
                    script::Code::kIterableCoroutine)) {
    // The call makes a coroutine (or async generator) whose frame runs
    // when it is awaited or sent to, outside this trace: it runs eagerly.
    // (PyTorch 2.15 inlines an async def as a plain function, so the call
    // returns the body's result instead of a coroutine; tc keeps the
    // eager answer.)
    return Unsupported(f, UnsupportedBreak("calling a coroutine function").Format());
  }
  // Bind with stand-in markers so every parameter maps back to its Var
  // (and its source), while the VM's binder supplies defaults, *args,
  // **kwargs and CPython's TypeErrors.
  std::vector<Value> markers;
  absl::flat_hash_map<const script::Object*, size_t> marker_index;
  for (size_t i = 0; i < args.size(); ++i) {
    Value m = script::NewList({});
    marker_index[m.as_object()] = i;
    markers.push_back(std::move(m));
  }
  Value self_marker;
  if (self != nullptr) self_marker = script::NewList({});
  int32_t nkw = kwnames == nullptr ? 0 : static_cast<int32_t>(kwnames->items.size());
  script::CodeObject* co = fn->code.get();
  std::vector<Value> params(co->nparams);
  if (!vm_.BindArguments(fn, params.data(), markers.data(),
                         static_cast<int32_t>(markers.size()) - nkw, kwnames,
                         self != nullptr ? &self_marker : nullptr)) {
    return FromException(f);
  }
  auto unmark = [&](const Value& v) -> Var {
    if (v.is_object()) {
      if (self != nullptr && v.as_object() == self_marker.as_object()) return *self;
      auto it = marker_index.find(v.as_object());
      if (it != marker_index.end()) return args[it->second];
    }
    return Var{v, nullptr};
  };
  Frame child;
  child.fn = fn;
  child.co = co;
  child.code = &code;
  child.parent = &f;
  child.locals.resize(co->nlocals);
  child.wrapped.assign(co->nlocals, true);
  for (int i = 0; i < co->nparams; ++i) {
    const Value& p = params[i];
    if (p.is_object() && (p.type() == T.tuple || p.type() == T.dict) &&
        !marker_index.contains(p.as_object()) &&
        (self == nullptr || p.as_object() != self_marker.as_object())) {
      // *args / **kwargs: rebuild with the real values.
      if (p.type() == T.tuple) {
        std::vector<Value> items;
        for (const Value& it : script::Cast<script::TupleObject>(p)->items)
          items.push_back(unmark(it).v);
        Value t = script::NewTuple(std::move(items));
        NoteNew(t.as_object());
        child.locals[i] = Var{t, nullptr};
      } else {
        Value d = script::NewDict();
        for (const auto& e : script::Cast<script::DictObject>(p)->entries) {
          if (e.key.is_null()) continue;
          if (!vm_.SetItem(d, e.key, unmark(e.value).v)) return FromException(f);
        }
        NoteNew(d.as_object());
        child.locals[i] = Var{d, nullptr};
      }
      continue;
    }
    child.locals[i] = unmark(p);
  }
  for (size_t i = 0; i < code.cellvars.size(); ++i) {
    auto cell = std::make_shared<Var>();
    int32_t p = code.cell_param_index.empty() ? -1 : code.cell_param_index[i];
    if (p >= 0) *cell = child.locals[p];
    child.cells.push_back(cell);
  }
  for (size_t i = 0; i < code.freevars.size(); ++i) {
    const Value& cellv = fn->closure->items[i];
    auto it = cells_.find(cellv.as_object());
    if (it != cells_.end()) {
      child.cells.push_back(it->second);
    } else {
      child.cells.push_back(OutsideCell(
          cellv,
          fn_src != nullptr ? Source::CellContents(fn_src, static_cast<int64_t>(i)) : nullptr,
          /*wrapped=*/false));
    }
  }
  std::vector<Var> yields;
  bool generator = (code.flags & script::Code::kGenerator) != 0;
  if (generator) child.yields = &yields;
  ++depth_;
  bool ok = RunFrame(child, out);
  --depth_;
  if (!ok || !generator) return ok;
  // The call's value is an iterator over what the body yielded.
  std::vector<Value> items;
  for (Var& y : yields) items.push_back(y.v);
  Value list = script::NewList(std::move(items));
  NoteNew(list.as_object());
  Value it = vm_.Iter(list);
  NoteNew(it.as_object());
  *out = Var{std::move(it), nullptr};
  return true;
}

// --- The call family ---------------------------------------------------------------

bool Translator::StepCall(Frame& f, const script::Instruction& ins, bool* returned, Var* out) {
  switch (ins.op) {
    case Opcode::kCall:
    case Opcode::kCallKw:
    case Opcode::kCallMethod:
    case Opcode::kCallMethodKw: {
      Value names;
      const script::TupleObject* kwnames = nullptr;
      if (ins.op == Opcode::kCallKw || ins.op == Opcode::kCallMethodKw) {
        names = f.Pop().v;
        kwnames = script::Cast<script::TupleObject>(names);
      }
      std::vector<Var> args(f.stack.end() - ins.arg, f.stack.end());
      f.stack.resize(f.stack.size() - ins.arg);
      Var callable;
      if (ins.op == Opcode::kCallMethod || ins.op == Opcode::kCallMethodKw) {
        Var self = f.Pop();
        callable = f.Pop();
        if (!self.v.is_null()) args.insert(args.begin(), std::move(self));
      } else {
        callable = f.Pop();
      }
      Var r;
      if (!CallVar(f, callable, std::move(args), kwnames, &r)) return false;
      f.Push(std::move(r));
      return true;
    }
    case Opcode::kCallEx:
      return CallEx(f, ins);
    case Opcode::kMakeFunction:
      return MakeFunction(f, ins);
    case Opcode::kMakeClass:
      return Unsupported(f, UnsupportedBreak("defining a class").Format());
    case Opcode::kReturn:
      *out = f.Pop();
      *returned = true;
      return true;
    case Opcode::kYieldValue:
      if (f.yields == nullptr) break;
      f.yields->push_back(f.Pop());
      f.Push(Value::None());
      return true;
    default:
      break;
  }
  return Unsupported(f, UnsupportedBreak(std::string(script::OpcodeName(ins.op))).Format());
}

bool Translator::CallEx(Frame& f, const script::Instruction& ins) {
  Value kwargs = (ins.arg & 1) ? f.Pop().v : Value();
  Var argt = f.Pop();
  Var callable = f.Pop();
  std::vector<Value> items;
  if (!vm_.Extend(&items, argt.v)) return FromException(f);
  std::vector<Var> args;
  for (Value& v : items) args.push_back(Var{std::move(v), nullptr});
  Value names;
  if (!kwargs.is_null()) {
    std::vector<Value> nm;
    for (const auto& e : script::Cast<script::DictObject>(kwargs)->entries) {
      if (e.key.is_null()) continue;
      nm.push_back(e.key);
      args.push_back(Var{e.value, nullptr});
    }
    if (!nm.empty()) names = script::NewTuple(std::move(nm));
  }
  Var r;
  if (!CallVar(f, callable, std::move(args),
               names.is_null() ? nullptr : script::Cast<script::TupleObject>(names), &r)) {
    return false;
  }
  f.Push(std::move(r));
  return true;
}

bool Translator::MakeFunction(Frame& f, const script::Instruction& ins) {
  const int arg = ins.arg;
  Value codev = f.Pop().v;
  auto* fn = new script::FunctionObject(script::Types().function);
  Value fv = Value::Adopt(fn);
  if (arg & 4) {
    fn->closure =
        script::Ref<script::TupleObject>::Borrow(script::Cast<script::TupleObject>(f.Pop().v));
  }
  if (arg & 8) fn->annotations = f.Pop().v;
  if (arg & 2) {
    fn->kwdefaults =
        script::Ref<script::DictObject>::Borrow(script::Cast<script::DictObject>(f.Pop().v));
  }
  if (arg & 1) {
    fn->defaults =
        script::Ref<script::TupleObject>::Borrow(script::Cast<script::TupleObject>(f.Pop().v));
  }
  auto* cobj = script::Cast<script::CodeObject>(codev);
  fn->code = script::Ref<script::CodeObject>::Borrow(cobj);
  fn->globals = f.fn->globals;
  fn->name = script::Ref<script::StrObject>::Borrow(script::Intern(cobj->code->name));
  fn->qualname = script::Ref<script::StrObject>::Borrow(script::Intern(cobj->code->qualname));
  if (cobj->code->docstring) fn->doc = script::NewStr(*cobj->code->docstring);
  fn->module = f.fn->module;
  NoteNew(fn);
  keep_alive_.push_back(fv);
  f.Push(std::move(fv));
  return true;
}

}  // namespace tc::frame_capture
