// str's split, rsplit, splitlines, partition, rpartition and strip
// methods over code points, with Unicode whitespace and line boundaries as
// CPython 3.11 has them.
#include <algorithm>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/str_helpers.h"
#include "src/utf8.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

const std::string& S(const Value& v) { return AsStr(v)->value; }

// Splits on runs of whitespace (sep=None), from the left.
void SplitWhitespace(const std::string& s, int64_t maxsplit, std::vector<Value>* out) {
  size_t i = 0;
  auto space_at = [&](size_t at, size_t* next) {
    *next = at;
    return IsUnicodeSpace(utf8::Decode(s, next));
  };
  size_t next;
  while (true) {
    while (i < s.size() && space_at(i, &next)) i = next;
    if (i >= s.size()) break;
    if (maxsplit >= 0 && static_cast<int64_t>(out->size()) == maxsplit) {
      // The rest, minus trailing whitespace.
      size_t e = s.size(), last_text = i;
      for (size_t k = i; k < e;) {
        bool sp = space_at(k, &next);
        if (!sp) last_text = next;
        k = next;
      }
      out->push_back(NewStr(s.substr(i, last_text - i)));
      break;
    }
    size_t j = i;
    while (j < s.size() && !space_at(j, &next)) j = next;
    out->push_back(NewStr(s.substr(i, j - i)));
    i = j;
  }
}

}  // namespace

bool SplitArgs(VM& vm, const ArgsView& args, const char* name, Value* a, int64_t* maxsplit) {
  static constexpr const char* kNames[] = {"sep", "maxsplit"};
  if (!ParseArgs(vm, args, name, kNames, 0, a)) return false;
  *maxsplit = -1;
  return a[1].is_null() || ToInt(vm, a[1], maxsplit);
}

namespace {

// Splits on runs of whitespace from the right, at most maxsplit >= 0 times;
// out in order.
void RSplitWhitespace(const std::string& s, int64_t maxsplit, std::vector<Value>* out) {
  // Words are found backwards over code points.
  size_t end = s.size();
  auto prev = [&](size_t at) {
    do {
      --at;
    } while (at > 0 && utf8::IsContinuation(s[at]));
    return at;
  };
  auto space_before = [&](size_t at) {
    size_t p = prev(at);
    return IsUnicodeSpace(utf8::Decode(s, &p));
  };
  while (true) {
    while (end > 0 && space_before(end)) end = prev(end);
    if (end == 0) break;
    if (static_cast<int64_t>(out->size()) == maxsplit) {
      size_t b = 0;
      size_t nx = 0;
      while (b < end && IsUnicodeSpace(utf8::Decode(s, &(nx = b)))) b = nx;
      out->push_back(NewStr(s.substr(b, end - b)));
      break;
    }
    size_t b = end;
    while (b > 0 && !space_before(b)) b = prev(b);
    out->push_back(NewStr(s.substr(b, end - b)));
    end = b;
  }
  std::reverse(out->begin(), out->end());
}

// Splits on `sep` (not empty) from the left, at most maxsplit times when
// it is >= 0.
void SplitOn(const std::string& s, const std::string& sep, int64_t maxsplit,
             std::vector<Value>* out) {
  size_t i = 0;
  while (true) {
    if (maxsplit >= 0 && static_cast<int64_t>(out->size()) == maxsplit) {
      out->push_back(NewStr(s.substr(i)));
      break;
    }
    size_t j = s.find(sep, i);
    if (j == std::string::npos) {
      out->push_back(NewStr(s.substr(i)));
      break;
    }
    out->push_back(NewStr(s.substr(i, j - i)));
    i = j + sep.size();
  }
}

// The same from the right; out in order.
void RSplitOn(const std::string& s, const std::string& sep, int64_t maxsplit,
              std::vector<Value>* out) {
  size_t end = s.size();
  while (maxsplit < 0 || static_cast<int64_t>(out->size()) < maxsplit) {
    size_t p = end >= sep.size() ? s.rfind(sep, end - sep.size()) : std::string::npos;
    if (p == std::string::npos) break;
    out->push_back(NewStr(s.substr(p + sep.size(), end - p - sep.size())));
    end = p;
  }
  out->push_back(NewStr(s.substr(0, end)));
  std::reverse(out->begin(), out->end());
}

// split, and rsplit (kRight).
template <bool kRight>
Value StrSplit(VM& vm, const Value& self, const ArgsView& args) {
  Value a[2];
  int64_t maxsplit;
  if (!SplitArgs(vm, args, kRight ? "rsplit" : "split", a, &maxsplit)) return {};
  const std::string& s = S(self);
  std::vector<Value> out;
  if (a[0].is_null() || a[0].is_none()) {
    // Without a limit, from the right or the left splits alike.
    if (kRight && maxsplit >= 0) {
      RSplitWhitespace(s, maxsplit, &out);
    } else {
      SplitWhitespace(s, maxsplit, &out);
    }
    return NewList(std::move(out));
  }
  const StrObject* sepo = StrArg(vm, a[0], "must be str or None");
  if (sepo == nullptr) return {};
  if (sepo->value.empty()) return RaiseValueError(vm, "empty separator");
  if (kRight) {
    RSplitOn(s, sepo->value, maxsplit, &out);
  } else {
    SplitOn(s, sepo->value, maxsplit, &out);
  }
  return NewList(std::move(out));
}

// Line boundaries of str.splitlines(): \n \r \r\n \v \f \x1c \x1d \x1e
// \x85 \u2028 \u2029.
bool IsLineBreak(uint32_t cp) {
  return cp == '\n' || cp == '\r' || cp == 0x0B || cp == 0x0C || cp == 0x1C || cp == 0x1D ||
         cp == 0x1E || cp == 0x85 || cp == 0x2028 || cp == 0x2029;
}

Value StrSplitLines(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"keepends"};
  Value a[1];
  if (!ParseArgs(vm, args, "splitlines", kNames, 0, a)) return {};
  int keep = 0;
  if (!a[0].is_null() && (keep = vm.Truthy(a[0])) < 0) return {};
  std::vector<Value> out;
  const std::string& s = S(self);
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i, eol = s.size(), next = s.size();
    while (j < s.size()) {
      size_t k = j;
      uint32_t cp = utf8::Decode(s, &k);
      if (IsLineBreak(cp)) {
        eol = j;
        next = cp == '\r' && k < s.size() && s[k] == '\n' ? k + 1 : k;
        break;
      }
      j = k;
    }
    out.push_back(NewStr(s.substr(i, (keep ? next : eol) - i)));
    i = next;
  }
  return NewList(std::move(out));
}

template <bool kRight>
Value StrPartition(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kRight ? "rpartition" : "partition", 1, 1)) return {};
  const StrObject* sepo = StrArg(vm, args[0]);
  if (sepo == nullptr) return {};
  if (sepo->value.empty()) return RaiseValueError(vm, "empty separator");
  const std::string& s = S(self);
  size_t p = kRight ? s.rfind(sepo->value) : s.find(sepo->value);
  if (p == std::string::npos) {
    return kRight ? NewTuple({NewStrN("", 0), NewStrN("", 0), self})
                  : NewTuple({self, NewStrN("", 0), NewStrN("", 0)});
  }
  return NewTuple({NewStr(s.substr(0, p)), args[0], NewStr(s.substr(p + sepo->value.size()))});
}

template <bool kLeft, bool kRight>
Value StrStrip(VM& vm, const Value& self, const ArgsView& args) {
  const char* name = StripMethodName(kLeft, kRight);
  if (!CheckArgCount(vm, args, name, 0, 1)) return {};
  const std::string& s = S(self);
  std::vector<uint32_t> chars;
  bool whitespace = true;
  if (args.nargs == 1 && !args[0].is_none()) {
    const std::string* c = StrValue(args[0]);
    if (c == nullptr)
      return RaiseTypeError(vm, absl::StrFormat("%s arg must be None or str", name));
    whitespace = false;
    for (size_t i = 0; i < c->size();) chars.push_back(utf8::Decode(*c, &i));
  }
  auto strip = [&](uint32_t cp) {
    return whitespace ? IsUnicodeSpace(cp)
                      : std::find(chars.begin(), chars.end(), cp) != chars.end();
  };
  size_t b = 0, e = s.size();
  if (kLeft) {
    while (b < e) {
      size_t k = b;
      if (!strip(utf8::Decode(s, &k))) break;
      b = k;
    }
  }
  if (kRight) {
    while (e > b) {
      size_t p = e;
      do {
        --p;
      } while (p > b && utf8::IsContinuation(s[p]));
      size_t k = p;
      if (!strip(utf8::Decode(s, &k))) break;
      e = p;
    }
  }
  if (b == 0 && e == s.size() && self.type() == Types().str) return self;
  return NewStr(s.substr(b, e - b));
}

constexpr MethodDef kSplitMethods[] = {
    {"split", StrSplit<false>},         {"rsplit", StrSplit<true>},
    {"splitlines", StrSplitLines},      {"partition", StrPartition<false>},
    {"rpartition", StrPartition<true>}, {"strip", StrStrip<true, true>},
    {"lstrip", StrStrip<true, false>},  {"rstrip", StrStrip<false, true>},
};

}  // namespace

void AddStrSplitMethods(Type* str) { AddMethods(str, kSplitMethods); }

}  // namespace tc::script
