#include "tc/script/syntax_error.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"

#include "src/utf8.h"

namespace tc::script {
namespace {

constexpr char kPayloadUrl[] = "tc.script.SyntaxError";

}  // namespace

std::string_view SourceLine(std::string_view source, int line) {
  if (line < 1) return {};
  size_t pos = 0;
  for (int i = 1; i < line; ++i) {
    size_t nl = source.find('\n', pos);
    if (nl == std::string_view::npos) return {};
    pos = nl + 1;
  }
  size_t end = source.find('\n', pos);
  if (end == std::string_view::npos) end = source.size();
  std::string_view text = source.substr(pos, end - pos);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text;
}

namespace {

// The source line as CPython shows it: decoded with errors="replace", so a
// byte that is not UTF-8 (a file declared utf-8) shows as U+FFFD.
std::string Shown(const std::string& text) {
  std::string out;
  size_t at = 0, len;
  const char* reason;
  for (size_t bad; (bad = utf8::FindInvalid(text, at, &len, &reason)) != std::string::npos;) {
    out.append(text, at, bad - at);
    out += "\xEF\xBF\xBD";
    at = bad + len;
  }
  out.append(text, at, std::string::npos);
  return out;
}

}  // namespace

// Mirrors print_error_text() in CPython 3.11's pythonrun.c.
std::string SyntaxError::Format() const {
  if (message_only) return absl::StrCat(type, ": ", msg, "\n");
  std::string out = absl::StrCat("  File \"", filename, "\", line ", line, "\n");
  if (line > 0) {
    const std::string shown = Shown(text);
    std::string_view t = shown;
    int offset = col - 1;
    while (!t.empty() && (t[0] == ' ' || t[0] == '\t' || t[0] == '\f')) {
      t.remove_prefix(1);
      --offset;
    }
    int len = static_cast<int>(t.size());
    int carets = 1;
    if ((end_line == 0 || end_line == line) && end_col > col) carets = end_col - col;
    if (offset > len) offset = len;
    // A span over several lines (a statement): carets to the end of its first.
    if (end_line > line) carets = len - offset;
    absl::StrAppend(&out, "    ", std::string(t), "\n");
    if (col > 0 && offset >= 0) {
      carets = std::max(1, std::min(carets, len + 1 - offset));
      out += "    ";
      for (int i = 0; i < offset; ++i) out += (t[i] == '\t' || t[i] == '\f') ? t[i] : ' ';
      out.append(carets, '^');
      out += "\n";
    }
  }
  absl::StrAppend(&out, type, ": ", msg, "\n");
  return out;
}

// The payload is length-prefixed fields ("<len>:<bytes>"), so any byte may
// appear in the message or the source line.
absl::Status SyntaxError::ToStatus() const {
  absl::Status status(absl::StatusCode::kInvalidArgument, Format());
  std::string payload;
  for (const std::string& field :
       {type, filename, absl::StrCat(line), absl::StrCat(col), absl::StrCat(end_line),
        absl::StrCat(end_col), msg, text, std::string(message_only ? "1" : "0")}) {
    absl::StrAppend(&payload, field.size(), ":", field);
  }
  status.SetPayload(kPayloadUrl, absl::Cord(payload));
  return status;
}

std::optional<SyntaxError> SyntaxError::FromStatus(const absl::Status& status) {
  auto payload = status.GetPayload(kPayloadUrl);
  if (!payload) return std::nullopt;
  std::string data(*payload);
  std::vector<std::string> parts;
  size_t pos = 0;
  while (pos < data.size() && parts.size() < 9) {
    size_t colon = data.find(':', pos);
    if (colon == std::string::npos) return std::nullopt;
    size_t len = std::strtoul(data.c_str() + pos, nullptr, 10);
    if (colon + 1 + len > data.size()) return std::nullopt;
    parts.push_back(data.substr(colon + 1, len));
    pos = colon + 1 + len;
  }
  if (parts.size() != 9) return std::nullopt;
  SyntaxError e;
  e.type = parts[0];
  e.filename = parts[1];
  e.line = std::atoi(parts[2].c_str());
  e.col = std::atoi(parts[3].c_str());
  e.end_line = std::atoi(parts[4].c_str());
  e.end_col = std::atoi(parts[5].c_str());
  e.msg = parts[6];
  e.text = parts[7];
  e.message_only = parts[8] == "1";
  return e;
}

}  // namespace tc::script
