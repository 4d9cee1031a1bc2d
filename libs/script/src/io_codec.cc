// Text codecs for files (io_codec.h).
#include "io_codec.h"

#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

// CPython raises UnicodeDecodeError / UnicodeEncodeError (ValueError
// subclasses); tc has neither class until the unicode branch lands, so
// the nearest base with the same text.
Value RaiseCodecError(VM& vm, std::string message) {
  return RaiseValueError(vm, std::move(message));
}

// The length of the UTF-8 sequence at data[i], or 0 when invalid (with
// CPython's reason).
int Utf8SequenceLength(std::string_view data, size_t i, const char** reason) {
  unsigned char c = static_cast<unsigned char>(data[i]);
  int n;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    *reason = "invalid start byte";
    return 0;
  }
  for (int k = 1; k < n; ++k) {
    if (i + k >= data.size()) {
      *reason = "unexpected end of data";
      return 0;
    }
    unsigned char cc = static_cast<unsigned char>(data[i + k]);
    if (cc < (k == 1 ? lo : 0x80) || cc > (k == 1 ? hi : 0xBF)) {
      *reason = "invalid continuation byte";
      return 0;
    }
  }
  return n;
}

// The code point of the UTF-8 sequence at text[i] (valid UTF-8 assumed)
// and its length.
uint32_t DecodeOne(std::string_view text, size_t i, int* len) {
  unsigned char c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) {
    *len = 1;
    return c;
  }
  int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
  uint32_t cp = c & (0x7F >> n);
  for (int k = 1; k < n && i + k < text.size(); ++k) {
    cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
  }
  *len = n;
  return cp;
}

}  // namespace

bool LookupTextCodec(VM& vm, std::string_view name, TextCodec* out) {
  std::string n = absl::AsciiStrToLower(std::string(name));
  absl::StrReplaceAll({{"_", "-"}, {" ", "-"}}, &n);
  if (n == "utf-8" || n == "utf8" || n == "u8" || n == "utf") {
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

bool DecodeText(VM& vm, TextCodec codec, std::string_view data, std::string* out) {
  out->clear();
  out->reserve(data.size());
  for (size_t i = 0; i < data.size();) {
    unsigned char c = static_cast<unsigned char>(data[i]);
    switch (codec) {
      case TextCodec::kUtf8: {
        const char* reason = nullptr;
        int n = Utf8SequenceLength(data, i, &reason);
        if (n == 0) {
          RaiseCodecError(vm, absl::StrFormat("'utf-8' codec can't decode byte 0x%02x in "
                                              "position %d: %s",
                                              c, i, reason));
          return false;
        }
        out->append(data.substr(i, n));
        i += n;
        break;
      }
      case TextCodec::kLatin1:
        if (c < 0x80) {
          out->push_back(static_cast<char>(c));
        } else {
          out->push_back(static_cast<char>(0xC0 | (c >> 6)));
          out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
        }
        ++i;
        break;
      case TextCodec::kAscii:
        if (c >= 0x80) {
          RaiseCodecError(vm, absl::StrFormat("'ascii' codec can't decode byte 0x%02x in "
                                              "position %d: ordinal not in range(128)",
                                              c, i));
          return false;
        }
        out->push_back(static_cast<char>(c));
        ++i;
        break;
    }
  }
  return true;
}

bool EncodeText(VM& vm, TextCodec codec, std::string_view text, std::string* out) {
  if (codec == TextCodec::kUtf8) {
    out->assign(text);
    return true;
  }
  out->clear();
  out->reserve(text.size());
  const uint32_t limit = codec == TextCodec::kLatin1 ? 256 : 128;
  int64_t position = 0;
  for (size_t i = 0; i < text.size(); ++position) {
    int len;
    uint32_t cp = DecodeOne(text, i, &len);
    if (cp >= limit) {
      std::string shown = cp <= 0xFF     ? absl::StrFormat("\\x%02x", cp)
                          : cp <= 0xFFFF ? absl::StrFormat("\\u%04x", cp)
                                         : absl::StrFormat("\\U%08x", cp);
      RaiseCodecError(vm, absl::StrFormat("'%s' codec can't encode character '%s' in position "
                                          "%d: ordinal not in range(%d)",
                                          codec == TextCodec::kLatin1 ? "latin-1" : "ascii", shown,
                                          position, limit));
      return false;
    }
    out->push_back(static_cast<char>(cp));
    i += len;
  }
  return true;
}

int64_t CountCodePoints(std::string_view utf8) {
  int64_t n = 0;
  for (unsigned char c : utf8) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace tc::script
