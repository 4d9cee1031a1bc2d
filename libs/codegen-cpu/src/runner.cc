// ProgramRunner::Run: input checks, allocation, the kernels in order, and
// the outputs as tensors over the buffers the kernels wrote.
#include "tc/codegen_cpu/runner.h"

#include <chrono>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"

#include "tc/codegen_cpu/kernel_runtime.h"
#include "tc/kernels/eager.h"
#include "tc/kernels/gemm_panels.h"
#include "tc/support/status.h"

#include "runner_impl.h"

namespace tc::codegen_cpu {
namespace {

using tensor::Storage;
using tensor::Tensor;

// The buffers of one run: storage[b] and the byte offset in it of buffer
// b's first element (its offset applied), and the kernels' address array.
struct RunState {
  absl::InlinedVector<std::shared_ptr<Storage>, 16> storage;
  absl::InlinedVector<int64_t, 16> byte_offset;
  absl::InlinedVector<char*, 16> ptrs;
  absl::InlinedVector<std::shared_ptr<Storage>, 8> slots;  // the memory plan's shared storage

  void Set(int b, std::shared_ptr<Storage> s, int64_t bytes) {
    ptrs[b] = static_cast<char*>(s->data()) + bytes;
    storage[b] = std::move(s);
    byte_offset[b] = bytes;
  }
};

int64_t NowNanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string Describe(DType dtype, tensor::IntSpan sizes, tensor::IntSpan strides) {
  return absl::StrCat(std::string(tensor::DTypeName(dtype)), " ", tensor::ShapeToString(sizes),
                      " with strides ", tensor::ShapeToString(strides));
}

// Equal sizes, and equal strides where they matter: a dim of length 1 (or
// any dim of an empty tensor) addresses nothing with its stride.
bool SameLayout(tensor::IntSpan sizes, tensor::IntSpan strides, const BufferLayout& l) {
  if (!std::equal(sizes.begin(), sizes.end(), l.sizes.begin(), l.sizes.end())) return false;
  if (tensor::Numel(sizes) == 0) return true;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] != 1 && strides[d] != l.strides[d]) return false;
  }
  return true;
}

absl::Status CheckInput(size_t i, const Tensor& t, const BufferLayout& l) {
  if (!t.defined() || t.device() != tensor::Device::CPU() || t.is_meta()) {
    return absl::InvalidArgumentError(
        absl::StrCat("input ", i, " (", l.name, ") must be a CPU tensor with data"));
  }
  if (t.dtype() == l.dtype && SameLayout(t.sizes(), t.strides(), l)) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("input ", i, " (", l.name, ") was compiled for ",
                                                 Describe(l.dtype, l.sizes, l.strides), ", got ",
                                                 Describe(t.dtype(), t.sizes(), t.strides())));
}

// size_asserts=False: only what keeps the kernels inside the input's
// memory (a CPU tensor with data, as wide elements, whose storage holds the
// compiled layout's extent from its offset).
absl::Status CheckInputHoldsLayout(size_t i, const Tensor& t, const BufferLayout& l) {
  if (!t.defined() || t.device() != tensor::Device::CPU() || t.is_meta() ||
      static_cast<int64_t>(tensor::ItemSize(t.dtype())) != l.itemsize) {
    return CheckInput(i, t, l);
  }
  const int64_t available =
      static_cast<int64_t>(t.storage()->nbytes()) - t.storage_offset() * l.itemsize;
  if (available >= l.bytes) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("input ", i, " (", l.name, ") holds ", available,
                                                 " bytes, the compiled program reads ", l.bytes));
}

// A tensor over buffer b as this run placed it.
Tensor View(const RunState& state, const BufferLayout& l, int b) {
  return Tensor(state.storage[b], l.dtype, l.sizes, l.strides, state.byte_offset[b] / l.itemsize);
}

void PlaceAliases(const ProgramRunner::Impl& impl, RunState& state) {
  for (int b : impl.alias_order) {
    const BufferLayout& l = impl.buffers[b];
    if (state.storage[l.alias_of] == nullptr) continue;  // its base is written later
    state.Set(b, state.storage[l.alias_of], state.byte_offset[l.alias_of] + l.offset * l.itemsize);
  }
}

// An intermediate's planned slot (allocated by its first user, so a slot
// only extern results adopt is never allocated), else storage of its own.
std::shared_ptr<Storage> Allocate(const ProgramRunner::Impl& impl, const BufferLayout& l,
                                  RunState& state) {
  if (l.slot < 0) return Storage::Create(static_cast<size_t>(l.bytes));
  std::shared_ptr<Storage>& slot = state.slots[l.slot];
  if (slot == nullptr) slot = Storage::Create(static_cast<size_t>(impl.slot_bytes[l.slot]));
  return slot;
}

// Runs an extern op on views of its buffers and puts its results in its
// output buffers: adopted when the result already has the buffer's layout,
// else copied in (and always copied into an input: that is a mutation).
absl::Status RunExtern(const ProgramRunner::Impl& impl, const RunnerStep& step, RunState& state,
                       const KernelRuntime& runtime) {
  absl::InlinedVector<kernels::KernelArg, 8> args;
  for (const Extern::Arg& arg : step.args) {
    if (const int* b = std::get_if<int>(&arg)) {
      args.emplace_back(View(state, impl.buffers[*b], *b));
    } else if (const auto* list = std::get_if<std::vector<int>>(&arg)) {
      std::vector<Tensor> tensors;
      for (int b : *list) tensors.push_back(View(state, impl.buffers[b], b));
      args.emplace_back(std::move(tensors));
    } else {
      args.emplace_back(std::get<graph_ir::Constant>(arg));
    }
  }
  const std::span<const kernels::KernelArg> arg_span(args.data(), args.size());
  kernels::GemmPanelHook hook;
  if (step.epilogue != nullptr) {
    // The epilogue runs on each panel of the product as it is computed: the
    // output buffer is placed over the op's result before the first panel.
    hook.align_rows = step.epilogue_align_rows;
    hook.start = [&](const Tensor& out) {
      const int b = step.outputs[0];
      const BufferLayout& l = impl.buffers[b];
      if (l.role == Buffer::Role::kInput || out.dtype() != l.dtype || l.offset != 0) return false;
      state.Set(b, out.storage(), out.storage_offset() * l.itemsize);
      PlaceAliases(impl, state);
      return true;
    };
    hook.rows = [&](int64_t begin, int64_t end) {
      step.epilogue(state.ptrs.data(), &runtime, begin, end);
    };
  }
  absl::StatusOr<std::vector<Tensor>> results =
      step.epilogue != nullptr ? kernels::CallWithPanelHook(*step.op, arg_span, hook)
                               : kernels::Call(*step.op, arg_span);
  if (!results.ok()) {
    return absl::Status(results.status().code(),
                        absl::StrCat("extern ", step.op->name, " (", step.kernel,
                                     "): ", results.status().message()));
  }
  if (hook.used) {
    const Tensor& r = (*results)[0];
    if (!SameLayout(r.sizes(), r.strides(), impl.buffers[step.outputs[0]])) {
      return absl::InternalError(absl::StrCat("extern ", step.op->name, " (", step.kernel,
                                              ") made ", tensor::ShapeToString(r.strides()),
                                              " strides; its epilogue read it contiguous"));
    }
  }
  for (size_t k = 0; k < step.outputs.size(); ++k) {
    int b = step.outputs[k];
    const BufferLayout& l = impl.buffers[b];
    const Tensor& r = (*results)[k];
    if (l.role != Buffer::Role::kInput && r.dtype() == l.dtype &&
        SameLayout(r.sizes(), r.strides(), l)) {
      state.Set(b, r.storage(), r.storage_offset() * l.itemsize);
      continue;
    }
    if (state.storage[b] == nullptr) state.Set(b, Allocate(impl, l, state), l.offset * l.itemsize);
    TC_RETURN_IF_ERROR(View(state, l, b).CopyFrom(r));
  }
  PlaceAliases(impl, state);
  if (step.epilogue != nullptr && !hook.used) {
    step.epilogue(state.ptrs.data(), &runtime, 0, step.epilogue_rows);
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<ProgramRunner> ProgramRunner::Create(const Program& program,
                                                    std::shared_ptr<const LoadedModule> module,
                                                    const RunnerOptions& options) {
  TC_ASSIGN_OR_RETURN(std::shared_ptr<const Impl> impl, PrepareRunner(program, std::move(module)));
  auto with_options = std::make_shared<Impl>(*impl);
  with_options->options = options;
  return ProgramRunner(std::move(with_options));
}

int64_t ProgramRunner::intermediate_bytes() const {
  int64_t total = 0;
  std::vector<bool> counted(impl_->slot_bytes.size(), false);
  for (int b : impl_->up_front) {
    const BufferLayout& l = impl_->buffers[b];
    if (l.role != Buffer::Role::kIntermediate) continue;
    if (l.slot < 0) {
      total += l.bytes;
    } else if (!counted[l.slot]) {
      counted[l.slot] = true;
      total += impl_->slot_bytes[l.slot];
    }
  }
  return total;
}

absl::StatusOr<std::vector<Tensor>> ProgramRunner::Run(std::span<const Tensor> inputs) const {
  const Impl& impl = *impl_;
  if (inputs.size() != impl.input_buffers.size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the compiled program takes ", impl.input_buffers.size(), " inputs, got ", inputs.size()));
  }
  const int64_t run_start = impl.profile != nullptr ? NowNanos() : 0;
  const size_t n = impl.buffers.size();
  RunState state;
  state.storage.resize(n);
  state.byte_offset.resize(n, 0);
  state.ptrs.resize(n, nullptr);
  for (size_t i = 0; i < inputs.size(); ++i) {
    const int b = impl.input_buffers[i];
    const BufferLayout& l = impl.buffers[b];
    TC_RETURN_IF_ERROR(impl.options.check_inputs ? CheckInput(i, inputs[i], l)
                                                 : CheckInputHoldsLayout(i, inputs[i], l));
    state.Set(b, inputs[i].storage(), (inputs[i].storage_offset() + l.offset) * l.itemsize);
  }
  state.slots.resize(impl.slot_bytes.size());
  for (int b : impl.up_front) {
    const BufferLayout& l = impl.buffers[b];
    state.Set(b, Allocate(impl, l, state), l.offset * l.itemsize);
  }
  PlaceAliases(impl, state);
  // A copy per run: its error flag belongs to this run alone.
  int error = 0;
  KernelRuntime runtime = LimitedRuntime(impl.options.num_threads);
  runtime.error = &error;
  for (size_t s = 0; s < impl.steps.size(); ++s) {
    const RunnerStep& step = impl.steps[s];
    const int64_t start = impl.profile != nullptr ? NowNanos() : 0;
    if (step.fn != nullptr) {
      step.fn(state.ptrs.data(), &runtime);
    } else {
      TC_RETURN_IF_ERROR(RunExtern(impl, step, state, runtime));
    }
    if (impl.profile != nullptr) {
      impl.profile->kernels[s]->Add(NowNanos() - start);
    }
    // As eager's integer division kernels fail.
    if (error != 0) return absl::InvalidArgumentError("ZeroDivisionError");
  }
  std::vector<Tensor> outputs;
  outputs.reserve(impl.graph_outputs.size());
  for (int b : impl.graph_outputs) {
    if (state.storage[b] == nullptr) {
      return absl::InternalError(
          absl::StrCat("graph output ", impl.buffers[b].name, " was never written"));
    }
    outputs.push_back(View(state, impl.buffers[b], b));
  }
  if (impl.profile != nullptr) {
    impl.profile->Add(NowNanos() - run_start);
  }
  return outputs;
}

absl::StatusOr<std::vector<Tensor>> RunProgram(const Program& program, const LoadedModule& module,
                                               std::span<const Tensor> inputs) {
  // Not owned: the caller keeps `module` loaded for the call.
  std::shared_ptr<const LoadedModule> borrowed(std::shared_ptr<const LoadedModule>(), &module);
  TC_ASSIGN_OR_RETURN(ProgramRunner runner, ProgramRunner::Create(program, std::move(borrowed)));
  return runner.Run(inputs);
}

}  // namespace tc::codegen_cpu
