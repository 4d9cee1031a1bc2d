// The token reader shared by the `re` pattern and template parsers
// (re_translate.cc, re_template.cc): a pattern's code points read one at a
// time, a backslash and the character after it as one token, with
// positions counted as CPython's re._parser.Tokenizer counts them, so error
// positions agree.
#ifndef TC_SCRIPT_SRC_RE_TOKENIZER_H_
#define TC_SCRIPT_SRC_RE_TOKENIZER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "re_translate.h"

namespace tc::script::re {

struct Tok {
  uint32_t c = 0;    // the character, or the one after the backslash
  bool esc = false;  // a backslash escape: two characters
  bool none = true;  // end of pattern
  bool Is(uint32_t ch) const { return !none && !esc && c == ch; }
  int64_t Len() const { return none ? 0 : esc ? 2 : 1; }
};

class Tokenizer {
 public:
  explicit Tokenizer(const std::vector<uint32_t>& s) : s_(s) { Step(); }

  const Tok& next() const { return next_; }
  Tok Get() {
    Tok t = next_;
    Step();
    return t;
  }
  bool Match(uint32_t ch) {
    if (!next_.Is(ch)) return false;
    Step();
    return true;
  }
  int64_t Tell() const { return index_ - next_.Len(); }
  void Seek(int64_t index) {
    index_ = index;
    Step();
  }
  int64_t size() const { return static_cast<int64_t>(s_.size()); }
  // A trailing lone backslash ("bad escape (end of pattern)"): CPython
  // raises it when the tokenizer reaches it, before anything parsed later.
  bool failed() const { return failed_; }

  // Sets *err to re.error(msg) at Tell() - offset; an earlier tokenizer
  // failure wins. Returns false.
  bool Error(ReError* err, std::string msg, int64_t offset = 0) const {
    if (failed_) {
      *err = ReError{ReError::kRe, "bad escape (end of pattern)", size() - 1};
    } else {
      *err = ReError{ReError::kRe, std::move(msg), Tell() - offset};
    }
    return false;
  }

 private:
  void Step() {
    if (index_ >= size()) {
      next_ = Tok{};
      return;
    }
    Tok t;
    t.none = false;
    t.c = s_[index_];
    if (t.c == '\\') {
      if (index_ + 1 >= size()) {
        failed_ = true;
        next_ = Tok{};
        return;
      }
      t.esc = true;
      t.c = s_[index_ + 1];
      index_ += 2;
    } else {
      index_ += 1;
    }
    next_ = t;
  }

  const std::vector<uint32_t>& s_;
  int64_t index_ = 0;
  Tok next_;
  bool failed_ = false;
};

inline bool IsDigit(const Tok& t) { return !t.none && !t.esc && t.c >= '0' && t.c <= '9'; }
inline bool IsOctDigit(const Tok& t) { return !t.none && !t.esc && t.c >= '0' && t.c <= '7'; }
inline bool IsHexDigit(const Tok& t) {
  return !t.none && !t.esc &&
         ((t.c >= '0' && t.c <= '9') || (t.c >= 'a' && t.c <= 'f') || (t.c >= 'A' && t.c <= 'F'));
}
inline bool IsAsciiLetter(uint32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A token's text as the pattern spells it ("\\d", "a"), UTF-8.
std::string TokText(const Tok& t);
// UTF-8 of code points (bytes patterns: their latin-1 reading).
std::string CodePointsUtf8(const std::vector<uint32_t>& cps);

}  // namespace tc::script::re

#endif  // TC_SCRIPT_SRC_RE_TOKENIZER_H_
