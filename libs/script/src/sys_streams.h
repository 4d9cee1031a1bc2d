// sys.stdout and sys.stderr: text streams that write through VM::Write (so
// a test's output sink sees print() and sys.stdout.write alike). print()
// writes to whatever sys.stdout is at the call, as CPython does; these are
// its fast path.
#ifndef TC_SCRIPT_SRC_SYS_STREAMS_H_
#define TC_SCRIPT_SRC_SYS_STREAMS_H_

#include "tc/script/native.h"

namespace tc::script {

Value NewStdStream(bool is_stderr);
// Whether `v` is one of those streams (and which).
bool IsStdStream(const Value& v, bool* is_stderr);
// Writes `text` to `file` as print() does: a std stream directly, anything
// else through file.write(text). False with the exception set.
bool WriteToFile(VM& vm, const Value& file, std::string_view text);
// sys.stdout / sys.stderr as they are now (maybe None); null with
// CPython's "lost sys.stdout" RuntimeError when deleted.
Value CurrentStdStream(VM& vm, bool is_stderr);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_SYS_STREAMS_H_
