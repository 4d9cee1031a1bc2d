// Disassemble(): a readable listing of a code object and the code objects
// nested in its constants, for debugging and golden tests.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

#include "tc/script/code.h"
#include "tc/support/py_repr.h"

namespace tc::script {
namespace {

std::string ConstRepr(const Const& c) {
  struct Visitor {
    std::string operator()(ConstNone) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return absl::StrCat(i); }
    std::string operator()(double d) const { return support::PyFloatRepr(d); }
    std::string operator()(const ConstStr& s) const { return support::PyStrRepr(s.value); }
    std::string operator()(const ConstBytes& b) const { return support::PyBytesRepr(b.value); }
    std::string operator()(const ConstBigInt& b) const { return b.decimal; }
    std::string operator()(const ConstImaginary& c) const {
      // complex's repr: the imaginary part without a ".0" of its own.
      std::string s = support::PyFloatRepr(c.imag);
      if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
      return s + "j";
    }
    std::string operator()(const std::shared_ptr<const ConstTuple>& t) const {
      std::string out = "(";
      for (size_t i = 0; i < t->items.size(); ++i) {
        if (i > 0) out += ", ";
        out += ConstRepr(t->items[i]);
      }
      if (t->items.size() == 1) out += ",";
      return out + ")";
    }
    std::string operator()(const std::shared_ptr<const Code>& code) const {
      return absl::StrCat("<code ", code->qualname, ">");
    }
  };
  return std::visit(Visitor{}, c);
}

std::string Annotation(const Code& code, const Instruction& ins) {
  auto at = [](const std::vector<std::string>& v, int i) -> std::string {
    return i >= 0 && i < static_cast<int>(v.size()) ? v[i] : "?";
  };
  int a = ins.arg;
  uint16_t flags = OpcodeFlagsOf(ins.op);
  if (flags & kArgConst) {
    return a >= 0 && a < static_cast<int>(code.consts.size()) ? ConstRepr(code.consts[a]) : "?";
  }
  if (flags & kArgLocal) return at(code.varnames, a);
  if (flags & kArgCell) {
    int n = static_cast<int>(code.cellvars.size());
    return a < n ? at(code.cellvars, a) : at(code.freevars, a - n);
  }
  if (flags & kArgName) return at(code.names, a);
  if (flags & kArgBinaryOp) return std::string(BinaryOpSymbol(static_cast<BinaryOp>(a)));
  if (flags & kArgCompareOp) return std::string(CompareOpSymbol(static_cast<CompareOp>(a)));
  if (flags & kArgUnaryOp) {
    const char* ops[] = {"-", "+", "not", "~"};
    return a >= 0 && a < 4 ? ops[a] : "?";
  }
  if (flags & kHasJump) return absl::StrCat("to ", a);
  if (flags & kArgFormat) {
    const char* conv[] = {"", "!s", "!r", "!a"};
    return absl::StrCat(conv[a & 3], (a & 4) ? " with spec" : "");
  }
  return "";
}

void DisassembleInto(const Code& code, std::string* out) {
  std::vector<std::string> flags;
  if (code.flags & Code::kVarArgs) flags.push_back("varargs");
  if (code.flags & Code::kVarKeywords) flags.push_back("varkeywords");
  if (code.flags & Code::kModule) flags.push_back("module");
  if (code.flags & Code::kClassBody) flags.push_back("class");
  if (code.flags & Code::kNested) flags.push_back("nested");
  if (code.flags & Code::kGenerator) flags.push_back("generator");
  if (code.flags & Code::kCoroutine) flags.push_back("coroutine");
  if (code.flags & Code::kAsyncGenerator) flags.push_back("async_generator");
  if (code.flags & Code::kIterableCoroutine) flags.push_back("iterable_coroutine");
  absl::StrAppend(out, "code ", code.qualname, " (", code.filename, ":", code.first_line,
                  ") args=", code.argcount, " kwonly=", code.kwonly_argcount,
                  " stack=", code.max_stack, " flags=[", absl::StrJoin(flags, ","), "]\n");
  if (!code.varnames.empty()) {
    absl::StrAppend(out, "  varnames: ", absl::StrJoin(code.varnames, ", "), "\n");
  }
  if (!code.cellvars.empty()) {
    absl::StrAppend(out, "  cellvars: ", absl::StrJoin(code.cellvars, ", "), "\n");
  }
  if (!code.freevars.empty()) {
    absl::StrAppend(out, "  freevars: ", absl::StrJoin(code.freevars, ", "), "\n");
  }
  for (size_t i = 0; i < code.instructions.size(); ++i) {
    const Instruction& ins = code.instructions[i];
    const SourceLoc loc = i < code.locations.size() ? code.locations[i] : SourceLoc{};
    std::string note = Annotation(code, ins);
    std::string line = absl::StrFormat("  %4d %4d:%-3d %-20s %d", i, loc.line, loc.col,
                                       std::string(OpcodeName(ins.op)), ins.arg);
    if (!note.empty()) absl::StrAppend(&line, " (", note, ")");
    absl::StrAppend(out, line, "\n");
  }
  for (const ExceptionEntry& e : code.exception_table) {
    absl::StrAppend(out, "  except ", e.start, "-", e.end, " -> ", e.handler, " depth ", e.depth,
                    "\n");
  }
  for (const Const& c : code.consts) {
    if (const auto* nested = std::get_if<std::shared_ptr<const Code>>(&c)) {
      out->append("\n");
      DisassembleInto(**nested, out);
    }
  }
}

}  // namespace

std::string Disassemble(const Code& code) {
  std::string out;
  DisassembleInto(code, &out);
  return out;
}

}  // namespace tc::script
