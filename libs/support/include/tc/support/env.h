// Reading configuration from environment variables.
//
// tc mirrors PyTorch's knobs under the same names (TORCH_COMPILE_DEBUG, ...),
// so these readers accept the spellings Python code would: 1/0, true/false.
#ifndef TC_SUPPORT_ENV_H_
#define TC_SUPPORT_ENV_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace tc::support {

// The variable's value, or nullopt when it is unset.
std::optional<std::string> GetEnv(std::string_view name);

// A boolean variable: unset gives `fallback`; 1/true/yes/on and 0/false/no/off
// (any case) parse; anything else is an InvalidArgument naming the variable.
absl::StatusOr<bool> GetEnvBool(std::string_view name, bool fallback);

// An integer variable: unset gives `fallback`; a malformed value is an error.
absl::StatusOr<int64_t> GetEnvInt(std::string_view name, int64_t fallback);

// Whether TORCH_LOGS turns the log `what` on ("recompiles", "output_code").
// TORCH_LOGS is a comma-separated list of names, each optionally prefixed
// by '+' (more verbose) or '-' (off), so "-dynamo" does not name "dynamo".
bool TorchLogsEnabled(std::string_view what);

}  // namespace tc::support

#endif  // TC_SUPPORT_ENV_H_
