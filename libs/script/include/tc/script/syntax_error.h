// SyntaxError: the structured error the lexer, parser and compiler return
// for a bad script, and its CPython 3.11-identical rendering.
//
// Errors travel as absl::Status (kInvalidArgument) whose message is the
// full rendering and whose payload holds the fields, so callers that only
// print keep working and the VM can rebuild a Python SyntaxError object.
#ifndef TC_SCRIPT_SYNTAX_ERROR_H_
#define TC_SCRIPT_SYNTAX_ERROR_H_

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace tc::script {

struct SyntaxError {
  std::string type = "SyntaxError";  // or "IndentationError", "TabError"
  std::string filename;
  int line = 0;      // 1-based; 0: unknown
  int col = 0;       // 1-based; 0: no caret line (as CPython for some errors)
  int end_line = 0;  // 0: same as line
  int end_col = 0;   // exclusive; 0: one caret
  std::string msg;
  std::string text;  // the source line (without its newline)
  // Printed as the last line alone, as CPython prints the errors of a
  // source file's encoding (line still says where, for callers).
  bool message_only = false;

  // What CPython prints for an uncaught SyntaxError:
  //   File "t.py", line 3
  //     x = (1 +
  //         ^
  //   SyntaxError: '(' was never closed
  // (lines end with '\n').
  std::string Format() const;

  absl::Status ToStatus() const;
  // The error held in `status`, if it came from ToStatus().
  static std::optional<SyntaxError> FromStatus(const absl::Status& status);
};

// Line `line` (1-based) of `source`, without its newline; "" if absent.
std::string_view SourceLine(std::string_view source, int line);

}  // namespace tc::script

#endif  // TC_SCRIPT_SYNTAX_ERROR_H_
