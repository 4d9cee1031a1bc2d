// re.Match: groups, spans, expand, and CPython's repr
// `<re.Match object; span=(0, 3), match='abc'>`.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "re_objects.h"
#include "str_helpers.h"
#include "vm_internal.h"

namespace tc::script::re {

namespace {

MatchObject* M(const Value& v) { return Cast<MatchObject>(v); }
const PatternObject* P(const MatchObject* m) { return Cast<PatternObject>(m->pattern); }

Value Group(VM& vm, const Value& self, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "group() takes no keyword arguments");
  MatchObject* m = M(self);
  if (args.nargs == 0) return MatchGroup(m, 0, Value::None());
  std::vector<Value> out;
  for (int i = 0; i < args.nargs; ++i) {
    int64_t g = MatchGroupIndex(vm, m, args[i]);
    if (g < 0) return {};
    out.push_back(MatchGroup(m, g, Value::None()));
  }
  if (args.nargs == 1) return out[0];
  return NewTuple(std::move(out));
}

Value GetItem(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__getitem__", 1, 1)) return {};
  int64_t g = MatchGroupIndex(vm, M(self), args[0]);
  if (g < 0) return {};
  return MatchGroup(M(self), g, Value::None());
}

// The `default=None` argument of groups() and groupdict().
bool DefaultArg(VM& vm, const ArgsView& args, const char* fname, Value* out) {
  static constexpr const char* kNames[] = {"default"};
  Value a[1];
  if (!ParseArgs(vm, args, fname, kNames, 0, a)) return false;
  *out = a[0].is_null() ? Value::None() : a[0];
  return true;
}

Value Groups(VM& vm, const Value& self, const ArgsView& args) {
  Value dflt;
  if (!DefaultArg(vm, args, "groups", &dflt)) return {};
  MatchObject* m = M(self);
  std::vector<Value> out;
  for (int64_t g = 1; g <= P(m)->groups; ++g) out.push_back(MatchGroup(m, g, dflt));
  return NewTuple(std::move(out));
}

Value GroupDict(VM& vm, const Value& self, const ArgsView& args) {
  Value dflt;
  if (!DefaultArg(vm, args, "groupdict", &dflt)) return {};
  MatchObject* m = M(self);
  Value d = NewDict();
  for (const auto& [name, g] : P(m)->names) {
    DictSetStr(Cast<DictObject>(d), name, MatchGroup(m, g, dflt));
  }
  return d;
}

// start/end/span's optional group argument.
bool OptGroup(VM& vm, const Value& self, const ArgsView& args, const char* name, int64_t* g) {
  if (args.nkw() > 0)
    return RaiseTypeError(vm, absl::StrCat(name, "() takes no keyword arguments")), false;
  if (args.nargs > 1) {
    RaiseTypeError(vm, absl::StrFormat("%s expected at most 1 argument, got %d", name, args.nargs));
    return false;
  }
  *g = args.nargs == 0 ? 0 : MatchGroupIndex(vm, M(self), args[0]);
  return *g >= 0;
}

Value Start(VM& vm, const Value& self, const ArgsView& args) {
  int64_t g;
  if (!OptGroup(vm, self, args, "start", &g)) return {};
  return Value::Int(M(self)->spans[2 * g]);
}
Value End(VM& vm, const Value& self, const ArgsView& args) {
  int64_t g;
  if (!OptGroup(vm, self, args, "end", &g)) return {};
  return Value::Int(M(self)->spans[2 * g + 1]);
}
Value Span(VM& vm, const Value& self, const ArgsView& args) {
  int64_t g;
  if (!OptGroup(vm, self, args, "span", &g)) return {};
  const auto& s = M(self)->spans;
  return NewTuple({Value::Int(s[2 * g]), Value::Int(s[2 * g + 1])});
}

Value Expand(VM& vm, const Value& self, const ArgsView& args) {
  static constexpr const char* kNames[] = {"template"};
  Value a[1];
  if (!ParseArgs(vm, args, "expand", kNames, 1, a)) return {};
  std::vector<TemplateItem> items;
  if (!CompileTemplate(vm, P(M(self)), a[0], &items)) return {};
  return ExpandTemplate(vm, M(self), items);
}

Value Repr(VM& vm, const Value& self, const ArgsView&) {
  MatchObject* m = M(self);
  std::string r;
  if (!vm.ReprString(MatchGroup(m, 0, Value::None()), &r)) return {};
  // %.50R: the repr cut to 50 characters.
  Value rs = NewStr(r);
  if (AsStr(rs)->Length() > 50) r = AsStr(StrSubstr(AsStr(rs), 0, 50))->value;
  return NewStr(
      absl::StrFormat("<re.Match object; span=(%d, %d), match=%s>", m->spans[0], m->spans[1], r));
}

Value Copy(VM&, const Value& self, const ArgsView&) { return self; }

Value String(VM&, const Value& self) { return M(self)->string; }
Value Re(VM&, const Value& self) { return M(self)->pattern; }
Value Pos(VM&, const Value& self) { return Value::Int(M(self)->pos); }
Value EndPos(VM&, const Value& self) { return Value::Int(M(self)->endpos); }
Value LastIndex(VM&, const Value& self) {
  int64_t i = M(self)->lastindex;
  return i < 0 ? Value::None() : Value::Int(i);
}
Value LastGroup(VM&, const Value& self) {
  MatchObject* m = M(self);
  for (const auto& [name, g] : P(m)->names)
    if (g == m->lastindex) return NewStr(name);
  return Value::None();
}
Value Regs(VM&, const Value& self) {
  const auto& s = M(self)->spans;
  std::vector<Value> out;
  for (size_t i = 0; i < s.size(); i += 2) {
    out.push_back(NewTuple({Value::Int(s[i]), Value::Int(s[i + 1])}));
  }
  return NewTuple(std::move(out));
}

constexpr MethodDef kMethods[] = {
    {"group", Group},         {"__getitem__", GetItem}, {"groups", Groups},
    {"groupdict", GroupDict}, {"start", Start},         {"end", End},
    {"span", Span},           {"expand", Expand},       {"__repr__", Repr},
    {"__copy__", Copy},       {"__deepcopy__", Copy},
};
constexpr GetSetDef kGetSets[] = {
    {"string", String},
    {"re", Re},
    {"pos", Pos},
    {"endpos", EndPos},
    {"lastindex", LastIndex},
    {"lastgroup", LastGroup},
    {"regs", Regs},
};

}  // namespace

Value MatchGroup(const MatchObject* m, int64_t i, const Value& dflt) {
  if (m->spans[2 * i] < 0) return dflt;
  // group() of a str subject is a str; Subject::Slice is not needed here
  // as the stored byte offsets cut the subject directly.
  const Value& s = m->string;
  size_t b = m->bytes[2 * i], e = m->bytes[2 * i + 1];
  if (const std::string* str = StrValue(s)) {
    return NewStrN(str->substr(b, e - b), m->spans[2 * i + 1] - m->spans[2 * i]);
  }
  const std::string* data = BytesValue(s);
  return NewBytes(data->substr(b, e - b));
}

int64_t MatchGroupIndex(VM& vm, const MatchObject* m, const Value& g) {
  const PatternObject* p = P(m);
  if (const std::string* name = StrValue(g)) {
    for (const auto& [n, i] : p->names)
      if (n == *name) return i;
  } else if (g.is_int() || g.is_bool()) {
    int64_t i = g.is_bool() ? g.as_bool() : g.as_int();
    if (i >= 0 && i <= p->groups) return i;
  } else if (g.is_object() && g.type()->slot(Slot::kIndex).is_object()) {
    int64_t i;
    if (!ToInt(vm, g, &i)) return -1;
    if (i >= 0 && i <= p->groups) return i;
  }
  RaiseIndexError(vm, "no such group");
  return -1;
}

Value ExpandTemplate(VM&, const MatchObject* m, const std::vector<TemplateItem>& items) {
  bool is_str = StrValue(m->string) != nullptr;
  std::string out;
  int64_t len = 0;
  for (const TemplateItem& it : items) {
    if (it.group < 0) {
      out += it.literal;
      len += it.literal_len;
      continue;
    }
    if (m->spans[2 * it.group] < 0) continue;
    out.append(StrValue(m->string) ? *StrValue(m->string) : *BytesValue(m->string),
               m->bytes[2 * it.group], m->bytes[2 * it.group + 1] - m->bytes[2 * it.group]);
    len += m->spans[2 * it.group + 1] - m->spans[2 * it.group];
  }
  return is_str ? NewStrN(std::move(out), len) : NewBytes(std::move(out));
}

void InitMatchType(Type* t) {
  AddMethods(t, kMethods);
  AddGetSets(t, kGetSets);
  UpdateSlots(t);
}

}  // namespace tc::script::re
