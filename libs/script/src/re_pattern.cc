// re.Pattern: match/fullmatch/search, findall/finditer, sub/subn, split,
// with Python's rules for empty matches (3.7+: an empty match may follow a
// non-empty one at the same position; after an empty match the next must
// not be empty at that position) and for groups in findall and split.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/support/py_repr.h"

#include "functools_internal.h"
#include "re_objects.h"
#include "str_helpers.h"
#include "vm_internal.h"

namespace tc::script::re {

namespace {

PatternObject* P(const Value& v) { return Cast<PatternObject>(v); }

// The text [begin, end) of a subject as a new str or bytes.
struct Builder {
  bool is_str;
  std::string out;
  int64_t len = 0;
  void Add(const Subject& s, int64_t b, int64_t e) {
    size_t bb = s.ByteOf(b), be = s.ByteOf(e);
    out.append(s.data().substr(bb, be - bb));
    len += e - b;
  }
  Value Finish() { return is_str ? NewStrN(std::move(out), len) : NewBytes(std::move(out)); }
};

Value SliceOf(const Subject& s, bool is_str, int64_t b, int64_t e) {
  Builder bl{is_str, {}, 0};
  bl.Add(s, b, e);
  return bl.Finish();
}

// match / fullmatch / search(string, pos=0, endpos=sys.maxsize)
template <int kAnchor>
Value MatchMethod(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"string", "pos", "endpos"};
  static constexpr const char* kFn[] = {"search", "match", "fullmatch"};
  Value a[3];
  if (!ParseArgs(vm, args, kFn[kAnchor], kNames, 1, a)) return {};
  Subject s;
  if (!s.Init(vm, a[0], P(self)->is_str)) return {};
  int64_t pos, endpos;
  if (!PosArgs(vm, a[1], a[2], s.length(), &pos, &endpos)) return {};
  return RunMatch(vm, self, s, pos, endpos, kAnchor, false, pos);
}

// The matches of a scan (findall, finditer, sub, split): each search
// starts where the last match ended.
struct Scan {
  Subject subject;
  int64_t start = 0, endpos = 0, pos = 0;
  bool must_advance = false;
  Value Next(VM& vm, const Value& pattern) {
    Value m = RunMatch(vm, pattern, subject, start, endpos, 0, must_advance, pos);
    if (m.is_null() || m.is_none()) return m;
    auto* mo = Cast<MatchObject>(m);
    must_advance = mo->spans[0] == mo->spans[1];
    start = mo->spans[1];
    return m;
  }
};

bool StartScan(VM& vm, const Value& self, const Value& string, const Value& pos,
               const Value& endpos, Scan* scan) {
  if (!scan->subject.Init(vm, string, P(self)->is_str)) return false;
  if (!PosArgs(vm, pos, endpos, scan->subject.length(), &scan->pos, &scan->endpos)) return false;
  scan->start = scan->pos;
  return true;
}

Value FindAll(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"string", "pos", "endpos"};
  Value a[3];
  if (!ParseArgs(vm, args, "findall", kNames, 1, a)) return {};
  Scan scan;
  if (!StartScan(vm, self, a[0], a[1], a[2], &scan)) return {};
  PatternObject* p = P(self);
  Value empty = p->is_str ? NewStrN("", 0) : NewBytes("");
  std::vector<Value> out;
  while (true) {
    Value m = scan.Next(vm, self);
    if (m.is_null()) return m;
    if (m.is_none()) break;
    auto* mo = Cast<MatchObject>(m);
    if (p->groups == 0) {
      out.push_back(MatchGroup(mo, 0, empty));
    } else if (p->groups == 1) {
      out.push_back(MatchGroup(mo, 1, empty));
    } else {
      std::vector<Value> t;
      for (int64_t g = 1; g <= p->groups; ++g) t.push_back(MatchGroup(mo, g, empty));
      out.push_back(NewTuple(std::move(t)));
    }
  }
  return NewList(std::move(out));
}

// finditer's iterator (CPython's callable_iterator over a scanner).
struct ScanIterObject : Object {
  explicit ScanIterObject(Type* t) : Object(t) {}
  Value pattern;
  Scan scan;
  bool done = false;
};

Value ScanIterNext(VM& vm, const Value& self, const ArgsView&) {
  auto* it = Cast<ScanIterObject>(self);
  if (it->done) return Raise(vm, Types().stop_iteration, "");
  Value m = it->scan.Next(vm, it->pattern);
  if (m.is_null()) return m;
  if (m.is_none()) {
    it->done = true;
    return Raise(vm, Types().stop_iteration, "");
  }
  return m;
}
Value ScanIterIter(VM&, const Value& self, const ArgsView&) { return self; }

Type* ScanIterType() {
  static constexpr MethodDef kMethods[] = {{"__next__", ScanIterNext}, {"__iter__", ScanIterIter}};
  static Type* t =
      NewNativeType({.name = "callable_iterator",
                     .module = "builtins",
                     .methods = kMethods,
                     .alloc = [](Type* c) -> Object* { return new ScanIterObject(c); }});
  return t;
}

Value FindIter(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"string", "pos", "endpos"};
  Value a[3];
  if (!ParseArgs(vm, args, "finditer", kNames, 1, a)) return {};
  auto* it = new ScanIterObject(ScanIterType());
  Value result = Value::Adopt(it);
  it->pattern = self;
  if (!StartScan(vm, self, a[0], a[1], a[2], &it->scan)) return {};
  return result;
}

// sub and subn: (new string, number of substitutions).
Value SubImpl(VM& vm, const Value& self, const Value& repl, const Value& string,
              const Value& count_arg, int64_t* n_out) {
  PatternObject* p = P(self);
  int64_t count = 0;
  if (!count_arg.is_null() && !ToInt(vm, count_arg, &count)) return {};
  Scan scan;
  if (!StartScan(vm, self, string, Value(), Value(), &scan)) return {};
  std::vector<TemplateItem> tmpl;
  bool callable = IsCallable(repl) && StrValue(repl) == nullptr && BytesValue(repl) == nullptr;
  // A template of the other string type parses (CPython reads bytes as
  // latin-1) but fails when the pieces are joined, at the first match.
  bool wrong_type = false;
  if (!callable) {
    if (StrValue(repl) == nullptr && BytesValue(repl) == nullptr) {
      return RaiseTypeError(vm, absl::StrCat("decoding to str: need a bytes-like object, ",
                                             std::string(TypeName(repl)), " found"));
    }
    wrong_type = (StrValue(repl) != nullptr) != p->is_str;
    if (!wrong_type && !CompileTemplate(vm, p, repl, &tmpl)) return {};
  }
  Builder out{p->is_str, {}, 0};
  int64_t last = 0, n = 0, pieces = 0;
  while (count == 0 || n < count) {
    Value m = scan.Next(vm, self);
    if (m.is_null()) return m;
    if (m.is_none()) break;
    auto* mo = Cast<MatchObject>(m);
    if (last < mo->spans[0]) {
      out.Add(scan.subject, last, mo->spans[0]);
      ++pieces;
    }
    Value item = callable ? vm.Call(repl, {m}) : wrong_type ? repl : ExpandTemplate(vm, mo, tmpl);
    if (item.is_null()) return item;
    if (!item.is_none()) {
      const std::string* text = p->is_str ? StrValue(item) : BytesValue(item);
      if (text == nullptr) {
        return RaiseTypeError(
            vm, absl::StrFormat("sequence item %d: expected %s instance, %s found", pieces,
                                p->is_str ? "str" : "a bytes-like object",
                                std::string(TypeName(item))));
      }
      out.out += *text;
      out.len += p->is_str ? AsStr(item)->Length() : static_cast<int64_t>(text->size());
      ++pieces;
    }
    last = mo->spans[1];
    ++n;
  }
  out.Add(scan.subject, last, scan.subject.length());
  *n_out = n;
  return out.Finish();
}

Value Sub(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"repl", "string", "count"};
  Value a[3];
  if (!ParseArgs(vm, args, "sub", kNames, 2, a)) return {};
  int64_t n;
  return SubImpl(vm, self, a[0], a[1], a[2], &n);
}

Value SubN(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"repl", "string", "count"};
  Value a[3];
  if (!ParseArgs(vm, args, "subn", kNames, 2, a)) return {};
  int64_t n;
  Value s = SubImpl(vm, self, a[0], a[1], a[2], &n);
  if (s.is_null()) return s;
  return NewTuple({s, Value::Int(n)});
}

Value Split(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"string", "maxsplit"};
  Value a[2];
  if (!ParseArgs(vm, args, "split", kNames, 1, a)) return {};
  int64_t maxsplit = 0;
  if (!a[1].is_null() && !ToInt(vm, a[1], &maxsplit)) return {};
  PatternObject* p = P(self);
  Scan scan;
  if (!StartScan(vm, self, a[0], Value(), Value(), &scan)) return {};
  std::vector<Value> out;
  int64_t last = 0, n = 0;
  while (maxsplit == 0 || n < maxsplit) {
    Value m = scan.Next(vm, self);
    if (m.is_null()) return m;
    if (m.is_none()) break;
    auto* mo = Cast<MatchObject>(m);
    out.push_back(SliceOf(scan.subject, p->is_str, last, mo->spans[0]));
    for (int64_t g = 1; g <= p->groups; ++g) out.push_back(MatchGroup(mo, g, Value::None()));
    last = mo->spans[1];
    ++n;
  }
  out.push_back(SliceOf(scan.subject, p->is_str, last, scan.subject.length()));
  return NewList(std::move(out));
}

// _sre's pattern_repr: re.compile(<repr cut to 200>, <flags>), re.UNICODE
// left out where a str pattern implies it.
Value Repr(VM& vm, const Value& self, const ArgsView&) {
  PatternObject* p = P(self);
  std::string r;
  if (!vm.ReprString(p->pattern, &r)) return {};
  Value rs = NewStr(r);
  if (AsStr(rs)->Length() > 200) r = AsStr(StrSubstr(AsStr(rs), 0, 200))->value;
  static constexpr std::pair<int64_t, const char*> kNames[] = {
      {kTemplate, "re.TEMPLATE"},   {kIgnoreCase, "re.IGNORECASE"}, {kLocale, "re.LOCALE"},
      {kMultiline, "re.MULTILINE"}, {kDotAll, "re.DOTALL"},         {kUnicode, "re.UNICODE"},
      {kVerbose, "re.VERBOSE"},     {kDebug, "re.DEBUG"},           {kAscii, "re.ASCII"}};
  int64_t flags = p->flags;
  if (p->is_str && (flags & (kLocale | kUnicode | kAscii)) == kUnicode) flags &= ~kUnicode;
  std::string f;
  for (auto [bit, name] : kNames) {
    if (flags & bit) {
      absl::StrAppend(&f, f.empty() ? "" : "|", name);
      flags &= ~bit;
    }
  }
  if (flags != 0) absl::StrAppend(&f, f.empty() ? "" : "|", absl::StrFormat("0x%x", flags));
  return NewStr(f.empty() ? absl::StrCat("re.compile(", r, ")")
                          : absl::StrCat("re.compile(", r, ", ", f, ")"));
}

Value Eq(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__eq__", 1, 1)) return {};
  if (!IsInstance(args[0], PatternType())) return NotImplementedValue();
  PatternObject *a = P(self), *b = P(args[0]);
  if (a == b) return Value::Bool(true);
  if (a->flags != b->flags || a->is_str != b->is_str) return Value::Bool(false);
  const std::string* x = a->is_str ? StrValue(a->pattern) : BytesValue(a->pattern);
  const std::string* y = b->is_str ? StrValue(b->pattern) : BytesValue(b->pattern);
  return Value::Bool(*x == *y);
}

Value Hash(VM& vm, const Value& self, const ArgsView&) {
  int64_t h;
  if (!vm.Hash(P(self)->pattern, &h)) return {};
  return Value::Int(h ^ (P(self)->flags * 1000003));
}

Value Copy(VM&, const Value& self, const ArgsView&) { return self; }

Value Pattern(VM&, const Value& self) { return P(self)->pattern; }
Value Flags(VM&, const Value& self) { return Value::Int(P(self)->flags); }
Value GroupsAttr(VM&, const Value& self) { return Value::Int(P(self)->groups); }
Value GroupIndex(VM&, const Value& self) {
  Value d = NewDict();
  for (const auto& [name, g] : P(self)->names) DictSetStr(Cast<DictObject>(d), name, Value::Int(g));
  return d;
}

constexpr MethodDef kMethods[] = {
    {"match", MatchMethod<1>},
    {"fullmatch", MatchMethod<2>},
    {"search", MatchMethod<0>},
    {"findall", FindAll},
    {"finditer", FindIter},
    {"sub", Sub},
    {"subn", SubN},
    {"split", Split},
    {"__repr__", Repr},
    {"__eq__", Eq},
    {"__hash__", Hash},
    {"__copy__", Copy},
    {"__deepcopy__", Copy},
};
constexpr GetSetDef kGetSets[] = {
    {"pattern", Pattern}, {"flags", Flags}, {"groups", GroupsAttr}, {"groupindex", GroupIndex}};

}  // namespace

void InitPatternType(Type* t) {
  AddMethods(t, kMethods);
  AddGetSets(t, kGetSets);
  UpdateSlots(t);
}

}  // namespace tc::script::re
