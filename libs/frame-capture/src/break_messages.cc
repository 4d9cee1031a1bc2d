// Graph-break reason texts.
#include "break_messages.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace tc::frame_capture {

std::string BreakMessage::Format() const {
  std::string s = absl::StrCat(gb_type, "\n  Explanation: ", explanation, "\n");
  for (const std::string& h : hints) absl::StrAppend(&s, "  Hint: ", h, "\n");
  absl::StrAppend(&s, "\n  Developer debug context: ", context, "\n");
  if (gb_id >= 0) {
    absl::StrAppendFormat(&s,
                          "\n For more details about this graph break, please visit: "
                          "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb%04d.html",
                          gb_id);
  }
  return s;
}

std::string VariableClassName(const std::string& type_name, bool is_tensor) {
  if (is_tensor) return "<class 'torch._dynamo.variables.tensor.TensorVariable'>";
  if (type_name == "str" || type_name == "int" || type_name == "float" || type_name == "bool" ||
      type_name == "NoneType") {
    return "<class 'torch._dynamo.variables.constant.ConstantVariable'>";
  }
  if (type_name == "list") return "<class 'torch._dynamo.variables.lists.ListVariable'>";
  if (type_name == "tuple") return "<class 'torch._dynamo.variables.lists.TupleVariable'>";
  if (type_name == "dict") return "<class 'torch._dynamo.variables.dicts.ConstDictVariable'>";
  return "<class 'torch._dynamo.variables.user_defined.UserDefinedObjectVariable'>";
}

BreakMessage PrintBreak(const std::vector<std::string>& arg_types, bool has_kwargs) {
  std::string types = absl::StrCat("[",
                                   absl::StrJoin(arg_types, ", ",
                                                 [](std::string* out, const std::string& t) {
                                                   absl::StrAppend(out, "'", t, "'");
                                                 }),
                                   "]");
  BreakMessage m;
  m.gb_type = "Failed to trace builtin operator";
  m.explanation = absl::StrFormat(
      "Dynamo does not know how to trace builtin operator `print` with argument types %s "
      "(has_kwargs %s)",
      types, has_kwargs ? "True" : "False");
  m.hints = {absl::StrFormat("Avoid calling builtin `print` with argument types %s. Consider "
                             "using an equivalent alternative function/method to `print`.",
                             types),
             "If you are attempting to call a logging function (e.g. `print`), you can try adding "
             "it to `torch._dynamo.config.reorderable_logging_functions`.",
             "Please report an issue to PyTorch."};
  // The debug context lists the arguments' VariableTracker classes.
  std::string classes =
      absl::StrCat("[",
                   absl::StrJoin(arg_types, ", ",
                                 [](std::string* out, const std::string& t) {
                                   absl::StrAppend(out, VariableClassName(t, t == "Tensor"));
                                 }),
                   "]");
  m.context = absl::StrFormat("builtin print %s %s", classes, has_kwargs ? "True" : "False");
  m.gb_id = 59;
  return m;
}

BreakMessage DataDependentJump() {
  return {
      .gb_type = "Data-dependent branching",
      .explanation =
          "Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`). Dynamo does not "
          "support tracing dynamic control flow.",
      .hints = {"This graph break is fundamental - it is unlikely that Dynamo will ever be able to "
                "trace through your code. Consider finding a workaround.",
                "Use `torch.cond` to express dynamic control flow."},
      .context = "attempted to jump with TensorVariable()",
      .gb_id = 170};
}

BreakMessage UserGraphBreak(const std::string& msg) {
  return {.gb_type = "Call to `torch._dynamo.graph_break()`",
          .explanation =
              absl::StrCat("User-inserted graph break. Message: ", msg.empty() ? "None" : msg),
          .hints = {"Remove the `torch._dynamo.graph_break()` call."},
          .context = "Called `torch._dynamo.graph_break()` with args `[]`, kwargs `{}`",
          .gb_id = 25};
}

BreakMessage TensorItemBreak() {
  return {
      .gb_type = "Unsupported Tensor.item() call with capture_scalar_outputs=False",
      .explanation =
          "Dynamo does not support tracing `Tensor.item()` with "
          "config.capture_scalar_outputs=False.",
      .hints = {"Set `torch._dynamo.config.capture_scalar_outputs = True` or "
                "`export TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1` to include these operations in the "
                "captured graph."},
      .context = "call_method TensorVariable() item () {}",
      .gb_id = 124};
}

BreakMessage DataDependentOperator(const std::string& func) {
  BreakMessage m;
  m.gb_type = "Data dependent operator";
  m.explanation = absl::StrCat("Operator `", func,
                               "` has a non-Tensor output whose value is dependent on the data "
                               "of Tensor inputs.");
  // capture_scalar_outputs covers only item and _local_scalar_dense.
  if (func == "aten._local_scalar_dense.default" || func == "aten.item.default") {
    m.hints = {
        "Enable tracing of data-dependent output operators with "
        "`torch._dynamo.config.capture_scalar_outputs = True`"};
  } else {
    m.hints = {
        "Consider wrapping the operator into a PyTorch-understood custom operator (see "
        "https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html)"};
  }
  m.context = func;
  m.gb_id = 33;
  return m;
}

BreakMessage DynamicShapeOperator(const std::string& func) {
  return {.gb_type = "Dynamic shape operator",
          .explanation =
              absl::StrCat("Operator `", func, "`'s output shape depends on input Tensor data."),
          .hints = {"Enable tracing of dynamic shape operators with "
                    "`torch._dynamo.config.capture_dynamic_output_shape_ops = True`"},
          .context = func,
          .gb_id = 36};
}

BreakMessage TolistNonIntegerBreak() {
  return {
      .gb_type = "Tensor.tolist() with non-integer tensor",
      .explanation = "Dynamo currently does not support tracing `tolist()` on non-integer tensors.",
      .hints =
          {"Ensure the input tensor to `tolist()` is an integer type (e.g., int8, int16, int32, "
           "int64)."},
      .context = "call_method TensorVariable() to_list",
      .gb_id = 109};
}

BreakMessage IndexListWithTensorBreak(const std::string& container) {
  return {
      .gb_type = "Indexing list with non-scalar tensor",
      .explanation = "Attempted to index list-like object with tensor with > 1 element.",
      .hints = {"Dynamo has detected that tracing the code will result in an error when running in "
                "eager. Please double check that your code doesn't contain a similar error when "
                "actually "
                "running eager/uncompiled."},
      .context = absl::StrCat("call_method ", container, " __getitem__ [TensorVariable()] {}"),
      .gb_id = 70};
}

BreakMessage DisabledCallBreak(const std::string& fn_repr, bool recursive,
                               const std::string& reason) {
  // PyTorch words the two cases apart: a recursive disable skips the call
  // (the function name in backquotes), a non-recursive one only its inlining.
  const char* what = recursive ? "calling" : "inlining";
  std::string fn = recursive ? absl::StrCat("`", fn_repr, "`") : fn_repr;
  return {.gb_type = absl::StrCat("Skip ", what, " `torch.compiler.disable()`d function"),
          .explanation = absl::StrCat("Skip ", what, " function ", fn,
                                      " since it was wrapped with `torch.compiler.disable` "
                                      "(reason: ",
                                      reason, ")"),
          .hints = {"Remove the `torch.compiler.disable` call"},
          .context = fn_repr,
          .gb_id = recursive ? 98 : 99};
}

BreakMessage DisallowedCallBreak(const std::string& fn_name) {
  return {
      .gb_type = "Attempted to call function marked as skipped",
      .explanation =
          absl::StrCat("Dynamo does not know how to trace the builtin `", fn_name,
                       ".` This function is either a Python builtin (e.g. _warnings.warn) "
                       "or a third-party C/C++ Python extension (perhaps created with "
                       "pybind)."),
      .hints = {"If it is a Python builtin, please file an issue on GitHub so the PyTorch team can "
                "add support for it and see the next case for a workaround."},
      .context = absl::StrCat("module: ", fn_name),
      .gb_id = 7};
}

BreakMessage SkippedCallBreak(const std::string& what) {
  return {.gb_type = "Attempted to call function marked as skipped",
          .explanation = absl::StrCat("Dynamo does not know how to trace ", what, "."),
          .hints = {"Avoid calling this function in compiled code."},
          .context = std::string(what),
          .gb_id = 7};
}

BreakMessage UnsupportedBreak(const std::string& what) {
  return {.gb_type = "Unsupported by tc",
          .explanation = absl::StrCat("tc's frame capture does not model ", what, " yet."),
          .hints = {"Move this code out of the compiled function, or wrap it with "
                    "`torch.compiler.disable`."},
          .context = std::string(what)};
}

BreakMessage RnnModuleBreak(const Source* source) {
  const std::string name = source != nullptr ? source->Name() : "module";
  std::string context = absl::StrCat("source: ", name);
  if (source != nullptr && source->kind == Source::Kind::kGlobal) {
    context = absl::StrCat("source: GlobalSource(global_name='", source->name, "')");
  }
  return {.gb_type = "Unsupported function call (delayed)",
          .explanation = absl::StrCat(
              "Dynamo determined that a graph break should occur when calling `", name,
              "`. Reason: Dynamo does not support RNN, GRU, or LSTM. Set "
              "torch._dynamo.config.allow_rnn=True to enable experimental support for RNN, GRU, "
              "and LSTM in Dynamo\n"),  // Dynamo's text ends in a newline
          .hints = {},
          .context = context,
          .gb_id = 148};
}

}  // namespace tc::frame_capture
