// A kernel of Pointwise nodes over all of their ranges, run element by
// element in member order (see emit_loops.h). Dims of size 1 are dropped and neighbouring dims
// merged where every access (the store, each load, each index value) allows it, as eager's Loop
// merges them, so a contiguous tensor is one flat loop whose only tail is at its end (the elements
// eager's kernels run as their tail). The innermost dim runs Highway vectors when every store is
// contiguous in it and every value vectorizable; the rest is scalar code.
// When the kernel's outputs are too large to stay in cache
// (tc/kernels/stream_stores.h), the vector stores of outputs no member
// reads stream where aligned (tcfv::StreamOrStoreU: the vector positions,
// hence the values, stay as they are) and each chunk ends with a store
// fence before the pool counts it done.
#include <algorithm>

#include "absl/strings/str_cat.h"

#include "tc/kernels/stream_stores.h"
#include "tc/support/status.h"

#include "src/emit_epilogue.h"
#include "src/emit_expr.h"
#include "src/emit_loops.h"

namespace tc::codegen_cpu {
namespace {

// InvalidArgument when a member loads a buffer another member of the
// kernel writes at an index other than the one it is written at: running
// the members element by element would read values not yet written.
absl::Status CheckSameIndexReads(const Program& program, const Kernel& kernel) {
  absl::flat_hash_map<int, Sym> written;
  for (int n : kernel.nodes) {
    const Node& node = program.nodes[n];
    const Pointwise& pw = std::get<Pointwise>(node.body);
    written[node.buffer] = Linear(pw.store, program.buffers[node.buffer].strides, Sym::Const(0));
  }
  for (int n : kernel.nodes) {
    std::vector<const Load*> loads;
    std::vector<ExprPtr> stack = {std::get<Pointwise>(program.nodes[n].body).value};
    while (!stack.empty()) {
      ExprPtr e = stack.back();
      stack.pop_back();
      if (const auto* load = std::get_if<Load>(&e->node)) loads.push_back(load);
      if (const auto* op = std::get_if<Op>(&e->node))
        stack.insert(stack.end(), op->args.begin(), op->args.end());
    }
    for (const Load* load : loads) {
      auto it = written.find(load->buffer);
      if (it == written.end()) continue;
      if (!(Linear(load->index, program.buffers[load->buffer].strides, Sym::Const(0)) ==
            it->second)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "emit: kernel ", kernel.name, " reads ", program.buffers[load->buffer].name,
            " at another index than the one it writes it at"));
      }
    }
  }
  return absl::OkStatus();
}

// Per member, whether its vector stores stream: the kernel's outputs
// together are too large to stay in cache, and no member reads the
// member's buffer (a streamed line read back at once would be fetched from
// memory again). GEMM epilogues (their tiles are in cache) never stream.
std::vector<bool> StreamedMembers(const Program& program, const std::vector<const Node*>& members,
                                  int64_t numel, bool epilogue) {
  std::vector<bool> stream(members.size(), false);
  if (epilogue) return stream;
  int64_t bytes = 0;
  std::set<int> loaded;
  for (const Node* node : members) {
    bytes += numel * static_cast<int64_t>(tensor::ItemSize(program.buffers[node->buffer].dtype));
    CollectLoads(std::get<Pointwise>(node->body).value, &loaded);
  }
  if (!kernels::UseStreamStores(bytes)) return stream;
  for (size_t m = 0; m < members.size(); ++m) stream[m] = !loaded.contains(members[m]->buffer);
  return stream;
}

}  // namespace

absl::StatusOr<EmittedKernel> EmitPointwiseKernel(const Program& program, const Kernel& kernel,
                                                  std::string* out, const EpiloguePlan* epilogue) {
  std::vector<const Node*> members;
  for (int n : kernel.nodes) {
    members.push_back(&program.nodes[n]);
    TC_RETURN_IF_ERROR(CheckNode(program, *members.back()));
  }
  TC_RETURN_IF_ERROR(CheckSameIndexReads(program, kernel));
  TC_ASSIGN_OR_RETURN(std::vector<int64_t> extents, ConstExtents(kernel.outer, kernel.name));
  EmittedKernel result{.name = kernel.name};
  std::set<int> used;
  std::vector<Sym> accesses;
  for (const Node* node : members) {
    const Pointwise& pw = std::get<Pointwise>(node->body);
    used.insert(node->buffer);
    CollectLoads(pw.value, &used);
    accesses.push_back(Linear(pw.store, program.buffers[node->buffer].strides, Sym::Const(0)));
    CollectAccesses(program, pw.value, &accesses);
  }
  absl::StrAppend(out, "extern \"C\" void ", kernel.name,
                  "(char* const* tc_buffers, const KernelRuntime* tc_rt",
                  epilogue != nullptr ? ", int64_t tc_row_begin, int64_t tc_row_end" : "", ") {\n");
  int64_t numel = 1;
  for (int64_t e : extents) numel *= e;
  if (numel == 0) {
    absl::StrAppend(out, "  (void)tc_buffers;\n  (void)tc_rt;\n",
                    epilogue != nullptr ? "  (void)tc_row_begin;\n  (void)tc_row_end;\n" : "",
                    "}\n");
    return result;
  }
  absl::StrAppend(out, BufferDecls(program, used));

  ExprContext ctx;
  ctx.program = &program;
  std::vector<LoopDim> dims = MergeDims("i", extents, accesses, &ctx.subst);
  if (dims.empty()) dims.push_back({"tc_unit", 1});
  const LoopDim inner = dims.back();
  ctx.inner = inner.var;
  std::vector<std::string> offsets;
  // Vectors when every member stores contiguously in the innermost dim a
  // vectorizable value of one float dtype.
  const DType t = program.buffers[members[0]->buffer].dtype;
  bool vector = t == DType::kFloat32 || t == DType::kFloat64;
  for (const Node* node : members) {
    const Pointwise& pw = std::get<Pointwise>(node->body);
    const Sym at = FlatOffset(ctx, node->buffer, pw.store);
    offsets.push_back(at.ToCpp());
    vector = vector && program.buffers[node->buffer].dtype == t &&
             at.CoefficientOf(inner.var) == 1 && IsVectorizable(ctx, pw.value);
  }
  const std::string type(ComputeType(t));
  if (vector) {
    result.vector_width = kVectorBytes / (t == DType::kFloat32 ? 4 : 8);
    absl::StrAppend(out, "  const hn::ScalableTag<", type, "> d;\n",
                    "  const int64_t tc_lanes = static_cast<int64_t>(hn::Lanes(d));\n");
  }
  // An epilogue's blocks tile its rows' panels (emit_epilogue.cc).
  const int64_t block =
      epilogue != nullptr ? epilogue->block : std::min(inner.extent, kBlockElements);
  const int64_t blocks = (inner.extent + block - 1) / block;
  int64_t tasks = blocks;
  for (size_t k = 0; k + 1 < dims.size(); ++k) tasks *= dims[k].extent;
  const int64_t grain =
      std::max<int64_t>(1, kParallelElements / (block * static_cast<int64_t>(members.size())));
  result.parallel = tasks > grain;

  absl::StrAppend(out, "  auto tc_body = [&](int64_t tc_begin, int64_t tc_end) {\n",
                  "    int tc_zd = 0;\n",
                  "    for (int64_t tc_t = tc_begin; tc_t < tc_end; ++tc_t) {\n",
                  "      int64_t tc_q = tc_t;\n", "      const int64_t tc_jb = (tc_q % ", blocks,
                  ") * ", block, ";\n", "      tc_q /= ", blocks, ";\n");
  for (int k = static_cast<int>(dims.size()) - 2; k >= 0; --k) {
    absl::StrAppend(out, "      const int64_t ", dims[k].var, " = tc_q % ", dims[k].extent,
                    ";\n      tc_q /= ", dims[k].extent, ";\n");
  }
  absl::StrAppend(out, "      (void)tc_q;\n",
                  "      const int64_t tc_je = std::min<int64_t>(tc_jb + ", block, ", ",
                  inner.extent, ");\n", "      int64_t ", inner.var, " = tc_jb;\n");
  int counter = 0;
  const std::vector<bool> stream =
      vector ? StreamedMembers(program, members, numel, epilogue != nullptr)
             : std::vector<bool>(members.size(), false);
  const bool any_stream = std::find(stream.begin(), stream.end(), true) != stream.end();
  if (vector) {
    std::string body;
    for (size_t m = 0; m < members.size(); ++m) {
      ExprWriter w(ctx, "        ", &body, &counter);
      TC_ASSIGN_OR_RETURN(std::string v, w.Vector(std::get<Pointwise>(members[m]->body).value));
      absl::StrAppend(&body, stream[m] ? "        tcfv::StreamOrStoreU(" : "        hn::StoreU(", v,
                      ", d, ", BufferVar(members[m]->buffer), " + (", offsets[m], "));\n");
    }
    absl::StrAppend(out, "      for (; ", inner.var, " + tc_lanes <= tc_je; ", inner.var,
                    " += tc_lanes) {\n", body, "      }\n");
  }
  std::string body;
  for (size_t m = 0; m < members.size(); ++m) {
    ExprWriter w(ctx, "        ", &body, &counter);
    TC_ASSIGN_OR_RETURN(std::string v, w.Scalar(std::get<Pointwise>(members[m]->body).value));
    absl::StrAppend(&body, "        ", StoreStatement(program, members[m]->buffer, offsets[m], v),
                    "\n");
  }
  absl::StrAppend(out, "      for (; ", inner.var, " < tc_je; ++", inner.var, ") {\n", body,
                  "      }\n");
  // Streaming stores are weakly ordered: fenced before the chunk is done.
  absl::StrAppend(out, "    }\n", any_stream ? "    hwy::FlushStream();\n" : "",
                  "    if (tc_zd) tc_report_zero_division(tc_rt);\n  };\n");
  if (epilogue != nullptr) {
    if (tasks != epilogue->tasks) {
      return absl::InternalError(absl::StrCat("emit: epilogue ", kernel.name, " has ", tasks,
                                              " tasks, planned ", epilogue->tasks));
    }
    return EmitEpilogueDispatch(*epilogue, grain, result, out);
  }
  absl::StrAppend(out, "  tc_parallel(tc_rt, ", tasks, ", ", grain, ", tc_body);\n}\n");
  return result;
}

}  // namespace tc::codegen_cpu
