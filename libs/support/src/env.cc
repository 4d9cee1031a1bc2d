#include "tc/support/env.h"

#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"

namespace tc::support {

std::optional<std::string> GetEnv(std::string_view name) {
  const char* value = std::getenv(std::string(name).c_str());
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

absl::StatusOr<bool> GetEnvBool(std::string_view name, bool fallback) {
  std::optional<std::string> value = GetEnv(name);
  if (!value) return fallback;
  std::string lower = absl::AsciiStrToLower(*value);
  if (lower == "1" || lower == "true" || lower == "yes" || lower == "on") return true;
  if (lower == "0" || lower == "false" || lower == "no" || lower == "off" || lower.empty()) {
    return false;
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("environment variable %s: expected a boolean, got '%s'", name, *value));
}

absl::StatusOr<int64_t> GetEnvInt(std::string_view name, int64_t fallback) {
  std::optional<std::string> value = GetEnv(name);
  if (!value) return fallback;
  int64_t result = 0;
  if (!absl::SimpleAtoi(*value, &result)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("environment variable %s: expected an integer, got '%s'", name, *value));
  }
  return result;
}

bool TorchLogsEnabled(std::string_view what) {
  const char* v = std::getenv("TORCH_LOGS");
  if (v == nullptr) return false;
  std::string_view rest(v);
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty() && item.front() == '+') item.remove_prefix(1);
    if (item == what) return true;
  }
  return false;
}

}  // namespace tc::support
