// Translator: the jump and compare family (compares, conditional jumps,
// `assert <tensor>`, iteration).
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"

#include "break_messages.h"
#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;

namespace {

std::string CompareTarget(script::CompareOp op) {
  static constexpr const char* kNames[] = {"lt", "le",  "eq",     "ne",       "gt",
                                           "ge", "is_", "is_not", "contains", "contains"};
  return absl::StrCat("operator.", kNames[static_cast<int>(op)]);
}

// Whether the jump at `pc` is an `assert` statement's test (POP_JUMP_IF_TRUE
// over LOAD_ASSERTION_ERROR, [a constant str message, CALL 1], RAISE);
// *msg is its message, "assertion error" without one. Dynamo rewrites
// only asserts whose message is a constant.
bool IsTensorAssert(const script::CodeObject& co, int pc, std::string* msg) {
  const std::vector<script::Instruction>& ins = co.code->instructions;
  const int n = static_cast<int>(ins.size());
  if (ins[pc].op != Opcode::kPopJumpIfTrue || pc + 2 >= n ||
      ins[pc + 1].op != Opcode::kLoadAssertionError) {
    return false;
  }
  if (ins[pc + 2].op == Opcode::kRaise) {
    *msg = "assertion error";
    return ins[pc].arg == pc + 3;
  }
  if (pc + 4 < n && ins[pc + 2].op == Opcode::kLoadConst && ins[pc + 3].op == Opcode::kCall &&
      ins[pc + 3].arg == 1 && ins[pc + 4].op == Opcode::kRaise && ins[pc].arg == pc + 5) {
    const std::string* s = script::StrValue(co.consts[ins[pc + 2].arg]);
    if (s == nullptr) return false;
    *msg = *s;
    return true;
  }
  return false;
}

}  // namespace

bool Translator::StepJumpCompare(Frame& f, const script::Instruction& ins, int* next) {
  switch (ins.op) {
    case Opcode::kCompare: {
      Var b = f.Pop();
      Var a = f.Pop();
      auto op = static_cast<script::CompareOp>(ins.arg);
      Var r;
      if (!Tracked(
              f, CallRecord::Kind::kFunction, CompareTarget(op),
              [&] { return vm_.Compare(op, a.v, b.v); }, &r)) {
        return false;
      }
      f.Push(std::move(r));
      return true;
    }
    case Opcode::kJump:
      *next = ins.arg;
      return true;
    case Opcode::kPopJumpIfFalse:
    case Opcode::kPopJumpIfTrue:
    case Opcode::kJumpIfFalseOrPop:
    case Opcode::kJumpIfTrueOrPop:
      return ConditionalJump(f, ins, next);
    case Opcode::kGetIter: {
      Var it = f.Pop();
      Var r;
      bool inlined = false;
      if (!InlineSpecialMethod(f, it, script::Slot::kIter, {}, &r, &inlined)) return false;
      if (inlined) {
        if (!CheckSpecialResult(f, "iter", &r)) return false;
        f.Push(std::move(r));
        return true;
      }
      if (!Tracked(
              f, CallRecord::Kind::kFunction, "builtins.iter", [&] { return vm_.Iter(it.v); },
              &r)) {
        return false;
      }
      // iter() of an iterator is that iterator, from outside when it was.
      if (r.v.is_object() && it.v.is_object() && r.v.as_object() == it.v.as_object()) {
        r.src = it.src;
      } else {
        NoteNew(r.v.as_object());
      }
      f.Push(std::move(r));
      return true;
    }
    case Opcode::kForIter: {
      if (script::ResumesFrame(f.Top().v)) {
        // Its frame would run outside the trace.
        return Unsupported(f, UnsupportedBreak("iterating a generator made outside the "
                                               "compiled function")
                                  .Format());
      }
      if (f.Top().src != nullptr && !IsNewObject(f.Top().v.as_object())) {
        // Advancing an iterator the caller made is a side effect the trace
        // cannot take back: were the frame to break or be skipped later,
        // the items taken would be lost to the eager run.
        return Unsupported(f, UnsupportedBreak("iterating an iterator made outside the "
                                               "compiled function")
                                  .Format());
      }
      int before = recorder_.num_nodes();
      Value item = vm_.Next(f.Top().v);
      if (item.is_null()) {
        if (vm_.HasException()) return FromException(f);
        f.Pop();
        *next = ins.arg;
        return true;
      }
      if (recorder_.num_nodes() > before) {
        calls_.push_back({CallRecord::Kind::kFunction, "operator.getitem", before,
                          recorder_.num_nodes() - before});
      }
      f.Push(std::move(item));
      return true;
    }
    case Opcode::kCheckExcMatch:
      return Unsupported(f, UnsupportedBreak("raising or handling exceptions").Format());
    default:
      return Unsupported(f, UnsupportedBreak(std::string(script::OpcodeName(ins.op))).Format());
  }
}

bool Translator::ConditionalJump(Frame& f, const script::Instruction& ins, int* next) {
  const Var& c = f.Top();
  std::string assert_msg;
  if (IsFake(c.v) && IsTensorAssert(*f.co, f.pc, &assert_msg)) {
    // `assert t` (config.rewrite_assert_with_torch_assert): a
    // torch._assert_async call in the graph, no break; the raise is
    // jumped over. tc's graph has no such op, so the entry checks the
    // condition (a graph output) after the graph runs; the record
    // keeps node lists and counts as torch's.
    asserts_.push_back({c.v, std::move(assert_msg)});
    calls_.push_back(
        {CallRecord::Kind::kFunction, "torch._assert_async", recorder_.num_nodes(), 0});
    f.Pop();
    *next = ins.arg;
    return true;
  }
  if (IsFake(c.v)) {
    Unsupported(f, "generic_jump TensorVariable()");
    failure_->fullgraph_reason = DataDependentJump().Format();
    if (f.root) failure_->break_kind = TraceOutcome::BreakKind::kJump;
    if (!failure_->user_stack.empty()) failure_->user_stack.back().name = f.code->name;
    return false;
  }
  int t = vm_.Truthy(c.v);
  if (t < 0) return FromException(f);
  bool jump_when = ins.op == Opcode::kPopJumpIfTrue || ins.op == Opcode::kJumpIfTrueOrPop;
  bool pops = ins.op == Opcode::kPopJumpIfFalse || ins.op == Opcode::kPopJumpIfTrue;
  bool take = (t == 1) == jump_when;
  if (pops || !take) f.Pop();
  if (take) *next = ins.arg;
  return true;
}

}  // namespace tc::frame_capture
