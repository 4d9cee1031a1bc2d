// Translator: the with/try family. Exceptions are graph breaks; with
// blocks of torch grad-mode managers are traced (translator_calls.cc),
// and user-defined managers whose __enter__ and __exit__ are script
// functions are inlined.
#include "tc/script/native.h"

#include "break_messages.h"
#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;
using translator_internal::IsExact;

bool Translator::StepWithTry(Frame& f, const script::Instruction& ins) {
  switch (ins.op) {
    case Opcode::kBeforeWith:
      return BeforeWith(f);
    case Opcode::kWithExceptStart:
      return Unsupported(f, UnsupportedBreak("a with block").Format());
    default:  // raise, reraise, handler entry and exit, assertion errors
      return Unsupported(f, UnsupportedBreak("raising or handling exceptions").Format());
  }
}

bool Translator::BeforeWith(Frame& f) {
  bool handled = false;
  if (!EnterGradMode(f, &handled)) return false;
  if (handled) return true;
  // A user-defined context manager: __enter__ and __exit__ are
  // inlined. A break inside its block cannot be resumed (no resume
  // function can enter it again), so such a break skips the frame.
  const script::BuiltinTypes& T = script::Types();
  const Var mgr = f.Top();
  const script::Type* mt = mgr.v.is_object() ? mgr.v.type() : nullptr;
  if (mt == nullptr || !IsExact(mt->slot(script::Slot::kEnter), T.function) ||
      !IsExact(mt->slot(script::Slot::kExit), T.function)) {
    return Unsupported(f, UnsupportedBreak("a with block").Format());
  }
  auto* exit = new script::MethodObject(T.method);
  Value exit_v = Value::Adopt(exit);
  exit->function = mt->slot(script::Slot::kExit);
  exit->self = mgr.v;
  NoteNew(exit);
  keep_alive_.push_back(exit_v);
  f.Pop();
  Var entered;
  if (!Inline(f, script::Cast<script::FunctionObject>(mt->slot(script::Slot::kEnter)), nullptr,
              &mgr, {}, nullptr, &entered)) {
    return false;
  }
  f.Push(Var{exit_v, nullptr});
  f.Push(std::move(entered));
  return true;
}

}  // namespace tc::frame_capture
