// Running a program without a shell (posix_spawnp with an argv), for the
// C++ compiler: no quoting of paths, no shell to inject into, and the
// child's stdout and stderr captured together for the diagnostics we quote.
#ifndef TC_CODEGEN_CPU_SRC_PROCESS_H_
#define TC_CODEGEN_CPU_SRC_PROCESS_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace tc::codegen_cpu {

struct ProcessResult {
  int exit_code = 0;       // the exit status, or 128 + signal when a signal ended it
  std::string output;      // stdout and stderr interleaved (the first kMaxOutput bytes)
  bool truncated = false;  // output was longer than kMaxOutput
};

inline constexpr size_t kMaxProcessOutput = 1 << 20;

// Runs argv[0] (looked up in PATH when it has no '/') with `argv`, its
// stdin reading `stdin_text` (at most 16 KiB: it is written before the
// child starts) and waits for it. Errors: NotFound when the program does
// not exist or cannot be executed, Internal when spawning fails otherwise.
absl::StatusOr<ProcessResult> RunProcess(const std::vector<std::string>& argv,
                                         std::string_view stdin_text = {});

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_PROCESS_H_
