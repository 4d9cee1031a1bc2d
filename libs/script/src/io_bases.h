// The io base classes of CPython's _io (_IOBase, _RawIOBase,
// _BufferedIOBase, _TextIOBase): native types the file and memory streams
// derive from, and that io's ABCs (IOBase, ...) derive from in turn.
#ifndef TC_SCRIPT_SRC_IO_BASES_H_
#define TC_SCRIPT_SRC_IO_BASES_H_

#include "tc/script/native.h"

namespace tc::script {

Type* IOBaseType();
Type* RawIOBaseType();
Type* BufferedIOBaseType();
Type* TextIOBaseType();

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_IO_BASES_H_
