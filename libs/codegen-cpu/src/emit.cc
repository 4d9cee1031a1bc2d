// EmitCpp: the prelude, then one function per non-Extern kernel and per
// GEMM epilogue (see emit.h); the loop nests are emit_pointwise.cc's and
// emit_fused.cc's.
#include "tc/codegen_cpu/emit.h"

#include "absl/strings/str_cat.h"

#include "tc/support/status.h"

#include "src/emit_epilogue.h"
#include "src/emit_expr.h"
#include "src/emit_loops.h"
#include "src/emit_prelude.h"
#include "src/row_op.h"

namespace tc::codegen_cpu {

absl::StatusOr<std::vector<int64_t>> ConstExtents(const std::vector<Sym>& syms,
                                                  std::string_view what) {
  std::vector<int64_t> out;
  for (const Sym& s : syms) {
    if (!s.is_const()) {
      return absl::InvalidArgumentError(
          absl::StrCat("emit: ", std::string(what), " has a symbolic size ", s.ToString()));
    }
    if (s.value() < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("emit: ", std::string(what), " has a negative size ", s.value()));
    }
    out.push_back(s.value());
  }
  return out;
}

std::string BufferDecls(const Program& program, const std::set<int>& used) {
  std::string text;
  for (int b : used) {
    const std::string type(StorageType(program.buffers[b].dtype));
    absl::StrAppend(&text, "  ", type, "* ", BufferVar(b), " = reinterpret_cast<", type,
                    "*>(tc_buffers[", b, "]);  // ", program.buffers[b].name, "\n");
  }
  return text;
}

std::string StoreStatement(const Program& program, int buffer, const std::string& offset,
                           const std::string& value) {
  std::string v = value;
  const DType t = program.buffers[buffer].dtype;
  if (t == DType::kFloat16) v = absl::StrCat("tc_f2h(", value, ")");
  if (t == DType::kBFloat16) v = absl::StrCat("tc_f2bf(", value, ")");
  return absl::StrCat(BufferVar(buffer), "[", offset, "] = ", v, ";");
}

void CollectLoads(const ExprPtr& e, std::set<int>* buffers) {
  if (const auto* load = std::get_if<Load>(&e->node)) buffers->insert(load->buffer);
  if (const auto* op = std::get_if<Op>(&e->node)) {
    for (const ExprPtr& a : op->args) CollectLoads(a, buffers);
  }
}

absl::Status ValidateExpr(const Program& program, const ExprPtr& e) {
  if (e == nullptr) return absl::InvalidArgumentError("emit: a null expression");
  if (const auto* load = std::get_if<Load>(&e->node)) {
    if (load->buffer < 0 || load->buffer >= static_cast<int>(program.buffers.size())) {
      return absl::InvalidArgumentError(
          absl::StrCat("emit: a load of unknown buffer ", load->buffer));
    }
    const Buffer& b = program.buffers[load->buffer];
    if (load->index.size() != b.sizes.size() || b.strides.size() != b.sizes.size()) {
      return absl::InvalidArgumentError(absl::StrCat("emit: a load of ", b.name, " with ",
                                                     load->index.size(), " indices for ",
                                                     b.sizes.size(), " dims"));
    }
  }
  if (const auto* op = std::get_if<Op>(&e->node)) {
    for (const ExprPtr& a : op->args) TC_RETURN_IF_ERROR(ValidateExpr(program, a));
  }
  return absl::OkStatus();
}

absl::Status CheckNode(const Program& program, const Node& node) {
  const Buffer& dst = program.buffers[node.buffer];
  const auto* p = std::get_if<Pointwise>(&node.body);
  const auto& store = p != nullptr ? p->store : std::get<Reduction>(node.body).store;
  const ExprPtr& value = p != nullptr ? p->value : std::get<Reduction>(node.body).value;
  TC_RETURN_IF_ERROR(ValidateExpr(program, value));
  if (store.size() != dst.sizes.size() || dst.strides.size() != dst.sizes.size()) {
    return absl::InvalidArgumentError(absl::StrCat("emit: the store into ", dst.name, " has ",
                                                   store.size(), " indices for ", dst.sizes.size(),
                                                   " dims"));
  }
  if (p != nullptr && value->dtype != dst.dtype) {
    return absl::InvalidArgumentError(
        absl::StrCat("emit: ", std::string(tensor::DTypeName(value->dtype)), " value stored into ",
                     std::string(tensor::DTypeName(dst.dtype)), " buffer ", dst.name));
  }
  return absl::OkStatus();
}

namespace {

// A kernel of Pointwise nodes over all of their ranges (one node, or
// several over the same index space).
bool IsPlainPointwise(const Program& program, const Kernel& kernel) {
  for (int n : kernel.nodes) {
    const auto* p = std::get_if<Pointwise>(&program.nodes[n].body);
    if (p == nullptr || p->ranges != kernel.outer) return false;
  }
  return true;
}

// A kernel one of whose members carries a row op (emit_row.cc).
bool CarriesRowOp(const Program& program, const Kernel& kernel) {
  for (int n : kernel.nodes) {
    const auto* p = std::get_if<Pointwise>(&program.nodes[n].body);
    if (p != nullptr && p->value != nullptr && CountRowOps(p->value) > 0) return true;
  }
  return false;
}

absl::Status CheckKernel(const Program& program, const Kernel& kernel) {
  if (kernel.nodes.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("emit: kernel ", kernel.name, " has no nodes"));
  }
  for (int n : kernel.nodes) {
    if (n < 0 || n >= static_cast<int>(program.nodes.size())) {
      return absl::InvalidArgumentError(
          absl::StrCat("emit: kernel ", kernel.name, " names unknown node ", n));
    }
    const Node& node = program.nodes[n];
    if (node.buffer < 0 || node.buffer >= static_cast<int>(program.buffers.size())) {
      return absl::InvalidArgumentError(
          absl::StrCat("emit: node ", n, " writes unknown buffer ", node.buffer));
    }
    // An Extern only first: alone, or followed by its epilogue.
    if (std::holds_alternative<Extern>(node.body) && n != kernel.nodes[0]) {
      return absl::InvalidArgumentError(
          absl::StrCat("emit: kernel ", kernel.name, " mixes an extern node with others"));
    }
  }
  return absl::OkStatus();
}

// The epilogue function of a kernel that starts with an Extern.
absl::StatusOr<EmittedKernel> EmitEpilogue(const Program& program, const Kernel& kernel,
                                           std::string* out) {
  const Kernel members = EpilogueMembers(kernel);
  std::optional<EpiloguePlan> plan = PlanEpilogue(program, members);
  if (!plan.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "emit: kernel ", kernel.name,
        "'s epilogue is not Pointwise nodes over the extern's output that row panels can cut"));
  }
  return EmitPointwiseKernel(program, members, out, &*plan);
}

}  // namespace

std::string_view CppPrelude() { return Prelude(); }

absl::StatusOr<EmittedSource> EmitCpp(const Program& program, const EmitOptions& options) {
  if (program.kernels.empty() && !program.nodes.empty()) {
    return absl::InvalidArgumentError("emit: the program is not scheduled (no kernels)");
  }
  EmittedSource source;
  if (options.prelude) source.cpp = std::string(Prelude());
  for (const Kernel& kernel : program.kernels) {
    TC_RETURN_IF_ERROR(CheckKernel(program, kernel));
    if (std::holds_alternative<Extern>(program.nodes[kernel.nodes[0]].body)) {
      if (kernel.nodes.size() == 1) continue;
      source.cpp += "\n";
      TC_ASSIGN_OR_RETURN(EmittedKernel k, EmitEpilogue(program, kernel, &source.cpp));
      source.kernels.push_back(std::move(k));
      continue;
    }
    source.cpp += "\n";
    absl::StatusOr<EmittedKernel> k =
        CarriesRowOp(program, kernel)       ? EmitRowKernel(program, kernel, &source.cpp)
        : IsPlainPointwise(program, kernel) ? EmitPointwiseKernel(program, kernel, &source.cpp)
                                            : EmitFusedKernel(program, kernel, &source.cpp);
    if (!k.ok()) return k.status();
    source.kernels.push_back(*std::move(k));
  }
  return source;
}

}  // namespace tc::codegen_cpu
