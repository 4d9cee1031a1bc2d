// The parts of the `functools` module kept in files of their own
// (module_functools.cc assembles the module).
#ifndef TC_SCRIPT_SRC_FUNCTOOLS_INTERNAL_H_
#define TC_SCRIPT_SRC_FUNCTOOLS_INTERNAL_H_

#include <vector>

#include "tc/script/native.h"

namespace tc::script {

bool InitFunctoolsModule(VM& vm, ModuleObject* m);

// functools.partial (functools_partial.cc).
Type* PartialType();
// partial(func, *args, **kwargs) from C++: `kwargs` alternates names (str)
// and values.
Value NewPartial(VM& vm, const Value& func, std::vector<Value> args, std::vector<Value> kwargs);
// callable(v), as the builtin decides it.
bool IsCallable(const Value& v);
// partial, reduce, cmp_to_key.
void AddFunctoolsPartial(ModuleObject* m);
// lru_cache, cache and the _lru_cache_wrapper type (functools_lru_cache.cc).
void AddFunctoolsLruCache(VM& vm, ModuleObject* m);
// update_wrapper(wrapper, wrapped) with the default attribute lists, as
// functools.update_wrapper; false with the exception set.
bool UpdateWrapper(VM& vm, const Value& wrapper, const Value& wrapped);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_FUNCTOOLS_INTERNAL_H_
