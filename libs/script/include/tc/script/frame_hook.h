// The eval-frame hook: one callback a higher library (frame-capture)
// installs to see every call of a script function after its arguments are
// bound, and either produce the result itself or let the VM run the frame.
// With no hook installed the VM pays one predictable branch per call.
#ifndef TC_SCRIPT_FRAME_HOOK_H_
#define TC_SCRIPT_FRAME_HOOK_H_

#include <cstdint>

#include "tc/script/object.h"
#include "tc/script/value.h"

namespace tc::script {

class VM;

// One call of a script function, as the hook sees it.
struct FrameHookCall {
  FunctionObject* function;  // code, globals, closure, defaults, name
  // The bound parameters, in Code order: positional, keyword-only, then the
  // *args tuple and **kwargs dict when the code has them (nparams values;
  // all set). The hook may read them and may move them out when it handles
  // the call.
  Value* params;
  int32_t nparams;
};

enum class FrameHookAction : uint8_t {
  kRun,      // decline: the VM runs the frame as usual
  kHandled,  // *result holds the call's result
  kError,    // an exception is set on the VM
};

using FrameHook = FrameHookAction (*)(VM& vm, void* user_data, const FrameHookCall& call,
                                      Value* result);

}  // namespace tc::script

#endif  // TC_SCRIPT_FRAME_HOOK_H_
