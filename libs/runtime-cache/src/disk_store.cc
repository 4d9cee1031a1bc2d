// The disk store (see disk_store.h for the layout, the entry format and
// the guarantees). Verification reads the trailer first, so a garbage or
// truncated file is rejected before its payload is read or allocated.
#include "tc/runtime_cache/disk_store.h"

#include <fcntl.h>
#include <pwd.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/runtime_cache/xxh64.h"
#include "tc/support/env.h"
#include "tc/support/status.h"

#include "file_io.h"
#include <sys/stat.h>

namespace tc::runtime_cache {
namespace {

using internal::Fd;

constexpr char kMagic[8] = {'T', 'C', 'S', 'T', 'O', 'R', 'E', '1'};
constexpr size_t kMinKey = 16;
constexpr size_t kMaxKey = 128;

void PutU64(char* p, uint64_t v) { std::memcpy(p, &v, sizeof v); }
uint64_t GetU64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

std::string EncodeTrailer(std::string_view payload) {
  std::string t(DiskStore::kTrailerBytes, '\0');
  std::memcpy(t.data(), kMagic, sizeof kMagic);
  PutU64(t.data() + 8, payload.size());
  PutU64(t.data() + 16, Xxh64(payload));
  PutU64(t.data() + 24, Xxh64(std::string_view(t.data(), 24)));
  return t;
}

// What an entry's trailer promises, once the trailer itself checks out.
struct Trailer {
  uint64_t payload_bytes;
  uint64_t checksum;
};

absl::StatusOr<Trailer> DecodeTrailer(std::string_view t, int64_t file_bytes) {
  if (t.size() != DiskStore::kTrailerBytes || std::memcmp(t.data(), kMagic, sizeof kMagic) != 0) {
    return absl::DataLossError(absl::StrCat("no tc trailer at its end (", file_bytes,
                                            " bytes; truncated, or not written by tc)"));
  }
  if (GetU64(t.data() + 24) != Xxh64(t.substr(0, 24))) {
    return absl::DataLossError("its trailer is garbled");
  }
  Trailer out{GetU64(t.data() + 8), GetU64(t.data() + 16)};
  if (out.payload_bytes != static_cast<uint64_t>(file_bytes - DiskStore::kTrailerBytes)) {
    return absl::DataLossError(absl::StrCat("truncated or extended: its trailer says ",
                                            out.payload_bytes, " bytes of artifact, the file has ",
                                            file_bytes - DiskStore::kTrailerBytes));
  }
  return out;
}

// OK when the open file (of `file_bytes` bytes) is a whole, intact entry;
// DataLoss saying what is wrong otherwise; other codes for read errors.
absl::Status CheckEntry(int fd, int64_t file_bytes) {
  if (file_bytes < DiskStore::kTrailerBytes) {
    return absl::DataLossError(
        absl::StrCat("truncated to ", file_bytes, " bytes, shorter than the tc trailer"));
  }
  TC_ASSIGN_OR_RETURN(
      std::string trailer_bytes,
      internal::ReadAt(fd, file_bytes - DiskStore::kTrailerBytes, DiskStore::kTrailerBytes));
  TC_ASSIGN_OR_RETURN(Trailer trailer, DecodeTrailer(trailer_bytes, file_bytes));
  TC_ASSIGN_OR_RETURN(std::string payload,
                      internal::ReadAt(fd, 0, static_cast<int64_t>(trailer.payload_bytes)));
  if (payload.size() != trailer.payload_bytes) {
    return absl::DataLossError("truncated while it was read");
  }
  const uint64_t actual = Xxh64(payload);
  if (actual != trailer.checksum) {
    return absl::DataLossError(absl::StrFormat(
        "checksum mismatch: XXH64 %016x, the trailer says %016x", actual, trailer.checksum));
  }
  return absl::OkStatus();
}

// The outcome of checking the entry at a path.
struct Checked {
  bool exists = false;
  absl::Status status;  // of the check, when it exists
  dev_t dev = 0;
  ino_t ino = 0;
};

Checked CheckPath(const std::string& path) {
  Checked out;
  Fd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return out;
    out.exists = true;
    out.status = internal::ErrnoStatus(errno, "cannot open it");
    return out;
  }
  out.exists = true;
  struct stat st;
  if (fstat(fd.get(), &st) != 0) {
    out.status = internal::ErrnoStatus(errno, "cannot stat it");
    return out;
  }
  out.dev = st.st_dev;
  out.ino = st.st_ino;
  if (!S_ISREG(st.st_mode)) {
    out.status = absl::FailedPreconditionError("it is not a regular file");
    return out;
  }
  out.status = CheckEntry(fd.get(), st.st_size);
  return out;
}

// Deletes the entry only while it is still the file that was checked:
// another process may have renamed a fresh entry over it meanwhile.
// Returns OK when deleted, NotFound when gone or replaced, or why unlink
// failed.
absl::Status RemoveIfSame(const std::string& path, const Checked& checked) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0 || st.st_dev != checked.dev || st.st_ino != checked.ino) {
    return absl::NotFoundError("replaced or removed meanwhile");
  }
  if (unlink(path.c_str()) != 0) return internal::ErrnoStatus(errno, "cannot delete it");
  return absl::OkStatus();
}

std::string HomeDir() {
  if (std::optional<std::string> home = support::GetEnv("HOME"); home && !home->empty()) {
    return *home;
  }
  if (const passwd* pw = getpwuid(getuid()); pw != nullptr && pw->pw_dir != nullptr) {
    return pw->pw_dir;
  }
  return absl::StrCat("/tmp/tc-", getuid());
}

}  // namespace

DiskStore::DiskStore(std::string dir, WarningSink sink)
    : dir_(std::move(dir)), sink_(std::move(sink)) {
  while (dir_.size() > 1 && dir_.back() == '/') dir_.pop_back();
}

std::string DiskStore::DefaultDir() {
  if (std::optional<std::string> dir = support::GetEnv("TC_CACHE_DIR"); dir && !dir->empty()) {
    return *dir;
  }
  return absl::StrCat(HomeDir(), "/.cache/tc");
}

DiskStore DiskStore::Default(WarningSink sink) { return DiskStore(DefaultDir(), std::move(sink)); }

absl::Status DiskStore::ValidateKey(std::string_view key) {
  if (key.size() < kMinKey || key.size() > kMaxKey) {
    return absl::InvalidArgumentError(
        absl::StrCat("tc cache key '", std::string(key.substr(0, 200)), "' has ", key.size(),
                     " characters; keys are ", kMinKey, " to ", kMaxKey, " lowercase hex digits"));
  }
  for (size_t i = 0; i < key.size(); ++i) {
    const char c = key[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
      return absl::InvalidArgumentError(absl::StrCat("tc cache key '", std::string(key), "' has '",
                                                     std::string(1, c), "' at position ", i,
                                                     "; keys are lowercase hex digits"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> DiskStore::PathFor(std::string_view key) const {
  TC_RETURN_IF_ERROR(ValidateKey(key));
  return absl::StrCat(dir_, "/kernels/", std::string(key.substr(0, 2)), "/", std::string(key),
                      ".so");
}

void DiskStore::Warn(const std::string& text) const {
  if (sink_) {
    sink_(text);
  } else {
    std::fprintf(stderr, "UserWarning: %s\n", text.c_str());
  }
}

std::optional<std::string> DiskStore::Lookup(std::string_view key) const {
  absl::StatusOr<std::string> path = PathFor(key);
  if (!path.ok()) {
    Warn(absl::StrCat(path.status().message(), " (treated as a cache miss)"));
    return std::nullopt;
  }
  // Twice at most: when a corrupt entry was replaced by another process
  // while it was checked, the replacement is checked too.
  for (int attempt = 0; attempt < 2; ++attempt) {
    const Checked checked = CheckPath(*path);
    if (!checked.exists) return std::nullopt;
    if (checked.status.ok()) return *path;
    if (checked.status.code() != absl::StatusCode::kDataLoss) {
      Warn(absl::StrCat("tc's kernel cache entry ", *path, " cannot be used (",
                        checked.status.message(), "); compiling again"));
      return std::nullopt;
    }
    const absl::Status removed = RemoveIfSame(*path, checked);
    if (absl::IsNotFound(removed)) continue;
    Warn(absl::StrCat("tc's kernel cache entry ", *path, " is corrupt (", checked.status.message(),
                      removed.ok() ? "); deleted it, compiling again"
                                   : absl::StrCat("); ", removed.message(), ", compiling again")));
    return std::nullopt;
  }
  return std::nullopt;
}

absl::StatusOr<std::string> DiskStore::Insert(std::string_view key, std::string_view bytes) const {
  TC_ASSIGN_OR_RETURN(std::string path, PathFor(key));
  // An intact entry for the key already holds these bytes (keys are
  // content hashes): keep it rather than rewrite a file others may map.
  if (const Checked checked = CheckPath(path); checked.exists && checked.status.ok()) return path;
  const std::string shard = absl::StrCat(dir_, "/kernels/", std::string(key.substr(0, 2)));
  absl::Status status = internal::MakeDirs(shard);
  if (status.ok()) {
    status = internal::PublishAtomically(shard, absl::StrCat(std::string(key), ".so"), bytes,
                                         EncodeTrailer(bytes));
  }
  if (!status.ok()) {
    return absl::Status(status.code(), absl::StrCat("cannot store ", path,
                                                    " in tc's kernel cache (", status.message(),
                                                    "); set TC_CACHE_DIR to a writable directory"));
  }
  return path;
}

absl::StatusOr<std::string> DiskStore::InsertFile(std::string_view key,
                                                  const std::string& source_path) const {
  TC_RETURN_IF_ERROR(ValidateKey(key));
  absl::StatusOr<std::string> bytes = internal::ReadFile(source_path);
  if (!bytes.ok()) {
    return absl::NotFoundError(absl::StrCat("cannot store an artifact from ", source_path, ": ",
                                            bytes.status().message()));
  }
  return Insert(key, *bytes);
}

}  // namespace tc::runtime_cache
