// Python's repr() of the values guards print (strings, floats, lists of
// strings), so guard code reads exactly as PyTorch's does. str and float
// come from tc/support/py_repr.h, shared with the rest of tc.
#ifndef TC_GUARDS_SRC_PYTHON_REPR_H_
#define TC_GUARDS_SRC_PYTHON_REPR_H_

#include <string>
#include <string_view>
#include <vector>

#include "tc/support/py_repr.h"

namespace tc::guards::internal {

using support::PyFloatRepr;
using support::PyStrRepr;

// repr(list of str): ['a', "b'c"].
std::string PyStrListRepr(const std::vector<std::string>& items);
// f"{text:<width}": pads with spaces to `width` columns.
std::string PadRight(std::string_view text, size_t width);

}  // namespace tc::guards::internal

#endif  // TC_GUARDS_SRC_PYTHON_REPR_H_
