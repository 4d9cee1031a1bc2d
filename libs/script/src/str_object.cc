// StrObject's code point bookkeeping (count, byte offsets) and the helpers
// that cut a str by code point: one character, a slice, a sub-range.
#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/str_helpers.h"
#include "src/unicode_db.h"
#include "src/utf8.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// One offset per this many code points: s[i] walks at most this far.
constexpr int64_t kIndexStride = 32;
// Below this many bytes a walk from the start is as cheap as the index.
constexpr size_t kIndexMinBytes = 128;

// The single-character strings below U+0100, made once and shared (as
// CPython shares its latin-1 characters): iterating or indexing text then
// allocates nothing, and "abc"[0] is the same object as the constant "a".
StrObject* const* Latin1Chars() {
  static StrObject** table = [] {
    auto** t = new StrObject*[256];
    for (uint32_t c = 0; c < 256; ++c) t[c] = Intern(utf8::Encode(c));
    return t;
  }();
  return table;
}

}  // namespace

StrObject::~StrObject() = default;

int64_t StrObject::CountLength() const {
  length = utf8::IsAscii(value) ? static_cast<int64_t>(value.size()) : utf8::CountCodePoints(value);
  return length;
}

size_t StrObject::NonAsciiByteOffset(int64_t i) const {
  if (value.size() < kIndexMinBytes) return utf8::Advance(value, 0, i);
  if (index_ == nullptr) {
    auto idx = std::make_unique<std::vector<size_t>>();
    idx->reserve(static_cast<size_t>(Length() / kIndexStride + 1));
    int64_t k = 0;
    for (size_t b = 0; b < value.size(); ++b) {
      if (utf8::IsContinuation(value[b])) continue;
      if (k % kIndexStride == 0) idx->push_back(b);
      ++k;
    }
    index_ = std::move(idx);
  }
  if (i >= Length()) return value.size();
  size_t from = (*index_)[static_cast<size_t>(i / kIndexStride)];
  return utf8::Advance(value, from, i % kIndexStride);
}

Value NewStrN(std::string s, int64_t code_points) {
  return Value::Adopt(new StrObject(Types().str, std::move(s), code_points));
}

Value NewStrChar(uint32_t cp) {
  if (cp < 256) return Value::Borrow(Latin1Chars()[cp]);
  return NewStrN(utf8::Encode(cp), 1);
}

uint32_t StrCodePointAt(const StrObject* s, int64_t i) {
  if (s->IsAscii()) return static_cast<unsigned char>(s->value[static_cast<size_t>(i)]);
  size_t b = s->ByteOffset(i);
  return utf8::Decode(s->value, &b);
}

Value StrCharAt(const StrObject* s, int64_t i) { return NewStrChar(StrCodePointAt(s, i)); }

Value StrSubstr(const StrObject* s, int64_t begin, int64_t end) {
  if (begin >= end) return NewStrN(std::string(), 0);
  if (begin == 0 && end == s->Length() && s->type == Types().str) {
    return Value::Borrow(const_cast<StrObject*>(s));
  }
  if (end - begin == 1) return StrCharAt(s, begin);
  size_t b = s->ByteOffset(begin);
  size_t e = s->IsAscii() ? static_cast<size_t>(end) : utf8::Advance(s->value, b, end - begin);
  return NewStrN(s->value.substr(b, e - b), end - begin);
}

Value StrSlice(const StrObject* s, int64_t start, int64_t step, int64_t n) {
  if (step == 1) return StrSubstr(s, start, start + n);
  std::string out;
  if (s->IsAscii()) {
    out.reserve(static_cast<size_t>(n));
    for (int64_t i = 0, j = start; i < n; ++i, j += step) out += s->value[static_cast<size_t>(j)];
    return NewStrN(std::move(out), n);
  }
  if (n == 0) return NewStrN(std::string(), 0);
  // Walk in code points from the first, forwards or backwards.
  size_t b = s->ByteOffset(start);
  const std::string& v = s->value;
  for (int64_t i = 0; i < n; ++i) {
    size_t at = b;
    size_t next = b;
    utf8::Decode(v, &next);
    out.append(v, at, next - at);
    if (i + 1 == n) break;
    if (step > 0) {
      b = utf8::Advance(v, b, step);
    } else {
      for (int64_t k = 0; k < -step; ++k) {
        do {
          --b;
        } while (b > 0 && utf8::IsContinuation(v[b]));
      }
    }
  }
  return NewStrN(std::move(out), n);
}

const std::string* StrArgText(VM& vm, const Value& v, const char* fname, const char* name,
                              bool or_none) {
  const std::string* s = StrValue(v);
  if (s == nullptr) {
    RaiseTypeError(vm, absl::StrFormat("%s() argument %smust be str%s, not %s", fname,
                                       name != nullptr ? absl::StrFormat("'%s' ", name) : "",
                                       or_none ? " or None" : "", TypeName(v)));
  }
  return s;
}

const StrObject* StrArg(VM& vm, const Value& v, const char* what) {
  if (StrValue(v) == nullptr) {
    RaiseTypeError(vm, absl::StrFormat("%s, not %s", what, TypeName(v)));
    return nullptr;
  }
  return AsStr(v);
}

bool IsUnicodeSpace(uint32_t cp) {
  if (cp < 0x80) return cp == ' ' || (cp >= '\t' && cp <= '\r') || (cp >= 0x1C && cp <= 0x1F);
  return unicode::Has(cp, unicode::kSpace);
}

namespace {

// `text` with ASCII kept and each other code point replaced by what
// `replace(cp, &out)` appends.
template <typename Replace>
std::string ReplaceNonAscii(std::string_view text, Replace replace) {
  if (utf8::IsAscii(text)) return std::string(text);
  std::string out;
  for (size_t i = 0; i < text.size();) {
    uint32_t cp = utf8::Decode(text, &i);
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else {
      replace(cp, &out);
    }
  }
  return out;
}

}  // namespace

std::string AsciiEscape(std::string_view repr) {
  return ReplaceNonAscii(repr, [](uint32_t cp, std::string* out) {
    if (cp <= 0xFF) {
      absl::StrAppendFormat(out, "\\x%02x", cp);
    } else if (cp <= 0xFFFF) {
      absl::StrAppendFormat(out, "\\u%04x", cp);
    } else {
      absl::StrAppendFormat(out, "\\U%08x", cp);
    }
  });
}

std::string DecimalAndSpaceToAscii(std::string_view text) {
  return ReplaceNonAscii(text, [](uint32_t cp, std::string* out) {
    if (unicode::Has(cp, unicode::kSpace)) {
      out->push_back(' ');
    } else if (int d = unicode::DecimalValue(cp); d >= 0) {
      out->push_back(static_cast<char>('0' + d));
    } else {
      out->push_back('?');
    }
  });
}

int64_t StrCodePointIndex(const StrObject* s, size_t byte_offset) {
  if (s->IsAscii()) return static_cast<int64_t>(byte_offset);
  return utf8::CountCodePoints(std::string_view(s->value).substr(0, byte_offset));
}

}  // namespace tc::script
