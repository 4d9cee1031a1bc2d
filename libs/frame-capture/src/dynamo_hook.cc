// Dynamo's eval-frame hook: each call of a function under a compile
// context looks up its code's entries (the hit path), and a miss applies
// the recompile policy and compiles the frame.
#include <cstdlib>
#include <string_view>

#include "absl/strings/str_format.h"

#include "tc/runtime_cache/messages.h"
#include "tc/script/native.h"
#include "tc/support/env.h"

#include "dynamo_impl.h"

namespace tc::frame_capture {

using script::Value;

namespace {

// torch._dynamo.exc.FailOnRecompileLimitHit: a recompile limit hit under
// fullgraph=True. Not a RuntimeError in PyTorch either.
script::Type* FailOnRecompileLimitHitType() {
  static script::Type* t =
      Dynamo::NewExceptionType("FailOnRecompileLimitHit", script::Types().exception);
  return t;
}

std::string FunctionLabel(const script::Code& code) {
  return absl::StrFormat("'%s' (%s:%d)", code.name, code.filename, code.first_line);
}

runtime_cache::CodeInfo InfoOf(const script::Code& code) {
  return {code.name, code.filename, code.first_line};
}

const CompiledEntry& EntryOf(const runtime_cache::CacheEntry& e) {
  return static_cast<const CompiledEntry&>(*e.payload);
}

}  // namespace

const char CodeState::kKind = 0;

CodeState::CodeState(uint64_t runtime, uint64_t gen, const script::Code& code)
    : script::Extension(&kKind), runtime_id(runtime), generation(gen), cache(InfoOf(code)) {}

void CodeState::StartGeneration(uint64_t gen, const script::Code& code) {
  generation = gen;
  cache = runtime_cache::CodeCache(InfoOf(code));
  skip = false;
  id = {};
  global_state = {};
}

script::FrameHookAction DynamoHook(script::VM& vm, void* data, const script::FrameHookCall& call,
                                   Value* result) {
  (void)vm;
  return static_cast<Dynamo::Impl*>(data)->OnCall(call, result);
}

CodeState& Dynamo::Impl::StateFor(script::CodeObject* co) {
  CodeState* state = CodeState::Of(co);
  if (state != nullptr && state->runtime_id == id) {
    if (state->generation != runtime.generation()) {
      state->StartGeneration(runtime.generation(), *co->code);
    }
    return *state;
  }
  // First call, or a code object last run under another VM's runtime.
  auto fresh = std::make_unique<CodeState>(id, runtime.generation(), *co->code);
  state = fresh.get();
  co->extra = std::move(fresh);
  return *state;
}

script::FrameHookAction Dynamo::Impl::OnCall(const script::FrameHookCall& call, Value* result) {
  if (contexts.empty() || busy) return script::FrameHookAction::kRun;
  // A copy: a nested torch.compile call (an explain of a compiled
  // function) pushes onto `contexts` while this call runs.
  const Context ctx = contexts.back();
  if (ctx.mode == Mode::kDisabled) return script::FrameHookAction::kRun;
  if (ctx.options != nullptr && ctx.options->frame_filter &&
      !ctx.options->frame_filter(*call.function->code->code)) {
    return script::FrameHookAction::kRun;
  }
  script::FunctionObject* fn = call.function;
  if (special.skipped_code.contains(fn->code->code.get())) return script::FrameHookAction::kRun;
  // The recurrent modules' own frames (run eagerly where Dynamo breaks on
  // them) are not compiled, as Dynamo skips torch/nn/modules/rnn.py.
  if (fn->code->code->filename.ends_with("libs/script-torch/py/nn_rnn.py")) {
    return script::FrameHookAction::kRun;
  }
  CodeState& cache = StateFor(fn->code.get());
  if (cache.eager_resume || cache.skip) return script::FrameHookAction::kRun;

  // The hit path: each entry's slots read from the frame and its GuardSet
  // checked, most recently used entry first. Nothing here allocates once
  // the slot buffers have grown.
  const FrameView frame{call.params, fn};
  const guards::GlobalState global = CurrentGlobalState();
  busy = true;  // reading a source may run user code (a property)
  // Run-only mode runs any backend's entry; compiling uses its own only.
  const script::Object* backend =
      ctx.mode == Mode::kCompile && ctx.options != nullptr && ctx.options->backend_key.is_object()
          ? ctx.options->backend_key.as_object()
          : nullptr;
  const bool any_backend = ctx.mode != Mode::kCompile;
  const runtime_cache::CacheEntry* found =
      cache.cache.Lookup([&](const runtime_cache::CacheEntry& e) {
        const CompiledEntry& entry = EntryOf(e);
        if (!any_backend &&
            (entry.backend_key.is_object() ? entry.backend_key.as_object() : nullptr) != backend) {
          return false;
        }
        return e.guards->Check(slots.Read(vm, entry.guards.slots, frame), global) &&
               CheckDistinct(vm, entry.guards, frame, nullptr);
      });
  // Held by value: running the entry may add entries to this code.
  std::shared_ptr<const CompiledEntry> hit;
  if (found != nullptr) hit = std::static_pointer_cast<const CompiledEntry>(found->payload);
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
  for (const runtime_cache::CacheEntry& e : cache.cache.entries()) {
    const CompiledEntry& entry = EntryOf(e);
    std::string failure = e.guards->FirstFailure(slots.Read(vm, entry.guards.slots, frame),
                                                 cache.global_state, ScriptTypeNamer());
    if (failure.empty()) CheckDistinct(vm, entry.guards, frame, &failure);
    if (!failure.empty()) reasons.push_back(runtime_cache::RecompileReason(e.id, failure));
  }
  slots.Clear();
  busy = false;

  SyncConfig(ctx);
  runtime_cache::MissOptions options;
  options.fullgraph = ctx.options != nullptr && ctx.options->fullgraph;
  runtime_cache::MissDecision d = runtime.OnMiss(cache.cache, reasons, options);
  using Action = runtime_cache::MissDecision::Action;
  if (d.action == Action::kRecompileError) {
    vm.Raise(RecompileErrorType(), d.error);
    return script::FrameHookAction::kError;
  }
  if (!d.recompile_message.empty()) {
    if (support::TorchLogsEnabled("recompiles"))
      vm.Write(d.recompile_message + "\n", /*to_stderr=*/true);
    recompiles.push_back({FunctionLabel(*fn->code->code), reasons.empty() ? "" : reasons.front()});
  }
  // PyTorch logs the warning through the dynamo logger, which the goldens
  // silence (TORCH_LOGS=-dynamo): only printed when asked for.
  if (!d.warning.empty() &&
      (support::TorchLogsEnabled("recompiles") || support::TorchLogsEnabled("dynamo"))) {
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
  CompileResult compiled = Compile(fn, call.params, ctx, cache);
  if (const Raised* r = std::get_if<Raised>(&compiled)) {
    if (r->for_good) cache.skip = true;
    return script::FrameHookAction::kError;
  }
  if (const RunEagerly* r = std::get_if<RunEagerly>(&compiled)) {
    if (r->for_good) cache.skip = true;
    return script::FrameHookAction::kRun;
  }
  const std::shared_ptr<CompiledEntry>& entry = std::get<std::shared_ptr<CompiledEntry>>(compiled);
  cache.cache.Add({entry->guards.set, entry, entry->id});
  *result = RunEntry(vm, *entry, frame);
  return result->is_null() ? script::FrameHookAction::kError : script::FrameHookAction::kHandled;
}

}  // namespace tc::frame_capture
