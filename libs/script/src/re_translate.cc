// Over 600 lines because the parser is one recursive-descent pass that
// mirrors re/_parser.py rule by rule (so its errors and positions match
// CPython's); split, each rule would lose the grammar it sits in.
//
// Python regex syntax to PCRE2 (re_translate.h). The parser follows the
// structure of CPython 3.11's re/_parser.py, so that what it accepts, the
// error it raises first and the position it names agree; instead of SRE
// opcodes it writes PCRE2 text. Every construct is written in a form whose
// PCRE2 meaning is Python's whatever the compile options:
//   literals     alphanumerics as themselves, everything else \x{hex}
//   .            [^\n], or (?s:.) under DOTALL
//   ^ $          \A and $ (PCRE2's $ is Python's), (?m:^) (?m:$) under
//                MULTILINE (compiled with PCRE2_ALT_CIRCUMFLEX: Python's ^
//                also matches after a final newline)
//   \A \Z        \A \z
//   \d \w \s     \p{Nd} \p{Xwd} and an explicit list of what str.isspace()
//                calls space, or their ASCII sets under ASCII and for bytes
//   \b \B        PCRE2's when its notion of a word character is Python's at
//                that point, lookarounds otherwise; \B never matches in an
//                empty string, as in CPython 3.11
//   groups       plain capturing groups numbered as Python numbers them;
//                names live in the Translation, references are \g{N}
//   IGNORECASE   PCRE2's caseless matching, except for str patterns under
//                ASCII, where only ASCII letters fold ([kK]), as in Python
#include "re_translate.h"

#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/py_repr.h"

#include "re_tokenizer.h"
#include "unicode_db.h"
#include "utf8.h"

namespace tc::script::re {

std::string CodePointsUtf8(const std::vector<uint32_t>& cps) {
  std::string s;
  for (uint32_t c : cps) utf8::Append(c, &s);
  return s;
}

std::string TokText(const Tok& t) {
  if (t.none) return "";
  std::string s = t.esc ? "\\" : "";
  utf8::Append(t.c, &s);
  return s;
}

bool IsIdentifierName(const std::vector<uint32_t>& name) {
  if (name.empty()) return false;
  if (name[0] != '_' && !unicode::Has(name[0], unicode::kXidStart)) return false;
  for (size_t i = 1; i < name.size(); ++i)
    if (!unicode::Has(name[i], unicode::kXidContinue)) return false;
  return true;
}

namespace {

constexpr int64_t kPcreMaxQuantifier = 65535;

int64_t SatAdd(int64_t a, int64_t b) { return std::min(a + b, kMaxRepeat); }
int64_t SatMul(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kMaxRepeat / b ? kMaxRepeat : std::min(a * b, kMaxRepeat);
}

// One item of a subpattern: its PCRE2 text and width, and what a following
// quantifier needs to know of it.
struct Piece {
  enum Kind { kUnit, kAt, kRepeat, kOther } kind = kOther;
  std::string text;
  bool atom = true;  // quantifiable as written (else wrapped in (?:...))
  int64_t lo = 0, hi = 0;
};

struct Sub {
  std::vector<Piece> items;
  int64_t lo = 0, hi = 0;  // width, as SubPattern.getwidth()
  void Add(Piece p) {
    lo = std::min(SatAdd(lo, p.lo), kMaxRepeat - 1);
    hi = SatAdd(hi, p.hi);
    items.push_back(std::move(p));
  }
  std::string Text() const {
    std::string s;
    for (const Piece& p : items) s += p.text;
    return s;
  }
};

Piece UnitPiece(std::string text) {
  Piece p;
  p.kind = Piece::kUnit;
  p.text = std::move(text);
  p.lo = p.hi = 1;
  return p;
}
Piece AtPiece(std::string text) {
  Piece p;
  p.kind = Piece::kAt;
  p.text = std::move(text);
  return p;
}

// A member of a character set: a literal, a range or a category (the
// letter of \d \D \w \W \s \S).
struct SetItem {
  enum Kind { kLiteral, kRange, kCategory } kind = kLiteral;
  uint32_t lo = 0, hi = 0;
  char cat = 0;
};

// What str.isspace() calls space (_sre's \s for str patterns).
constexpr std::pair<uint32_t, uint32_t> kUnicodeSpace[] = {
    {0x09, 0x0D},     {0x1C, 0x20},     {0x85, 0x85},     {0xA0, 0xA0},     {0x1680, 0x1680},
    {0x2000, 0x200A}, {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000},
};
constexpr std::pair<uint32_t, uint32_t> kAsciiSpace[] = {{0x09, 0x0D}, {0x20, 0x20}};
constexpr std::pair<uint32_t, uint32_t> kAsciiDigit[] = {{'0', '9'}};
constexpr std::pair<uint32_t, uint32_t> kAsciiWord[] = {
    {'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};

class Translator {
 public:
  Translator(const std::vector<uint32_t>& pattern, bool is_str, int64_t flags, ReError* err)
      : src_(pattern), is_str_(is_str), flags_(flags), err_(err) {
    group_widths_.push_back({0, 0});
    group_parent_.push_back(0);
  }

  bool Run(Translation* out);

 private:
  bool Fail(std::string msg, int64_t offset = 0) {
    return src_.Error(err_, std::move(msg), offset);
  }
  bool ParseSub(Piece* out, bool verbose, int nested, int64_t fl);
  bool Parse(Sub* out, bool verbose, int nested, bool first, int64_t fl);
  bool ParseEscape(const Tok& t, Sub* out, int64_t fl);
  bool ClassEscape(const Tok& t, SetItem* out);
  bool ParseSet(Sub* out, int64_t fl);
  bool ParseRepeat(const Tok& t, Sub* out, bool* literal_brace);
  bool ParseGroup(Sub* out, bool* verbose, int nested, bool first, int64_t* fl);
  bool ParseConditional(Sub* out, bool verbose, int nested, int64_t fl, int64_t start);
  bool ParseFlags(uint32_t c, int64_t* add, int64_t* del, bool* global);
  bool GetUntil(uint32_t terminator, const char* name, std::vector<uint32_t>* out);
  bool CheckGroupName(const std::vector<uint32_t>& name, int64_t offset);
  bool CheckLookbehindGroup(int64_t gid);
  bool GroupRef(int64_t gid, Sub* out, int64_t fl);

  // Emission.
  bool Unicode(int64_t fl) const { return is_str_ && !(fl & kAscii); }
  bool ExplicitFold(int64_t fl) const { return is_str_ && (fl & kIgnoreCase) && (fl & kAscii); }
  bool PcreCaseless(int64_t fl) const { return (fl & kIgnoreCase) && !ExplicitFold(fl); }
  uint32_t MaxChar() const { return is_str_ ? 0x10FFFF : 0xFF; }
  std::string Char(uint32_t c) const;
  std::string Literal(uint32_t c, int64_t fl) const;
  std::string SetText(const std::vector<SetItem>& items, bool negate, int64_t fl) const;
  void AppendRange(uint32_t lo, uint32_t hi, std::string* s) const;
  void AppendCategory(char cat, int64_t fl, std::string* s) const;
  std::string Boundary(bool negate, int64_t fl) const;

  Tokenizer src_;
  bool is_str_;
  int64_t flags_;
  ReError* err_;
  std::vector<std::pair<int64_t, int64_t>> group_widths_;  // {-1,-1}: open
  std::vector<std::pair<std::string, int64_t>> names_;
  std::vector<int64_t> group_parent_;
  std::vector<int64_t> open_groups_;
  int64_t lookbehind_groups_ = -1;                      // State.lookbehindgroups; -1: None
  std::vector<std::pair<int64_t, int64_t>> cond_refs_;  // (group, position)
  std::string deferred_;  // a compile-time error (after parsing succeeds)
};

int64_t Groups(const std::vector<std::pair<int64_t, int64_t>>& widths) {
  return static_cast<int64_t>(widths.size());
}

std::string Translator::Char(uint32_t c) const {
  if ((c >= '0' && c <= '9') || IsAsciiLetter(c)) return std::string(1, static_cast<char>(c));
  return absl::StrFormat("\\x{%x}", c);
}

std::string Translator::Literal(uint32_t c, int64_t fl) const {
  if (is_str_ && c >= 0xD800 && c <= 0xDFFF) return "(*FAIL)";  // see module_re.cc
  if (ExplicitFold(fl) && IsAsciiLetter(c)) {
    return absl::StrCat("[", std::string(1, static_cast<char>(c | 0x20)),
                        std::string(1, static_cast<char>(c & ~0x20u)), "]");
  }
  return Char(c);
}

void Translator::AppendRange(uint32_t lo, uint32_t hi, std::string* s) const {
  if (is_str_) {  // PCRE2 rejects surrogates as characters in UTF mode
    if (lo >= 0xD800 && lo <= 0xDFFF) lo = 0xE000;
    if (hi >= 0xD800 && hi <= 0xDFFF) hi = 0xD7FF;
    if (lo > hi) return;
  }
  absl::StrAppend(s, Char(lo));
  if (hi != lo) absl::StrAppend(s, "-", Char(hi));
}

void Translator::AppendCategory(char cat, int64_t fl, std::string* s) const {
  bool negate = cat >= 'A' && cat <= 'Z';
  char kind = static_cast<char>(cat | 0x20);
  if (Unicode(fl) && kind != 's') {
    absl::StrAppend(s, negate ? "\\P" : "\\p", kind == 'd' ? "{Nd}" : "{Xwd}");
    return;
  }
  std::span<const std::pair<uint32_t, uint32_t>> ranges =
      kind == 'd'   ? std::span<const std::pair<uint32_t, uint32_t>>(kAsciiDigit)
      : kind == 'w' ? std::span<const std::pair<uint32_t, uint32_t>>(kAsciiWord)
      : Unicode(fl) ? std::span<const std::pair<uint32_t, uint32_t>>(kUnicodeSpace)
                    : std::span<const std::pair<uint32_t, uint32_t>>(kAsciiSpace);
  if (!negate) {
    for (auto [lo, hi] : ranges) AppendRange(lo, hi, s);
    return;
  }
  uint32_t next = 0;  // the complement, as ranges
  for (auto [lo, hi] : ranges) {
    if (lo > next) AppendRange(next, lo - 1, s);
    next = hi + 1;
  }
  if (next <= MaxChar()) AppendRange(next, MaxChar(), s);
}

std::string Translator::SetText(const std::vector<SetItem>& items, bool negate, int64_t fl) const {
  std::string body;
  bool fold = ExplicitFold(fl);
  for (const SetItem& it : items) {
    switch (it.kind) {
      case SetItem::kCategory:
        AppendCategory(it.cat, fl, &body);
        break;
      case SetItem::kLiteral:
      case SetItem::kRange: {
        uint32_t lo = it.lo, hi = it.kind == SetItem::kLiteral ? it.lo : it.hi;
        AppendRange(lo, hi, &body);
        if (!fold) break;
        // The other case of the ASCII letters in [lo, hi].
        auto other = [&](uint32_t a, uint32_t z, int32_t shift) {
          uint32_t l = std::max(lo, a), h = std::min(hi, z);
          if (l <= h) AppendRange(l + shift, h + shift, &body);
        };
        other('a', 'z', -32);
        other('A', 'Z', 32);
        break;
      }
    }
  }
  if (body.empty()) return negate ? (is_str_ ? "(?s:.)" : "[\\x{0}-\\x{ff}]") : "(*FAIL)";
  return absl::StrCat(negate ? "[^" : "[", body, "]");
}

std::string Translator::Boundary(bool negate, int64_t fl) const {
  // PCRE2's \b is Python's when PCRE2's word characters are Python's here:
  // Unicode ones in a UCP compile, ASCII ones otherwise.
  bool ucp_compile = is_str_ && !(flags_ & kAscii);
  std::string b;
  if (Unicode(fl) == ucp_compile) {
    b = negate ? "\\B" : "\\b";
  } else {
    std::string w;
    AppendCategory('w', fl, &w);
    w = absl::StrCat("[", w, "]");
    b = negate ? absl::StrCat("(?:(?<=", w, ")(?=", w, ")|(?<!", w, ")(?!", w, "))")
               : absl::StrCat("(?:(?<=", w, ")(?!", w, ")|(?<!", w, ")(?=", w, "))");
  }
  // _sre: \B never matches when the string (up to endpos) is empty.
  return negate ? absl::StrCat("(?:", b, "(?!\\A\\z))") : b;
}

bool Translator::GetUntil(uint32_t terminator, const char* name, std::vector<uint32_t>* out) {
  out->clear();
  while (true) {
    Tok c = src_.Get();
    if (c.none) {
      if (out->empty()) return Fail(absl::StrCat("missing ", name));
      return Fail(
          absl::StrFormat("missing %s, unterminated name", TokText(Tok{terminator, false, false})),
          static_cast<int64_t>(out->size()));
    }
    if (c.Is(terminator)) {
      if (out->empty()) return Fail(absl::StrCat("missing ", name), 1);
      return true;
    }
    if (c.esc) out->push_back('\\');
    out->push_back(c.c);
  }
}

bool Translator::CheckGroupName(const std::vector<uint32_t>& name, int64_t offset) {
  if (!IsIdentifierName(name)) {
    return Fail(
        absl::StrCat("bad character in group name ", support::PyStrRepr(CodePointsUtf8(name))),
        static_cast<int64_t>(name.size()) + offset);
  }
  return true;
}

bool Translator::CheckLookbehindGroup(int64_t gid) {
  if (lookbehind_groups_ < 0) return true;
  bool closed = gid < Groups(group_widths_) && group_widths_[gid].first >= 0;
  if (!closed) return Fail("cannot refer to an open group");
  if (gid >= lookbehind_groups_) {
    return Fail("cannot refer to group defined in the same lookbehind subpattern");
  }
  return true;
}

bool Translator::GroupRef(int64_t gid, Sub* out, int64_t fl) {
  Piece p;
  p.text = absl::StrFormat("\\g{%d}", gid);
  if (ExplicitFold(fl)) p.text = absl::StrCat("(?i:", p.text, ")");
  p.lo = group_widths_[gid].first;
  p.hi = group_widths_[gid].second;
  out->Add(std::move(p));
  return true;
}

// _class_escape: an escape inside [...].
bool Translator::ClassEscape(const Tok& t, SetItem* out) {
  std::string esc = TokText(t);
  uint32_t c = t.c;
  static constexpr char kEscapes[] = "a\ab\bf\fn\nr\rt\tv\v\\\\";
  for (int i = 0; kEscapes[i] != 0; i += 2) {
    if (c == static_cast<uint32_t>(kEscapes[i])) {
      *out = SetItem{SetItem::kLiteral, static_cast<uint32_t>(kEscapes[i + 1])};
      return true;
    }
  }
  if (c == 'd' || c == 'D' || c == 'w' || c == 'W' || c == 's' || c == 'S') {
    *out = SetItem{SetItem::kCategory, 0, 0, static_cast<char>(c)};
    return true;
  }
  auto hex = [&](int n) -> bool {
    std::string digits;
    while (static_cast<int>(digits.size()) < n && IsHexDigit(src_.next())) {
      digits.push_back(static_cast<char>(src_.Get().c));
    }
    esc += digits;
    if (static_cast<int>(digits.size()) != n) {
      return Fail(absl::StrCat("incomplete escape ", esc), static_cast<int64_t>(esc.size()));
    }
    uint64_t v = std::stoull(digits, nullptr, 16);
    if (v > 0x10FFFF)
      return Fail(absl::StrCat("bad escape ", esc), static_cast<int64_t>(esc.size()));
    *out = SetItem{SetItem::kLiteral, static_cast<uint32_t>(v)};
    return true;
  };
  if (c == 'x') return hex(2);
  if (c == 'u' && is_str_) return hex(4);
  if (c == 'U' && is_str_) return hex(8);
  if (c == 'N' && is_str_) {
    *err_ = ReError{ReError::kUnsupported, "re: \\N{...} escapes are not supported by tc", -1};
    return false;
  }
  if (c >= '0' && c <= '7') {
    uint32_t v = c - '0';
    for (int i = 0; i < 2 && IsOctDigit(src_.next()); ++i) {
      uint32_t d = src_.Get().c;
      esc.push_back(static_cast<char>(d));
      v = v * 8 + (d - '0');
    }
    if (v > 0377) {
      return Fail(absl::StrFormat("octal escape value %s outside of range 0-0o377", esc),
                  static_cast<int64_t>(esc.size()));
    }
    *out = SetItem{SetItem::kLiteral, v};
    return true;
  }
  if (c >= '0' && c <= '9') return Fail(absl::StrCat("bad escape ", esc), 2);
  if (IsAsciiLetter(c)) return Fail(absl::StrCat("bad escape ", esc), 2);
  *out = SetItem{SetItem::kLiteral, c};
  return true;
}

// _escape: an escape outside [...].
bool Translator::ParseEscape(const Tok& t, Sub* out, int64_t fl) {
  uint32_t c = t.c;
  std::string esc = TokText(t);
  auto at = [&](std::string text) {
    out->Add(AtPiece(std::move(text)));
    return true;
  };
  switch (c) {
    case 'A':
      return at("\\A");
    case 'Z':
      return at("\\z");
    case 'b':
      return at(Boundary(false, fl));
    case 'B':
      return at(Boundary(true, fl));
    default:
      break;
  }
  auto unit = [&](std::string text) {
    out->Add(UnitPiece(std::move(text)));
    return true;
  };
  if (c == 'd' || c == 'D' || c == 'w' || c == 'W' || c == 's' || c == 'S') {
    std::vector<SetItem> items{SetItem{SetItem::kCategory, 0, 0, static_cast<char>(c)}};
    return unit(SetText(items, false, fl));
  }
  if (c == '0') {
    uint32_t v = 0;
    for (int i = 0; i < 2 && IsOctDigit(src_.next()); ++i) v = v * 8 + (src_.Get().c - '0');
    return unit(Literal(v, fl));
  }
  if (c >= '1' && c <= '9') {
    // An octal escape (three octal digits) or a group reference.
    std::string digits(1, static_cast<char>(c));
    if (IsDigit(src_.next())) {
      digits.push_back(static_cast<char>(src_.Get().c));
      if (digits[0] <= '7' && digits[1] <= '7' && IsOctDigit(src_.next())) {
        digits.push_back(static_cast<char>(src_.Get().c));
        uint32_t v = std::stoul(digits, nullptr, 8);
        if (v > 0377) {
          return Fail(absl::StrFormat("octal escape value \\%s outside of range 0-0o377", digits),
                      static_cast<int64_t>(digits.size()) + 1);
        }
        return unit(Literal(v, fl));
      }
    }
    int64_t group = std::stoll(digits);
    int64_t len = static_cast<int64_t>(digits.size()) + 1;
    if (group < Groups(group_widths_)) {
      if (group_widths_[group].first < 0) return Fail("cannot refer to an open group", len);
      if (!CheckLookbehindGroup(group)) return false;
      return GroupRef(group, out, fl);
    }
    return Fail(absl::StrFormat("invalid group reference %d", group), len - 1);
  }
  SetItem item;
  if (!ClassEscape(t, &item)) return false;  // the literal escapes are the same
  return unit(Literal(item.lo, fl));
}

bool Translator::ParseSet(Sub* out, int64_t fl) {
  int64_t here = src_.Tell() - 1;
  std::vector<SetItem> items;
  bool negate = src_.Match('^');
  while (true) {
    Tok t = src_.Get();
    if (t.none) return Fail("unterminated character set", src_.Tell() - here);
    if (t.Is(']') && !items.empty()) break;
    SetItem a;
    if (t.esc) {
      if (!ClassEscape(t, &a)) return false;
    } else {
      a = SetItem{SetItem::kLiteral, t.c};
    }
    if (src_.Match('-')) {
      Tok u = src_.Get();
      if (u.none) return Fail("unterminated character set", src_.Tell() - here);
      if (u.Is(']')) {
        items.push_back(a);
        items.push_back(SetItem{SetItem::kLiteral, '-'});
        break;
      }
      SetItem b;
      if (u.esc) {
        if (!ClassEscape(u, &b)) return false;
      } else {
        b = SetItem{SetItem::kLiteral, u.c};
      }
      std::string range = absl::StrCat(TokText(t), "-", TokText(u));
      int64_t len = t.Len() + 1 + u.Len();
      if (a.kind != SetItem::kLiteral || b.kind != SetItem::kLiteral || b.lo < a.lo) {
        return Fail(absl::StrCat("bad character range ", range), len);
      }
      items.push_back(SetItem{SetItem::kRange, a.lo, b.lo});
    } else {
      items.push_back(a);
    }
  }
  out->Add(UnitPiece(SetText(items, negate, fl)));
  return true;
}

// *, +, ?, {m,n} after an item; *literal_brace when '{' turns out to be a
// literal.
bool Translator::ParseRepeat(const Tok& t, Sub* out, bool* literal_brace) {
  int64_t here = src_.Tell();
  int64_t min = 0, max = kMaxRepeat;
  *literal_brace = false;
  if (t.c == '?') {
    max = 1;
  } else if (t.c == '+') {
    min = 1;
  } else if (t.c == '{') {
    if (src_.next().Is('}')) {
      *literal_brace = true;
      return true;
    }
    std::string lo, hi;
    while (IsDigit(src_.next())) lo.push_back(static_cast<char>(src_.Get().c));
    if (src_.Match(',')) {
      while (IsDigit(src_.next())) hi.push_back(static_cast<char>(src_.Get().c));
    } else {
      hi = lo;
    }
    if (!src_.Match('}')) {
      *literal_brace = true;
      src_.Seek(here);
      return true;
    }
    auto number = [&](const std::string& s, int64_t* v) {
      if (s.size() > 10 || std::stoll(s) >= kMaxRepeat) {
        *err_ = ReError{ReError::kOverflow, "the repetition number is too large", -1};
        return false;
      }
      *v = std::stoll(s);
      return true;
    };
    if (!lo.empty() && !number(lo, &min)) return false;
    if (!hi.empty()) {
      if (!number(hi, &max)) return false;
      if (max < min) return Fail("min repeat greater than max repeat", src_.Tell() - here);
    }
  }
  if (out->items.empty() || out->items.back().kind == Piece::kAt) {
    return Fail("nothing to repeat", src_.Tell() - here + t.Len());
  }
  if (out->items.back().kind == Piece::kRepeat) {
    return Fail("multiple repeat", src_.Tell() - here + t.Len());
  }
  std::string q;
  if (min == 0 && max == kMaxRepeat) {
    q = "*";
  } else if (min == 1 && max == kMaxRepeat) {
    q = "+";
  } else if (min == 0 && max == 1) {
    q = "?";
  } else if (min > kPcreMaxQuantifier || (max != kMaxRepeat && max > kPcreMaxQuantifier)) {
    *err_ = ReError{ReError::kUnsupported,
                    "re: repeat counts above 65535 are not supported by tc (PCRE2's limit)", -1};
    return false;
  } else if (min == max) {
    q = absl::StrFormat("{%d}", min);
  } else if (max == kMaxRepeat) {
    q = absl::StrFormat("{%d,}", min);
  } else {
    q = absl::StrFormat("{%d,%d}", min, max);
  }
  if (src_.Match('?')) {
    q += "?";
  } else if (src_.Match('+')) {
    q += "+";
  }
  Piece item = std::move(out->items.back());
  out->items.pop_back();
  out->lo -= item.lo;  // recomputed below with the repeat's width
  out->hi -= item.hi;
  Piece p;
  p.kind = Piece::kRepeat;
  p.text = item.atom ? item.text + q : absl::StrCat("(?:", item.text, ")", q);
  p.lo = SatMul(item.lo, min);
  p.hi = SatMul(item.hi, max);
  out->Add(std::move(p));
  return true;
}

bool Translator::ParseFlags(uint32_t c, int64_t* add, int64_t* del, bool* global) {
  auto flag_of = [](const Tok& t) -> int64_t {
    if (t.none || t.esc) return 0;
    switch (t.c) {
      case 'i':
        return kIgnoreCase;
      case 'L':
        return kLocale;
      case 'm':
        return kMultiline;
      case 's':
        return kDotAll;
      case 'x':
        return kVerbose;
      case 'a':
        return kAscii;
      case 't':
        return kTemplate;
      case 'u':
        return kUnicode;
      default:
        return 0;
    }
  };
  constexpr int64_t kTypeFlags = kAscii | kLocale | kUnicode;
  constexpr int64_t kGlobalFlags = kDebug | kTemplate;
  auto alpha = [](const Tok& t) { return !t.esc && unicode::Has(t.c, unicode::kAlpha); };
  *add = *del = 0;
  *global = false;
  Tok ch{c, false, false};
  if (c != '-') {
    while (true) {
      int64_t flag = flag_of(ch);
      if (is_str_ && ch.c == 'L')
        return Fail("bad inline flags: cannot use 'L' flag with a str pattern");
      if (!is_str_ && ch.c == 'u')
        return Fail("bad inline flags: cannot use 'u' flag with a bytes pattern");
      *add |= flag;
      if ((flag & kTypeFlags) && (*add & kTypeFlags) != flag) {
        return Fail("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
      }
      ch = src_.Get();
      if (ch.none) return Fail("missing -, : or )");
      if (ch.Is(')') || ch.Is('-') || ch.Is(':')) break;
      if (flag_of(ch) == 0) return Fail(alpha(ch) ? "unknown flag" : "missing -, : or )", ch.Len());
    }
  }
  if (ch.Is(')')) {
    *global = true;
    return true;
  }
  if (*add & kGlobalFlags) return Fail("bad inline flags: cannot turn on global flag", 1);
  if (ch.Is('-')) {
    ch = src_.Get();
    if (ch.none) return Fail("missing flag");
    if (flag_of(ch) == 0) return Fail(alpha(ch) ? "unknown flag" : "missing flag", ch.Len());
    while (true) {
      int64_t flag = flag_of(ch);
      if (flag & kTypeFlags)
        return Fail("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
      *del |= flag;
      ch = src_.Get();
      if (ch.none) return Fail("missing :");
      if (ch.Is(':')) break;
      if (flag_of(ch) == 0) return Fail(alpha(ch) ? "unknown flag" : "missing :", ch.Len());
    }
  }
  if (*del & kGlobalFlags) return Fail("bad inline flags: cannot turn off global flag", 1);
  if (*add & *del) return Fail("bad inline flags: flag turned on and off", 1);
  return true;
}

// (?(id/name)yes|no): a conditional group, after its "(?(".
bool Translator::ParseConditional(Sub* out, bool verbose, int nested, int64_t fl, int64_t start) {
  std::vector<uint32_t> cond;
  if (!GetUntil(')', "group name", &cond)) return false;
  int64_t len = static_cast<int64_t>(cond.size()) + 1;
  std::string key = CodePointsUtf8(cond);
  int64_t gid = 0;
  if (IsIdentifierName(cond)) {
    auto it =
        std::find_if(names_.begin(), names_.end(), [&](const auto& e) { return e.first == key; });
    if (it == names_.end()) {
      return Fail(absl::StrCat("unknown group name ", support::PyStrRepr(key)), len);
    }
    gid = it->second;
  } else {
    bool digits =
        !cond.empty() && cond.size() <= 10 &&
        std::all_of(cond.begin(), cond.end(), [](uint32_t c) { return c >= '0' && c <= '9'; });
    if (!digits) {
      return Fail(absl::StrCat("bad character in group name ", support::PyStrRepr(key)), len);
    }
    gid = std::stoll(key);
    if (gid == 0) return Fail("bad group number", len);
    if (gid >= kMaxGroups) return Fail(absl::StrFormat("invalid group reference %d", gid), len);
    if (std::none_of(cond_refs_.begin(), cond_refs_.end(),
                     [&](const auto& e) { return e.first == gid; })) {
      cond_refs_.push_back({gid, src_.Tell() - len});
    }
  }
  if (!CheckLookbehindGroup(gid)) return false;
  Sub yes, no;
  if (!Parse(&yes, verbose, nested + 1, false, fl)) return false;
  bool has_no = src_.Match('|');
  if (has_no) {
    if (!Parse(&no, verbose, nested + 1, false, fl)) return false;
    if (src_.next().Is('|')) return Fail("conditional backref with more than two branches");
  }
  if (!src_.Match(')')) return Fail("missing ), unterminated subpattern", src_.Tell() - start);
  Piece p;
  p.text = absl::StrFormat("(?(%d)%s%s%s)", gid, yes.Text(), has_no ? "|" : "", no.Text());
  p.lo = has_no ? std::min(yes.lo, no.lo) : 0;
  p.hi = has_no ? std::max(yes.hi, no.hi) : yes.hi;
  out->Add(std::move(p));
  return true;
}

bool Translator::ParseGroup(Sub* out, bool* verbose, int nested, bool first, int64_t* fl) {
  int64_t start = src_.Tell() - 1;
  bool capture = true, atomic = false;
  std::vector<uint32_t> name;
  bool named = false;
  int64_t add = 0, del = 0;
  if (src_.Match('?')) {
    Tok ch = src_.Get();
    if (ch.none) return Fail("unexpected end of pattern");
    if (ch.Is('P')) {
      if (src_.Match('<')) {
        if (!GetUntil('>', "group name", &name) || !CheckGroupName(name, 1)) return false;
        named = true;
      } else if (src_.Match('=')) {
        if (!GetUntil(')', "group name", &name) || !CheckGroupName(name, 1)) return false;
        int64_t len = static_cast<int64_t>(name.size()) + 1;
        std::string key = CodePointsUtf8(name);
        auto it = std::find_if(names_.begin(), names_.end(),
                               [&](const auto& e) { return e.first == key; });
        if (it == names_.end()) {
          return Fail(absl::StrCat("unknown group name ", support::PyStrRepr(key)), len);
        }
        if (group_widths_[it->second].first < 0) return Fail("cannot refer to an open group", len);
        if (!CheckLookbehindGroup(it->second)) return false;
        return GroupRef(it->second, out, *fl);
      } else {
        Tok c = src_.Get();
        if (c.none) return Fail("unexpected end of pattern");
        return Fail(absl::StrCat("unknown extension ?P", TokText(c)), c.Len() + 2);
      }
    } else if (ch.Is(':')) {
      capture = false;
    } else if (ch.Is('#')) {
      while (true) {
        if (src_.next().none) return Fail("missing ), unterminated comment", src_.Tell() - start);
        if (src_.Get().Is(')')) return true;
      }
    } else if (ch.Is('=') || ch.Is('!') || ch.Is('<')) {
      bool behind = false;
      int64_t saved = lookbehind_groups_;
      if (ch.Is('<')) {
        ch = src_.Get();
        if (ch.none) return Fail("unexpected end of pattern");
        if (!ch.Is('=') && !ch.Is('!')) {
          return Fail(absl::StrCat("unknown extension ?<", TokText(ch)), ch.Len() + 2);
        }
        behind = true;
        if (saved < 0) lookbehind_groups_ = Groups(group_widths_);
      }
      Piece p;
      if (!ParseSub(&p, *verbose, nested + 1, *fl)) return false;
      if (behind && saved < 0) lookbehind_groups_ = -1;
      if (!src_.Match(')')) return Fail("missing ), unterminated subpattern", src_.Tell() - start);
      if (behind && p.lo != p.hi && deferred_.empty()) {
        deferred_ = "look-behind requires fixed-width pattern";
      }
      Piece a;
      a.text = absl::StrCat(behind ? "(?<" : "(?", ch.Is('=') ? "=" : "!", p.text, ")");
      out->Add(std::move(a));
      return true;
    } else if (ch.Is('(')) {
      return ParseConditional(out, *verbose, nested, *fl, start);
    } else if (ch.Is('>')) {
      capture = false;
      atomic = true;
    } else if (!ch.esc && ch.c < 0x80 &&
               std::string_view("iLmsxatu-").find(static_cast<char>(ch.c)) !=
                   std::string_view::npos) {
      bool global = false;
      if (!ParseFlags(ch.c, &add, &del, &global)) return false;
      if (global) {
        if (!first || !out->items.empty()) {
          return Fail("global flags not at the start of the expression", src_.Tell() - start);
        }
        flags_ |= add;
        *fl |= add;
        *verbose = (flags_ & kVerbose) != 0;
        return true;
      }
      capture = false;
    } else {
      return Fail(absl::StrCat("unknown extension ?", TokText(ch)), ch.Len() + 1);
    }
  }
  int64_t gid = 0;
  if (capture) {
    gid = Groups(group_widths_);
    if (named) {
      std::string key = CodePointsUtf8(name);
      for (const auto& [n, g] : names_) {
        if (n == key) {
          return Fail(absl::StrFormat("redefinition of group name %s as group %d; was group %d",
                                      support::PyStrRepr(key), gid, g),
                      static_cast<int64_t>(name.size()) + 1);
        }
      }
      names_.push_back({key, gid});
    }
    group_widths_.push_back({-1, -1});
    group_parent_.push_back(open_groups_.empty() ? 0 : open_groups_.back());
    open_groups_.push_back(gid);
  }
  bool sub_verbose = (*verbose || (add & kVerbose)) && !(del & kVerbose);
  int64_t sub_fl = *fl;
  if (add & (kAscii | kLocale | kUnicode)) sub_fl &= ~(kAscii | kLocale | kUnicode);
  sub_fl = (sub_fl | add) & ~del;
  Piece p;
  if (!ParseSub(&p, sub_verbose, nested + 1, sub_fl)) return false;
  if (!src_.Match(')')) return Fail("missing ), unterminated subpattern", src_.Tell() - start);
  if (capture) {
    group_widths_[gid] = {p.lo, p.hi};
    open_groups_.pop_back();
    p.text = absl::StrCat("(", p.text, ")");
  } else if (atomic) {
    p.text = absl::StrCat("(?>", p.text, ")");
  } else if (PcreCaseless(sub_fl) != PcreCaseless(*fl)) {
    p.text = absl::StrCat(PcreCaseless(sub_fl) ? "(?i:" : "(?-i:", p.text, ")");
  } else {
    p.text = absl::StrCat("(?:", p.text, ")");
  }
  p.kind = Piece::kOther;
  p.atom = true;
  out->Add(std::move(p));
  return true;
}

bool Translator::Parse(Sub* out, bool verbose, int nested, bool first, int64_t fl) {
  auto unit = [&](std::string text) { out->Add(UnitPiece(std::move(text))); };
  auto at = [&](std::string text) { out->Add(AtPiece(std::move(text))); };
  while (true) {
    const Tok& next = src_.next();
    if (next.none || next.Is('|') || next.Is(')')) break;
    Tok t = src_.Get();
    if (verbose && !t.esc) {
      if (t.c == ' ' || (t.c >= '\t' && t.c <= '\r')) continue;
      if (t.c == '#') {
        while (true) {
          Tok c = src_.Get();
          if (c.none || c.Is('\n')) break;
        }
        continue;
      }
    }
    if (t.esc) {
      if (!ParseEscape(t, out, fl)) return false;
      continue;
    }
    switch (t.c) {
      case '[':
        if (!ParseSet(out, fl)) return false;
        break;
      case '*':
      case '+':
      case '?':
      case '{': {
        bool literal_brace = false;
        if (!ParseRepeat(t, out, &literal_brace)) return false;
        if (literal_brace) unit(Literal('{', fl));
        break;
      }
      case '.':
        unit((fl & kDotAll) ? "(?s:.)" : "[^\\n]");
        break;
      case '(':
        if (!ParseGroup(out, &verbose, nested, first, &fl)) return false;
        break;
      case '^':
        at((fl & kMultiline) ? "(?m:^)" : "\\A");
        break;
      case '$':
        at((fl & kMultiline) ? "(?m:$)" : "$");
        break;
      default:
        unit(Literal(t.c, fl));
        break;
    }
  }
  return true;
}

bool Translator::ParseSub(Piece* out, bool verbose, int nested, int64_t fl) {
  std::vector<Sub> alternatives;
  while (true) {
    Sub item;
    if (nested == 0) fl = flags_;  // global flags at the start apply to all
    if (!Parse(&item, verbose, nested + 1, nested == 0 && alternatives.empty(), fl)) return false;
    alternatives.push_back(std::move(item));
    if (!src_.Match('|')) break;
    if (nested == 0) verbose = (flags_ & kVerbose) != 0;
  }
  out->text.clear();
  out->lo = kMaxRepeat - 1;
  out->hi = 0;
  for (size_t i = 0; i < alternatives.size(); ++i) {
    if (i > 0) out->text += "|";
    out->text += alternatives[i].Text();
    out->lo = std::min(out->lo, alternatives[i].lo);
    out->hi = std::max(out->hi, alternatives[i].hi);
  }
  return true;
}

bool Translator::Run(Translation* out) {
  Piece top;
  if (!ParseSub(&top, (flags_ & kVerbose) != 0, 0, flags_)) return false;
  if (src_.failed()) return Fail("");
  int64_t flags = flags_;
  auto value_error = [&](const char* msg) {
    *err_ = ReError{ReError::kValue, msg, -1};
    return false;
  };
  if (is_str_) {
    if (flags & kLocale) return value_error("cannot use LOCALE flag with a str pattern");
    if (!(flags & kAscii)) {
      flags |= kUnicode;
    } else if (flags & kUnicode) {
      return value_error("ASCII and UNICODE flags are incompatible");
    }
  } else {
    if (flags & kUnicode) return value_error("cannot use UNICODE flag with a bytes pattern");
    if ((flags & kLocale) && (flags & kAscii)) {
      return value_error("ASCII and LOCALE flags are incompatible");
    }
  }
  if (!src_.next().none) return Fail("unbalanced parenthesis");
  for (const auto& [g, pos] : cond_refs_) {
    if (g >= Groups(group_widths_)) {
      *err_ = ReError{ReError::kRe, absl::StrFormat("invalid group reference %d", g), pos};
      return false;
    }
  }
  if (!deferred_.empty()) {
    *err_ = ReError{ReError::kRe, deferred_, -1};
    return false;
  }
  out->pcre = std::move(top.text);
  out->flags = flags;
  out->groups = Groups(group_widths_) - 1;
  out->group_names = names_;
  out->group_parent = group_parent_;
  out->utf = is_str_;
  out->ucp = is_str_ && !(flags & kAscii);
  out->caseless = PcreCaseless(flags);
  return true;
}

}  // namespace

bool Translate(const std::vector<uint32_t>& pattern, bool is_str, int64_t flags, Translation* out,
               ReError* err) {
  Translator t(pattern, is_str, flags, err);
  return t.Run(out);
}

}  // namespace tc::script::re
