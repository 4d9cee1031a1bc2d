// Python's repr() of str, bytes and float, as CPython 3.11 prints them.
//
// tc prints Python values in many places (the script VM's repr and str,
// the disassembler, guard code, graph constants); each must read exactly as
// CPython's output, so they all call these.
#ifndef TC_SUPPORT_PY_REPR_H_
#define TC_SUPPORT_PY_REPR_H_

#include <string>
#include <string_view>

namespace tc::support {

// repr(str) of UTF-8 text: single quotes unless the text holds ' and no ";
// backslash escapes for the quote, \\, \t, \n, \r; \xNN, \uNNNN or
// \UNNNNNNNN for characters CPython does not print (controls, separators,
// format characters, unassigned code points: see py_nonprintable.inc). A
// byte that is not valid UTF-8 shows as \xNN.
std::string PyStrRepr(std::string_view utf8);

// repr(bytes): b'...' with the same quote choice; \t, \n, \r, \\, the quote
// escaped, other bytes outside 0x20..0x7e as \xNN.
std::string PyBytesRepr(std::string_view bytes);

// repr(float): the shortest digits that read back to `v`, fixed notation for
// decimal exponents in [-4, 16) (0.0001, 1e+16, 1e-05), always a '.' or
// exponent ("1.0"), and "nan", "inf", "-inf", "-0.0".
std::string PyFloatRepr(double v);

}  // namespace tc::support

#endif  // TC_SUPPORT_PY_REPR_H_
