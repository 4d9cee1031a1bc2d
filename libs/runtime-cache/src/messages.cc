#include "tc/runtime_cache/messages.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tc::runtime_cache {
namespace {

// Python's textwrap.indent: `prefix` before every line that is not blank.
std::string Indent(std::string_view text, std::string_view prefix) {
  std::string out;
  size_t begin = 0;
  while (true) {
    const size_t end = text.find('\n', begin);
    const std::string_view line = text.substr(begin, end - begin);
    if (line.find_first_not_of(" \t\r\f\v") != std::string_view::npos) out += prefix;
    out += line;
    if (end == std::string_view::npos) break;
    out += '\n';
    begin = end + 1;
  }
  return out;
}

std::string Message(const CodeInfo& code, std::string_view failures) {
  const std::string details =
      absl::StrCat("triggered by the following guard failure(s):\n", std::string(failures));
  return absl::StrCat("Recompiling function ", code.name, " in ", code.filename, ":",
                      code.first_line, "\n", Indent(details, "    "));
}

}  // namespace

std::string RecompileReason(CompileId id, std::string_view first_failure) {
  return absl::StrCat(id.ToString(), ": ", std::string(first_failure));
}

std::string RecompileVerboseReason(CompileId id, std::span<const guards::GuardFailure> failures) {
  std::vector<std::string> reasons;
  for (const guards::GuardFailure& f : failures) reasons.push_back(f.reason);
  std::string out = absl::StrCat(id.ToString(), ": ", absl::StrJoin(reasons, "; "));
  if (!failures.empty() && !failures.front().user_stack.empty()) {
    absl::StrAppend(&out, "\nUser stack trace:\n", failures.front().user_stack);
  }
  return out;
}

std::string RecompileMessage(const CodeInfo& code, std::span<const std::string> reasons) {
  return Message(code, Indent(absl::StrJoin(reasons, "\n"), "- "));
}

std::string RecompileVerboseMessage(const CodeInfo& code,
                                    std::span<const std::string> verbose_reasons) {
  std::vector<std::string> blocks;
  for (size_t i = 0; i < verbose_reasons.size(); ++i) {
    blocks.push_back(absl::StrCat("guard ", i, " failures:\n", Indent(verbose_reasons[i], "- ")));
  }
  return Message(code, absl::StrJoin(blocks, "\n\n"));
}

std::string RecompileLimitWarning(const CodeInfo& code, std::string_view limit_name, int64_t limit,
                                  std::string_view last_reason) {
  return absl::StrCat("torch._dynamo hit config.", std::string(limit_name), " (", limit, ")\n",
                      "   function: '", code.name, "' (", code.filename, ":", code.first_line,
                      ")\n", "   last reason: ", std::string(last_reason), "\n",
                      "To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\n",
                      "To diagnose recompilation issues, see "
                      "https://docs.pytorch.org/docs/main/user_guide/torch_compiler/compile/"
                      "programming_model.recompilation.html");
}

}  // namespace tc::runtime_cache
