// io.StringIO and io.BytesIO (io_memory.cc).
#ifndef TC_SCRIPT_SRC_IO_MEMORY_H_
#define TC_SCRIPT_SRC_IO_MEMORY_H_

#include "tc/script/native.h"

namespace tc::script {

Type* StringIOType();
Type* BytesIOType();

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_IO_MEMORY_H_
