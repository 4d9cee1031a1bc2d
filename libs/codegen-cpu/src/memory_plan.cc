// The memory planner: storage slots for the intermediates a scheduled
// program still writes, reused as Inductor's wrapper reuses buffers.
//
// Walking the kernels in order, each intermediate a kernel writes takes
// (1) in place, the slot of an input of its Pointwise node that dies in
//     this kernel: the node is that buffer's only reader, reads it only at
//     its own store index, and both have the same dtype and layout (so each
//     element is read before the same element is written);
// (2) else the most recently freed slot of the same dtype and byte size;
// (3) else a new slot.
// A slot is freed after the kernel of its buffer's last reader (the writing
// kernel when nobody reads it).
#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"

#include "tc/codegen_cpu/schedule.h"

#include "schedule_internal.h"

namespace tc::codegen_cpu {
namespace {

using internal::ForEachLoad;

// Bytes from the buffer's first element to one past its last.
int64_t StorageBytes(const Buffer& b) {
  int64_t last = b.offset.UpperBound();
  for (size_t d = 0; d < b.sizes.size(); ++d) {
    int64_t size = b.sizes[d].UpperBound();
    if (size <= 0) return 0;
    last += (size - 1) * std::abs(b.strides[d].UpperBound());
  }
  return (last + 1) * static_cast<int64_t>(tensor::ItemSize(b.dtype));
}

bool SameLayout(const Buffer& a, const Buffer& b) {
  return a.dtype == b.dtype && internal::SameSyms(a.sizes, b.sizes) &&
         internal::SameSyms(a.strides, b.strides) && a.offset == b.offset;
}

class Planner {
 public:
  explicit Planner(const Program& p) : p_(p) {
    const size_t nb = p.buffers.size();
    plan_.slot.assign(nb, -1);
    write_kernel_.assign(nb, -1);
    last_read_.assign(nb, -1);
    readers_.assign(nb, 0);
    for (size_t k = 0; k < p.kernels.size(); ++k) {
      for (int n : p.kernels[k].nodes) {
        const Node& node = p.nodes[n];
        for (int b : Writes(node)) write_kernel_[b] = static_cast<int>(k);
        std::vector<int> reads = internal::NodeReadsWithBases(p, node);
        std::sort(reads.begin(), reads.end());
        reads.erase(std::unique(reads.begin(), reads.end()), reads.end());
        for (int b : reads) {
          last_read_[b] = std::max(last_read_[b], static_cast<int>(k));
          ++readers_[b];
        }
      }
    }
  }

  MemoryPlan Run() {
    for (size_t k = 0; k < p_.kernels.size(); ++k) {
      for (int n : p_.kernels[k].nodes) {
        for (int b : Writes(p_.nodes[n])) {
          if (Planned(b)) Allocate(b, n);
        }
      }
      for (size_t b = 0; b < p_.buffers.size(); ++b) {
        if (plan_.slot[b] < 0 || donated_.contains(b)) continue;
        if (std::max(last_read_[b], write_kernel_[b]) != static_cast<int>(k)) continue;
        free_[Key(p_.buffers[b])].push_back(plan_.slot[b]);
      }
    }
    return std::move(plan_);
  }

 private:
  using ReuseKey = std::pair<DType, int64_t>;
  static ReuseKey Key(const Buffer& b) { return {b.dtype, StorageBytes(b)}; }

  std::vector<int> Writes(const Node& node) const {
    if (const auto* x = std::get_if<Extern>(&node.body)) return x->outputs;
    if (!node.written) return {};
    return {node.buffer};
  }

  bool Planned(int b) const {
    return p_.buffers[b].role == Buffer::Role::kIntermediate && plan_.slot[b] < 0;
  }

  void Allocate(int b, int n) {
    int donor = InPlaceDonor(b, n);
    if (donor >= 0) {
      plan_.slot[b] = plan_.slot[donor];
      donated_.emplace(donor, b);
      return;
    }
    std::vector<int>& free = free_[Key(p_.buffers[b])];
    if (!free.empty()) {
      plan_.slot[b] = free.back();
      free.pop_back();
      return;
    }
    plan_.slot[b] = static_cast<int>(plan_.slot_bytes.size());
    plan_.slot_bytes.push_back(StorageBytes(p_.buffers[b]));
  }

  // An input of Pointwise node n whose storage n may overwrite, or -1.
  int InPlaceDonor(int b, int n) const {
    const auto* pw = std::get_if<Pointwise>(&p_.nodes[n].body);
    if (pw == nullptr) return -1;
    // Each buffer n loads, and whether every load of it is at n's store index.
    std::vector<std::pair<int, bool>> loads;
    ForEachLoad(pw->value, [&](const Load& l) {
      bool at_store = internal::SameSyms(l.index, pw->store);
      for (auto& [a, all_at_store] : loads) {
        if (a == l.buffer) {
          all_at_store = all_at_store && at_store;
          return;
        }
      }
      loads.emplace_back(l.buffer, at_store);
    });
    for (const auto& [a, all_at_store] : loads) {
      if (all_at_store && p_.buffers[a].role == Buffer::Role::kIntermediate && plan_.slot[a] >= 0 &&
          !donated_.contains(a) && last_read_[a] == write_kernel_[b] && readers_[a] == 1 &&
          SameLayout(p_.buffers[a], p_.buffers[b])) {
        return a;
      }
    }
    return -1;
  }

  const Program& p_;
  MemoryPlan plan_;
  std::vector<int> write_kernel_, last_read_, readers_;
  absl::flat_hash_map<int, int> donated_;  // donor -> the buffer that took its slot
  absl::flat_hash_map<ReuseKey, std::vector<int>> free_;
};

}  // namespace

MemoryPlan PlanMemory(const Program& program) { return Planner(program).Run(); }

}  // namespace tc::codegen_cpu
