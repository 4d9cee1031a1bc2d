// The os module's descriptor and file-metadata functions and constants
// (os_files.cc), added to os by module_os.cc.
#ifndef TC_SCRIPT_SRC_OS_FILES_H_
#define TC_SCRIPT_SRC_OS_FILES_H_

#include "tc/script/native.h"

namespace tc::script {

void AddOsFileFunctions(ModuleObject* m);
// os.stat_result.
Type* StatResultType();

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_OS_FILES_H_
