// Resume functions: after a graph break, the rest of a frame continues in a
// new script function whose code is the original code entered at the
// instruction after the break, with the live stack values and the locals
// as parameters (Dynamo's torch_dynamo_resume_in_<fn>_at_<line>). It is an
// ordinary function: the frame hook captures it on its first call.
#ifndef TC_FRAME_CAPTURE_SRC_RESUME_H_
#define TC_FRAME_CAPTURE_SRC_RESUME_H_

#include <memory>
#include <string>
#include <vector>

#include "tc/script/code.h"

namespace tc::frame_capture {

struct ResumeLayout {
  int target = 0;         // instruction where execution continues
  int stack_depth = 0;    // values on the stack at `target`
  std::vector<int> live;  // original local slots passed (set at the break)
  int break_line = 0;     // source line of the breaking instruction
  // Stack slots holding a context manager the prologue enters (BEFORE_WITH)
  // so that the slot holds its __exit__ as the original code expects: the
  // grad-mode blocks open at the break.
  std::vector<int> with_slots;
};

// The resume code: parameters ___stack0.. then the live locals (by their
// names), then the remaining locals unset. Cell variables become free
// variables (the caller passes the frame's cells), so deref indices keep
// their meaning.
// `original_slot`, when given, receives for each local slot of the resume
// code the original code's slot (-1 for the ___stack parameters), so that a
// break inside the resume code can be resumed from the original code again
// (Dynamo's generate_based_on_original_code_object): a loop body resumed
// at every iteration is then one resume function, compiled once.
std::shared_ptr<const script::Code> MakeResumeCode(const script::Code& original,
                                                   const ResumeLayout& layout,
                                                   std::vector<int>* original_slot = nullptr);

// Instructions a resume code runs before it enters the original body.
inline int ResumePrologueLength(const ResumeLayout& layout) {
  return layout.stack_depth + 1 + 2 * static_cast<int>(layout.with_slots.size());
}

// Whether `code` is a resume code made here.
bool IsResumeCode(const script::Code& code);
// The function a code belongs to ("f" for f and for f's resume codes).
std::string OriginalName(const script::Code& code);

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_RESUME_H_
