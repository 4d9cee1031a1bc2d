#include "src/source_decode.h"

#include <cctype>
#include <optional>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"

#include "tc/script/syntax_error.h"

#include "src/utf8.h"

namespace tc::script {
namespace {

// The lines of `s`, each without its '\n'.
std::vector<std::string_view> Lines(std::string_view s) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t nl = s.find('\n', pos);
    if (nl == std::string_view::npos) nl = s.size();
    out.push_back(s.substr(pos, nl - pos));
    pos = nl + 1;
  }
  return out;
}

bool IsBlankChar(char c) { return c == ' ' || c == '\t' || c == '\f'; }

// CPython's get_coding_spec: in a comment line, the name after the first
// "coding:" or "coding=". *is_code: the line holds more than a comment.
std::optional<std::string> CodingSpec(std::string_view line, bool* is_code) {
  *is_code = false;
  size_t i = 0;
  while (i < line.size() && IsBlankChar(line[i])) ++i;
  if (i == line.size() || line[i] == '\r') return std::nullopt;
  if (line[i] != '#') {
    *is_code = true;
    return std::nullopt;
  }
  for (size_t k = line.find("coding", i); k != std::string_view::npos;
       k = line.find("coding", k + 1)) {
    size_t p = k + 6;
    if (p >= line.size() || (line[p] != ':' && line[p] != '=')) continue;
    ++p;
    while (p < line.size() && (line[p] == ' ' || line[p] == '\t')) ++p;
    size_t b = p;
    while (p < line.size() && (std::isalnum(static_cast<unsigned char>(line[p])) ||
                               line[p] == '-' || line[p] == '_' || line[p] == '.')) {
      ++p;
    }
    if (p > b) return std::string(line.substr(b, p - b));
  }
  return std::nullopt;
}

// CPython's get_normal_name: utf-8 and latin-1 spellings to one name.
std::string NormalName(const std::string& name) {
  std::string s = absl::AsciiStrToLower(name.substr(0, 12));
  for (char& c : s)
    if (c == '_') c = '-';
  auto is = [&](const char* base) {
    std::string b = base;
    return s == b || s.rfind(b + "-", 0) == 0;
  };
  if (is("utf-8")) return "utf-8";
  if (is("latin-1") || is("iso-8859-1") || is("iso-latin-1")) return "iso-8859-1";
  return name;
}

absl::Status Problem(std::string_view filename, int line, std::string msg) {
  SyntaxError e;
  e.filename = std::string(filename);
  e.line = line;
  e.msg = std::move(msg);
  e.message_only = true;
  return e.ToStatus();
}

// CPython's valid_utf8 (the tokenizer's own check, looser than the codec):
// the length of the sequence at s[i], or 0.
int LaxSequence(std::string_view s, size_t i) {
  auto b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) return 1;
  if (b < 0xC0) return 0;
  int expected = b < 0xE0 ? 1 : b < 0xF0 ? 2 : b < 0xF8 ? 3 : -1;
  if (expected < 0) return 0;
  for (int k = 1; k <= expected; ++k) {
    if (i + k >= s.size()) return 0;
    auto c = static_cast<unsigned char>(s[i + k]);
    if (c < 0x80 || c >= 0xC0) return 0;
  }
  return expected + 1;
}

// Line by line, as CPython reads them: the first line with a NUL byte or
// (when `check_utf8`) a byte that is not UTF-8 is the error.
absl::Status CheckLines(std::string_view text, std::string_view filename, bool check_utf8) {
  std::vector<std::string_view> lines = Lines(text);
  for (size_t n = 0; n < lines.size(); ++n) {
    std::string_view line = lines[n];
    if (check_utf8) {
      for (size_t i = 0; i < line.size();) {
        int len = LaxSequence(line, i);
        if (len == 0) {
          return Problem(
              filename, static_cast<int>(n + 1),
              absl::StrFormat(
                  "Non-UTF-8 code starting with '\\x%02x' in file %s on line %d, but no encoding "
                  "declared; see https://peps.python.org/pep-0263/ for details",
                  static_cast<unsigned char>(line[i]), filename, n + 1));
        }
        i += static_cast<size_t>(len);
      }
    }
    size_t nul = line.find('\0');
    if (nul != std::string_view::npos) {
      SyntaxError e;
      e.filename = std::string(filename);
      e.line = static_cast<int>(n + 1);
      e.msg = "source code cannot contain null bytes";
      e.text = std::string(line.substr(0, nul));
      return e.ToStatus();
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::string> DecodeSource(std::string_view source, std::string_view filename) {
  bool bom = source.substr(0, 3) == "\xEF\xBB\xBF";
  if (bom) source.remove_prefix(3);
  std::optional<std::string> declared;
  int declared_line = 1;
  std::vector<std::string_view> first = Lines(source.substr(0, 4096));
  for (size_t n = 0; n < 2 && n < first.size(); ++n) {
    bool is_code;
    declared = CodingSpec(first[n], &is_code);
    declared_line = static_cast<int>(n + 1);
    if (declared || is_code) break;
  }
  std::string encoding = declared ? NormalName(*declared) : "utf-8";
  if (bom && encoding != "utf-8") {
    return Problem(filename, declared_line,
                   absl::StrFormat("encoding problem: %s with BOM", encoding));
  }
  if (encoding == "utf-8") {
    // Undeclared: every line must be UTF-8. Declared (or a BOM): bad bytes
    // surface where they are decoded (string literals, see the lexer).
    bool check_utf8 = !declared && !bom;
    if (utf8::IsAscii(source)) check_utf8 = false;
    absl::Status s = CheckLines(source, filename, check_utf8);
    if (!s.ok()) return s;
    return std::string(source);
  }
  if (encoding == "iso-8859-1" || absl::AsciiStrToLower(encoding) == "ascii") {
    bool ascii = encoding != "iso-8859-1";
    if (ascii && !utf8::IsAscii(source)) {
      return Problem(filename, declared_line, absl::StrFormat("encoding problem: %s", encoding));
    }
    std::string text;
    text.reserve(source.size());
    for (char c : source) utf8::Append(static_cast<unsigned char>(c), &text);
    absl::Status s = CheckLines(text, filename, false);
    if (!s.ok()) return s;
    return text;
  }
  return Problem(filename, declared_line, absl::StrFormat("encoding problem: %s", encoding));
}

}  // namespace tc::script
