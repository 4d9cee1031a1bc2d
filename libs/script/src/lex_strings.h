// Escape decoding for string literals, shared by the lexer and the
// f-string parser (which decodes literal parts itself).
#ifndef TC_SCRIPT_SRC_LEX_STRINGS_H_
#define TC_SCRIPT_SRC_LEX_STRINGS_H_

#include <string>
#include <string_view>

namespace tc::script {

// Decodes backslash escapes as Python does for a non-raw str literal.
// Returns false with `*error` set (CPython's message) on a bad escape.
bool DecodeEscapes(std::string_view body, std::string* out, std::string* error);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_LEX_STRINGS_H_
