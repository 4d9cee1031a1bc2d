// The text codecs of text files: utf-8, latin-1 and ascii (CPython's
// spellings of each accepted), strict, through the str/bytes codecs
// (str_codecs.h), so errors are CPython's UnicodeDecodeError /
// UnicodeEncodeError.
#ifndef TC_SCRIPT_SRC_IO_CODEC_H_
#define TC_SCRIPT_SRC_IO_CODEC_H_

#include <string>
#include <string_view>

#include "tc/script/native.h"

namespace tc::script {

enum class TextCodec { kUtf8, kLatin1, kAscii };

// The codec for an encoding name; false with LookupError("unknown
// encoding: x") raised.
bool LookupTextCodec(VM& vm, std::string_view name, TextCodec* out);

// Decodes `data` to UTF-8 text; false with CPython's error text raised
// (positions counted from the start of `data`).
bool DecodeText(VM& vm, TextCodec codec, std::string_view data, std::string* out);
// Encodes UTF-8 text; false with the error raised.
bool EncodeText(VM& vm, TextCodec codec, std::string_view text, std::string* out);

// Code points in UTF-8 text.
int64_t CountCodePoints(std::string_view utf8);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_IO_CODEC_H_
