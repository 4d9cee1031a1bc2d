#include "tc/runtime_cache/compile_id.h"

#include "absl/strings/str_cat.h"

namespace tc::runtime_cache {

std::string CompileId::ToString() const { return absl::StrCat(frame, "/", compile); }

}  // namespace tc::runtime_cache
