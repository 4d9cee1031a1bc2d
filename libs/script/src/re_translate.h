// The `re` module's pattern front end: reads a pattern in Python's regex
// syntax (CPython 3.11's re/_parser.py is the reference for what is valid
// and for the error texts and positions) and writes the equivalent PCRE2
// pattern, with Python's meanings spelled out explicitly wherever PCRE2's
// defaults differ (\s, \Z, ^ and $, the ASCII flag, ...). Knows nothing of
// the VM: the module (module_re.cc) turns a ReError into re.error.
#ifndef TC_SCRIPT_SRC_RE_TRANSLATE_H_
#define TC_SCRIPT_SRC_RE_TRANSLATE_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tc::script::re {

// CPython's SRE flag bits (re.I == 2, ...).
enum Flag : int64_t {
  kTemplate = 1,
  kIgnoreCase = 2,
  kLocale = 4,
  kMultiline = 8,
  kDotAll = 16,
  kUnicode = 32,
  kVerbose = 64,
  kDebug = 128,
  kAscii = 256,
};

// CPython's _sre.MAXREPEAT and MAXGROUPS on 64-bit builds.
constexpr int64_t kMaxRepeat = 4294967295;
constexpr int64_t kMaxGroups = 2147483647;

// A pattern or template that Python rejects (re.error(msg, pattern, pos);
// pos -1: none), or one tc cannot run (kind kOverflow: OverflowError,
// kValue: ValueError, kUnsupported: NotImplementedError, kIndex:
// IndexError).
struct ReError {
  enum Kind { kRe, kValue, kOverflow, kUnsupported, kIndex } kind = kRe;
  std::string msg;
  int64_t pos = -1;
};

struct Translation {
  std::string pcre;   // PCRE2 syntax, UTF-8 for str patterns
  int64_t flags = 0;  // the pattern's flags as Pattern.flags reports them
  int64_t groups = 0;
  // Named groups in order of definition.
  std::vector<std::pair<std::string, int64_t>> group_names;
  // Enclosing capture group of each group (index 0 unused; 0: none), for
  // Match.lastindex.
  std::vector<int64_t> group_parent;
  bool utf = false;       // str pattern: compile with PCRE2_UTF
  bool ucp = false;       // PCRE2_UCP: Unicode \b and caseless matching
  bool caseless = false;  // PCRE2_CASELESS for the whole pattern
};

// Translates `pattern` (code points; bytes patterns as values 0..255) with
// `flags` (already checked for type conflicts by the caller). False with
// *err set when Python would reject it.
bool Translate(const std::vector<uint32_t>& pattern, bool is_str, int64_t flags, Translation* out,
               ReError* err);

// A replacement template, parsed (CPython's parse_template): literal
// pieces and group references, in order.
struct TemplateItem {
  int64_t group = -1;       // -1: literal
  std::string literal;      // UTF-8 (str) or raw bytes
  int64_t literal_len = 0;  // in code points (str) or bytes
};
// `names` maps group names to numbers; `groups` is the pattern's count.
bool ParseTemplate(const std::vector<uint32_t>& tmpl, bool is_str,
                   const std::vector<std::pair<std::string, int64_t>>& names, int64_t groups,
                   std::vector<TemplateItem>* out, ReError* err);

// Whether a group name is a Python identifier (str.isidentifier()).
bool IsIdentifierName(const std::vector<uint32_t>& name);

}  // namespace tc::script::re

#endif  // TC_SCRIPT_SRC_RE_TRANSLATE_H_
