// The `re` module, native over PCRE2 (CPython's is re/*.py over the _sre
// engine): patterns are translated from Python's syntax (re_translate.cc)
// and compiled once per (type, pattern, flags), as CPython's re cache
// keeps them (512 entries, oldest dropped first; purge() empties it).
//
// Where tc differs from CPython 3.11 (kept few; each would need an engine
// of our own to remove):
//  * \N{NAME} escapes and repeat counts above 65535 raise
//    NotImplementedError; re.DEBUG, re.TEMPLATE, re.template and
//    re.Scanner are not supported.
//  * A lone surrogate (which a str may hold) never matches, in a pattern
//    or a subject: PCRE2 matches UTF-8 and surrogates are not.
//  * IGNORECASE on str patterns uses PCRE2's Unicode case folding, which
//    agrees with Python's for simple case pairs but may differ for a few
//    characters Python folds specially.
//  * Match.lastindex is derived from the spans (the group that closed
//    last); it can differ from _sre's when backtracking left an older
//    value in _sre.
//  * RegexFlag values (re.I, ...) print, combine and compare as CPython's
//    but are not int instances (tc's int cannot be subclassed);
//    Pattern.groupindex is a dict rather than a mappingproxy.
//  * A pattern PCRE2 cannot compile although Python accepts it (a
//    lookbehind PCRE2 finds too complex) raises re.error with PCRE2's
//    message.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "functools_internal.h"
#include "module_prelude.h"
#include "module_unsupported.h"
#include "re_objects.h"
#include "rich_compare.h"
#include "script_embedded.h"
#include "str_helpers.h"
#include "vm_internal.h"

namespace tc::script {

namespace re {

namespace {

constexpr size_t kMaxCache = 512;

Value& ErrorClass() {
  static Value* v = new Value();
  return *v;
}
Value& Cache() {
  static Value* v = new Value(NewDict());
  return *v;
}

// --- RegexFlag --------------------------------------------------------------
struct FlagObject : Object {
  explicit FlagObject(Type* t) : Object(t) {}
  int64_t value = 0;
};
Type* FlagType();

Value NewFlag(int64_t v) {
  auto* f = new FlagObject(FlagType());
  f->value = v;
  return Value::Adopt(f);
}

// Definition order of RegexFlag's members (what composite reprs follow).
constexpr std::pair<int64_t, const char*> kFlagNames[] = {
    {kAscii, "ASCII"},     {kIgnoreCase, "IGNORECASE"}, {kLocale, "LOCALE"},
    {kUnicode, "UNICODE"}, {kMultiline, "MULTILINE"},   {kDotAll, "DOTALL"},
    {kVerbose, "VERBOSE"}, {kTemplate, "TEMPLATE"},     {kDebug, "DEBUG"}};
constexpr int64_t kAllFlags = 0x1FF;

bool FlagOperand(const Value& v, int64_t* out) {
  if (IsInstance(v, FlagType())) {
    *out = Cast<FlagObject>(v)->value;
    return true;
  }
  if (v.is_int()) {
    *out = v.as_int();
    return true;
  }
  if (v.is_bool()) {
    *out = v.as_bool();
    return true;
  }
  return false;
}

template <int kOp>
Value FlagBinary(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__or__", 1, 1)) return {};
  int64_t a = Cast<FlagObject>(self)->value, b;
  if (!FlagOperand(args[0], &b)) return NotImplementedValue();
  return NewFlag(kOp == 0 ? (a | b) : kOp == 1 ? (a & b) : (a ^ b));
}
Value FlagInvert(VM&, const Value& self, const ArgsView&) {
  return NewFlag(~Cast<FlagObject>(self)->value & kAllFlags);
}
Value FlagIndex(VM&, const Value& self, const ArgsView&) {
  return Value::Int(Cast<FlagObject>(self)->value);
}
Value FlagBool(VM&, const Value& self, const ArgsView&) {
  return Value::Bool(Cast<FlagObject>(self)->value != 0);
}
Value FlagHash(VM&, const Value& self, const ArgsView&) {
  return Value::Int(Cast<FlagObject>(self)->value);
}
Value FlagCompare(VM& vm, CompareOp op, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__eq__", 1, 1)) return {};
  int64_t b;
  if (!FlagOperand(args[0], &b)) return NotImplementedValue();
  return vm.Compare(op, Value::Int(Cast<FlagObject>(self)->value), Value::Int(b));
}
std::string FlagRepr(int64_t v) {
  if (v == 0) return "re.NOFLAG";
  std::string s;
  for (auto [bit, name] : kFlagNames) {
    if (v & bit) {
      absl::StrAppend(&s, s.empty() ? "" : "|", "re.", name);
      v &= ~bit;
    }
  }
  if (v != 0) absl::StrAppend(&s, s.empty() ? "" : "|", absl::StrFormat("0x%x", v));
  return s;
}
Value FlagReprMethod(VM&, const Value& self, const ArgsView&) {
  return NewStr(FlagRepr(Cast<FlagObject>(self)->value));
}
Value FlagFormat(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__format__", 1, 1)) return {};
  const std::string* spec = StrValue(args[0]);
  if (spec != nullptr && spec->empty()) return NewStr(FlagRepr(Cast<FlagObject>(self)->value));
  return vm.Format(Value::Int(Cast<FlagObject>(self)->value), spec ? *spec : "");
}
Value FlagValue(VM&, const Value& self) { return Value::Int(Cast<FlagObject>(self)->value); }
Value FlagName(VM&, const Value& self) {
  int64_t v = Cast<FlagObject>(self)->value;
  if (v == 0) return NewStr("NOFLAG");
  std::string s;
  for (auto [bit, name] : kFlagNames) {
    if (v & bit) absl::StrAppend(&s, s.empty() ? "" : "|", name);
  }
  return s.empty() ? Value::None() : NewStr(s);
}

Type* FlagType() {
  static constexpr MethodDef kMethods[] = {
      {"__or__", FlagBinary<0>},   {"__ror__", FlagBinary<0>}, {"__and__", FlagBinary<1>},
      {"__rand__", FlagBinary<1>}, {"__xor__", FlagBinary<2>}, {"__rxor__", FlagBinary<2>},
      {"__invert__", FlagInvert},  {"__index__", FlagIndex},   {"__int__", FlagIndex},
      {"__bool__", FlagBool},      {"__hash__", FlagHash},     {"__repr__", FlagReprMethod},
      {"__str__", FlagReprMethod}, {"__format__", FlagFormat},
  };
  static constexpr GetSetDef kGetSets[] = {{"value", FlagValue}, {"name", FlagName}};
  static Type* t = AddRichCompareMethods<FlagCompare>(
      NewNativeType({.name = "RegexFlag",
                     .module = "re",
                     .methods = kMethods,
                     .getsets = kGetSets,
                     .alloc = [](Type* c) -> Object* { return new FlagObject(c); }}));
  return t;
}

// --- compiling ----------------------------------------------------------------
pcre2_compile_context* CompileContext() {
  static pcre2_compile_context* ctx = [] {
    pcre2_compile_context* c = pcre2_compile_context_create(nullptr);
    pcre2_set_newline(c, PCRE2_NEWLINE_LF);  // `.` and `$` know only \n
    return c;
  }();
  return ctx;
}

Value CompileNew(VM& vm, const Value& pattern, bool is_str, int64_t flags) {
  if (flags & kDebug) return RaiseNotImplementedError(vm, "re.DEBUG is not supported by tc");
  if (flags & kTemplate) return RaiseNotImplementedError(vm, "re.TEMPLATE is not supported by tc");
  Translation tr;
  ReError err;
  if (!Translate(PatternCodePoints(pattern, is_str), is_str, flags, &tr, &err)) {
    return RaiseReError(vm, err, pattern);
  }
  uint32_t options = PCRE2_ALT_CIRCUMFLEX;
  if (tr.utf) options |= PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
  if (tr.ucp) options |= PCRE2_UCP;
  if (tr.caseless) options |= PCRE2_CASELESS;
  int code_err = 0;
  PCRE2_SIZE offset = 0;
  pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(tr.pcre.data()), tr.pcre.size(),
                                   options, &code_err, &offset, CompileContext());
  if (code == nullptr) {
    PCRE2_UCHAR buf[256];
    pcre2_get_error_message(code_err, buf, sizeof(buf));
    return RaiseReError(
        vm, ReError{ReError::kRe, absl::StrCat("PCRE2: ", reinterpret_cast<const char*>(buf)), -1},
        pattern);
  }
  pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);  // the interpreter runs it when JIT is unavailable
  auto* p = new PatternObject(PatternType());
  Value result = Value::Adopt(p);
  p->pattern = pattern;
  p->is_str = is_str;
  p->flags = tr.flags;
  p->groups = tr.groups;
  p->names = std::move(tr.group_names);
  p->group_parent = std::move(tr.group_parent);
  p->code = code;
  p->match_data = pcre2_match_data_create_from_pattern(code, nullptr);
  return result;
}

// re._compile: the cache, then a new Pattern.
Value Compile(VM& vm, const Value& pattern, const Value& flags_arg) {
  int64_t flags = 0;
  if (!flags_arg.is_null() && !ToInt(vm, flags_arg, &flags)) return {};
  if (IsInstance(pattern, PatternType())) {
    if (flags != 0) {
      return RaiseValueError(vm, "cannot process flags argument with a compiled pattern");
    }
    return pattern;
  }
  bool is_str = pattern.type() == Types().str || IsInstance(pattern, Types().str);
  bool is_bytes = BytesValue(pattern) != nullptr && !IsInstance(pattern, Types().bytearray);
  if (!is_str && !is_bytes) {
    int64_t hash;  // CPython looks the cache up first: unhashable is a TypeError of its own
    if (!vm.Hash(pattern, &hash)) return {};
    return RaiseTypeError(vm, "first argument must be string or compiled pattern");
  }
  Value key = NewTuple({Value::Bool(is_str), pattern, Value::Int(flags)});
  auto* cache = Cast<DictObject>(Cache());
  Value hit;
  int found = DictGet(vm, cache, key, &hit);
  if (found < 0) return {};
  if (found == 1) return hit;
  Value p = CompileNew(vm, pattern, is_str, flags);
  if (p.is_null()) return p;
  if (static_cast<size_t>(cache->used) >= kMaxCache) {
    for (const auto& e : cache->entries) {
      if (e.key.is_null()) continue;
      bool unused;
      Value oldest = e.key;
      if (!DictDel(vm, cache, oldest, &unused)) return {};
      break;
    }
  }
  if (!DictSet(vm, cache, key, p)) return {};
  return p;
}

// --- module functions ---------------------------------------------------------
Value ReCompile(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"pattern", "flags"};
  Value a[2];
  if (!ParseArgs(vm, args, "compile", kNames, 1, a)) return {};
  return Compile(vm, a[0], a[1]);
}

// match/fullmatch/search/findall/finditer(pattern, string, flags=0):
// compile, then the Pattern method of the same name.
template <const char* kName>
Value ReForward(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"pattern", "string", "flags"};
  Value a[3];
  if (!ParseArgs(vm, args, kName, kNames, 2, a)) return {};
  Value p = Compile(vm, a[0], a[2]);
  if (p.is_null()) return p;
  return vm.CallMethod(p, kName, {a[1]});
}
constexpr char kMatch[] = "match";
constexpr char kFullMatch[] = "fullmatch";
constexpr char kSearch[] = "search";
constexpr char kFindAll[] = "findall";
constexpr char kFindIter[] = "finditer";

template <const char* kName>
Value ReSub(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"pattern", "repl", "string", "count", "flags"};
  Value a[5];
  if (!ParseArgs(vm, args, kName, kNames, 3, a)) return {};
  Value p = Compile(vm, a[0], a[4]);
  if (p.is_null()) return p;
  return vm.CallMethod(p, kName, {a[1], a[2], a[3].is_null() ? Value::Int(0) : a[3]});
}
constexpr char kSub[] = "sub";
constexpr char kSubN[] = "subn";

Value ReSplit(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"pattern", "string", "maxsplit", "flags"};
  Value a[4];
  if (!ParseArgs(vm, args, "split", kNames, 2, a)) return {};
  Value p = Compile(vm, a[0], a[3]);
  if (p.is_null()) return p;
  return vm.CallMethod(p, "split", {a[1], a[2].is_null() ? Value::Int(0) : a[2]});
}

Value RePurge(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "purge", 0, 0)) return {};
  DictClear(Cast<DictObject>(Cache()));
  return Value::None();
}

// re.escape: a backslash before each of Python's special characters.
Value ReEscape(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"pattern"};
  Value a[1];
  if (!ParseArgs(vm, args, "escape", kNames, 1, a)) return {};
  static constexpr std::string_view kSpecial("()[]{}?*+-|^$\\.&~# \t\n\r\v\f");
  const std::string* s = StrValue(a[0]);
  const std::string* b = s == nullptr ? BytesValue(a[0]) : nullptr;
  if (s == nullptr && b == nullptr) {
    return RaiseTypeError(
        vm, absl::StrCat("'", std::string(TypeName(a[0])), "' object is not iterable"));
  }
  const std::string& in = s != nullptr ? *s : *b;
  std::string out;
  int64_t added = 0;
  for (char c : in) {
    if (kSpecial.find(c) != std::string_view::npos) {
      out.push_back('\\');
      ++added;
    }
    out.push_back(c);
  }
  if (s != nullptr) return NewStrN(std::move(out), AsStr(a[0])->Length() + added);
  return NewBytes(std::move(out));
}

constexpr MethodDef kFunctions[] = {
    {"compile", ReCompile},
    {"match", ReForward<kMatch>},
    {"fullmatch", ReForward<kFullMatch>},
    {"search", ReForward<kSearch>},
    {"findall", ReForward<kFindAll>},
    {"finditer", ReForward<kFindIter>},
    {"sub", ReSub<kSub>},
    {"subn", ReSub<kSubN>},
    {"split", ReSplit},
    {"purge", RePurge},
    {"escape", ReEscape},
};

constexpr const char* kUnsupported[] = {"template", "Scanner", "DEBUG", "TEMPLATE", "T"};

}  // namespace

namespace {
// A native re type whose instances are T, its methods added by `init`.
template <typename T>
Type* NewReType(const char* name, void (*init)(Type*)) {
  Type* t = NewNativeType(
      {.name = name, .module = "re", .alloc = [](Type* c) -> Object* { return new T(c); }});
  init(t);
  return t;
}
}  // namespace

Type* PatternType() {
  static Type* t = NewReType<PatternObject>("Pattern", InitPatternType);
  return t;
}

Type* MatchType() {
  static Type* t = NewReType<MatchObject>("Match", InitMatchType);
  return t;
}

Value RaiseReError(VM& vm, const ReError& e, const Value& pattern) {
  switch (e.kind) {
    case ReError::kValue:
      return RaiseValueError(vm, e.msg);
    case ReError::kOverflow:
      return RaiseOverflowError(vm, e.msg);
    case ReError::kUnsupported:
      return RaiseNotImplementedError(vm, e.msg);
    case ReError::kIndex:
      return RaiseIndexError(vm, e.msg);
    case ReError::kRe:
      break;
  }
  Value msg = NewStr(e.msg);
  Value exc = e.pos < 0 ? vm.Call(ErrorClass(), {msg})
                        : vm.Call(ErrorClass(), {msg, pattern, Value::Int(e.pos)});
  if (exc.is_null()) return exc;
  vm.SetException(exc);
  return {};
}

}  // namespace re

bool InitReModule(VM& vm, ModuleObject* m) {
  using namespace re;  // NOLINT: the module's own names
  AddFunctions(m, kFunctions);
  AddType(m, PatternType());
  AddType(m, MatchType());
  AddType(m, FlagType());
  ModuleSet(m, "NOFLAG", NewFlag(0));
  static constexpr std::pair<const char*, int64_t> kShort[] = {
      {"A", kAscii},     {"I", kIgnoreCase}, {"L", kLocale}, {"U", kUnicode},
      {"M", kMultiline}, {"S", kDotAll},     {"X", kVerbose}};
  for (auto [bit, name] : kFlagNames) {
    if (bit != kTemplate && bit != kDebug) ModuleSet(m, name, NewFlag(bit));
  }
  for (auto [name, bit] : kShort) ModuleSet(m, name, NewFlag(bit));
  if (!RunModulePrelude(vm, m, kReErrorPy)) return false;
  const Value* error = DictGetStr(m->dict, "error");
  if (error == nullptr) return RaiseRuntimeError(vm, "re: no error class").is_null() && false;
  ErrorClass() = *error;
  AddUnsupportedNames(m, kUnsupported);
  return true;
}

}  // namespace tc::script
