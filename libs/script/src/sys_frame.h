// sys._getframe and the frame snapshots it returns (sys_frame.cc).
#ifndef TC_SCRIPT_SRC_SYS_FRAME_H_
#define TC_SCRIPT_SRC_SYS_FRAME_H_

#include "tc/script/native.h"

namespace tc::script {

Value SysGetFrame(VM& vm, const Value& self, const ArgsView& args);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_SYS_FRAME_H_
