// The names of token kinds, as CPython's tokenize module prints them.
#include "tc/script/token.h"

#include <string_view>

#include "tc/support/enum_table.h"

namespace tc::script {

namespace {

// In TokenKind's order.
constexpr support::EnumTable<TokenKind::kError, std::string_view> kTokenKindNames(
    {"ENDMARKER", "NEWLINE", "INDENT", "DEDENT", "NAME", "INT", "FLOAT", "IMAGINARY", "STRING",
     "OP", "ERROR"});

}  // namespace

std::string_view TokenKindName(TokenKind kind) { return kTokenKindNames.at(kind, "?"); }

}  // namespace tc::script
