// XXH64 (Yann Collet's xxHash, 64-bit variant): the checksum the disk
// store keeps for each artifact. A fixed, documented algorithm, so a
// checksum written by one process (or tc version) verifies in another;
// absl's hashes are salted per process and cannot be used. Not
// cryptographic: it catches torn writes, truncation and flipped bits, not
// an attacker (the cache directory is trusted like the user's home).
#ifndef TC_RUNTIME_CACHE_XXH64_H_
#define TC_RUNTIME_CACHE_XXH64_H_

#include <cstdint>
#include <string_view>

namespace tc::runtime_cache {

// The XXH64 digest of `data` with `seed`, equal to the reference
// implementation's XXH64(data, size, seed) (libxxhash, xxhsum -H1).
uint64_t Xxh64(std::string_view data, uint64_t seed = 0);

}  // namespace tc::runtime_cache

#endif  // TC_RUNTIME_CACHE_XXH64_H_
