// The script source of torch.nn's Module and layer classes (nn_prelude.cc),
// compiled and run in the torch.nn module when it is first imported.
#ifndef TC_SCRIPT_SRC_NN_PRELUDE_H_
#define TC_SCRIPT_SRC_NN_PRELUDE_H_

#include <string_view>

namespace tc::script {

extern const std::string_view kNnPrelude;

}  // namespace tc::script

#endif  // TC_SCRIPT_SRC_NN_PRELUDE_H_
