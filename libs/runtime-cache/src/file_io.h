// POSIX file helpers for the disk store: errno as absl::Status, whole-file
// reads, directory creation and the write-to-temporary-then-rename publish
// step. Private to runtime-cache.
#ifndef TC_RUNTIME_CACHE_SRC_FILE_IO_H_
#define TC_RUNTIME_CACHE_SRC_FILE_IO_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace tc::runtime_cache::internal {

// `what` + ": " + strerror(err), with a code by errno: EACCES/EPERM/EROFS
// PermissionDenied, ENOSPC/EDQUOT ResourceExhausted, ENOTDIR/EEXIST
// FailedPrecondition, ENOENT NotFound, others Internal.
absl::Status ErrnoStatus(int err, const std::string& what);

// Closes a file descriptor when it goes out of scope.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd();
  int get() const { return fd_; }

 private:
  int fd_;
};

// Up to `size` bytes of the open file from `offset` (fewer when the file
// ends sooner by now).
absl::StatusOr<std::string> ReadAt(int fd, int64_t offset, int64_t size);

// The whole file at `path`.
absl::StatusOr<std::string> ReadFile(const std::string& path);

// mkdir -p with mode 0755; an existing non-directory component is
// FailedPrecondition.
absl::Status MakeDirs(const std::string& path);

// Writes head + tail to a fresh temporary file in `dir`, fsyncs it and
// renames it to dir/name (replacing what is there), then fsyncs `dir`.
// The temporary file is removed on any failure.
absl::Status PublishAtomically(const std::string& dir, const std::string& name,
                               std::string_view head, std::string_view tail);

}  // namespace tc::runtime_cache::internal

#endif  // TC_RUNTIME_CACHE_SRC_FILE_IO_H_
