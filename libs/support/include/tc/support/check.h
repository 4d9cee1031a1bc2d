// TC_CHECK: aborts with file, line and a message on an internal bug.
//
// Input errors are absl::Status values; TC_CHECK is only for invariants that
// no input can break. `TC_CHECK(cond) << "context";` streams extra context.
#ifndef TC_SUPPORT_CHECK_H_
#define TC_SUPPORT_CHECK_H_

#include <sstream>

namespace tc::support::internal {

class CheckFailure {
 public:
  CheckFailure(const char* file, int line, const char* condition);
  [[noreturn]] ~CheckFailure();
  std::ostream& stream() { return stream_; }

 private:
  std::ostringstream stream_;
};

}  // namespace tc::support::internal

// The destructor aborts, so the loop body runs at most once.
#define TC_CHECK(condition) \
  while (!(condition))      \
  ::tc::support::internal::CheckFailure(__FILE__, __LINE__, #condition).stream()

#ifdef NDEBUG
#define TC_DCHECK(condition)    \
  while (false && !(condition)) \
  ::tc::support::internal::CheckFailure(__FILE__, __LINE__, #condition).stream()
#else
#define TC_DCHECK(condition) TC_CHECK(condition)
#endif

#endif  // TC_SUPPORT_CHECK_H_
