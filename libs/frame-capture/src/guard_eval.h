// Checking a trace's GuardRecords against a new call, and the failure
// reasons in PyTorch's words. (To be replaced by libs/guards' GuardSet.)
#ifndef TC_FRAME_CAPTURE_SRC_GUARD_EVAL_H_
#define TC_FRAME_CAPTURE_SRC_GUARD_EVAL_H_

#include <string>
#include <vector>

#include "tc/frame_capture/source.h"

#include "translator.h"

namespace tc::frame_capture {

// Empty when every guard holds, else the first failure's reason.
std::string FirstGuardFailure(script::VM& vm, const std::vector<GuardRecord>& guards,
                              bool grad_mode, const FrameView& frame);
// One printed line per guard, for explain's out_guards.
std::string FormatGuard(const GuardRecord& g);

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_GUARD_EVAL_H_
