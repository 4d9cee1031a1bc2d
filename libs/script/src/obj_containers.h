// The method tables of dict and set, defined in obj_dict_set.cc and added
// to the types by InitContainerTypes (obj_containers.cc).
#ifndef TC_SCRIPT_SRC_OBJ_CONTAINERS_H_
#define TC_SCRIPT_SRC_OBJ_CONTAINERS_H_

#include <span>

#include "tc/script/native.h"

namespace tc::script {

std::span<const MethodDef> DictMethods();
std::span<const MethodDef> SetMethods();  // set and frozenset

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_OBJ_CONTAINERS_H_
