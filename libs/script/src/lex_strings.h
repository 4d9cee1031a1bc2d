// Escape decoding for string literals, shared by the lexer and the
// f-string parser (which decodes literal parts itself).
#ifndef TC_SCRIPT_SRC_LEX_STRINGS_H_
#define TC_SCRIPT_SRC_LEX_STRINGS_H_

#include <string>
#include <string_view>

namespace tc::script {

// Decodes backslash escapes as Python does for a non-raw str literal (the
// result is UTF-8) or, with `bytes`, a bytes literal (the result is the
// bytes: \xNN and octal escapes are one byte each; \u, \U and \N are not
// escapes there). Returns false with `*error` set (CPython's message) on a
// bad escape.
bool DecodeEscapes(std::string_view body, std::string* out, std::string* error, bool bytes = false);

// Whether `w` is a string literal prefix Python accepts: r, b, f, u in
// either case, at most one of each, u alone, never b with f.
bool IsStringPrefix(std::string_view w);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_LEX_STRINGS_H_
