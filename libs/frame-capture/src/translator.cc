// Translator: the instruction loop of symbolic evaluation.
#include "translator.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script/op_tracer.h"
#include "tc/script/tensor_value.h"

#include "break_messages.h"
#include "resume.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;

struct Translator::Frame {
  script::FunctionObject* fn = nullptr;
  script::CodeObject* co = nullptr;
  const script::Code* code = nullptr;
  std::vector<Var> locals;
  std::vector<bool> wrapped;  // root frame: parameters are wrapped on first load
  std::vector<std::shared_ptr<Var>> cells;
  std::vector<Var> stack;
  int pc = 0;
  Frame* parent = nullptr;
  bool root = false;

  Var Pop() {
    Var v = std::move(stack.back());
    stack.pop_back();
    return v;
  }
  Var& Top(int i = 0) { return stack[stack.size() - 1 - i]; }
  void Push(Var v) { stack.push_back(std::move(v)); }
  void Push(Value v) { stack.push_back(Var{std::move(v), nullptr}); }
};

namespace {

constexpr int kMaxInlineDepth = 64;
constexpr char kLocalScalarDense[] = "aten._local_scalar_dense.default";

bool IsExact(const Value& v, const script::Type* t) { return v.is_object() && v.type() == t; }

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
bool IsMutatingMethod(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "append",  "extend",      "insert",      "pop",      "remove",     "clear",
      "sort",    "reverse",     "update",      "popitem",  "setdefault", "add",
      "discard", "__setitem__", "__delitem__", "__iadd__", "move_to_end"};
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

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
  const script::BuiltinTypes& T = script::Types();
  if (script::IsTensorValue(v)) {
    if (IsFake(v)) return Var{v, src};
    const tensor::Tensor& t = script::TensorOfValue(v);
    GuardRecord g = MakeGuard(GuardRecord::Kind::kTensor, src);
    g.dtype = t.dtype();
    g.device = t.device();
    g.sizes = tensor::Shape(t.sizes());
    g.strides = tensor::Shape(t.strides());
    g.requires_grad = script::TensorRequiresGrad(v);
    Guard(std::move(g));
    return Var{recorder_.InputFor(v, src), src};
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
  switch (script::TensorOfValue(t).dtype()) {
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
  if (script::IsInstance(exc, script::MetaDataAccessErrorType())) {
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
  previous_tracer_ = script::SetOpTracer(&recorder_);
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
    Value v = script::Cast<script::CellObject>(fn_->closure->items[i])->value;
    root.cells.push_back(
        std::make_shared<Var>(Wrap(v, Source::Closure(code.freevars[i], static_cast<int64_t>(i)))));
  }

  TraceOutcome out;
  Var result;
  // Tracing runs torch.set_grad_enabled(...) and grad-mode context
  // managers for real; the frame's own run must start from the mode the
  // call had.
  const bool grad_mode = script::GradModeEnabled();
  bool ok = RunFrame(root, &result);
  script::SetGradModeEnabled(grad_mode);
  script::SetOpTracer(previous_tracer_);
  if (ok && stop_at_ >= 0 && root.pc == stop_at_ && failure_ == nullptr) {
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
  if (InTryBlock(code, root.pc)) {
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
    bool returned = false;
    if (!Step(f, &returned, out)) return false;
    if (returned) return true;
  }
  return Unsupported(f, UnsupportedBreak("falling off the end of the code").Format());
}

template <typename Fn>
bool Translator::Tracked(Frame& f, CallRecord::Kind kind, std::string_view target, Fn&& fn,
                         Var* out) {
  int before = recorder_.num_nodes();
  Value r = fn();
  if (r.is_null()) return FromException(f);
  int after = recorder_.num_nodes();
  if (after > before) calls_.push_back({kind, std::string(target), before, after - before});
  *out = Var{std::move(r), nullptr};
  return true;
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
      const Var& c = *f.cells[arg];
      if (c.v.is_null()) return Unsupported(f, UnsupportedBreak("reading an empty cell").Format());
      f.Push(c);
      break;
    }
    case Opcode::kStoreDeref: {
      if (arg >= static_cast<int>(f.code->cellvars.size())) {
        return Unsupported(f,
                           UnsupportedBreak("assigning a nonlocal of an enclosing frame").Format());
      }
      *f.cells[arg] = f.Pop();
      break;
    }
    case Opcode::kDeleteDeref:
      return Unsupported(f, UnsupportedBreak("del of a cell variable").Format());
    case Opcode::kLoadClosure: {
      // A stand-in cell object whose contents stay symbolic.
      auto* cell = new script::CellObject(T.cell);
      Value cv = Value::Adopt(cell);
      cells_[cell] = f.cells[arg];
      new_objects_.insert(cell);
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
      if (IsPreexisting(c.v)) {
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
      if (IsPreexisting(c.v) || IsFake(c.v)) {
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
      if (r.v.is_object()) new_objects_.insert(r.v.as_object());
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
      if (IsFake(c.v)) {
        Unsupported(f, "generic_jump TensorVariable()");
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
      new_objects_.insert(r.v.as_object());
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
      new_objects_.insert(r.as_object());
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
      new_objects_.insert(d.as_object());
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
      new_objects_.insert(t.as_object());
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
        new_objects_.insert(l.as_object());
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
      new_objects_.insert(fn);
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
    case Opcode::kBeforeWith:
    case Opcode::kWithExceptStart:
      return Unsupported(f, UnsupportedBreak("a with block").Format());
  }
  f.pc = next;
  return true;
}

// --- Calls ---------------------------------------------------------------------

bool Translator::CallVar(Frame& f, const Var& callable, std::vector<Var> args,
                         const script::TupleObject* kwnames, Var* out) {
  const script::BuiltinTypes& T = script::Types();
  const Value& c = callable.v;
  if (!c.is_object()) {
    return FromException((vm_.Raise(T.type_error, "object is not callable"), f));
  }
  const script::Object* o = c.as_object();
  if (special_.graph_break.contains(o)) return Unsupported(f, UserGraphBreak("").Format());
  if (auto it = special_.disabled.find(o); it != special_.disabled.end()) {
    std::string name;
    vm_.ReprString(c, &name);
    return Unsupported(f, DisabledCallBreak(name, it->second).Format());
  }
  if (special_.disallow_in_graph.contains(o)) {
    const auto* nf = o->type == T.native_function
                         ? static_cast<const script::NativeFunctionObject*>(o)
                         : nullptr;
    return Unsupported(f, DisallowedCallBreak(nf != nullptr ? nf->name : "function").Format());
  }
  const script::Type* t = o->type;
  if (t == T.function) {
    auto* fn = static_cast<script::FunctionObject*>(const_cast<script::Object*>(o));
    return Inline(f, fn, nullptr, std::move(args), kwnames, out);
  }
  if (t == T.method) {
    const auto* m = static_cast<const script::MethodObject*>(o);
    if (m->function.is_object() && m->function.type() == T.function) {
      Var self{m->self, callable.src != nullptr ? callable.src->base : nullptr};
      return Inline(f, script::Cast<script::FunctionObject>(m->function), &self, std::move(args),
                    kwnames, out);
    }
    Var inner{m->function, nullptr};
    args.insert(args.begin(), Var{m->self, nullptr});
    return CallVar(f, inner, std::move(args), kwnames, out);
  }
  if (t == T.native_function) {
    const auto* nf = static_cast<const script::NativeFunctionObject*>(o);
    bool bound = nf->is_method && !nf->self.is_null();
    const Value* self = bound ? &nf->self : nullptr;
    // Method called through the unbound form (Tensor.add(x, y)) or bound.
    bool method_on_fake = (self != nullptr && IsFake(*self)) ||
                          (nf->is_method && self == nullptr && !args.empty() && IsFake(args[0].v));
    const std::string& name = nf->name;
    if (method_on_fake) {
      const Value& t = self != nullptr ? *self : args[0].v;
      if (name == "item" || name == "__int__" || name == "__float__") return ItemBreak(f);
      if (name == "tolist") return TolistBreak(f, t);
      if (name == "__bool__" || name == "__index__") {
        return Unsupported(f, DataDependentOperator(kLocalScalarDense).Format());
      }
      if (name == "numpy" || name == "__repr__" || name == "__str__" || name == "__format__") {
        return Unsupported(f, UnsupportedBreak(absl::StrCat("Tensor.", name, "()")).Format());
      }
    }
    const Value* builtin = script::DictGetStr(vm_.builtins(), nf->name);
    bool is_builtin = builtin != nullptr && builtin->is_object() && builtin->as_object() == o;
    if (is_builtin) {
      if (name == "print") {
        std::vector<std::string> types;
        for (const Var& a : args) {
          types.push_back(IsFake(a.v) ? "Tensor" : std::string(script::TypeName(a.v)));
        }
        return Unsupported(f, PrintBreak(types, kwnames != nullptr).Format());
      }
      static constexpr std::string_view kSideEffects[] = {
          "input",   "open",   "setattr", "delattr", "exec", "eval",   "id",
          "globals", "locals", "vars",    "repr",    "str",  "format", "ascii"};
      bool side = std::find(std::begin(kSideEffects), std::end(kSideEffects), name) !=
                  std::end(kSideEffects);
      if (side && (name != "str" && name != "repr" && name != "format" ? true : AnyFake(args))) {
        return Unsupported(f, SkippedCallBreak(absl::StrCat("builtin `", name, "`")).Format());
      }
    }
    if (self != nullptr && IsMutatingMethod(name) && IsPreexisting(*self) && !IsFake(*self)) {
      return Unsupported(
          f,
          UnsupportedBreak(absl::StrCat("mutating an outside object with .", name, "()")).Format());
    }
    if (name == "manual_seed" || name == "seed" || name == "set_grad_enabled" ||
        name == "set_printoptions" || name == "save" || name == "load" || name == "backward") {
      return Unsupported(f, SkippedCallBreak(absl::StrCat("`", name, "`")).Format());
    }
    CallRecord::Kind kind =
        method_on_fake ? CallRecord::Kind::kMethod : CallRecord::Kind::kFunction;
    std::string target;
    if (method_on_fake) {
      target = nf->name;
    } else if (nf->self.is_object() && nf->self.type() != nullptr &&
               script::IsSubtype(nf->self.type(), T.module)) {
      target = absl::StrCat(script::Cast<script::ModuleObject>(nf->self)->name, ".", nf->name);
    } else {
      target = absl::StrCat("builtins.", nf->name);
    }
    return CallNativeTracked(f, c, nullptr, args, kwnames, kind, std::move(target), out);
  }
  if (script::IsSubtype(t, T.type)) {
    const auto* cls = static_cast<const script::Type*>(o);
    // int(t) / float(t) call t.item() (BuiltinVariable._call_int_float);
    // bool(t) reads the data through aten._local_scalar_dense.
    if (args.size() == 1 && kwnames == nullptr && IsFake(args[0].v)) {
      if (cls == T.int_ || cls == T.float_) return ItemBreak(f);
      if (cls == T.bool_) return Unsupported(f, DataDependentOperator(kLocalScalarDense).Format());
    }
    if (cls->has_flag(script::Type::kHeapType)) {
      return Unsupported(
          f, UnsupportedBreak(absl::StrCat("creating an instance of ", cls->name)).Format());
    }
    if (!CallNativeTracked(
            f, c, nullptr, args, kwnames, CallRecord::Kind::kFunction,
            absl::StrCat(cls->module == "builtins" ? "builtins" : cls->module, ".", cls->name),
            out)) {
      return false;
    }
    if (out->v.is_object()) new_objects_.insert(out->v.as_object());
    return true;
  }
  // An instance with __call__ (an nn.Module): call the method.
  const Value& call = t->slot(script::Slot::kCall);
  if (!call.is_null()) {
    if (call.type() == T.function) {
      return Inline(f, script::Cast<script::FunctionObject>(call), &callable, std::move(args),
                    kwnames, out);
    }
    return CallNativeTracked(f, c, nullptr, args, kwnames, CallRecord::Kind::kFunction,
                             absl::StrCat(t->name, ".__call__"), out);
  }
  return FromException(
      (vm_.Raise(T.type_error, absl::StrCat("'", t->name, "' object is not callable")), f));
}

bool Translator::CallNativeTracked(Frame& f, const Value& callable, const Value* self,
                                   std::vector<Var>& args, const script::TupleObject* kwnames,
                                   CallRecord::Kind kind, std::string target, Var* out) {
  (void)self;
  std::vector<Value> argv;
  argv.reserve(args.size());
  for (const Var& a : args) argv.push_back(a.v);
  int32_t nkw = kwnames == nullptr ? 0 : static_cast<int32_t>(kwnames->items.size());
  script::ArgsView view(argv.data(), static_cast<int32_t>(argv.size()) - nkw, kwnames);
  return Tracked(
      f, kind, target, [&] { return vm_.Call(callable, view); }, out);
}

bool Translator::Inline(Frame& f, script::FunctionObject* fn, const Var* self,
                        std::vector<Var> args, const script::TupleObject* kwnames, Var* out) {
  const script::BuiltinTypes& T = script::Types();
  const script::Code& code = *fn->code->code;
  if (special_.skipped_code.contains(&code)) {
    std::string name;
    vm_.ReprString(Value::Borrow(fn), &name);
    return Unsupported(f, DisabledCallBreak(name, false).Format());
  }
  if (depth_ >= kMaxInlineDepth) {
    return Unsupported(f, UnsupportedBreak("recursion deeper than the inlining limit").Format());
  }
  // Bind with stand-in markers so every parameter maps back to its Var
  // (and its source), while the VM's binder supplies defaults, *args,
  // **kwargs and CPython's TypeErrors.
  std::vector<Value> markers;
  absl::flat_hash_map<const script::Object*, size_t> marker_index;
  for (size_t i = 0; i < args.size(); ++i) {
    Value m = script::NewList({});
    marker_index[m.as_object()] = i;
    markers.push_back(std::move(m));
  }
  Value self_marker;
  if (self != nullptr) self_marker = script::NewList({});
  int32_t nkw = kwnames == nullptr ? 0 : static_cast<int32_t>(kwnames->items.size());
  script::CodeObject* co = fn->code.get();
  std::vector<Value> params(co->nparams);
  if (!vm_.BindArguments(fn, params.data(), markers.data(),
                         static_cast<int32_t>(markers.size()) - nkw, kwnames,
                         self != nullptr ? &self_marker : nullptr)) {
    return FromException(f);
  }
  auto unmark = [&](const Value& v) -> Var {
    if (v.is_object()) {
      if (self != nullptr && v.as_object() == self_marker.as_object()) return *self;
      auto it = marker_index.find(v.as_object());
      if (it != marker_index.end()) return args[it->second];
    }
    return Var{v, nullptr};
  };
  Frame child;
  child.fn = fn;
  child.co = co;
  child.code = &code;
  child.parent = &f;
  child.locals.resize(co->nlocals);
  child.wrapped.assign(co->nlocals, true);
  for (int i = 0; i < co->nparams; ++i) {
    const Value& p = params[i];
    if (p.is_object() && (p.type() == T.tuple || p.type() == T.dict) &&
        !marker_index.contains(p.as_object()) &&
        (self == nullptr || p.as_object() != self_marker.as_object())) {
      // *args / **kwargs: rebuild with the real values.
      if (p.type() == T.tuple) {
        std::vector<Value> items;
        for (const Value& it : script::Cast<script::TupleObject>(p)->items)
          items.push_back(unmark(it).v);
        Value t = script::NewTuple(std::move(items));
        new_objects_.insert(t.as_object());
        child.locals[i] = Var{t, nullptr};
      } else {
        Value d = script::NewDict();
        for (const auto& e : script::Cast<script::DictObject>(p)->entries) {
          if (e.key.is_null()) continue;
          if (!vm_.SetItem(d, e.key, unmark(e.value).v)) return FromException(f);
        }
        new_objects_.insert(d.as_object());
        child.locals[i] = Var{d, nullptr};
      }
      continue;
    }
    child.locals[i] = unmark(p);
  }
  for (size_t i = 0; i < code.cellvars.size(); ++i) {
    auto cell = std::make_shared<Var>();
    int32_t p = code.cell_param_index.empty() ? -1 : code.cell_param_index[i];
    if (p >= 0) *cell = child.locals[p];
    child.cells.push_back(cell);
  }
  for (size_t i = 0; i < code.freevars.size(); ++i) {
    const Value& cellv = fn->closure->items[i];
    auto it = cells_.find(cellv.as_object());
    if (it != cells_.end()) {
      child.cells.push_back(it->second);
    } else {
      child.cells.push_back(
          std::make_shared<Var>(Var{script::Cast<script::CellObject>(cellv)->value, nullptr}));
    }
  }
  ++depth_;
  bool ok = RunFrame(child, out);
  --depth_;
  return ok;
}

}  // namespace tc::frame_capture
