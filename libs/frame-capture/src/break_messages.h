// The texts of graph-break reasons, in PyTorch 2.x's structured form
// (gb_type, Explanation, Hints, Developer debug context, link).
#ifndef TC_FRAME_CAPTURE_SRC_BREAK_MESSAGES_H_
#define TC_FRAME_CAPTURE_SRC_BREAK_MESSAGES_H_

#include <string>
#include <string_view>
#include <vector>

#include "tc/frame_capture/source.h"

namespace tc::frame_capture {

struct BreakMessage {
  std::string gb_type;
  std::string explanation;
  std::vector<std::string> hints;
  std::string context;
  int gb_id = -1;  // the registry number, or -1 for none

  std::string Format() const;
};

// The reasons frame-capture gives, one constructor per situation.
BreakMessage PrintBreak(const std::vector<std::string>& arg_types, bool has_kwargs);
BreakMessage DataDependentJump();
BreakMessage UserGraphBreak(const std::string& msg);
BreakMessage TensorItemBreak();
// An op whose Python result depends on tensor data (bool(t), int .tolist(),
// torch.equal): `func` names the aten overload, e.g.
// "aten._local_scalar_dense.default".
BreakMessage DataDependentOperator(const std::string& func);
// An op whose output shape depends on tensor data (nonzero, masked_select,
// unique): `func` names the aten overload, e.g. "aten.nonzero.default".
BreakMessage DynamicShapeOperator(const std::string& func);
BreakMessage TolistNonIntegerBreak();
// list[t] / tuple[t] with a traced tensor index; `container` is the
// VariableTracker repr ("ListVariable(length=3)").
BreakMessage IndexListWithTensorBreak(const std::string& container);
// `reason`: what disable(reason=...) was given, "None" when nothing.
BreakMessage DisabledCallBreak(const std::string& fn_repr, bool recursive,
                               const std::string& reason = "None");
BreakMessage DisallowedCallBreak(const std::string& fn_name);
BreakMessage SkippedCallBreak(const std::string& what);
BreakMessage UnsupportedBreak(const std::string& what);
// A call of an nn.RNN / GRU / LSTM module found at `source` (null when the
// trace made it), which Dynamo breaks on unless config.allow_rnn.
BreakMessage RnnModuleBreak(const Source* source);

// The VariableTracker class name Dynamo shows for a value of this kind.
std::string VariableClassName(const std::string& type_name, bool is_tensor);

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_BREAK_MESSAGES_H_
