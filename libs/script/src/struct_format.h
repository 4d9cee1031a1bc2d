// The _struct module's format strings (module_struct.cc): parsing a format
// into its items with CPython's sizes, native alignment and error texts,
// and packing / unpacking one item's values (struct_codec.cc).
#ifndef TC_SCRIPT_SRC_STRUCT_FORMAT_H_
#define TC_SCRIPT_SRC_STRUCT_FORMAT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tc/script/native.h"

namespace tc::script {

// One format code with its repeat count, placed at `offset`.
struct StructItem {
  char code = 0;
  int64_t count = 1;  // for 's'/'p' the byte length, else the repeat count
  int64_t size = 0;   // of one element
  int64_t offset = 0;
};

// A parsed format: CPython's Struct layout.
struct StructLayout {
  bool native = true;  // '@' (or no prefix): native sizes and alignment
  bool little = true;  // byte order of the standard and native modes
  std::vector<StructItem> items;
  int64_t size = 0;     // calcsize()
  int64_t nvalues = 0;  // values pack() takes / unpack() returns
};

// The struct.error class (set when _struct first loads).
Value& StructErrorClass();
// Raises struct.error(message); returns null.
Value RaiseStructError(VM& vm, std::string message);

// Parses `format` (the text of a str or bytes format); false with
// struct.error raised when it is malformed.
bool ParseStructFormat(VM& vm, std::string_view format, StructLayout* out);

// Packs `value` as one element of `item` at `dst` (item.size bytes, or
// item.count for 's'/'p'); false with CPython's error raised.
bool PackStructItem(VM& vm, const StructLayout& layout, const StructItem& item, const Value& value,
                    char* dst);
// The value of one element of `item` read from `src`; null on error.
Value UnpackStructItem(VM& vm, const StructLayout& layout, const StructItem& item,
                       const unsigned char* src);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_STRUCT_FORMAT_H_
