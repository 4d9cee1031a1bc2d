// Argument binding for native methods that stand in for methods CPython
// writes in Python (random.Random.randrange ...): the TypeErrors name the
// method by its qualified name and count `self`, as CPython's messages for
// Python functions do ("Random.randint() missing 1 required positional
// argument: 'b'"), where ParseArgs (native.h) words them as C functions.
#ifndef TC_SCRIPT_SRC_PY_METHOD_ARGS_H_
#define TC_SCRIPT_SRC_PY_METHOD_ARGS_H_

#include <span>
#include <string>
#include <string_view>

#include "tc/script/native.h"

namespace tc::script {

// Binds `args` (self excluded) to `names` like `def f(self, n0, n1, ...)`:
// the first `required` are required, positions from `max_positional` on
// (when >= 0) keyword-only. out[i] is null for an omitted optional one.
bool ParseMethodArgs(VM& vm, const ArgsView& args, std::string_view qualname,
                     std::span<const char* const> names, int required, Value* out,
                     int max_positional = -1);

// The binding that ParseArgs and ParseMethodArgs share, before each checks
// what is missing: out[0, names.size()) gets the positionals in order
// (the caller has checked their count), then the keywords by name, null
// where nothing was given. A keyword no name matches raises "<fname>() got
// an unexpected keyword argument 'x'"; one whose slot is already filled
// raises the TypeError `duplicate` words (the two callers word it
// differently, as CPython's C and Python functions do). False when raised.
using DuplicateArgMessage = std::string (*)(std::string_view fname, std::string_view keyword,
                                            int slot);
bool BindArgSlots(VM& vm, const ArgsView& args, std::string_view fname,
                  std::span<const char* const> names, Value* out, DuplicateArgMessage duplicate);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_PY_METHOD_ARGS_H_
