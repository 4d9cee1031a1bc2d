// The value of an int literal's digits, for the lexer: int64 when it fits,
// else the decimal digits of the big int it spells (the VM makes that a
// heap int; the front end holds no VM values).
#ifndef TC_SCRIPT_SRC_LEX_NUMBERS_H_
#define TC_SCRIPT_SRC_LEX_NUMBERS_H_

#include <cstdint>
#include <string>

namespace tc::script {

// `digits` (no sign, prefix or underscores; valid for `base`): true with
// *value set when it fits int64, else false with *decimal set.
bool IntLiteralValue(const std::string& digits, int base, int64_t* value, std::string* decimal);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_LEX_NUMBERS_H_
