// Making and cutting str objects by code point (str_object.cc), shared by
// the str methods, indexing, iteration and the builtins.
#ifndef TC_SCRIPT_SRC_STR_HELPERS_H_
#define TC_SCRIPT_SRC_STR_HELPERS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "tc/script/object.h"
#include "tc/script/value.h"

namespace tc::script {

class VM;

// A str whose code point count is known (saves counting it later).
Value NewStrN(std::string s, int64_t code_points);
// The one-character str of `cp` (shared below U+0100).
Value NewStrChar(uint32_t cp);
// Code point i (0 <= i < Length()).
uint32_t StrCodePointAt(const StrObject* s, int64_t i);
Value StrCharAt(const StrObject* s, int64_t i);
// Code points [begin, end) (0 <= begin, end <= Length()).
Value StrSubstr(const StrObject* s, int64_t begin, int64_t end);
// `n` code points from `start` in steps of `step` (a resolved slice).
Value StrSlice(const StrObject* s, int64_t start, int64_t step, int64_t n);
// The code point index of a byte offset at a code point boundary.
int64_t StrCodePointIndex(const StrObject* s, size_t byte_offset);

// ascii()'s form of a repr: non-ASCII code points as \xNN, \uNNNN or
// \UNNNNNNNN.
std::string AsciiEscape(std::string_view repr);

// What int() and float() parse of a str, as CPython's
// _PyUnicode_TransformDecimalAndSpaceToASCII: Unicode decimal digits become
// ASCII digits, Unicode whitespace a space, any other non-ASCII character
// '?' (so the parse fails).
std::string DecimalAndSpaceToAscii(std::string_view text);

// An argument that must be a str, or null with CPython's TypeError
// "<what>, not int" (what: "must be str" for find/count/partition/...).
const StrObject* StrArg(VM& vm, const Value& v, const char* what = "must be str");
// A str argument's text; null with CPython's TypeError "<fname>() argument
// '<name>' must be str, not int" ("<fname>() argument must be str, ..."
// without a name; "must be str or None" with or_none, for an argument that
// may also be None, which the caller handles).
const std::string* StrArgText(VM& vm, const Value& v, const char* fname, const char* name = nullptr,
                              bool or_none = false);
// Whitespace as str.split() and strip() see it (Unicode White_Space).
bool IsUnicodeSpace(uint32_t cp);

// The Python names of the str and bytes methods that are one implementation
// with a template argument or two (find/rfind/index/rindex, strip/lstrip/
// rstrip), for their error messages.
constexpr const char* FindMethodName(bool reverse, bool raise) {
  return raise ? (reverse ? "rindex" : "index") : (reverse ? "rfind" : "find");
}
constexpr const char* StripMethodName(bool left, bool right) {
  return left && right ? "strip" : (left ? "lstrip" : "rstrip");
}

// The arguments of split() and rsplit() (sep=None, maxsplit=-1), for str and
// bytes: a[0] the separator (null or None: whitespace), a[1] as given.
bool SplitArgs(VM& vm, const ArgsView& args, const char* name, Value* a, int64_t* maxsplit);

// Adds str's split/partition/strip methods (obj_str_split.cc).
void AddStrSplitMethods(Type* str);
// Adds str's case mappings and is*() tests (obj_str_case.cc).
void AddStrCaseMethods(Type* str);

inline StrObject* AsStr(const Value& v) { return static_cast<StrObject*>(v.as_object()); }

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_STR_HELPERS_H_
