// Loop IR: expression factories, the unfused schedule and the printer.
#include "tc/codegen_cpu/loop_ir.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace tc::codegen_cpu {

ExprPtr MakeLoad(int buffer, std::vector<Sym> index, DType dtype) {
  return std::make_shared<const Expr>(Expr{Load{buffer, std::move(index)}, dtype});
}
ExprPtr MakeConstant(tensor::Scalar value, DType dtype) {
  return std::make_shared<const Expr>(Expr{Constant{value}, dtype});
}
ExprPtr MakeIndexValue(Sym index, DType dtype) {
  return std::make_shared<const Expr>(Expr{IndexValue{std::move(index)}, dtype});
}
ExprPtr MakeOp(std::string name, std::vector<ExprPtr> args, DType dtype,
               std::vector<graph_ir::Constant> attrs) {
  return std::make_shared<const Expr>(
      Expr{Op{std::move(name), std::move(args), std::move(attrs)}, dtype});
}
ExprPtr MakeReductionResult(int node, DType dtype) {
  return std::make_shared<const Expr>(Expr{ReductionResult{node}, dtype});
}

std::string_view ReduceOpName(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum:
      return "sum";
    case ReduceOp::kProd:
      return "prod";
    case ReduceOp::kMax:
      return "max";
    case ReduceOp::kMin:
      return "min";
    case ReduceOp::kArgMax:
      return "argmax";
    case ReduceOp::kArgMin:
      return "argmin";
    case ReduceOp::kAny:
      return "any";
    case ReduceOp::kAll:
      return "all";
  }
  return "?";
}

void ScheduleUnfused(Program& program) {
  program.kernels.clear();
  for (size_t n = 0; n < program.nodes.size(); ++n) {
    Kernel kernel;
    kernel.name = absl::StrCat("kernel", n);
    const auto& body = program.nodes[n].body;
    if (const auto* p = std::get_if<Pointwise>(&body)) kernel.outer = p->ranges;
    if (const auto* r = std::get_if<Reduction>(&body)) kernel.outer = r->ranges;
    kernel.nodes = {static_cast<int>(n)};
    program.kernels.push_back(std::move(kernel));
  }
}

namespace {

std::string SymList(const std::vector<Sym>& syms) {
  return absl::StrCat(
      "[",
      absl::StrJoin(syms, ", ", [](std::string* out, const Sym& s) { out->append(s.ToString()); }),
      "]");
}

// Exact text for a constant: floats with 17 significant digits, so two
// programs differing in a constant never share a cache key.
std::string ScalarText(const tensor::Scalar& s) {
  if (s.is_float()) return absl::StrFormat("%.17g", s.to_double());
  if (s.is_bool()) return s.to_bool() ? "True" : "False";
  return absl::StrCat(s.to_int());
}

std::string ExprText(const Program& program, const ExprPtr& e) {
  std::string dtype(tensor::DTypeName(e->dtype));
  if (const auto* load = std::get_if<Load>(&e->node)) {
    return absl::StrCat(program.buffers[load->buffer].name, SymList(load->index));
  }
  if (const auto* c = std::get_if<Constant>(&e->node)) {
    return absl::StrCat(ScalarText(c->value), ":", dtype);
  }
  if (const auto* iv = std::get_if<IndexValue>(&e->node)) {
    return absl::StrCat("index(", iv->index.ToString(), "):", dtype);
  }
  if (const auto* rr = std::get_if<ReductionResult>(&e->node)) {
    return absl::StrCat("result(node", rr->node, ")");
  }
  const Op& op = std::get<Op>(e->node);
  std::vector<std::string> parts;
  for (const ExprPtr& a : op.args) parts.push_back(ExprText(program, a));
  for (const graph_ir::Constant& c : op.attrs) {
    const auto* s = std::get_if<tensor::Scalar>(&c);
    parts.push_back(s != nullptr ? ScalarText(*s) : graph_ir::ConstantToString(c));
  }
  std::string text = absl::StrCat(op.name, "(", absl::StrJoin(parts, ", "), ")");
  if (op.args.empty() || op.args[0]->dtype != e->dtype) absl::StrAppend(&text, ":", dtype);
  return text;
}

std::string_view RoleName(Buffer::Role role) {
  switch (role) {
    case Buffer::Role::kInput:
      return "input";
    case Buffer::Role::kOutput:
      return "output";
    case Buffer::Role::kIntermediate:
      return "intermediate";
    case Buffer::Role::kAlias:
      return "alias";
  }
  return "?";
}

std::string RangesText(const std::vector<Sym>& ranges, char var) {
  std::vector<std::string> parts;
  for (size_t d = 0; d < ranges.size(); ++d) {
    parts.push_back(absl::StrCat(std::string(1, var), d, " < ", ranges[d].ToString()));
  }
  return absl::StrJoin(parts, ", ");
}

// " in eager's layout ...": the emitted sum's order depends on it, so it is
// part of the text (the cache key).
std::string SumLayoutText(const SumLayout& l) {
  if (l.index.empty()) return "";
  return absl::StrCat(" (summed as ", std::string(tensor::DTypeName(l.dtype)), SymList(l.index),
                      " sizes [", absl::StrJoin(l.sizes, ", "), "] strides [",
                      absl::StrJoin(l.strides, ", "), "] out strides [",
                      absl::StrJoin(l.out_strides, ", "), "])");
}

std::string NodeText(const Program& program, const Node& node) {
  const std::string& out = program.buffers[node.buffer].name;
  if (const auto* p = std::get_if<Pointwise>(&node.body)) {
    return absl::StrCat(out, SymList(p->store), " = pointwise for ", RangesText(p->ranges, 'i'),
                        ": ", ExprText(program, p->value));
  }
  if (const auto* r = std::get_if<Reduction>(&node.body)) {
    return absl::StrCat(out, SymList(r->store), " = ", std::string(ReduceOpName(r->op)), "<",
                        std::string(tensor::DTypeName(r->accumulate_dtype)), "> for ",
                        RangesText(r->ranges, 'i'), " over ", RangesText(r->reduction_ranges, 'r'),
                        ": ", ExprText(program, r->value), SumLayoutText(r->sum_layout));
  }
  const Extern& x = std::get<Extern>(node.body);
  std::vector<std::string> outs, args;
  for (int b : x.outputs) outs.push_back(program.buffers[b].name);
  for (const Extern::Arg& a : x.args) {
    if (const int* b = std::get_if<int>(&a)) {
      args.push_back(program.buffers[*b].name);
    } else if (const auto* list = std::get_if<std::vector<int>>(&a)) {
      std::vector<std::string> names;
      for (int b : *list) names.push_back(program.buffers[b].name);
      args.push_back(absl::StrCat("[", absl::StrJoin(names, ", "), "]"));
    } else {
      const auto& c = std::get<graph_ir::Constant>(a);
      const auto* s = std::get_if<tensor::Scalar>(&c);
      args.push_back(s != nullptr ? ScalarText(*s) : graph_ir::ConstantToString(c));
    }
  }
  return absl::StrCat(absl::StrJoin(outs, ", "), " = extern ", x.op, "(", absl::StrJoin(args, ", "),
                      ")");
}

}  // namespace

std::string Program::ToString() const {
  std::string text = "buffers:\n";
  for (const Buffer& b : buffers) {
    absl::StrAppend(&text, "  ", b.name, ": ", std::string(tensor::DTypeName(b.dtype)),
                    SymList(b.sizes), " strides ", SymList(b.strides));
    if (!(b.offset.is_const() && b.offset.value() == 0)) {
      absl::StrAppend(&text, " offset ", b.offset.ToString());
    }
    absl::StrAppend(&text, " ", std::string(RoleName(b.role)));
    if (b.role == Buffer::Role::kInput) absl::StrAppend(&text, " ", b.input_index);
    if (b.role == Buffer::Role::kAlias) absl::StrAppend(&text, " of ", buffers[b.alias_of].name);
    text += "\n";
  }
  text += "nodes:\n";
  for (size_t n = 0; n < nodes.size(); ++n) {
    absl::StrAppend(&text, "  node", n, ": ", nodes[n].written ? "" : "local ",
                    NodeText(*this, nodes[n]), "\n");
  }
  if (!kernels.empty()) {
    text += "kernels:\n";
    for (const Kernel& k : kernels) {
      absl::StrAppend(&text, "  ", k.name, " outer ", SymList(k.outer), ": nodes ",
                      absl::StrJoin(k.nodes, ", "));
      // A GEMM with its fused epilogue (schedule.h).
      const Extern* x =
          k.nodes.size() > 1 && k.nodes[0] >= 0 && static_cast<size_t>(k.nodes[0]) < nodes.size()
              ? std::get_if<Extern>(&nodes[k.nodes[0]].body)
              : nullptr;
      if (x != nullptr) absl::StrAppend(&text, " (extern ", x->op, " with epilogue)");
      text += "\n";
    }
  }
  std::vector<std::string> outs;
  for (int b : graph_outputs) outs.push_back(buffers[b].name);
  absl::StrAppend(&text, "outputs: ", absl::StrJoin(outs, ", "), "\n");
  return text;
}

}  // namespace tc::codegen_cpu
