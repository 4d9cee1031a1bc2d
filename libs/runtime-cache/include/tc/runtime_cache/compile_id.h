// CompileId: which compile of which frame an entry came from, printed
// "0/1" (frame 0, its second compile) as Dynamo prints it in logs.
#ifndef TC_RUNTIME_CACHE_COMPILE_ID_H_
#define TC_RUNTIME_CACHE_COMPILE_ID_H_

#include <string>

namespace tc::runtime_cache {

struct CompileId {
  int frame = 0;    // in first-compile order over all code objects
  int compile = 0;  // per frame, from 0

  std::string ToString() const;
  friend bool operator==(const CompileId&, const CompileId&) = default;
};

}  // namespace tc::runtime_cache

#endif  // TC_RUNTIME_CACHE_COMPILE_ID_H_
