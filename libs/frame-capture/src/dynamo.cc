// Dynamo: the eval-frame hook, per-code caches and compiling a frame.
#include "tc/frame_capture/dynamo.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/guards/global_state.h"
#include "tc/runtime_cache/messages.h"
#include "tc/runtime_cache/runtime_cache.h"
#include "tc/script/native.h"
#include "tc/script_torch/tensor_value.h"

#include "break_messages.h"
#include "compile_times.h"
#include "compiled_entry.h"
#include "guard_eval.h"
#include "resume.h"
#include "translator.h"

namespace tc::frame_capture {

using script::Value;

namespace {

script::Type* MakeExceptionType(const char* name, script::Type* base) {
  script::TypeSpec spec;
  spec.name = name;
  spec.module = "torch._dynamo.exc";
  spec.base = base;
  spec.flags = script::Type::kBaseType | script::Type::kInstanceDict;
  return script::NewNativeType(spec);
}

// Whether TORCH_LOGS turns the log `what` on. It is a comma-separated list
// of names, each optionally prefixed by '+' (more verbose) or '-' (off), so
// "-dynamo" must not count as naming "dynamo".
bool LogEnabled(std::string_view what) {
  const char* v = std::getenv("TORCH_LOGS");
  if (v == nullptr) return false;
  std::string_view rest(v);
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty() && item.front() == '+') item.remove_prefix(1);
    if (item == what) return true;
  }
  return false;
}

}  // namespace

script::Type* Dynamo::UnsupportedType() {
  static script::Type* t = [] {
    script::Type* dynamo_exc =
        MakeExceptionType("TorchDynamoException", script::Types().runtime_error);
    return MakeExceptionType("Unsupported", dynamo_exc);
  }();
  return t;
}

script::Type* Dynamo::RecompileErrorType() {
  static script::Type* t = MakeExceptionType("RecompileError", UnsupportedType()->base);
  return t;
}

namespace {

// torch._dynamo.exc.FailOnRecompileLimitHit: a recompile limit hit under
// fullgraph=True. Not a RuntimeError in PyTorch either.
script::Type* FailOnRecompileLimitHitType() {
  static script::Type* t = MakeExceptionType("FailOnRecompileLimitHit", script::Types().exception);
  return t;
}

}  // namespace

// What frame capture keeps per code object beside the runtime cache's
// entries (which hold the guards, the MRU order, ids and limits).
struct CodeState {
  runtime_cache::CodeCache* code = nullptr;  // owned by Impl::runtime
  bool skip = false;                         // cannot be compiled: the frame runs eagerly for good
  // The compile in progress: its id and the global state of its call,
  // which the entry's GLOBAL_STATE guard expects.
  runtime_cache::CompileId id;
  guards::GlobalState global_state;
};

struct Dynamo::Impl {
  explicit Impl(script::VM& v, Dynamo& d) : vm(v), self(d) {}
  script::VM& vm;
  Dynamo& self;
  struct Context {
    Mode mode;
    const CompileOptions* options;
  };
  std::vector<Context> contexts;
  SpecialCallables special;
  // Entries, compile ids, limits and run-only mode.
  runtime_cache::RuntimeCache runtime;
  // Boxed so a state outlives rehashes while calls nested in its call
  // (resume functions, recursion) add codes.
  absl::flat_hash_map<const script::CodeObject*, std::unique_ptr<CodeState>> caches;
  SlotReader slots;               // guard slots of the entry being checked
  std::vector<Value> keep_alive;  // code objects keyed above, resume functions
  bool busy = false;              // tracing or running internals: the hook stands aside
  std::vector<std::pair<int, std::function<void(const CompileEvent&)>>> observers;
  int next_observer = 0;
  std::vector<std::pair<std::string, std::string>> recompiles;
  std::map<std::string, int> break_counts;
  CompileTimes times;

  script::FrameHookAction OnCall(const script::FrameHookCall& call, Value* result);
  script::FrameHookAction OnMiss(const script::FrameHookCall& call, const Context& ctx,
                                 CodeState& cache, Value* result);
  void SyncConfig(const Context& ctx);
  bool Compile(script::FunctionObject* fn, const Value* params, const Context& ctx,
               CodeState& cache, std::shared_ptr<CompiledEntry>* out);
  bool Finish(Translator& tr, TraceOutcome& outcome, script::FunctionObject* fn,
              const Value* params, const Context& ctx, CodeState& cache,
              const std::string& reason_text, std::shared_ptr<CompiledEntry>* out);
  // The resume function entering `code` (an original code, never a resume
  // code) at `target`; one per (code, target, stack depth, live locals), so
  // that a loop resumed at every iteration compiles once.
  // `with_slots`: stack slots of grad-mode managers the prologue enters.
  Value ResumeFunction(script::FunctionObject* fn, const std::shared_ptr<const script::Code>& code,
                       int target, int depth, const std::vector<int>& live, int line,
                       const std::vector<int>& with_slots = {});
  // Resume codes made here: the original code they enter, the length of
  // their prologue and, per local slot, the original slot (-1: none).
  struct ResumeOrigin {
    std::shared_ptr<const script::Code> original;
    int prologue = 0;
    std::vector<int> original_slot;
  };
  absl::flat_hash_map<const script::Code*, ResumeOrigin> resume_origins;
  absl::flat_hash_map<std::string, Value> resume_functions;
  // Resume codes of checkpoint breaks: the rest of the frame, run eagerly.
  absl::flat_hash_set<const script::Code*> eager_resume_codes;
};

namespace {

script::FrameHookAction Hook(script::VM& vm, void* data, const script::FrameHookCall& call,
                             Value* result) {
  (void)vm;
  return static_cast<Dynamo::Impl*>(data)->OnCall(call, result);
}

std::string FunctionLabel(const script::Code& code) {
  return absl::StrFormat("'%s' (%s:%d)", code.name, code.filename, code.first_line);
}

}  // namespace

Dynamo& Dynamo::For(script::VM& vm) {
  // One runtime per VM; VMs are few and live as long as the process here.
  static absl::flat_hash_map<script::VM*, std::unique_ptr<Dynamo>>* all =
      new absl::flat_hash_map<script::VM*, std::unique_ptr<Dynamo>>();
  auto& slot = (*all)[&vm];
  // A VM without our hook is a new VM (possibly at a dead one's address):
  // its runtime starts fresh.
  if (slot == nullptr || vm.frame_hook() != Hook) {
    slot.reset(new Dynamo(vm));
    vm.SetFrameHook(Hook, slot->impl_.get());
  }
  return *slot;
}

Dynamo::Dynamo(script::VM& vm) : impl_(std::make_unique<Impl>(vm, *this)) {}
Dynamo::~Dynamo() = default;

Dynamo::Scope::Scope(Dynamo& d, Mode mode, const CompileOptions* options) : d_(d) {
  d_.impl_->contexts.push_back({mode, options});
}
Dynamo::Scope::~Scope() { d_.impl_->contexts.pop_back(); }

void Dynamo::MarkGraphBreak(const Value& fn) {
  impl_->special.graph_break.insert(fn.as_object());
  impl_->keep_alive.push_back(fn);
}
void Dynamo::MarkDisabled(const Value& wrapper, bool recursive, std::string reason) {
  impl_->special.disabled[wrapper.as_object()] = recursive;
  // recursive=False marks the function itself (not a wrapper sharing its
  // code with every other): its code is what the inliner meets.
  if (!recursive && wrapper.type() == script::Types().function) {
    impl_->special
        .disable_reasons[script::Cast<script::FunctionObject>(wrapper)->code->code.get()] = reason;
  }
  impl_->special.disable_reasons[wrapper.as_object()] = std::move(reason);
  impl_->keep_alive.push_back(wrapper);
}
void Dynamo::MarkSkippedCode(const script::Code* code) { impl_->special.skipped_code.insert(code); }
void Dynamo::MarkAllowInGraph(const Value& fn) {
  // allow_in_graph undoes disallow_in_graph (torch.sub back in graphs).
  impl_->special.disallow_in_graph.erase(fn.as_object());
  impl_->special.allow_in_graph.insert(fn.as_object());
  impl_->keep_alive.push_back(fn);
}
void Dynamo::MarkDisallowInGraph(const Value& fn) {
  impl_->special.allow_in_graph.erase(fn.as_object());
  impl_->special.disallow_in_graph.insert(fn.as_object());
  impl_->keep_alive.push_back(fn);
}

void Dynamo::Reset() {
  impl_->caches.clear();
  impl_->runtime.Reset();
  impl_->recompiles.clear();
  impl_->break_counts.clear();
  impl_->times.Clear();
}

int Dynamo::AddObserver(std::function<void(const CompileEvent&)> fn) {
  impl_->observers.push_back({impl_->next_observer, std::move(fn)});
  return impl_->next_observer++;
}
void Dynamo::RemoveObserver(int id) {
  auto& o = impl_->observers;
  for (size_t i = 0; i < o.size(); ++i) {
    if (o[i].first == id) {
      o.erase(o.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  }
}
const std::vector<std::pair<std::string, std::string>>& Dynamo::recompiles() const {
  return impl_->recompiles;
}
const std::map<std::string, int>& Dynamo::graph_break_counts() const { return impl_->break_counts; }
const std::vector<std::pair<std::string, std::vector<double>>>& Dynamo::compile_times() const {
  return impl_->times.rows();
}

// --- The hook ------------------------------------------------------------------

script::FrameHookAction Dynamo::Impl::OnCall(const script::FrameHookCall& call, Value* result) {
  if (contexts.empty() || busy) return script::FrameHookAction::kRun;
  const Context& ctx = contexts.back();
  if (ctx.mode == Mode::kDisabled) return script::FrameHookAction::kRun;
  if (ctx.options != nullptr && ctx.options->frame_filter &&
      !ctx.options->frame_filter(*call.function->code->code)) {
    return script::FrameHookAction::kRun;
  }
  script::FunctionObject* fn = call.function;
  const script::CodeObject* key = fn->code.get();
  const script::Code& code = *key->code;
  if (special.skipped_code.contains(&code) || eager_resume_codes.contains(&code)) {
    return script::FrameHookAction::kRun;
  }
  std::unique_ptr<CodeState>& state = caches[key];
  if (state == nullptr) {
    state = std::make_unique<CodeState>();
    state->code = &runtime.GetOrCreate(key, {code.name, code.filename, code.first_line});
    // Keyed by address: the code must not die and leave it to another.
    keep_alive.push_back(Value::Borrow(fn->code.get()));
  }
  CodeState& cache = *state;
  if (cache.skip) return script::FrameHookAction::kRun;

  // The hit path: each entry's slots read from the frame and its GuardSet
  // checked, most recently used entry first. Nothing here allocates once
  // the slot buffers have grown.
  const FrameView frame{call.params, fn};
  const guards::GlobalState global = CurrentGlobalState();
  std::shared_ptr<CompiledEntry> hit;
  busy = true;  // reading a source may run user code (a property)
  // Run-only mode runs any backend's entry; compiling uses its own only.
  const script::Object* backend =
      ctx.mode == Mode::kCompile && ctx.options != nullptr && ctx.options->backend_key.is_object()
          ? ctx.options->backend_key.as_object()
          : nullptr;
  const bool any_backend = ctx.mode != Mode::kCompile;
  const runtime_cache::CacheEntry* found =
      cache.code->Lookup([&](const runtime_cache::CacheEntry& e) {
        const auto* entry = static_cast<const CompiledEntry*>(e.payload.get());
        if (!any_backend && (entry->backend_key.is_object() ? entry->backend_key.as_object()
                                                            : nullptr) != backend) {
          return false;
        }
        return e.guards->Check(slots.Read(vm, entry->guards.slots, frame), global) &&
               CheckDistinct(vm, entry->guards, frame, nullptr);
      });
  // Held by value: running the entry may add entries to this code.
  if (found != nullptr) hit = std::static_pointer_cast<CompiledEntry>(found->payload);
  slots.Clear();
  busy = false;
  if (hit == nullptr) return OnMiss(call, ctx, cache, result);
  *result = RunEntry(vm, *hit, frame);
  return result->is_null() ? script::FrameHookAction::kError : script::FrameHookAction::kHandled;
}

// frame_capture::Config is what torch._dynamo.config sets; the runtime
// cache applies it, and run-only mode is the innermost context's.
void Dynamo::Impl::SyncConfig(const Context& ctx) {
  runtime_cache::Config& c = runtime.config();
  c.recompile_limit = self.config_.recompile_limit;
  c.accumulated_recompile_limit = self.config_.accumulated_recompile_limit;
  c.error_on_recompile = self.config_.error_on_recompile;
  runtime.set_run_only(ctx.mode == Mode::kRunOnly);
}

script::FrameHookAction Dynamo::Impl::OnMiss(const script::FrameHookCall& call, const Context& ctx,
                                             CodeState& cache, Value* result) {
  script::FunctionObject* fn = call.function;
  const FrameView frame{call.params, fn};
  cache.global_state = CurrentGlobalState();
  // Every entry's first failure, newest first, as recompile messages list
  // them ("0/1: tensor 'x' size mismatch at index 0. expected 3, actual 4").
  std::vector<std::string> reasons;
  busy = true;
  for (const runtime_cache::CacheEntry& e : cache.code->entries()) {
    const auto* entry = static_cast<const CompiledEntry*>(e.payload.get());
    std::string failure = e.guards->FirstFailure(slots.Read(vm, entry->guards.slots, frame),
                                                 cache.global_state, ScriptTypeNamer());
    if (failure.empty()) CheckDistinct(vm, entry->guards, frame, &failure);
    if (!failure.empty()) reasons.push_back(runtime_cache::RecompileReason(e.id, failure));
  }
  slots.Clear();
  busy = false;

  SyncConfig(ctx);
  runtime_cache::MissOptions options;
  options.fullgraph = ctx.options != nullptr && ctx.options->fullgraph;
  runtime_cache::MissDecision d = runtime.OnMiss(*cache.code, reasons, options);
  using Action = runtime_cache::MissDecision::Action;
  if (d.action == Action::kRecompileError) {
    vm.Raise(RecompileErrorType(), d.error);
    return script::FrameHookAction::kError;
  }
  if (!d.recompile_message.empty()) {
    if (LogEnabled("recompiles")) vm.Write(d.recompile_message + "\n", /*to_stderr=*/true);
    recompiles.push_back({FunctionLabel(*fn->code->code), reasons.empty() ? "" : reasons.front()});
  }
  // PyTorch logs the warning through the dynamo logger, which the goldens
  // silence (TORCH_LOGS=-dynamo): only printed when asked for.
  if (!d.warning.empty() && (LogEnabled("recompiles") || LogEnabled("dynamo"))) {
    vm.Write(d.warning + "\n", /*to_stderr=*/true);
  }
  switch (d.action) {
    case Action::kFailOnRecompileLimit:
      vm.Raise(FailOnRecompileLimitHitType(), d.error);
      return script::FrameHookAction::kError;
    case Action::kRunEager:
    case Action::kRecompileError:
      return script::FrameHookAction::kRun;
    case Action::kCompile:
      break;
  }
  cache.id = d.id;
  std::shared_ptr<CompiledEntry> entry;
  if (!Compile(fn, call.params, ctx, cache, &entry)) return script::FrameHookAction::kError;
  if (entry == nullptr) return script::FrameHookAction::kRun;
  *result = RunEntry(vm, *entry, frame);
  return result->is_null() ? script::FrameHookAction::kError : script::FrameHookAction::kHandled;
}

// --- Compiling a frame ------------------------------------------------------------

bool Dynamo::Impl::Compile(script::FunctionObject* fn, const Value* params, const Context& ctx,
                           CodeState& cache, std::shared_ptr<CompiledEntry>* out) {
  // compile_times() phases as Dynamo's convert_frame names them: one
  // compile_inner per frame; compile_attempt_0 is the first trace (and the
  // graph's compile when no restart is needed), a restart compile_attempt_1.
  CompileTimes::Timer compile_timer(&times, "_compile.compile_inner");
  std::optional<CompileTimes::Timer> attempt(std::in_place, &times, "compile_attempt_0");
  auto first = std::make_unique<Translator>(vm, special, fn, params, -1);
  first->set_times(&times);
  busy = true;
  TraceOutcome outcome;
  {
    CompileTimes::Timer tracing(&times, "bytecode_tracing");
    outcome = first->Run();
  }
  busy = false;
  if (outcome.kind == TraceOutcome::Kind::kSkip) {
    if (outcome.reason.rfind("exception while tracing", 0) != 0) cache.skip = true;
    if (ctx.options != nullptr && ctx.options->fullgraph &&
        outcome.reason.rfind("exception while tracing", 0) != 0) {
      vm.Raise(UnsupportedType(), outcome.reason);
      return false;
    }
    return true;
  }
  // torch 2.15 captures .item() and integer .tolist() under fullgraph=True
  // (README finding 3); tc has no symbolic scalars, so it compiles them
  // as the break they are without fullgraph: the result is the same and
  // nothing is raised.
  if (outcome.kind == TraceOutcome::Kind::kBreak && ctx.options != nullptr &&
      ctx.options->fullgraph && !outcome.fullgraph_capturable) {
    std::string text = outcome.fullgraph_reason.empty() ? outcome.reason : outcome.fullgraph_reason;
    absl::StrAppend(&text, "\n\nfrom user code:\n");
    for (const FrameSummary& fs : outcome.user_stack) {
      absl::StrAppendFormat(&text, "   File \"%s\", line %d, in %s\n    %s\n", fs.filename, fs.line,
                            fs.name, fs.source_line);
    }
    vm.Raise(UnsupportedType(), text);
    return false;
  }
  if (outcome.kind == TraceOutcome::Kind::kBreak) {
    std::string first_line = outcome.reason.substr(0, outcome.reason.find('\n'));
    ++break_counts[first_line];
  }
  bool ok;
  std::unique_ptr<Translator> second;
  if (outcome.kind == TraceOutcome::Kind::kBreak && outcome.needs_restart) {
    std::string reason = outcome.reason;
    std::vector<FrameSummary> stack = outcome.user_stack;
    attempt.reset();
    attempt.emplace(&times, "compile_attempt_1");
    second = std::make_unique<Translator>(vm, special, fn, params, outcome.pc);
    second->set_times(&times);
    busy = true;
    TraceOutcome again;
    {
      CompileTimes::Timer tracing(&times, "bytecode_tracing");
      again = second->Run();
    }
    busy = false;
    if (again.kind != TraceOutcome::Kind::kBreak) {
      cache.skip = true;
      return true;
    }
    again.reason = reason;
    again.user_stack = stack;
    again.break_kind = outcome.break_kind;
    ok = Finish(*second, again, fn, params, ctx, cache, reason, out);
  } else {
    ok = Finish(*first, outcome, fn, params, ctx, cache, outcome.reason, out);
  }
  attempt.reset();
  {
    // Dynamo collects garbage after a compile; tc frees the traces.
    CompileTimes::Timer gc(&times, "gc");
    first.reset();
    second.reset();
  }
  return ok;
}

Value Dynamo::Impl::ResumeFunction(script::FunctionObject* fn,
                                   const std::shared_ptr<const script::Code>& code, int target,
                                   int depth, const std::vector<int>& live, int line,
                                   const std::vector<int>& with_slots) {
  std::string key = absl::StrCat(absl::Hex(reinterpret_cast<uintptr_t>(code.get())), ":",
                                 absl::Hex(reinterpret_cast<uintptr_t>(fn->globals.get())), ":",
                                 absl::Hex(reinterpret_cast<uintptr_t>(fn->closure.get())), ":",
                                 target, ":", depth, ":", line, ":", absl::StrJoin(live, ","), ":",
                                 absl::StrJoin(with_slots, ","));
  if (auto it = resume_functions.find(key); it != resume_functions.end()) return it->second;
  ResumeLayout layout{target, depth, live, line, with_slots};
  std::vector<int> original_slot;
  std::shared_ptr<const script::Code> rc = MakeResumeCode(*code, layout, &original_slot);
  resume_origins[rc.get()] = {code, ResumePrologueLength(layout), std::move(original_slot)};
  script::Ref<script::CodeObject> co = vm.MakeCodeObject(rc);
  auto* r = new script::FunctionObject(script::Types().function);
  Value rv = Value::Adopt(r);
  r->code = co;
  r->globals = fn->globals;
  r->closure = fn->closure;
  r->name = script::Ref<script::StrObject>::Borrow(script::Intern(rc->name));
  r->qualname = r->name;
  r->module = fn->module;
  keep_alive.push_back(rv);
  resume_functions[key] = rv;
  return rv;
}

bool Dynamo::Impl::Finish(Translator& tr, TraceOutcome& outcome, script::FunctionObject* fn,
                          const Value* params, const Context& ctx, CodeState& cache,
                          const std::string& reason_text, std::shared_ptr<CompiledEntry>* out) {
  const script::Code& code = *fn->code->code;
  auto e = std::make_shared<CompiledEntry>();
  // Built once the graph is compiled, as Dynamo's CheckFunctionManager
  // runs after the output graph's compile (compile_times() row order).
  // False: an assumption no guard can check, and the frame runs eagerly.
  auto build_guards = [&] {
    CompileTimes::Timer timer(&times, "build_guards");
    absl::StatusOr<EntryGuards> guards = BuildEntryGuards(tr.guards(), cache.global_state);
    if (!guards.ok()) return false;
    e->guards = *std::move(guards);
    e->guards.distinct = tr.DistinctSources();
    e->guards.tensor_groups = tr.recorder().alias_groups();
    return true;
  };
  e->kind = outcome.kind;
  e->break_kind = outcome.break_kind;
  e->pc = outcome.pc;

  // Rebuild plans, collecting the graph outputs they need.
  std::vector<graph_ir::Value*> outputs;
  auto plan_all = [&](const std::vector<Var>& vars, std::vector<Rebuild>* plans) {
    for (const Var& v : vars) {
      Rebuild r;
      if (!PlanRebuild(tr, v, &outputs, &r)) return false;
      plans->push_back(std::move(r));
    }
    return true;
  };
  bool ok = plan_all(outcome.stack, &e->stack);
  if (ok && outcome.kind == TraceOutcome::Kind::kBreak) {
    ok = plan_all(outcome.locals, &e->locals);
    // Resume functions take the stack as arguments, so no slot may be null,
    // except the self slot of a CALL_METHOD that breaks: the instruction
    // itself consumes it.
    int null_ok = -1;
    if (outcome.break_kind == TraceOutcome::BreakKind::kInstruction) {
      const script::Instruction ins = fn->code->code->instructions[outcome.pc];
      int depth = static_cast<int>(e->stack.size());
      if (ins.op == script::Opcode::kCallMethod) null_ok = depth - ins.arg - 1;
      if (ins.op == script::Opcode::kCallMethodKw) null_ok = depth - ins.arg - 2;
    }
    for (size_t i = 0; i < e->stack.size(); ++i) {
      ok = ok && (e->stack[i].kind != Rebuild::Kind::kNull || static_cast<int>(i) == null_ok);
    }
  }
  if (!ok) {
    cache.skip = true;
    return true;
  }
  if (!PlanSideEffects(tr, &outputs, &e->side_effects)) {
    cache.skip = true;
    return true;
  }
  GraphRecorder& rec = tr.recorder();
  {
    // The checks and write-backs the graph's outputs carry (Dynamo's
    // runtime-assert pass runs here).
    CompileTimes::Timer timer(&times, "insert_deferred_runtime_asserts");
    // Traced `assert t`: the condition comes out of the graph to be checked.
    for (const auto& [cond, msg] : tr.asserts()) {
      graph_ir::Value* gv = rec.ValueOf(script_torch::TensorOfValue(cond));
      if (gv == nullptr) {
        cache.skip = true;
        return true;
      }
      e->asserts.push_back({static_cast<int>(outputs.size()), msg});
      outputs.push_back(gv);
    }
    for (auto [input, value] : rec.MutatedInputs()) {
      e->mutated_inputs.push_back({input, static_cast<int>(outputs.size())});
      outputs.push_back(value);
    }
  }
  // A view the recorder could not model would give a wrong graph: eager.
  if (!rec.status().ok()) {
    cache.skip = true;
    return true;
  }

  const int num_nodes = rec.num_nodes();
  if (outcome.kind == TraceOutcome::Kind::kReturn && num_nodes == 0) {
    cache.skip = true;  // "No ops traced": the frame runs eagerly from now on
    return true;
  }
  e->id = cache.id;
  if (ctx.options != nullptr) e->backend_key = ctx.options->backend_key;
  if (num_nodes == 0 && !build_guards()) {
    cache.skip = true;
    return true;
  }

  if (num_nodes > 0) {
    auto g = std::make_shared<CapturedGraph>();
    rec.graph().SetOutputs(outputs);
    e->input_sources = rec.input_sources();
    e->constants = rec.constants();
    for (const SourcePtr& s : e->input_sources) {
      g->input_names.push_back(s == nullptr ? "constant" : s->Name());
    }
    g->graph = rec.TakeGraph();
    g->calls = std::move(tr.calls());
    g->function_name = code.name;
    g->filename = code.filename;
    g->first_line = code.first_line;
    if (outcome.kind == TraceOutcome::Kind::kReturn) {
      g->reason = {"return_value", {}, false};
    } else {
      g->reason = {reason_text, outcome.user_stack, true};
    }
    e->graph = g;
    const CompileOptions* opts = ctx.options;
    if (opts == nullptr || opts->backend == nullptr) {
      vm.Raise(script::Types().runtime_error, "torch.compile: no backend");
      return false;
    }
    std::vector<tensor::Tensor> example_inputs;
    if (!FetchInputs(vm, *e, FrameView{params, fn}, &example_inputs)) return false;
    bool compiled;
    {
      CompileTimes::Timer timer(&times, "OutputGraph.call_user_compiler");
      busy = true;
      compiled = opts->backend->Compile(vm, g, example_inputs, &e->compiled);
      busy = false;
    }
    if (!compiled) return false;
    if (!build_guards()) {
      cache.skip = true;
      return true;
    }
    CompileEvent ev{g, FormatGuardLines(*e->guards.set)};
    for (auto& [id, fn_obs] : observers) fn_obs(ev);
  }

  if (outcome.kind == TraceOutcome::Kind::kBreak) {
    // A break inside a resume code resumes from the original code again
    // (its pcs shifted by the prologue, its locals renumbered), so every
    // resume function enters an original code.
    std::shared_ptr<const script::Code> original = fn->code->code;
    int shift = 0;
    std::vector<int> to_original;
    if (auto it = resume_origins.find(&code); it != resume_origins.end()) {
      original = it->second.original;
      shift = it->second.prologue;
      to_original = it->second.original_slot;
    }
    auto original_slot = [&](int slot) {
      return to_original.empty() ? slot : to_original[static_cast<size_t>(slot)];
    };
    // Live locals in the original's slot order; e->live_locals names the
    // current frame's slots the resume function takes, in that order.
    std::vector<std::pair<int, int>> live;  // (original slot, current slot)
    for (size_t i = 0; i < outcome.locals.size(); ++i) {
      int o = original_slot(static_cast<int>(i));
      if (!outcome.locals[i].v.is_null() && o >= 0) live.emplace_back(o, static_cast<int>(i));
    }
    std::sort(live.begin(), live.end());
    std::vector<int> live_original;
    for (auto [o, cur] : live) {
      live_original.push_back(o);
      e->live_locals.push_back(cur);
    }
    auto resume_at = [&](int target, int stack_depth) {
      std::vector<int> with_slots;
      for (int i = 0; i < stack_depth && i < static_cast<int>(e->stack.size()); ++i) {
        if (e->stack[i].kind == Rebuild::Kind::kGradMode) with_slots.push_back(i);
      }
      return ResumeFunction(fn, original, target - shift, stack_depth, live_original,
                            code.locations[outcome.pc].line, with_slots);
    };
    int depth = static_cast<int>(outcome.stack.size());
    const script::Instruction ins = code.instructions[outcome.pc];
    if (outcome.break_kind == TraceOutcome::BreakKind::kCheckpoint) {
      // Nothing runs at the checkpoint: the rest of the frame starts there,
      // eagerly, as a function the hook never compiles.
      std::string key = absl::StrCat("eager:", outcome.pc, ":", absl::StrJoin(live_original, ","));
      Value& rv = resume_functions[absl::StrCat(
          key, ":", absl::Hex(reinterpret_cast<uintptr_t>(original.get())), ":",
          absl::Hex(reinterpret_cast<uintptr_t>(fn->globals.get())), ":",
          absl::Hex(reinterpret_cast<uintptr_t>(fn->closure.get())))];
      if (rv.is_null()) {
        ResumeLayout layout{
            outcome.pc - shift, depth, live_original, code.locations[outcome.pc].line, {}};
        script::Ref<script::CodeObject> co = vm.MakeCodeObject(MakeResumeCode(*original, layout));
        auto* r = new script::FunctionObject(script::Types().function);
        rv = Value::Adopt(r);
        r->code = co;
        r->globals = fn->globals;
        r->closure = fn->closure;
        r->name = script::Ref<script::StrObject>::Borrow(script::Intern(co->code->name));
        r->qualname = r->name;
        r->module = fn->module;
        keep_alive.push_back(rv);
        eager_resume_codes.insert(co->code.get());
      }
      e->resume[0] = rv;
    } else if (outcome.break_kind == TraceOutcome::BreakKind::kJump) {
      bool pops =
          ins.op == script::Opcode::kPopJumpIfFalse || ins.op == script::Opcode::kPopJumpIfTrue;
      e->resume[0] = resume_at(outcome.pc + 1, depth - 1);
      e->resume[1] = resume_at(ins.arg, pops ? depth - 1 : depth);
    } else {
      // The stack depth after the instruction runs.
      int after = depth;
      switch (ins.op) {
        case script::Opcode::kCall:
          after = depth - ins.arg;
          break;
        case script::Opcode::kCallKw:
          after = depth - ins.arg - 1;
          break;
        case script::Opcode::kCallMethod:
          after = depth - ins.arg - 1;
          break;
        case script::Opcode::kCallMethodKw:
          after = depth - ins.arg - 2;
          break;
        case script::Opcode::kCallEx:
          after = depth - 1 - ((ins.arg & 1) ? 1 : 0);
          break;
        case script::Opcode::kStoreAttr:
          after = depth - 2;
          break;
        case script::Opcode::kDeleteAttr:
          after = depth - 1;
          break;
        case script::Opcode::kStoreSubscr:
          after = depth - 3;
          break;
        case script::Opcode::kDeleteSubscr:
          after = depth - 2;
          break;
        case script::Opcode::kStoreGlobal:
          after = depth - 1;
          break;
        case script::Opcode::kLoadAttr:
          after = depth;
          break;
        case script::Opcode::kBinarySubscr:
        case script::Opcode::kBinary:
        case script::Opcode::kInplace:
        case script::Opcode::kCompare:
          after = depth - 1;
          break;
        case script::Opcode::kUnary:
          after = depth;
          break;
        case script::Opcode::kFormatValue:
          after = depth - ((ins.arg & 4) ? 1 : 0);
          break;
        default:
          cache.skip = true;
          return true;
      }
      e->resume[0] = resume_at(outcome.pc + 1, after);
    }
  }
  cache.code->Add({e->guards.set, e, e->id});
  keep_alive.push_back(Value::Borrow(fn->code.get()));
  *out = e;
  return true;
}

}  // namespace tc::frame_capture
