// Small helpers shared by the files of the VM's operators and protocols
// (vm_ops_arith.cc, vm_ops_compare.cc, vm_ops_items.cc, vm_ops_repr.cc);
// inline so that splitting the operators into files costs no calls.
#ifndef TC_SCRIPT_SRC_VM_OPS_UTIL_H_
#define TC_SCRIPT_SRC_VM_OPS_UTIL_H_

#include "tc/script/object.h"
#include "tc/script/vm.h"

namespace tc::script::ops {

inline bool IsNum(const Value& v) { return v.is_int() || v.is_bool() || v.is_float(); }
inline double AsDouble(const Value& v) {
  return v.is_float() ? v.as_float() : static_cast<double>(v.as_int());
}
inline const BuiltinTypes& T() { return Types(); }

inline bool IsType(const Value& v, Type* t) { return v.is_object() && v.as_object()->type == t; }

inline bool IsNotImplemented(const Value& v) {
  return v.is_object() && v.as_object() == NotImplementedValue().as_object();
}

// int, float, bool, str, list, tuple, None, dict, set, frozenset: types whose operators
// the VM implements itself.
inline bool IsBuiltinValueType(Type* t) {
  const BuiltinTypes& b = T();
  return t == b.int_ || t == b.float_ || t == b.bool_ || t == b.str || t == b.list ||
         t == b.tuple || t == b.none || t == b.dict || t == b.set || t == b.frozenset;
}

}  // namespace tc::script::ops

#endif  // TC_SCRIPT_SRC_VM_OPS_UTIL_H_
