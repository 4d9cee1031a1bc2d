// Text codecs for files (io_codec.h).
#include "io_codec.h"

#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"

#include "tc/support/enum_table.h"

#include "str_codecs.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// The codec's name as str_codecs knows it, in TextCodec's order.
constexpr support::EnumTable<TextCodec::kAscii, const char*> kCodecNames({"utf-8", "latin-1",
                                                                          "ascii"});
const char* CodecName(TextCodec codec) { return kCodecNames.at(codec, "utf-8"); }

}  // namespace

bool LookupTextCodec(VM& vm, std::string_view name, TextCodec* out) {
  std::string n = absl::AsciiStrToLower(std::string(name));
  absl::StrReplaceAll({{"_", "-"}, {" ", "-"}}, &n);
  // "locale" (io.text_encoding's answer) is the locale's encoding, UTF-8
  // in tc as _locale.getencoding() says.
  if (n == "utf-8" || n == "utf8" || n == "u8" || n == "utf" || n == "locale") {
    *out = TextCodec::kUtf8;
  } else if (n == "latin-1" || n == "latin1" || n == "iso-8859-1" || n == "iso8859-1" ||
             n == "8859" || n == "cp819" || n == "latin" || n == "l1") {
    *out = TextCodec::kLatin1;
  } else if (n == "ascii" || n == "us-ascii" || n == "646") {
    *out = TextCodec::kAscii;
  } else {
    Raise(vm, Types().lookup_error, absl::StrFormat("unknown encoding: %s", name));
    return false;
  }
  return true;
}

// Both directions go through str_codecs (str.encode / bytes.decode), so a
// file's errors are the same UnicodeDecodeError / UnicodeEncodeError.
bool DecodeText(VM& vm, TextCodec codec, std::string_view data, std::string* out) {
  Value text = DecodeBytesArgs(vm, std::string(data), NewStr(CodecName(codec)), Value(), "decode");
  if (text.is_null()) return false;
  *out = *StrValue(text);
  return true;
}

bool EncodeText(VM& vm, TextCodec codec, std::string_view text, std::string* out) {
  Value s = NewStr(std::string(text));
  Value data = EncodeStrArgs(vm, static_cast<const StrObject*>(s.as_object()),
                             NewStr(CodecName(codec)), Value());
  if (data.is_null()) return false;
  *out = *BytesValue(data);
  return true;
}

int64_t CountCodePoints(std::string_view utf8) {
  int64_t n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace tc::script
