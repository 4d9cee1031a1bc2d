// Tokens of the script language, as the lexer produces them.
#ifndef TC_SCRIPT_TOKEN_H_
#define TC_SCRIPT_TOKEN_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace tc::script {

enum class TokenKind : uint8_t {
  kEndMarker,
  kNewline,
  kIndent,
  kDedent,
  kName,       // identifiers and keywords (the parser tells them apart)
  kInt,        // int_value; beyond int64, its decimal digits in str_value
  kFloat,      // float_value
  kImaginary,  // `1.5j`: float_value is the imaginary part
  kString,     // one literal; str_value holds the decoded text (raw body for f-strings)
  kOp,         // operators and delimiters; text is the operator
  // A lexical error found here (message in str_value). The lexer stops at the
  // first one; the parser reports it only if it gets this far, so errors come
  // in source order as with CPython's lazy tokenizer.
  kError,
};

struct Token {
  TokenKind kind = TokenKind::kEndMarker;
  std::string_view text;          // the exact source text (whole literal for strings)
  int line = 0, col = 0;          // 1-based start
  int end_line = 0, end_col = 0;  // end, exclusive
  int level = 0;                  // bracket nesting depth before this token
  int64_t int_value = 0;
  double float_value = 0;
  std::string str_value;
  bool is_fstring = false;
  bool is_bytes = false;
  // kString f-strings: where the raw body starts (for positions of nested
  // expressions). kError: the error type ("SyntaxError", "IndentationError",
  // "TabError") is in text.
  int body_line = 0, body_col = 0;
  // kError: the error's range, when it differs from the token's.
  int err_end_col = 0;
  // kError: "'(' was never closed" (reported at the end of input).
  bool unclosed_bracket = false;
};

std::string_view TokenKindName(TokenKind kind);  // "NAME", "NEWLINE", ...

}  // namespace tc::script

#endif  // TC_SCRIPT_TOKEN_H_
