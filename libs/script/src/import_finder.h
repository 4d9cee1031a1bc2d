// Finding a module's source on disk as CPython's PathFinder and FileFinder
// do: for each directory of a search path (sys.path, or a package's
// __path__), a regular package `name/__init__.py` first, then a module
// `name.py`; a directory `name` without __init__.py is a portion of a
// namespace package, used only when no entry holds a regular package or
// module. Knows nothing of the VM.
#ifndef TC_SCRIPT_SRC_IMPORT_FINDER_H_
#define TC_SCRIPT_SRC_IMPORT_FINDER_H_

#include <string>
#include <string_view>
#include <vector>

namespace tc::script {

struct FoundModule {
  enum class Kind { kNotFound, kModule, kPackage, kNamespace };
  Kind kind = Kind::kNotFound;
  std::string origin;  // the .py file to run (module, or package's __init__.py)
  // __path__ of a package: its directory; every portion of a namespace
  // package.
  std::vector<std::string> search_locations;
};

// Looks for `name` (one component, no dots) in `search_path`. An empty
// entry means the current directory, as in CPython.
FoundModule FindModule(std::string_view name, const std::vector<std::string>& search_path);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_IMPORT_FINDER_H_
