// bytes' and bytearray's search, split, strip, replace and ASCII case
// methods (CPython 3.11's behaviour and error texts).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/module_unsupported.h"
#include "src/obj_bytes.h"
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

Value FindImpl(VM& vm, const Value& self, const ArgsView& args, const char* name, bool reverse,
               bool raise) {
  if (!CheckArgCount(vm, args, name, 1, 3)) return {};
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
    size_t p = reverse ? view.rfind(sub) : view.find(sub);
    if (p != std::string_view::npos) r = b + static_cast<int64_t>(p);
  }
  if (r < 0 && raise) return RaiseValueError(vm, "subsection not found");
  return Value::Int(r);
}
Value BytesFind(VM& vm, const Value& s, const ArgsView& a) {
  return FindImpl(vm, s, a, "find", false, false);
}
Value BytesRFind(VM& vm, const Value& s, const ArgsView& a) {
  return FindImpl(vm, s, a, "rfind", true, false);
}
Value BytesIndex(VM& vm, const Value& s, const ArgsView& a) {
  return FindImpl(vm, s, a, "index", false, true);
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

Value StartsEnds(VM& vm, const Value& self, const ArgsView& args, bool starts) {
  const char* name = starts ? "startswith" : "endswith";
  if (!CheckArgCount(vm, args, name, 1, 1)) return {};
  const std::string& d = AsBytes(self)->data;
  auto test = [&](const std::string& p) {
    if (p.size() > d.size()) return false;
    return starts ? d.compare(0, p.size(), p) == 0
                  : d.compare(d.size() - p.size(), p.size(), p) == 0;
  };
  if (IsInstance(args[0], Types().tuple)) {
    for (const Value& v : Cast<TupleObject>(args[0])->items) {
      const std::string* p = BytesValue(v);
      if (p == nullptr) {
        return RaiseTypeError(
            vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(v)));
      }
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
Value BytesStartsWith(VM& vm, const Value& s, const ArgsView& a) {
  return StartsEnds(vm, s, a, true);
}
Value BytesEndsWith(VM& vm, const Value& s, const ArgsView& a) {
  return StartsEnds(vm, s, a, false);
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
  static constexpr const char* kNames[] = {"sep", "maxsplit"};
  Value a[2];
  if (!ParseArgs(vm, args, "split", kNames, 0, a)) return {};
  int64_t maxsplit = -1;
  if (!a[1].is_null() && !ToInt(vm, a[1], &maxsplit)) return {};
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
  const std::string* sep = BytesValue(a[0]);
  if (sep == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(a[0])));
  }
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

Value StripImpl(VM& vm, const Value& self, const ArgsView& args, bool left, bool right,
                const char* name) {
  if (!CheckArgCount(vm, args, name, 0, 1)) return {};
  std::string chars = " \t\n\r\f\v";
  if (args.nargs == 1 && !args[0].is_none()) {
    const std::string* c = BytesValue(args[0]);
    if (c == nullptr) {
      return RaiseTypeError(
          vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(args[0])));
    }
    chars = *c;
  }
  const std::string& d = AsBytes(self)->data;
  size_t b = 0, e = d.size();
  if (left)
    while (b < e && chars.find(d[b]) != std::string::npos) ++b;
  if (right)
    while (e > b && chars.find(d[e - 1]) != std::string::npos) --e;
  return MakeBytesLike(self, d.substr(b, e - b));
}
Value BytesStrip(VM& vm, const Value& s, const ArgsView& a) {
  return StripImpl(vm, s, a, true, true, "strip");
}
Value BytesLStrip(VM& vm, const Value& s, const ArgsView& a) {
  return StripImpl(vm, s, a, true, false, "lstrip");
}
Value BytesRStrip(VM& vm, const Value& s, const ArgsView& a) {
  return StripImpl(vm, s, a, false, true, "rstrip");
}

Value BytesReplace(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "replace", 2, 3)) return {};
  const std::string* old = BytesValue(args[0]);
  const std::string* neu = BytesValue(args[1]);
  if (old == nullptr || neu == nullptr) {
    const Value& bad = old == nullptr ? args[0] : args[1];
    return RaiseTypeError(
        vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(bad)));
  }
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

Value BytesRIndex(VM& vm, const Value& s, const ArgsView& a) {
  return FindImpl(vm, s, a, "rindex", true, true);
}

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

Value PartitionImpl(VM& vm, const Value& self, const ArgsView& args, bool right) {
  if (!CheckArgCount(vm, args, right ? "rpartition" : "partition", 1, 1)) return {};
  const std::string* sep = BytesValue(args[0]);
  if (sep == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(args[0])));
  }
  if (sep->empty()) return RaiseValueError(vm, "empty separator");
  const std::string& d = AsBytes(self)->data;
  size_t p = right ? d.rfind(*sep) : d.find(*sep);
  if (p == std::string::npos) {
    Value whole = MakeBytesLike(self, d);
    return right ? NewTuple({MakeBytesLike(self, ""), MakeBytesLike(self, ""), whole})
                 : NewTuple({whole, MakeBytesLike(self, ""), MakeBytesLike(self, "")});
  }
  return NewTuple({MakeBytesLike(self, d.substr(0, p)), MakeBytesLike(self, *sep),
                   MakeBytesLike(self, d.substr(p + sep->size()))});
}
Value BytesPartition(VM& vm, const Value& s, const ArgsView& a) {
  return PartitionImpl(vm, s, a, false);
}
Value BytesRPartition(VM& vm, const Value& s, const ArgsView& a) {
  return PartitionImpl(vm, s, a, true);
}

Value RemoveAffix(VM& vm, const Value& self, const ArgsView& args, bool prefix) {
  if (!CheckArgCount(vm, args, prefix ? "removeprefix" : "removesuffix", 1, 1)) return {};
  const std::string* a = BytesValue(args[0]);
  if (a == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(args[0])));
  }
  const std::string& d = AsBytes(self)->data;
  if (a->size() <= d.size()) {
    if (prefix && d.compare(0, a->size(), *a) == 0) {
      return MakeBytesLike(self, d.substr(a->size()));
    }
    if (!prefix && d.compare(d.size() - a->size(), a->size(), *a) == 0) {
      return MakeBytesLike(self, d.substr(0, d.size() - a->size()));
    }
  }
  return MakeBytesLike(self, d);
}
Value BytesRemovePrefix(VM& vm, const Value& s, const ArgsView& a) {
  return RemoveAffix(vm, s, a, true);
}
Value BytesRemoveSuffix(VM& vm, const Value& s, const ArgsView& a) {
  return RemoveAffix(vm, s, a, false);
}

// CPython's bytes methods that tc lacks: a clear NotImplementedError
// (hasattr() False), not an AttributeError that reads as if Python had none.
constexpr const char* kUnsupported[] = {
    "capitalize", "center",     "expandtabs", "istitle", "ljust",     "maketrans", "rjust",
    "rsplit",     "splitlines", "swapcase",   "title",   "translate", "zfill"};
Value BytesGetAttr(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getattr__", 1, 1)) return {};
  const std::string* name = StrValue(args[0]);
  if (name == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  for (const char* known : kUnsupported) {
    if (*name == known) {
      RaiseUnsupportedName(vm, absl::StrCat(std::string(TypeName(self)), ".", *name));
      return MarkUnsupportedAttribute(vm);
    }
  }
  return RaiseAttributeError(
      vm, absl::StrFormat("'%s' object has no attribute '%s'", TypeName(self), *name));
}

constexpr MethodDef kSearchMethods[] = {
    {"rindex", BytesRIndex},
    {"isupper", BytesIsCase<true>},
    {"islower", BytesIsCase<false>},
    {"isascii", BytesIsAscii},
    {"partition", BytesPartition},
    {"rpartition", BytesRPartition},
    {"removeprefix", BytesRemovePrefix},
    {"removesuffix", BytesRemoveSuffix},
    {"__getattr__", BytesGetAttr},
    {"find", BytesFind},
    {"rfind", BytesRFind},
    {"index", BytesIndex},
    {"count", BytesCount},
    {"startswith", BytesStartsWith},
    {"endswith", BytesEndsWith},
    {"join", BytesJoin},
    {"split", BytesSplit},
    {"strip", BytesStrip},
    {"lstrip", BytesLStrip},
    {"rstrip", BytesRStrip},
    {"replace", BytesReplace},
    {"upper", BytesCase<true>},
    {"lower", BytesCase<false>},
    {"isdigit", BytesIs<IsDigitB>},
    {"isalpha", BytesIs<IsAlphaB>},
    {"isalnum", BytesIs<IsAlnumB>},
    {"isspace", BytesIs<IsSpaceB>},
};

}  // namespace

void AddBytesSearchMethods(Type* t) { AddMethods(t, kSearchMethods); }

}  // namespace tc::script
