// TorchHasName over data/torch_known_names.txt (embedded at build time):
// what real torch has, so an unsupported name is NotImplementedError and an
// unknown one AttributeError. The file is read once, on first use, into one
// hash set per namespace; the sets hold views into the embedded text.
#include "torch_known_names.h"

#include <array>

#include "absl/container/flat_hash_set.h"

#include "tc/support/check.h"

#include "script_torch_embedded.h"

namespace tc::script_torch {

namespace {

constexpr int kNumNamespaces = 8;
using NameSets = std::array<absl::flat_hash_set<std::string_view>, kNumNamespaces>;

// The section header naming each namespace, in TorchNamespace order.
constexpr std::string_view kSections[kNumNamespaces] = {"[torch]",
                                                        "[torch.Tensor]",
                                                        "[torch.nn]",
                                                        "[torch.nn.functional]",
                                                        "[torch.nn.utils]",
                                                        "[torch.optim]",
                                                        "[torch.optim.lr_scheduler]",
                                                        "[torch.linalg]"};

// Parses `# comment` lines, `[section]` headers and one name per line.
NameSets Parse(std::string_view text) {
  NameSets sets;
  int current = -1;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    if (line.front() == '[') {
      current = -1;
      for (int i = 0; i < kNumNamespaces; ++i) {
        if (line == kSections[i]) current = i;
      }
      TC_CHECK(current >= 0) << "torch_known_names.txt: unknown section " << line;
      continue;
    }
    TC_CHECK(current >= 0) << "torch_known_names.txt: a name before the first section";
    sets[current].insert(line);
  }
  return sets;
}

}  // namespace

std::optional<TorchNamespace> TorchModuleNamespace(std::string_view module) {
  for (int i = 0; i < kNumNamespaces; ++i) {
    std::string_view section = kSections[i].substr(1, kSections[i].size() - 2);
    if (section == module && section != "torch.Tensor") return static_cast<TorchNamespace>(i);
  }
  return std::nullopt;
}

bool TorchHasName(TorchNamespace ns, std::string_view name) {
  static const NameSets* sets = new NameSets(Parse(kTorchKnownNamesTxt.text));
  return (*sets)[static_cast<int>(ns)].contains(name);
}

}  // namespace tc::script_torch
