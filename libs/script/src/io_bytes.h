// The one place where the io layer (binary files, BytesIO) turns data into
// script values and back. tc's `bytes` type is being added on its own
// branch; until it is merged, binary data cannot become a script value and
// these raise NotImplementedError naming the operation. After the merge
// they are NewBytes(data) and BytesValue(v) (native.h).
#ifndef TC_SCRIPT_SRC_IO_BYTES_H_
#define TC_SCRIPT_SRC_IO_BYTES_H_

#include <string>

#include "tc/script/native.h"

namespace tc::script {

// A bytes value holding `data`; null with the exception set when tc has no
// bytes type.
Value BytesOf(VM& vm, std::string data);
// The data of a bytes-like value, or null when `v` is not one.
const std::string* BytesDataOf(const Value& v);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_IO_BYTES_H_
