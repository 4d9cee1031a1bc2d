// Translator: the in-place Tensor methods Dynamo decomposes while it
// traces (config.enable_dynamo_decompositions, on by default), so that
// graphs hold what PyTorch's hold and compute what PyTorch's compiled
// code computes: t.addcmul_(a, b, value=v) is mul(a, b), then
// prims.fma(product, v, t), then t.copy_(...); t.addcdiv_(a, b, value=v)
// the same with div; t.add_(o, alpha=<tensor>) is prims.fma(o, alpha, t)
// and t.copy_(...). prims.fma runs as its eager definition does,
// (a * b) + c, recorded as one call.
#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script_torch/tensor_value.h"

#include "translator.h"
#include "translator_frame.h"

namespace tc::frame_capture {

using script::Value;

namespace {

constexpr char kFmaTarget[] = "torch.ops.prims.fma.default";

// The only keyword of a call, or null.
const std::string* OnlyKeyword(const script::TupleObject* kwnames) {
  if (kwnames == nullptr || kwnames->items.size() != 1) return nullptr;
  return script::StrValue(kwnames->items[0]);
}

}  // namespace

bool Translator::DecomposeInPlace(Frame& f, std::string_view name, const Value* self,
                                  std::vector<Var>& args, const script::TupleObject* kwnames,
                                  Var* out, bool* handled) {
  *handled = false;
  const std::string* kw = OnlyKeyword(kwnames);
  if (kw == nullptr) return true;
  // The receiver, then the positional operands, then the keyword's value.
  std::vector<Value> operands;
  if (self != nullptr) operands.push_back(*self);
  for (const Var& a : args) operands.push_back(a.v);
  const bool pointwise3 = name == "addcmul_" || name == "addcdiv_";
  if (pointwise3
          ? (*kw != "value" || operands.size() != 4)
          : (name != "add_" || *kw != "alpha" || operands.size() != 3 || !IsFake(operands[2]))) {
    return true;
  }
  const Value& target = operands[0];
  const Value& scale = operands.back();
  Value torch = vm_.Import("torch");
  if (torch.is_null()) return FromException(f);
  Value mul = vm_.GetAttr(torch, "mul");
  Value add = mul.is_null() ? Value() : vm_.GetAttr(torch, "add");
  Value first = add.is_null() ? Value() : vm_.GetAttr(torch, name == "addcdiv_" ? "div" : "mul");
  Value copy = first.is_null() ? Value() : vm_.GetAttr(Value::Borrow(target.type()), "copy_");
  if (copy.is_null()) return FromException(f);
  *handled = true;
  Var product{operands[1], nullptr};
  if (pointwise3 &&
      !Tracked(
          f, CallRecord::Kind::kFunction, name == "addcdiv_" ? "torch.div" : "torch.mul",
          [&] {
            return vm_.Call(first, {operands[1], operands[2]});
          },
          &product)) {
    return false;
  }
  Var fma;
  if (!Tracked(
          f, CallRecord::Kind::kFunction, kFmaTarget,
          [&] {
            Value scaled = vm_.Call(mul, {product.v, scale});
            return scaled.is_null() ? scaled : vm_.Call(add, {scaled, target});
          },
          &fma)) {
    return false;
  }
  const int nodes_before = recorder_.num_nodes();
  const size_t calls_before = calls_.size();
  if (!Tracked(
          f, CallRecord::Kind::kMethod, "copy_",
          [&] {
            return vm_.Call(copy, {target, fma.v});
          },
          out)) {
    return false;
  }
  // The copy may need no node of its own (the target's next value is the
  // fma's); it is still one call of the graph, as in PyTorch's.
  if (calls_.size() == calls_before) {
    calls_.push_back({CallRecord::Kind::kMethod, "copy_", nodes_before, 0});
  }
  return true;
}

}  // namespace tc::frame_capture
