// Shared by the bytes/bytearray files: obj_bytes.cc (the types, the
// sequence protocol, hex, decode), obj_bytes_search.cc (find, split, strip,
// replace, ...) and obj_bytearray.cc (bytearray's mutation).
#ifndef TC_SCRIPT_SRC_OBJ_BYTES_H_
#define TC_SCRIPT_SRC_OBJ_BYTES_H_

#include <cstdint>
#include <string>

#include "tc/script/native.h"
#include "tc/script/object.h"

namespace tc::script {

inline BytesObject* AsBytes(const Value& v) { return static_cast<BytesObject*>(v.as_object()); }
inline bool IsByteArray(const Value& v) { return IsInstance(v, Types().bytearray); }
// The result of an operation on `self`: a bytearray's stays a bytearray.
inline Value MakeBytesLike(const Value& self, std::string data) {
  return IsByteArray(self) ? NewByteArray(std::move(data)) : NewBytes(std::move(data));
}

// A byte from an int-like value: TypeError / ValueError(range_msg) as
// CPython.
bool ByteOf(VM& vm, const Value& v, unsigned char* out, const char* range_msg);
// A bytes-like argument's data; null with CPython's TypeError "a bytes-like
// object is required, not 'str'".
const std::string* BytesArg(VM& vm, const Value& v);
// The bytes a bytes-like object or an iterable of ints stands for.
bool BytesFromSource(VM& vm, const Value& src, std::string* out);
// An item index with bytes' and bytearray's own error texts.
bool ByteIndex(VM& vm, const Value& self, const Value& key, int64_t size, int64_t* out);

// The methods each file adds to the types.
void AddBytesSearchMethods(Type* t);  // bytes and bytearray
void AddByteArrayMethods(Type* t);    // bytearray only

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_OBJ_BYTES_H_
