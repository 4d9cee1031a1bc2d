// Translator: the operator family (unary, binary and in-place operators),
// recorded under the FX targets Dynamo names them by (operator.add).
#include "absl/strings/str_cat.h"

#include "tc/script/native.h"

#include "break_messages.h"
#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Opcode;
using translator_internal::IsExact;

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

std::string UnaryTarget(script::UnaryOp op) {
  static constexpr const char* kNames[] = {"neg", "pos", "not_", "invert"};
  return absl::StrCat("operator.", kNames[static_cast<int>(op)]);
}

}  // namespace

bool Translator::StepOperator(Frame& f, const script::Instruction& ins) {
  if (ins.op == Opcode::kUnary) {
    Var a = f.Pop();
    auto op = static_cast<script::UnaryOp>(ins.arg);
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
    return true;
  }
  // kBinary, kInplace
  const script::BuiltinTypes& T = script::Types();
  Var b = f.Pop();
  Var a = f.Pop();
  auto op = static_cast<script::BinaryOp>(ins.arg);
  bool inplace = ins.op == Opcode::kInplace;
  if (inplace && IsPreexisting(a.v) && (IsExact(a.v, T.list) || IsExact(a.v, T.dict))) {
    return Unsupported(f, UnsupportedBreak("an in-place operator on an outside object").Format());
  }
  Var r;
  if (!Tracked(
          f, CallRecord::Kind::kFunction, OperatorTarget(op, inplace && IsFake(a.v)),
          [&] { return inplace ? vm_.Inplace(op, a.v, b.v) : vm_.Binary(op, a.v, b.v); }, &r)) {
    return false;
  }
  if (r.v.is_object()) NoteNew(r.v.as_object());
  f.Push(std::move(r));
  return true;
}

}  // namespace tc::frame_capture
