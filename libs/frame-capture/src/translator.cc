// Translator: the instruction loop of symbolic evaluation.
#include "translator.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

#include "tc/script/bigint.h"
#include "tc/script/bytecode.h"
#include "tc/script/native.h"
#include "tc/script_torch/op_tracer.h"
#include "tc/script_torch/tensor_value.h"

#include "break_messages.h"
#include "resume.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using script::OpcodeFamily;
using script::OpcodeFamilyOf;
using script::Value;
using translator_internal::IsExact;
using translator_internal::kLocalScalarDense;

namespace {

// Whether instruction `pc` lies inside a `for` loop (from its FOR_ITER to
// the loop's exit): the iterator on the stack cannot be handed to a resume
// function, so Dynamo skips such frames. `while` loops keep nothing on the
// stack and resume like straight-line code.
bool InForLoop(const script::Code& code, int pc) {
  for (int j = 0; j < static_cast<int>(code.instructions.size()); ++j) {
    const script::Instruction& ins = code.instructions[j];
    if (ins.op == Opcode::kForIter && j <= pc && pc < ins.arg) return true;
  }
  return false;
}

GuardRecord MakeGuard(GuardRecord::Kind kind, const SourcePtr& src, Value expected = Value()) {
  GuardRecord g;
  g.kind = kind;
  g.source = src;
  g.expected = std::move(expected);
  return g;
}

bool InTryBlock(const script::Code& code, int pc) {
  for (const script::ExceptionEntry& e : code.exception_table) {
    if (e.start <= pc && pc < e.end) return true;
  }
  return false;
}

// Whether the root frame could stop before `pc` for a checkpoint break:
// outside every try and with block, or at the first instruction of a
// block entered from outside (tc emits no instruction for `try:` itself).
bool IsCheckpoint(const script::Code& code, int pc) {
  if (!InTryBlock(code, pc)) return true;
  if (pc == 0 || InTryBlock(code, pc - 1)) return false;
  for (const script::ExceptionEntry& e : code.exception_table) {
    if (e.start == pc) return true;
  }
  return false;
}

std::string SourceLine(const script::Code& code, int line) {
  if (code.source == nullptr || line <= 0) return "";
  const std::string& s = *code.source;
  size_t pos = 0;
  for (int l = 1; l < line && pos != std::string::npos; ++l) {
    pos = s.find('\n', pos);
    if (pos != std::string::npos) ++pos;
  }
  if (pos == std::string::npos) return "";
  size_t end = s.find('\n', pos);
  std::string text = s.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
  size_t b = text.find_first_not_of(" \t");
  size_t e = text.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : text.substr(b, e - b + 1);
}

}  // namespace

Translator::Translator(script::VM& vm, const SpecialCallables& special, script::FunctionObject* fn,
                       const Value* params, int stop_at)
    : vm_(vm), special_(special), fn_(fn), params_(params), stop_at_(stop_at) {}

Translator::~Translator() = default;

// --- Sources and guards ----------------------------------------------------

void Translator::Guard(GuardRecord g) {
  std::string key = absl::StrCat(static_cast<int>(g.kind), ":", g.source->Name());
  if (!guarded_.insert(key).second) return;
  guards_.push_back(std::move(g));
}

void Translator::ForgetGuardsUnder(const Source& root) {
  const std::string name = root.Name();
  auto under = [&](const SourcePtr& s) {
    for (const Source* p = s.get(); p != nullptr; p = p->base.get()) {
      if (p->Name() == name) return true;
    }
    return false;
  };
  std::erase_if(guards_, [&](const GuardRecord& g) {
    if (!under(g.source)) return false;
    guarded_.erase(absl::StrCat(static_cast<int>(g.kind), ":", g.source->Name()));
    return true;
  });
}

Var Translator::WithKnownSource(Var v) const {
  if (v.src != nullptr || !v.v.is_object() || IsFake(v.v)) return v;
  auto it = wrapped_sources_.find(v.v.as_object());
  if (it != wrapped_sources_.end()) v.src = it->second;
  return v;
}

Var Translator::Wrap(const Value& v, const SourcePtr& src) {
  if (src == nullptr || v.is_null()) return Var{v, src};
  Var out = WrapValue(v, src);
  if (v.is_object() && !IsFake(v)) {
    wrapped_sources_.try_emplace(v.as_object(), src);
    if (out.v.is_object()) wrapped_sources_.try_emplace(out.v.as_object(), src);
  }
  return out;
}

Var Translator::WrapValue(const Value& v, const SourcePtr& src) {
  // Dynamo builds frame locals lazily (no VariableBuilder call until
  // used); globals and attributes go through the builder when loaded.
  CompileTimes::Timer timer(src->kind == Source::Kind::kLocal ? nullptr : times_,
                            "variable_builder_call");
  const script::BuiltinTypes& T = script::Types();
  if (script_torch::IsTensorValue(v)) {
    if (IsFake(v)) return Var{v, src};
    const tensor::Tensor& t = script_torch::TensorOfValue(v);
    GuardRecord g = MakeGuard(GuardRecord::Kind::kTensor, src);
    g.dtype = t.dtype();
    g.device = t.device();
    g.sizes = tensor::Shape(t.sizes());
    g.strides = tensor::Shape(t.strides());
    g.requires_grad = script_torch::TensorRequiresGrad(v);
    Guard(std::move(g));
    // Frame locals are lazy (graph inputs in order of first use);
    // attributes (parameters, buffers) are inputs when loaded.
    return Var{recorder_.InputFor(v, src, src->kind == Source::Kind::kLocal), src};
  }
  if (v.is_none()) {
    Guard(MakeGuard(GuardRecord::Kind::kNone, src));
    return Var{v, src};
  }
  if (v.is_bool() || v.is_int() || v.is_float() || IsExact(v, T.str) || script::IsBigInt(v)) {
    Guard(MakeGuard(GuardRecord::Kind::kEquals, src, v));
    return Var{v, src};
  }
  if (IsExact(v, T.tuple) || IsExact(v, T.list)) {
    // A read-only stand-in whose items are wrapped too, so that iterating
    // it or passing it to torch.cat sees fakes and guarded constants.
    const std::vector<Value>& items = v.type() == T.tuple
                                          ? script::Cast<script::TupleObject>(v)->items
                                          : script::Cast<script::ListObject>(v)->items;
    NoteCopyOf(v);
    Guard(MakeGuard(GuardRecord::Kind::kType, src, Value::Borrow(v.type())));
    GuardRecord len = MakeGuard(GuardRecord::Kind::kLength, src);
    len.length = static_cast<int64_t>(items.size());
    Guard(std::move(len));
    std::vector<Value> wrapped;
    for (size_t i = 0; i < items.size(); ++i) {
      wrapped.push_back(Wrap(items[i], Source::Item(src, static_cast<int64_t>(i))).v);
    }
    Value copy = v.type() == T.tuple ? script::NewTuple(std::move(wrapped))
                                     : script::NewList(std::move(wrapped));
    side_effects_.AddCopy(copy, v, src);
    return Var{copy, src};
  }
  if (IsDictForKeys(v)) {
    // A read-only stand-in (a plain dict, also for a defaultdict) with
    // wrapped values, as for lists; what the trace learns from the key set
    // ("k" in d, iteration order, d[k] existing) is guarded by the keys'
    // text. A tensor key (an optimizer's state is keyed by parameters) is
    // named by its position and keyed in the stand-in by its fake, so
    // that d[p] finds it for the traced p.
    NoteCopyOf(v);
    Guard(MakeGuard(GuardRecord::Kind::kType, src, Value::Borrow(v.type())));
    Guard(MakeGuard(GuardRecord::Kind::kEquals, Source::Keys(src), DictKeysText(v)));
    Value copy = script::NewDict();
    int64_t position = 0;
    for (const auto& e : script::Cast<script::DictObject>(v)->entries) {
      if (e.key.is_null()) continue;
      SourcePtr item;
      Value key = e.key;
      if (const std::string* k = script::StrValue(e.key)) {
        item = Source::Key(src, *k);
      } else if (e.key.is_int()) {
        item = Source::Item(src, e.key.as_int());
      } else if (script_torch::IsTensorValue(e.key) && !IsFake(e.key)) {
        // The key is a graph input like any tensor: the inputs' aliasing
        // check holds it to be the object it was (a parameter read
        // elsewhere is the same input).
        key = Wrap(e.key, Source::DictKeyAt(src, position)).v;
        item = Source::DictValueAt(src, position);
      } else {
        // No source names such a key: the frame runs eagerly.
        if (unsupported_input_.empty()) {
          unsupported_input_ = "a dict with keys other than str, int, tensors";
        }
        return Var{v, src};
      }
      ++position;
      if (!vm_.SetItem(copy, key, Wrap(e.value, item).v)) {
        vm_.ClearException();
        if (unsupported_input_.empty()) unsupported_input_ = "a dict that cannot be copied";
        return Var{v, src};
      }
    }
    side_effects_.AddCopy(copy, v, src);
    return Var{copy, src};
  }
  if (script::IsSubtype(v.type(), T.complex)) {
    // No guard compares complex values yet, and a type guard alone would
    // reuse what the trace computed from another value: the frame runs
    // eagerly.
    if (unsupported_input_.empty()) unsupported_input_ = "a complex value";
    return Var{v, src};
  }
  const script::Type* t = v.type();
  if (t == T.function || t == T.native_function || t == T.module || script::IsSubtype(t, T.type) ||
      t == T.method) {
    if (t != T.method && t != T.module) Guard(MakeGuard(GuardRecord::Kind::kId, src, v));
    return Var{v, src};
  }
  if (t->module == "torch") {  // dtype, device, Size: values
    Guard(MakeGuard(GuardRecord::Kind::kId, src, v));
    return Var{v, src};
  }
  Guard(MakeGuard(GuardRecord::Kind::kType, src, Value::Borrow(const_cast<script::Type*>(t))));
  return Var{v, src};
}

void Translator::NoteCopyOf(const Value& real) {
  // A second stand-in of an object whose first one was written would not
  // see the writes.
  if (!side_effects_.NoteCopyOf(real) && unsupported_input_.empty()) {
    unsupported_input_ = "reading an outside object again after writing to it";
  }
}

bool Translator::IsPreexisting(const Value& v) const {
  return v.is_object() && !new_objects_.contains(v.as_object()) && !IsFake(v);
}

bool Translator::AnyFake(const std::vector<Var>& vs) const {
  return std::any_of(vs.begin(), vs.end(), [&](const Var& v) { return IsFake(v.v); });
}

// --- Failures ----------------------------------------------------------------

std::vector<FrameSummary> Translator::UserStack(const Frame& f) const {
  std::vector<FrameSummary> out;
  for (const Frame* p = &f; p != nullptr; p = p->parent) {
    int pc = std::min<int>(p->pc, static_cast<int>(p->code->locations.size()) - 1);
    int line = pc >= 0 ? p->code->locations[pc].line : p->code->first_line;
    // torch 2.15 names a resume function's frame after the original
    // function in the stacks of unsupported-call breaks (a jump names the
    // resume function: see the kPopJumpIf* case).
    out.push_back({p->code->filename, line, OriginalName(*p->code), SourceLine(*p->code, line)});
  }
  std::reverse(out.begin(), out.end());
  return out;
}

bool Translator::Unsupported(Frame& f, std::string reason) {
  if (failure_ == nullptr) {
    failure_ = std::make_unique<TraceOutcome>();
    failure_->kind = TraceOutcome::Kind::kBreak;
    failure_->reason = std::move(reason);
    failure_->user_stack = UserStack(f);
  }
  return false;
}

bool Translator::ItemBreak(Frame& f) {
  Unsupported(f, TensorItemBreak().Format());
  failure_->fullgraph_capturable = true;
  return false;
}

bool Translator::TolistBreak(Frame& f, const Value& t) {
  // Dynamo's method_tolist accepts int8..int64 only; their items are read
  // with item(), which fails on the data read.
  switch (script_torch::TensorOfValue(t).dtype()) {
    case tensor::DType::kInt8:
    case tensor::DType::kInt16:
    case tensor::DType::kInt32:
    case tensor::DType::kInt64:
      Unsupported(f, DataDependentOperator(kLocalScalarDense).Format());
      failure_->fullgraph_capturable = true;
      return false;
    default:
      return Unsupported(f, TolistNonIntegerBreak().Format());
  }
}

bool Translator::FromException(Frame& f) {
  Value exc = vm_.TakeException();
  if (script::IsInstance(exc, script_torch::MetaDataAccessErrorType())) {
    std::string msg;
    Value args = vm_.GetAttr(exc, "args");
    if (!args.is_null() && !script::Cast<script::TupleObject>(args)->items.empty()) {
      vm_.StrString(script::Cast<script::TupleObject>(args)->items[0], &msg);
    }
    vm_.ClearException();
    // What fake tensors report for a data read: the aten op that needed
    // the data ("aten::equal: ..." -> aten.equal.default), else the scalar
    // read every other path ends in.
    // An op whose output shape depends on data (script-torch words these
    // "Operator `aten.nonzero.default`'s output shape depends on input
    // Tensor data."; a bool-mask index reads nonzero's).
    constexpr std::string_view kShapeSuffix = "`'s output shape depends on input Tensor data.";
    if (msg.rfind("Operator `", 0) == 0 && msg.ends_with(kShapeSuffix)) {
      return Unsupported(
          f, DynamicShapeOperator(msg.substr(10, msg.size() - 10 - kShapeSuffix.size())).Format());
    }
    if (msg.find("register_meta function for torch.nonzero()") != std::string::npos) {
      return Unsupported(f, DynamicShapeOperator("aten.nonzero.default").Format());
    }
    std::string func(kLocalScalarDense);
    if (msg.rfind("aten::", 0) == 0 && msg.find(':', 6) != std::string::npos) {
      func = absl::StrCat("aten.", msg.substr(6, msg.find(':', 6) - 6), ".default");
    }
    return Unsupported(f, DataDependentOperator(func).Format());
  }
  // The script's own error (a shape mismatch, a TypeError): the frame runs
  // eagerly so that the error surfaces exactly as an eager run gives it.
  std::string text;
  vm_.ReprString(exc, &text);
  vm_.ClearException();
  if (failure_ == nullptr) {
    failure_ = std::make_unique<TraceOutcome>();
    failure_->kind = TraceOutcome::Kind::kSkip;
    failure_->reason = absl::StrCat("exception while tracing: ", text);
    failure_->user_stack = UserStack(f);
  }
  return false;
}

// --- Running -------------------------------------------------------------------

TraceOutcome Translator::Run() {
  previous_tracer_ = script_torch::SetOpTracer(&recorder_);
  Frame root;
  root.fn = fn_;
  root.co = fn_->code.get();
  root.code = root.co->code.get();
  root.root = true;
  root_ = &root;
  root.locals.resize(root.co->nlocals);
  root.wrapped.assign(root.co->nlocals, true);
  for (int i = 0; i < root.co->nparams; ++i) {
    root.locals[i] = Var{params_[i], Source::Local(root.code->varnames[i], i)};
    root.wrapped[i] = false;
  }
  const script::Code& code = *root.code;
  for (size_t i = 0; i < code.cellvars.size(); ++i) {
    auto cell = std::make_shared<Var>();
    int32_t p = code.cell_param_index.empty() ? -1 : code.cell_param_index[i];
    if (p >= 0) *cell = Wrap(params_[p], Source::Local(code.varnames[p], p));
    root.cells.push_back(cell);
  }
  for (size_t i = 0; i < code.freevars.size(); ++i) {
    const Value& cell = fn_->closure->items[i];
    SourcePtr src = Source::Closure(code.freevars[i], static_cast<int64_t>(i));
    std::shared_ptr<Var> c = OutsideCell(cell, src, /*wrapped=*/true);
    *c = Wrap(script::Cast<script::CellObject>(cell)->value, src);
    root.cells.push_back(std::move(c));
  }

  TraceOutcome out;
  Var result;
  // Tracing runs torch.set_grad_enabled(...) and grad-mode context
  // managers for real; the frame's own run must start from the mode the
  // call had.
  const bool grad_mode = script_torch::GradModeEnabled();
  bool ok = RunFrame(root, &result);
  const bool stopped = ok && stop_at_ >= 0 && root.pc == stop_at_ && failure_ == nullptr;
  // The graph leaves the grad mode as the call had it (grad-mode blocks
  // open at a break are closed in it); a frame that changes it for good
  // (a bare torch.set_grad_enabled(b)) runs eagerly.
  bool balanced = true;
  if (stopped) {
    balanced = CloseGradContexts(root.stack, grad_mode);
  } else if (ok) {
    balanced = script_torch::GradModeEnabled() == grad_mode;
  } else if (failure_ != nullptr && failure_->break_kind == TraceOutcome::BreakKind::kJump) {
    balanced = CloseGradContexts(root.stack, grad_mode);
  }
  script_torch::SetGradModeEnabled(grad_mode);
  script_torch::SetOpTracer(previous_tracer_);
  if (!unsupported_input_.empty() || !balanced) {
    failure_.reset();
    out.kind = TraceOutcome::Kind::kSkip;
    out.reason = !balanced ? "the frame changes the grad mode"
                           : absl::StrCat("unsupported input: ", unsupported_input_);
    return out;
  }
  if (stopped) {
    out.kind = TraceOutcome::Kind::kBreak;
    out.pc = root.pc;
    out.stack = std::move(root.stack);
    out.locals = std::move(root.locals);
    return out;
  }
  if (ok) {
    out.kind = TraceOutcome::Kind::kReturn;
    out.stack.push_back(std::move(result));
    return out;
  }
  out = std::move(*failure_);
  failure_.reset();
  if (out.kind == TraceOutcome::Kind::kSkip) return out;
  // A break: where the root frame stands decides what can be done.
  out.pc = root.pc;
  if (InForLoop(code, root.pc)) {
    out.kind = TraceOutcome::Kind::kSkip;
    out.reason = absl::StrCat("graph break in loop\n", out.reason);
    return out;
  }
  if (InTryBlock(code, root.pc) && !InGradWithBlocks(code, root.pc, root.stack)) {
    if (checkpoint_ >= 0 && checkpoint_ <= root.pc) {
      out.break_kind = TraceOutcome::BreakKind::kCheckpoint;
      out.pc = checkpoint_;
      out.needs_restart = true;
      out.reason = "step_unsupported";
      int line = code.locations[checkpoint_].line;
      // A checkpoint at the start of a try block stands for the `try:`
      // line, where CPython has an instruction.
      if (InTryBlock(code, checkpoint_)) {
        for (int l = line - 1; l >= code.first_line; --l) {
          std::string text = SourceLine(code, l);
          if (text.empty() || text[0] == '#') continue;
          if (text == "try:") line = l;
          break;
        }
      }
      out.user_stack = {{code.filename, line, code.name, SourceLine(code, line)}};
      return out;
    }
    out.kind = TraceOutcome::Kind::kSkip;
    out.reason = absl::StrCat("graph break in a try or with block\n", out.reason);
    return out;
  }
  if (!code.cellvars.empty()) {
    out.kind = TraceOutcome::Kind::kSkip;
    out.reason = absl::StrCat("graph break in a frame with cell variables\n", out.reason);
    return out;
  }
  if (out.break_kind == TraceOutcome::BreakKind::kJump) {
    out.stack = std::move(root.stack);
    out.locals = std::move(root.locals);
  } else {
    out.needs_restart = true;
  }
  return out;
}

bool Translator::RunFrame(Frame& f, Var* out) {
  const int n = static_cast<int>(f.code->instructions.size());
  while (f.pc < n) {
    if (f.root && f.pc == stop_at_) return true;
    // Dynamo's is_non_empty_graph: more than one call.
    if (f.root && f.stack.empty() && calls_.size() > 1 && IsCheckpoint(*f.code, f.pc)) {
      checkpoint_ = f.pc;
    }
    bool returned = false;
    if (!Step(f, &returned, out)) return false;
    if (returned) return true;
  }
  return Unsupported(f, UnsupportedBreak("falling off the end of the code").Format());
}

bool Translator::Step(Frame& f, bool* returned, Var* out) {
  const script::Instruction ins = f.code->instructions[f.pc];
  int next = f.pc + 1;
  bool ok = false;
  switch (OpcodeFamilyOf(ins.op)) {
    case OpcodeFamily::kLoadStore:
      ok = StepLoadStore(f, ins);
      break;
    case OpcodeFamily::kAttrSubscr:
      ok = StepAttrSubscr(f, ins);
      break;
    case OpcodeFamily::kOperator:
      ok = StepOperator(f, ins);
      break;
    case OpcodeFamily::kJumpCompare:
      ok = StepJumpCompare(f, ins, &next);
      break;
    case OpcodeFamily::kBuild:
      ok = StepBuild(f, ins);
      break;
    case OpcodeFamily::kCall:
      ok = StepCall(f, ins, returned, out);
      break;
    case OpcodeFamily::kWithTry:
      ok = StepWithTry(f, ins);
      break;
    case OpcodeFamily::kMatch:
      // A match statement's tests run eagerly: the frame breaks here.
      ok = Unsupported(f, UnsupportedBreak(std::string(script::OpcodeName(ins.op))).Format());
      break;
  }
  if (!ok) return false;
  if (!*returned) f.pc = next;
  return true;
}

}  // namespace tc::frame_capture
