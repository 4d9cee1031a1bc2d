// Replacement templates of re.sub / Match.expand (re_translate.h): CPython
// 3.11's re._parser.parse_template, with its errors and positions.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/py_repr.h"

#include "re_tokenizer.h"
#include "re_translate.h"
#include "utf8.h"

namespace tc::script::re {

bool ParseTemplate(const std::vector<uint32_t>& tmpl, bool is_str,
                   const std::vector<std::pair<std::string, int64_t>>& names, int64_t groups,
                   std::vector<TemplateItem>* out, ReError* err) {
  Tokenizer s(tmpl);
  TemplateItem literal;
  auto add_char = [&](uint32_t c) {
    if (is_str) {
      utf8::Append(c, &literal.literal);
    } else {
      literal.literal.push_back(static_cast<char>(c));
    }
    ++literal.literal_len;
  };
  auto add_group = [&](int64_t index, int64_t offset) {
    if (index > groups)
      return s.Error(err, absl::StrFormat("invalid group reference %d", index), offset);
    if (literal.literal_len > 0) out->push_back(std::move(literal));
    literal = TemplateItem{};
    TemplateItem g;
    g.group = index;
    out->push_back(std::move(g));
    return true;
  };
  while (true) {
    Tok t = s.Get();
    if (t.none) break;
    if (!t.esc) {
      add_char(t.c);
      continue;
    }
    uint32_t c = t.c;
    if (c == 'g') {
      if (!s.Match('<')) return s.Error(err, "missing <");
      std::vector<uint32_t> name;
      while (true) {  // getuntil('>', 'group name')
        Tok n = s.Get();
        if (n.none) {
          if (name.empty()) return s.Error(err, "missing group name");
          return s.Error(err, "missing >, unterminated name", static_cast<int64_t>(name.size()));
        }
        if (n.Is('>')) {
          if (name.empty()) return s.Error(err, "missing group name", 1);
          break;
        }
        if (n.esc) name.push_back('\\');
        name.push_back(n.c);
      }
      int64_t len = static_cast<int64_t>(name.size()) + 1;
      std::string key = CodePointsUtf8(name);
      int64_t index = -1;
      if (IsIdentifierName(name)) {
        for (const auto& [n, g] : names)
          if (n == key) index = g;
        if (index < 0) {
          *err = ReError{ReError::kIndex,
                         absl::StrCat("unknown group name ", support::PyStrRepr(key)), -1};
          return false;
        }
      } else {
        bool digits = name.size() <= 10;
        for (uint32_t d : name) digits = digits && d >= '0' && d <= '9';
        if (!digits) {
          return s.Error(err, absl::StrCat("bad character in group name ", support::PyStrRepr(key)),
                         len);
        }
        index = std::stoll(key);
        if (index >= kMaxGroups)
          return s.Error(err, absl::StrFormat("invalid group reference %d", index), len);
      }
      if (!add_group(index, len)) return false;
    } else if (c == '0') {
      uint32_t v = 0;
      for (int i = 0; i < 2 && IsOctDigit(s.next()); ++i) v = v * 8 + (s.Get().c - '0');
      add_char(v & 0xFF);
    } else if (c >= '1' && c <= '9') {
      std::string digits(1, static_cast<char>(c));
      if (IsDigit(s.next())) {
        digits.push_back(static_cast<char>(s.Get().c));
        if (c <= '7' && digits[1] <= '7' && IsOctDigit(s.next())) {
          digits.push_back(static_cast<char>(s.Get().c));
          uint32_t v = std::stoul(digits, nullptr, 8);
          if (v > 0377) {
            return s.Error(
                err, absl::StrFormat("octal escape value \\%s outside of range 0-0o377", digits),
                static_cast<int64_t>(digits.size()) + 1);
          }
          add_char(v);
          continue;
        }
      }
      if (!add_group(std::stoll(digits), static_cast<int64_t>(digits.size()))) return false;
    } else {
      static constexpr char kEscapes[] = "a\ab\bf\fn\nr\rt\tv\v\\\\";
      bool found = false;
      for (int i = 0; kEscapes[i] != 0 && !found; i += 2) {
        if (c == static_cast<uint32_t>(kEscapes[i])) {
          add_char(static_cast<uint32_t>(kEscapes[i + 1]));
          found = true;
        }
      }
      if (found) continue;
      if (IsAsciiLetter(c)) return s.Error(err, absl::StrCat("bad escape ", TokText(t)), 2);
      add_char('\\');
      add_char(c);
    }
  }
  if (s.failed()) return s.Error(err, "");
  if (literal.literal_len > 0) out->push_back(std::move(literal));
  return true;
}

}  // namespace tc::script::re
