// Dynamo: the eval-frame hook, per-code caches and compiling a frame.
#include "tc/frame_capture/dynamo.h"

#include <chrono>
#include <cstdlib>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"
#include "tc/script/tensor_value.h"

#include "break_messages.h"
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

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

bool LogEnabled(std::string_view what) {
  const char* v = std::getenv("TORCH_LOGS");
  return v != nullptr && std::string_view(v).find(what) != std::string_view::npos;
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

struct CodeCache {
  std::vector<std::shared_ptr<CompiledEntry>> entries;  // newest first
  bool skip = false;
  bool limit_hit = false;
  int frame_id = -1;
  int compiles = 0;
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
  absl::flat_hash_map<const script::CodeObject*, CodeCache> caches;
  std::vector<Value> keep_alive;  // code objects keyed above, resume functions
  int next_frame_id = 0;
  bool busy = false;  // tracing or running internals: the hook stands aside
  std::vector<std::pair<int, std::function<void(const CompileEvent&)>>> observers;
  int next_observer = 0;
  std::vector<std::pair<std::string, std::string>> recompiles;
  std::map<std::string, int> break_counts;
  std::vector<std::pair<std::string, std::vector<double>>> times;

  void AddTime(const std::string& name, double s) {
    for (auto& [n, v] : times) {
      if (n == name) {
        v.push_back(s);
        return;
      }
    }
    times.push_back({name, {s}});
  }

  script::FrameHookAction OnCall(const script::FrameHookCall& call, Value* result);
  bool Compile(script::FunctionObject* fn, const Value* params, const Context& ctx,
               CodeCache& cache, std::shared_ptr<CompiledEntry>* out);
  bool Finish(Translator& tr, TraceOutcome& outcome, script::FunctionObject* fn,
              const Value* params, const Context& ctx, CodeCache& cache,
              const std::string& reason_text, std::shared_ptr<CompiledEntry>* out);
  Value ResumeFunction(script::FunctionObject* fn, const script::Code& code, int target, int depth,
                       const std::vector<int>& live, int line);
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
void Dynamo::MarkDisabled(const Value& wrapper, bool recursive) {
  impl_->special.disabled[wrapper.as_object()] = recursive;
  impl_->keep_alive.push_back(wrapper);
}
void Dynamo::MarkSkippedCode(const script::Code* code) { impl_->special.skipped_code.insert(code); }
void Dynamo::MarkAllowInGraph(const Value& fn) {
  impl_->special.allow_in_graph.insert(fn.as_object());
  impl_->keep_alive.push_back(fn);
}
void Dynamo::MarkDisallowInGraph(const Value& fn) {
  impl_->special.disallow_in_graph.insert(fn.as_object());
  impl_->keep_alive.push_back(fn);
}

void Dynamo::Reset() {
  impl_->caches.clear();
  impl_->next_frame_id = 0;
  impl_->recompiles.clear();
  impl_->break_counts.clear();
  impl_->times.clear();
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
  return impl_->times;
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
  if (special.skipped_code.contains(&code)) return script::FrameHookAction::kRun;
  CodeCache& cache = caches[key];
  if (cache.skip) return script::FrameHookAction::kRun;
  FrameView frame{call.params, fn};
  bool grad = script::GradModeEnabled();

  std::vector<std::string> failures;
  for (const auto& e : cache.entries) {
    busy = true;
    std::string why = e->grad_mode != grad ? "___check_global_state()"
                                           : FirstGuardFailure(vm, e->guards, e->grad_mode, frame);
    busy = false;
    if (why.empty()) {
      *result = RunEntry(vm, *e, frame);
      return result->is_null() ? script::FrameHookAction::kError
                               : script::FrameHookAction::kHandled;
    }
    failures.push_back(absl::StrFormat("%d/%d: %s", e->frame_id, e->compile_id, why));
  }
  if (ctx.mode == Mode::kRunOnly || cache.limit_hit) return script::FrameHookAction::kRun;
  if (!cache.entries.empty()) {
    std::string text = absl::StrFormat(
        "Recompiling function %s in %s:%d\n    triggered by the following guard failure(s):",
        code.name, code.filename, code.first_line);
    for (const std::string& f : failures) absl::StrAppend(&text, "\n    - ", f);
    if (self.config_.error_on_recompile) {
      vm.Raise(RecompileErrorType(), text);
      return script::FrameHookAction::kError;
    }
    if (LogEnabled("recompiles")) vm.Write(absl::StrCat(text, "\n"), /*to_stderr=*/true);
    recompiles.push_back({FunctionLabel(code), failures.front()});
    int limit = self.config_.recompile_limit;
    if (static_cast<int>(cache.entries.size()) >= limit ||
        static_cast<int>(cache.entries.size()) >= self.config_.accumulated_recompile_limit) {
      cache.limit_hit = true;
      vm.Write(
          absl::StrFormat("torch._dynamo hit config.recompile_limit (%d)\n   function: %s\n   last "
                          "reason: %s\nTo log all recompilation reasons, use "
                          "TORCH_LOGS=\"recompiles\".\nTo diagnose recompilation issues, see "
                          "https://pytorch.org/docs/main/torch.compiler_troubleshooting.html\n",
                          limit, FunctionLabel(code), failures.front()),
          /*to_stderr=*/true);
      return script::FrameHookAction::kRun;
    }
  }
  std::shared_ptr<CompiledEntry> entry;
  if (!Compile(fn, call.params, ctx, cache, &entry)) return script::FrameHookAction::kError;
  if (entry == nullptr) return script::FrameHookAction::kRun;
  *result = RunEntry(vm, *entry, frame);
  return result->is_null() ? script::FrameHookAction::kError : script::FrameHookAction::kHandled;
}

// --- Compiling a frame ------------------------------------------------------------

bool Dynamo::Impl::Compile(script::FunctionObject* fn, const Value* params, const Context& ctx,
                           CodeCache& cache, std::shared_ptr<CompiledEntry>* out) {
  auto start = std::chrono::steady_clock::now();
  busy = true;
  Translator first(vm, special, fn, params, -1);
  TraceOutcome outcome = first.Run();
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
  if (outcome.kind == TraceOutcome::Kind::kBreak && ctx.options != nullptr &&
      ctx.options->fullgraph) {
    std::string text = outcome.reason;
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
  if (outcome.kind == TraceOutcome::Kind::kBreak && outcome.needs_restart) {
    std::string reason = outcome.reason;
    std::vector<FrameSummary> stack = outcome.user_stack;
    busy = true;
    Translator second(vm, special, fn, params, outcome.pc);
    TraceOutcome again = second.Run();
    busy = false;
    if (again.kind != TraceOutcome::Kind::kBreak) {
      cache.skip = true;
      return true;
    }
    again.reason = reason;
    again.user_stack = stack;
    again.break_kind = TraceOutcome::BreakKind::kInstruction;
    ok = Finish(second, again, fn, params, ctx, cache, reason, out);
  } else {
    ok = Finish(first, outcome, fn, params, ctx, cache, outcome.reason, out);
  }
  AddTime("_compile.compile_inner", Seconds(start));
  return ok;
}

Value Dynamo::Impl::ResumeFunction(script::FunctionObject* fn, const script::Code& code, int target,
                                   int depth, const std::vector<int>& live, int line) {
  ResumeLayout layout{target, depth, live, line};
  std::shared_ptr<const script::Code> rc = MakeResumeCode(code, layout);
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
  return rv;
}

bool Dynamo::Impl::Finish(Translator& tr, TraceOutcome& outcome, script::FunctionObject* fn,
                          const Value* params, const Context& ctx, CodeCache& cache,
                          const std::string& reason_text, std::shared_ptr<CompiledEntry>* out) {
  const script::Code& code = *fn->code->code;
  auto e = std::make_shared<CompiledEntry>();
  e->guards = tr.guards();
  e->grad_mode = script::GradModeEnabled();
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
  GraphRecorder& rec = tr.recorder();
  for (auto [input, value] : rec.MutatedInputs()) {
    e->mutated_inputs.push_back({input, static_cast<int>(outputs.size())});
    outputs.push_back(value);
  }

  const int num_nodes = rec.num_nodes();
  if (outcome.kind == TraceOutcome::Kind::kReturn && num_nodes == 0) {
    cache.skip = true;  // "No ops traced": the frame runs eagerly from now on
    return true;
  }
  if (cache.frame_id < 0) cache.frame_id = next_frame_id++;
  e->frame_id = cache.frame_id;
  e->compile_id = cache.compiles++;

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
    auto start = std::chrono::steady_clock::now();
    const CompileOptions* opts = ctx.options;
    if (opts == nullptr || opts->backend == nullptr) {
      vm.Raise(script::Types().runtime_error, "torch.compile: no backend");
      return false;
    }
    std::vector<tensor::Tensor> example_inputs;
    if (!FetchInputs(vm, *e, FrameView{params, fn}, &example_inputs)) return false;
    busy = true;
    bool compiled = opts->backend->Compile(vm, g, example_inputs, &e->compiled);
    busy = false;
    AddTime("OutputGraph.call_user_compiler", Seconds(start));
    if (!compiled) return false;
    CompileEvent ev{g, {}};
    for (const GuardRecord& gr : e->guards) ev.guards.push_back(FormatGuard(gr));
    for (auto& [id, fn_obs] : observers) fn_obs(ev);
  }

  if (outcome.kind == TraceOutcome::Kind::kBreak) {
    for (size_t i = 0; i < outcome.locals.size(); ++i) {
      if (!outcome.locals[i].v.is_null()) e->live_locals.push_back(static_cast<int>(i));
    }
    int line = code.locations[outcome.pc].line;
    int depth = static_cast<int>(outcome.stack.size());
    const script::Instruction ins = code.instructions[outcome.pc];
    if (outcome.break_kind == TraceOutcome::BreakKind::kJump) {
      bool pops =
          ins.op == script::Opcode::kPopJumpIfFalse || ins.op == script::Opcode::kPopJumpIfTrue;
      e->resume[0] = ResumeFunction(fn, code, outcome.pc + 1, depth - 1, e->live_locals, line);
      e->resume[1] =
          ResumeFunction(fn, code, ins.arg, pops ? depth - 1 : depth, e->live_locals, line);
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
      e->resume[0] = ResumeFunction(fn, code, outcome.pc + 1, after, e->live_locals, line);
    }
  }
  cache.entries.insert(cache.entries.begin(), e);
  keep_alive.push_back(Value::Borrow(fn->code.get()));
  *out = e;
  return true;
}

}  // namespace tc::frame_capture
