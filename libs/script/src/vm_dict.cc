// Dict and set storage: an insertion-ordered entry array with an
// open-addressing index, keyed by Python hash and equality.
#include "tc/script/native.h"

#include "vm_internal.h"
#include "vm_set_table.h"

namespace tc::script {
namespace {

constexpr int32_t kEmpty = -1;

// Equality for dict keys without calling into script for builtin types.
// 1 equal, 0 not, -1 error.
int KeyEqual(VM* vm, const Value& a, const Value& b) {
  if (a.tag() == b.tag() && a.raw() == b.raw()) return 1;
  const BuiltinTypes& t = Types();
  if (a.is_object() && b.is_object() && a.as_object()->type == t.str &&
      b.as_object()->type == t.str) {
    return static_cast<StrObject*>(a.as_object())->value ==
           static_cast<StrObject*>(b.as_object())->value;
  }
  if (!a.is_object() && !b.is_object()) {
    if (a.is_none() || b.is_none()) return 0;
    double x = a.is_float() ? a.as_float() : static_cast<double>(a.as_int());
    double y = b.is_float() ? b.as_float() : static_cast<double>(b.as_int());
    if (!a.is_float() && !b.is_float()) return a.as_int() == b.as_int();
    return x == y;
  }
  if (vm == nullptr) return 0;
  return vm->Equal(a, b);
}

void Rebuild(DictObject* d) {
  // Compact deleted entries, then size the index to keep load <= 2/3.
  if (d->used != static_cast<int64_t>(d->entries.size())) {
    size_t j = 0;
    for (size_t i = 0; i < d->entries.size(); ++i) {
      if (!d->entries[i].key.is_null()) {
        if (i != j) d->entries[j] = std::move(d->entries[i]);
        ++j;
      }
    }
    d->entries.resize(j);
  }
  size_t cap = 8;
  while (cap * 2 < (d->entries.size() + 1) * 3) cap *= 2;
  d->index.assign(cap, kEmpty);
  size_t mask = cap - 1;
  for (size_t i = 0; i < d->entries.size(); ++i) {
    size_t pos = static_cast<uint64_t>(d->entries[i].hash) & mask;
    while (d->index[pos] != kEmpty) pos = (pos + 1) & mask;
    d->index[pos] = static_cast<int32_t>(i);
  }
}

bool HashKey(VM& vm, const Value& key, int64_t* h) {
  if (key.is_object() && key.as_object()->type == Types().str) {
    *h = static_cast<StrObject*>(key.as_object())->Hash();
    return true;
  }
  return vm.Hash(key, h);
}

}  // namespace

int DictKeyEqual(VM* vm, const Value& a, const Value& b) { return KeyEqual(vm, a, b); }
bool DictHashKey(VM& vm, const Value& key, int64_t* h) { return HashKey(vm, key, h); }

int64_t DictFind(VM& vm, const DictObject* d, const Value& key, int64_t hash, bool* error) {
  if (d->is_set) return SetFindSlot(vm, static_cast<const SetObject*>(d), key, hash, error);
  *error = false;
  if (d->index.empty()) return -1;
  size_t mask = d->index.size() - 1;
  size_t pos = static_cast<uint64_t>(hash) & mask;
  while (true) {
    int32_t ix = d->index[pos];
    if (ix == kEmpty) return -1;
    const DictObject::Entry& e = d->entries[ix];
    if (e.hash == hash && !e.key.is_null()) {
      int eq = KeyEqual(&vm, e.key, key);
      if (eq < 0) {
        *error = true;
        return -1;
      }
      if (eq) return ix;
    }
    pos = (pos + 1) & mask;
  }
}

int64_t DictFindStr(const DictObject* d, StrObject* key) {
  if (d->index.empty()) return -1;
  int64_t hash = key->Hash();
  size_t mask = d->index.size() - 1;
  size_t pos = static_cast<uint64_t>(hash) & mask;
  const BuiltinTypes& t = Types();
  while (true) {
    int32_t ix = d->index[pos];
    if (ix == kEmpty) return -1;
    const DictObject::Entry& e = d->entries[ix];
    if (e.hash == hash && e.key.is_object()) {
      Object* k = e.key.as_object();
      if (k == key) return ix;
      if (k->type == t.str && static_cast<StrObject*>(k)->value == key->value) return ix;
    }
    pos = (pos + 1) & mask;
  }
}

namespace {

void InsertNew(DictObject* d, int64_t hash, Value key, Value value) {
  if (d->entries.capacity() == 0) d->entries.reserve(4);
  if ((d->entries.size() + 1) * 3 > d->index.size() * 2) {
    d->entries.push_back({hash, std::move(key), std::move(value)});
    ++d->used;
    Rebuild(d);
    return;
  }
  size_t mask = d->index.size() - 1;
  size_t pos = static_cast<uint64_t>(hash) & mask;
  while (d->index[pos] != kEmpty) pos = (pos + 1) & mask;
  d->index[pos] = static_cast<int32_t>(d->entries.size());
  d->entries.push_back({hash, std::move(key), std::move(value)});
  ++d->used;
}

}  // namespace

bool DictSet(VM& vm, DictObject* d, const Value& key, Value value) {
  int64_t h;
  if (!HashKey(vm, key, &h)) return false;
  if (d->is_set) return SetAddEntry(vm, static_cast<SetObject*>(d), key, h);
  bool err;
  int64_t ix = DictFind(vm, d, key, h, &err);
  if (err) return false;
  ++d->version;
  if (ix >= 0) {
    d->entries[ix].value = std::move(value);
    return true;
  }
  InsertNew(d, h, key, std::move(value));
  return true;
}

int DictGet(VM& vm, DictObject* d, const Value& key, Value* out) {
  int64_t h;
  if (!HashKey(vm, key, &h)) return -1;
  bool err;
  int64_t ix = DictFind(vm, d, key, h, &err);
  if (err) return -1;
  if (ix < 0) return 0;
  *out = d->entries[ix].value;
  return 1;
}

void DictSetStr(DictObject* d, std::string_view key, Value value) {
  DictSetStrKey(d, Intern(key), std::move(value));
}

void DictSetStrKey(DictObject* d, StrObject* k, Value value) {
  int64_t ix = DictFindStr(d, k);
  ++d->version;
  if (ix >= 0) {
    d->entries[ix].value = std::move(value);
    return;
  }
  InsertNew(d, k->Hash(), Value::Borrow(k), std::move(value));
}

const Value* DictGetStr(const DictObject* d, std::string_view key) {
  StrObject* k = Intern(key);
  int64_t ix = DictFindStr(d, k);
  return ix >= 0 ? &d->entries[ix].value : nullptr;
}

bool DictDel(VM& vm, DictObject* d, const Value& key, bool* found) {
  int64_t h;
  if (!HashKey(vm, key, &h)) return false;
  if (d->is_set) {
    int r = SetDiscardEntry(vm, static_cast<SetObject*>(d), key, h);
    *found = r > 0;
    return r >= 0;
  }
  bool err;
  int64_t ix = DictFind(vm, d, key, h, &err);
  if (err) return false;
  *found = ix >= 0;
  if (ix < 0) return true;
  ++d->version;
  d->entries[ix].key = Value();
  d->entries[ix].value = Value();
  --d->used;
  // Keep the probe chain intact: the index still points at the dead entry;
  // compact when many are dead.
  if (d->used * 2 < static_cast<int64_t>(d->entries.size()) && d->entries.size() > 8) Rebuild(d);
  return true;
}

bool DictMoveToEnd(VM& vm, DictObject* d, const Value& key, bool last, bool* found) {
  int64_t h;
  if (!HashKey(vm, key, &h)) return false;
  bool err;
  int64_t ix = DictFind(vm, d, key, h, &err);
  if (err) return false;
  *found = ix >= 0;
  if (ix < 0) return true;
  ++d->version;
  // Move the entry within the entry array (insertion order), then rebuild
  // the index, whose slots point at entry positions.
  DictObject::Entry e = std::move(d->entries[ix]);
  d->entries.erase(d->entries.begin() + ix);
  if (last) {
    d->entries.push_back(std::move(e));
  } else {
    d->entries.insert(d->entries.begin(), std::move(e));
  }
  Rebuild(d);
  return true;
}

void DictClear(DictObject* d) {
  if (d->is_set) return SetClearTable(static_cast<SetObject*>(d));
  ++d->version;
  d->entries.clear();
  d->index.clear();
  d->used = 0;
}

Value DictCopyOf(const DictObject* d, Type* type) {
  if (d->is_set) {
    auto* c = new SetObject(type);
    SetMergeIntoEmpty(c, static_cast<const SetObject*>(d));
    return Value::Adopt(c);
  }
  DictObject* c =
      type == Types().set || type == Types().frozenset ? new SetObject(type) : new DictObject(type);
  for (const auto& e : d->entries) {
    if (!e.key.is_null()) c->entries.push_back({e.hash, e.key, e.value});
  }
  c->used = static_cast<int64_t>(c->entries.size());
  Rebuild(c);
  return Value::Adopt(c);
}

Value NewDict() { return Value::Adopt(new DictObject(Types().dict)); }
Value NewSet() { return Value::Adopt(new SetObject(Types().set)); }

}  // namespace tc::script
