// Decoding a script file's bytes to the UTF-8 text the lexer reads, as
// CPython 3.11's tokenizer does: a UTF-8 BOM is dropped, a PEP 263 coding
// line (first or second line) is honoured for utf-8 and latin-1, and a
// file that is not valid UTF-8 or holds a NUL byte is CPython's
// SyntaxError.
#ifndef TC_SCRIPT_SRC_SOURCE_DECODE_H_
#define TC_SCRIPT_SRC_SOURCE_DECODE_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace tc::script {

// The text of `source` (the file's bytes) or a SyntaxError status
// (syntax_error.h). Plain UTF-8 comes back unchanged.
absl::StatusOr<std::string> DecodeSource(std::string_view source, std::string_view filename);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_SOURCE_DECODE_H_
