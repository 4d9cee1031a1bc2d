// types.UnionType (obj_union.cc): what `int | str` makes, for annotations
// and isinstance(); type's __or__ and __ror__ build it.
#ifndef TC_SCRIPT_SRC_OBJ_UNION_H_
#define TC_SCRIPT_SRC_OBJ_UNION_H_

#include "tc/script/native.h"

namespace tc::script {

// type.__or__ / __ror__: the union of self and other (other first when
// `reflected`), or NotImplemented when other is no type, None or union.
Value TypeOr(VM& vm, const Value& self, const ArgsView& args);
Value TypeRor(VM& vm, const Value& self, const ArgsView& args);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_OBJ_UNION_H_
