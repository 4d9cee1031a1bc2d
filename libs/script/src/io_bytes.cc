// Bytes values for the io layer (io_bytes.h).
#include "io_bytes.h"

namespace tc::script {

Value BytesOf(VM& vm, std::string) {
  return RaiseNotImplementedError(vm, "bytes values are not supported by tc yet (binary I/O)");
}

const std::string* BytesDataOf(const Value&) { return nullptr; }

}  // namespace tc::script
