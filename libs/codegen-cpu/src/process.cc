// posix_spawnp with pipes for stdin and the combined stdout/stderr. Every
// pipe end is O_CLOEXEC, so a compiler started by another thread at the
// same time never inherits ours (it would keep our output pipe open and
// our read would wait for that other compiler too).
#include "process.h"

#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"

#include <sys/wait.h>

extern char** environ;

namespace tc::codegen_cpu {
namespace {

constexpr size_t kMaxStdin = 16 << 10;  // well under a pipe's 64 KiB capacity

// Closes a file descriptor once, on every path out.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { Close(); }
  int get() const { return fd_; }
  int* receive() { return &fd_; }
  void Close() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

absl::Status MakePipe(Fd& read_end, Fd& write_end) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    return absl::InternalError(absl::StrCat("pipe2 failed: ", std::strerror(errno)));
  }
  *read_end.receive() = fds[0];
  *write_end.receive() = fds[1];
  return absl::OkStatus();
}

// Writes all of `text` to `fd`.
absl::Status WriteAll(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::InternalError(absl::StrCat("write to pipe: ", std::strerror(errno)));
    text.remove_prefix(static_cast<size_t>(n));
  }
  return absl::OkStatus();
}

// Reads `fd` until EOF (the child and every copy of the write end closed).
void ReadAll(int fd, ProcessResult& result) {
  char chunk[8192];
  for (;;) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    size_t room = kMaxProcessOutput - result.output.size();
    if (static_cast<size_t>(n) > room) result.truncated = true;
    result.output.append(chunk, std::min(room, static_cast<size_t>(n)));
  }
}

int WaitExit(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return 127;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 127;
}

}  // namespace

absl::StatusOr<ProcessResult> RunProcess(const std::vector<std::string>& argv,
                                         std::string_view stdin_text) {
  if (argv.empty()) return absl::InvalidArgumentError("RunProcess: empty argv");
  if (stdin_text.size() > kMaxStdin) {
    return absl::InvalidArgumentError(absl::StrCat("RunProcess: stdin text of ", stdin_text.size(),
                                                   " bytes is over ", kMaxStdin));
  }
  Fd in_read, in_write, out_read, out_write;
  if (absl::Status s = MakePipe(in_read, in_write); !s.ok()) return s;
  if (absl::Status s = MakePipe(out_read, out_write); !s.ok()) return s;
  // The child finds all of its input already in the pipe, then EOF.
  if (absl::Status s = WriteAll(in_write.get(), stdin_text); !s.ok()) return s;
  in_write.Close();

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_read.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_write.get(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_write.get(), STDERR_FILENO);
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc == ENOENT || rc == EACCES || rc == ENOEXEC || rc == ENOTDIR) {
    return absl::NotFoundError(absl::StrCat("cannot run '", argv[0], "': ", std::strerror(rc)));
  }
  if (rc != 0) {
    return absl::InternalError(absl::StrCat("posix_spawn '", argv[0], "': ", std::strerror(rc)));
  }
  // Our copies of the child's ends: the read below ends when the child's close.
  in_read.Close();
  out_write.Close();
  ProcessResult result;
  ReadAll(out_read.get(), result);
  result.exit_code = WaitExit(pid);
  return result;
}

}  // namespace tc::codegen_cpu
