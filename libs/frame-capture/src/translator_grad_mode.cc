// Translator: grad-mode blocks (torch.no_grad / enable_grad /
// set_grad_enabled as context managers): the graph records each switch of
// the grad mode, and a break inside such a block closes and reopens it.
#include "tc/script/native.h"
#include "tc/script_torch/op_tracer.h"
#include "tc/script_torch/tensor_value.h"

#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;

void Translator::RecordSetGradEnabled() {
  calls_.push_back(
      {CallRecord::Kind::kFunction, "torch._C._set_grad_enabled", recorder_.num_nodes(), 0});
}

bool Translator::EnterGradMode(Frame& f, bool* handled) {
  const Var& mgr = f.Top();
  if (!mgr.v.is_object() || mgr.v.type()->module != "torch.autograd.grad_mode") return true;
  const std::string_view name = mgr.v.type()->name;
  GradContext g;
  g.outer = script_torch::GradModeEnabled();
  if (name == "no_grad" || name == "enable_grad") {
    g.inner = name == "enable_grad";
  } else if (auto it = set_grad_outer_.find(mgr.v.as_object());
             name == "set_grad_enabled" && it != set_grad_outer_.end()) {
    // set_grad_enabled(b) switched the mode (and was recorded) when made.
    g.inner = g.outer;
    g.outer = it->second;
  } else {
    return true;  // inference_mode, or a set_grad_enabled made outside
  }
  Value torch = vm_.Import("torch");
  if (torch.is_null()) return FromException(f);
  g.manager_type = vm_.GetAttr(torch, g.inner ? "enable_grad" : "no_grad");
  if (g.manager_type.is_null()) return FromException(f);
  // The real __enter__ is not run: it would push onto the manager's saved
  // modes, and a manager passed to a resume function is a real object.
  Value exit = vm_.GetAttr(mgr.v, "__exit__");
  if (exit.is_null()) return FromException(f);
  if (name != "set_grad_enabled") {
    script_torch::SetGradModeEnabled(g.inner);
    RecordSetGradEnabled();
  }
  NoteNew(exit.as_object());
  keep_alive_.push_back(exit);
  grad_exits_[exit.as_object()] = std::move(g);
  f.Pop();
  f.Push(std::move(exit));
  f.Push(Value::None());
  *handled = true;
  return true;
}

bool Translator::InGradWithBlocks(const script::Code& code, int pc,
                                  const std::vector<Var>& stack) const {
  auto entry_at = [&](int i) -> const script::ExceptionEntry* {
    for (const script::ExceptionEntry& e : code.exception_table) {
      if (e.start <= i && i < e.end) return &e;
    }
    return nullptr;
  };
  const int n = static_cast<int>(code.instructions.size());
  // Blocks from the innermost out: a handler's own code is covered by its
  // cleanup handler, whose code is covered by the enclosing block's.
  int x = pc;
  for (int guard = 0; guard < n; ++guard) {
    const script::ExceptionEntry* e = entry_at(x);
    if (e == nullptr) return true;
    const int h = e->handler;
    bool with = h + 1 < n && code.instructions[h].op == Opcode::kPushExcInfo &&
                code.instructions[h + 1].op == Opcode::kWithExceptStart;
    // The with block's __exit__ lies just below the depth its handler restores.
    const int slot = e->depth - 1;
    if (!with || slot < 0 || slot >= static_cast<int>(stack.size()) ||
        GradExit(stack[slot].v) == nullptr) {
      return false;
    }
    const script::ExceptionEntry* cleanup = entry_at(h);
    if (cleanup == nullptr) return true;
    x = cleanup->handler;
  }
  return false;
}

bool Translator::CloseGradContexts(const std::vector<Var>& stack, bool start) {
  bool mode = script_torch::GradModeEnabled();
  for (size_t i = stack.size(); i-- > 0;) {
    if (const GradContext* g = GradExit(stack[i].v)) {
      RecordSetGradEnabled();
      mode = g->outer;
    }
  }
  return mode == start;
}

}  // namespace tc::frame_capture
