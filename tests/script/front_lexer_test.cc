// Lexer: token streams, positions, indentation, literals, operators, errors.
#include <string>
#include <vector>

#include "gtest/gtest.h"

#include "tc/script/lexer.h"

namespace tc::script {
namespace {

// "KIND text line:col-end_line:end_col" per token.
std::vector<std::string> Lex(std::string_view src) {
  std::vector<std::string> out;
  for (const Token& t : Tokenize(src)) {
    std::string text = t.kind == TokenKind::kNewline ? "" : std::string(t.text);
    if (t.kind == TokenKind::kError) text = t.str_value;
    out.push_back(std::string(TokenKindName(t.kind)) + " " + text + " " + std::to_string(t.line) +
                  ":" + std::to_string(t.col) + "-" + std::to_string(t.end_line) + ":" +
                  std::to_string(t.end_col));
  }
  return out;
}

std::vector<std::string> Kinds(std::string_view src) {
  std::vector<std::string> out;
  for (const Token& t : Tokenize(src)) {
    std::string k(TokenKindName(t.kind));
    if (t.kind == TokenKind::kName || t.kind == TokenKind::kOp) k += ":" + std::string(t.text);
    out.push_back(k);
  }
  return out;
}

Token Only(const std::vector<Token>& toks) {
  EXPECT_GE(toks.size(), 1u);
  return toks[0];
}

TEST(FrontLexer, SimpleStatementPositions) {
  EXPECT_EQ(Lex("x = 1\n"),
            (std::vector<std::string>{"NAME x 1:1-1:2", "OP = 1:3-1:4", "INT 1 1:5-1:6",
                                      "NEWLINE  1:6-1:7", "ENDMARKER  2:1-2:1"}));
}

TEST(FrontLexer, IndentDedentAndBlankLines) {
  EXPECT_EQ(Kinds("if a:\n    b\n\n    # c\n  \n    d\ne\n"),
            (std::vector<std::string>{"NAME:if", "NAME:a", "OP::", "NEWLINE", "INDENT", "NAME:b",
                                      "NEWLINE", "NAME:d", "NEWLINE", "DEDENT", "NAME:e", "NEWLINE",
                                      "ENDMARKER"}));
}

TEST(FrontLexer, DedentsAtEndOfFileWithoutNewline) {
  EXPECT_EQ(Kinds("def f():\n  if x:\n    y"),
            (std::vector<std::string>{"NAME:def", "NAME:f", "OP:(", "OP:)", "OP::", "NEWLINE",
                                      "INDENT", "NAME:if", "NAME:x", "OP::", "NEWLINE", "INDENT",
                                      "NAME:y", "NEWLINE", "DEDENT", "DEDENT", "ENDMARKER"}));
}

TEST(FrontLexer, ImplicitJoiningAndBackslash) {
  EXPECT_EQ(
      Kinds("x = (1,\n     2)\ny = 1 + \\\n  2\n"),
      (std::vector<std::string>{"NAME:x", "OP:=", "OP:(", "INT", "OP:,", "INT", "OP:)", "NEWLINE",
                                "NAME:y", "OP:=", "INT", "OP:+", "INT", "NEWLINE", "ENDMARKER"}));
}

TEST(FrontLexer, TabsCountToMultiplesOfEight) {
  // A tab and eight spaces reach the same column but disagree with tab
  // size 1: CPython's TabError.
  std::vector<Token> toks = Tokenize("if a:\n\tb\n        c\n");
  ASSERT_EQ(toks.size(), 9u);
  EXPECT_EQ(toks[7].kind, TokenKind::kError);
  EXPECT_EQ(toks[7].text, "TabError");
  EXPECT_EQ(Kinds("if a:\n\tb\n\tc\n").size(), 11u);
}

TEST(FrontLexer, Integers) {
  EXPECT_EQ(Only(Tokenize("0x1F")).int_value, 31);
  EXPECT_EQ(Only(Tokenize("0o17")).int_value, 15);
  EXPECT_EQ(Only(Tokenize("0b1010")).int_value, 10);
  EXPECT_EQ(Only(Tokenize("1_000_000")).int_value, 1000000);
  EXPECT_EQ(Only(Tokenize("9223372036854775807")).int_value, INT64_MAX);
  EXPECT_EQ(Only(Tokenize("0")).int_value, 0);
  EXPECT_EQ(Only(Tokenize("00")).kind, TokenKind::kInt);
}

TEST(FrontLexer, IntegersBeyondInt64CarryTheirDecimalDigits) {
  Token t = Only(Tokenize("9223372036854775807"));
  EXPECT_EQ(t.kind, TokenKind::kInt);
  EXPECT_EQ(t.int_value, INT64_MAX);
  EXPECT_EQ(t.str_value, "");
  t = Only(Tokenize("9223372036854775808"));
  EXPECT_EQ(t.kind, TokenKind::kInt);
  EXPECT_EQ(t.str_value, "9223372036854775808");
  t = Only(Tokenize("0xFFFF_FFFF_FFFF_FFFF_F"));
  EXPECT_EQ(t.kind, TokenKind::kInt);
  EXPECT_EQ(t.str_value, "295147905179352825855");
  EXPECT_EQ(Only(Tokenize("0b1" + std::string(64, '0'))).str_value, "18446744073709551616");
  EXPECT_EQ(Only(Tokenize("0o1000000000000000000000")).str_value, "9223372036854775808");
}

TEST(FrontLexer, Floats) {
  EXPECT_DOUBLE_EQ(Only(Tokenize("1e-5")).float_value, 1e-5);
  EXPECT_DOUBLE_EQ(Only(Tokenize(".5")).float_value, 0.5);
  EXPECT_DOUBLE_EQ(Only(Tokenize("5.")).float_value, 5.0);
  EXPECT_DOUBLE_EQ(Only(Tokenize("3.25E+2")).float_value, 325.0);
  EXPECT_DOUBLE_EQ(Only(Tokenize("1_0.5")).float_value, 10.5);
  EXPECT_EQ(Only(Tokenize("1e")).kind, TokenKind::kError);
  EXPECT_EQ(Only(Tokenize("1__0")).kind, TokenKind::kError);
}

TEST(FrontLexer, Imaginary) {
  Token t = Only(Tokenize("3j"));
  EXPECT_EQ(t.kind, TokenKind::kImaginary);
  EXPECT_DOUBLE_EQ(t.float_value, 3.0);
  EXPECT_DOUBLE_EQ(Only(Tokenize("1.5J")).float_value, 1.5);
  EXPECT_DOUBLE_EQ(Only(Tokenize("1e3j")).float_value, 1000.0);
  EXPECT_DOUBLE_EQ(Only(Tokenize("1_0j")).float_value, 10.0);
  EXPECT_DOUBLE_EQ(Only(Tokenize(".5j")).float_value, 0.5);
  EXPECT_EQ(Only(Tokenize("1jx")).str_value, "invalid imaginary literal");
  EXPECT_EQ(Only(Tokenize("0x1j")).kind, TokenKind::kError);
}

TEST(FrontLexer, Strings) {
  EXPECT_EQ(Only(Tokenize(R"('a\tb\n\x41\u00e9\101\\\'')")).str_value,
            "a\tb\nA\xc3\xa9"
            "A\\'");
  EXPECT_EQ(Only(Tokenize(R"(r'a\nb')")).str_value, "a\\nb");
  EXPECT_EQ(Only(Tokenize("'''a\nb'''")).str_value, "a\nb");
  EXPECT_EQ(Only(Tokenize("\"\"\"x\"y\"\"\"")).str_value, "x\"y");
  EXPECT_EQ(Only(Tokenize(R"('\q')")).str_value, "\\q");
  Token b = Only(Tokenize("b'x'"));
  EXPECT_TRUE(b.is_bytes);
  std::vector<Token> toks = Tokenize("'''a\nbc''' x");
  EXPECT_EQ(toks[0].end_line, 2);
  EXPECT_EQ(toks[0].end_col, 6);
  EXPECT_EQ(toks[1].line, 2);
  EXPECT_EQ(toks[1].col, 7);
}

TEST(FrontLexer, BytesLiterals) {
  // \x and octal escapes are single bytes; \u, \U and \N are not escapes.
  Token b = Only(Tokenize(R"(b'\x41\xff\0\777\u1234\N{X}')"));
  EXPECT_TRUE(b.is_bytes);
  EXPECT_EQ(b.str_value, std::string("A\xff\0\xff\\u1234\\N{X}", 15));
  EXPECT_EQ(Only(Tokenize(R"(rb'\x41')")).str_value, "\\x41");
  EXPECT_EQ(Only(Tokenize(R"(Br'\n')")).str_value, "\\n");
  // Non-ASCII text in a bytes literal is CPython's error, over the literal.
  std::vector<std::string> toks = Lex("x = b'caf\xc3\xa9'\n");
  EXPECT_EQ(toks[2], "ERROR bytes can only contain ASCII literal characters 1:5-1:6");
  EXPECT_EQ(Tokenize("x = b'caf\xc3\xa9'\n")[2].err_end_col, 13);
}

TEST(FrontLexer, StrLiteralBytesMustBeUtf8) {
  // Only a file declared utf-8 can reach the lexer with such bytes; the
  // literal's decoder reports them as CPython's does.
  std::vector<std::string> toks =
      Lex("x = 'a\xff"
          "b'\n");
  EXPECT_EQ(toks[2],
            "ERROR (unicode error) 'utf-8' codec can't decode byte 0xff in position 1: invalid "
            "start byte 1:7-1:8");
  toks = Lex("x = 'ab\xe2\x82'\n");
  EXPECT_EQ(toks[2],
            "ERROR (unicode error) 'utf-8' codec can't decode bytes in position 2-3: unexpected "
            "end of data 1:8-1:9");
}

TEST(FrontLexer, FStringKeepsRawBodyAndPosition) {
  std::vector<Token> toks = Tokenize("x = f'{a:>{w}}\\n'");
  const Token& t = toks[2];
  EXPECT_TRUE(t.is_fstring);
  EXPECT_EQ(t.str_value, "{a:>{w}}\\n");
  EXPECT_EQ(t.body_line, 1);
  EXPECT_EQ(t.body_col, 7);
}

TEST(FrontLexer, Operators) {
  std::vector<std::string> ops;
  for (const Token& t : Tokenize("@ @= ** **= // //= -> := ... != == <= >= << >>= ~ ^= |= %=")) {
    if (t.kind == TokenKind::kOp) ops.emplace_back(t.text);
  }
  EXPECT_EQ(ops,
            (std::vector<std::string>{"@", "@=", "**", "**=", "//", "//=", "->", ":=", "...",
                                      "!=", "==", "<=", ">=", "<<", ">>=", "~", "^=", "|=", "%="}));
}

TEST(FrontLexer, Comments) {
  EXPECT_EQ(Kinds("x # comment ( [\n# whole line\ny"),
            (std::vector<std::string>{"NAME:x", "NEWLINE", "NAME:y", "NEWLINE", "ENDMARKER"}));
}

TEST(FrontLexer, ErrorsStopTheStream) {
  std::vector<Token> toks = Tokenize("x = (1,\n");
  ASSERT_EQ(toks.size(), 7u);
  EXPECT_EQ(toks[5].kind, TokenKind::kError);
  EXPECT_EQ(toks[5].str_value, "'(' was never closed");
  EXPECT_EQ(toks[5].line, 1);
  EXPECT_EQ(toks[5].col, 5);
  EXPECT_EQ(toks[6].kind, TokenKind::kEndMarker);
  EXPECT_EQ(Tokenize("x = ]")[2].str_value, "unmatched ']'");
  EXPECT_EQ(Tokenize("'abc")[0].str_value, "unterminated string literal (detected at line 1)");
}

TEST(FrontLexer, DeepBracketsAreAnErrorNotACrash) {
  std::string deep(500, '(');
  std::vector<Token> toks = Tokenize(deep);
  EXPECT_EQ(toks[toks.size() - 2].str_value, "too many nested parentheses");
}

TEST(FrontLexer, CarriageReturnLineEndings) {
  EXPECT_EQ(Kinds("if a:\r\n    b\r\n"),
            (std::vector<std::string>{"NAME:if", "NAME:a", "OP::", "NEWLINE", "INDENT", "NAME:b",
                                      "NEWLINE", "DEDENT", "ENDMARKER"}));
}

}  // namespace
}  // namespace tc::script
