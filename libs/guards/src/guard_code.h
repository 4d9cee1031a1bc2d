// The code strings of single guard checks, shared by the export (explain's
// Code List), the failure reasons and the guard tree.
#ifndef TC_GUARDS_SRC_GUARD_CODE_H_
#define TC_GUARDS_SRC_GUARD_CODE_H_

#include <string>
#include <string_view>
#include <vector>

#include "tc/guards/guard.h"

namespace tc::guards::internal {

// "___check_type_id(L['ys'], 1407...), type=<class 'list'>".
std::string TypeMatchCode(const Guard& guard);
// The hint PyTorch appends to a failing type check: "type list".
std::string TypeMatchHint(const Guard& guard);
// The check other than the type: "L['n'] == 2", "len(L['ys']) == 2",
// "L['z'] is None", "___check_obj_id(G['torch'], 1405...), type=<class
// 'module'>". Empty for TYPE_MATCH, TENSOR_MATCH and GLOBAL_STATE.
std::string ValueCheckCode(const Guard& guard);
// The five DIMENSION_DYNAMIC_MARKING_GUARD codes of a TENSOR_MATCH.
std::vector<std::string> DynamicMarkingCodes(const Guard& guard);
// Python's name of a constant's or value's builtin type: "int", "NoneType".
std::string_view BuiltinTypeName(ValueKind kind);
// '  File "/t.py", line 4, in f\n    return x * n' for every frame.
std::string FormatUserStack(const std::vector<UserFrame>& stack);

}  // namespace tc::guards::internal

#endif  // TC_GUARDS_SRC_GUARD_CODE_H_
