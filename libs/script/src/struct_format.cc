// Format strings of the _struct module, as CPython's _struct.c reads them:
// an optional byte-order prefix, then items `[count]code` with whitespace
// allowed between items; native mode ('@') aligns each item to its size.
#include "struct_format.h"

#include <cctype>
#include <limits>

namespace tc::script {

namespace {

// Size of one element of `code`, or 0 when the mode lacks the code.
int64_t CodeSize(char code, bool native) {
  switch (code) {
    case 'x':
    case 'c':
    case 'b':
    case 'B':
    case '?':
    case 's':
    case 'p':
      return 1;
    case 'h':
    case 'H':
    case 'e':
      return 2;
    case 'i':
    case 'I':
    case 'f':
      return 4;
    case 'l':
    case 'L':
      return native ? 8 : 4;  // LP64's long
    case 'q':
    case 'Q':
    case 'd':
      return 8;
    case 'n':
    case 'N':
    case 'P':
      return native ? 8 : 0;  // native only
    default:
      return 0;
  }
}

// Native alignment of `code` (CPython's native table: 1 for the byte-sized
// codes, else the element size).
int64_t CodeAlignment(char code) {
  switch (code) {
    case 'x':
    case 'c':
    case 'b':
    case 'B':
    case 's':
    case 'p':
      return 1;
    default:
      return CodeSize(code, /*native=*/true);
  }
}

constexpr int64_t kMaxSize = std::numeric_limits<int64_t>::max();

}  // namespace

Value& StructErrorClass() {
  static Value* cls = new Value();
  return *cls;
}

Value RaiseStructError(VM& vm, std::string message) {
  Value exc = vm.Call(StructErrorClass(), {NewStr(std::move(message))});
  if (!exc.is_null()) vm.SetException(std::move(exc));
  return {};
}

bool ParseStructFormat(VM& vm, std::string_view format, StructLayout* out) {
  size_t i = 0;
  out->native = true;
  out->little = true;  // the hosts tc runs on are little-endian
  if (!format.empty()) {
    switch (format[0]) {
      case '@':
        ++i;
        break;
      case '=':
      case '<':
        out->native = false;
        ++i;
        break;
      case '>':
      case '!':
        out->native = false;
        out->little = false;
        ++i;
        break;
      default:
        break;
    }
  }
  if (format.find('\0') != std::string_view::npos) {
    RaiseValueError(vm, "embedded null character");
    return false;
  }
  int64_t size = 0;
  while (i < format.size()) {
    char c = format[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    int64_t count = 1;
    if (std::isdigit(static_cast<unsigned char>(c))) {
      count = 0;
      while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i]))) {
        int digit = format[i] - '0';
        if (count > (kMaxSize - digit) / 10) {
          RaiseStructError(vm, "total struct size too long");
          return false;
        }
        count = count * 10 + digit;
        ++i;
      }
      if (i == format.size()) {
        RaiseStructError(vm, "repeat count given without format specifier");
        return false;
      }
      c = format[i];
    }
    ++i;
    int64_t elem = CodeSize(c, out->native);
    if (elem == 0) {
      RaiseStructError(vm, "bad char in struct format");
      return false;
    }
    if (out->native) {
      int64_t align = CodeAlignment(c);
      if (align > 1 && size > 0) size += (align - 1) - (size - 1) % align;
    }
    StructItem item{.code = c, .count = count, .size = elem, .offset = size};
    int64_t bytes = count;  // 's' and 'p': count is the byte length
    if (c != 's' && c != 'p') {
      if (count > kMaxSize / elem) {
        RaiseStructError(vm, "total struct size too long");
        return false;
      }
      bytes = count * elem;
    }
    if (bytes > kMaxSize - size) {
      RaiseStructError(vm, "total struct size too long");
      return false;
    }
    size += bytes;
    if (c == 's' || c == 'p') {
      out->nvalues += 1;
    } else if (c != 'x') {
      out->nvalues += count;
    }
    out->items.push_back(item);
  }
  out->size = size;
  return true;
}

}  // namespace tc::script
