#include "tc/guards/source.h"

#include "tc/support/enum_table.h"

namespace tc::guards {

namespace {

// In Origin's order.
constexpr support::EnumTable<Origin::kLocalUnspecializedBuiltinNNModule, std::string_view>
    kOriginNames({
        "local",
        "global",
        "local_unspecialized_nn_module",
        "local_unspecialized_builtin_nn_module",
    });

}  // namespace

std::string_view OriginName(Origin origin) { return kOriginNames.at(origin, "local"); }

std::string_view PyType::short_name() const {
  const size_t dot = name.rfind('.');
  return dot == std::string::npos ? std::string_view(name) : std::string_view(name).substr(dot + 1);
}

Origin OriginOf(const GuardSource& source) {
  if (source.origin) return *source.origin;
  const std::string_view name = source.name;
  return name == "G" || name.substr(0, 2) == "G[" ? Origin::kGlobal : Origin::kLocal;
}

namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool IsQuote(char c) { return c == '\'' || c == '"'; }

// Matches Python's L\[\s*['"](.*?)['"]\s*\] at `start`: sets the inner
// text's bounds and the match end, or returns false.
bool MatchLocal(std::string_view text, size_t start, size_t* inner_begin, size_t* inner_end,
                size_t* match_end) {
  if (text.substr(start, 2) != "L[") return false;
  size_t j = start + 2;
  while (j < text.size() && IsSpace(text[j])) ++j;
  if (j >= text.size() || !IsQuote(text[j])) return false;
  const size_t begin = j + 1;
  // Non-greedy: the first closing quote (either kind) followed by \s*].
  for (size_t e = begin; e < text.size() && text[e] != '\n'; ++e) {
    if (!IsQuote(text[e])) continue;
    size_t k = e + 1;
    while (k < text.size() && IsSpace(text[k])) ++k;
    if (k < text.size() && text[k] == ']') {
      *inner_begin = begin;
      *inner_end = e;
      *match_end = k + 1;
      return true;
    }
  }
  return false;
}

}  // namespace

std::string StripLocalScope(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    size_t begin, end, match_end;
    if (text[i] == 'L' && MatchLocal(text, i, &begin, &end, &match_end)) {
      out.append(text.substr(begin, end - begin));
      i = match_end;
    } else {
      out += text[i++];
    }
  }
  return out;
}

}  // namespace tc::guards
