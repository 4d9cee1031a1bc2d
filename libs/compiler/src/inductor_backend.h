// The inductor backend (torch.compile's default): captured graphs compiled
// to C++ by codegen-cpu; see inductor_backend.cc.
#ifndef TC_COMPILER_SRC_INDUCTOR_BACKEND_H_
#define TC_COMPILER_SRC_INDUCTOR_BACKEND_H_

#include <memory>

#include "tc/frame_capture/dynamo.h"
#include "tc/script/value.h"

namespace tc::compiler {

// `config_patches`: torch.compile's mode=/options= patches (or None),
// applied over torch._inductor.config when a graph is compiled.
std::shared_ptr<frame_capture::Backend> NewInductorBackend(script::Value config_patches);

// TC_INDUCTOR_NO_FALLBACK, read per compile (cheap next to compiling): a
// graph that would leave the compiled path is an error instead. A value
// that is no boolean counts as set, so a typo never disables the check.
bool InductorNoFallback();

}  // namespace tc::compiler

#endif  // TC_COMPILER_SRC_INDUCTOR_BACKEND_H_
