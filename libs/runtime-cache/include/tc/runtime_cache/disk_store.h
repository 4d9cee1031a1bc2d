// The on-disk, content-addressed store of compiled artifacts (the shared
// objects codegen-cpu generates), shared by every tc process of a user, so
// a warm process loads a kernel without starting a compiler.
//
// Layout: <dir>/kernels/<first 2 hex of key>/<key>.so, where <dir> is
// $TC_CACHE_DIR or ~/.cache/tc (DiskStore::Default). Keys are what the
// caller hashes (source, compiler, flags, target, ABI version): 16 to 128
// lowercase hex digits; anything else is rejected, so a key can never name
// a path outside the store.
//
// Entry format: the artifact's bytes exactly as given, then a 32-byte
// trailer (little-endian):
//   "TCSTORE1"                  8-byte magic
//   payload size                uint64: bytes before the trailer
//   XXH64(payload, seed 0)      uint64 (xxh64.h)
//   XXH64(first 24 trailer bytes, seed 0)   so a garbled trailer is told
//                                           apart from a garbled payload
// The check lives in the same file, not in a sidecar, so one rename
// publishes artifact and checksum together (no window where one exists
// without the other). The entry stays directly dlopen()-able: the ELF
// loader maps segments by the offsets in the program headers and never
// looks past them, so trailing bytes are ignored (disk_store_test dlopens
// a stored shared object).
//
// Lookup verifies size and checksum before returning a path. An entry that
// fails (truncated, a flipped byte, no or a garbled trailer) is deleted,
// reported through the store's warning sink with the file's path, and is a
// miss: the caller compiles again and re-inserts. Insert writes a
// temporary file in the entry's directory (".<key>.so.<pid>.<n>.tmp"),
// fsyncs it and renames it over the entry, so readers see either no entry
// or a whole one, and any number of processes inserting the same key at
// once all succeed (each rename replaces an identical file; an entry that
// already verifies is kept and not rewritten). Never writing an entry in
// place also keeps processes that have it mapped safe. A directory that
// cannot be written gives a PermissionDenied/FailedPrecondition status
// naming the path; the caller then keeps its artifact in a temporary
// directory.
//
//   DiskStore store = DiskStore::Default();
//   if (std::optional<std::string> path = store.Lookup(key)) return dlopen(path->c_str(), ...);
//   absl::StatusOr<std::string> stored = store.InsertFile(key, built_so_path);
#ifndef TC_RUNTIME_CACHE_DISK_STORE_H_
#define TC_RUNTIME_CACHE_DISK_STORE_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace tc::runtime_cache {

class DiskStore {
 public:
  // Receives one line of text per problem found (a corrupt entry deleted,
  // an unreadable entry, an invalid key), naming the file. The default
  // sink writes "UserWarning: <text>" to stderr; tc-run's caller may route
  // it through the script's warnings instead.
  using WarningSink = std::function<void(const std::string& text)>;

  // The trailer's size in bytes (see the format above).
  static constexpr int64_t kTrailerBytes = 32;

  // A store rooted at `dir` (created on the first Insert). A null `sink`
  // selects the default one.
  explicit DiskStore(std::string dir, WarningSink sink = nullptr);

  // $TC_CACHE_DIR when set and non-empty, else $HOME/.cache/tc (the
  // password database's home when HOME is unset).
  static std::string DefaultDir();
  static DiskStore Default(WarningSink sink = nullptr);

  // The root directory, and where a key's entry lives.
  const std::string& dir() const { return dir_; }
  absl::StatusOr<std::string> PathFor(std::string_view key) const;

  // OK for 16 to 128 lowercase hex digits; InvalidArgument naming the key
  // and what is wrong otherwise.
  static absl::Status ValidateKey(std::string_view key);

  // The path of the key's entry when it exists and verifies; nullopt for a
  // miss. A corrupt entry is deleted and warned about, then a miss; an
  // invalid key or an unreadable entry is warned about and a miss.
  std::optional<std::string> Lookup(std::string_view key) const;

  // Stores `bytes` as the key's artifact and returns the entry's path
  // (the existing one when it already verifies). Errors: an invalid key
  // (InvalidArgument), a directory that cannot be created or written
  // (PermissionDenied, FailedPrecondition; ResourceExhausted when the disk
  // is full), all naming the path.
  absl::StatusOr<std::string> Insert(std::string_view key, std::string_view bytes) const;
  // Stores the contents of the file at `source_path` (e.g. the shared
  // object the compiler just wrote); NotFound when it cannot be read.
  absl::StatusOr<std::string> InsertFile(std::string_view key,
                                         const std::string& source_path) const;

 private:
  void Warn(const std::string& text) const;

  std::string dir_;
  WarningSink sink_;
};

}  // namespace tc::runtime_cache

#endif  // TC_RUNTIME_CACHE_DISK_STORE_H_
