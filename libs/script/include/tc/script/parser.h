// The parser: script source to an ast::Module (recursive descent over the
// lexer's tokens, nesting bounded so deep input is an error, never a stack
// overflow).
#ifndef TC_SCRIPT_PARSER_H_
#define TC_SCRIPT_PARSER_H_

#include <string_view>

#include "absl/status/statusor.h"

#include "tc/script/ast.h"

namespace tc::script {

// Parses a whole file. On bad input returns a SyntaxError status (see
// syntax_error.h: SyntaxError::FromStatus gives the fields, message() the
// CPython-style rendering). Constructs outside tc's subset (match, the walrus,
// complex literals, ...) are SyntaxErrors saying "... is not supported by tc".
absl::StatusOr<ast::Module> Parse(std::string_view source, std::string_view filename);

}  // namespace tc::script

#endif  // TC_SCRIPT_PARSER_H_
