// The code type's Python-level surface: co_name, co_filename,
// co_firstlineno, co_flags with CPython 3.11's bits, the parameter counts
// and name tuples inspect.signature reads, and replace() for the
// flags (types.coroutine marks a generator function's code
// CO_ITERABLE_COROUTINE this way).
#include <memory>

#include "absl/strings/str_format.h"

#include "tc/script/code.h"
#include "tc/script/native.h"

#include "vm_internal.h"

namespace tc::script {
namespace {

// Our flags and the CPython co_flags bits that stand for them
// (Include/cpython/code.h: CO_VARARGS 0x4, CO_VARKEYWORDS 0x8, CO_NESTED
// 0x10, CO_GENERATOR 0x20, CO_COROUTINE 0x80, CO_ITERABLE_COROUTINE 0x100,
// CO_ASYNC_GENERATOR 0x200).
struct FlagPair {
  uint32_t ours, cpython;
};
constexpr FlagPair kFlagPairs[] = {
    {Code::kVarArgs, 0x4},          {Code::kVarKeywords, 0x8}, {Code::kNested, 0x10},
    {Code::kGenerator, 0x20},       {Code::kCoroutine, 0x80},  {Code::kIterableCoroutine, 0x100},
    {Code::kAsyncGenerator, 0x200},
};
// CO_OPTIMIZED | CO_NEWLOCALS: every function's code has them.
constexpr uint32_t kCoFunction = 0x1 | 0x2;
// The bits replace(co_flags=...) may change: what the code's calls make.
constexpr uint32_t kReplaceable = 0x20 | 0x80 | 0x100 | 0x200;

const Code& CodeOf(const Value& v) { return *Cast<CodeObject>(v)->code; }

uint32_t CoFlags(const Code& c) {
  uint32_t f = (c.flags & (Code::kModule | Code::kClassBody)) ? 0 : kCoFunction;
  for (const FlagPair& p : kFlagPairs) {
    if (c.flags & p.ours) f |= p.cpython;
  }
  return f;
}

Value CodeName(VM&, const Value& self) { return NewStr(CodeOf(self).name); }
Value CodeFilename(VM&, const Value& self) { return NewStr(CodeOf(self).filename); }
Value CodeFirstLine(VM&, const Value& self) { return Value::Int(CodeOf(self).first_line); }
Value CodeFlags(VM&, const Value& self) { return Value::Int(CoFlags(CodeOf(self))); }

Value StrTuple(const std::vector<std::string>& names) {
  std::vector<Value> v;
  v.reserve(names.size());
  for (const std::string& n : names) v.push_back(NewStr(n));
  return NewTuple(std::move(v));
}
// inspect.signature reads these. tc has no positional-only parameters
// (`/` is accepted as CPython's grammar has it, the parameters stay
// positional-or-keyword), so co_posonlyargcount is 0.
Value CodeArgCount(VM&, const Value& self) { return Value::Int(CodeOf(self).argcount); }
Value CodePosOnlyArgCount(VM&, const Value&) { return Value::Int(0); }
Value CodeKwOnlyArgCount(VM&, const Value& self) {
  return Value::Int(CodeOf(self).kwonly_argcount);
}
Value CodeNLocals(VM&, const Value& self) {
  return Value::Int(static_cast<int64_t>(CodeOf(self).varnames.size()));
}
Value CodeVarNames(VM&, const Value& self) { return StrTuple(CodeOf(self).varnames); }
Value CodeCellVars(VM&, const Value& self) { return StrTuple(CodeOf(self).cellvars); }
Value CodeFreeVars(VM&, const Value& self) { return StrTuple(CodeOf(self).freevars); }
Value CodeNames(VM&, const Value& self) { return StrTuple(CodeOf(self).names); }
Value CodeQualname(VM&, const Value& self) { return NewStr(CodeOf(self).qualname); }

Value CodeReplace(VM& vm, const Value& self, const ArgsView& args) {
  if (args.nargs != 0) return RaiseTypeError(vm, "replace() takes no positional arguments");
  const Code& code = CodeOf(self);
  uint32_t want = CoFlags(code);
  for (int32_t i = 0; i < args.nkw(); ++i) {
    if (args.kwname(i) != "co_flags") {
      return RaiseNotImplementedError(
          vm, absl::StrFormat("code.replace(%s=...) is not supported by tc", args.kwname(i)));
    }
    const Value& v = args.kwvalue(i);
    if (!v.is_int()) {
      return RaiseTypeError(
          vm, absl::StrFormat("replace() argument 'co_flags' must be int, not %s", TypeName(v)));
    }
    want = static_cast<uint32_t>(v.as_int());
  }
  uint32_t changed = want ^ CoFlags(code);
  if (changed & ~kReplaceable) {
    return RaiseNotImplementedError(
        vm, absl::StrFormat("code.replace(): changing co_flags bits 0x%x is not supported by tc",
                            changed & ~kReplaceable));
  }
  auto copy = std::make_shared<Code>(code);
  for (const FlagPair& p : kFlagPairs) {
    if (!(p.cpython & kReplaceable)) continue;
    copy->flags = (want & p.cpython) ? copy->flags | p.ours : copy->flags & ~p.ours;
  }
  return Value::Adopt(vm.MakeCodeObject(std::move(copy)).Release());
}

constexpr MethodDef kCodeMethods[] = {{"replace", CodeReplace}};
constexpr GetSetDef kCodeGetSets[] = {{"co_name", CodeName},
                                      {"co_filename", CodeFilename},
                                      {"co_firstlineno", CodeFirstLine},
                                      {"co_flags", CodeFlags},
                                      {"co_qualname", CodeQualname},
                                      {"co_argcount", CodeArgCount},
                                      {"co_posonlyargcount", CodePosOnlyArgCount},
                                      {"co_kwonlyargcount", CodeKwOnlyArgCount},
                                      {"co_nlocals", CodeNLocals},
                                      {"co_varnames", CodeVarNames},
                                      {"co_cellvars", CodeCellVars},
                                      {"co_freevars", CodeFreeVars},
                                      {"co_names", CodeNames}};

}  // namespace

std::span<const MethodDef> CodeMethods() { return kCodeMethods; }
std::span<const GetSetDef> CodeGetSets() { return kCodeGetSets; }

}  // namespace tc::script
