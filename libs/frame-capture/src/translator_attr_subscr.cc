// Translator: the attribute and subscript family (attributes, methods,
// super(), items, slices).
#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script_torch/tensor_value.h"

#include "break_messages.h"
#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;
using translator_internal::IsExact;

bool Translator::StepAttrSubscr(Frame& f, const script::Instruction& ins) {
  switch (ins.op) {
    case Opcode::kLoadAttr:
      return LoadAttr(f, f.co->names[ins.arg].get());
    case Opcode::kLoadMethod:
      return LoadMethod(f, f.co->names[ins.arg].get());
    case Opcode::kStoreAttr:
    case Opcode::kDeleteAttr:
      return Unsupported(f, UnsupportedBreak("assigning an attribute").Format());
    case Opcode::kLoadSuper:
      return Unsupported(f, UnsupportedBreak("super()").Format());
    case Opcode::kBinarySubscr:
    case Opcode::kStoreSubscr:
    case Opcode::kDeleteSubscr:
      return StepSubscr(f, ins);
    case Opcode::kBuildSlice: {
      const script::BuiltinTypes& T = script::Types();
      Value step = ins.arg == 3 ? f.Pop().v : Value::None();
      Value stop = f.Pop().v;
      Value start = f.Pop().v;
      Value s = vm_.Call(Value::Borrow(T.slice), {start, stop, step});
      if (s.is_null()) return FromException(f);
      f.Push(std::move(s));
      return true;
    }
    default:
      return Unsupported(f, UnsupportedBreak(std::string(script::OpcodeName(ins.op))).Format());
  }
}

bool Translator::LoadAttr(Frame& f, script::StrObject* name) {
  const script::BuiltinTypes& T = script::Types();
  Var obj = WithKnownSource(f.Pop());
  const bool optimizer = obj.src != nullptr && IsOptimizer(obj.v);
  if (optimizer && name->value == "state") {
    auto it = optimizer_states_.find(obj.v.as_object());
    if (it != optimizer_states_.end()) {
      f.Push(it->second);
      return true;
    }
  }
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
  if (optimizer) OptimizerAttrRead(obj, name->value, &r);
  f.Push(std::move(r));
  return true;
}

// Bound-method form: [callable, null]; CallMethod then calls callable.
bool Translator::LoadMethod(Frame& f, script::StrObject* name) {
  const script::BuiltinTypes& T = script::Types();
  Var obj = WithKnownSource(f.Pop());
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
    return true;
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
  return true;
}

bool Translator::StepSubscr(Frame& f, const script::Instruction& ins) {
  const script::BuiltinTypes& T = script::Types();
  if (ins.op == Opcode::kBinarySubscr) {
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
    bool inlined = false;
    if (!InlineSpecialMethod(f, c, script::Slot::kGetItem, {key}, &r, &inlined)) return false;
    if (inlined) {
      f.Push(std::move(r));
      return true;
    }
    if (!Tracked(
            f, CallRecord::Kind::kFunction, "operator.getitem",
            [&] { return vm_.GetItem(c.v, key.v); }, &r)) {
      return false;
    }
    if (c.src != nullptr && side_effects_.copies().contains(c.v.as_object()) && key.v.is_int()) {
      r.src = Source::Item(c.src, key.v.as_int());
    }
    f.Push(std::move(r));
    return true;
  }
  if (ins.op == Opcode::kStoreSubscr) {
    Var key = f.Pop();
    Var c = f.Pop();
    Var v = f.Pop();
    if (IsPreexisting(c.v) && !MutateCopy(c.v)) {
      return Unsupported(
          f, UnsupportedBreak("storing into an object from outside the frame").Format());
    }
    Var r;
    return Tracked(
        f, CallRecord::Kind::kFunction, "operator.setitem",
        [&] { return vm_.SetItem(c.v, key.v, v.v) ? Value::None() : Value(); }, &r);
  }
  // kDeleteSubscr
  Var key = f.Pop();
  Var c = f.Pop();
  if ((IsPreexisting(c.v) && !MutateCopy(c.v)) || IsFake(c.v)) {
    return Unsupported(f,
                       UnsupportedBreak("deleting from an object from outside the frame").Format());
  }
  if (!vm_.DelItem(c.v, key.v)) return FromException(f);
  return true;
}

}  // namespace tc::frame_capture
