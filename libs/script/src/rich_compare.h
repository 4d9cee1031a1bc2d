// The six rich comparison methods (__lt__ ... __ge__) of a native type whose
// comparisons are one function of the CompareOp, as one table to add beside
// the type's own methods instead of six rows per type.
#ifndef TC_SCRIPT_SRC_RICH_COMPARE_H_
#define TC_SCRIPT_SRC_RICH_COMPARE_H_

#include "tc/script/bytecode.h"
#include "tc/script/native.h"

namespace tc::script {

// `self <op> args[0]`, or the null Value with an exception set.
using CompareMethodFn = Value (*)(VM& vm, CompareOp op, const Value& self, const ArgsView& args);

template <CompareMethodFn kCompare, CompareOp kOp>
Value CompareMethod(VM& vm, const Value& self, const ArgsView& args) {
  return kCompare(vm, kOp, self, args);
}

template <CompareMethodFn kCompare>
inline constexpr MethodDef kRichCompareMethods[] = {
    {"__lt__", CompareMethod<kCompare, CompareOp::kLt>},
    {"__le__", CompareMethod<kCompare, CompareOp::kLe>},
    {"__eq__", CompareMethod<kCompare, CompareOp::kEq>},
    {"__ne__", CompareMethod<kCompare, CompareOp::kNe>},
    {"__gt__", CompareMethod<kCompare, CompareOp::kGt>},
    {"__ge__", CompareMethod<kCompare, CompareOp::kGe>},
};

// Gives native type `t` the six methods and refreshes its slots; returns t.
template <CompareMethodFn kCompare>
Type* AddRichCompareMethods(Type* t) {
  AddMethods(t, kRichCompareMethods<kCompare>);
  UpdateSlots(t);
  return t;
}

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_RICH_COMPARE_H_
