// _thread's locks and thread entry points (module_thread_locks.cc), added
// to the module by module_thread.cc.
#ifndef TC_SCRIPT_SRC_MODULE_THREAD_LOCKS_H_
#define TC_SCRIPT_SRC_MODULE_THREAD_LOCKS_H_

#include "tc/script/native.h"

namespace tc::script {

void AddThreadLocks(ModuleObject* m);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_MODULE_THREAD_LOCKS_H_
