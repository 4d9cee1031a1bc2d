// Running a compiled pattern (re_objects.h): subjects as PCRE2 sees them
// (UTF-8 bytes) and as Python counts them (code points), and one search
// turned into a Match object.
#include <algorithm>
#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"

#include "re_objects.h"
#include "str_helpers.h"
#include "utf8.h"
#include "vm_internal.h"

namespace tc::script::re {

PatternObject::~PatternObject() {
  if (match_data != nullptr) pcre2_match_data_free(match_data);
  if (code != nullptr) pcre2_code_free(code);
}

std::vector<uint32_t> PatternCodePoints(const Value& v, bool is_str) {
  std::vector<uint32_t> out;
  if (is_str) {
    const std::string& s = *StrValue(v);
    for (size_t i = 0; i < s.size();) out.push_back(utf8::Decode(s, &i));
  } else {
    for (unsigned char c : *BytesValue(v)) out.push_back(c);
  }
  return out;
}

bool Subject::Init(VM& vm, const Value& v, bool pattern_is_str) {
  value_ = v;
  if (const std::string* s = StrValue(v)) {
    if (!pattern_is_str) {
      RaiseTypeError(vm, "cannot use a bytes pattern on a string-like object");
      return false;
    }
    str_ = AsStr(v);
    data_ = *s;
    length_ = str_->Length();
    return true;
  }
  if (const std::string* b = BytesValue(v)) {
    if (pattern_is_str) {
      RaiseTypeError(vm, "cannot use a string pattern on a bytes-like object");
      return false;
    }
    data_ = *b;
    length_ = static_cast<int64_t>(b->size());
    return true;
  }
  RaiseTypeError(vm, absl::StrCat("expected string or bytes-like object, got '",
                                  std::string(TypeName(v)), "'"));
  return false;
}

size_t Subject::ByteOf(int64_t index) const {
  return str_ == nullptr ? static_cast<size_t>(index) : str_->ByteOffset(index);
}

int64_t Subject::IndexOf(size_t byte) {
  if (str_ == nullptr || str_->IsAscii()) return static_cast<int64_t>(byte);
  if (byte < cursor_byte_) {
    cursor_byte_ = 0;
    cursor_index_ = 0;
  }
  cursor_index_ += utf8::CountCodePoints(data_.substr(cursor_byte_, byte - cursor_byte_));
  cursor_byte_ = byte;
  return cursor_index_;
}

bool PosArgs(VM& vm, const Value& pos, const Value& endpos, int64_t length, int64_t* p,
             int64_t* e) {
  *p = 0;
  *e = length;
  if (!pos.is_null() && !ToInt(vm, pos, p)) return false;
  if (!endpos.is_null() && !ToInt(vm, endpos, e)) return false;
  *p = std::clamp<int64_t>(*p, 0, length);
  *e = std::clamp<int64_t>(*e, 0, length);
  return true;
}

namespace {

// One JIT stack for every match: PCRE2's default (32 KiB on the machine
// stack) is too small for patterns that backtrack deeply.
pcre2_match_context* MatchContext() {
  static pcre2_match_context* ctx = [] {
    pcre2_match_context* c = pcre2_match_context_create(nullptr);
    pcre2_jit_stack* stack = pcre2_jit_stack_create(64 * 1024, 64 * 1024 * 1024, nullptr);
    pcre2_jit_stack_assign(c, nullptr, stack);
    return c;
  }();
  return ctx;
}

// _sre's lastindex is the group that closed last: of the matched groups,
// the one ending last; at equal ends an enclosing group closes after the
// groups inside it, and of two side by side the later one closes last.
int64_t LastIndex(const PatternObject* p, const std::vector<int64_t>& spans) {
  int64_t best = -1;
  auto encloses = [&](int64_t outer, int64_t inner) {
    for (int64_t g = p->group_parent[inner]; g != 0; g = p->group_parent[g])
      if (g == outer) return true;
    return false;
  };
  for (int64_t g = 1; g <= p->groups; ++g) {
    if (spans[2 * g] < 0) continue;
    if (best < 0 || spans[2 * g + 1] > spans[2 * best + 1] ||
        (spans[2 * g + 1] == spans[2 * best + 1] && !encloses(best, g))) {
      best = g;
    }
  }
  return best;
}

}  // namespace

Value RunMatch(VM& vm, const Value& pattern, Subject& subject, int64_t start, int64_t endpos,
               int anchor, bool must_advance, int64_t pos) {
  auto* p = Cast<PatternObject>(pattern);
  if (start > endpos) return Value::None();
  size_t end_byte = subject.ByteOf(endpos);
  size_t start_byte = subject.ByteOf(start);
  uint32_t options = 0;
  if (anchor >= 1) options |= PCRE2_ANCHORED;
  if (anchor == 2) options |= PCRE2_ENDANCHORED;
  if (must_advance) options |= PCRE2_NOTEMPTY_ATSTART;
  int rc = pcre2_match(p->code, reinterpret_cast<PCRE2_SPTR>(subject.data().data()), end_byte,
                       start_byte, options, p->match_data, MatchContext());
  if (rc == PCRE2_ERROR_NOMATCH) return Value::None();
  if (rc < 0) {
    PCRE2_UCHAR buf[256];
    pcre2_get_error_message(rc, buf, sizeof(buf));
    return RaiseRuntimeError(vm, absl::StrCat("re: PCRE2 could not run the pattern: ",
                                              reinterpret_cast<const char*>(buf)));
  }
  PCRE2_SIZE* ov = pcre2_get_ovector_pointer(p->match_data);
  auto* m = new MatchObject(MatchType());
  Value result = Value::Adopt(m);
  m->string = subject.value();
  m->pattern = pattern;
  m->pos = pos;
  m->endpos = endpos;
  int64_t n = p->groups + 1;
  m->spans.assign(2 * n, -1);
  m->bytes.assign(2 * n, 0);
  // Offsets in increasing order keep Subject::IndexOf incremental.
  std::vector<std::pair<size_t, int64_t>> order;
  for (int64_t g = 0; g < n && g < rc; ++g) {
    if (ov[2 * g] == PCRE2_UNSET) continue;
    order.push_back({ov[2 * g], 2 * g});
    order.push_back({ov[2 * g + 1], 2 * g + 1});
  }
  std::sort(order.begin(), order.end());
  for (auto [byte, slot] : order) {
    m->bytes[slot] = byte;
    m->spans[slot] = subject.IndexOf(byte);
  }
  m->lastindex = LastIndex(p, m->spans);
  return result;
}

bool CompileTemplate(VM& vm, const PatternObject* p, const Value& tmpl,
                     std::vector<TemplateItem>* out) {
  bool ok = p->is_str ? StrValue(tmpl) != nullptr : BytesValue(tmpl) != nullptr;
  if (!ok) {
    RaiseTypeError(vm, p->is_str ? absl::StrCat("expected str instance, ",
                                                std::string(TypeName(tmpl)), " found")
                                 : absl::StrCat("expected a bytes-like object, ",
                                                std::string(TypeName(tmpl)), " found"));
    return false;
  }
  ReError err;
  if (!ParseTemplate(PatternCodePoints(tmpl, p->is_str), p->is_str, p->names, p->groups, out,
                     &err)) {
    RaiseReError(vm, err, tmpl);
    return false;
  }
  return true;
}

}  // namespace tc::script::re
