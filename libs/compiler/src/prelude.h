// The script sources of the compiler library's modules (dynamo_prelude.cc).
#ifndef TC_COMPILER_SRC_PRELUDE_H_
#define TC_COMPILER_SRC_PRELUDE_H_

#include <string_view>

namespace tc::compiler {

extern const std::string_view kDynamoPrelude;    // torch._dynamo
extern const std::string_view kCompilerPrelude;  // torch.compiler
extern const std::string_view kTestingPrelude;   // torch._dynamo.testing
extern const std::string_view kUtilsPrelude;     // torch._dynamo.utils
extern const std::string_view kProfilerSource;   // CompileProfiler, in torch._dynamo.testing

}  // namespace tc::compiler

#endif  // TC_COMPILER_SRC_PRELUDE_H_
