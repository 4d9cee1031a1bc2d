// Helpers shared by the front-end tests: file reading and a structural
// check of compiled code (what the VM relies on: jump targets, handlers,
// constant and name indices in range, one location per instruction).
#ifndef TC_TESTS_SCRIPT_FRONT_TEST_UTIL_H_
#define TC_TESTS_SCRIPT_FRONT_TEST_UTIL_H_

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tc/script/code.h"

namespace tc::script::testing {

inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The *.py files of `dir`, sorted; none when it does not exist.
inline std::vector<std::filesystem::path> PyFiles(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".py") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Empty when `code` (and every code nested in it) is well formed, else
// what is wrong.
inline std::string CheckCode(const Code& code) {
  int n = static_cast<int>(code.instructions.size());
  if (n == 0) return code.qualname + ": no instructions";
  if (static_cast<int>(code.locations.size()) != n) return code.qualname + ": locations";
  Opcode last = code.instructions.back().op;
  if (last != Opcode::kReturn && last != Opcode::kJump && last != Opcode::kRaise &&
      last != Opcode::kReraise) {
    return code.qualname + ": falls off the end";
  }
  int ncells = static_cast<int>(code.cellvars.size() + code.freevars.size());
  for (int i = 0; i < n; ++i) {
    const Instruction& ins = code.instructions[i];
    int a = ins.arg;
    bool ok = true;
    switch (ins.op) {
      case Opcode::kJump:
      case Opcode::kPopJumpIfFalse:
      case Opcode::kPopJumpIfTrue:
      case Opcode::kJumpIfFalseOrPop:
      case Opcode::kJumpIfTrueOrPop:
      case Opcode::kForIter:
        ok = a >= 0 && a < n;
        break;
      case Opcode::kLoadConst:
        ok = a >= 0 && a < static_cast<int>(code.consts.size());
        break;
      case Opcode::kLoadFast:
      case Opcode::kStoreFast:
      case Opcode::kDeleteFast:
        ok = a >= 0 && a < static_cast<int>(code.varnames.size());
        break;
      case Opcode::kLoadDeref:
      case Opcode::kStoreDeref:
      case Opcode::kDeleteDeref:
      case Opcode::kLoadClosure:
        ok = a >= 0 && a < ncells;
        break;
      case Opcode::kLoadGlobal:
      case Opcode::kStoreGlobal:
      case Opcode::kDeleteGlobal:
      case Opcode::kLoadName:
      case Opcode::kStoreName:
      case Opcode::kDeleteName:
      case Opcode::kLoadAttr:
      case Opcode::kStoreAttr:
      case Opcode::kDeleteAttr:
      case Opcode::kLoadMethod:
      case Opcode::kImportName:
      case Opcode::kImportFrom:
      case Opcode::kMakeClass:
        ok = a >= 0 && a < static_cast<int>(code.names.size());
        break;
      default:
        break;
    }
    if (!ok) return code.qualname + ": bad argument at " + std::to_string(i);
  }
  for (const ExceptionEntry& e : code.exception_table) {
    if (e.start < 0 || e.end > n || e.start >= e.end || e.handler < 0 || e.handler >= n ||
        e.depth < 0 || e.depth > code.max_stack) {
      return code.qualname + ": bad exception entry";
    }
  }
  if (code.argcount + code.kwonly_argcount > static_cast<int>(code.varnames.size())) {
    return code.qualname + ": parameters";
  }
  if (code.cell_param_index.size() != code.cellvars.size()) return code.qualname + ": cells";
  for (const Const& c : code.consts) {
    if (const auto* nested = std::get_if<std::shared_ptr<const Code>>(&c)) {
      std::string err = CheckCode(**nested);
      if (!err.empty()) return err;
    }
  }
  return "";
}

}  // namespace tc::script::testing

#endif  // TC_TESTS_SCRIPT_FRONT_TEST_UTIL_H_
