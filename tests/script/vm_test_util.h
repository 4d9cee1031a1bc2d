// Helpers for the VM tests: compile a source string and run it on a fresh
// VM, capturing print() output and the formatted uncaught exception.
#ifndef TC_TESTS_SCRIPT_VM_TEST_UTIL_H_
#define TC_TESTS_SCRIPT_VM_TEST_UTIL_H_

#include <string>

#include "tc/script/compiler.h"
#include "tc/script/syntax_error.h"
#include "tc/script/vm.h"

namespace tc::script {

struct RunResult {
  std::string out;    // what print() wrote
  std::string error;  // traceback text, or "" when the script succeeded
};

inline RunResult RunSource(VM& vm, const std::string& source,
                           const std::string& filename = "t.py") {
  RunResult r;
  auto code = CompileSource(source, filename);
  if (!code.ok()) {
    auto se = SyntaxError::FromStatus(code.status());
    r.error = se ? se->Format() : std::string(code.status().message());
    return r;
  }
  vm.SetOutput(&r.out);
  Value m = vm.RunModule(*code, "__main__");
  vm.SetOutput(nullptr);
  if (m.is_null()) r.error = vm.FormatException(vm.TakeException());
  return r;
}

inline RunResult RunSource(const std::string& source, const std::string& filename = "t.py") {
  VM vm;
  return RunSource(vm, source, filename);
}

}  // namespace tc::script

#endif  // TC_TESTS_SCRIPT_VM_TEST_UTIL_H_
