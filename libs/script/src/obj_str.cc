// The str type: construction and the methods that search, replace, pad and
// translate, all counting in code points as CPython does (ASCII text takes
// byte-indexed fast paths). Split/partition/strip are in obj_str_split.cc,
// case mapping and the is*() tests in obj_str_case.cc, the codecs in
// str_codecs.cc, formatting in obj_str_format.cc.
#include <algorithm>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "src/str_codecs.h"
#include "src/str_helpers.h"
#include "src/unicode_db.h"
#include "src/utf8.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

const std::string& S(const Value& v) { return AsStr(v)->value; }

Value StrValueNew(VM& vm, const ArgsView& args) {
  static constexpr const char* kNames[] = {"object", "encoding", "errors"};
  Value a[3];
  if (!ParseArgs(vm, args, "str", kNames, 0, a)) return {};
  if (a[0].is_null()) {
    if (a[1].is_null() && a[2].is_null()) return NewStrN("", 0);
    a[0] = NewBytes("");
  }
  if (a[1].is_null() && a[2].is_null()) return vm.Str(a[0]);
  // str(bytes, encoding, errors) decodes.
  if (BytesData(a[0]) == nullptr) {
    if (StrValue(a[0]) != nullptr) return RaiseTypeError(vm, "decoding str is not supported");
    return RaiseTypeError(
        vm, absl::StrFormat("decoding to str: need a bytes-like object, %s found", TypeName(a[0])));
  }
  return DecodeBytesArgs(vm, *BytesData(a[0]), a[1], a[2], "str");
}

// str(...), and str.__new__(cls, ...) for a class statement's subclass
// (StrEnum): the text as a cls instance.
Value StrNew(VM& vm, const Value& cls, const ArgsView& args) {
  Value v = StrValueNew(vm, args);
  if (v.is_null() || !cls.is_object() || cls.as_object() == Types().str ||
      !IsInstance(cls, Types().type)) {
    return v;
  }
  return Value::Adopt(new StrObject(Cast<Type>(cls), *StrValue(v)));
}

Value StrJoin(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "join", 1, 1)) return {};
  std::vector<Value> items;
  if (!vm.Extend(&items, args[0])) return {};
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string* s = StrValue(items[i]);
    if (s == nullptr) {
      return RaiseTypeError(vm, absl::StrFormat("sequence item %d: expected str instance, %s found",
                                                i, TypeName(items[i])));
    }
    if (i > 0) out += S(self);
    out += *s;
  }
  return NewStr(std::move(out));
}

// The optional start/end arguments args[first], args[first + 1] as code
// point positions clamped like CPython's ADJUST_INDICES (begin may exceed
// the length: callers check begin <= end). Then their byte offsets.
struct Span {
  int64_t begin, end;           // code points
  size_t byte_begin, byte_end;  // valid when begin <= end
};
bool SubRange(VM& vm, const ArgsView& args, int first, const StrObject* s, Span* out) {
  int64_t n = s->Length();
  int64_t b = 0, e = n;
  if (args.nargs > first && !args[first].is_none() && !ToInt(vm, args[first], &b)) return false;
  if (args.nargs > first + 1 && !args[first + 1].is_none() && !ToInt(vm, args[first + 1], &e)) {
    return false;
  }
  if (e > n) e = n;
  if (e < 0) e = std::max<int64_t>(0, e + n);
  if (b < 0) b = std::max<int64_t>(0, b + n);
  out->begin = b;
  out->end = e;
  if (b <= e) {
    out->byte_begin = s->ByteOffset(b);
    out->byte_end =
        s->IsAscii() ? static_cast<size_t>(e) : utf8::Advance(s->value, out->byte_begin, e - b);
  }
  return true;
}

template <bool kStarts>
Value StrStartsEnds(VM& vm, const Value& self, const ArgsView& args) {
  const char* name = kStarts ? "startswith" : "endswith";
  if (!CheckArgCount(vm, args, name, 1, 3)) return {};
  const StrObject* so = AsStr(self);
  Span sp;
  if (!SubRange(vm, args, 1, so, &sp)) return {};
  auto test = [&](const StrObject* p) {
    if (sp.begin > sp.end) return false;
    std::string_view view(so->value.data() + sp.byte_begin, sp.byte_end - sp.byte_begin);
    std::string_view pv = p->value;
    if (pv.size() > view.size()) return false;
    return kStarts ? view.substr(0, pv.size()) == pv : view.substr(view.size() - pv.size()) == pv;
  };
  if (args[0].is_object() && args[0].as_object()->type == Types().tuple) {
    for (const Value& v : static_cast<TupleObject*>(args[0].as_object())->items) {
      if (StrValue(v) == nullptr) {
        return RaiseTypeError(
            vm, absl::StrFormat("tuple for %s must only contain str, not %s", name, TypeName(v)));
      }
      if (test(AsStr(v))) return Value::Bool(true);
    }
    return Value::Bool(false);
  }
  if (StrValue(args[0]) == nullptr) {
    return RaiseTypeError(vm, absl::StrFormat("%s first arg must be str or a tuple of str, not %s",
                                              name, TypeName(args[0])));
  }
  return Value::Bool(test(AsStr(args[0])));
}

template <bool kPrefix>
Value StrRemoveAffix(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, kPrefix ? "removeprefix" : "removesuffix", 1, 1)) return {};
  const StrObject* p = StrArg(
      vm, args[0],
      kPrefix ? "removeprefix() argument must be str" : "removesuffix() argument must be str");
  if (p == nullptr) return {};
  std::string_view s = S(self), pv = p->value;
  if (pv.empty() || pv.size() > s.size()) return self;
  if (kPrefix && s.substr(0, pv.size()) == pv) return NewStr(std::string(s.substr(pv.size())));
  if (!kPrefix && s.substr(s.size() - pv.size()) == pv) {
    return NewStr(std::string(s.substr(0, s.size() - pv.size())));
  }
  return self;
}

Value StrReplace(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "replace", 2, 3)) return {};
  const StrObject* oldo = StrArg(vm, args[0], "replace() argument 1 must be str");
  if (oldo == nullptr) return {};
  const StrObject* newo = StrArg(vm, args[1], "replace() argument 2 must be str");
  if (newo == nullptr) return {};
  const std::string &old = oldo->value, &neu = newo->value;
  int64_t count = -1;
  if (args.nargs == 3 && !ToInt(vm, args[2], &count)) return {};
  const std::string& s = S(self);
  std::string out;
  if (old.empty()) {
    // Inserted before every code point and at the end.
    int64_t n = 0;
    for (size_t i = 0; i <= s.size();) {
      if (count < 0 || n < count) {
        out += neu;
        ++n;
      }
      if (i == s.size()) break;
      size_t k = i;
      utf8::Decode(s, &k);
      out.append(s, i, k - i);
      i = k;
    }
    return NewStr(std::move(out));
  }
  size_t i = 0;
  int64_t n = 0;
  while (true) {
    size_t j = count >= 0 && n >= count ? std::string::npos : s.find(old, i);
    if (j == std::string::npos) {
      out.append(s, i, std::string::npos);
      break;
    }
    out.append(s, i, j - i);
    out += neu;
    i = j + old.size();
    ++n;
  }
  return NewStr(std::move(out));
}

template <bool kReverse, bool kRaise>
Value StrFind(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, FindMethodName(kReverse, kRaise), 1, 3)) return {};
  const StrObject* sub = StrArg(vm, args[0]);
  if (sub == nullptr) return {};
  const StrObject* s = AsStr(self);
  Span sp;
  if (!SubRange(vm, args, 1, s, &sp)) return {};
  int64_t r = -1;
  if (sp.begin <= sp.end) {
    std::string_view view(s->value.data() + sp.byte_begin, sp.byte_end - sp.byte_begin);
    size_t p = kReverse ? view.rfind(sub->value) : view.find(sub->value);
    if (p != std::string_view::npos) {
      r = s->IsAscii() ? sp.begin + static_cast<int64_t>(p)
                       : sp.begin + utf8::CountCodePoints(view.substr(0, p));
    }
  }
  if (r < 0 && kRaise) return RaiseValueError(vm, "substring not found");
  return Value::Int(r);
}
Value StrCount(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "count", 1, 3)) return {};
  const StrObject* sub = StrArg(vm, args[0]);
  if (sub == nullptr) return {};
  const StrObject* s = AsStr(self);
  Span sp;
  if (!SubRange(vm, args, 1, s, &sp)) return {};
  if (sp.begin > sp.end) return Value::Int(0);
  if (sub->value.empty()) return Value::Int(sp.end - sp.begin + 1);
  std::string_view view(s->value.data() + sp.byte_begin, sp.byte_end - sp.byte_begin);
  int64_t n = 0;
  size_t p = 0;
  while ((p = view.find(sub->value, p)) != std::string_view::npos) {
    ++n;
    p += sub->value.size();
  }
  return Value::Int(n);
}

// The fill character of ljust/rjust/center: exactly one code point.
bool FillChar(VM& vm, const ArgsView& args, int at, std::string* fill) {
  *fill = " ";
  if (args.nargs <= at) return true;
  const std::string* f = StrValue(args[at]);
  if (f == nullptr) {
    RaiseTypeError(vm, absl::StrFormat("The fill character must be a unicode character, not %s",
                                       TypeName(args[at])));
    return false;
  }
  if (AsStr(args[at])->Length() != 1) {
    RaiseTypeError(vm, "The fill character must be exactly one character long");
    return false;
  }
  *fill = *f;
  return true;
}

std::string Repeat(const std::string& unit, int64_t n) {
  std::string out;
  out.reserve(unit.size() * static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) out += unit;
  return out;
}

// ljust ('<'), rjust ('>') and center ('^').
template <char kAlign>
Value StrPad(VM& vm, const Value& self, const ArgsView& args) {
  const char* name = kAlign == '<' ? "ljust" : (kAlign == '>' ? "rjust" : "center");
  if (!CheckArgCount(vm, args, name, 1, 2)) return {};
  int64_t width;
  if (!ToInt(vm, args[0], &width)) return {};
  std::string fill;
  if (!FillChar(vm, args, 1, &fill)) return {};
  const StrObject* so = AsStr(self);
  const std::string& s = so->value;
  int64_t n = so->Length();
  if (width <= n) return self.type() == Types().str ? self : NewStr(s);
  int64_t pad = width - n;
  if (kAlign == '<') return NewStrN(s + Repeat(fill, pad), width);
  if (kAlign == '>') return NewStrN(Repeat(fill, pad) + s, width);
  // CPython's center: the odd extra goes left when the width is odd.
  int64_t left = pad / 2 + (pad & width & 1);
  return NewStrN(Repeat(fill, left) + s + Repeat(fill, pad - left), width);
}
Value StrZFill(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "zfill", 1, 1)) return {};
  int64_t width;
  if (!ToInt(vm, args[0], &width)) return {};
  const StrObject* so = AsStr(self);
  std::string s = so->value;
  int64_t n = so->Length();
  if (width <= n) return self.type() == Types().str ? self : NewStr(std::move(s));
  size_t at = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  s.insert(at, std::string(width - n, '0'));
  return NewStrN(std::move(s), width);
}

Value StrExpandTabs(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"tabsize"};
  Value a[1];
  if (!ParseArgs(vm, args, "expandtabs", kNames, 0, a)) return {};
  int64_t tab = 8;
  if (!a[0].is_null() && !ToInt(vm, a[0], &tab)) return {};
  const std::string& s = S(self);
  std::string out;
  int64_t col = 0;
  for (size_t i = 0; i < s.size();) {
    size_t k = i;
    uint32_t cp = utf8::Decode(s, &k);
    if (cp == '\t') {
      if (tab > 0) {
        int64_t n = tab - col % tab;
        out.append(static_cast<size_t>(n), ' ');
        col += n;
      }
    } else {
      out.append(s, i, k - i);
      col = cp == '\n' || cp == '\r' ? 0 : col + 1;
    }
    i = k;
  }
  return NewStr(std::move(out));
}

// str.maketrans(x[, y[, z]]): a dict from code points to code points,
// strings or None.
Value StrMakeTrans(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "maketrans", 1, 3)) return {};
  Value table = NewDict();
  auto* d = Cast<DictObject>(table);
  if (args.nargs == 1) {
    if (!IsInstance(args[0], Types().dict)) {
      return RaiseTypeError(vm, "if you give only one argument to maketrans it must be a dict");
    }
    for (const auto& e : Cast<DictObject>(args[0])->entries) {
      if (e.key.is_null()) continue;
      Value key = e.key;
      if (StrValue(key) != nullptr) {
        if (AsStr(key)->Length() != 1) {
          return RaiseValueError(vm, "string keys in translate table must be of length 1");
        }
        key = Value::Int(StrCodePointAt(AsStr(key), 0));
      } else if (!key.is_int()) {
        return RaiseTypeError(vm, "keys in translate table must be strings or integers");
      }
      if (!DictSet(vm, d, key, e.value)) return {};
    }
    return table;
  }
  const StrObject* x = StrArg(vm, args[0], "maketrans() argument 1 must be str");
  if (x == nullptr) return {};
  const StrObject* y = StrArg(vm, args[1], "maketrans() argument 2 must be str");
  if (y == nullptr) return {};
  if (x->Length() != y->Length()) {
    return RaiseValueError(vm, "the first two maketrans arguments must have equal length");
  }
  for (int64_t i = 0; i < x->Length(); ++i) {
    if (!DictSet(vm, d, Value::Int(StrCodePointAt(x, i)), Value::Int(StrCodePointAt(y, i)))) {
      return {};
    }
  }
  if (args.nargs == 3) {
    const StrObject* z = StrArg(vm, args[2], "maketrans() argument 3 must be str");
    if (z == nullptr) return {};
    for (int64_t i = 0; i < z->Length(); ++i) {
      if (!DictSet(vm, d, Value::Int(StrCodePointAt(z, i)), Value::None())) return {};
    }
  }
  return table;
}

// str.translate(table): each code point looked up with table[cp]; a
// LookupError keeps it, None drops it, an int or str replaces it.
Value StrTranslate(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "translate", 1, 1)) return {};
  const std::string& s = S(self);
  std::string out;
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    uint32_t cp = utf8::Decode(s, &i);
    Value r = vm.GetItem(args[0], Value::Int(cp));
    if (r.is_null()) {
      if (!vm.ExceptionMatches(Types().lookup_error)) return {};
      vm.ClearException();
      out.append(s, at, i - at);
      continue;
    }
    if (r.is_none()) continue;
    if (r.is_int()) {
      if (r.as_int() < 0 || r.as_int() > 0x10FFFF) {
        return RaiseValueError(vm, "character mapping must be in range(0x110000)");
      }
      utf8::Append(static_cast<uint32_t>(r.as_int()), &out);
    } else if (const std::string* t = StrValue(r)) {
      out += *t;
    } else {
      return RaiseTypeError(vm, "character mapping must return integer, None or str");
    }
  }
  return NewStr(std::move(out));
}

Value StrFormatFn(VM& vm, const Value& self, const ArgsView& args) {
  return StrFormatMethod(vm, S(self), args);
}

Value StrEncode(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"encoding", "errors"};
  Value a[2];
  if (!ParseArgs(vm, args, "encode", kNames, 0, a)) return {};
  return EncodeStrArgs(vm, AsStr(self), a[0], a[1]);
}

constexpr MethodDef kStrMethods[] = {
    {"__new__", StrNew},
    {"join", StrJoin},
    {"startswith", StrStartsEnds<true>},
    {"endswith", StrStartsEnds<false>},
    {"removeprefix", StrRemoveAffix<true>},
    {"removesuffix", StrRemoveAffix<false>},
    {"replace", StrReplace},
    {"format", StrFormatFn},
    {"find", StrFind<false, false>},
    {"rfind", StrFind<true, false>},
    {"index", StrFind<false, true>},
    {"rindex", StrFind<true, true>},
    {"count", StrCount},
    {"ljust", StrPad<'<'>},
    {"rjust", StrPad<'>'>},
    {"center", StrPad<'^'>},
    {"zfill", StrZFill},
    {"expandtabs", StrExpandTabs},
    {"encode", StrEncode},
    {"translate", StrTranslate},
    {"maketrans", StrMakeTrans, MethodDef::kStatic},
};

}  // namespace

void InitStrType(BuiltinTypes& bt) {
  // str was created with the object types; add its methods now.
  AddMethods(bt.str, kStrMethods);
  AddStrSplitMethods(bt.str);
  AddStrCaseMethods(bt.str);
  UpdateSlots(bt.str);
}

}  // namespace tc::script
