// The parts of the `itertools` module kept in files of their own
// (module_itertools.cc adds them to the module).
#ifndef TC_SCRIPT_SRC_ITERTOOLS_INTERNAL_H_
#define TC_SCRIPT_SRC_ITERTOOLS_INTERNAL_H_

#include "tc/script/native.h"

namespace tc::script {

bool InitItertoolsModule(VM& vm, ModuleObject* m);
// groupby (with its _grouper) and tee (with its _tee).
void AddItertoolsGroupbyTee(ModuleObject* m);
// product, permutations, combinations, combinations_with_replacement.
void AddItertoolsCombinatoric(ModuleObject* m);

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_ITERTOOLS_INTERNAL_H_
