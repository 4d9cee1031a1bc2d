#include "tc/runtime_cache/config.h"

#include <string>

#include "absl/strings/str_cat.h"

namespace tc::runtime_cache {
namespace {

// The field a config name (or its alias) refers to; limits are int64_t,
// flags bool.
struct Field {
  int64_t* limit = nullptr;
  bool* flag = nullptr;
};

Field Lookup(Config& config, std::string_view name) {
  if (name == "recompile_limit" || name == "cache_size_limit") return {&config.recompile_limit};
  if (name == "accumulated_recompile_limit" || name == "accumulated_cache_size_limit") {
    return {&config.accumulated_recompile_limit};
  }
  if (name == "error_on_recompile") return {nullptr, &config.error_on_recompile};
  if (name == "fail_on_recompile_limit_hit") return {nullptr, &config.fail_on_recompile_limit_hit};
  return {};
}

absl::Status Unknown(std::string_view name) {
  return absl::InvalidArgumentError(
      absl::StrCat("torch._dynamo.config has no cache option '", std::string(name), "'"));
}

}  // namespace

absl::Status Config::Set(std::string_view name, int64_t value) {
  const Field field = Lookup(*this, name);
  if (field.limit != nullptr) {
    if (value < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("torch._dynamo.config.", std::string(name), " must be >= 0, got ", value));
    }
    *field.limit = value;
    return absl::OkStatus();
  }
  if (field.flag != nullptr) {
    *field.flag = value != 0;
    return absl::OkStatus();
  }
  return Unknown(name);
}

absl::StatusOr<int64_t> Config::Get(std::string_view name) const {
  const Field field = Lookup(const_cast<Config&>(*this), name);
  if (field.limit != nullptr) return *field.limit;
  if (field.flag != nullptr) return *field.flag ? 1 : 0;
  return Unknown(name);
}

}  // namespace tc::runtime_cache
