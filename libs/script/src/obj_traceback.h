// Traceback and frame objects (obj_traceback.cc): what an exception's
// __traceback__ shows of the entries the VM recorded while it unwound.
#ifndef TC_SCRIPT_SRC_OBJ_TRACEBACK_H_
#define TC_SCRIPT_SRC_OBJ_TRACEBACK_H_

#include "tc/script/native.h"

namespace tc::script {

// exc.__traceback__: a chain of traceback objects, outermost frame first
// (tb_next goes inward), or None when the exception was never raised.
Value ExceptionTraceback(VM& vm, const ExceptionObject* exc);
// exc.__traceback__ = tb / exc.with_traceback(tb): `tb` (None or a
// traceback chain) becomes the exception's entries; false with CPython's
// TypeError for anything else.
bool SetExceptionTraceback(VM& vm, ExceptionObject* exc, const Value& tb);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_OBJ_TRACEBACK_H_
