// The zlib module's checksums (crc32, adler32) and constants: what
// zipfile needs for stored (uncompressed) archives, which is the format
// torch.save writes. Compression itself is not provided: zipfile then
// reports ZIP_DEFLATED as unsupported through the missing names below.
#include <array>

#include "tc/script/bigint.h"

#include "checksum.h"
#include "module_unsupported.h"
#include "vm_internal.h"

namespace tc::script {

uint32_t Crc32(uint32_t crc, std::string_view data) {
  static const std::array<uint32_t, 256> kTable = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  crc = ~crc;
  for (unsigned char b : data) crc = kTable[(crc ^ b) & 0xff] ^ (crc >> 8);
  return ~crc;
}

uint32_t Adler32(uint32_t adler, std::string_view data) {
  constexpr uint32_t kMod = 65521;
  uint32_t a = adler & 0xffff, b = adler >> 16;
  size_t i = 0;
  while (i < data.size()) {
    // 5552 bytes keep b below 2**32 before the modulo (zlib's NMAX).
    size_t end = std::min(data.size(), i + 5552);
    for (; i < end; ++i) {
      a += static_cast<unsigned char>(data[i]);
      b += a;
    }
    a %= kMod;
    b %= kMod;
  }
  return (b << 16) | a;
}

namespace {

// f(data, value=start): the checksum as an unsigned int, as zlib's.
template <uint32_t (*kFn)(uint32_t, std::string_view), uint32_t kStart>
Value Checksum(VM& vm, const Value&, const ArgsView& args, const char* name) {
  if (!CheckArgCount(vm, args, name, 1, 2)) return {};
  const std::string* data = BytesValue(args[0]);
  std::string tmp;
  if (data == nullptr) {
    if (!args[0].is_object() || !IsInstance(args[0], MemoryViewType())) {
      return RaiseTypeError(
          vm, absl::StrFormat("a bytes-like object is required, not '%s'", TypeName(args[0])));
    }
    Value b = vm.CallMethod(args[0], "tobytes", {});
    if (b.is_null()) return {};
    tmp = *BytesValue(b);
    data = &tmp;
  }
  uint32_t start = kStart;
  if (args.size() == 2) {
    if (!IsIntValue(args[1])) {
      return RaiseTypeError(vm, absl::StrFormat("'%s' object cannot be interpreted as an integer",
                                                TypeName(args[1])));
    }
    start = static_cast<uint32_t>(IntLow64(args[1]));  // CPython masks to 32 bits
  }
  return Value::Int(kFn(start, *data));
}

Value ZCrc32(VM& vm, const Value& self, const ArgsView& args) {
  return Checksum<Crc32, 0>(vm, self, args, "crc32");
}
Value ZAdler32(VM& vm, const Value& self, const ArgsView& args) {
  return Checksum<Adler32, 1>(vm, self, args, "adler32");
}

constexpr MethodDef kFunctions[] = {{"crc32", ZCrc32}, {"adler32", ZAdler32}};

// CPython's zlib names that need the compressor.
constexpr const char* kUnsupported[] = {"compress", "decompress", "compressobj", "decompressobj"};

}  // namespace

bool InitZlibModule(VM& vm, ModuleObject* m) {
  if (Value err =
          vm.Call(Value::Borrow(Types().type),
                  {NewStr("error"), NewTuple({Value::Borrow(Types().exception)}), NewDict()});
      !err.is_null()) {
    vm.SetAttr(err, "__module__", NewStr("zlib"));
    ModuleSet(m, "error", err);
  } else {
    return false;
  }
  AddFunctions(m, kFunctions);
  static constexpr std::pair<const char*, int64_t> kConstants[] = {{"DEFLATED", 8},
                                                                   {"DEF_BUF_SIZE", 16384},
                                                                   {"DEF_MEM_LEVEL", 8},
                                                                   {"MAX_WBITS", 15},
                                                                   {"Z_BEST_COMPRESSION", 9},
                                                                   {"Z_BEST_SPEED", 1},
                                                                   {"Z_BLOCK", 5},
                                                                   {"Z_DEFAULT_COMPRESSION", -1},
                                                                   {"Z_DEFAULT_STRATEGY", 0},
                                                                   {"Z_FILTERED", 1},
                                                                   {"Z_FINISH", 4},
                                                                   {"Z_FIXED", 4},
                                                                   {"Z_FULL_FLUSH", 3},
                                                                   {"Z_HUFFMAN_ONLY", 2},
                                                                   {"Z_NO_COMPRESSION", 0},
                                                                   {"Z_NO_FLUSH", 0},
                                                                   {"Z_PARTIAL_FLUSH", 1},
                                                                   {"Z_RLE", 3},
                                                                   {"Z_SYNC_FLUSH", 2},
                                                                   {"Z_TREES", 6}};
  for (const auto& [name, v] : kConstants) ModuleSet(m, name, Value::Int(v));
  AddUnsupportedNames(m, kUnsupported);
  return true;
}

}  // namespace tc::script
