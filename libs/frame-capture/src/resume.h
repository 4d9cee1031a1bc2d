// Resume functions: after a graph break, the rest of a frame continues in a
// new script function whose code is the original code entered at the
// instruction after the break, with the live stack values and the locals
// as parameters (Dynamo's torch_dynamo_resume_in_<fn>_at_<line>). It is an
// ordinary function: the frame hook captures it on its first call.
#ifndef TC_FRAME_CAPTURE_SRC_RESUME_H_
#define TC_FRAME_CAPTURE_SRC_RESUME_H_

#include <memory>
#include <vector>

#include "tc/script/code.h"

namespace tc::frame_capture {

struct ResumeLayout {
  int target = 0;         // instruction where execution continues
  int stack_depth = 0;    // values on the stack at `target`
  std::vector<int> live;  // original local slots passed (set at the break)
  int break_line = 0;     // source line of the breaking instruction
};

// The resume code: parameters ___stack0.. then the live locals (by their
// names), then the remaining locals unset. Cell variables become free
// variables (the caller passes the frame's cells), so deref indices keep
// their meaning.
std::shared_ptr<const script::Code> MakeResumeCode(const script::Code& original,
                                                   const ResumeLayout& layout);

// The original function's name for a resume code's frames.
bool IsResumeCode(const script::Code& code);

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_RESUME_H_
