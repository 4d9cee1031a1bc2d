// Python ints beyond 64 bits, as the libraries above the VM see them. An
// int that fits int64 is always the inline Value::Int; one that does not
// is a heap object of the same type `int` (a "big int", GMP inside). These
// functions read any int without exposing GMP to their callers.
#ifndef TC_SCRIPT_BIGINT_H_
#define TC_SCRIPT_BIGINT_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "tc/script/value.h"

namespace tc::script {

// A heap int (never one that fits int64: results are normalized).
bool IsBigInt(const Value& v);
// An int of either form, or a bool.
inline bool IsIntValue(const Value& v) { return v.is_int() || v.is_bool() || IsBigInt(v); }
// -1, 0 or 1 for an int of either form.
int IntSign(const Value& v);
// v modulo 2**64 (the low 64 bits of its two's complement).
uint64_t IntLow64(const Value& v);
// The int `u` is (a big int from 2**63 on).
Value IntFromUint64(uint64_t u);
// v as a uint64 when 0 <= v < 2**64.
bool IntToUint64(const Value& v, uint64_t* out);
// The decimal digits of an int of either form ("-123").
std::string IntToDecimal(const Value& v);
// The int a decimal literal spells (sign allowed), normalized; null when
// `text` is not one.
Value IntFromDecimal(std::string_view text);

}  // namespace tc::script

#endif  // TC_SCRIPT_BIGINT_H_
