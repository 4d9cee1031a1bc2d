// tc-run: runs a PyTorch-style Python script on the script VM.
//   tc-run [--compile-functions] script.py [args...]
// Exit status 0, or 1 with a Python-style traceback (or SyntaxError) on
// stderr. sys.argv is [script.py, args...]. --compile-functions runs every
// function and method the script defines (special methods aside) as if it
// were wrapped in torch.compile(backend="eager") (the same-answers test
// mode: the output must not change).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tc/compiler/explain.h"
#include "tc/script/compiler.h"
#include "tc/script/native.h"
#include "tc/script/syntax_error.h"
#include "tc/script/vm.h"

namespace {

int ExitCodeOf(tc::script::VM& vm, const tc::script::Value& exc) {
  // SystemExit(code): None -> 0, int -> code, other -> print it, 1.
  using tc::script::Value;
  Value args = vm.GetAttr(exc, "args");
  if (args.is_null()) return 1;
  auto* t = tc::script::Cast<tc::script::TupleObject>(args);
  if (t->items.empty() || t->items[0].is_none()) return 0;
  const Value& code = t->items[0];
  if (code.is_int()) return static_cast<int>(code.as_int());
  std::string s;
  if (vm.StrString(code, &s)) std::fprintf(stderr, "%s\n", s.c_str());
  return 1;
}

}  // namespace

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
  std::string path = argv[1];
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "tc-run: can't open file '%s': [Errno 2] No such file or directory\n",
                 path.c_str());
    return 2;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  std::string source = buf.str();

  // CPython names the main script by its absolute path in tracebacks.
  std::error_code ec;
  std::filesystem::path abs = std::filesystem::absolute(path, ec);
  std::string filename = ec ? path : abs.lexically_normal().string();
  auto code = tc::script::CompileSource(source, filename);
  if (!code.ok()) {
    auto se = tc::script::SyntaxError::FromStatus(code.status());
    std::string text = se ? se->Format() : std::string(code.status().message()) + "\n";
    std::fputs(text.c_str(), stderr);
    return 1;
  }

  tc::script::VM vm;
  std::vector<std::string> args(argv + 1, argv + argc);
  vm.SetArgv(args);
  tc::script::Value module =
      compile_functions
          ? tc::compiler::RunModuleCompiled(vm, *code, "__main__",
                                            tc::compiler::CompileScope::kFunctionsAndMethods)
          : vm.RunModule(*code, "__main__");
  std::fflush(stdout);
  if (module.is_null()) {
    tc::script::Value exc = vm.TakeException();
    if (tc::script::IsInstance(exc, tc::script::Types().system_exit)) return ExitCodeOf(vm, exc);
    std::string text = vm.FormatException(exc);
    std::fputs(text.c_str(), stderr);
    return 1;
  }
  return 0;
}
