// SyntaxError objects: the exception a failed import of a source file
// raises (built from the compiler's syntax_error.h record), its attributes
// (msg, filename, lineno, offset, text, end_lineno, end_offset), its str
// "invalid syntax (m.py, line 2)", and the report under a traceback that
// CPython prints for it (the file/line header, source line and carets).
#ifndef TC_SCRIPT_SRC_EXC_SYNTAX_ERROR_H_
#define TC_SCRIPT_SRC_EXC_SYNTAX_ERROR_H_

#include <optional>

#include "tc/script/native.h"
#include "tc/script/syntax_error.h"

namespace tc::script {

struct BuiltinTypes;

// IndentationError, TabError, and SyntaxError's methods.
void InitSyntaxErrorTypes(BuiltinTypes& bt);

// An instance of the record's type (SyntaxError, IndentationError,
// TabError) with its attributes.
Value NewSyntaxError(VM& vm, const SyntaxError& se);

// The record back from a SyntaxError instance that carries a location;
// nullopt for one raised by hand without it.
std::optional<SyntaxError> SyntaxErrorOf(VM& vm, const Value& exc);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_EXC_SYNTAX_ERROR_H_
