// SHA-512 (FIPS 180-4), for the places that must hash exactly as CPython
// does: `random.seed(str | bytes)` extends its seed with the SHA-512 digest
// of the bytes. Not meant for secrets (no constant-time guarantees).
#ifndef TC_SUPPORT_SHA512_H_
#define TC_SUPPORT_SHA512_H_

#include <array>
#include <cstdint>
#include <string_view>

namespace tc::support {

using Sha512Digest = std::array<uint8_t, 64>;

// The digest of `data` (bytes, taken as they are).
Sha512Digest Sha512(std::string_view data);

}  // namespace tc::support

#endif  // TC_SUPPORT_SHA512_H_
