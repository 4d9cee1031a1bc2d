// tc-explain: runs a PyTorch-style script and explains what torch.compile
// makes of it: for each function the script compiles, its graphs, graph
// breaks (reason, file, line and source line), ops, and with flags the
// graph IR, the guards and the code the inductor backend generates. A script that never uses
// torch.compile is run as if each of its functions called from module level were compiled, so an
// unmodified script can be explained.
//
//   tc-explain script.py [--graphs] [--guards] [--code] [--function NAME] [-- args...]
//
// The script's own output comes first; the explanation follows on stdout
// after a line "=== tc-explain ===". Exit status 0, 1 when the script
// raised (its traceback on stderr; the explanation is still printed), 2 for
// bad usage.
#include <cstdio>
#include <string>
#include <vector>

#include "tc/compiler/explain.h"
#include "tc/script/native.h"
#include "tc/script/script_file.h"
#include "tc/script/vm.h"

namespace {

constexpr const char* kUsage =
    "usage: tc-explain script.py [--graphs] [--guards] [--code] [--function NAME] [-- args...]\n";

// Whether the script uses torch.compile or torch._dynamo itself (a name
// it loads or an attribute it reads, in any of its code); if not, every
// function it calls is compiled.
bool UsesCompile(const tc::script::Code& code) {
  for (const std::string& n : code.names) {
    if (n == "compile" || n == "_dynamo" || n == "compiler") return true;
  }
  for (const tc::script::Const& c : code.consts) {
    if (const auto* nested = std::get_if<std::shared_ptr<const tc::script::Code>>(&c)) {
      if (*nested != nullptr && UsesCompile(**nested)) return true;
    }
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  tc::compiler::ExplainOptions options;
  std::string path;
  std::vector<std::string> script_args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--graphs") {
      options.graphs = true;
    } else if (a == "--guards") {
      options.guards = true;
    } else if (a == "--code") {
      options.code = true;
    } else if (a == "--function") {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "tc-explain: --function needs a name\n%s", kUsage);
        return 2;
      }
      options.function = argv[++i];
    } else if (a == "--") {
      for (++i; i < argc; ++i) script_args.push_back(argv[i]);
    } else if (a == "-h" || a == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "tc-explain: unknown option '%s'\n%s", a.c_str(), kUsage);
      return 2;
    } else if (path.empty()) {
      path = a;
    } else {
      script_args.push_back(a);
    }
  }
  if (path.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  tc::script::LoadedScript script = tc::script::LoadScript("tc-explain", path);
  if (script.code == nullptr) {
    std::fputs(script.error.c_str(), stderr);
    return script.exit_code;
  }

  tc::script::VM vm;
  std::vector<std::string> argv_list{path};
  argv_list.insert(argv_list.end(), script_args.begin(), script_args.end());
  vm.SetArgv(argv_list);
  int status = 0;
  std::string report;
  {
    tc::compiler::ExplainRecorder recorder(vm);
    tc::script::Value module = UsesCompile(*script.code)
                                   ? vm.RunModule(script.code, "__main__")
                                   : tc::compiler::RunModuleCompiled(vm, script.code, "__main__");
    if (module.is_null()) {
      tc::script::Value exc = vm.TakeException();
      if (!tc::script::IsInstance(exc, tc::script::Types().system_exit)) {
        status = tc::script::ReportUncaught(vm, exc);
      }
    }
    tc::script::RunAtExit(vm);
    std::fflush(stdout);
    report = recorder.Report(options);
  }
  std::fputs("=== tc-explain ===\n", stdout);
  std::fputs(report.c_str(), stdout);
  return status;
}
