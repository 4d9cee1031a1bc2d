// CPython 3.11's set table (Objects/setobject.c) over SetObject::entries:
// the same probing, resizing and set-building sequences, so that iteration
// order (and so printing) matches CPython for deterministically hashed keys.
#ifndef TC_SCRIPT_SRC_VM_SET_TABLE_H_
#define TC_SCRIPT_SRC_VM_SET_TABLE_H_

#include <cstdint>

#include "tc/script/object.h"
#include "tc/script/vm.h"

namespace tc::script {

// From vm_dict.cc: key equality (1, 0, -1 error) and hashing for tables.
int DictKeyEqual(VM* vm, const Value& a, const Value& b);
bool DictHashKey(VM& vm, const Value& key, int64_t* h);

// Slot of `key` or -1; *error on a failing comparison.
int64_t SetFindSlot(VM& vm, const SetObject* so, const Value& key, int64_t hash, bool* error);
// set_add_entry: false on error.
bool SetAddEntry(VM& vm, SetObject* so, const Value& key, int64_t hash);
// set_discard_entry: 1 removed, 0 absent, -1 error.
int SetDiscardEntry(VM& vm, SetObject* so, const Value& key, int64_t hash);
void SetClearTable(SetObject* so);
// set.pop(): the removed key, or null when empty (no exception raised).
Value SetPopEntry(SetObject* so);
// set_merge into a new, empty set (needs no comparisons: set_copy's layout).
void SetMergeIntoEmpty(SetObject* so, const SetObject* other);
// set_update_internal: adds every element of `iterable` (a set merges).
bool SetUpdateFrom(VM& vm, SetObject* so, const Value& iterable);
// New empty set of `so`'s base kind (set or frozenset).
Value NewSetLike(const DictObject* so);
// set_copy: a table laid out as CPython's copy would be.
Value SetCopyOf(VM& vm, const DictObject* so);
// The binary operators | & - ^ on two sets (CPython's set_or, set_and,
// set_sub, set_xor); null with an exception set on error.
Value SetBinary(VM& vm, BinaryOp op, const Value& a, const Value& b);
// Methods taking any iterable: union / intersection / difference /
// symmetric_difference with one argument.
Value SetUnionWith(VM& vm, const Value& self, const Value& other);
Value SetIntersectionWith(VM& vm, const Value& self, const Value& other);
Value SetDifferenceWith(VM& vm, const Value& self, const Value& other);
Value SetSymmetricDifferenceWith(VM& vm, const Value& self, const Value& other);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_VM_SET_TABLE_H_
