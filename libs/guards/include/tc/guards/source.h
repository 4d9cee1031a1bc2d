// Where a guarded value comes from (its source name, local or global) and
// where user code used it: what a guard prints, never what it checks.
#ifndef TC_GUARDS_SOURCE_H_
#define TC_GUARDS_SOURCE_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tc::guards {

// torch._guards.GuardSource as explain prints it ("Source: local").
enum class Origin : uint8_t {
  kLocal,
  kGlobal,
  kLocalUnspecializedNNModule,
  kLocalUnspecializedBuiltinNNModule,
};

// "local", "global", "local_unspecialized_nn_module", ...
std::string_view OriginName(Origin origin);

// One frame of the user stack where a guard was installed.
struct UserFrame {
  std::string filename;  // as a traceback prints it: "/home/u/model.py"
  // As Dynamo's format_frame shortens it for guard comments (relative to
  // the torch install, e.g. "u/model.py"); empty means `filename`.
  std::string short_filename;
  int line = 0;
  std::string function;     // "forward"
  std::string source_line;  // the line's code, stripped: "return x * n"
};

// A Python type as guards print it.
struct PyType {
  const void* id = nullptr;  // identity of the type (what ___check_type_id compares)
  std::string name;          // repr without <class '...'>: "list", "torch.nn.modules.linear.Linear"
  std::string metaclass = "type";  // "torch._C._TensorMeta" for tensors

  // torch.Tensor, with `id` the caller's identity for it (may be null).
  static PyType Tensor(const void* id = nullptr) {
    return {id, "torch.Tensor", "torch._C._TensorMeta"};
  }
  // The class's __name__ / __qualname__ ("Linear", "MyInt").
  std::string_view short_name() const;
};

// Everything a guard records besides what it compares.
struct GuardSource {
  std::string name;  // "L['x']", "G['torch'].abs", "L['self'].fc.weight"
  // Unset: kGlobal for names rooted at G, kLocal otherwise.
  std::optional<Origin> origin;
  // The local's index in the frame, printed in the guard tree's
  // FrameLocalsGuardAccessor; -1 when unknown (then not printed).
  int frame_local_index = -1;
  // Where user code used the value, outermost first. The innermost frame is
  // quoted after the guard's code in failure reasons and the guard tree.
  std::vector<UserFrame> user_stack;
  // explain's "Create Function" when it is not the guard kind's default:
  // PyTorch names the GuardBuilder method that installed the guard
  // ("MODULE_MATCH", "BUILTIN_MATCH", "NN_MODULE").
  std::string create_function;
};

// The origin of `source`, inferred from its name when unset.
Origin OriginOf(const GuardSource& source);

// PyTorch's strip_local_scope: every L['name'] becomes name, as recompile
// reasons print sources ("tensor 'x'", "self.fc.weight", "n == 2").
std::string StripLocalScope(std::string_view text);

}  // namespace tc::guards

#endif  // TC_GUARDS_SOURCE_H_
