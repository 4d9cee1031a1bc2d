// Building resume codes.
#include "resume.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace tc::frame_capture {

using script::Code;
using script::Opcode;

namespace {

const char kResumePrefix[] = "torch_dynamo_resume_in_";

bool IsJump(Opcode op) {
  return op == Opcode::kJump || op == Opcode::kPopJumpIfFalse || op == Opcode::kPopJumpIfTrue ||
         op == Opcode::kJumpIfFalseOrPop || op == Opcode::kJumpIfTrueOrPop ||
         op == Opcode::kForIter;
}

bool UsesLocalSlot(Opcode op) {
  return op == Opcode::kLoadFast || op == Opcode::kStoreFast || op == Opcode::kDeleteFast;
}

}  // namespace

std::string OriginalName(const Code& code) {
  if (!absl::StartsWith(code.name, kResumePrefix)) return code.name;
  std::string rest = code.name.substr(sizeof(kResumePrefix) - 1);
  size_t at = rest.rfind("_at_");
  return at == std::string::npos ? rest : rest.substr(0, at);
}

bool IsResumeCode(const Code& code) { return absl::StartsWith(code.name, kResumePrefix); }

std::shared_ptr<const Code> MakeResumeCode(const Code& original, const ResumeLayout& layout,
                                           std::vector<int>* original_slot) {
  auto code = std::make_shared<Code>();
  code->name = absl::StrCat(kResumePrefix, OriginalName(original), "_at_", layout.break_line);
  code->qualname = code->name;
  code->traceback_name = original.traceback_name.empty() ? original.name : original.traceback_name;
  code->filename = original.filename;
  code->first_line = original.first_line;
  code->flags = original.flags & Code::kNested;
  code->source = original.source;
  code->consts = original.consts;
  code->names = original.names;
  code->freevars = original.cellvars;
  code->freevars.insert(code->freevars.end(), original.freevars.begin(), original.freevars.end());

  // Local slots: stack values, live locals, then the rest.
  const int nlocals = static_cast<int>(original.varnames.size());
  std::vector<int> slot_of(nlocals, -1);
  for (int i = 0; i < layout.stack_depth; ++i)
    code->varnames.push_back(absl::StrCat("___stack", i));
  for (int s : layout.live) {
    slot_of[s] = static_cast<int>(code->varnames.size());
    code->varnames.push_back(original.varnames[s]);
  }
  for (int s = 0; s < nlocals; ++s) {
    if (slot_of[s] >= 0) continue;
    slot_of[s] = static_cast<int>(code->varnames.size());
    code->varnames.push_back(original.varnames[s]);
  }
  code->argcount = layout.stack_depth + static_cast<int>(layout.live.size());
  if (original_slot != nullptr) {
    original_slot->assign(code->varnames.size(), -1);
    for (int s = 0; s < nlocals; ++s) (*original_slot)[slot_of[s]] = s;
  }

  // Prologue: push the stack values back, then jump into the original body.
  const int plen = ResumePrologueLength(layout);
  const script::SourceLoc loc = original.locations[layout.target];
  for (int i = 0; i < layout.stack_depth; ++i) {
    code->instructions.push_back({Opcode::kLoadFast, i});
    code->locations.push_back(loc);
    if (std::find(layout.with_slots.begin(), layout.with_slots.end(), i) !=
        layout.with_slots.end()) {
      code->instructions.push_back({Opcode::kBeforeWith, 0});
      code->instructions.push_back({Opcode::kPop, 0});
      code->locations.push_back(loc);
      code->locations.push_back(loc);
    }
  }
  code->instructions.push_back({Opcode::kJump, layout.target + plen});
  code->locations.push_back(loc);
  for (size_t i = 0; i < original.instructions.size(); ++i) {
    script::Instruction ins = original.instructions[i];
    if (IsJump(ins.op)) ins.arg += plen;
    if (UsesLocalSlot(ins.op)) ins.arg = slot_of[ins.arg];
    code->instructions.push_back(ins);
    code->locations.push_back(original.locations[i]);
  }
  for (script::ExceptionEntry e : original.exception_table) {
    e.start += plen;
    e.end += plen;
    e.handler += plen;
    code->exception_table.push_back(e);
  }
  code->max_stack = original.max_stack + layout.stack_depth + 2;
  return code;
}

}  // namespace tc::frame_capture
