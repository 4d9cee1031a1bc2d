// A standard module's names that CPython has but tc does not: using one is
// `NotImplementedError: random.triangular is not supported by tc (x.py:3)`,
// worded as script-torch words its unsupported torch APIs, while a name
// CPython lacks too stays an AttributeError.
#ifndef TC_SCRIPT_SRC_MODULE_UNSUPPORTED_H_
#define TC_SCRIPT_SRC_MODULE_UNSUPPORTED_H_

#include <span>
#include <string_view>

#include "tc/script/native.h"

namespace tc::script {

// Raises the NotImplementedError for `qualified_name` ("random.triangular"),
// with the script's file:line when a script is running. Returns null.
Value RaiseUnsupportedName(VM& vm, std::string_view qualified_name);

// Gives module `m` a __getattr__ (PEP 562) that raises the error above for
// the names in `known` (CPython's names that tc lacks), marked so hasattr()
// is False for them, and AttributeError for any other missing name.
void AddUnsupportedNames(ModuleObject* m, std::span<const char* const> known);

// The same for a native type's methods, as the body of its __getattr__:
// the error above for `owner.name` (owner: "bytes", "random.Random") when
// the name is in `known`, else AttributeError "'<type>' object has no
// attribute 'name'".
Value UnsupportedMethodGetAttr(VM& vm, const Value& self, const ArgsView& args,
                               std::string_view owner, std::span<const char* const> known);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_MODULE_UNSUPPORTED_H_
