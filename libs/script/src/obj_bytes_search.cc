// bytes' and bytearray's search, split, strip, replace and ASCII case
// methods (CPython 3.11's behaviour and error texts).
#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/module_unsupported.h"
#include "src/obj_bytes.h"
#include "src/str_helpers.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

bool Needle(VM& vm, const Value& v, std::string* out) {
  if (const std::string* b = BytesValue(v)) {
    *out = *b;
    return true;
  }
  if (v.is_int() || v.is_bool()) {
    unsigned char c;
    if (!ByteOf(vm, v, &c, "byte must be in range(0, 256)")) return false;
    *out = std::string(1, static_cast<char>(c));
    return true;
  }
  RaiseTypeError(vm, absl::StrFormat("argument should be integer or bytes-like object, not '%s'",
                                     TypeName(v)));
  return false;
}

template <bool kReverse, bool kRaise>
Value BytesFind(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, FindMethodName(kReverse, kRaise), 1, 3)) return {};
  std::string sub;
  if (!Needle(vm, args[0], &sub)) return {};
  const std::string& d = AsBytes(self)->data;
  int64_t n = static_cast<int64_t>(d.size()), b = 0, e = n;
  if (args.nargs > 1 && !args[1].is_none() && !ToInt(vm, args[1], &b)) return {};
  if (args.nargs > 2 && !args[2].is_none() && !ToInt(vm, args[2], &e)) return {};
  if (e > n) e = n;
  if (e < 0) e = std::max<int64_t>(0, e + n);
  if (b < 0) b = std::max<int64_t>(0, b + n);
  int64_t r = -1;
  if (b <= e) {
    std::string_view view(d.data() + b, static_cast<size_t>(e - b));
    size_t p = kReverse ? view.rfind(sub) : view.find(sub);
    if (p != std::string_view::npos) r = b + static_cast<int64_t>(p);
  }
  if (r < 0 && kRaise) return RaiseValueError(vm, "subsection not found");
  return Value::Int(r);
}
Value BytesCount(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "count", 1, 1)) return {};
  std::string sub;
  if (!Needle(vm, args[0], &sub)) return {};
  const std::string& d = AsBytes(self)->data;
  if (sub.empty()) return Value::Int(static_cast<int64_t>(d.size()) + 1);
  int64_t n = 0;
  for (size_t p = 0; (p = d.find(sub, p)) != std::string::npos; p += sub.size()) ++n;
  return Value::Int(n);
}

template <bool kStarts>
Value BytesStartsEnds(VM& vm, const Value& self, const ArgsView& args) {
  const char* name = kStarts ? "startswith" : "endswith";
  if (!CheckArgCount(vm, args, name, 1, 1)) return {};
  const std::string& d = AsBytes(self)->data;
  auto test = [&](const std::string& p) {
    if (p.size() > d.size()) return false;
    return kStarts ? d.compare(0, p.size(), p) == 0
                   : d.compare(d.size() - p.size(), p.size(), p) == 0;
  };
  if (IsInstance(args[0], Types().tuple)) {
    for (const Value& v : Cast<TupleObject>(args[0])->items) {
      const std::string* p = BytesArg(vm, v);
      if (p == nullptr) return {};
      if (test(*p)) return Value::Bool(true);
    }
    return Value::Bool(false);
  }
  const std::string* p = BytesValue(args[0]);
  if (p == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("%s first arg must be bytes or a tuple of bytes, not %s", name,
                            TypeName(args[0])));
  }
  return Value::Bool(test(*p));
}

Value BytesJoin(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "join", 1, 1)) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, args[0])) return {};
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string* p = BytesValue(items[i]);
    if (p == nullptr) {
      return RaiseTypeError(vm,
                            absl::StrFormat("sequence item %d: expected a bytes-like object, %s "
                                            "found",
                                            i, TypeName(items[i])));
    }
    if (i > 0) out += AsBytes(self)->data;
    out += *p;
  }
  return MakeBytesLike(self, std::move(out));
}

bool IsAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

Value BytesSplit(VM& vm, const Value& self, const ArgsView& args) {
  Value a[2];
  int64_t maxsplit;
  if (!SplitArgs(vm, args, "split", a, &maxsplit)) return {};
  const std::string& d = AsBytes(self)->data;
  std::vector<Value> out;
  if (a[0].is_null() || a[0].is_none()) {
    size_t i = 0;
    while (true) {
      while (i < d.size() && IsAsciiSpace(d[i])) ++i;
      if (i >= d.size()) break;
      if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
        size_t e = d.size();
        while (e > i && IsAsciiSpace(d[e - 1])) --e;
        out.push_back(MakeBytesLike(self, d.substr(i, e - i)));
        break;
      }
      size_t j = i;
      while (j < d.size() && !IsAsciiSpace(d[j])) ++j;
      out.push_back(MakeBytesLike(self, d.substr(i, j - i)));
      i = j;
    }
    return NewList(std::move(out));
  }
  const std::string* sep = BytesArg(vm, a[0]);
  if (sep == nullptr) return {};
  if (sep->empty()) return RaiseValueError(vm, "empty separator");
  size_t i = 0;
  while (true) {
    size_t j = maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit ? std::string::npos
                                                                             : d.find(*sep, i);
    if (j == std::string::npos) {
      out.push_back(MakeBytesLike(self, d.substr(i)));
      break;
    }
    out.push_back(MakeBytesLike(self, d.substr(i, j - i)));
    i = j + sep->size();
  }
  return NewList(std::move(out));
}

template <bool kLeft, bool kRight>
Value BytesStrip(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, StripMethodName(kLeft, kRight), 0, 1)) return {};
  std::string chars = " \t\n\r\f\v";
  if (args.nargs == 1 && !args[0].is_none()) {
    const std::string* c = BytesArg(vm, args[0]);
    if (c == nullptr) return {};
    chars = *c;
  }
  const std::string& d = AsBytes(self)->data;
  size_t b = 0, e = d.size();
  if (kLeft)
    while (b < e && chars.find(d[b]) != std::string::npos) ++b;
  if (kRight)
    while (e > b && chars.find(d[e - 1]) != std::string::npos) --e;
  return MakeBytesLike(self, d.substr(b, e - b));
}

Value BytesReplace(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "replace", 2, 3)) return {};
  const std::string* old = BytesArg(vm, args[0]);
  if (old == nullptr) return {};
  const std::string* neu = BytesArg(vm, args[1]);
  if (neu == nullptr) return {};
  int64_t count = -1;
  if (args.nargs == 3 && !ToInt(vm, args[2], &count)) return {};
  const std::string& d = AsBytes(self)->data;
  std::string out;
  int64_t n = 0;
  if (old->empty()) {
    for (size_t i = 0; i <= d.size(); ++i) {
      if (count < 0 || n < count) {
        out += *neu;
        ++n;
      }
      if (i < d.size()) out += d[i];
    }
    return MakeBytesLike(self, std::move(out));
  }
  size_t i = 0;
  while (true) {
    size_t j = count >= 0 && n >= count ? std::string::npos : d.find(*old, i);
    if (j == std::string::npos) {
      out.append(d, i, std::string::npos);
      break;
    }
    out.append(d, i, j - i);
    out += *neu;
    i = j + old->size();
    ++n;
  }
  return MakeBytesLike(self, std::move(out));
}

template <bool kUpper>
Value BytesCase(VM&, const Value& self, const ArgsView&) {
  std::string d = AsBytes(self)->data;
  for (char& c : d) {
    if (kUpper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 32);
    if (!kUpper && c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  }
  return MakeBytesLike(self, std::move(d));
}

template <int (*Pred)(int)>
Value BytesIs(VM&, const Value& self, const ArgsView&) {
  const std::string& d = AsBytes(self)->data;
  if (d.empty()) return Value::Bool(false);
  for (unsigned char c : d)
    if (c >= 0x80 || !Pred(c)) return Value::Bool(false);
  return Value::Bool(true);
}
int IsDigitB(int c) { return c >= '0' && c <= '9'; }
int IsAlphaB(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
int IsAlnumB(int c) { return IsDigitB(c) || IsAlphaB(c); }
int IsSpaceB(int c) { return IsAsciiSpace(static_cast<char>(c)); }

// isupper/islower: some cased ASCII letter and none of the other case.
template <bool kUpper>
Value BytesIsCase(VM&, const Value& self, const ArgsView&) {
  bool cased = false;
  for (char c : AsBytes(self)->data) {
    bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z';
    if (kUpper ? lower : upper) return Value::Bool(false);
    cased |= kUpper ? upper : lower;
  }
  return Value::Bool(cased);
}
Value BytesIsAscii(VM&, const Value& self, const ArgsView&) {
  for (char c : AsBytes(self)->data)
    if (static_cast<unsigned char>(c) >= 0x80) return Value::Bool(false);
  return Value::Bool(true);
}

template <bool kRight>
Value BytesPartition(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kRight ? "rpartition" : "partition", 1, 1)) return {};
  const std::string* sep = BytesArg(vm, args[0]);
  if (sep == nullptr) return {};
  if (sep->empty()) return RaiseValueError(vm, "empty separator");
  const std::string& d = AsBytes(self)->data;
  size_t p = kRight ? d.rfind(*sep) : d.find(*sep);
  if (p == std::string::npos) {
    Value whole = MakeBytesLike(self, d);
    return kRight ? NewTuple({MakeBytesLike(self, ""), MakeBytesLike(self, ""), whole})
                  : NewTuple({whole, MakeBytesLike(self, ""), MakeBytesLike(self, "")});
  }
  return NewTuple({MakeBytesLike(self, d.substr(0, p)), MakeBytesLike(self, *sep),
                   MakeBytesLike(self, d.substr(p + sep->size()))});
}

template <bool kPrefix>
Value BytesRemoveAffix(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kPrefix ? "removeprefix" : "removesuffix", 1, 1)) return {};
  const std::string* a = BytesArg(vm, args[0]);
  if (a == nullptr) return {};
  const std::string& d = AsBytes(self)->data;
  if (a->size() <= d.size()) {
    if (kPrefix && d.compare(0, a->size(), *a) == 0) {
      return MakeBytesLike(self, d.substr(a->size()));
    }
    if (!kPrefix && d.compare(d.size() - a->size(), a->size(), *a) == 0) {
      return MakeBytesLike(self, d.substr(0, d.size() - a->size()));
    }
  }
  return MakeBytesLike(self, d);
}

// CPython's bytes methods that tc lacks: a clear NotImplementedError
// (hasattr() False), not an AttributeError that reads as if Python had none.
constexpr const char* kUnsupported[] = {
    "capitalize", "center",     "expandtabs", "istitle", "ljust",     "maketrans", "rjust",
    "rsplit",     "splitlines", "swapcase",   "title",   "translate", "zfill"};
Value BytesGetAttr(VM& vm, const Value& self, const ArgsView& args) {
  return UnsupportedMethodGetAttr(vm, self, args, TypeName(self), kUnsupported);
}

constexpr MethodDef kSearchMethods[] = {
    // Searching.
    {"find", BytesFind<false, false>},
    {"rfind", BytesFind<true, false>},
    {"index", BytesFind<false, true>},
    {"rindex", BytesFind<true, true>},
    {"count", BytesCount},
    {"startswith", BytesStartsEnds<true>},
    {"endswith", BytesStartsEnds<false>},
    // Joining, splitting, trimming, replacing.
    {"join", BytesJoin},
    {"split", BytesSplit},
    {"partition", BytesPartition<false>},
    {"rpartition", BytesPartition<true>},
    {"strip", BytesStrip<true, true>},
    {"lstrip", BytesStrip<true, false>},
    {"rstrip", BytesStrip<false, true>},
    {"removeprefix", BytesRemoveAffix<true>},
    {"removesuffix", BytesRemoveAffix<false>},
    {"replace", BytesReplace},
    // ASCII case and classes.
    {"upper", BytesCase<true>},
    {"lower", BytesCase<false>},
    {"isupper", BytesIsCase<true>},
    {"islower", BytesIsCase<false>},
    {"isdigit", BytesIs<IsDigitB>},
    {"isalpha", BytesIs<IsAlphaB>},
    {"isalnum", BytesIs<IsAlnumB>},
    {"isspace", BytesIs<IsSpaceB>},
    {"isascii", BytesIsAscii},
    // CPython's methods that tc lacks.
    {"__getattr__", BytesGetAttr},
};

}  // namespace

void AddBytesSearchMethods(Type* t) { AddMethods(t, kSearchMethods); }

}  // namespace tc::script
