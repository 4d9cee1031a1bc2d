// os.scandir and os.DirEntry (os_scandir.cc), and the stat call they share
// with os.stat (module_os.cc).
#ifndef TC_SCRIPT_SRC_OS_SCANDIR_H_
#define TC_SCRIPT_SRC_OS_SCANDIR_H_

#include "tc/script/native.h"

namespace tc::script {

// os.stat(path) (follow) or os.lstat(path) as an os.stat_result; `fname`
// names the caller in errors.
Value OsStat(VM& vm, const Value& path, bool follow, const char* fname);
Type* DirEntryType();
Value OsScandir(VM& vm, const Value& self, const ArgsView& args);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_OS_SCANDIR_H_
