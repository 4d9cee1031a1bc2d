// tc-run: runs a PyTorch-style Python script on the script VM.
//   tc-run [--compile-functions] script.py [args...]
// Exit status 0, or 1 with a Python-style traceback (or SyntaxError) on
// stderr. sys.argv is [script.py, args...]. --compile-functions runs every
// function and method the script defines (special methods aside) as if it
// were wrapped in torch.compile(backend="eager") (the same-answers test
// mode: the output must not change).
#include <cstdio>
#include <string>
#include <vector>

#include "tc/compiler/explain.h"
#include "tc/script/script_file.h"
#include "tc/script/vm.h"

int main(int argc, char** argv) {
  bool compile_functions = false;
  if (argc >= 2 && std::string(argv[1]) == "--compile-functions") {
    compile_functions = true;
    --argc;
    ++argv;
  }
  if (argc < 2) {
    std::fprintf(stderr, "usage: tc-run [--compile-functions] script.py [args...]\n");
    return 2;
  }
  tc::script::LoadedScript script = tc::script::LoadScript("tc-run", argv[1]);
  if (script.code == nullptr) {
    std::fputs(script.error.c_str(), stderr);
    return script.exit_code;
  }
  tc::script::VM vm;
  vm.SetArgv(std::vector<std::string>(argv + 1, argv + argc));
  tc::script::Value module =
      compile_functions
          ? tc::compiler::RunModuleCompiled(vm, script.code, "__main__",
                                            tc::compiler::CompileScope::kFunctionsAndMethods)
          : vm.RunModule(script.code, "__main__");
  std::fflush(stdout);
  if (module.is_null()) return tc::script::ReportUncaught(vm, vm.TakeException());
  return 0;
}
