// The fixed text at the top of every generated translation unit: Highway
// (static dispatch), the kernel ABI's declarations, and the helpers the
// emitted expressions call (integer index helpers for Sym::ToCpp, 16-bit
// float conversions, and one scalar and one vector function per op that
// compute exactly what eager's kernels compute).
#ifndef TC_CODEGEN_CPU_SRC_EMIT_PRELUDE_H_
#define TC_CODEGEN_CPU_SRC_EMIT_PRELUDE_H_

#include <string_view>

namespace tc::codegen_cpu {

// kernel_abi.h's extern "C" declarations as C++ text (no namespace): the
// generated code's view of the calling convention. A test compiles it
// next to kernel_abi.h and checks the two layouts agree.
std::string_view AbiDeclarations();

// The whole prelude, AbiDeclarations() included.
std::string_view Prelude();

}  // namespace tc::codegen_cpu

#endif  // TC_CODEGEN_CPU_SRC_EMIT_PRELUDE_H_
