// GEMM epilogue fusion (schedule.h): after grouping, the first kernel
// that reads a linear / mm / bmm / matmul Extern's output joins the
// Extern's kernel when it is plain Pointwise over that output's index
// space, reads the output only at its own loop index (so each row panel
// needs only the rows the GEMM just computed) and can move up to the
// Extern (nothing in between writes what it reads or touches what it
// writes). The runner then applies it to each panel of the product while
// the panel is in cache, instead of a second pass over the whole output.
#include <algorithm>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"

#include "schedule_internal.h"
#include "src/emit_epilogue.h"
#include "src/row_op.h"

namespace tc::codegen_cpu::internal {
namespace {

bool IsGemm(const std::string& op) {
  return op == "linear" || op == "mm" || op == "bmm" || op == "matmul";
}

// Row-major strides with offset 0: the layout the kernels give the result.
bool Contiguous(const Buffer& b) {
  if (!(b.offset == Sym::Const(0)) || b.strides.size() != b.sizes.size()) return false;
  int64_t expect = 1;
  for (size_t d = b.sizes.size(); d-- > 0;) {
    if (!b.sizes[d].is_const() || !b.strides[d].is_const()) return false;
    if (b.sizes[d].value() != 1 && b.strides[d].value() != expect) return false;
    expect *= b.sizes[d].value();
  }
  return true;
}

using BufferSet = absl::flat_hash_set<int>;

BufferSet KernelReads(const Program& p, const Kernel& k) {
  BufferSet reads;
  for (int n : k.nodes) {
    for (int b : NodeReadsWithBases(p, p.nodes[n])) reads.insert(b);
  }
  return reads;
}

// The buffers a kernel writes, each with its alias base.
BufferSet KernelWrites(const Program& p, const Kernel& k) {
  BufferSet writes;
  for (int n : k.nodes) {
    const Node& node = p.nodes[n];
    std::vector<int> out = {node.buffer};
    if (const auto* x = std::get_if<Extern>(&node.body)) out = x->outputs;
    for (int b : out) {
      writes.insert(b);
      writes.insert(AliasBase(p, b));
    }
  }
  return writes;
}

bool Disjoint(const BufferSet& a, const BufferSet& b) {
  return std::none_of(a.begin(), a.end(), [&](int x) { return b.contains(x); });
}

// Whether kernel `e` is an epilogue of GEMM output `out`: Pointwise over
// its sizes, reading it (or any view of it) only as itself at the loop
// index, and its loops cut into row panels.
bool IsEpilogueOf(const Program& p, const Kernel& e, int out) {
  const Buffer& ob = p.buffers[out];
  if (!SameSyms(e.outer, ob.sizes)) return false;
  // The loop index; a dim of size 1 is indexed by 0 (the lowering folds it).
  std::vector<Sym> loop_index;
  for (size_t d = 0; d < e.outer.size(); ++d) {
    if (!e.outer[d].is_const()) return false;
    const int64_t extent = e.outer[d].value();
    loop_index.push_back(extent == 1 ? Sym::Const(0) : Sym::Var(absl::StrCat("i", d), extent));
  }
  for (int n : e.nodes) {
    const auto* pw = std::get_if<Pointwise>(&p.nodes[n].body);
    if (pw == nullptr || !SameSyms(pw->ranges, e.outer)) return false;
    // A row op (layer_norm of a residual add reading the product) needs
    // whole rows and runs as its own row kernel, never as a panel epilogue.
    if (CountRowOps(pw->value) > 0) return false;
    bool ok = true;
    ForEachLoad(pw->value, [&](const Load& l) {
      if (AliasBase(p, l.buffer) != out) return;
      ok = ok && l.buffer == out && SameSyms(l.index, loop_index);
    });
    if (!ok) return false;
  }
  return PlanEpilogue(p, e).has_value();
}

// Fuses the epilogue of the GEMM kernel at `k`, if any; true when it did.
bool FuseAt(Program& p, size_t k) {
  const Kernel& gemm = p.kernels[k];
  if (gemm.nodes.size() != 1) return false;
  const auto* x = std::get_if<Extern>(&p.nodes[gemm.nodes[0]].body);
  if (x == nullptr || !IsGemm(x->op) || x->outputs.size() != 1) return false;
  const int out = x->outputs[0];
  const Buffer& ob = p.buffers[out];
  if ((ob.role != Buffer::Role::kIntermediate && ob.role != Buffer::Role::kOutput) ||
      !Contiguous(ob)) {
    return false;
  }
  size_t j = k + 1;
  while (j < p.kernels.size() && !KernelReads(p, p.kernels[j]).contains(out)) ++j;
  if (j == p.kernels.size() || !IsEpilogueOf(p, p.kernels[j], out)) return false;
  const BufferSet epi_reads = KernelReads(p, p.kernels[j]);
  const BufferSet epi_writes = KernelWrites(p, p.kernels[j]);
  // Panels run while the GEMM still reads its operands.
  if (!Disjoint(KernelReads(p, gemm), epi_writes)) return false;
  for (size_t q = k + 1; q < j; ++q) {
    const BufferSet writes = KernelWrites(p, p.kernels[q]);
    if (!Disjoint(writes, epi_reads) || !Disjoint(writes, epi_writes) ||
        !Disjoint(KernelReads(p, p.kernels[q]), epi_writes)) {
      return false;
    }
  }
  Kernel& fused = p.kernels[k];
  fused.outer = p.kernels[j].outer;
  fused.nodes.insert(fused.nodes.end(), p.kernels[j].nodes.begin(), p.kernels[j].nodes.end());
  p.kernels.erase(p.kernels.begin() + static_cast<std::ptrdiff_t>(j));
  return true;
}

}  // namespace

void FuseEpilogues(Program& program) {
  bool fused = false;
  for (size_t k = 0; k < program.kernels.size(); ++k) fused = FuseAt(program, k) || fused;
  if (!fused) return;
  for (size_t k = 0; k < program.kernels.size(); ++k) {
    program.kernels[k].name = absl::StrCat("kernel", k);
  }
}

}  // namespace tc::codegen_cpu::internal
