// LoadScript and ReportUncaught (script_file.h).
#include "tc/script/script_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_format.h"

#include "tc/script/compiler.h"
#include "tc/script/native.h"
#include "tc/script/syntax_error.h"

namespace tc::script {

LoadedScript LoadScript(std::string_view tool, const std::string& path) {
  LoadedScript out;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    out.error = absl::StrFormat("%s: can't open file '%s': [Errno 2] No such file or directory\n",
                                std::string(tool), path);
    out.exit_code = 2;
    return out;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  // CPython names the main script by its absolute path in tracebacks.
  std::error_code ec;
  std::filesystem::path abs = std::filesystem::absolute(path, ec);
  std::string filename = ec ? path : abs.lexically_normal().string();
  auto code = CompileSource(buf.str(), filename);
  if (!code.ok()) {
    auto se = SyntaxError::FromStatus(code.status());
    out.error = se ? se->Format() : std::string(code.status().message()) + "\n";
    out.exit_code = 1;
    return out;
  }
  out.code = *std::move(code);
  return out;
}

int ReportUncaught(VM& vm, const Value& exc) {
  if (!IsInstance(exc, Types().system_exit)) {
    std::fputs(vm.FormatException(exc).c_str(), stderr);
    return 1;
  }
  Value args = vm.GetAttr(exc, "args");
  if (args.is_null()) return 1;
  auto* t = Cast<TupleObject>(args);
  if (t->items.empty() || t->items[0].is_none()) return 0;
  const Value& status = t->items[0];
  if (status.is_int()) return static_cast<int>(status.as_int());
  std::string s;
  if (vm.StrString(status, &s)) std::fprintf(stderr, "%s\n", s.c_str());
  return 1;
}

}  // namespace tc::script
