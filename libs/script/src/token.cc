// The names of token kinds, as CPython's tokenize module prints them.
#include "tc/script/token.h"

#include <string_view>

namespace tc::script {

std::string_view TokenKindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kEndMarker:
      return "ENDMARKER";
    case TokenKind::kNewline:
      return "NEWLINE";
    case TokenKind::kIndent:
      return "INDENT";
    case TokenKind::kDedent:
      return "DEDENT";
    case TokenKind::kName:
      return "NAME";
    case TokenKind::kInt:
      return "INT";
    case TokenKind::kFloat:
      return "FLOAT";
    case TokenKind::kString:
      return "STRING";
    case TokenKind::kOp:
      return "OP";
    case TokenKind::kError:
      return "ERROR";
  }
  return "?";
}

}  // namespace tc::script
