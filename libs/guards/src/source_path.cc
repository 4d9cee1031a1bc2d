#include "source_path.h"

#include <cctype>

namespace tc::guards::internal {
namespace {

bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// At `i` (just after '['): a quoted key up to its matching quote and ']',
// or digits and ']'. Sets `end` past the ']'.
bool ParseSubscript(std::string_view s, size_t i, std::string* key, bool* quoted, size_t* end) {
  if (i < s.size() && (s[i] == '\'' || s[i] == '"')) {
    const char q = s[i];
    size_t j = i + 1;
    while (j < s.size() && s[j] != q) j += s[j] == '\\' ? 2 : 1;
    if (j + 1 >= s.size() || s[j + 1] != ']') return false;
    *key = std::string(s.substr(i, j + 1 - i));  // with its quotes, as PyTorch prints it
    *quoted = true;
    *end = j + 2;
    return true;
  }
  size_t j = i;
  if (j < s.size() && s[j] == '-') ++j;
  while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
  if (j == i || j >= s.size() || s[j] != ']') return false;
  *key = std::string(s.substr(i, j - i));
  *quoted = false;
  *end = j + 1;
  return true;
}

}  // namespace

std::vector<AccessStep> ParseSourcePath(std::string_view name) {
  std::vector<AccessStep> steps;
  const std::vector<AccessStep> unknown = {
      {std::string(name), AccessStep::Kind::kUnknown, std::string(name)}};
  size_t i = 0;
  std::string key;
  bool quoted = false;
  if (name.substr(0, 2) == "L[" && ParseSubscript(name, 2, &key, &quoted, &i) && quoted) {
    steps.push_back({std::string(name.substr(0, i)), AccessStep::Kind::kFrameLocal, key});
  } else if (name.substr(0, 2) == "G[" && ParseSubscript(name, 2, &key, &quoted, &i) && quoted) {
    steps.push_back({"G", AccessStep::Kind::kGlobals, ""});
    steps.push_back({std::string(name.substr(0, i)), AccessStep::Kind::kGlobal, key});
  } else {
    return unknown;
  }
  while (i < name.size()) {
    if (name[i] == '.') {
      size_t j = i + 1;
      while (j < name.size() && IsIdentChar(name[j])) ++j;
      if (j == i + 1) return unknown;
      steps.push_back({std::string(name.substr(0, j)), AccessStep::Kind::kAttr,
                       std::string(name.substr(i + 1, j - i - 1))});
      i = j;
    } else if (name[i] == '[') {
      size_t end = 0;
      if (!ParseSubscript(name, i + 1, &key, &quoted, &end)) return unknown;
      steps.push_back({std::string(name.substr(0, end)),
                       quoted ? AccessStep::Kind::kItem : AccessStep::Kind::kIndex, key});
      i = end;
    } else {
      return unknown;
    }
  }
  return steps;
}

}  // namespace tc::guards::internal
