// Hex digests for cache keys and cache paths (SHA-512, truncated: keys
// only need to be collision-free, not secret).
#ifndef TC_CODEGEN_CPU_SRC_DIGEST_H_
#define TC_CODEGEN_CPU_SRC_DIGEST_H_

#include <string>
#include <string_view>

#include "tc/support/sha512.h"

namespace tc::codegen_cpu {

// The first `bytes` bytes (at most 64) of SHA-512(data), as lowercase hex.
inline std::string HexDigest(std::string_view data, size_t bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  support::Sha512Digest d = support::Sha512(data);
  std::string out;
  out.reserve(2 * bytes);
  for (size_t i = 0; i < bytes && i < d.size(); ++i) {
    out.push_back(kHex[d[i] >> 4]);
    out.push_back(kHex[d[i] & 15]);
  }
  return out;
}

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_DIGEST_H_
