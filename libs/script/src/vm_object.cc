// The object model's core: object destruction, types and their slot
// caches, interning, hashing and the builtin type table.
#include <cmath>
#include <cstring>
#include <span>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script/object.h"

#include "core_modules.h"
#include "vm_internal.h"

namespace tc::script {

Object::~Object() {
  if (weakly_referenced) ClearWeakRefs(this);
  if (dict != nullptr) DecRef(dict);
}

Type::~Type() = default;

namespace {

constexpr const char* kSlotNames[] = {
    "__new__", "__init__", "__call__", "__repr__", "__str__", "__hash__", "__bool__", "__len__",
    "__iter__", "__next__", "__getitem__", "__setitem__", "__delitem__", "__contains__",
    "__getattr__", "__setattr__", "__delattr__", "__enter__", "__exit__", "__eq__", "__ne__",
    "__lt__", "__le__", "__gt__", "__ge__", "__neg__", "__pos__", "__invert__", "__abs__",
    "__index__", "__int__", "__float__", "__format__", "__get__",
    // forward
    "__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__", "__pow__",
    "__matmul__", "__lshift__", "__rshift__", "__and__", "__or__", "__xor__",
    // reflected
    "__radd__", "__rsub__", "__rmul__", "__rtruediv__", "__rfloordiv__", "__rmod__", "__rpow__",
    "__rmatmul__", "__rlshift__", "__rrshift__", "__rand__", "__ror__", "__rxor__",
    // in-place
    "__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__", "__imod__", "__ipow__",
    "__imatmul__", "__ilshift__", "__irshift__", "__iand__", "__ior__", "__ixor__"};
static_assert(sizeof(kSlotNames) / sizeof(kSlotNames[0]) == kNumSlots);

StrObject* g_slot_strs[kNumSlots];

struct InternTable {
  absl::flat_hash_map<std::string_view, StrObject*> map;
};
InternTable& Interned() {
  static InternTable* t = new InternTable;
  return *t;
}

}  // namespace

std::string_view SlotName(Slot s) { return kSlotNames[static_cast<int>(s)]; }

StrObject* Intern(std::string_view s) {
  InternTable& t = Interned();
  auto it = t.map.find(s);
  if (it != t.map.end()) return it->second;
  auto* o = new StrObject(Types().str, std::string(s));
  o->refcnt = kImmortalRefcount;
  o->interned = true;
  o->Hash();
  t.map.emplace(std::string_view(o->value), o);
  return o;
}
Value InternStr(std::string_view s) { return Value::Borrow(Intern(s)); }

int64_t HashBytes(std::string_view s) {
  // FNV-1a, folded so -1 never appears (it marks "not computed").
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  int64_t r = static_cast<int64_t>(h >> 1);
  return r == -1 ? -2 : r;
}

int64_t StrObject::Hash() const {
  if (hash == -1) hash = HashBytes(value);
  return hash;
}

int64_t HashInt(int64_t v) {
  // CPython: |v| mod (2**61 - 1) with the sign kept; -1 becomes -2.
  constexpr uint64_t kMod = (uint64_t{1} << 61) - 1;
  uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  int64_t r = static_cast<int64_t>(mag % kMod);
  if (v < 0) r = -r;
  return r == -1 ? -2 : r;
}

int64_t HashFloat(double v) {
  // CPython's _Py_HashDouble (NaN hashes by identity there; 0 here).
  if (std::isnan(v)) return 0;
  if (std::isinf(v)) return v > 0 ? 314159 : -314159;
  constexpr int kBits = 61;
  constexpr uint64_t kMod = (uint64_t{1} << kBits) - 1;
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  uint64_t x = 0;
  while (m != 0.0) {
    x = ((x << 28) & kMod) | x >> (kBits - 28);
    m *= 268435456.0;  // 2**28
    e -= 28;
    uint64_t y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kMod) x -= kMod;
  }
  e = e >= 0 ? e % kBits : kBits - 1 - ((-1 - e) % kBits);
  x = ((x << e) & kMod) | x >> (kBits - e);
  x = x * static_cast<uint64_t>(static_cast<int64_t>(sign));
  int64_t r = static_cast<int64_t>(x);
  return r == -1 ? -2 : r;
}

bool IsSubtype(const Type* t, const Type* base) {
  if (t == base) return true;
  for (const Type* m : t->mro) {
    if (m == base) return true;
  }
  return false;
}

namespace {
// A direct-mapped cache of MRO lookups, valid for one epoch; the epoch
// moves whenever any class dict changes (UpdateSlots), which also covers
// subclasses seeing a base class change.
struct MroCacheEntry {
  const Type* type = nullptr;
  const StrObject* name = nullptr;
  uint64_t epoch = 0;
  const Value* result = nullptr;
};
constexpr size_t kMroCacheSize = 4096;
MroCacheEntry g_mro_cache[kMroCacheSize];
uint64_t g_type_epoch = 1;

const Value* LookupInMroUncached(const Type* t, StrObject* name) {
  for (const Type* m : t->mro) {
    if (m->dict == nullptr) continue;
    int64_t i = DictFindStr(m->dict, name);
    if (i >= 0) return &m->dict->entries[i].value;
  }
  return nullptr;
}
}  // namespace

const Value* LookupInMro(const Type* t, StrObject* name) {
  size_t h = ((reinterpret_cast<uintptr_t>(t) >> 4) ^ (reinterpret_cast<uintptr_t>(name) >> 3)) &
             (kMroCacheSize - 1);
  MroCacheEntry& e = g_mro_cache[h];
  if (e.type == t && e.name == name && e.epoch == g_type_epoch) return e.result;
  const Value* r = LookupInMroUncached(t, name);
  if (name->interned) {
    e.type = t;
    e.name = name;
    e.epoch = g_type_epoch;
    e.result = r;
  }
  return r;
}

void InvalidateTypeCaches() { ++g_type_epoch; }

namespace {
// dict's own operator methods (obj_dict_set.cc: __getitem__, __len__,
// __repr__, ...) are there for super() and explicit `dict.__x__(d)` calls;
// the VM's operators do the same for dict and its subclasses, faster than
// calling them as slots. (__init__ and __new__ are real slots.)
bool IsDictOperatorMethod(int slot, const Value& v) {
  if (slot == static_cast<int>(Slot::kInit) || slot == static_cast<int>(Slot::kNew)) return false;
  if (!v.is_object() || v.as_object()->type != Types().native_function) return false;
  return static_cast<const NativeFunctionObject*>(v.as_object())->owner == Types().dict;
}
bool HasOperatorSlots(const Value& v) {
  const Type* owner = static_cast<const NativeFunctionObject*>(v.as_object())->owner;
  return owner != nullptr && owner->has_flag(Type::kOperatorSlots);
}
}  // namespace

void UpdateSlots(Type* t) {
  InvalidateTypeCaches();
  for (int i = 0; i < kNumSlots; ++i) {
    if (g_slot_strs[i] == nullptr) g_slot_strs[i] = Intern(kSlotNames[i]);
    const Value* v = LookupInMro(t, g_slot_strs[i]);
    // object's own __setattr__/__delattr__/__new__ are the default, not a
    // hook (a null __new__ slot allocates directly).
    if ((i == static_cast<int>(Slot::kSetAttr) || i == static_cast<int>(Slot::kDelAttr) ||
         i == static_cast<int>(Slot::kNew)) &&
        v != nullptr && v == LookupInMro(t->mro.back(), g_slot_strs[i])) {
      v = nullptr;
    }
    // A class statement's subclass of int, float, str, ... keeps their
    // operators as slots: the VM's native operators read only inline ints
    // and floats, and exact strs, lists, ...
    if (v != nullptr &&
        (IsDictOperatorMethod(i, *v) ||
         (IsBuiltinDunder(*v) && !(t->has_flag(Type::kHeapType) && HasOperatorSlots(*v))))) {
      v = nullptr;
    }
    t->slots[i] = v != nullptr && !v->is_none() ? *v : Value();
  }
}

std::string TypeFullName(const Type* t) {
  if (t->module.empty() || t->module == "builtins") return t->qualname;
  return absl::StrCat(t->module, ".", t->qualname);
}

Type* NewBuiltinType(const char* name, Type* base, uint32_t flags, Object* (*alloc)(Type*)) {
  // The metatype is patched for the first types (type itself).
  auto* t = new Type(nullptr);
  t->refcnt = kImmortalRefcount;
  t->name = name;
  t->qualname = name;
  t->module = "builtins";
  t->base = base;
  t->flags = flags | Type::kNative;
  t->alloc = alloc != nullptr ? alloc : (base != nullptr ? base->alloc : nullptr);
  t->mro.push_back(t);
  if (base != nullptr) {
    for (Type* m : base->mro) t->mro.push_back(m);
  }
  return t;
}

Type* NewExceptionType(const BuiltinTypes& bt, const char* name, Type* base) {
  Type* t = NewBuiltinType(name, base, Type::kBaseType | Type::kInstanceDict | Type::kExceptionType,
                           nullptr);
  t->type = bt.type;
  t->dict = static_cast<DictObject*>(NewDict().Release());
  UpdateSlots(t);
  return t;
}

void AddMethods(Type* t, std::span<const MethodDef> methods) {
  for (const MethodDef& m : methods) {
    auto* f = new NativeFunctionObject(Types().native_function);
    f->name = m.name;
    f->qualname = absl::StrCat(t->name, ".", m.name);
    f->fn = m.fn;
    f->owner = t;
    Value fv = Value::Adopt(f);
    if (m.kind == MethodDef::kMethod) {
      f->is_method = true;
    } else if (m.kind == MethodDef::kStatic) {
      auto* sm = new StaticMethodObject(Types().staticmethod);
      sm->function = fv;
      fv = Value::Adopt(sm);
    } else {
      f->is_method = true;
      auto* cm = new ClassMethodObject(Types().classmethod);
      cm->function = fv;
      fv = Value::Adopt(cm);
    }
    DictSetStr(t->dict, m.name, std::move(fv));
  }
}

void AddGetSets(Type* t, std::span<const GetSetDef> defs) {
  for (const GetSetDef& g : defs) {
    auto* gs = new GetSetObject(Types().getset);
    gs->name = g.name;
    gs->get = g.get;
    gs->set = g.set;
    gs->owner = t;
    DictSetStr(t->dict, g.name, Value::Adopt(gs));
  }
}

BuiltinTypes* g_builtin_types = nullptr;

const BuiltinTypes& InitBuiltinTypes() {
  static BuiltinTypes* types = nullptr;
  static bool creating = false;
  if (types == nullptr) {
    // Type creation itself calls Types() (to make dicts and strs); hand out
    // the partially filled table while it is being built.
    static BuiltinTypes* partial = nullptr;
    if (creating) return *partial;
    creating = true;
    partial = new BuiltinTypes();
    std::memset(static_cast<void*>(partial), 0, sizeof(BuiltinTypes));
    InitObjectTypes(*partial);
    InitNumberTypes(*partial);
    InitStrType(*partial);
    InitContainerTypes(*partial);
    InitIteratorTypes(*partial);
    InitExceptionTypes(*partial);
    InitMoreExceptionTypes(*partial);
    InitBytesTypes(*partial);
    InitComplexType(*partial);
    InitPatternFlags(*partial);
    types = partial;
    g_builtin_types = types;
    creating = false;
  }
  return *types;
}

Type* Value::InlineType() const {
  const BuiltinTypes& t = Types();
  switch (tag_) {
    case Tag::kNone:
      return t.none;
    case Tag::kBool:
      return t.bool_;
    case Tag::kInt:
      return t.int_;
    case Tag::kFloat:
      return t.float_;
    case Tag::kObject:
      return o_->type;
    case Tag::kNull:
      break;
  }
  return t.none;
}

}  // namespace tc::script
