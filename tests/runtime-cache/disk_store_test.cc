// The disk store: round trips, what a new store (or process) finds, every
// kind of damaged entry (deleted, warned about, a miss), a stored shared
// object still loading with dlopen, inserts racing from several processes,
// unwritable directories and key validation. XXH64 against the reference
// implementation's digests.
#include "tc/runtime_cache/disk_store.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tc/runtime_cache/xxh64.h"

#include <sys/stat.h>
#include <sys/wait.h>

namespace tc::runtime_cache {
namespace {

namespace fs = std::filesystem;

constexpr char kKey[] = "0123456789abcdef0123456789abcdef";
constexpr char kOtherKey[] = "01ffffffffffffff";

// A fresh directory, removed (after restoring permissions) at the end.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "tc_disk_store_XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ec;
    for (const auto& e : fs::recursive_directory_iterator(path_, ec)) {
      if (e.is_directory()) fs::permissions(e.path(), fs::perms::owner_all, ec);
    }
    fs::permissions(path_, fs::perms::owner_all, ec);
    fs::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteAll(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// Bytes that look like nothing in particular, different per seed.
std::string Payload(size_t n, uint32_t seed) {
  std::string s(n, '\0');
  uint32_t x = seed * 2654435761u + 1;
  for (char& c : s) {
    x = x * 1664525u + 1013904223u;
    c = static_cast<char>(x >> 24);
  }
  return s;
}

// A store whose warnings are collected instead of printed.
struct Store {
  explicit Store(const std::string& dir)
      : store(dir, [this](const std::string& text) { warnings.push_back(text); }) {}
  std::vector<std::string> warnings;
  DiskStore store;
};

TEST(Xxh64Test, MatchesTheReferenceImplementation) {
  // Digests from libxxhash 0.8.1's XXH64 (Debian's libxxhash0).
  EXPECT_EQ(Xxh64(""), 0xef46db3751d8e999ULL);
  EXPECT_EQ(Xxh64("a"), 0xd24ec4f1a98c6e5bULL);
  EXPECT_EQ(Xxh64("abc"), 0x44bc2cf5ad770999ULL);
  EXPECT_EQ(Xxh64("abc", 12345), 0x01700e64f6f23509ULL);
  EXPECT_EQ(Xxh64("0123456789abcdef0123456789abcdef0"), 0xe87684f08d6d0816ULL);
  std::string bytes;
  for (int i = 0; i < 3; ++i) {
    for (int b = 0; b < 256; ++b) bytes.push_back(static_cast<char>(b));
  }
  EXPECT_EQ(Xxh64(bytes), 0x8e03c838c596036fULL);
}

TEST(DiskStoreTest, RoundTrip) {
  TempDir tmp;
  Store s(tmp.path());
  EXPECT_FALSE(s.store.Lookup(kKey).has_value());
  const std::string bytes = Payload(1000, 1);
  absl::StatusOr<std::string> path = s.store.Insert(kKey, bytes);
  ASSERT_TRUE(path.ok()) << path.status();
  EXPECT_EQ(*path, tmp.path() + "/kernels/01/" + kKey + ".so");
  EXPECT_EQ(s.store.Lookup(kKey), *path);
  const std::string file = ReadAll(*path);
  ASSERT_EQ(file.size(), bytes.size() + DiskStore::kTrailerBytes);
  EXPECT_EQ(file.substr(0, bytes.size()), bytes);
  EXPECT_EQ(file.substr(bytes.size(), 8), "TCSTORE1");
  EXPECT_FALSE(s.store.Lookup(kOtherKey).has_value());
  // An empty artifact is an entry too.
  ASSERT_TRUE(s.store.Insert(kOtherKey, "").ok());
  EXPECT_TRUE(s.store.Lookup(kOtherKey).has_value());
  EXPECT_TRUE(s.warnings.empty());
}

TEST(DiskStoreTest, ANewStoreAndANewProcessFindTheEntry) {
  TempDir tmp;
  {
    Store s(tmp.path() + "/");
    ASSERT_TRUE(s.store.Insert(kKey, Payload(5000, 2)).ok());
  }
  Store again(tmp.path());
  EXPECT_EQ(again.store.Lookup(kKey), again.store.PathFor(kKey).value());
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    DiskStore store(tmp.path());
    _exit(store.Lookup(kKey).has_value() ? 0 : 1);
  }
  int wstatus = 0;
  ASSERT_EQ(waitpid(child, &wstatus, 0), child);
  EXPECT_TRUE(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0);
}

// Damages the stored entry with `damage`, then expects a miss, the file
// deleted and one warning naming it and containing `reason`.
void ExpectDamageDetected(const std::function<void(const std::string&)>& damage,
                          const std::string& reason) {
  TempDir tmp;
  Store s(tmp.path());
  const std::string path = s.store.Insert(kKey, Payload(4096, 3)).value();
  damage(path);
  EXPECT_FALSE(s.store.Lookup(kKey).has_value());
  EXPECT_FALSE(fs::exists(path));
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find(path), std::string::npos) << s.warnings[0];
  EXPECT_NE(s.warnings[0].find(reason), std::string::npos) << s.warnings[0];
  EXPECT_NE(s.warnings[0].find("deleted it"), std::string::npos) << s.warnings[0];
  // The caller compiles again and re-inserts: the entry is back.
  ASSERT_TRUE(s.store.Insert(kKey, Payload(4096, 3)).ok());
  EXPECT_TRUE(s.store.Lookup(kKey).has_value());
  EXPECT_EQ(s.warnings.size(), 1u);
}

void FlipByte(const std::string& path, int64_t at) {
  std::string bytes = ReadAll(path);
  bytes[static_cast<size_t>(at)] ^= 0x10;
  WriteAll(path, bytes);
}

TEST(DiskStoreTest, CorruptByteIsDeletedWarnedAndAMiss) {
  ExpectDamageDetected([](const std::string& p) { FlipByte(p, 0); }, "checksum mismatch");
  ExpectDamageDetected([](const std::string& p) { FlipByte(p, 4095); }, "checksum mismatch");
  ExpectDamageDetected([](const std::string& p) { FlipByte(p, 2000); }, "checksum mismatch");
}

TEST(DiskStoreTest, TruncatedEntryIsDeletedWarnedAndAMiss) {
  for (int64_t keep : {0, 1, 31, 32, 2048, 4096, 4096 + 31}) {
    SCOPED_TRACE(keep);
    ExpectDamageDetected(
        [keep](const std::string& p) { fs::resize_file(p, keep); },
        keep < DiskStore::kTrailerBytes ? "shorter than the tc trailer" : "no tc trailer");
  }
}

TEST(DiskStoreTest, ExtendedEntryIsRejected) {
  ExpectDamageDetected(
      [](const std::string& p) { std::ofstream(p, std::ios::binary | std::ios::app) << "extra"; },
      "no tc trailer");
}

TEST(DiskStoreTest, MissingOrGarbledTrailerIsAMissWithoutACrash) {
  // A bare artifact (no trailer) where an entry should be.
  ExpectDamageDetected([](const std::string& p) { WriteAll(p, Payload(4096, 3)); },
                       "no tc trailer");
  // The trailer's own checksum byte, its magic, its size and its payload
  // checksum, each damaged.
  ExpectDamageDetected([](const std::string& p) { FlipByte(p, 4096 + 31); }, "trailer is garbled");
  ExpectDamageDetected([](const std::string& p) { FlipByte(p, 4096 + 2); }, "no tc trailer");
  ExpectDamageDetected([](const std::string& p) { FlipByte(p, 4096 + 9); }, "trailer is garbled");
  ExpectDamageDetected([](const std::string& p) { FlipByte(p, 4096 + 17); }, "trailer is garbled");
  // Random garbage of every small size.
  for (int n : {1, 33, 100}) {
    ExpectDamageDetected([n](const std::string& p) { WriteAll(p, Payload(n, 9)); }, "");
  }
}

TEST(DiskStoreTest, ADirectoryWhereTheEntryShouldBeIsWarnedAndAMiss) {
  TempDir tmp;
  Store s(tmp.path());
  const std::string path = s.store.PathFor(kKey).value();
  fs::create_directories(path);
  EXPECT_FALSE(s.store.Lookup(kKey).has_value());
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("not a regular file"), std::string::npos) << s.warnings[0];
  EXPECT_TRUE(fs::is_directory(path));
  EXPECT_FALSE(s.store.Insert(kKey, "x").ok());
}

TEST(DiskStoreTest, AVerifiedEntryIsKeptNotRewritten) {
  TempDir tmp;
  Store s(tmp.path());
  const std::string path = s.store.Insert(kKey, Payload(100, 4)).value();
  struct stat before, after;
  ASSERT_EQ(stat(path.c_str(), &before), 0);
  ASSERT_TRUE(s.store.Insert(kKey, Payload(100, 4)).ok());
  ASSERT_EQ(stat(path.c_str(), &after), 0);
  EXPECT_EQ(before.st_ino, after.st_ino);
  // A corrupt one is replaced (a new file).
  FlipByte(path, 5);
  ASSERT_TRUE(s.store.Insert(kKey, Payload(100, 4)).ok());
  EXPECT_TRUE(s.store.Lookup(kKey).has_value());
  EXPECT_TRUE(s.warnings.empty());
}

TEST(DiskStoreTest, AStoredSharedObjectStillLoadsWithDlopen) {
  const char* fixture = std::getenv("TC_DISK_STORE_FIXTURE");
  if (fixture == nullptr) GTEST_SKIP() << "TC_DISK_STORE_FIXTURE (set by meson test) is not set";
  TempDir tmp;
  Store s(tmp.path());
  ASSERT_TRUE(s.store.InsertFile(kKey, fixture).ok());
  const std::optional<std::string> path = s.store.Lookup(kKey);
  ASSERT_TRUE(path.has_value());
  EXPECT_GT(fs::file_size(*path), fs::file_size(fixture));
  void* handle = dlopen(path->c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(handle, nullptr) << dlerror();
  auto fn = reinterpret_cast<int (*)(int)>(dlsym(handle, "tc_disk_store_fixture"));
  ASSERT_NE(fn, nullptr) << dlerror();
  EXPECT_EQ(fn(41), 42);
  dlclose(handle);
}

TEST(DiskStoreTest, InsertFileReportsAnUnreadableSource) {
  TempDir tmp;
  Store s(tmp.path());
  absl::StatusOr<std::string> r = s.store.InsertFile(kKey, tmp.path() + "/missing.so");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(r.status().message().find("missing.so"), std::string::npos) << r.status();
  EXPECT_FALSE(s.store.InsertFile("nothex", tmp.path() + "/missing.so").ok());
}

// Forks `n` children running `body(i)`; expects each to exit 0.
void RunInProcesses(int n, const std::function<int(int)>& body) {
  std::vector<pid_t> children;
  for (int i = 0; i < n; ++i) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) _exit(body(i));
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int wstatus = 0;
    ASSERT_EQ(waitpid(pid, &wstatus, 0), pid);
    EXPECT_TRUE(WIFEXITED(wstatus)) << "child " << pid << " did not exit normally";
    EXPECT_EQ(WEXITSTATUS(wstatus), 0) << "child " << pid;
  }
}

std::vector<std::string> Names(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  return names;
}

TEST(DiskStoreTest, ProcessesInsertingTheSameKeyAtOnceAllSucceed) {
  TempDir tmp;
  const std::string bytes = Payload(1 << 20, 5);
  // Each child inserts repeatedly (an existing entry is kept, so it first
  // removes it to force real renames over each other) and looks up in
  // between: a reader must never see a partial file (a warning).
  RunInProcesses(6, [&](int child) {
    int warnings = 0;
    DiskStore store(tmp.path(), [&](const std::string&) { ++warnings; });
    for (int round = 0; round < 15; ++round) {
      if (child % 2 == 0) unlink(store.PathFor(kKey).value().c_str());
      if (!store.Insert(kKey, bytes).ok()) return 2;
      // Another child may delete the entry between Lookup and the read
      // (then the read is empty); what is read must never be partial.
      if (std::optional<std::string> path = store.Lookup(kKey)) {
        const std::string got = ReadAll(*path);
        if (!got.empty() && got.substr(0, bytes.size()) != bytes) return 3;
      }
    }
    return warnings == 0 ? 0 : 4;
  });
  Store s(tmp.path());
  ASSERT_TRUE(s.store.Lookup(kKey).has_value());
  EXPECT_EQ(ReadAll(*s.store.Lookup(kKey)).substr(0, bytes.size()), bytes);
  EXPECT_EQ(Names(tmp.path() + "/kernels/01"), std::vector<std::string>{std::string(kKey) + ".so"})
      << "temporary files left behind";
  EXPECT_TRUE(s.warnings.empty());
}

TEST(DiskStoreTest, ProcessesInsertingDifferentKeysAtOnceAllSucceed) {
  TempDir tmp;
  constexpr int kChildren = 8;
  auto key_of = [](int i) {
    // Pairs of children share a shard directory, so they race to create it.
    std::string key = "ab00000000000000";
    key[2] = "0123456789abcdef"[i / 2];
    key[15] = "0123456789abcdef"[i];
    return key;
  };
  RunInProcesses(kChildren, [&](int i) {
    DiskStore store(tmp.path());
    return store.Insert(key_of(i), Payload(200000, 10 + i)).ok() ? 0 : 1;
  });
  Store s(tmp.path());
  for (int i = 0; i < kChildren; ++i) {
    const std::optional<std::string> path = s.store.Lookup(key_of(i));
    ASSERT_TRUE(path.has_value()) << key_of(i);
    EXPECT_EQ(ReadAll(*path).substr(0, 200000), Payload(200000, 10 + i));
  }
  EXPECT_TRUE(s.warnings.empty());
}

TEST(DiskStoreTest, ReadOnlyDirectoryGivesAClearStatus) {
  TempDir tmp;
  ASSERT_EQ(chmod(tmp.path().c_str(), 0555), 0);
  const std::string probe = tmp.path() + "/probe";
  if (mkdir(probe.c_str(), 0755) == 0) {
    GTEST_SKIP() << "running as root (or with CAP_DAC_OVERRIDE): chmod 0555 does not stop "
                    "writes; DirectoryUnderAFile covers the failure";
  }
  Store s(tmp.path());
  absl::StatusOr<std::string> r = s.store.Insert(kKey, "bytes");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kPermissionDenied) << r.status();
  EXPECT_NE(r.status().message().find(tmp.path() + "/kernels"), std::string::npos) << r.status();
  EXPECT_NE(r.status().message().find("TC_CACHE_DIR"), std::string::npos) << r.status();
  EXPECT_FALSE(s.store.Lookup(kKey).has_value());
  EXPECT_TRUE(s.warnings.empty());
}

TEST(DiskStoreTest, ReadOnlyShardDirectoryGivesAClearStatus) {
  TempDir tmp;
  Store s(tmp.path());
  ASSERT_TRUE(s.store.Insert(kKey, "first").ok());
  const std::string shard = tmp.path() + "/kernels/01";
  ASSERT_EQ(chmod(shard.c_str(), 0555), 0);
  if (access(shard.c_str(), W_OK) == 0)
    GTEST_SKIP() << "running as root: chmod does not stop writes";
  absl::StatusOr<std::string> r = s.store.Insert(kOtherKey, "second");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kPermissionDenied) << r.status();
  EXPECT_NE(r.status().message().find(".tmp"), std::string::npos) << r.status();
  EXPECT_TRUE(s.store.Lookup(kKey).has_value());
}

// Even root cannot create directories in sysfs (EPERM; EROFS where it is
// mounted read-only, as in containers): a refusal that chmod cannot give
// a root test.
TEST(DiskStoreTest, AFilesystemRefusingWritesGivesPermissionDenied) {
  if (!fs::is_directory("/sys/kernel")) GTEST_SKIP() << "no sysfs at /sys";
  Store s("/sys/tc_disk_store_test");
  absl::StatusOr<std::string> r = s.store.Insert(kKey, "bytes");
  ASSERT_FALSE(r.ok()) << "sysfs accepted a directory: " << *r;
  EXPECT_EQ(r.status().code(), absl::StatusCode::kPermissionDenied) << r.status();
  EXPECT_NE(r.status().message().find("/sys/tc_disk_store_test"), std::string::npos) << r.status();
  EXPECT_FALSE(s.store.Lookup(kKey).has_value());
  EXPECT_TRUE(s.warnings.empty());
}

TEST(DiskStoreTest, DirectoryUnderAFileGivesAClearStatus) {
  TempDir tmp;
  WriteAll(tmp.path() + "/afile", "not a directory");
  Store s(tmp.path() + "/afile/cache");
  absl::StatusOr<std::string> r = s.store.Insert(kKey, "bytes");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition) << r.status();
  EXPECT_NE(r.status().message().find(tmp.path() + "/afile/cache/kernels"), std::string::npos)
      << r.status();
  EXPECT_FALSE(s.store.Lookup(kKey).has_value());
  EXPECT_TRUE(s.warnings.empty());
}

TEST(DiskStoreTest, KeysMustBeLowercaseHex) {
  EXPECT_TRUE(DiskStore::ValidateKey(kKey).ok());
  EXPECT_TRUE(DiskStore::ValidateKey(std::string(128, 'f')).ok());
  for (const std::string& bad :
       {std::string(""), std::string("0123456789abcde"), std::string(129, 'a'),
        std::string("0123456789ABCDEF"), std::string("../../etc/passwd00"),
        std::string("0123456789abcdef/"), std::string("0123456789abcdeg"),
        std::string("0123456789abcde\n"),
        std::string("01234567\0"
                    "89abcdef",
                    17)}) {
    SCOPED_TRACE(bad);
    absl::Status status = DiskStore::ValidateKey(bad);
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(status.message().find("lowercase hex"), std::string::npos) << status;
    TempDir tmp;
    Store s(tmp.path());
    EXPECT_EQ(s.store.Insert(bad, "x").status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_FALSE(s.store.PathFor(bad).ok());
    EXPECT_FALSE(s.store.Lookup(bad).has_value());
    EXPECT_EQ(s.warnings.size(), 1u);
    EXPECT_TRUE(fs::is_empty(tmp.path())) << "nothing may be written for a bad key";
  }
}

TEST(DiskStoreTest, DefaultDirReadsTcCacheDirThenHome) {
  const char* saved_dir = std::getenv("TC_CACHE_DIR");
  const char* saved_home = std::getenv("HOME");
  const std::string old_dir = saved_dir ? saved_dir : "";
  const std::string old_home = saved_home ? saved_home : "";
  setenv("TC_CACHE_DIR", "/somewhere/cache", 1);
  EXPECT_EQ(DiskStore::DefaultDir(), "/somewhere/cache");
  EXPECT_EQ(DiskStore::Default().dir(), "/somewhere/cache");
  setenv("TC_CACHE_DIR", "", 1);
  setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(DiskStore::DefaultDir(), "/home/someone/.cache/tc");
  unsetenv("TC_CACHE_DIR");
  EXPECT_EQ(DiskStore::DefaultDir(), "/home/someone/.cache/tc");
  unsetenv("HOME");
  EXPECT_NE(DiskStore::DefaultDir().find("/.cache/tc"), std::string::npos);
  if (saved_dir) setenv("TC_CACHE_DIR", old_dir.c_str(), 1);
  if (saved_home) setenv("HOME", old_home.c_str(), 1);
}

}  // namespace
}  // namespace tc::runtime_cache
