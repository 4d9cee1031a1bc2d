// OSError and its subclasses as CPython 3.11 has them: OSError(errno,
// strerror[, filename[, winerror[, filename2]]]) sets those attributes,
// keeps (errno, strerror) as args, picks the subclass for the errno
// (OSError(2, ...) is a FileNotFoundError), and prints
// "[Errno 2] No such file or directory: 'x'".
#ifndef TC_SCRIPT_SRC_EXC_OS_ERROR_H_
#define TC_SCRIPT_SRC_EXC_OS_ERROR_H_

#include "tc/script/native.h"

namespace tc::script {

struct BuiltinTypes;

// Creates the subclasses and gives OSError its methods; from
// InitExceptionTypes, once os_error exists.
void InitOSErrorTypes(BuiltinTypes& bt);

// Raises the OSError subclass for `err` (an errno value) with strerror's
// text, naming `filename` (and `filename2`) when not null, as CPython's
// PyErr_SetFromErrnoWithFilenameObjects. Returns null.
Value RaiseOSError(VM& vm, int err, const Value& filename = Value(),
                   const Value& filename2 = Value());

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_EXC_OS_ERROR_H_
