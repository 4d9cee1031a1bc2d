// The parts of the `math` module kept in files of their own
// (module_math.cc adds them to the module, replacing its simpler forms).
#ifndef TC_SCRIPT_SRC_MATH_INTERNAL_H_
#define TC_SCRIPT_SRC_MATH_INTERNAL_H_

#include "tc/script/native.h"

namespace tc::script {

// factorial, comb, perm, gcd, lcm, isqrt, log, log2, log10 (math_integer.cc).
void AddMathIntegerFunctions(ModuleObject* m);
// fsum, hypot, dist, frexp, ldexp, modf, nextafter, ulp (math_float.cc).
void AddMathFloatFunctions(ModuleObject* m);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_MATH_INTERNAL_H_
