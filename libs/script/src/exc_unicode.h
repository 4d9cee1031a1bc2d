// The UnicodeError subclasses' constructors and str (exc_unicode.cc), set
// up by InitMoreExceptionTypes (exc_more.cc).
#ifndef TC_SCRIPT_SRC_EXC_UNICODE_H_
#define TC_SCRIPT_SRC_EXC_UNICODE_H_

#include "tc/script/object.h"

namespace tc::script {

void InitUnicodeErrorMethods(BuiltinTypes& bt);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_EXC_UNICODE_H_
