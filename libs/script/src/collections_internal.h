// The parts of the `collections` module kept in files of their own
// (module_collections.cc assembles the module), and what other native
// modules use of them (functools' CacheInfo is a namedtuple).
#ifndef TC_SCRIPT_SRC_COLLECTIONS_INTERNAL_H_
#define TC_SCRIPT_SRC_COLLECTIONS_INTERNAL_H_

#include <string>
#include <string_view>
#include <vector>

#include "tc/script/native.h"

namespace tc::script {

// A namedtuple class, as collections.namedtuple(typename, fields,
// defaults=defaults, module=module) makes it (fields already valid).
Type* NewNamedTupleType(std::string_view type_name, const std::vector<std::string>& fields,
                        const std::vector<Value>& defaults, std::string_view module);

// collections.namedtuple, defaultdict, Counter, deque, ChainMap and the
// collections.abc module.
void AddCollectionsNamedTuple(ModuleObject* m);
void AddCollectionsDefaultDict(ModuleObject* m);
void AddCollectionsCounter(ModuleObject* m);
void AddCollectionsDeque(ModuleObject* m);
Type* CollectionsDequeType();
bool InitCollectionsAbcModule(VM& vm, ModuleObject* m);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_COLLECTIONS_INTERNAL_H_
