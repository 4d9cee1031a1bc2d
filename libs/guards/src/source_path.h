// Splits a source name into the accesses that reach it, as PyTorch's guard
// tree nests GuardManagers: L['self'].fc['w'][0] is the local self, then
// attribute fc, then item 'w', then index 0.
#ifndef TC_GUARDS_SRC_SOURCE_PATH_H_
#define TC_GUARDS_SRC_SOURCE_PATH_H_

#include <string>
#include <string_view>
#include <vector>

namespace tc::guards::internal {

struct AccessStep {
  std::string source;  // the name up to and including this access: "L['self'].fc"
  enum class Kind { kFrameLocal, kGlobals, kGlobal, kAttr, kItem, kIndex, kUnknown } kind;
  std::string key;  // local or attribute name, item key as written ('w'), index digits
};

// The steps from the outermost: a G['name'] source starts with the globals
// dict G. A name that does not parse is one kUnknown step.
std::vector<AccessStep> ParseSourcePath(std::string_view name);

}  // namespace tc::guards::internal

#endif  // TC_GUARDS_SRC_SOURCE_PATH_H_
