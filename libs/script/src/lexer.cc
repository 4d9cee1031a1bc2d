#include "tc/script/lexer.h"

#include <cmath>
#include <cstdlib>
#include <string>

#include "absl/strings/str_format.h"

#include "src/lex_numbers.h"
#include "src/lex_strings.h"
#include "src/unicode_db.h"
#include "src/utf8.h"

namespace tc::script {
namespace {

// CPython's limits: deeper nesting is an error, not a stack overflow.
constexpr int kMaxBrackets = 200;
constexpr int kMaxIndent = 100;

bool IsIdentStart(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
bool IsIdentChar(unsigned char c) { return IsIdentStart(c) || (c >= '0' && c <= '9'); }
// After a number, only an ASCII name character makes a bad literal; a
// non-ASCII one starts the next token (CPython: "5€" is an invalid character).
bool IsAsciiIdentChar(unsigned char c) { return c < 0x80 && IsIdentChar(c); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Operators, longest first within each length class.
constexpr std::string_view kOps3[] = {"**=", "//=", ">>=", "<<=", "...", "!="};
constexpr std::string_view kOps2[] = {"**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", ":=",
                                      "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="};
constexpr std::string_view kOps1 = "+-*/%@&|^~<>()[]{},:;.=";

class Lexer {
 public:
  Lexer(std::string_view src, const LexOptions& opts) : src_(src), opts_(opts) {
    line_ = opts.first_line;
  }

  std::vector<Token> Run() {
    bool at_line_start = !opts_.in_brackets;
    while (!failed_ && pos_ < src_.size()) {
      if (at_line_start) {
        // A blank or comment-only line yields no tokens; the next line starts afresh.
        if (!Indentation()) continue;
        at_line_start = false;
      }
      SkipSpaces();
      if (pos_ >= src_.size()) break;
      char c = src_[pos_];
      if (c == '#') {
        while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;
        continue;
      }
      if (c == '\\') {
        size_t p = pos_ + 1;
        if (p < src_.size() && src_[p] == '\r') ++p;
        if (p < src_.size() && src_[p] == '\n') {
          pos_ = p + 1;
          NewLine();
          continue;
        }
        if (p >= src_.size()) {
          Error("unexpected EOF while parsing", line_, Col(pos_) + 1);
        } else {
          Error("unexpected character after line continuation character", line_, Col(pos_) + 1);
        }
        break;
      }
      if (c == '\n' || c == '\r') {
        int col = Col(pos_);
        if (c == '\r' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '\n') ++pos_;
        if (brackets_.empty() && !opts_.in_brackets) {
          Token t = Make(TokenKind::kNewline, pos_, line_, col);
          t.text = "\n";
          t.end_line = line_;
          t.end_col = col + 1;
          Push(std::move(t));
          at_line_start = true;
        }
        ++pos_;
        NewLine();
        continue;
      }
      if (IsIdentStart(c)) {
        size_t start = pos_;
        while (pos_ < src_.size() && IsIdentChar(src_[pos_])) ++pos_;
        std::string_view word = src_.substr(start, pos_ - start);
        if (pos_ < src_.size() && (src_[pos_] == '\'' || src_[pos_] == '"') &&
            IsStringPrefix(word)) {
          String(start, word);
          continue;
        }
        if (!utf8::IsAscii(word) && !CheckIdentifier(start, word)) break;
        Token t = Make(TokenKind::kName, start, line_, Col(start));
        Finish(&t);
        Push(std::move(t));
        continue;
      }
      if (IsDigit(c) || (c == '.' && pos_ + 1 < src_.size() && IsDigit(src_[pos_ + 1]))) {
        Number();
        continue;
      }
      if (c == '\'' || c == '"') {
        String(pos_, {});
        continue;
      }
      Operator();
    }
    AtEnd();
    return std::move(tokens_);
  }

 private:
  int Col(size_t p) const {
    int col = static_cast<int>(p - line_start_) + 1;
    if (line_ == opts_.first_line) col += opts_.first_col - 1;
    return col;
  }
  void NewLine() {
    ++line_;
    line_start_ = pos_;
  }
  void SkipSpaces() {
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\f') {
        ++pos_;
      } else {
        break;
      }
    }
  }

  Token Make(TokenKind kind, size_t start, int line, int col) {
    Token t;
    t.kind = kind;
    t.text = src_.substr(start, 0);
    t.line = line;
    t.col = col;
    t.level = static_cast<int>(brackets_.size());
    start_ = start;
    return t;
  }
  // Ends a token at pos_.
  void Finish(Token* t) {
    t->text = src_.substr(start_, pos_ - start_);
    t->end_line = line_;
    t->end_col = Col(pos_);
  }
  void Push(Token t) { tokens_.push_back(std::move(t)); }

  void Error(std::string msg, int line, int col, int end_col = 0,
             std::string_view type = "SyntaxError") {
    if (failed_) return;
    failed_ = true;
    Token t;
    t.kind = TokenKind::kError;
    t.text = type;
    t.line = t.end_line = line;
    t.col = col;
    t.end_col = col + 1;
    t.err_end_col = end_col;
    t.str_value = std::move(msg);
    Push(std::move(t));
  }

  // A name with non-ASCII characters must be a Unicode identifier (XID
  // start, then XID continue), else CPython's "invalid character" error at
  // the first one that is not. (CPython also NFKC-normalizes such names;
  // tc keeps them as written.)
  bool CheckIdentifier(size_t start, std::string_view word) {
    for (size_t i = 0; i < word.size();) {
      size_t at = i;
      uint32_t cp = utf8::Decode(word, &i);
      bool ok = cp < 0x80 ? (at > 0 || !IsDigit(static_cast<char>(cp)))
                          : unicode::Has(cp, at == 0 ? unicode::kXidStart : unicode::kXidContinue);
      if (ok) continue;
      int col = Col(start + at);
      if (unicode::Has(cp, unicode::kPrintable)) {
        Error(absl::StrFormat("invalid character '%s' (U+%04X)", word.substr(at, i - at), cp),
              line_, col);
      } else {
        Error(absl::StrFormat("invalid non-printable character U+%04X", cp), line_, col);
      }
      return false;
    }
    return true;
  }

  // Handles the indentation of a new logical line. Returns false for a blank
  // or comment-only line (no tokens) or after an error.
  bool Indentation() {
    int col = 0, alt = 0;
    size_t p = pos_;
    for (; p < src_.size(); ++p) {
      char c = src_[p];
      if (c == ' ') {
        ++col;
        ++alt;
      } else if (c == '\t') {
        col = (col / 8 + 1) * 8;
        ++alt;
      } else if (c == '\f') {
        col = alt = 0;
      } else {
        break;
      }
    }
    pos_ = p;
    if (p >= src_.size()) return false;  // the loop then sees the end
    char c = src_[p];
    if (c == '#' || c == '\n' || c == '\r') {
      while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;
      if (pos_ < src_.size()) {
        ++pos_;
        NewLine();
      }
      return false;
    }
    if (c == '\\') return true;  // a continuation: CPython treats it as part of the line
    int first_col = Col(p);
    if (col == indents_.back()) {
      if (alt != alt_indents_.back()) return TabError();
    } else if (col > indents_.back()) {
      if (alt <= alt_indents_.back()) return TabError();
      if (static_cast<int>(indents_.size()) > kMaxIndent) {
        Error("too many levels of indentation", line_, first_col, 0, "IndentationError");
        return false;
      }
      indents_.push_back(col);
      alt_indents_.push_back(alt);
      Token t = Make(TokenKind::kIndent, line_start_, line_, 1);
      t.end_line = line_;
      t.end_col = first_col;
      t.text = src_.substr(line_start_, p - line_start_);
      Push(std::move(t));
    } else {
      while (indents_.size() > 1 && col < indents_.back()) {
        indents_.pop_back();
        alt_indents_.pop_back();
        Token t = Make(TokenKind::kDedent, p, line_, first_col);
        t.end_line = line_;
        t.end_col = first_col;
        Push(std::move(t));
      }
      if (col != indents_.back()) {
        size_t e = src_.find('\n', p);
        if (e == std::string_view::npos) e = src_.size();
        Error("unindent does not match any outer indentation level", line_, Col(e) + 1, 0,
              "IndentationError");
        return false;
      }
      if (alt != alt_indents_.back()) return TabError();
    }
    return true;
  }
  bool TabError() {
    Error("inconsistent use of tabs and spaces in indentation", line_, 0, 0, "TabError");
    return false;
  }

  void String(size_t start, std::string_view prefix) {
    bool raw = false, bytes = false, fstr = false;
    for (char c : prefix) {
      if (c == 'r' || c == 'R') raw = true;
      if (c == 'b' || c == 'B') bytes = true;
      if (c == 'f' || c == 'F') fstr = true;
    }
    int line = line_, col = Col(start);
    char q = src_[pos_];
    bool triple = pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q;
    pos_ += triple ? 3 : 1;
    size_t body = pos_;
    int body_line = line_, body_col = Col(pos_);
    Token t = Make(TokenKind::kString, start, line, col);
    while (true) {
      if (pos_ >= src_.size()) {
        int detected = line_;
        if (!src_.empty() && src_.back() == '\n') --detected;
        if (triple) {
          Error(absl::StrFormat("unterminated triple-quoted string literal (detected at line %d)",
                                detected),
                line, col);
        } else {
          Error(absl::StrFormat("unterminated string literal (detected at line %d)", line_), line,
                col);
        }
        return;
      }
      char c = src_[pos_];
      if (c == '\\' && pos_ + 1 < src_.size()) {
        pos_ += 2;
        if (src_[pos_ - 1] == '\n') NewLine();
        continue;
      }
      if (c == '\n' || (c == '\r' && !triple)) {
        if (!triple) {
          Error(absl::StrFormat("unterminated string literal (detected at line %d)", line_), line,
                col);
          return;
        }
        ++pos_;
        NewLine();
        continue;
      }
      if (c == q) {
        if (!triple) break;
        if (pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q) break;
      }
      ++pos_;
    }
    std::string_view text = src_.substr(body, pos_ - body);
    pos_ += triple ? 3 : 1;
    Finish(&t);
    t.is_bytes = bytes;
    t.is_fstring = fstr;
    t.body_line = body_line;
    t.body_col = body_col;
    if (bytes) {
      for (char c : text) {
        if (static_cast<unsigned char>(c) >= 0x80) {
          Error("bytes can only contain ASCII literal characters", line, col, t.end_col);
          return;
        }
      }
    }
    if (!bytes) {
      // Only a file declared utf-8 (or with a BOM) gets here with bytes
      // that are not UTF-8 (source_decode.cc): CPython's decoder of the
      // literal reports them.
      size_t bad_len;
      const char* reason;
      size_t bad = utf8::FindInvalid(text, 0, &bad_len, &reason);
      if (bad != std::string_view::npos) {
        Error(bad_len == 1
                  ? absl::StrFormat("(unicode error) 'utf-8' codec can't decode byte 0x%02x in "
                                    "position %d: %s",
                                    static_cast<unsigned char>(text[bad]), bad, reason)
                  : absl::StrFormat("(unicode error) 'utf-8' codec can't decode bytes in "
                                    "position %d-%d: %s",
                                    bad, bad + bad_len - 1, reason),
              body_line, body_col + static_cast<int>(bad));
        return;
      }
    }
    if (raw || fstr) {
      t.str_value = std::string(text);
    } else {
      std::string err;
      if (!DecodeEscapes(text, &t.str_value, &err, bytes)) {
        Error(err, t.end_line, t.end_col + 1);
        return;
      }
    }
    Push(std::move(t));
  }

  // Reads digits of `base` with single underscores between them; returns
  // false when an underscore is misplaced.
  bool Digits(int base, bool* any) {
    *any = false;
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      int v = IsDigit(c)               ? c - '0'
              : (c >= 'a' && c <= 'f') ? c - 'a' + 10
              : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                       : -1;
      if (c == '_') {
        if (!*any || pos_ + 1 >= src_.size()) return false;
        char n = src_[pos_ + 1];
        int nv = IsDigit(n)               ? n - '0'
                 : (n >= 'a' && n <= 'f') ? n - 'a' + 10
                 : (n >= 'A' && n <= 'F') ? n - 'A' + 10
                                          : -1;
        if (nv < 0 || nv >= base) return false;
        ++pos_;
        continue;
      }
      if (v < 0 || v >= base) break;
      *any = true;
      ++pos_;
    }
    return true;
  }

  void Number() {
    size_t start = pos_;
    int line = line_, col = Col(start);
    Token t = Make(TokenKind::kInt, start, line, col);
    bool any = false;
    char c0 = src_[pos_];
    char c1 = pos_ + 1 < src_.size() ? src_[pos_ + 1] : '\0';
    if (c0 == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'o' || c1 == 'O' || c1 == 'b' || c1 == 'B')) {
      int base = (c1 == 'x' || c1 == 'X') ? 16 : (c1 == 'o' || c1 == 'O') ? 8 : 2;
      const char* what = base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary";
      pos_ += 2;
      if (pos_ < src_.size() && src_[pos_] == '_') ++pos_;
      bool ok = Digits(base, &any);
      if (!ok || !any || (pos_ < src_.size() && IsAsciiIdentChar(src_[pos_]))) {
        if (ok && any && base < 16 && pos_ < src_.size() && IsDigit(src_[pos_])) {
          Error(absl::StrFormat("invalid digit '%c' in %s literal", src_[pos_], what), line,
                Col(pos_));
        } else {
          Error(absl::StrFormat("invalid %s literal", what), line, Col(pos_) - 1);
        }
        return;
      }
      std::string digits;
      for (size_t p = start + 2; p < pos_; ++p) {
        if (src_[p] != '_') digits.push_back(src_[p]);
      }
      Finish(&t);
      IntLiteralValue(digits, base, &t.int_value, &t.str_value);
      Push(std::move(t));
      return;
    }
    bool is_float = false;
    if (!Digits(10, &any)) return BadDecimal(line);
    if (pos_ < src_.size() && src_[pos_] == '.') {
      is_float = true;
      ++pos_;
      if (pos_ < src_.size() && src_[pos_] == '_') return BadDecimal(line);
      if (!Digits(10, &any)) return BadDecimal(line);
    }
    if (pos_ < src_.size() && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
      size_t e = pos_;
      ++pos_;
      if (pos_ < src_.size() && (src_[pos_] == '+' || src_[pos_] == '-')) ++pos_;
      bool exp_any = false;
      if (!Digits(10, &exp_any) || !exp_any) {
        pos_ = e;
        return BadDecimal(line);
      }
      is_float = true;
    }
    bool imaginary = false;
    if (pos_ < src_.size() && (src_[pos_] == 'j' || src_[pos_] == 'J')) {
      ++pos_;
      imaginary = true;
    }
    if (pos_ < src_.size() && IsAsciiIdentChar(src_[pos_])) {
      if (imaginary) return Error("invalid imaginary literal", line, Col(pos_) - 1);
      return BadDecimal(line);
    }
    std::string digits;
    for (size_t p = start; p < pos_ - (imaginary ? 1 : 0); ++p) {
      if (src_[p] != '_') digits.push_back(src_[p]);
    }
    Finish(&t);
    if (imaginary) {
      t.kind = TokenKind::kImaginary;
      t.float_value = std::strtod(digits.c_str(), nullptr);
    } else if (is_float) {
      t.kind = TokenKind::kFloat;
      t.float_value = std::strtod(digits.c_str(), nullptr);
    } else {
      if (digits.size() > 1 && digits[0] == '0') {
        if (digits.find_first_not_of('0') != std::string::npos) {
          Error(
              "leading zeros in decimal integer literals are not permitted; use an 0o prefix for "
              "octal integers",
              line, col);
          return;
        }
      }
      IntLiteralValue(digits, 10, &t.int_value, &t.str_value);
    }
    Push(std::move(t));
  }
  void BadDecimal(int line) { Error("invalid decimal literal", line, Col(pos_) - 1); }
  void Operator() {
    size_t start = pos_;
    int col = Col(start);
    std::string_view rest = src_.substr(pos_);
    std::string_view op;
    for (std::string_view o : kOps3) {
      if (rest.substr(0, o.size()) == o) {
        op = o;
        break;
      }
    }
    if (op.empty()) {
      for (std::string_view o : kOps2) {
        if (rest.substr(0, 2) == o) {
          op = o;
          break;
        }
      }
    }
    if (op.empty() && kOps1.find(rest[0]) != std::string_view::npos) op = rest.substr(0, 1);
    if (op.empty()) {
      unsigned char c = rest[0];
      if (c == '$' || c == '?' || c == '`' || c == '!') {
        Error("invalid syntax", line_, col);
      } else {
        Error(absl::StrFormat("invalid non-printable character U+%04X", c), line_, col);
      }
      return;
    }
    char c = op[0];
    if (op.size() == 1 && (c == '(' || c == '[' || c == '{')) {
      if (static_cast<int>(brackets_.size()) >= kMaxBrackets) {
        Error("too many nested parentheses", line_, col);
        return;
      }
    }
    Token t = Make(TokenKind::kOp, start, line_, col);
    pos_ += op.size();
    Finish(&t);
    if (op.size() == 1 && (c == '(' || c == '[' || c == '{')) {
      brackets_.push_back({c, line_, col});
    } else if (op.size() == 1 && (c == ')' || c == ']' || c == '}')) {
      if (brackets_.empty()) {
        Error(absl::StrFormat("unmatched '%c'", c), line_, col);
        return;
      }
      Bracket open = brackets_.back();
      char want = open.c == '(' ? ')' : open.c == '[' ? ']' : '}';
      if (c != want) {
        if (open.line != line_) {
          Error(absl::StrFormat(
                    "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
                    c, open.c, open.line),
                line_, col);
        } else {
          Error(absl::StrFormat("closing parenthesis '%c' does not match opening parenthesis '%c'",
                                c, open.c),
                line_, col);
        }
        return;
      }
      brackets_.pop_back();
      t.level = static_cast<int>(brackets_.size());
    }
    Push(std::move(t));
  }

  void AtEnd() {
    if (!failed_ && !brackets_.empty()) {
      Bracket b = brackets_.back();
      Error(absl::StrFormat("'%c' was never closed", b.c), b.line, b.col);
      tokens_.back().unclosed_bracket = true;
    }
    if (!failed_ && !opts_.in_brackets && !tokens_.empty() &&
        tokens_.back().kind != TokenKind::kNewline && tokens_.back().kind != TokenKind::kDedent) {
      Token t = Make(TokenKind::kNewline, pos_, line_, Col(pos_));
      t.end_line = line_;
      t.end_col = t.col + 1;
      Push(std::move(t));
    }
    if (!failed_) {
      for (size_t i = 1; i < indents_.size(); ++i) {
        Token t = Make(TokenKind::kDedent, pos_, line_, Col(pos_));
        t.end_line = line_;
        t.end_col = t.col;
        Push(std::move(t));
      }
    }
    Token t = Make(TokenKind::kEndMarker, pos_, line_, Col(pos_));
    t.end_line = line_;
    t.end_col = t.col;
    Push(std::move(t));
  }

  struct Bracket {
    char c;
    int line, col;
  };

  std::string_view src_;
  LexOptions opts_;
  size_t pos_ = 0;
  size_t start_ = 0;
  size_t line_start_ = 0;
  int line_ = 1;
  bool failed_ = false;
  std::vector<int> indents_{0};
  std::vector<int> alt_indents_{0};
  std::vector<Bracket> brackets_;
  std::vector<Token> tokens_;
};

}  // namespace

std::vector<Token> Tokenize(std::string_view source, const LexOptions& options) {
  return Lexer(source, options).Run();
}

}  // namespace tc::script
