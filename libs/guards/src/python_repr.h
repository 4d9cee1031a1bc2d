// Python's repr() of the values guards print (strings, floats, lists of
// strings), so guard code reads exactly as PyTorch's does.
#ifndef TC_GUARDS_SRC_PYTHON_REPR_H_
#define TC_GUARDS_SRC_PYTHON_REPR_H_

#include <string>
#include <string_view>
#include <vector>

namespace tc::guards::internal {

// repr(str): single quotes unless the text has ' and no ", backslash
// escapes for the quote, \\, \n, \r, \t and other control characters.
std::string PyStrRepr(std::string_view s);
// repr(float): 1.0, 0.1, 1e+20, -0.0, nan, inf.
std::string PyFloatRepr(double v);
// repr(list of str): ['a', "b'c"].
std::string PyStrListRepr(const std::vector<std::string>& items);
// f"{text:<width}": pads with spaces to `width` columns.
std::string PadRight(std::string_view text, size_t width);

}  // namespace tc::guards::internal

#endif  // TC_GUARDS_SRC_PYTHON_REPR_H_
