// utf-8 / ascii / latin-1 / cp437 encoding and decoding with CPython's error
// handlers and error texts (Objects/unicodeobject.c, Python/codecs.c).
#include "src/str_codecs.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"

#include "src/str_helpers.h"
#include "src/utf8.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

enum class Codec { kUtf8, kAscii, kLatin1, kCp437 };

// The name CPython's errors give: cp437 is a charmap codec.
const char* CodecName(Codec c) {
  switch (c) {
    case Codec::kUtf8:
      return "utf-8";
    case Codec::kAscii:
      return "ascii";
    case Codec::kLatin1:
      return "latin-1";
    case Codec::kCp437:
      return "charmap";
  }
  return "";
}

// Code page 437's bytes 0x80..0xFF (its lower half is ASCII): zipfile
// decodes the names of entries without the UTF-8 flag with it.
constexpr uint16_t kCp437High[128] = {
    0xc7,   0xfc,   0xe9,   0xe2,   0xe4,   0xe0,   0xe5,   0xe7,   0xea,   0xeb,   0xe8,   0xef,
    0xee,   0xec,   0xc4,   0xc5,   0xc9,   0xe6,   0xc6,   0xf4,   0xf6,   0xf2,   0xfb,   0xf9,
    0xff,   0xd6,   0xdc,   0xa2,   0xa3,   0xa5,   0x20a7, 0x192,  0xe1,   0xed,   0xf3,   0xfa,
    0xf1,   0xd1,   0xaa,   0xba,   0xbf,   0x2310, 0xac,   0xbd,   0xbc,   0xa1,   0xab,   0xbb,
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556, 0x2555, 0x2563, 0x2551, 0x2557,
    0x255d, 0x255c, 0x255b, 0x2510, 0x2514, 0x2534, 0x252c, 0x251c, 0x2500, 0x253c, 0x255e, 0x255f,
    0x255a, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256c, 0x2567, 0x2568, 0x2564, 0x2565, 0x2559,
    0x2558, 0x2552, 0x2553, 0x256b, 0x256a, 0x2518, 0x250c, 0x2588, 0x2584, 0x258c, 0x2590, 0x2580,
    0x3b1,  0xdf,   0x393,  0x3c0,  0x3a3,  0x3c3,  0xb5,   0x3c4,  0x3a6,  0x398,  0x3a9,  0x3b4,
    0x221e, 0x3c6,  0x3b5,  0x2229, 0x2261, 0xb1,   0x2265, 0x2264, 0x2320, 0x2321, 0xf7,   0x2248,
    0xb0,   0x2219, 0xb7,   0x221a, 0x207f, 0xb2,   0x25a0, 0xa0,
};

// The cp437 byte of code point `cp`, or -1.
int Cp437Byte(uint32_t cp) {
  if (cp < 0x80) return static_cast<int>(cp);
  for (int i = 0; i < 128; ++i) {
    if (kCp437High[i] == cp) return 0x80 + i;
  }
  return -1;
}

// CPython's normalization (lower case, '-' and ' ' as '_') and the aliases
// of its three codecs tc has.
bool LookupCodec(VM& vm, const std::string& name, Codec* out) {
  std::string n = absl::StrReplaceAll(absl::AsciiStrToLower(name), {{"-", "_"}, {" ", "_"}});
  for (const char* a : {"utf_8", "utf8", "u8", "utf", "cp65001"}) {
    if (n == a) return *out = Codec::kUtf8, true;
  }
  for (const char* a : {"ascii", "us_ascii", "646", "us", "ansi_x3.4_1968", "iso646_us"}) {
    if (n == a) return *out = Codec::kAscii, true;
  }
  for (const char* a : {"latin_1", "latin1", "latin", "l1", "iso_8859_1", "iso8859_1", "8859",
                        "cp819", "iso_ir_100", "iso_8859_1:1987", "csisolatin1"}) {
    if (n == a) return *out = Codec::kLatin1, true;
  }
  for (const char* a : {"cp437", "437", "ibm437"}) {
    if (n == a) return *out = Codec::kCp437, true;
  }
  for (const char* a : {"utf_16",
                        "utf16",
                        "utf_16_le",
                        "utf_16_be",
                        "utf_32",
                        "utf32",
                        "utf_32_le",
                        "utf_32_be",
                        "utf_8_sig",
                        "cp1252",
                        "windows_1252",
                        "iso_8859_15",
                        "big5",
                        "gbk",
                        "gb2312",
                        "shift_jis",
                        "euc_jp",
                        "koi8_r",
                        "mbcs",
                        "idna",
                        "punycode",
                        "unicode_escape",
                        "raw_unicode_escape"}) {
    if (n == a) {
      RaiseNotImplementedError(
          vm,
          absl::StrFormat(
              "the '%s' codec is not supported by tc (utf-8, ascii, latin-1 and cp437 are)", name));
      return false;
    }
  }
  Raise(vm, Types().lookup_error, "unknown encoding: " + name);
  return false;
}

enum class Handler {
  kStrict,
  kReplace,
  kIgnore,
  kBackslashReplace,
  kXmlCharRefReplace,
  kSurrogateEscape,
  kUnknown
};

Handler LookupHandler(const std::string& name) {
  if (name == "strict") return Handler::kStrict;
  if (name == "replace") return Handler::kReplace;
  if (name == "ignore") return Handler::kIgnore;
  if (name == "backslashreplace") return Handler::kBackslashReplace;
  if (name == "xmlcharrefreplace") return Handler::kXmlCharRefReplace;
  if (name == "surrogateescape") return Handler::kSurrogateEscape;
  return Handler::kUnknown;
}

// Reads the optional encoding/errors arguments.
bool CodecArgs(VM& vm, const Value& encoding, const Value& errors, const char* fname, Codec* codec,
               std::string* handler) {
  *codec = Codec::kUtf8;
  *handler = "strict";
  if (!encoding.is_null()) {
    const std::string* e = StrArgText(vm, encoding, fname, "encoding");
    if (e == nullptr || !LookupCodec(vm, *e, codec)) return false;
  }
  if (!errors.is_null()) {
    const std::string* e = StrArgText(vm, errors, fname, "errors");
    if (e == nullptr) return false;
    *handler = *e;
  }
  return true;
}

// \xNN, \uNNNN or \UNNNNNNNN.
std::string CharEscape(uint32_t cp) {
  if (cp <= 0xFF) return absl::StrFormat("\\x%02x", cp);
  if (cp <= 0xFFFF) return absl::StrFormat("\\u%04x", cp);
  return absl::StrFormat("\\U%08x", cp);
}

// Raises UnicodeDecodeError / UnicodeEncodeError with CPython's text and
// its attributes (encoding, object, start, end, reason).
void RaiseCodecError(VM& vm, bool decode, Codec codec, const Value& object, int64_t start,
                     int64_t end, const std::string& reason, uint32_t bad) {
  std::string msg;
  if (decode) {
    msg = end == start + 1
              ? absl::StrFormat("'%s' codec can't decode byte 0x%02x in position %d: %s",
                                CodecName(codec), bad, start, reason)
              : absl::StrFormat("'%s' codec can't decode bytes in position %d-%d: %s",
                                CodecName(codec), start, end - 1, reason);
  } else if (end == start + 1) {
    msg = absl::StrFormat("'%s' codec can't encode character '%s' in position %d: %s",
                          CodecName(codec), CharEscape(bad), start, reason);
  } else {
    msg = absl::StrFormat("'%s' codec can't encode characters in position %d-%d: %s",
                          CodecName(codec), start, end - 1, reason);
  }
  const BuiltinTypes& T = Types();
  Value exc = NewExceptionArgs(decode ? T.unicode_decode_error : T.unicode_encode_error,
                               NewTuple({NewStr(msg)}));
  vm.SetAttr(exc, "encoding", NewStr(CodecName(codec)));
  vm.SetAttr(exc, "object", object);
  vm.SetAttr(exc, "start", Value::Int(start));
  vm.SetAttr(exc, "end", Value::Int(end));
  vm.SetAttr(exc, "reason", NewStr(reason));
  vm.SetException(exc);
}

void UnknownHandler(VM& vm, const std::string& name) {
  Raise(vm, Types().lookup_error, absl::StrFormat("unknown error handler name '%s'", name));
}

// The next error of `data` from `from` for the codec: its byte range and
// reason; false when the rest decodes cleanly.
bool NextDecodeError(Codec codec, std::string_view data, size_t from, size_t* start, size_t* len,
                     const char** reason) {
  if (codec == Codec::kLatin1 || codec == Codec::kCp437) return false;  // every byte decodes
  if (codec == Codec::kAscii) {
    for (size_t i = from; i < data.size(); ++i) {
      if (static_cast<unsigned char>(data[i]) >= 0x80) {
        *start = i;
        *len = 1;
        *reason = "ordinal not in range(128)";
        return true;
      }
    }
    return false;
  }
  *start = utf8::FindInvalid(data, from, len, reason);
  return *start != std::string_view::npos;
}

// Appends the clean bytes [from, to) decoded to UTF-8.
void AppendClean(Codec codec, std::string_view data, size_t from, size_t to, std::string* out) {
  if (codec == Codec::kLatin1) {
    for (size_t i = from; i < to; ++i) utf8::Append(static_cast<unsigned char>(data[i]), out);
  } else if (codec == Codec::kCp437) {
    for (size_t i = from; i < to; ++i) {
      unsigned char b = static_cast<unsigned char>(data[i]);
      utf8::Append(b < 0x80 ? b : kCp437High[b - 0x80], out);
    }
  } else {
    out->append(data.substr(from, to - from));
  }
}

}  // namespace

Value DecodeBytesArgs(VM& vm, const std::string& data, const Value& encoding, const Value& errors,
                      const char* fname) {
  Codec codec;
  std::string handler_name;
  if (!CodecArgs(vm, encoding, errors, fname, &codec, &handler_name)) return {};
  std::string out;
  size_t at = 0, start, len;
  const char* reason;
  Handler handler = Handler::kStrict;
  bool looked_up = false;
  while (NextDecodeError(codec, data, at, &start, &len, &reason)) {
    if (!looked_up) {
      handler = LookupHandler(handler_name);
      looked_up = true;
    }
    AppendClean(codec, data, at, start, &out);
    switch (handler) {
      case Handler::kReplace:
        utf8::Append(0xFFFD, &out);
        break;
      case Handler::kIgnore:
        break;
      case Handler::kBackslashReplace:
        for (size_t i = start; i < start + len; ++i) {
          absl::StrAppendFormat(&out, "\\x%02x", static_cast<unsigned char>(data[i]));
        }
        break;
      case Handler::kSurrogateEscape:
        for (size_t i = start; i < start + len; ++i) {
          unsigned char b = static_cast<unsigned char>(data[i]);
          if (b < 0x80) {
            RaiseCodecError(vm, true, codec, NewBytes(data), static_cast<int64_t>(start),
                            static_cast<int64_t>(start + len), reason,
                            static_cast<unsigned char>(data[start]));
            return {};
          }
          utf8::Append(0xDC00 + b, &out);
        }
        break;
      case Handler::kUnknown:
        UnknownHandler(vm, handler_name);
        return {};
      default:
        RaiseCodecError(vm, true, codec, NewBytes(data), static_cast<int64_t>(start),
                        static_cast<int64_t>(start + len), reason,
                        static_cast<unsigned char>(data[start]));
        return {};
    }
    at = start + len;
  }
  AppendClean(codec, data, at, data.size(), &out);
  return NewStr(std::move(out));
}

Value EncodeStrArgs(VM& vm, const StrObject* s, const Value& encoding, const Value& errors) {
  Codec codec;
  std::string handler_name;
  if (!CodecArgs(vm, encoding, errors, "encode", &codec, &handler_name)) return {};
  const std::string& text = s->value;
  if (codec == Codec::kUtf8 ? text.find("\xED") == std::string::npos : s->IsAscii()) {
    return NewBytes(text);  // nothing to check: no surrogate / all ASCII
  }
  // Code point by code point; a run of unencodable ones is one error.
  const uint32_t limit = codec == Codec::kAscii ? 0x80 : codec == Codec::kLatin1 ? 0x100 : 0;
  auto bad = [&](uint32_t cp) {
    if (codec == Codec::kCp437) return Cp437Byte(cp) < 0;
    return codec == Codec::kUtf8 ? (cp >= 0xD800 && cp <= 0xDFFF) : cp >= limit;
  };
  const char* reason = codec == Codec::kUtf8    ? "surrogates not allowed"
                       : codec == Codec::kAscii ? "ordinal not in range(128)"
                       : codec == Codec::kCp437 ? "character maps to <undefined>"
                                                : "ordinal not in range(256)";
  std::vector<uint32_t> cps;
  for (size_t i = 0; i < text.size();) cps.push_back(utf8::Decode(text, &i));
  std::string out;
  Handler handler = LookupHandler(handler_name);
  for (size_t i = 0; i < cps.size();) {
    if (!bad(cps[i])) {
      if (codec == Codec::kUtf8) {
        utf8::Append(cps[i], &out);
      } else if (codec == Codec::kCp437) {
        out.push_back(static_cast<char>(Cp437Byte(cps[i])));
      } else {
        out.push_back(static_cast<char>(cps[i]));
      }
      ++i;
      continue;
    }
    size_t end = i;
    while (end < cps.size() && bad(cps[end])) ++end;
    for (size_t k = i; k < end; ++k) {
      uint32_t cp = cps[k];
      switch (handler) {
        case Handler::kReplace:
          out.push_back('?');
          break;
        case Handler::kIgnore:
          break;
        case Handler::kBackslashReplace:
          out += CharEscape(cp);
          break;
        case Handler::kXmlCharRefReplace:
          absl::StrAppendFormat(&out, "&#%d;", cp);
          break;
        case Handler::kSurrogateEscape:
          if (cp >= 0xDC80 && cp <= 0xDCFF) {
            out.push_back(static_cast<char>(cp - 0xDC00));
            break;
          }
          [[fallthrough]];
        case Handler::kStrict:
          RaiseCodecError(vm, false, codec, Value::Borrow(const_cast<StrObject*>(s)),
                          static_cast<int64_t>(i), static_cast<int64_t>(end), reason, cps[i]);
          return {};
        case Handler::kUnknown:
          UnknownHandler(vm, handler_name);
          return {};
      }
    }
    i = end;
  }
  return NewBytes(std::move(out));
}

}  // namespace tc::script
