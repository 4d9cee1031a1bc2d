// Translator: the instruction loop of symbolic evaluation.
#include "translator.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script_torch/op_tracer.h"
#include "tc/script_torch/tensor_value.h"

#include "break_messages.h"
#include "resume.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;
using translator_internal::IsExact;
using translator_internal::IsMutatingMethod;
using translator_internal::kLocalScalarDense;

namespace {

// Operator names as FX targets show them (operator.add, operator.iadd).
std::string OperatorTarget(script::BinaryOp op, bool inplace) {
  static constexpr const char* kNames[] = {"add",  "sub", "mul",    "truediv", "floordiv",
                                           "mod",  "pow", "matmul", "lshift",  "rshift",
                                           "and_", "or_", "xor"};
  std::string name = kNames[static_cast<int>(op)];
  if (inplace) {
    if (name.back() == '_') name.pop_back();
    name = "i" + name;
  }
  return "operator." + name;
}

std::string CompareTarget(script::CompareOp op) {
  static constexpr const char* kNames[] = {"lt", "le",  "eq",     "ne",       "gt",
                                           "ge", "is_", "is_not", "contains", "contains"};
  return absl::StrCat("operator.", kNames[static_cast<int>(op)]);
}

std::string UnaryTarget(script::UnaryOp op) {
  static constexpr const char* kNames[] = {"neg", "pos", "not_", "invert"};
  return absl::StrCat("operator.", kNames[static_cast<int>(op)]);
}

// Methods that change a list, dict or set in place.
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

Var Translator::Wrap(const Value& v, const SourcePtr& src) {
  if (src == nullptr || v.is_null()) return Var{v, src};
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
  if (v.is_bool() || v.is_int() || v.is_float() || IsExact(v, T.str)) {
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
    copies_[copy.as_object()] = src;
    copy_real_[copy.as_object()] = v.as_object();
    keep_alive_.push_back(copy);
    return Var{copy, src};
  }
  if (IsExact(v, T.dict)) {
    // A read-only stand-in with wrapped values, as for lists; what the
    // trace learns from the key set ("k" in d, iteration order, d[k]
    // existing) is guarded by the keys' text.
    NoteCopyOf(v);
    Guard(MakeGuard(GuardRecord::Kind::kType, src, Value::Borrow(v.type())));
    Guard(MakeGuard(GuardRecord::Kind::kEquals, Source::Keys(src), DictKeysText(v)));
    Value copy = script::NewDict();
    for (const auto& e : script::Cast<script::DictObject>(v)->entries) {
      if (e.key.is_null()) continue;
      SourcePtr item;
      if (const std::string* k = script::StrValue(e.key)) {
        item = Source::Key(src, *k);
      } else if (e.key.is_int()) {
        item = Source::Item(src, e.key.as_int());
      } else {
        // No source names such a key: the frame runs eagerly.
        if (unsupported_input_.empty()) unsupported_input_ = "a dict with keys other than str, int";
        return Var{v, src};
      }
      if (!vm_.SetItem(copy, e.key, Wrap(e.value, item).v)) {
        vm_.ClearException();
        if (unsupported_input_.empty()) unsupported_input_ = "a dict that cannot be copied";
        return Var{v, src};
      }
    }
    copies_[copy.as_object()] = src;
    copy_real_[copy.as_object()] = v.as_object();
    keep_alive_.push_back(copy);
    return Var{copy, src};
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
  if (mutated_reals_.contains(real.as_object()) && unsupported_input_.empty()) {
    unsupported_input_ = "reading an outside object again after writing to it";
  }
  ++copy_count_[real.as_object()];
}

bool Translator::MutateCopy(const Value& c) {
  if (!c.is_object() || (c.type() != script::Types().list && c.type() != script::Types().dict)) {
    return false;
  }
  auto it = copy_real_.find(c.as_object());
  if (it == copy_real_.end() || copy_count_[it->second] != 1) return false;
  if (mutated_reals_.insert(it->second).second) mutated_copies_.push_back(c);
  return true;
}

std::vector<std::pair<SourcePtr, SourcePtr>> Translator::DistinctSources() const {
  std::vector<std::pair<SourcePtr, SourcePtr>> out;
  absl::flat_hash_set<std::string> seen;
  for (const Value& w : mutated_copies_) {
    const script::Object* real = copy_real_.at(w.as_object());
    const SourcePtr& ws = copies_.at(w.as_object());
    for (const auto& [copy, src] : copies_) {
      if (copy->type != w.type() || copy_real_.at(copy) == real) continue;
      const std::string a = ws->Name(), b = src->Name();
      if (!seen.insert(a < b ? absl::StrCat(a, "\n", b) : absl::StrCat(b, "\n", a)).second) {
        continue;
      }
      out.emplace_back(ws, src);
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    return std::make_pair(x.first->Name(), x.second->Name()) <
           std::make_pair(y.first->Name(), y.second->Name());
  });
  return out;
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
  const script::BuiltinTypes& T = script::Types();
  const script::Instruction ins = f.code->instructions[f.pc];
  const int arg = ins.arg;
  int next = f.pc + 1;
  switch (ins.op) {
    case Opcode::kNop:
      break;
    case Opcode::kPop:
      f.Pop();
      break;
    case Opcode::kDup:
      f.Push(f.Top());
      break;
    case Opcode::kDupTwo: {
      Var a = f.Top(1), b = f.Top();
      f.Push(a);
      f.Push(b);
      break;
    }
    case Opcode::kRotTwo:
      std::swap(f.Top(), f.Top(1));
      break;
    case Opcode::kRotThree: {
      Var c = f.Pop();
      f.stack.insert(f.stack.end() - 2, std::move(c));
      break;
    }
    case Opcode::kRotFour: {
      Var d = f.Pop();
      f.stack.insert(f.stack.end() - 3, std::move(d));
      break;
    }
    case Opcode::kLoadConst:
      f.Push(f.co->consts[arg]);
      break;
    case Opcode::kLoadFast: {
      Var& l = f.locals[arg];
      if (l.v.is_null())
        return Unsupported(f, UnsupportedBreak("reading an unbound local").Format());
      if (f.root && !f.wrapped[arg]) {
        l = Wrap(l.v, l.src);
        f.wrapped[arg] = true;
      }
      f.Push(l);
      break;
    }
    case Opcode::kStoreFast:
      f.locals[arg] = f.Pop();
      if (f.root) f.wrapped[arg] = true;
      break;
    case Opcode::kDeleteFast:
      f.locals[arg] = Var{};
      break;
    case Opcode::kLoadDeref: {
      Var& c = *f.cells[arg];
      if (auto it = outside_cell_state_.find(&c);
          it != outside_cell_state_.end() && !it->second.wrapped) {
        it->second.wrapped = true;
        if (it->second.source != nullptr) c = Wrap(c.v, it->second.source);
      }
      if (c.v.is_null()) return Unsupported(f, UnsupportedBreak("reading an empty cell").Format());
      f.Push(c);
      break;
    }
    case Opcode::kStoreDeref: {
      Var& c = *f.cells[arg];
      if (auto it = outside_cell_state_.find(&c); it != outside_cell_state_.end()) {
        // A cell of a function from outside the frame: the write is traced
        // on the symbolic cell and replayed into the real one after the
        // graph runs, which needs a source to find that cell again.
        OutsideCellState& st = it->second;
        if (st.source == nullptr) {
          return Unsupported(
              f, UnsupportedBreak("assigning a nonlocal of an enclosing frame").Format());
        }
        if (!st.written) {
          st.written = true;
          mutated_cells_.push_back({st.source, f.cells[arg]});
        }
        st.wrapped = true;
      }
      // Other cells belong to frames inside the trace (the root's own cell
      // variables, closures made while tracing): they stay symbolic.
      c = f.Pop();
      break;
    }
    case Opcode::kDeleteDeref:
      return Unsupported(f, UnsupportedBreak("del of a cell variable").Format());
    case Opcode::kLoadClosure: {
      // A stand-in cell object whose contents stay symbolic.
      auto* cell = new script::CellObject(T.cell);
      Value cv = Value::Adopt(cell);
      cells_[cell] = f.cells[arg];
      NoteNew(cell);
      keep_alive_.push_back(cv);
      f.Push(cv);
      break;
    }
    case Opcode::kLoadGlobal:
    case Opcode::kLoadName: {
      const std::string& name = f.code->names[arg];
      const Value* v = script::DictGetStr(f.fn->globals.get(), name);
      if (v != nullptr) {
        // Only the root frame's globals are named G[...]; an inlined
        // function from another module reads its own globals, which stay
        // constant for the trace.
        SourcePtr src = f.fn->globals.get() == fn_->globals.get() ? Source::Global(name) : nullptr;
        f.Push(src != nullptr ? Wrap(*v, src) : Var{*v, nullptr});
        break;
      }
      v = script::DictGetStr(vm_.builtins(), name);
      if (v == nullptr) return Unsupported(f, UnsupportedBreak("a missing global").Format());
      f.Push(*v);
      break;
    }
    case Opcode::kStoreGlobal:
    case Opcode::kDeleteGlobal:
    case Opcode::kStoreName:
    case Opcode::kDeleteName:
      return Unsupported(f, UnsupportedBreak("assigning a global").Format());

    case Opcode::kLoadAttr: {
      Var obj = f.Pop();
      script::StrObject* name = f.co->names[arg].get();
      // Reading x.shape uses x: Dynamo realizes a lazy input there.
      if (IsFake(obj.v) && !recorder_.Realize(script_torch::TensorOfValue(obj.v)).ok()) {
        return Unsupported(f, UnsupportedBreak("a graph input").Format());
      }
      Var r;
      if (!Tracked(
              f, CallRecord::Kind::kFunction, "builtins.getattr",
              [&] { return vm_.GetAttr(obj.v, name); }, &r)) {
        return false;
      }
      if (obj.src != nullptr && !IsFake(obj.v) && !IsExact(obj.v, T.module)) {
        r = Wrap(r.v, Source::Attr(obj.src, name->value));
      } else if (obj.src != nullptr && IsExact(obj.v, T.module)) {
        r.src = Source::Attr(obj.src, name->value);
      }
      f.Push(std::move(r));
      break;
    }
    case Opcode::kLoadMethod: {
      // Bound-method form: [callable, null]; CallMethod then calls callable.
      Var obj = f.Pop();
      script::StrObject* name = f.co->names[arg].get();
      if (IsFake(obj.v) && !recorder_.Realize(script_torch::TensorOfValue(obj.v)).ok()) {
        return Unsupported(f, UnsupportedBreak("a graph input").Format());
      }
      Value m = vm_.GetAttr(obj.v, name);
      if (m.is_null()) return FromException(f);
      if (IsFake(obj.v) && m.is_object() && m.type() == T.native_function &&
          script::Cast<script::NativeFunctionObject>(m)->is_method) {
        // [Tensor.name, tensor] rather than a method bound to the fake: a
        // break at the call then rebuilds the tensor from the graph's
        // output instead of keeping the fake.
        Value unbound = vm_.GetAttr(Value::Borrow(const_cast<script::Type*>(obj.v.type())), name);
        if (unbound.is_null()) return FromException(f);
        f.Push(Var{std::move(unbound), nullptr});
        f.Push(std::move(obj));
        break;
      }
      Var mv{m, nullptr};
      if (obj.src != nullptr && !IsFake(obj.v) && !IsExact(obj.v, T.module) &&
          !(m.is_object() && (m.type() == T.method || m.type() == T.native_function))) {
        mv = Wrap(m, Source::Attr(obj.src, name->value));
      } else if (obj.src != nullptr) {
        mv.src = Source::Attr(obj.src, name->value);
      }
      f.Push(std::move(mv));
      f.Push(Var{});
      break;
    }
    case Opcode::kStoreAttr:
    case Opcode::kDeleteAttr:
      return Unsupported(f, UnsupportedBreak("assigning an attribute").Format());
    case Opcode::kLoadSuper:
      return Unsupported(f, UnsupportedBreak("super()").Format());

    case Opcode::kBinarySubscr: {
      Var key = f.Pop();
      Var c = f.Pop();
      if (IsFake(key.v) && (IsExact(c.v, T.list) || IsExact(c.v, T.tuple))) {
        // Dynamo indexes a list with a tensor only when the tensor is a
        // known constant; a traced one is a graph break.
        std::string container =
            IsExact(c.v, T.list)
                ? absl::StrCat("ListVariable(length=",
                               script::Cast<script::ListObject>(c.v)->items.size(), ")")
                : "TupleVariable()";
        return Unsupported(f, IndexListWithTensorBreak(container).Format());
      }
      Var r;
      if (!Tracked(
              f, CallRecord::Kind::kFunction, "operator.getitem",
              [&] { return vm_.GetItem(c.v, key.v); }, &r)) {
        return false;
      }
      if (c.src != nullptr && copies_.contains(c.v.as_object()) && key.v.is_int()) {
        r.src = Source::Item(c.src, key.v.as_int());
      }
      f.Push(std::move(r));
      break;
    }
    case Opcode::kStoreSubscr: {
      Var key = f.Pop();
      Var c = f.Pop();
      Var v = f.Pop();
      if (IsPreexisting(c.v) && !MutateCopy(c.v)) {
        return Unsupported(
            f, UnsupportedBreak("storing into an object from outside the frame").Format());
      }
      Var r;
      if (!Tracked(
              f, CallRecord::Kind::kFunction, "operator.setitem",
              [&] { return vm_.SetItem(c.v, key.v, v.v) ? Value::None() : Value(); }, &r)) {
        return false;
      }
      break;
    }
    case Opcode::kDeleteSubscr: {
      Var key = f.Pop();
      Var c = f.Pop();
      if ((IsPreexisting(c.v) && !MutateCopy(c.v)) || IsFake(c.v)) {
        return Unsupported(
            f, UnsupportedBreak("deleting from an object from outside the frame").Format());
      }
      if (!vm_.DelItem(c.v, key.v)) return FromException(f);
      break;
    }
    case Opcode::kBuildSlice: {
      Value step = arg == 3 ? f.Pop().v : Value::None();
      Value stop = f.Pop().v;
      Value start = f.Pop().v;
      Value s = vm_.Call(Value::Borrow(T.slice), {start, stop, step});
      if (s.is_null()) return FromException(f);
      f.Push(std::move(s));
      break;
    }

    case Opcode::kUnary: {
      Var a = f.Pop();
      auto op = static_cast<script::UnaryOp>(arg);
      if (op == script::UnaryOp::kNot && IsFake(a.v)) {
        return Unsupported(f, DataDependentJump().Format());
      }
      Var r;
      if (!Tracked(
              f, CallRecord::Kind::kFunction, UnaryTarget(op), [&] { return vm_.Unary(op, a.v); },
              &r)) {
        return false;
      }
      f.Push(std::move(r));
      break;
    }
    case Opcode::kBinary:
    case Opcode::kInplace: {
      Var b = f.Pop();
      Var a = f.Pop();
      auto op = static_cast<script::BinaryOp>(arg);
      bool inplace = ins.op == Opcode::kInplace;
      if (inplace && IsPreexisting(a.v) && (IsExact(a.v, T.list) || IsExact(a.v, T.dict))) {
        return Unsupported(f,
                           UnsupportedBreak("an in-place operator on an outside object").Format());
      }
      Var r;
      if (!Tracked(
              f, CallRecord::Kind::kFunction, OperatorTarget(op, inplace && IsFake(a.v)),
              [&] { return inplace ? vm_.Inplace(op, a.v, b.v) : vm_.Binary(op, a.v, b.v); }, &r)) {
        return false;
      }
      if (r.v.is_object()) NoteNew(r.v.as_object());
      f.Push(std::move(r));
      break;
    }
    case Opcode::kCompare: {
      Var b = f.Pop();
      Var a = f.Pop();
      auto op = static_cast<script::CompareOp>(arg);
      Var r;
      if (!Tracked(
              f, CallRecord::Kind::kFunction, CompareTarget(op),
              [&] { return vm_.Compare(op, a.v, b.v); }, &r)) {
        return false;
      }
      f.Push(std::move(r));
      break;
    }

    case Opcode::kJump:
      next = arg;
      break;
    case Opcode::kPopJumpIfFalse:
    case Opcode::kPopJumpIfTrue:
    case Opcode::kJumpIfFalseOrPop:
    case Opcode::kJumpIfTrueOrPop: {
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
        next = arg;
        break;
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
      if (take) next = arg;
      break;
    }
    case Opcode::kGetIter: {
      Var it = f.Pop();
      Var r;
      if (!Tracked(
              f, CallRecord::Kind::kFunction, "builtins.iter", [&] { return vm_.Iter(it.v); },
              &r)) {
        return false;
      }
      NoteNew(r.v.as_object());
      f.Push(std::move(r));
      break;
    }
    case Opcode::kForIter: {
      Var r;
      Value item;
      int before = recorder_.num_nodes();
      item = vm_.Next(f.Top().v);
      if (item.is_null()) {
        if (vm_.HasException()) return FromException(f);
        f.Pop();
        next = arg;
        break;
      }
      if (recorder_.num_nodes() > before) {
        calls_.push_back({CallRecord::Kind::kFunction, "operator.getitem", before,
                          recorder_.num_nodes() - before});
      }
      f.Push(std::move(item));
      break;
    }

    case Opcode::kBuildTuple:
    case Opcode::kBuildList:
    case Opcode::kBuildSet: {
      std::vector<Value> items;
      for (int i = arg; i > 0; --i) items.push_back(f.Top(i - 1).v);
      f.stack.resize(f.stack.size() - arg);
      Value r;
      if (ins.op == Opcode::kBuildTuple) {
        r = script::NewTuple(std::move(items));
      } else if (ins.op == Opcode::kBuildList) {
        r = script::NewList(std::move(items));
      } else {
        r = vm_.Call(Value::Borrow(T.set), {script::NewTuple(std::move(items))});
        if (r.is_null()) return FromException(f);
      }
      NoteNew(r.as_object());
      f.Push(std::move(r));
      break;
    }
    case Opcode::kBuildMap: {
      Value d = script::NewDict();
      size_t base = f.stack.size() - 2 * arg;
      for (int i = 0; i < arg; ++i) {
        if (!vm_.SetItem(d, f.stack[base + 2 * i].v, f.stack[base + 2 * i + 1].v)) {
          return FromException(f);
        }
      }
      f.stack.resize(base);
      NoteNew(d.as_object());
      f.Push(std::move(d));
      break;
    }
    case Opcode::kListAppend:
    case Opcode::kSetAdd: {
      Var v = f.Pop();
      Value& c = f.Top(arg - 1).v;
      Value r = vm_.CallMethod(c, ins.op == Opcode::kListAppend ? "append" : "add", {v.v});
      if (r.is_null()) return FromException(f);
      break;
    }
    case Opcode::kMapAdd: {
      Var v = f.Pop();
      Var k = f.Pop();
      if (!vm_.SetItem(f.Top(arg - 1).v, k.v, v.v)) return FromException(f);
      break;
    }
    case Opcode::kListExtend:
    case Opcode::kSetUpdate:
    case Opcode::kDictUpdate:
    case Opcode::kDictMerge: {
      Var v = f.Pop();
      const char* method = ins.op == Opcode::kListExtend ? "extend" : "update";
      Value r = vm_.CallMethod(f.Top(arg - 1).v, method, {v.v});
      if (r.is_null()) return FromException(f);
      break;
    }
    case Opcode::kListToTuple: {
      Var l = f.Pop();
      Value t = script::NewTuple(script::Cast<script::ListObject>(l.v)->items);
      NoteNew(t.as_object());
      f.Push(std::move(t));
      break;
    }
    case Opcode::kUnpackSequence:
    case Opcode::kUnpackEx: {
      Var seq = f.Pop();
      std::vector<Value> items;
      int before = recorder_.num_nodes();
      if (!vm_.Extend(&items, seq.v)) return FromException(f);
      if (recorder_.num_nodes() > before) {
        calls_.push_back({CallRecord::Kind::kFunction, "operator.getitem", before,
                          recorder_.num_nodes() - before});
      }
      const std::vector<Value>* src_items = nullptr;
      if (copies_.contains(seq.v.as_object())) src_items = &items;
      (void)src_items;
      if (ins.op == Opcode::kUnpackSequence) {
        if (static_cast<int>(items.size()) != arg) {
          return FromException((vm_.Raise(T.value_error, "unpack mismatch"), f));
        }
        for (int i = arg - 1; i >= 0; --i) f.Push(items[i]);
      } else {
        int before_n = arg & 0xff, after_n = arg >> 8;
        int n = static_cast<int>(items.size());
        if (n < before_n + after_n) {
          return FromException((vm_.Raise(T.value_error, "unpack mismatch"), f));
        }
        for (int i = n - 1; i >= n - after_n; --i) f.Push(items[i]);
        std::vector<Value> mid(items.begin() + before_n, items.end() - after_n);
        Value l = script::NewList(std::move(mid));
        NoteNew(l.as_object());
        f.Push(std::move(l));
        for (int i = before_n - 1; i >= 0; --i) f.Push(items[i]);
      }
      break;
    }
    case Opcode::kFormatValue: {
      Value spec = (arg & 4) ? f.Pop().v : Value();
      Var v = f.Pop();
      if (IsFake(v.v)) return Unsupported(f, UnsupportedBreak("formatting a tensor").Format());
      int conv = arg & 3;
      Value s = v.v;
      if (conv == 1) s = vm_.Str(s);
      if (conv >= 2) s = vm_.Repr(s);
      if (s.is_null()) return FromException(f);
      const std::string* spec_text = spec.is_null() ? nullptr : script::StrValue(spec);
      Value r = vm_.Format(s, spec_text == nullptr ? std::string_view() : *spec_text);
      if (r.is_null()) return FromException(f);
      f.Push(std::move(r));
      break;
    }
    case Opcode::kBuildString: {
      std::string s;
      for (int i = arg; i > 0; --i) s += *script::StrValue(f.Top(i - 1).v);
      f.stack.resize(f.stack.size() - arg);
      f.Push(script::NewStr(std::move(s)));
      break;
    }

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
      std::vector<Var> args(f.stack.end() - arg, f.stack.end());
      f.stack.resize(f.stack.size() - arg);
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
      break;
    }
    case Opcode::kCallEx: {
      Value kwargs = (arg & 1) ? f.Pop().v : Value();
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
      break;
    }
    case Opcode::kMakeFunction: {
      Value codev = f.Pop().v;
      auto* fn = new script::FunctionObject(T.function);
      Value fv = Value::Adopt(fn);
      if (arg & 4)
        fn->closure =
            script::Ref<script::TupleObject>::Borrow(script::Cast<script::TupleObject>(f.Pop().v));
      if (arg & 2)
        fn->kwdefaults =
            script::Ref<script::DictObject>::Borrow(script::Cast<script::DictObject>(f.Pop().v));
      if (arg & 1)
        fn->defaults =
            script::Ref<script::TupleObject>::Borrow(script::Cast<script::TupleObject>(f.Pop().v));
      auto* cobj = script::Cast<script::CodeObject>(codev);
      fn->code = script::Ref<script::CodeObject>::Borrow(cobj);
      fn->globals = f.fn->globals;
      fn->name = script::Ref<script::StrObject>::Borrow(script::Intern(cobj->code->name));
      fn->qualname = script::Ref<script::StrObject>::Borrow(script::Intern(cobj->code->qualname));
      fn->module = f.fn->module;
      NoteNew(fn);
      keep_alive_.push_back(fv);
      f.Push(std::move(fv));
      break;
    }
    case Opcode::kReturn:
      *out = f.Pop();
      *returned = true;
      return true;
    case Opcode::kImportName: {
      Value m = vm_.Import(f.code->names[arg]);
      if (m.is_null()) return FromException(f);
      f.Push(std::move(m));
      break;
    }
    case Opcode::kImportFrom: {
      Value m = vm_.GetAttr(f.Top().v, f.co->names[arg].get());
      if (m.is_null()) return FromException(f);
      f.Push(std::move(m));
      break;
    }
    case Opcode::kMakeClass:
      return Unsupported(f, UnsupportedBreak("defining a class").Format());
    case Opcode::kRaise:
    case Opcode::kReraise:
    case Opcode::kPushExcInfo:
    case Opcode::kPopExcept:
    case Opcode::kCheckExcMatch:
    case Opcode::kLoadAssertionError:
      return Unsupported(f, UnsupportedBreak("raising or handling exceptions").Format());
    case Opcode::kBeforeWith: {
      bool handled = false;
      if (!EnterGradMode(f, &handled)) return false;
      if (handled) break;
      // A user-defined context manager: __enter__ and __exit__ are
      // inlined. A break inside its block cannot be resumed (no resume
      // function can enter it again), so such a break skips the frame.
      const Var mgr = f.Top();
      const script::Type* mt = mgr.v.is_object() ? mgr.v.type() : nullptr;
      if (mt != nullptr && IsExact(mt->slot(script::Slot::kEnter), T.function) &&
          IsExact(mt->slot(script::Slot::kExit), T.function)) {
        auto* exit = new script::MethodObject(T.method);
        Value exit_v = Value::Adopt(exit);
        exit->function = mt->slot(script::Slot::kExit);
        exit->self = mgr.v;
        NoteNew(exit);
        keep_alive_.push_back(exit_v);
        f.Pop();
        Var entered;
        if (!Inline(f, script::Cast<script::FunctionObject>(mt->slot(script::Slot::kEnter)),
                    nullptr, &mgr, {}, nullptr, &entered)) {
          return false;
        }
        f.Push(Var{exit_v, nullptr});
        f.Push(std::move(entered));
        break;
      }
      return Unsupported(f, UnsupportedBreak("a with block").Format());
    }
    case Opcode::kWithExceptStart:
      return Unsupported(f, UnsupportedBreak("a with block").Format());
  }
  f.pc = next;
  return true;
}

}  // namespace tc::frame_capture
