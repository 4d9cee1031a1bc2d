// The codecs behind str.encode, bytes.decode and str(bytes, encoding):
// utf-8, ascii, latin-1 and cp437 (CPython's aliases accepted), with CPython's
// error handlers (strict, replace, ignore, backslashreplace, and for
// encoding xmlcharrefreplace) and its UnicodeDecodeError /
// UnicodeEncodeError texts.
#ifndef TC_SCRIPT_SRC_STR_CODECS_H_
#define TC_SCRIPT_SRC_STR_CODECS_H_

#include <string>

#include "tc/script/native.h"
#include "tc/script/object.h"
#include "tc/script/value.h"

namespace tc::script {

class VM;

// The data of a bytes or bytearray, or null.
inline const std::string* BytesData(const Value& v) { return BytesValue(v); }

// Decodes `data`; `encoding` and `errors` are the caller's arguments (null
// when omitted: utf-8, strict). `fname` names the caller in type errors
// ("decode", "str").
Value DecodeBytesArgs(VM& vm, const std::string& data, const Value& encoding, const Value& errors,
                      const char* fname);
// str.encode(encoding, errors) of `s`, as bytes.
Value EncodeStrArgs(VM& vm, const StrObject* s, const Value& encoding, const Value& errors);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_STR_CODECS_H_
