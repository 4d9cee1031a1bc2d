// The `re` module's objects (module_re.cc, re_pattern.cc, re_match.cc):
// Pattern (a PCRE2 program compiled from a translated pattern, with
// Python's group names and flags) and Match (spans in code points for str
// subjects, in bytes for bytes), and the matching loop they share.
#ifndef TC_SCRIPT_SRC_RE_OBJECTS_H_
#define TC_SCRIPT_SRC_RE_OBJECTS_H_

#define PCRE2_CODE_UNIT_WIDTH 8
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tc/script/native.h"

#include "re_translate.h"
#include <pcre2.h>

namespace tc::script::re {

struct PatternObject : Object {
  explicit PatternObject(Type* t) : Object(t) {}
  ~PatternObject() override;
  Value pattern;  // the str or bytes it was compiled from
  bool is_str = true;
  int64_t flags = 0;
  int64_t groups = 0;
  std::vector<std::pair<std::string, int64_t>> names;
  std::vector<int64_t> group_parent;
  pcre2_code* code = nullptr;
  pcre2_match_data* match_data = nullptr;
};

struct MatchObject : Object {
  explicit MatchObject(Type* t) : Object(t) {}
  Value string;
  Value pattern;
  int64_t pos = 0, endpos = 0;
  std::vector<int64_t> spans;  // start, end per group; -1 when unmatched
  std::vector<size_t> bytes;   // the same as byte offsets
  int64_t lastindex = -1;
};

Type* PatternType();
Type* MatchType();

// A subject string: its bytes, and code point <-> byte offsets (str).
class Subject {
 public:
  // False with TypeError set when `v` does not suit the pattern.
  bool Init(VM& vm, const Value& v, bool pattern_is_str);
  const Value& value() const { return value_; }
  std::string_view data() const { return data_; }
  int64_t length() const { return length_; }
  size_t ByteOf(int64_t index) const;
  // Offsets passed in non-decreasing order are counted incrementally.
  int64_t IndexOf(size_t byte);

 private:
  Value value_;
  std::string_view data_;
  const StrObject* str_ = nullptr;  // null for bytes
  int64_t length_ = 0;
  size_t cursor_byte_ = 0;
  int64_t cursor_index_ = 0;
};

// One search from `start` (code point index) in subject[:endpos];
// `anchor`: 0 search, 1 match at start, 2 fullmatch. must_advance: an empty
// match at `start` does not count. Returns the Match, None, or null with
// an exception set.
Value RunMatch(VM& vm, const Value& pattern, Subject& subject, int64_t start, int64_t endpos,
               int anchor, bool must_advance, int64_t pos);

// pos/endpos arguments clamped as _sre does.
bool PosArgs(VM& vm, const Value& pos, const Value& endpos, int64_t length, int64_t* p, int64_t* e);

// Match.group(i) for a valid index i; None when unmatched (or `dflt`).
Value MatchGroup(const MatchObject* m, int64_t i, const Value& dflt);
// The group number for a group() argument (int or name); -1 with
// IndexError("no such group") set.
int64_t MatchGroupIndex(VM& vm, const MatchObject* m, const Value& g);
// Expands a parsed template against a match.
Value ExpandTemplate(VM&, const MatchObject* m, const std::vector<TemplateItem>& items);
// Parses `tmpl` (str or bytes matching the pattern) as a template; raises
// re.error / IndexError / TypeError on failure.
bool CompileTemplate(VM& vm, const PatternObject* p, const Value& tmpl,
                     std::vector<TemplateItem>* out);

// Raises what a ReError stands for (re.error(msg, pattern, pos), ...).
Value RaiseReError(VM& vm, const ReError& e, const Value& pattern);
// The code points of a str, or the bytes of a bytes pattern as 0..255.
std::vector<uint32_t> PatternCodePoints(const Value& v, bool is_str);

// re.Match / re.Pattern methods (re_match.cc, re_pattern.cc).
void InitMatchType(Type* t);
void InitPatternType(Type* t);

}  // namespace tc::script::re

#endif  // TC_SCRIPT_SRC_RE_OBJECTS_H_
