// Struct sequences and simple namespaces: the two record shapes CPython's
// native modules hand out. A struct sequence (sys.version_info,
// os.stat_result) is a tuple whose items are also named attributes, printed
// `sys.version_info(major=3, minor=11, ...)`; a namespace
// (sys.implementation, types.SimpleNamespace) is an object with keyword
// attributes, printed `namespace(name='tc', ...)`.
#ifndef TC_SCRIPT_SRC_STRUCT_SEQ_H_
#define TC_SCRIPT_SRC_STRUCT_SEQ_H_

#include <span>
#include <vector>

#include "tc/script/native.h"

namespace tc::script {

// A tuple subtype `module.name` whose items are the named `fields` (at
// most 16). Immortal; make each one once.
Type* NewStructSeqType(const char* name, const char* module, std::span<const char* const> fields);
Value NewStructSeq(Type* type, std::vector<Value> items);

// types.SimpleNamespace.
Type* SimpleNamespaceType();
Value NewSimpleNamespace(std::span<const std::pair<const char*, Value>> attrs);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_STRUCT_SEQ_H_
