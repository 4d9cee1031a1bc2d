// Compiling a frame: trace it (twice when a break must stop before the
// breaking instruction), then the stages of making its entry, each
// returning a value: plan outputs -> build graph -> call backend -> build
// guards -> make entry (the resume functions of a break).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script_torch/tensor_value.h"

#include "dynamo_impl.h"
#include "side_effects.h"

namespace tc::frame_capture {

using script::Value;

namespace {

bool IsTracingException(const std::string& reason) {
  return reason.rfind("exception while tracing", 0) == 0;
}

// What fullgraph=True raises for a break: the reason and the user stack.
std::string FullgraphBreakText(const TraceOutcome& outcome) {
  std::string text = outcome.fullgraph_reason.empty() ? outcome.reason : outcome.fullgraph_reason;
  absl::StrAppend(&text, "\n\nfrom user code:\n");
  for (const FrameSummary& fs : outcome.user_stack) {
    absl::StrAppendFormat(&text, "   File \"%s\", line %d, in %s\n    %s\n", fs.filename, fs.line,
                          fs.name, fs.source_line);
  }
  return text;
}

// Stage 1's value: an entry whose rebuild plans (stack, locals, side
// effects, asserts, copy-back) are set, and the graph outputs they read.
struct OutputPlan {
  std::shared_ptr<CompiledEntry> entry;
  std::vector<graph_ir::Value*> outputs;
};

// Stage 1: plan outputs. An error when a value cannot be rebuilt (the frame
// then runs eagerly).
absl::StatusOr<OutputPlan> PlanOutputs(Translator& tr, const TraceOutcome& outcome,
                                       const script::Code& code, CompileTimes& times) {
  OutputPlan p;
  p.entry = std::make_shared<CompiledEntry>();
  CompiledEntry& e = *p.entry;
  e.kind = outcome.kind;
  e.break_kind = outcome.break_kind;
  e.pc = outcome.pc;
  auto plan_all = [&](const std::vector<Var>& vars, std::vector<Rebuild>* plans) {
    for (const Var& v : vars) {
      Rebuild r;
      if (!PlanRebuild(tr, v, &p.outputs, &r)) return false;
      plans->push_back(std::move(r));
    }
    return true;
  };
  bool ok = plan_all(outcome.stack, &e.stack);
  if (ok && outcome.kind == TraceOutcome::Kind::kBreak) {
    ok = plan_all(outcome.locals, &e.locals);
    // Resume functions take the stack as arguments, so no slot may be null,
    // except the self slot of a CALL_METHOD that breaks: the instruction
    // itself consumes it.
    int null_ok = -1;
    if (outcome.break_kind == TraceOutcome::BreakKind::kInstruction) {
      const script::Instruction ins = code.instructions[outcome.pc];
      int depth = static_cast<int>(e.stack.size());
      if (ins.op == script::Opcode::kCallMethod) null_ok = depth - ins.arg - 1;
      if (ins.op == script::Opcode::kCallMethodKw) null_ok = depth - ins.arg - 2;
    }
    for (size_t i = 0; i < e.stack.size(); ++i) {
      ok = ok && (e.stack[i].kind != Rebuild::Kind::kNull || static_cast<int>(i) == null_ok);
    }
  }
  if (!ok) return absl::FailedPreconditionError("a frame value cannot be rebuilt");
  if (!PlanSideEffects(tr, &p.outputs, &e.side_effects)) {
    return absl::FailedPreconditionError("a side effect cannot be replayed");
  }
  GraphRecorder& rec = tr.recorder();
  {
    // The checks and write-backs the graph's outputs carry (Dynamo's
    // runtime-assert pass runs here).
    CompileTimes::Timer timer(&times, "insert_deferred_runtime_asserts");
    // Traced `assert t`: the condition comes out of the graph to be checked.
    for (const auto& [cond, msg] : tr.asserts()) {
      graph_ir::Value* gv = rec.ValueOf(script_torch::TensorOfValue(cond));
      if (gv == nullptr) return absl::FailedPreconditionError("an assert on no graph value");
      e.asserts.push_back({static_cast<int>(p.outputs.size()), msg});
      p.outputs.push_back(gv);
    }
    SideEffects::PlanCopyBack(rec, &p.outputs, &e.mutated_inputs);
  }
  // A view the recorder could not model would give a wrong graph: eager.
  if (!rec.status().ok()) return rec.status();
  return p;
}

// Stage 2: build graph, from the recorder's graph and the planned outputs.
std::shared_ptr<CapturedGraph> BuildGraph(Translator& tr, const TraceOutcome& outcome,
                                          const script::Code& code, const std::string& reason_text,
                                          OutputPlan& p) {
  GraphRecorder& rec = tr.recorder();
  CompiledEntry& e = *p.entry;
  auto g = std::make_shared<CapturedGraph>();
  rec.graph().SetOutputs(p.outputs);
  e.input_sources = rec.input_sources();
  e.constants = rec.constants();
  for (const SourcePtr& s : e.input_sources) {
    g->input_names.push_back(s == nullptr ? "constant" : s->Name());
  }
  g->grad_nodes = rec.GradNodes();
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
  return g;
}

// Stage 4: build guards. Built once the graph is compiled, as Dynamo's
// CheckFunctionManager runs after the output graph's compile
// (compile_times() row order). An error: an assumption no guard can check.
absl::StatusOr<EntryGuards> BuildGuards(Translator& tr, const guards::GlobalState& global,
                                        CompileTimes& times) {
  CompileTimes::Timer timer(&times, "build_guards");
  absl::StatusOr<EntryGuards> guards = BuildEntryGuards(tr.guards(), global);
  if (!guards.ok()) return guards;
  guards->distinct = tr.side_effects().DistinctSources();
  guards->tensor_groups = tr.recorder().alias_groups();
  return guards;
}

}  // namespace

CompileResult Dynamo::Impl::Compile(script::FunctionObject* fn, const Value* params,
                                    const Context& ctx, CodeState& state) {
  // compile_times() phases as Dynamo's convert_frame names them: one
  // compile_inner per frame; compile_attempt_0 is the first trace (and the
  // graph's compile when no restart is needed), a restart compile_attempt_1.
  CompileTimes::Timer compile_timer(&times, "_compile.compile_inner");
  std::optional<CompileTimes::Timer> attempt(std::in_place, &times, "compile_attempt_0");
  auto trace = [&](int stop_at, TraceOutcome* outcome) {
    auto tr = std::make_unique<Translator>(vm, special, fn, params, stop_at);
    tr->set_times(&times);
    busy = true;
    {
      CompileTimes::Timer tracing(&times, "bytecode_tracing");
      *outcome = tr->Run();
    }
    busy = false;
    return tr;
  };
  TraceOutcome outcome;
  std::unique_ptr<Translator> first = trace(-1, &outcome);
  const bool fullgraph = ctx.options != nullptr && ctx.options->fullgraph;
  if (outcome.kind == TraceOutcome::Kind::kSkip) {
    // An exception while tracing runs this call eagerly (the script's own
    // error surfaces there) and tries again on the next.
    const bool for_good = !IsTracingException(outcome.reason);
    if (fullgraph && for_good) {
      vm.Raise(UnsupportedType(), outcome.reason);
      return Raised{.for_good = true};
    }
    return RunEagerly{.for_good = for_good};
  }
  // torch 2.15 captures .item() and integer .tolist() under fullgraph=True
  // (README finding 3); tc has no symbolic scalars, so it compiles them
  // as the break they are without fullgraph: the result is the same and
  // nothing is raised.
  if (outcome.kind == TraceOutcome::Kind::kBreak && fullgraph && !outcome.fullgraph_capturable) {
    vm.Raise(UnsupportedType(), FullgraphBreakText(outcome));
    return Raised{};
  }
  if (outcome.kind == TraceOutcome::Kind::kBreak) {
    std::string first_line = outcome.reason.substr(0, outcome.reason.find('\n'));
    ++break_counts[first_line];
  }
  CompileResult result;
  std::unique_ptr<Translator> second;
  if (outcome.kind == TraceOutcome::Kind::kBreak && outcome.needs_restart) {
    attempt.reset();
    attempt.emplace(&times, "compile_attempt_1");
    TraceOutcome again;
    second = trace(outcome.pc, &again);
    if (again.kind != TraceOutcome::Kind::kBreak) return RunEagerly{};
    again.reason = outcome.reason;
    again.user_stack = outcome.user_stack;
    again.break_kind = outcome.break_kind;
    result = Finish(*second, again, fn, params, ctx, state, outcome.reason);
  } else {
    result = Finish(*first, outcome, fn, params, ctx, state, outcome.reason);
  }
  attempt.reset();
  {
    // Dynamo collects garbage after a compile; tc frees the traces.
    CompileTimes::Timer gc(&times, "gc");
    first.reset();
    second.reset();
  }
  return result;
}

CompileResult Dynamo::Impl::Finish(Translator& tr, const TraceOutcome& outcome,
                                   script::FunctionObject* fn, const Value* params,
                                   const Context& ctx, CodeState& state,
                                   const std::string& reason_text) {
  const script::Code& code = *fn->code->code;
  absl::StatusOr<OutputPlan> plan = PlanOutputs(tr, outcome, code, times);
  if (!plan.ok()) return RunEagerly{};
  CompiledEntry& e = *plan->entry;
  const int num_nodes = tr.recorder().num_nodes();
  // "No ops traced": the frame runs eagerly from now on.
  if (outcome.kind == TraceOutcome::Kind::kReturn && num_nodes == 0) return RunEagerly{};
  e.id = state.id;
  if (ctx.options != nullptr) e.backend_key = ctx.options->backend_key;
  if (num_nodes == 0) {
    absl::StatusOr<EntryGuards> guards = BuildGuards(tr, state.global_state, times);
    if (!guards.ok()) return RunEagerly{};
    e.guards = *std::move(guards);
  } else {
    std::shared_ptr<CapturedGraph> g = BuildGraph(tr, outcome, code, reason_text, *plan);
    e.graph = g;
    // Stage 3: call backend.
    const CompileOptions* opts = ctx.options;
    if (opts == nullptr || opts->backend == nullptr) {
      vm.Raise(script::Types().runtime_error, "torch.compile: no backend");
      return Raised{};
    }
    std::vector<tensor::Tensor> example_inputs;
    if (!FetchInputs(vm, e, FrameView{params, fn}, &example_inputs)) return Raised{};
    bool compiled;
    {
      CompileTimes::Timer timer(&times, "OutputGraph.call_user_compiler");
      busy = true;
      compiled = opts->backend->Compile(vm, g, example_inputs, &e.compiled);
      e.compiled_handles_autograd = opts->backend->HandlesAutograd();
      busy = false;
    }
    if (!compiled) return Raised{};
    absl::StatusOr<EntryGuards> guards = BuildGuards(tr, state.global_state, times);
    if (!guards.ok()) return RunEagerly{};
    e.guards = *std::move(guards);
    CompileEvent ev{g, FormatGuardLines(*e.guards.set)};
    for (auto& [id, fn_obs] : observers) fn_obs(ev);
  }
  // Stage 5: make entry (a break's resume functions).
  if (outcome.kind == TraceOutcome::Kind::kBreak && !PlanResume(outcome, fn, &e)) {
    return RunEagerly{};
  }
  return std::move(plan->entry);
}

}  // namespace tc::frame_capture
