// POSIX file helpers for the disk store (see file_io.h). Every system call
// is retried on EINTR; short reads and writes continue where they stopped.
#include "file_io.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

#include <sys/stat.h>

namespace tc::runtime_cache::internal {

absl::Status ErrnoStatus(int err, const std::string& what) {
  std::string text = absl::StrCat(what, ": ", std::strerror(err));
  switch (err) {
    case EACCES:
    case EPERM:
    case EROFS:
      return absl::PermissionDeniedError(text);
    case ENOSPC:
    case EDQUOT:
      return absl::ResourceExhaustedError(text);
    case ENOTDIR:
    case EEXIST:
      return absl::FailedPreconditionError(text);
    case ENOENT:
      return absl::NotFoundError(text);
    default:
      return absl::InternalError(text);
  }
}

Fd::~Fd() {
  if (fd_ >= 0) close(fd_);
}

absl::StatusOr<std::string> ReadAt(int fd, int64_t offset, int64_t size) {
  std::string out(static_cast<size_t>(size), '\0');
  int64_t done = 0;
  while (done < size) {
    ssize_t n = pread(fd, out.data() + done, static_cast<size_t>(size - done), offset + done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoStatus(errno, "read failed");
    }
    if (n == 0) break;  // the file ends here (it may have shrunk since it was measured)
    done += n;
  }
  out.resize(static_cast<size_t>(done));
  return out;
}

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  Fd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return ErrnoStatus(errno, absl::StrCat("cannot open ", path));
  struct stat st;
  if (fstat(fd.get(), &st) != 0) return ErrnoStatus(errno, absl::StrCat("cannot stat ", path));
  if (!S_ISREG(st.st_mode)) {
    return absl::FailedPreconditionError(absl::StrCat(path, " is not a regular file"));
  }
  absl::StatusOr<std::string> bytes = ReadAt(fd.get(), 0, st.st_size);
  if (!bytes.ok()) {
    return absl::Status(bytes.status().code(),
                        absl::StrCat("cannot read ", path, ": ", bytes.status().message()));
  }
  return bytes;
}

absl::Status MakeDirs(const std::string& path) {
  struct stat st;
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return absl::OkStatus();
    return absl::FailedPreconditionError(absl::StrCat(path, " exists and is not a directory"));
  }
  // Create each missing component from the root down.
  for (size_t pos = path.find('/', 1);; pos = path.find('/', pos + 1)) {
    const std::string prefix = path.substr(0, pos);
    if (!prefix.empty() && mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) {
      return ErrnoStatus(errno, absl::StrCat("cannot create directory ", prefix));
    }
    if (pos == std::string::npos) break;
  }
  if (stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot create directory ", path, ": a component is not a directory"));
  }
  return absl::OkStatus();
}

namespace {

absl::Status WriteAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoStatus(errno, "write failed");
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return absl::OkStatus();
}

// Writes and syncs the temporary file; the caller unlinks it on failure.
absl::Status FillTemporary(const std::string& tmp, std::string_view head, std::string_view tail) {
  Fd fd(open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
  if (fd.get() < 0) return ErrnoStatus(errno, absl::StrCat("cannot create ", tmp));
  absl::Status status = WriteAll(fd.get(), head);
  if (status.ok()) status = WriteAll(fd.get(), tail);
  if (status.ok() && fsync(fd.get()) != 0) status = ErrnoStatus(errno, "fsync failed");
  if (!status.ok()) {
    return absl::Status(status.code(), absl::StrCat("cannot write ", tmp, ": ", status.message()));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status PublishAtomically(const std::string& dir, const std::string& name,
                               std::string_view head, std::string_view tail) {
  // pid + a per-process counter: unique among concurrent writers, and
  // O_EXCL makes a collision with a stale file from a dead process an
  // error instead of shared writes.
  static std::atomic<uint64_t> counter{0};
  const std::string tmp = absl::StrCat(dir, "/.", name, ".", getpid(), ".",
                                       counter.fetch_add(1, std::memory_order_relaxed), ".tmp");
  absl::Status status = FillTemporary(tmp, head, tail);
  const std::string target = absl::StrCat(dir, "/", name);
  if (status.ok() && rename(tmp.c_str(), target.c_str()) != 0) {
    status = ErrnoStatus(errno, absl::StrCat("cannot rename ", tmp, " to ", target));
  }
  if (!status.ok()) {
    unlink(tmp.c_str());
    return status;
  }
  // Make the rename itself durable; a failure here loses nothing a reader
  // could see, so it is not an error.
  Fd dir_fd(open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir_fd.get() >= 0) fsync(dir_fd.get());
  return absl::OkStatus();
}

}  // namespace tc::runtime_cache::internal
