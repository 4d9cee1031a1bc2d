// The checksums zlib and binascii share (module_zlib.cc): CRC-32 as zlib
// computes it (the ZIP and PNG polynomial) and Adler-32.
#ifndef TC_SCRIPT_SRC_CHECKSUM_H_
#define TC_SCRIPT_SRC_CHECKSUM_H_

#include <cstdint>
#include <string_view>

namespace tc::script {

// zlib's crc32(crc, data): continues the running value `crc` (0 to start).
uint32_t Crc32(uint32_t crc, std::string_view data);
// zlib's adler32(adler, data): continues `adler` (1 to start).
uint32_t Adler32(uint32_t adler, std::string_view data);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_CHECKSUM_H_
