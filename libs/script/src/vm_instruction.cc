// VM::RunInstruction: one instruction run outside the eval loop, on an
// operand stack the caller holds (see vm.h for the contract).
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script/vm.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

Value PopValue(std::vector<Value>* stack) {
  Value v = std::move(stack->back());
  stack->pop_back();
  return v;
}

// Pushes `r` unless it is null (the instruction raised).
bool PushResult(std::vector<Value>* stack, Value r) {
  if (r.is_null()) return false;
  stack->push_back(std::move(r));
  return true;
}

}  // namespace

bool VM::RunCallInstruction(const Instruction& ins, std::vector<Value>* stack) {
  if (ins.op == Opcode::kCallEx) {
    Value kwargs = (ins.arg & 1) ? PopValue(stack) : Value();
    Value args = PopValue(stack);
    Value callable = PopValue(stack);
    std::vector<Value> argv;
    if (!Extend(&argv, args)) return false;
    std::vector<std::pair<std::string_view, Value>> kws;
    if (!kwargs.is_null()) {
      for (const auto& e : Cast<DictObject>(kwargs)->entries) {
        if (!e.key.is_null()) kws.emplace_back(*StrValue(e.key), e.value);
      }
    }
    return PushResult(stack, CallKw(callable, argv, kws));
  }
  Value names;
  if (ins.op == Opcode::kCallKw || ins.op == Opcode::kCallMethodKw) names = PopValue(stack);
  std::vector<Value> args(stack->end() - ins.arg, stack->end());
  stack->resize(stack->size() - ins.arg);
  Value callable;
  if (ins.op == Opcode::kCallMethod || ins.op == Opcode::kCallMethodKw) {
    Value self = PopValue(stack);
    callable = PopValue(stack);
    if (!self.is_null()) args.insert(args.begin(), std::move(self));
  } else {
    callable = PopValue(stack);
  }
  const TupleObject* kw = names.is_null() ? nullptr : Cast<TupleObject>(names);
  const int32_t nkw = kw == nullptr ? 0 : static_cast<int32_t>(kw->items.size());
  return PushResult(
      stack, Call(callable, ArgsView(args.data(), static_cast<int32_t>(args.size()) - nkw, kw)));
}

bool VM::RunInstruction(FunctionObject* fn, int32_t pc, std::vector<Value>* stack) {
  CodeObject* co = fn->code.get();
  const Instruction ins = co->code->instructions[pc];
  switch (ins.op) {
    case Opcode::kCall:
    case Opcode::kCallKw:
    case Opcode::kCallMethod:
    case Opcode::kCallMethodKw:
    case Opcode::kCallEx:
      return RunCallInstruction(ins, stack);
    case Opcode::kStoreAttr: {
      Value obj = PopValue(stack);
      Value v = PopValue(stack);
      return SetAttr(obj, co->names[ins.arg].get(), std::move(v));
    }
    case Opcode::kDeleteAttr:
      return DelAttr(PopValue(stack), co->names[ins.arg].get());
    case Opcode::kStoreSubscr: {
      Value key = PopValue(stack);
      Value c = PopValue(stack);
      Value v = PopValue(stack);
      return SetItem(c, key, std::move(v));
    }
    case Opcode::kDeleteSubscr: {
      Value key = PopValue(stack);
      Value c = PopValue(stack);
      return DelItem(c, key);
    }
    case Opcode::kStoreGlobal:
      DictSetStrKey(fn->globals.get(), co->names[ins.arg].get(), PopValue(stack));
      return true;
    case Opcode::kLoadAttr:
      return PushResult(stack, GetAttr(PopValue(stack), co->names[ins.arg].get()));
    case Opcode::kBinarySubscr: {
      Value key = PopValue(stack);
      Value c = PopValue(stack);
      return PushResult(stack, GetItem(c, key));
    }
    case Opcode::kBinary:
    case Opcode::kInplace: {
      Value b = PopValue(stack);
      Value a = PopValue(stack);
      auto op = static_cast<BinaryOp>(ins.arg);
      return PushResult(stack, ins.op == Opcode::kInplace ? Inplace(op, a, b) : Binary(op, a, b));
    }
    case Opcode::kCompare: {
      Value b = PopValue(stack);
      Value a = PopValue(stack);
      return PushResult(stack, Compare(static_cast<CompareOp>(ins.arg), a, b));
    }
    case Opcode::kUnary:
      return PushResult(stack, Unary(static_cast<UnaryOp>(ins.arg), PopValue(stack)));
    case Opcode::kFormatValue: {
      Value spec = (ins.arg & 4) ? PopValue(stack) : Value();
      Value v = PopValue(stack);
      const int conv = ins.arg & 3;
      if (conv == 1) v = Str(v);
      if (conv == 2) v = Repr(v);
      if (conv == 3) v = Ascii(v);
      if (v.is_null()) return false;
      const std::string* s = spec.is_null() ? nullptr : StrValue(spec);
      return PushResult(stack, Format(v, s == nullptr ? std::string_view() : *s));
    }
    default:
      Raise(Types().runtime_error,
            absl::StrCat("cannot run ", std::string(OpcodeName(ins.op)), " outside the eval loop"));
      return false;
  }
}

}  // namespace tc::script
