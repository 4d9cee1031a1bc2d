// CPython's _PyArg_CheckPositional wording for native functions that take
// positional arguments only ("islice expected at least 2 arguments, got
// 1", "pairwise expected 1 argument, got 0"); CheckArgCount (native.h)
// words the one-argument case as METH_O functions do instead.
#ifndef TC_SCRIPT_SRC_POSITIONAL_ARGS_H_
#define TC_SCRIPT_SRC_POSITIONAL_ARGS_H_

#include <string_view>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

namespace tc::script {

// False with TypeError set when `args` has keywords or a count outside
// [min, max].
inline bool CheckPositional(VM& vm, const ArgsView& args, std::string_view name, int min, int max) {
  if (args.nkw() > 0) {
    RaiseTypeError(vm, absl::StrFormat("%s() takes no keyword arguments", name));
    return false;
  }
  int n = args.nargs;
  if (n >= min && n <= max) return true;
  int bound = n < min ? min : max;
  const char* qualifier = min == max ? "" : n < min ? "at least " : "at most ";
  RaiseTypeError(vm, absl::StrFormat("%s expected %s%d argument%s, got %d", name, qualifier, bound,
                                     bound == 1 ? "" : "s", n));
  return false;
}

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_POSITIONAL_ARGS_H_
