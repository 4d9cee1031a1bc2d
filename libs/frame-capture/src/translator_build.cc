// Translator: the build/unpack family (tuple, list, set and dict
// displays, comprehension appends, unpacking, f-strings).
#include <string>
#include <vector>

#include "tc/script/native.h"

#include "break_messages.h"
#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using script::Value;

bool Translator::StepBuild(Frame& f, const script::Instruction& ins) {
  const script::BuiltinTypes& T = script::Types();
  const int arg = ins.arg;
  switch (ins.op) {
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
      return true;
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
      return true;
    }
    case Opcode::kListAppend:
    case Opcode::kSetAdd: {
      Var v = f.Pop();
      Value& c = f.Top(arg - 1).v;
      Value r = vm_.CallMethod(c, ins.op == Opcode::kListAppend ? "append" : "add", {v.v});
      if (r.is_null()) return FromException(f);
      return true;
    }
    case Opcode::kMapAdd: {
      Var v = f.Pop();
      Var k = f.Pop();
      if (!vm_.SetItem(f.Top(arg - 1).v, k.v, v.v)) return FromException(f);
      return true;
    }
    case Opcode::kListExtend:
    case Opcode::kSetUpdate:
    case Opcode::kDictUpdate:
    case Opcode::kDictMerge: {
      Var v = f.Pop();
      const char* method = ins.op == Opcode::kListExtend ? "extend" : "update";
      Value r = vm_.CallMethod(f.Top(arg - 1).v, method, {v.v});
      if (r.is_null()) return FromException(f);
      return true;
    }
    case Opcode::kListToTuple: {
      Var l = f.Pop();
      Value t = script::NewTuple(script::Cast<script::ListObject>(l.v)->items);
      NoteNew(t.as_object());
      f.Push(std::move(t));
      return true;
    }
    case Opcode::kUnpackSequence:
    case Opcode::kUnpackEx:
      return Unpack(f, ins);
    case Opcode::kFormatValue:
    case Opcode::kBuildString:
      return StepFormat(f, ins);
    default:
      return Unsupported(f, UnsupportedBreak(std::string(script::OpcodeName(ins.op))).Format());
  }
}

bool Translator::Unpack(Frame& f, const script::Instruction& ins) {
  const script::BuiltinTypes& T = script::Types();
  const int arg = ins.arg;
  Var seq = f.Pop();
  std::vector<Value> items;
  int before = recorder_.num_nodes();
  if (!vm_.Extend(&items, seq.v)) return FromException(f);
  if (recorder_.num_nodes() > before) {
    calls_.push_back(
        {CallRecord::Kind::kFunction, "operator.getitem", before, recorder_.num_nodes() - before});
  }
  if (ins.op == Opcode::kUnpackSequence) {
    if (static_cast<int>(items.size()) != arg) {
      return FromException((vm_.Raise(T.value_error, "unpack mismatch"), f));
    }
    for (int i = arg - 1; i >= 0; --i) f.Push(items[i]);
    return true;
  }
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
  return true;
}

bool Translator::StepFormat(Frame& f, const script::Instruction& ins) {
  const int arg = ins.arg;
  if (ins.op == Opcode::kBuildString) {
    std::string s;
    for (int i = arg; i > 0; --i) s += *script::StrValue(f.Top(i - 1).v);
    f.stack.resize(f.stack.size() - arg);
    f.Push(script::NewStr(std::move(s)));
    return true;
  }
  // kFormatValue
  Value spec = (arg & 4) ? f.Pop().v : Value();
  Var v = f.Pop();
  if (IsFake(v.v)) return Unsupported(f, UnsupportedBreak("formatting a tensor").Format());
  int conv = arg & 3;
  Value s = v.v;
  if (conv == 1) s = vm_.Str(s);
  if (conv == 2) s = vm_.Repr(s);
  if (conv == 3) s = vm_.Ascii(s);
  if (s.is_null()) return FromException(f);
  const std::string* spec_text = spec.is_null() ? nullptr : script::StrValue(spec);
  Value r = vm_.Format(s, spec_text == nullptr ? std::string_view() : *spec_text);
  if (r.is_null()) return FromException(f);
  f.Push(std::move(r));
  return true;
}

}  // namespace tc::frame_capture
