// The lexer: script source text to tokens, with Python's rules for
// NEWLINE/INDENT/DEDENT (implicit joining inside brackets, backslash
// continuation, comments, blank lines, tabs to multiples of 8).
#ifndef TC_SCRIPT_LEXER_H_
#define TC_SCRIPT_LEXER_H_

#include <string_view>
#include <vector>

#include "tc/script/token.h"

namespace tc::script {

struct LexOptions {
  // Position of source[0], for lexing pieces of a file (f-string fields).
  int first_line = 1;
  int first_col = 1;
  // Lex as if inside brackets: no NEWLINE/INDENT/DEDENT (f-string fields).
  bool in_brackets = false;
};

// Never fails: a lexical error becomes a final kError token (followed by
// kEndMarker). The tokens' string_views point into `source`.
std::vector<Token> Tokenize(std::string_view source, const LexOptions& options = {});

}  // namespace tc::script

#endif  // TC_SCRIPT_LEXER_H_
