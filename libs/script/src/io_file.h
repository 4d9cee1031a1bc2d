// File objects as CPython's io module makes them: open() over a file
// descriptor, text mode (TextIOWrapper: an encoding, universal newlines,
// reads by characters and lines) and binary mode (BufferedReader /
// BufferedWriter / BufferedRandom: bytes), with read-ahead and write-behind
// buffers, seek/tell, iteration, `with`, and CPython's errors (OSError
// subclasses with errno texts, io.UnsupportedOperation, "I/O operation on
// closed file.").
#ifndef TC_SCRIPT_SRC_IO_FILE_H_
#define TC_SCRIPT_SRC_IO_FILE_H_

#include <optional>
#include <string>

#include "tc/script/native.h"

#include "io_codec.h"

namespace tc::script {

struct FileObject : Object {
  explicit FileObject(Type* t) : Object(t) {}
  ~FileObject() override;

  int fd = -1;
  Value name;        // the path as given (str), or the descriptor (int)
  std::string mode;  // as CPython reports it: "r", "w+", "rb", "rb+", ...
  bool readable = false, writable = false, appending = false, binary = false;
  bool closefd = true, closed = false;
  // Text mode.
  std::string encoding = "UTF-8";
  TextCodec codec = TextCodec::kUtf8;
  std::optional<std::string> newline;  // nullopt: universal newlines, translated
  // Raw bytes read ahead (from rpos) and written behind.
  std::string rbuf;
  size_t rpos = 0;
  bool eof = false;
  std::string wbuf;

  size_t unread() const { return rbuf.size() - rpos; }
};

// The builtin open() and io.open().
Value OpenBuiltin(VM& vm, const Value& self, const ArgsView& args);
// sys.stdin: a text file over descriptor 0.
Value NewStdinFile(VM& vm);
// The file types open() makes, as CPython's _io names them (the io module
// exports them all).
enum class FileKind { kTextIOWrapper, kBufferedReader, kBufferedWriter, kBufferedRandom };
Type* FileTypeOf(FileKind kind);

// The raw layer the methods use (io_file.cc). Each returns false with an
// OSError raised on a system error.
bool FileFlush(VM& vm, FileObject* f);
// Reads more into rbuf; *got 0 at end of file.
bool FileFill(VM& vm, FileObject* f, size_t* got);
// Drops the read-ahead, moving the descriptor back to the logical position.
bool FileDropReadAhead(VM& vm, FileObject* f);
// The logical position.
bool FileTell(VM& vm, FileObject* f, int64_t* pos);
bool FileSeek(VM& vm, FileObject* f, int64_t offset, int whence, int64_t* pos);
bool FileClose(VM& vm, FileObject* f);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_IO_FILE_H_
