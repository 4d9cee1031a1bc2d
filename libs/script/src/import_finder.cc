// FindModule (import_finder.h).
#include "import_finder.h"

#include <unistd.h>

#include "absl/strings/str_cat.h"

#include <sys/stat.h>

namespace tc::script {

namespace {

bool IsDir(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}
bool IsFile(const std::string& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// CPython's FileFinder works on absolute directories: '' is os.getcwd().
std::string EntryDir(const std::string& entry) {
  if (!entry.empty()) return entry;
  char buf[4096];
  return ::getcwd(buf, sizeof buf) != nullptr ? std::string(buf) : std::string(".");
}

}  // namespace

FoundModule FindModule(std::string_view name, const std::vector<std::string>& search_path) {
  FoundModule found;
  std::vector<std::string> portions;
  for (const std::string& entry : search_path) {
    std::string dir = EntryDir(entry);
    if (!IsDir(dir)) continue;
    std::string base = absl::StrCat(dir, "/", std::string(name));
    bool namespace_portion = false;
    if (IsDir(base)) {
      std::string init = base + "/__init__.py";
      if (IsFile(init)) {
        found.kind = FoundModule::Kind::kPackage;
        found.origin = init;
        found.search_locations = {base};
        return found;
      }
      namespace_portion = true;
    }
    std::string file = base + ".py";
    if (IsFile(file)) {
      found.kind = FoundModule::Kind::kModule;
      found.origin = file;
      return found;
    }
    if (namespace_portion) portions.push_back(base);
  }
  if (!portions.empty()) {
    found.kind = FoundModule::Kind::kNamespace;
    found.search_locations = std::move(portions);
  }
  return found;
}

}  // namespace tc::script
