// A kernel of one node carrying a row op (row_op.h): the parallel loop
// runs over rows; per row, the row op's operands are computed into row
// scratch (the inlined prologue; a plain contiguous load is read in place
// instead), the row goes through the formula eager's fused kernel runs
// (tc/kernels/formulas/norm_rows-inl.h, in the prelude) while it sits in
// L1, and the node's value with the row op's result in its place (the
// inlined epilogue) is stored. With neither prologue nor epilogue the
// formula reads the input and writes the output directly.
//
// An output too large to stay in cache (tc/kernels/stream_stores.h, as
// eager's row kernels decide) is written with streaming stores: the
// formula's streaming variant (softmax's exps then go to row scratch), or
// an epilogue's vector stores where they are aligned; each chunk ends with
// a store fence before the pool counts it done. Only the store
// instructions change, not the values.
//
// The formula computes eager's values bit for bit. The prologue and
// epilogue ops vectorize per row, with a scalar tail at each row's end
// where eager's whole-tensor loop may have run those elements as vectors:
// ops whose vector and scalar paths round alike (add, mul, casts...) agree
// exactly, transcendental ones within the ulp bound of the fuzz.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/kernels/stream_stores.h"
#include "tc/support/status.h"

#include "src/emit_expr.h"
#include "src/emit_loops.h"
#include "src/row_op.h"

namespace tc::codegen_cpu {
namespace {

// Rows per parallel chunk: eager's norms.cc grain (16384 elements).
constexpr int64_t kRowChunkElements = 16384;

struct RowPlan {
  const Node* node = nullptr;
  const Pointwise* pw = nullptr;
  ExprPtr row_op;
  RowOpInfo info;
  std::vector<int64_t> extents;
  size_t outer = 0;               // leading (per-row) dims
  int64_t rows = 1;               // product of the leading extents
  int64_t n = 1;                  // elements per row
  std::string type;               // float / double
  bool stream = false;            // the output is written with streaming stores
  std::vector<LoopDim> row_dims;  // the trailing loop dims, outermost first
  std::vector<Sym> row_vars;
};

absl::StatusOr<RowPlan> Plan(const Program& program, const Kernel& kernel) {
  RowPlan p;
  p.node = &program.nodes[kernel.nodes[0]];
  p.pw = std::get_if<Pointwise>(&p.node->body);
  if (kernel.nodes.size() != 1 || p.pw == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("emit: row kernel ", kernel.name, " must be one Pointwise node"));
  }
  TC_RETURN_IF_ERROR(CheckNode(program, *p.node));
  if (CountRowOps(p.pw->value) != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("emit: kernel ", kernel.name, " carries more than one row op"));
  }
  p.row_op = FindRowOp(p.pw->value);
  const Op& op = std::get<Op>(p.row_op->node);
  TC_ASSIGN_OR_RETURN(p.info, ParseRowOp(op));
  for (const ExprPtr& a : op.args) {
    if (CountRowOps(a) != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("emit: kernel ", kernel.name, ": a row op inside a row op's operand"));
    }
  }
  if (p.row_op->dtype != op.args[0]->dtype) {
    return absl::InvalidArgumentError(
        absl::StrCat("emit: kernel ", kernel.name, ": row op ", op.name, " changes the dtype"));
  }
  TC_ASSIGN_OR_RETURN(p.extents, ConstExtents(p.pw->ranges, kernel.name));
  const size_t k = static_cast<size_t>(p.info.row_dims);
  if (k == 0 || k > p.extents.size()) {
    return absl::InvalidArgumentError(absl::StrCat("emit: kernel ", kernel.name, ": row op ",
                                                   op.name, " over ", k, " dims of a ",
                                                   p.extents.size(), "-dim node"));
  }
  p.outer = p.extents.size() - k;
  if (!p.info.row_sizes.empty() &&
      !std::equal(p.info.row_sizes.begin(), p.info.row_sizes.end(), p.extents.begin() + p.outer)) {
    return absl::InvalidArgumentError(absl::StrCat("emit: kernel ", kernel.name, ": ", op.name,
                                                   "'s normalized shape is not its row"));
  }
  for (size_t d = 0; d < p.extents.size(); ++d) {
    if (d < p.outer) {
      p.rows *= p.extents[d];
    } else {
      p.n *= p.extents[d];
      p.row_dims.push_back({absl::StrCat("i", d), p.extents[d]});
      p.row_vars.push_back(Sym::Var(absl::StrCat("i", d), p.extents[d]));
    }
  }
  p.type = std::string(ComputeType(p.row_op->dtype));
  const int64_t item =
      static_cast<int64_t>(tensor::ItemSize(program.buffers[p.node->buffer].dtype));
  p.stream = kernels::UseStreamStores(p.rows * p.n * item);
  return p;
}

// A scratch row buffer added to the kernel's copy of the program, so the
// expression emitter loads and stores it like any buffer.
int AddScratch(Program& aug, const RowPlan& p, const std::string& name) {
  Buffer b;
  b.name = name;
  b.dtype = p.row_op->dtype;
  int64_t stride = 1;
  std::vector<Sym> strides(p.row_dims.size());
  for (size_t d = p.row_dims.size(); d-- > 0;) {
    b.sizes.insert(b.sizes.begin(), Sym::Const(p.row_dims[d].extent));
    strides[d] = Sym::Const(stride);
    stride *= p.row_dims[d].extent;
  }
  b.strides = std::move(strides);
  b.offset = Sym::Const(0);
  aug.buffers.push_back(std::move(b));
  return static_cast<int>(aug.buffers.size()) - 1;
}

// The row's start in buffer b when `index` walks it contiguously in row
// order (C++ text), or "" when it does not.
std::string ContiguousRowBase(const Program& program, const RowPlan& p, int b,
                              const std::vector<Sym>& index) {
  ExprContext ctx;
  ctx.program = &program;
  const Sym flat = FlatOffset(ctx, b, index);
  int64_t stride = 1;
  absl::flat_hash_map<std::string, Sym> zero;
  for (size_t d = p.row_dims.size(); d-- > 0;) {
    const std::optional<int64_t> c = flat.CoefficientOf(p.row_dims[d].var);
    if (p.row_dims[d].extent > 1 && (!c.has_value() || *c != stride)) return "";
    stride *= p.row_dims[d].extent;
    zero.emplace(p.row_dims[d].var, Sym::Const(0));
  }
  return flat.Substitute(zero).ToCpp();
}

// group_norm's weight or bias: the row's channels' first element in its
// buffer (C++ text) when `arg` loads them contiguously over the row's first
// (channel) variable and not at all over the others.
absl::StatusOr<std::string> ChannelBase(const Program& program, const RowPlan& p,
                                        const ExprPtr& arg) {
  const auto* load = std::get_if<Load>(&arg->node);
  std::string base;
  if (load != nullptr) {
    ExprContext ctx;
    ctx.program = &program;
    const Sym flat = FlatOffset(ctx, load->buffer, load->index);
    bool ok = true;
    absl::flat_hash_map<std::string, Sym> zero;
    for (size_t d = 0; d < p.row_dims.size(); ++d) {
      const std::optional<int64_t> c = flat.CoefficientOf(p.row_dims[d].var);
      ok &= p.row_dims[d].extent == 1 || (c.has_value() && *c == (d == 0 ? 1 : 0));
      zero.emplace(p.row_dims[d].var, Sym::Const(0));
    }
    if (ok) base = flat.Substitute(zero).ToCpp();
  }
  if (base.empty()) {
    return absl::InvalidArgumentError(
        "emit: group_norm's weight / bias is not a contiguous per-channel load");
  }
  return absl::StrCat(BufferVar(load->buffer), " + (", base, ")");
}

// Loops over the row dims storing `value` into buffer dst at `store`
// (vectorized innermost when the store is contiguous there and the value
// vectorizes; `stream`: those vector stores stream where aligned), at
// `indent`.
absl::Status EmitRowLoops(const Program& aug, const RowPlan& p, const ExprPtr& value, int dst,
                          const std::vector<Sym>& store, const std::string& indent, int* counter,
                          std::string* out, bool stream = false) {
  ExprContext ctx;
  ctx.program = &aug;
  std::vector<Sym> accesses = {Linear(store, aug.buffers[dst].strides, Sym::Const(0))};
  CollectAccesses(aug, value, &accesses);
  std::vector<LoopDim> dims = MergeDims(p.row_dims, accesses, &ctx.subst);
  if (dims.empty()) dims.push_back({"tc_unit", 1});
  ctx.inner = dims.back().var;
  std::string in = indent;
  for (size_t d = 0; d + 1 < dims.size(); ++d) {
    absl::StrAppend(out, in, "for (int64_t ", dims[d].var, " = 0; ", dims[d].var, " < ",
                    dims[d].extent, "; ++", dims[d].var, ") {\n");
    in += "  ";
  }
  const std::string& v = dims.back().var;
  const Sym at = FlatOffset(ctx, dst, store);
  const DType t = aug.buffers[dst].dtype;
  absl::StrAppend(out, in, "{\n", in, "  int64_t ", v, " = 0;\n");
  if ((t == DType::kFloat32 || t == DType::kFloat64) && value->dtype == t &&
      at.CoefficientOf(v) == 1 && IsVectorizable(ctx, value)) {
    std::string body;
    ExprWriter w(ctx, in + "    ", &body, counter);
    TC_ASSIGN_OR_RETURN(std::string x, w.Vector(value));
    const std::string lanes = "static_cast<int64_t>(hn::Lanes(d))";
    absl::StrAppend(out, in, "  const hn::ScalableTag<", std::string(ComputeType(t)), "> d;\n");
    absl::StrAppend(out, in, "  for (; ", v, " + ", lanes, " <= ", dims.back().extent, "; ", v,
                    " += ", lanes, ") {\n", body);
    absl::StrAppend(out, in, stream ? "    tcfv::StreamOrStoreU(" : "    hn::StoreU(", x, ", d, ",
                    BufferVar(dst), " + (", at.ToCpp(), "));\n", in, "  }\n");
  }
  std::string body;
  ExprWriter w(ctx, in + "    ", &body, counter);
  TC_ASSIGN_OR_RETURN(std::string x, w.Scalar(value));
  absl::StrAppend(out, in, "  for (; ", v, " < ", dims.back().extent, "; ++", v, ") {\n", body, in,
                  "    ", StoreStatement(aug, dst, at.ToCpp(), x), "\n", in, "  }\n", in, "}\n");
  for (size_t d = 0; d + 1 < dims.size(); ++d) {
    in.resize(in.size() - 2);
    absl::StrAppend(out, in, "}\n");
  }
  return absl::OkStatus();
}

// The formula call for one row: x, weight, bias and y name row pointers;
// `stream`: the formula's streaming variant, softmax's exps in `scratch`.
std::string FormulaCall(const RowPlan& p, const std::string& x, const std::string& w,
                        const std::string& b, const std::string& y, bool stream,
                        const std::string& scratch) {
  const std::string eps =
      absl::StrCat("static_cast<", p.type, ">(", absl::StrFormat("%a", p.info.eps), ")");
  const std::string targs = absl::StrCat("<", p.type, stream ? ", true>(" : ">(");
  switch (p.info.kind) {
    case RowKind::kSoftmax:
    case RowKind::kLogSoftmax:
      return absl::StrCat("tcfv::SoftmaxRow", targs, x, ", ", y, ", ", p.n, ", ",
                          p.info.kind == RowKind::kLogSoftmax ? "true" : "false",
                          stream && p.info.kind == RowKind::kSoftmax ? ", " + scratch : "", ");");
    case RowKind::kLayerNorm:
      return absl::StrCat("tcfv::LayerNormRow", targs, x, ", ", w, ", ", b, ", ", eps, ", ", y,
                          ", ", p.n, ");");
    case RowKind::kRmsNorm:
      return absl::StrCat("tcfv::RmsNormRow", targs, x, ", ", w, ", ", eps, ", ", y, ", ", p.n,
                          ");");
    case RowKind::kGroupNorm:
      // The row: row_sizes[0] channels of n / row_sizes[0] elements each.
      return absl::StrCat("tcfv::GroupNormRow", targs, x, ", ", w, ", ", b, ", ", eps, ", ", y,
                          ", ", p.info.row_sizes[0], ", ", p.n / p.info.row_sizes[0], ");");
  }
  return "";
}

}  // namespace

absl::StatusOr<EmittedKernel> EmitRowKernel(const Program& program, const Kernel& kernel,
                                            std::string* out) {
  TC_ASSIGN_OR_RETURN(RowPlan p, Plan(program, kernel));
  // The row formula runs Highway vectors of the row's dtype.
  EmittedKernel result{.name = kernel.name,
                       .vector_width = kVectorBytes / (p.type == "float" ? 4 : 8)};
  absl::StrAppend(out, "extern \"C\" void ", kernel.name,
                  "(char* const* tc_buffers, const KernelRuntime* tc_rt) {\n");
  if (p.rows * p.n == 0) {
    absl::StrAppend(out, "  (void)tc_buffers;\n  (void)tc_rt;\n}\n");
    return result;
  }
  std::set<int> used = {p.node->buffer};
  CollectLoads(p.pw->value, &used);
  absl::StrAppend(out, BufferDecls(program, used));
  Program aug = program;
  const Op& op = std::get<Op>(p.row_op->node);
  const int weight_arg = p.info.weight_arg(), bias_arg = p.info.bias_arg();
  std::string setup, per_row, cleanup;
  int counter = 0;
  const std::string in = "      ";
  // Operands: read in place when contiguous over the row, else computed
  // into scratch.
  std::vector<std::string> ptrs;
  for (size_t a = 0; a < op.args.size(); ++a) {
    const ExprPtr& arg = op.args[a];
    if (a > 0 && p.info.kind == RowKind::kGroupNorm) {
      TC_ASSIGN_OR_RETURN(std::string base, ChannelBase(aug, p, arg));
      const std::string name = absl::StrCat("tc_row_arg", a);
      absl::StrAppend(&per_row, in, "const ", p.type, "* ", name, " = ", base, ";\n");
      ptrs.push_back(name);
      continue;
    }
    const auto* load = std::get_if<Load>(&arg->node);
    std::string base = load == nullptr ? "" : ContiguousRowBase(aug, p, load->buffer, load->index);
    const std::string name = absl::StrCat("tc_row_arg", a);
    if (!base.empty()) {
      absl::StrAppend(&per_row, in, "const ", p.type, "* ", name, " = ", BufferVar(load->buffer),
                      " + (", base, ");\n");
    } else {
      const int s = AddScratch(aug, p, name);
      absl::StrAppend(&setup, "    ", p.type, "* ", BufferVar(s), " = new ", p.type, "[", p.n,
                      "];\n");
      absl::StrAppend(&cleanup, "    delete[] ", BufferVar(s), ";\n");
      TC_RETURN_IF_ERROR(EmitRowLoops(aug, p, arg, s, p.row_vars, in, &counter, &per_row));
      absl::StrAppend(&per_row, in, "const ", p.type, "* ", name, " = ", BufferVar(s), ";\n");
    }
    ptrs.push_back(name);
  }
  // The result: straight into the output when the node's value is the row
  // op and its store walks the row contiguously, else into scratch that the
  // epilogue reads.
  std::string y_base;
  if (p.pw->value == p.row_op) y_base = ContiguousRowBase(aug, p, p.node->buffer, p.pw->store);
  std::string y, epilogue_code;
  const bool formula_streams = p.stream && !y_base.empty();
  if (!y_base.empty()) {
    y = absl::StrCat(BufferVar(p.node->buffer), " + (", y_base, ")");
    if (formula_streams && p.info.kind == RowKind::kSoftmax) {
      absl::StrAppend(&setup, "    ", p.type, "* tc_row_exps = new ", p.type, "[", p.n, "];\n");
      absl::StrAppend(&cleanup, "    delete[] tc_row_exps;\n");
    }
  } else {
    const int s = AddScratch(aug, p, "tc_row_out");
    absl::StrAppend(&setup, "    ", p.type, "* ", BufferVar(s), " = new ", p.type, "[", p.n,
                    "];\n");
    absl::StrAppend(&cleanup, "    delete[] ", BufferVar(s), ";\n");
    y = BufferVar(s);
    ExprPtr epilogue =
        ReplaceExpr(p.pw->value, p.row_op.get(), MakeLoad(s, p.row_vars, p.row_op->dtype));
    TC_RETURN_IF_ERROR(EmitRowLoops(aug, p, epilogue, p.node->buffer, p.pw->store, in, &counter,
                                    &epilogue_code, p.stream));
  }
  absl::StrAppend(
      &per_row, in,
      FormulaCall(p, ptrs[0], weight_arg < 0 ? "nullptr" : ptrs[weight_arg],
                  bias_arg < 0 ? "nullptr" : ptrs[bias_arg], y, formula_streams, "tc_row_exps"),
      "\n", epilogue_code);
  // Streaming stores are weakly ordered: fenced before the chunk counts as
  // done, so whoever reads the output after the pool's join sees it.
  if (p.stream) cleanup = absl::StrCat("    hwy::FlushStream();\n", cleanup);
  absl::StrAppend(out, "  auto tc_body = [&](int64_t tc_begin, int64_t tc_end) {\n",
                  "    int tc_zd = 0;\n", setup,
                  "    for (int64_t tc_row = tc_begin; tc_row < tc_end; ++tc_row) {\n",
                  "      int64_t tc_q = tc_row;\n");
  for (size_t d = p.outer; d-- > 0;) {
    absl::StrAppend(out, "      const int64_t i", d, " = tc_q % ", p.extents[d], ";\n",
                    "      tc_q /= ", p.extents[d], ";\n      (void)i", d, ";\n");
  }
  absl::StrAppend(out, "      (void)tc_q;\n", per_row, "    }\n", cleanup,
                  "    if (tc_zd) tc_report_zero_division(tc_rt);\n  };\n");
  const int64_t grain = std::max<int64_t>(1, kRowChunkElements / p.n);
  result.parallel = p.rows > grain;
  absl::StrAppend(out, "  tc_parallel(tc_rt, ", p.rows, ", ", grain, ", tc_body);\n}\n");
  return result;
}

}  // namespace tc::codegen_cpu
