// Running a script file as the command-line tools do (tc-run, tc-explain):
// reading and compiling it under the absolute path CPython shows in
// tracebacks, and turning an uncaught exception into stderr text and an
// exit status.
#ifndef TC_SCRIPT_SCRIPT_FILE_H_
#define TC_SCRIPT_SCRIPT_FILE_H_

#include <memory>
#include <string>
#include <string_view>

#include "tc/script/code.h"
#include "tc/script/value.h"
#include "tc/script/vm.h"

namespace tc::script {

struct LoadedScript {
  std::shared_ptr<const Code> code;  // null on failure
  std::string error;                 // what to print on stderr when code is null
  int exit_code = 0;                 // 2: cannot open the file; 1: syntax error
};

// Reads and compiles `path`. `tool` names the program in the "can't open
// file" message ("tc-run: can't open file 'x.py': [Errno 2] ...").
LoadedScript LoadScript(std::string_view tool, const std::string& path);

// For an exception that escaped the script: SystemExit's status (None 0,
// an int, anything else printed and 1), otherwise the CPython-format
// traceback printed to stderr and 1.
int ReportUncaught(VM& vm, const Value& exc);

// The interpreter's exit: calls what atexit.register() collected, last
// registered first (module_atexit.cc); errors are reported on stderr.
void RunAtExit(VM& vm);

}  // namespace tc::script

#endif  // TC_SCRIPT_SCRIPT_FILE_H_
