// complex: the builtin type's values, for the VM's other files (format
// specs, constants, cmath).
#ifndef TC_SCRIPT_SRC_OBJ_COMPLEX_H_
#define TC_SCRIPT_SRC_OBJ_COMPLEX_H_

#include <string>

#include "tc/script/native.h"

namespace tc::script {

struct ComplexObject : Object {
  explicit ComplexObject(Type* t) : Object(t) {}
  double re = 0, im = 0;
};

Value NewComplex(double re, double im);
// An instance of complex (or a subclass).
bool IsComplex(const Value& v);
// The value of a number as a complex: 1 with *re/*im set for int, bool,
// float and complex; 0 for anything else (no error); -1 with an exception
// (an int too large for a float).
int ComplexParts(VM& vm, const Value& v, double* re, double* im);
// a / b by CPython's _Py_c_quot (Smith's algorithm); false (and *out
// unset) when b is zero.
bool ComplexQuotient(double are, double aim, double bre, double bim, double* re, double* im);
// repr(complex(re, im)) as CPython prints it: "(1+2j)", "2j", "(-0-1j)".
std::string ComplexRepr(double re, double im);
// repr(float) without a ".0" of its own: the form complex's parts take
// ("1", "1.5", "1e+16", "inf").
std::string ShortFloatRepr(double v);
}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_OBJ_COMPLEX_H_
