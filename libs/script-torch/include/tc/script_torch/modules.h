// Puts torch, torch.nn and torch.nn.functional into the script VM's module
// table (tc/script/module_registry.h), so that `import torch` finds them.
// The VM knows no torch: like any higher library (the compiler adds
// torch._dynamo the same way), script-torch registers its modules.
//
// Where it happens: RegisterModules() is the one place that lists them. A
// static registrar next to it calls it at start-up whenever its object
// file is linked, which is always the case in libtc (every archive linked
// whole), so tc-run, tc-explain, the benches and the compiler library need
// no call. A binary that links the static tc-script-torch library (the
// unit tests) calls RegisterModules() itself: the call both registers and
// pulls the object file in. Calling it again is harmless.
#ifndef TC_SCRIPT_TORCH_MODULES_H_
#define TC_SCRIPT_TORCH_MODULES_H_

namespace tc::script_torch {

void RegisterModules();

}  // namespace tc::script_torch

#endif  // TC_SCRIPT_TORCH_MODULES_H_
