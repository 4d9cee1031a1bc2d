// tc-run: runs a PyTorch-style Python script on the script VM.
//   tc-run [--compile-functions [--backend NAME]] [--report-graphs] script.py [args...]
// Exit status 0, or 1 with a Python-style traceback (or SyntaxError) on
// stderr. sys.argv is [script.py, args...]. --compile-functions runs every
// function and method the script defines (special methods aside) as if it
// were wrapped in torch.compile(backend="eager") (the same-answers test
// mode: the output must not change); --backend names another backend
// ("inductor": the same-answers suite run through generated code). --report-graphs ends stderr with
// `tc: N graphs`, the graphs Dynamo compiled during the run, so that tests
// can tell a run that compiled something from one that ran only eagerly.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "tc/compiler/explain.h"
#include "tc/script/script_file.h"
#include "tc/script/vm.h"

namespace {

int Run(tc::script::VM& vm, std::shared_ptr<const tc::script::Code> code, bool compile_functions,
        const std::string& backend) {
  tc::script::Value module = compile_functions
                                 ? tc::compiler::RunModuleCompiled(
                                       vm, std::move(code), "__main__",
                                       tc::compiler::CompileScope::kFunctionsAndMethods, backend)
                                 : vm.RunModule(std::move(code), "__main__");
  int status = module.is_null() ? tc::script::ReportUncaught(vm, vm.TakeException()) : 0;
  tc::script::RunAtExit(vm);
  std::fflush(stdout);
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  bool compile_functions = false;
  bool report_graphs = false;
  std::string backend = "eager";
  for (; argc >= 2; --argc, ++argv) {
    std::string flag = argv[1];
    if (flag == "--compile-functions") {
      compile_functions = true;
    } else if (flag == "--backend" && argc >= 3) {
      backend = argv[2];
      --argc, ++argv;
    } else if (flag == "--report-graphs") {
      report_graphs = true;
    } else {
      break;
    }
  }
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: tc-run [--compile-functions [--backend NAME]] [--report-graphs] script.py "
                 "[args...]\n");
    return 2;
  }
  tc::script::LoadedScript script = tc::script::LoadScript("tc-run", argv[1]);
  if (script.code == nullptr) {
    std::fputs(script.error.c_str(), stderr);
    if (report_graphs) std::fputs("tc: 0 graphs\n", stderr);
    return script.exit_code;
  }
  tc::script::VM vm;
  vm.SetArgv(std::vector<std::string>(argv + 1, argv + argc));
  // The explain recorder observes every graph Dynamo compiles in this VM.
  std::unique_ptr<tc::compiler::ExplainRecorder> recorder;
  if (report_graphs) recorder = std::make_unique<tc::compiler::ExplainRecorder>(vm);
  int status = Run(vm, std::move(script.code), compile_functions, backend);
  if (recorder != nullptr) {
    std::fflush(stdout);
    std::fprintf(stderr, "tc: %d graphs\n", recorder->num_graphs());
  }
  return status;
}
