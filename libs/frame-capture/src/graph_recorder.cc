// GraphRecorder: ops on fakes become graph nodes.
#include "graph_recorder.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

#include "tc/kernels/eager.h"
#include "tc/script/native.h"
#include "tc/script_torch/graph_autograd.h"
#include "tc/script_torch/tensor_value.h"
#include "tc/support/check.h"
#include "tc/support/status.h"

namespace tc::frame_capture {

using script::Value;
using tensor::Scalar;
using tensor::Shape;

namespace {

// Calls fn(storage offset) for every element of the layout, row-major.
template <typename Fn>
void ForEachOffset(int64_t offset, const Shape& sizes, const Shape& strides, Fn&& fn) {
  if (tensor::Numel(sizes) == 0) return;
  const size_t dims = sizes.size();
  Shape index(dims, 0);
  int64_t off = offset;
  while (true) {
    fn(off);
    size_t d = dims;
    while (d > 0) {
      --d;
      if (++index[d] < sizes[d]) {
        off += strides[d];
        break;
      }
      off -= (sizes[d] - 1) * strides[d];
      index[d] = 0;
      if (d == 0) return;
    }
    if (dims == 0) return;
  }
}

graph_ir::Constant IntConst(int64_t v) { return graph_ir::Constant(Scalar(v)); }

}  // namespace

tensor::Tensor GraphRecorder::NewFake(const graph_ir::TensorMeta& meta, graph_ir::Value* value) {
  // The storage covers every element the strides reach (an input may be a
  // strided view), so that view kernels laying views over it stay inside.
  int64_t extent = 1;
  for (size_t d = 0; d < meta.sizes.size(); ++d) {
    if (meta.sizes[d] == 0) {
      extent = 0;
      break;
    }
    extent += (meta.sizes[d] - 1) * std::max<int64_t>(meta.strides[d], 0);
  }
  extent = std::max(extent, tensor::Numel(meta.sizes));
  auto storage =
      tensor::Storage::CreateMeta(static_cast<size_t>(extent) * tensor::ItemSize(meta.dtype));
  tensor::Tensor fake(storage, meta.dtype, meta.sizes, meta.strides, 0);
  StorageState& st = states_[fake.storage().get()];
  st.value = value;
  st.sizes = meta.sizes;
  st.strides = meta.strides;
  keep_alive_.push_back(fake);
  return fake;
}

bool GraphRecorder::IsBaseLayout(const StorageState& st, const tensor::Tensor& t) {
  return t.storage_offset() == st.offset && t.sizes() == st.sizes && t.strides() == st.strides;
}

absl::StatusOr<tensor::Tensor> GraphRecorder::ElementIndex(const StorageState& st,
                                                           const tensor::Tensor& t, bool write) {
  const int64_t n = tensor::Numel(st.sizes);
  // Storage offset -> row-major index in the base.
  absl::flat_hash_map<int64_t, int64_t> pos;
  const bool contiguous = tensor::IsContiguous(st.sizes, st.strides);
  if (!contiguous) {
    int64_t i = 0;
    bool overlap = false;
    ForEachOffset(st.offset, st.sizes, st.strides,
                  [&](int64_t off) { overlap = !pos.emplace(off, i++).second || overlap; });
    if (overlap && write) {
      return absl::UnimplementedError("in-place write into a view of an overlapping tensor");
    }
  }
  tensor::Tensor idx = tensor::Tensor::Empty(Shape{t.numel()}, tensor::DType::kInt64);
  int64_t* out = idx.data<int64_t>();
  std::vector<bool> seen(write ? static_cast<size_t>(n) : 0, false);
  absl::Status status;
  ForEachOffset(t.storage_offset(), t.sizes(), t.strides(), [&](int64_t off) {
    int64_t i = -1;
    if (contiguous) {
      if (off >= st.offset && off - st.offset < n) i = off - st.offset;
    } else if (auto it = pos.find(off); it != pos.end()) {
      i = it->second;
    }
    if (i < 0) {
      status = absl::UnimplementedError("a view reaching outside its base tensor");
      i = 0;
    }
    if (write) {
      if (seen[static_cast<size_t>(i)]) {
        status = absl::InvalidArgumentError(
            "unsupported operation: more than one element of the written-to tensor refers to a "
            "single memory location. Please clone() the tensor before performing the operation.");
      }
      seen[static_cast<size_t>(i)] = true;
    }
    *out++ = i;
  });
  if (!status.ok()) return status;
  return idx;
}

absl::StatusOr<graph_ir::Value*> GraphRecorder::Regenerate(StorageState& st,
                                                           const tensor::Tensor& t) {
  TC_ASSIGN_OR_RETURN(tensor::Tensor idx, ElementIndex(st, t, /*write=*/false));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * index, ArgValue(idx));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * flat,
                      Made("reshape", {st.value, graph_ir::Constant(Shape{-1})}));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * picked, Made("index_select", {flat, IntConst(0), index}));
  return Made("reshape", {picked, graph_ir::Constant(Shape(t.sizes()))});
}

absl::StatusOr<graph_ir::Value*> GraphRecorder::Made(std::string_view op_name,
                                                     std::vector<graph_ir::Arg> args) {
  TC_ASSIGN_OR_RETURN(graph_ir::Value * v, graph_.Apply(op_name, std::move(args)));
  if (v->producer() != nullptr)
    made_nodes_.insert({v->producer(), script_torch::GradModeEnabled()});
  return v;
}

bool GraphRecorder::Carries(const graph_ir::Value* v) {
  if (grad_inputs_.contains(v)) return true;
  const graph_ir::Node* n = v->producer();
  if (n == nullptr) return false;
  if (auto it = grad_nodes_.find(n); it != grad_nodes_.end()) return it->second;
  if (auto it = carries_.find(v); it != carries_.end()) return it->second;
  bool rec = false;
  if (auto m = made_nodes_.find(n); m != made_nodes_.end() && m->second) {
    for (const graph_ir::Value* in : n->Inputs()) rec = rec || Carries(in);
  }
  carries_[v] = rec;
  return rec;
}

absl::StatusOr<graph_ir::Value*> GraphRecorder::Detached(const tensor::Tensor& t,
                                                         graph_ir::Value* v) {
  if (script_torch::RequiresGrad(t) || !tensor::IsFloatingPoint(t.dtype()) || !Carries(v)) {
    return v;
  }
  // t.detach() (or a view made under no_grad) shares the storage, and so
  // the graph value, of a tensor with history: read through it, the value
  // must not carry gradient (x * x.detach(), straight-through estimators).
  if (auto it = detached_values_.find(v); it != detached_values_.end()) return it->second;
  TC_ASSIGN_OR_RETURN(graph_ir::Value * d, graph_.Apply("clone", {v}));
  made_nodes_.insert({d->producer(), false});  // never recorded
  detached_values_[v] = d;
  return d;
}

std::vector<bool> GraphRecorder::GradNodes() const {
  absl::flat_hash_set<const graph_ir::Value*> carries = grad_inputs_;
  std::vector<bool> flags;
  for (const auto& n : graph_.nodes()) {
    bool rec = false;
    if (auto it = grad_nodes_.find(n.get()); it != grad_nodes_.end()) {
      rec = it->second;
    } else if (auto m = made_nodes_.find(n.get()); m != made_nodes_.end() && m->second) {
      for (const graph_ir::Value* in : n->Inputs()) rec = rec || carries.contains(in);
    }
    if (rec) {
      for (const graph_ir::Value* out : n->outputs()) carries.insert(out);
    }
    flags.push_back(rec);
  }
  return flags;
}

bool GraphRecorder::Tracks(const tensor::Tensor& t) const {
  return t.storage() != nullptr && states_.contains(t.storage().get());
}

graph_ir::Value* GraphRecorder::ValueOf(const tensor::Tensor& fake) {
  if (!Tracks(fake)) return nullptr;
  absl::StatusOr<graph_ir::Value*> v = ArgValue(fake);
  if (!v.ok()) {
    if (status_.ok()) status_ = v.status();
    return nullptr;
  }
  return *v;
}

absl::StatusOr<graph_ir::Value*> GraphRecorder::ArgValue(const tensor::Tensor& t) {
  if (t.storage() != nullptr) {
    if (auto it = states_.find(t.storage().get()); it != states_.end()) {
      StorageState& st = it->second;
      TC_RETURN_IF_ERROR(Realize(it->first, st));
      if (IsBaseLayout(st, t)) return Detached(t, st.value);
      ViewKey key{t.storage().get(), t.storage_offset(), t.sizes(), t.strides()};
      auto v = views_.find(key);
      if (v != views_.end() && v->second.version == st.version) {
        return Detached(t, v->second.value);
      }
      // A view made before the base was last written (or laid over the
      // storage without an op, as x[...] = y does): read it out of the
      // current base.
      TC_ASSIGN_OR_RETURN(graph_ir::Value * value, Regenerate(st, t));
      views_[key] = {value, st.version};
      return Detached(t, value);
    }
  }
  if (t.device() == tensor::Device::Meta()) {
    return absl::InvalidArgumentError("a meta tensor that is not part of the traced graph");
  }
  // A real tensor met while tracing (a tensor made from data, a closure
  // constant): a graph input bound to this very tensor on every run.
  graph_ir::TensorMeta meta;
  meta.dtype = t.dtype();
  meta.sizes = Shape(t.sizes());
  meta.strides = Shape(t.strides());
  meta.device = t.device();
  std::string name = absl::StrCat("_tensor_constant", constants_.size());
  TC_ASSIGN_OR_RETURN(graph_ir::Value * v, graph_.AddInput(name, meta));
  input_sources_.push_back(nullptr);
  constants_.resize(input_sources_.size());
  constants_.back() = t;
  if (script_torch::RequiresGrad(t)) grad_inputs_.insert(v);
  input_storage_.push_back(nullptr);
  if (t.storage() != nullptr) {
    StorageState& st = states_[t.storage().get()];
    st.value = v;
    st.offset = t.storage_offset();
    st.sizes = meta.sizes;
    st.strides = meta.strides;
    st.real = true;
  }
  return v;
}

absl::StatusOr<std::vector<tensor::Tensor>> GraphRecorder::RunOp(
    const graph_ir::OpDef& op, std::span<const kernels::KernelArg> args) {
  // The op's output metadata comes from its meta function as the node is
  // made: Dynamo's get_fake_value, with create_proxy inside.
  CompileTimes::Timer timer(times_, "get_fake_value");
  std::vector<graph_ir::Arg> gargs;
  gargs.reserve(args.size());
  bool real_arg = false;
  for (const kernels::KernelArg& a : args) {
    if (const auto* t = std::get_if<tensor::Tensor>(&a)) {
      TC_ASSIGN_OR_RETURN(graph_ir::Value * v, ArgValue(*t));
      real_arg = real_arg || !t->is_meta();
      gargs.emplace_back(v);
    } else if (const auto* ts = std::get_if<std::vector<tensor::Tensor>>(&a)) {
      std::vector<graph_ir::Value*> vs;
      for (const tensor::Tensor& t : *ts) {
        TC_ASSIGN_OR_RETURN(graph_ir::Value * v, ArgValue(t));
        real_arg = real_arg || !t.is_meta();
        vs.push_back(v);
      }
      gargs.emplace_back(std::move(vs));
    } else {
      gargs.emplace_back(std::get<graph_ir::Constant>(a));
    }
  }
  graph_ir::Node* node;
  {
    CompileTimes::Timer proxy_timer(times_, "create_proxy");
    TC_ASSIGN_OR_RETURN(node, graph_.AddNode(op.name, std::move(gargs)));
  }
  grad_nodes_.insert({node, script_torch::OpRecordsGrad(args)});
  // Views (and torch-level ops that end in a view, like transpose) alias
  // their input: kernels::CallMeta lays their outputs over the input's
  // storage exactly as the real op would, so a later in-place write through
  // one is seen by the other.
  const bool may_alias =
      op.category == graph_ir::OpCategory::kView || op.category == graph_ir::OpCategory::kComposite;
  std::vector<tensor::Tensor> laid_out;
  if (may_alias) {
    absl::StatusOr<std::vector<tensor::Tensor>> r = kernels::CallMeta(op, args);
    if (r.ok()) laid_out = *std::move(r);
  }
  std::vector<tensor::Tensor> outs;
  for (size_t i = 0; i < node->outputs().size(); ++i) {
    graph_ir::Value* v = node->outputs()[i];
    if (i < laid_out.size() && laid_out[i].storage() != nullptr &&
        laid_out[i].sizes() == v->meta().sizes && laid_out[i].dtype() == v->meta().dtype) {
      const tensor::Tensor& m = laid_out[i];
      auto it = states_.find(m.storage().get());
      if (it != states_.end() && !it->second.real) {
        if (!IsBaseLayout(it->second, m)) {
          views_[ViewKey{m.storage().get(), m.storage_offset(), m.sizes(), m.strides()}] = {
              v, it->second.version};
        }
        keep_alive_.push_back(m);
        outs.push_back(m);
        continue;
      }
    }
    tensor::Tensor fake = NewFake(v->meta(), v);
    // A view of a real tensor (a constant) gets a storage of its own: a
    // write through it could not reach the constant's other readers.
    if (may_alias && real_arg) detached_.insert(fake.storage().get());
    outs.push_back(std::move(fake));
  }
  return outs;
}

absl::Status GraphRecorder::WriteInPlace(const tensor::Tensor& self, const tensor::Tensor& value) {
  auto it = self.storage() == nullptr ? states_.end() : states_.find(self.storage().get());
  if (it == states_.end() || detached_.contains(self.storage().get()) || !Tracks(value)) {
    return absl::UnimplementedError("in-place write into a tensor outside the traced graph");
  }
  StorageState& st = it->second;
  TC_RETURN_IF_ERROR(Realize(it->first, st));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * v, ArgValue(value));
  const Shape sizes(self.sizes());
  if (value.dtype() != self.dtype() || Shape(value.sizes()) != sizes) {
    TC_ASSIGN_OR_RETURN(v, Made("expand", {v, graph_ir::Constant(sizes)}));
    if (value.dtype() != self.dtype()) {
      TC_ASSIGN_OR_RETURN(v, Made("to_dtype", {v, graph_ir::Constant(self.dtype())}));
    }
  }
  if (IsBaseLayout(st, self)) {
    if (st.value != v) {
      st.value = v;
      ++st.version;
    }
    return absl::OkStatus();
  }
  ViewKey key{self.storage().get(), self.storage_offset(), self.sizes(), self.strides()};
  if (auto cur = views_.find(key);
      cur != views_.end() && cur->second.version == st.version && cur->second.value == v) {
    return absl::OkStatus();  // x[i] += y stores back the view it just wrote
  }
  // A write into part of the base: scatter the value into the flattened
  // base at the positions of the view's elements.
  TC_ASSIGN_OR_RETURN(tensor::Tensor idx, ElementIndex(st, self, /*write=*/true));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * index, ArgValue(idx));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * flat,
                      Made("reshape", {st.value, graph_ir::Constant(Shape{-1})}));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * src, Made("reshape", {v, graph_ir::Constant(Shape{-1})}));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * scattered,
                      Made("scatter", {flat, IntConst(0), index, src}));
  TC_ASSIGN_OR_RETURN(graph_ir::Value * base,
                      Made("reshape", {scattered, graph_ir::Constant(st.sizes)}));
  st.value = base;
  ++st.version;
  views_[key] = {v, st.version};
  return absl::OkStatus();
}

absl::Status GraphRecorder::Realize(const tensor::Storage* storage, StorageState& st) {
  if (st.value != nullptr) return absl::OkStatus();
  auto p = pending_.find(storage);
  if (p == pending_.end()) return absl::InternalError("a fake with no graph value");
  {
    CompileTimes::Timer timer(times_, "create_proxy");
    TC_ASSIGN_OR_RETURN(
        st.value,
        graph_.AddInput(absl::StrCat(p->second.name, input_sources_.size()), p->second.meta));
  }
  CompileTimes::Timer timer(times_, "wrap_to_fake_tensor_and_record");
  input_sources_.push_back(p->second.source);
  constants_.resize(input_sources_.size());
  input_storage_.push_back(storage);
  if (p->second.requires_grad) grad_inputs_.insert(st.value);
  pending_.erase(p);
  return absl::OkStatus();
}

absl::Status GraphRecorder::Realize(const tensor::Tensor& fake) {
  if (fake.storage() == nullptr) return absl::OkStatus();
  auto it = states_.find(fake.storage().get());
  if (it == states_.end()) return absl::OkStatus();
  return Realize(it->first, it->second);
}

Value GraphRecorder::InputFor(const Value& real, const SourcePtr& source, bool lazy) {
  auto [group, new_group] =
      group_of_real_.try_emplace(real.as_object(), static_cast<int>(group_of_real_.size()));
  const std::string name_of_source = source->Name();
  if (std::none_of(alias_groups_.begin(), alias_groups_.end(),
                   [&](const auto& g) { return g.first->Name() == name_of_source; })) {
    alias_groups_.emplace_back(source, group->second);
  }
  auto it = fake_of_real_.find(real.as_object());
  if (it != fake_of_real_.end()) return it->second;
  const tensor::Tensor& t = script_torch::TensorOfValue(real);
  // Two input objects over one storage (a tensor and a view of it) would
  // get unrelated fakes, and a write through one would not reach the
  // other: the trace cannot model it, so the frame is not compiled.
  if (t.storage() != nullptr) {
    auto [seen, fresh] = real_storages_.try_emplace(t.storage().get(), real.as_object());
    if (!fresh && seen->second != real.as_object() && status_.ok()) {
      status_ = absl::UnimplementedError("graph inputs that share a storage");
    }
  }
  graph_ir::TensorMeta meta;
  meta.dtype = t.dtype();
  meta.sizes = Shape(t.sizes());
  meta.strides = Shape(t.strides());
  meta.device = t.device();
  // Placeholder names are the source as an identifier, as Dynamo's are
  // (L['x'] -> L_x_, L['self'].fc.weight -> L_self_fc_weight).
  std::string name;
  for (char c : source->Name()) {
    bool ident = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (ident) {
      name += c;
    } else if (name.empty() || name.back() != '_') {
      name += '_';
    }
  }
  tensor::Tensor fake = NewFake(meta, nullptr);
  pending_[fake.storage().get()] = {source, std::move(name), meta,
                                    script_torch::TensorRequiresGrad(real)};
  if (!lazy) TC_CHECK(Realize(fake).ok());
  Value fv =
      script_torch::NewTensorValue(fake, script_torch::TensorRequiresGrad(real), real.type());
  fake_of_real_[real.as_object()] = fv;
  source_of_fake_[fv.as_object()] = source;
  input_source_of_storage_[fake.storage().get()] = source;
  return fv;
}

SourcePtr GraphRecorder::InputSourceOf(const Value& fake) const {
  if (!fake.is_object()) return nullptr;
  auto it = source_of_fake_.find(fake.as_object());
  return it == source_of_fake_.end() ? nullptr : it->second;
}

SourcePtr GraphRecorder::InputStorageOf(const tensor::Tensor& fake, int64_t* offset) const {
  if (fake.storage() == nullptr) return nullptr;
  auto it = input_source_of_storage_.find(fake.storage().get());
  if (it == input_source_of_storage_.end()) return nullptr;
  // Input fakes start at offset 0 of their storage (NewFake).
  *offset = fake.storage_offset() - states_.at(fake.storage().get()).offset;
  return it->second;
}

bool GraphRecorder::IsFake(const Value& v) const {
  return script_torch::IsTensorValue(v) && Tracks(script_torch::TensorOfValue(v));
}

std::vector<std::pair<int, graph_ir::Value*>> GraphRecorder::MutatedInputs() const {
  std::vector<std::pair<int, graph_ir::Value*>> out;
  for (size_t i = 0; i < input_storage_.size(); ++i) {
    const tensor::Storage* s = input_storage_[i];
    if (s == nullptr) continue;
    graph_ir::Value* now = states_.at(s).value;
    if (now != graph_.inputs()[i]) out.emplace_back(static_cast<int>(i), now);
  }
  return out;
}

}  // namespace tc::frame_capture
