// _thread's locks (thread_lock.cc) for tc's one thread per VM.
#ifndef TC_SCRIPT_SRC_THREAD_LOCK_H_
#define TC_SCRIPT_SRC_THREAD_LOCK_H_

#include "tc/script/native.h"

namespace tc::script {

Type* LockType();
Type* RLockType();
// allocate_lock, allocate, LockType and RLock into _thread.
void AddThreadLocks(ModuleObject* m);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_THREAD_LOCK_H_
