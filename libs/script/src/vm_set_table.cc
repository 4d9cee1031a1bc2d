// CPython 3.11's set table: set_add_entry, set_lookkey, set_table_resize,
// set_merge and the operators built on them, over SetObject::entries.
#include "vm_set_table.h"

#include <utility>
#include <vector>

#include "vm_internal.h"

namespace tc::script {
namespace {

constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;
constexpr int64_t kDummyHash = -1;  // with a null key: a deleted slot

using Entry = DictObject::Entry;

bool IsUnused(const Entry& e) { return e.key.is_null() && e.hash == 0; }
bool IsActive(const Entry& e) { return !e.key.is_null(); }
SetObject* S(const Value& v) { return static_cast<SetObject*>(v.as_object()); }
bool IsAnySet(const Value& v) {
  return IsInstance(v, Types().set) || IsInstance(v, Types().frozenset);
}

// set_insert_clean: the table has no dummies and no equal key.
void InsertClean(std::vector<Entry>& table, size_t mask, Value key, int64_t hash) {
  size_t perturb = static_cast<size_t>(hash);
  size_t i = static_cast<size_t>(hash) & mask;
  while (true) {
    Entry* entry = &table[i];
    if (entry->key.is_null()) {
      entry->key = std::move(key);
      entry->hash = hash;
      return;
    }
    if (i + kLinearProbes <= mask) {
      for (size_t j = 0; j < kLinearProbes; ++j) {
        ++entry;
        if (entry->key.is_null()) {
          entry->key = std::move(key);
          entry->hash = hash;
          return;
        }
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

void TableResize(SetObject* so, int64_t minused) {
  size_t newsize = 8;
  while (newsize <= static_cast<size_t>(minused)) newsize <<= 1;
  std::vector<Entry> old = std::move(so->entries);
  so->entries = std::vector<Entry>(newsize);
  size_t mask = newsize - 1;
  so->fill = so->used;
  for (Entry& e : old) {
    if (IsActive(e)) InsertClean(so->entries, mask, std::move(e.key), e.hash);
  }
}

bool Hash(VM& vm, const Value& key, int64_t* h) { return DictHashKey(vm, key, h); }

}  // namespace

int64_t SetFindSlot(VM& vm, const SetObject* so, const Value& key, int64_t hash, bool* error) {
  *error = false;
  size_t mask = so->entries.size() - 1;
  size_t i = static_cast<size_t>(hash) & mask;
  size_t perturb = static_cast<size_t>(hash);
  while (true) {
    size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (size_t j = i;; ++j) {
      const Entry& e = so->entries[j];
      if (IsUnused(e)) return -1;
      if (IsActive(e) && e.hash == hash) {
        Value start = e.key;
        int eq = DictKeyEqual(&vm, start, key);
        if (eq < 0) {
          *error = true;
          return -1;
        }
        if (eq) {
          if (j < so->entries.size() && so->entries[j].key.raw() == start.raw()) return j;
          return SetFindSlot(vm, so, key, hash, error);  // mutated: restart
        }
        if (mask != so->entries.size() - 1) return SetFindSlot(vm, so, key, hash, error);
      }
      if (probes-- == 0) break;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

bool SetAddEntry(VM& vm, SetObject* so, const Value& key, int64_t hash) {
restart:
  size_t mask = so->entries.size() - 1;
  size_t i = static_cast<size_t>(hash) & mask;
  size_t perturb = static_cast<size_t>(hash);
  int64_t freeslot = -1;
  while (true) {
    size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (size_t j = i;; ++j) {
      Entry& e = so->entries[j];
      if (IsUnused(e)) {
        ++so->version;
        if (freeslot >= 0) {
          ++so->used;
          so->entries[freeslot].key = key;
          so->entries[freeslot].hash = hash;
          return true;
        }
        ++so->fill;
        ++so->used;
        e.key = key;
        e.hash = hash;
        if (static_cast<size_t>(so->fill) * 5 < mask * 3) return true;
        TableResize(so, so->used > 50000 ? so->used * 2 : so->used * 4);
        return true;
      }
      if (IsActive(e) && e.hash == hash) {
        Value start = e.key;
        int eq = DictKeyEqual(&vm, start, key);
        if (eq < 0) return false;
        if (eq > 0) return true;
        if (mask != so->entries.size() - 1 || so->entries[j].key.raw() != start.raw()) goto restart;
      } else if (e.key.is_null() && e.hash == kDummyHash && freeslot < 0) {
        freeslot = static_cast<int64_t>(j);
      }
      if (probes-- == 0) break;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

int SetDiscardEntry(VM& vm, SetObject* so, const Value& key, int64_t hash) {
  bool err;
  int64_t ix = SetFindSlot(vm, so, key, hash, &err);
  if (err) return -1;
  if (ix < 0) return 0;
  ++so->version;
  so->entries[ix].key = Value();
  so->entries[ix].hash = kDummyHash;
  --so->used;
  return 1;
}

void SetClearTable(SetObject* so) {
  ++so->version;
  so->entries = std::vector<Entry>(8);
  so->used = 0;
  so->fill = 0;
}

Value SetPopEntry(SetObject* so) {
  if (so->used == 0) return Value();
  size_t mask = so->entries.size() - 1;
  size_t i = static_cast<size_t>(so->finger) & mask;
  while (!IsActive(so->entries[i])) i = i == mask ? 0 : i + 1;
  Value key = std::move(so->entries[i].key);
  so->entries[i].key = Value();
  so->entries[i].hash = kDummyHash;
  --so->used;
  ++so->version;
  so->finger = static_cast<int64_t>(i) + 1;
  return key;
}

namespace {

// set_merge.
bool Merge(VM* vm, SetObject* so, const SetObject* other) {
  if (other == so || other->used == 0) return true;
  ++so->version;
  if ((so->fill + other->used) * 5 >= static_cast<int64_t>(so->entries.size() - 1) * 3) {
    TableResize(so, (so->used + other->used) * 2);
  }
  if (so->fill == 0 && so->entries.size() == other->entries.size() && other->fill == other->used) {
    for (size_t i = 0; i < other->entries.size(); ++i) {
      if (IsActive(other->entries[i])) so->entries[i] = other->entries[i];
    }
    so->fill = other->fill;
    so->used = other->used;
    return true;
  }
  if (so->fill == 0) {
    so->fill = other->used;
    so->used = other->used;
    for (const Entry& e : other->entries) {
      if (IsActive(e)) InsertClean(so->entries, so->entries.size() - 1, e.key, e.hash);
    }
    return true;
  }
  // Copy the keys first: comparisons may run script code that mutates other.
  std::vector<Entry> items;
  for (const Entry& e : other->entries)
    if (IsActive(e)) items.push_back(e);
  for (const Entry& e : items)
    if (!SetAddEntry(*vm, so, e.key, e.hash)) return false;
  return true;
}

std::vector<Entry> ActiveEntries(const DictObject* d) {
  std::vector<Entry> out;
  for (const Entry& e : d->entries)
    if (IsActive(e)) out.push_back(e);
  return out;
}

}  // namespace

void SetMergeIntoEmpty(SetObject* so, const SetObject* other) { Merge(nullptr, so, other); }

bool SetUpdateFrom(VM& vm, SetObject* so, const Value& iterable) {
  if (IsAnySet(iterable)) return Merge(&vm, so, S(iterable));
  if (iterable.is_object() && iterable.as_object()->type == Types().dict) {
    auto* d = static_cast<DictObject*>(iterable.as_object());
    if ((so->fill + d->used) * 5 >= static_cast<int64_t>(so->entries.size() - 1) * 3) {
      TableResize(so, (so->used + d->used) * 2);
    }
    for (const Entry& e : ActiveEntries(d))
      if (!SetAddEntry(vm, so, e.key, e.hash)) return false;
    return true;
  }
  std::vector<Value> items;
  if (!vm.Extend(&items, iterable)) return false;
  for (const Value& v : items) {
    int64_t h;
    if (!Hash(vm, v, &h) || !SetAddEntry(vm, so, v, h)) return false;
  }
  return true;
}

Value NewSetLike(const DictObject* so) {
  Type* t = IsSubtype(so->type, Types().frozenset) ? Types().frozenset : Types().set;
  return Value::Adopt(new SetObject(t));
}

Value SetCopyOf(VM&, const DictObject* so) {
  Value r = NewSetLike(so);
  SetMergeIntoEmpty(S(r), static_cast<const SetObject*>(so));
  return r;
}

namespace {

Value CopyAndDifference(VM& vm, const Value& self, const Value& other) {
  Value r = SetCopyOf(vm, S(self));
  if (r.is_null()) return r;
  SetObject* so = S(r);
  if (IsAnySet(other)) {
    Value o = other;
    if ((S(other)->used >> 3) > so->used) {
      o = SetIntersectionWith(vm, r, other);
      if (o.is_null()) return o;
    }
    for (const Entry& e : ActiveEntries(S(o)))
      if (SetDiscardEntry(vm, so, e.key, e.hash) < 0) return Value();
  } else {
    std::vector<Value> items;
    if (!vm.Extend(&items, other)) return Value();
    for (const Value& v : items) {
      int64_t h;
      if (!Hash(vm, v, &h) || SetDiscardEntry(vm, so, v, h) < 0) return Value();
    }
  }
  if (static_cast<size_t>(so->fill - so->used) > (so->entries.size() - 1) / 4) {
    TableResize(so, so->used > 50000 ? so->used * 2 : so->used * 4);
  }
  return r;
}

}  // namespace

Value SetUnionWith(VM& vm, const Value& self, const Value& other) {
  Value r = SetCopyOf(vm, S(self));
  if (r.is_null() || other.raw() == self.raw()) return r;
  if (!SetUpdateFrom(vm, S(r), other)) return Value();
  return r;
}

Value SetIntersectionWith(VM& vm, const Value& self, const Value& other) {
  if (other.is_object() && other.as_object() == self.as_object()) return SetCopyOf(vm, S(self));
  Value r = NewSetLike(S(self));
  SetObject* so = S(self);
  if (IsAnySet(other)) {
    SetObject* o = S(other);
    if (o->used > so->used) std::swap(so, o);
    for (const Entry& e : ActiveEntries(o)) {
      bool err;
      int64_t ix = SetFindSlot(vm, so, e.key, e.hash, &err);
      if (err) return Value();
      if (ix >= 0 && !SetAddEntry(vm, S(r), e.key, e.hash)) return Value();
    }
    return r;
  }
  std::vector<Value> items;
  if (!vm.Extend(&items, other)) return Value();
  for (const Value& v : items) {
    int64_t h;
    if (!Hash(vm, v, &h)) return Value();
    bool err;
    int64_t ix = SetFindSlot(vm, so, v, h, &err);
    if (err) return Value();
    if (ix >= 0 && !SetAddEntry(vm, S(r), v, h)) return Value();
  }
  return r;
}

Value SetDifferenceWith(VM& vm, const Value& self, const Value& other) {
  SetObject* so = S(self);
  int64_t other_size;
  if (IsAnySet(other)) {
    other_size = S(other)->used;
  } else if (other.is_object() && other.as_object()->type == Types().dict) {
    other_size = static_cast<DictObject*>(other.as_object())->used;
  } else {
    return CopyAndDifference(vm, self, other);
  }
  if ((so->used >> 2) > other_size) return CopyAndDifference(vm, self, other);
  Value r = NewSetLike(so);
  auto* od = static_cast<DictObject*>(other.as_object());
  for (const Entry& e : ActiveEntries(so)) {
    int found;
    if (IsAnySet(other)) {
      bool err;
      int64_t ix = SetFindSlot(vm, S(other), e.key, e.hash, &err);
      if (err) return Value();
      found = ix >= 0;
    } else {
      bool err;
      found = DictFind(vm, od, e.key, e.hash, &err) >= 0;
      if (err) return Value();
    }
    if (!found && !SetAddEntry(vm, S(r), e.key, e.hash)) return Value();
  }
  return r;
}

Value SetSymmetricDifferenceWith(VM& vm, const Value& self, const Value& other) {
  Value r = NewSetLike(S(self));
  if (!SetUpdateFrom(vm, S(r), other)) return Value();
  // set_symmetric_difference_update(r, self): self is a set.
  for (const Entry& e : ActiveEntries(S(self))) {
    int rv = SetDiscardEntry(vm, S(r), e.key, e.hash);
    if (rv < 0) return Value();
    if (rv == 0 && !SetAddEntry(vm, S(r), e.key, e.hash)) return Value();
  }
  return r;
}

Value SetBinary(VM& vm, BinaryOp op, const Value& a, const Value& b) {
  switch (op) {
    case BinaryOp::kOr:
      return SetUnionWith(vm, a, b);
    case BinaryOp::kAnd:
      return SetIntersectionWith(vm, a, b);
    case BinaryOp::kSub:
      return SetDifferenceWith(vm, a, b);
    case BinaryOp::kXor:
      return SetSymmetricDifferenceWith(vm, a, b);
    default:
      return Value();
  }
}

}  // namespace tc::script
