// The parts of the `itertools` module kept in files of their own
// (module_itertools.cc adds them to the module).
#ifndef TC_SCRIPT_SRC_ITERTOOLS_INTERNAL_H_
#define TC_SCRIPT_SRC_ITERTOOLS_INTERNAL_H_

#include <utility>

#include "tc/script/native.h"
#include "tc/script/vm.h"

namespace tc::script {

bool InitItertoolsModule(VM& vm, ModuleObject* m);

// The start of most itertools constructors: a new T of class `cls` whose
// `it` member (or another Value member) holds iter(iterable). Null, with
// the exception set, when `iterable` is not iterable.
template <typename T>
Value NewOverIterator(VM& vm, const Value& cls, const Value& iterable, Value T::*it = &T::it) {
  Value iterator = vm.Iter(iterable);
  if (iterator.is_null()) return iterator;
  auto* o = new T(Cast<Type>(cls));
  o->*it = std::move(iterator);
  return Value::Adopt(o);
}
// groupby (with its _grouper) and tee (with its _tee).
void AddItertoolsGroupbyTee(ModuleObject* m);
// product, permutations, combinations, combinations_with_replacement.
void AddItertoolsCombinatoric(ModuleObject* m);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_ITERTOOLS_INTERNAL_H_
