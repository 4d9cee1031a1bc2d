// The resume functions of a graph break: one per place a frame continues
// (after the breaking instruction, or at either side of a jump), made once
// and shared by every entry that resumes there; each resume code's
// CodeState says which original code it enters.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "tc/script/native.h"

#include "dynamo_impl.h"
#include "resume.h"

namespace tc::frame_capture {

using script::Value;

namespace {

// The key part naming the objects a resume function is made for.
std::string ObjectsKey(const script::Code* original, const script::FunctionObject* fn) {
  return absl::StrCat(absl::Hex(reinterpret_cast<uintptr_t>(original)), ":",
                      absl::Hex(reinterpret_cast<uintptr_t>(fn->globals.get())), ":",
                      absl::Hex(reinterpret_cast<uintptr_t>(fn->closure.get())));
}

// The stack depth after the breaking instruction `ins` runs on `depth`
// values; -1 when no resume function can continue after it.
int DepthAfter(const script::Instruction& ins, int depth) {
  switch (ins.op) {
    case script::Opcode::kCall:
      return depth - ins.arg;
    case script::Opcode::kCallKw:
    case script::Opcode::kCallMethod:
      return depth - ins.arg - 1;
    case script::Opcode::kCallMethodKw:
      return depth - ins.arg - 2;
    case script::Opcode::kCallEx:
      return depth - 1 - ((ins.arg & 1) ? 1 : 0);
    case script::Opcode::kStoreAttr:
    case script::Opcode::kDeleteSubscr:
      return depth - 2;
    case script::Opcode::kDeleteAttr:
    case script::Opcode::kStoreGlobal:
    case script::Opcode::kBinarySubscr:
    case script::Opcode::kBinary:
    case script::Opcode::kInplace:
    case script::Opcode::kCompare:
      return depth - 1;
    case script::Opcode::kStoreSubscr:
      return depth - 3;
    case script::Opcode::kLoadAttr:
    case script::Opcode::kUnary:
      return depth;
    case script::Opcode::kFormatValue:
      return depth - ((ins.arg & 4) ? 1 : 0);
    default:
      return -1;
  }
}

// A new function running `rc` with `fn`'s globals and closure; its code
// object carries `state` (what the resume code is).
Value NewResumeFunction(script::VM& vm, script::FunctionObject* fn,
                        std::shared_ptr<const script::Code> rc, std::unique_ptr<CodeState> state) {
  script::Ref<script::CodeObject> co = vm.MakeCodeObject(std::move(rc));
  co->extra = std::move(state);
  auto* r = new script::FunctionObject(script::Types().function);
  Value rv = Value::Adopt(r);
  r->code = co;
  r->globals = fn->globals;
  r->closure = fn->closure;
  r->name = script::Ref<script::StrObject>::Borrow(script::Intern(co->code->name));
  r->qualname = r->name;
  r->module = fn->module;
  return rv;
}

}  // namespace

Value Dynamo::Impl::ResumeFunction(script::FunctionObject* fn,
                                   const std::shared_ptr<const script::Code>& code, int target,
                                   int depth, const std::vector<int>& live, int line,
                                   const std::vector<int>& with_slots) {
  std::string key =
      absl::StrCat(ObjectsKey(code.get(), fn), ":", target, ":", depth, ":", line, ":",
                   absl::StrJoin(live, ","), ":", absl::StrJoin(with_slots, ","));
  if (auto it = resume_functions.find(key); it != resume_functions.end()) return it->second;
  ResumeLayout layout{target, depth, live, line, with_slots};
  std::vector<int> original_slot;
  std::shared_ptr<const script::Code> rc = MakeResumeCode(*code, layout, &original_slot);
  auto state = std::make_unique<CodeState>(id, runtime.generation(), *rc);
  state->origin = ResumeOrigin{code, ResumePrologueLength(layout), std::move(original_slot)};
  Value rv = NewResumeFunction(vm, fn, std::move(rc), std::move(state));
  resume_functions[key] = rv;
  return rv;
}

Value Dynamo::Impl::EagerResumeFunction(script::FunctionObject* fn,
                                        const std::shared_ptr<const script::Code>& original, int pc,
                                        int depth, const std::vector<int>& live, int line) {
  std::string key = absl::StrCat("eager:", pc, ":", absl::StrJoin(live, ","), ":",
                                 ObjectsKey(original.get(), fn));
  Value& rv = resume_functions[key];
  if (rv.is_null()) {
    ResumeLayout layout{pc, depth, live, line, {}};
    std::shared_ptr<const script::Code> rc = MakeResumeCode(*original, layout);
    auto state = std::make_unique<CodeState>(id, runtime.generation(), *rc);
    state->eager_resume = true;
    rv = NewResumeFunction(vm, fn, std::move(rc), std::move(state));
  }
  return rv;
}

bool Dynamo::Impl::PlanResume(const TraceOutcome& outcome, script::FunctionObject* fn,
                              CompiledEntry* e) {
  const script::Code& code = *fn->code->code;
  // A break inside a resume code resumes from the original code again
  // (its pcs shifted by the prologue, its locals renumbered), so every
  // resume function enters an original code.
  std::shared_ptr<const script::Code> original = fn->code->code;
  int shift = 0;
  const std::vector<int>* to_original = nullptr;
  if (const CodeState* s = CodeState::Of(fn->code.get()); s != nullptr && s->origin) {
    original = s->origin->original;
    shift = s->origin->prologue;
    to_original = &s->origin->original_slot;
  }
  // Live locals in the original's slot order; e->live_locals names the
  // current frame's slots the resume function takes, in that order.
  std::vector<std::pair<int, int>> live;  // (original slot, current slot)
  for (size_t i = 0; i < outcome.locals.size(); ++i) {
    int o = to_original == nullptr ? static_cast<int>(i) : (*to_original)[i];
    if (!outcome.locals[i].v.is_null() && o >= 0) live.emplace_back(o, static_cast<int>(i));
  }
  std::sort(live.begin(), live.end());
  std::vector<int> live_original;
  for (auto [o, cur] : live) {
    live_original.push_back(o);
    e->live_locals.push_back(cur);
  }
  const int line = code.locations[outcome.pc].line;
  auto resume_at = [&](int target, int stack_depth) {
    std::vector<int> with_slots;
    for (int i = 0; i < stack_depth && i < static_cast<int>(e->stack.size()); ++i) {
      if (e->stack[i].kind == Rebuild::Kind::kGradMode) with_slots.push_back(i);
    }
    return ResumeFunction(fn, original, target - shift, stack_depth, live_original, line,
                          with_slots);
  };
  const int depth = static_cast<int>(outcome.stack.size());
  const script::Instruction ins = code.instructions[outcome.pc];
  switch (outcome.break_kind) {
    case TraceOutcome::BreakKind::kCheckpoint:
      // Nothing runs at the checkpoint: the rest of the frame starts there,
      // eagerly, as a function the hook never compiles.
      e->resume[0] =
          EagerResumeFunction(fn, original, outcome.pc - shift, depth, live_original, line);
      return true;
    case TraceOutcome::BreakKind::kJump: {
      bool pops =
          ins.op == script::Opcode::kPopJumpIfFalse || ins.op == script::Opcode::kPopJumpIfTrue;
      e->resume[0] = resume_at(outcome.pc + 1, depth - 1);
      e->resume[1] = resume_at(ins.arg, pops ? depth - 1 : depth);
      return true;
    }
    case TraceOutcome::BreakKind::kInstruction: {
      const int after = DepthAfter(ins, depth);
      if (after < 0) return false;
      e->resume[0] = resume_at(outcome.pc + 1, after);
      return true;
    }
  }
  return false;
}

}  // namespace tc::frame_capture
