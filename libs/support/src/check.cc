#include "tc/support/check.h"

#include <cstdio>
#include <cstdlib>

namespace tc::support::internal {

CheckFailure::CheckFailure(const char* file, int line, const char* condition) {
  stream_ << file << ":" << line << ": TC_CHECK failed: " << condition << ": ";
}

CheckFailure::~CheckFailure() {
  std::string message = stream_.str();
  std::fprintf(stderr, "%s\n", message.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace tc::support::internal
