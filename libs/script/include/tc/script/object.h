// The object model: Type (classes, builtin and native), the special-method
// slot table, and the builtin object layouts (str, tuple, list, dict, set,
// functions, methods, modules, exceptions, cells, code). Native libraries
// read these layouts directly; they create objects with the helpers in
// native.h.
//
// Special methods (`__add__`, `__len__`, ...) live in each class's attribute
// dict like any attribute; Type::slots caches the one the MRO resolves to,
// so operators and calls find them without a hash lookup. Script classes
// and native types work the same way, which is what lets a script class
// subclass a native type (`class Net(nn.Module)`) and vice versa: a class
// inherits its nearest native base's `alloc`, so every instance has the C++
// layout its native methods expect.
#ifndef TC_SCRIPT_OBJECT_H_
#define TC_SCRIPT_OBJECT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tc/script/code.h"
#include "tc/script/extension.h"
#include "tc/script/ref.h"
#include "tc/script/value.h"

namespace tc::script {

class VM;
struct StrObject;
struct TupleObject;

// Special methods cached on each type. The names are the dunder names
// (SlotName), looked up along the MRO when a class is created or when one
// of these names is assigned on a class.
enum class Slot : uint8_t {
  kNew,
  kInit,
  kCall,
  kRepr,
  kStr,
  kHash,
  kBool,
  kLen,
  kIter,
  kNext,
  kGetItem,
  kSetItem,
  kDelItem,
  kContains,
  kGetAttr,  // __getattr__: fallback after normal lookup fails
  // __setattr__ / __delattr__ hooks: null unless a class overrides
  // object's (whose generic behaviour VM::GenericSetAttr implements).
  kSetAttr,
  kDelAttr,
  kEnter,
  kExit,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kNeg,
  kPos,
  kInvert,
  kAbs,
  kIndex,
  kInt,
  kFloat,
  kFormat,
  kGet,  // descriptor __get__ (script classes used as descriptors)
  // Binary operators, in BinaryOp order: forward, reflected, in-place.
  kAdd,
  kRAdd = kAdd + 13,
  kIAdd = kRAdd + 13,
  kNumSlots = kIAdd + 13,
};
inline constexpr int kNumSlots = static_cast<int>(Slot::kNumSlots);
std::string_view SlotName(Slot s);  // "__add__"

struct Type : Object {
  enum Flags : uint32_t {
    kBaseType = 1,       // may be subclassed
    kInstanceDict = 2,   // instances accept new attributes
    kNative = 4,         // defined in C++ (not by a class statement)
    kExceptionType = 8,  // BaseException or a subclass
    kHeapType = 16,      // created by a class statement
    kMetaclass = 32,     // a class statement's subclass of type
    kAbstract = 64,      // __abstractmethods__ is non-empty: no instances
    // Structural pattern matching (CPython's tp_flags of the same names):
    // a class pattern's one positional sub-pattern matches the subject
    // itself; a mapping / sequence pattern matches the type's instances.
    // Subclasses get them from `base` (vm_match.cc reads them along it).
    kMatchSelf = 128,
    kMapping = 256,
    kSequence = 512,
    // int and float: their values live inline, so an instance of a class
    // statement's subclass (IntEnum members) is a BoxedValueObject of a
    // kBoxed type, and their native methods see the value it boxes.
    kValueBase = 1024,
    kBoxed = 2048,
    // int, float, str, tuple, list, dict, set: a class statement's subclass
    // takes this type's operator methods (builtin_dunders.cc) as slots.
    kOperatorSlots = 4096,
  };
  explicit Type(Type* metatype) : Object(metatype) {}
  ~Type() override;

  std::string name;               // __name__
  std::string qualname;           // __qualname__
  std::string module;             // __module__ ("builtins", "torch.nn", "__main__")
  Type* base = nullptr;           // the base whose instance layout this type uses; null for object
  std::vector<Type*> bases;       // __bases__ of classes (empty: just `base`)
  std::vector<Type*> mro;         // this type first, object last (C3 order)
  std::vector<Type*> subclasses;  // classes made with this one among their bases
  uint32_t flags = 0;
  // Creates a blank instance of `cls` (a subclass possibly); refcnt 1.
  // Null when the type cannot be instantiated this way.
  Object* (*alloc)(Type* cls) = nullptr;
  // Cached special methods (null when no class in the MRO defines one).
  Value slots[kNumSlots];

  const Value& slot(Slot s) const { return slots[static_cast<int>(s)]; }
  bool has_flag(Flags f) const { return (flags & f) != 0; }
};

bool IsSubtype(const Type* t, const Type* base);
inline bool IsInstance(const Value& v, const Type* t) { return IsSubtype(v.type(), t); }
// The attribute `name` of `t` or a class on its MRO, or null (no error).
// Cached per (type, name); any change to a class dict must go through
// TypeSet / VM::SetAttr (which call UpdateSlots and invalidate the cache).
const Value* LookupInMro(const Type* t, StrObject* name);
// Recomputes `t`'s slots from its MRO (after its dict changed).
void UpdateSlots(Type* t);
// "module.qualname", or just qualname for builtins.
std::string TypeFullName(const Type* t);

// A str: its code points as UTF-8 (a lone surrogate, which CPython's str
// may hold, in its 3-byte form), never changed after creation. Hashing and
// comparing the bytes hashes and orders by code point. The code point count
// is cached on first use; a str whose count equals its byte count is ASCII
// and is indexed by byte directly, so ASCII text costs what it did when str
// was bytes. A long non-ASCII str builds a sparse index of byte offsets on
// its first indexing, so s[i] stays cheap in loops.
struct StrObject : Object {
  StrObject(Type* t, std::string s) : Object(t), value(std::move(s)) {}
  StrObject(Type* t, std::string s, int64_t code_points)
      : Object(t), value(std::move(s)), length(code_points) {}
  ~StrObject() override;
  std::string value;
  mutable int64_t hash = -1;
  mutable int64_t length = -1;  // code points; -1 until Length() counts them
  bool interned = false;
  int64_t Hash() const;
  int64_t Length() const { return length >= 0 ? length : CountLength(); }
  bool IsAscii() const { return Length() == static_cast<int64_t>(value.size()); }
  // The byte offset of code point `i`, 0 <= i <= Length().
  size_t ByteOffset(int64_t i) const {
    return IsAscii() ? static_cast<size_t>(i) : NonAsciiByteOffset(i);
  }

 private:
  int64_t CountLength() const;
  size_t NonAsciiByteOffset(int64_t i) const;
  // Byte offsets of every kIndexStride-th code point (long non-ASCII only).
  mutable std::unique_ptr<std::vector<size_t>> index_;
};

// bytes and bytearray (whose type tells them apart); only a bytearray's
// data ever changes.
struct BytesObject : Object {
  BytesObject(Type* t, std::string d) : Object(t), data(std::move(d)) {}
  std::string data;
  mutable int64_t hash = -1;  // bytes only
};

struct TupleObject : Object {
  explicit TupleObject(Type* t) : Object(t) {}
  std::vector<Value> items;
  int64_t size() const { return static_cast<int64_t>(items.size()); }
};

struct ListObject : Object {
  explicit ListObject(Type* t) : Object(t) {}
  std::vector<Value> items;
  int64_t size() const { return static_cast<int64_t>(items.size()); }
};

// Insertion-ordered hash table keyed by hashable values.
struct DictObject : Object {
  struct Entry {
    int64_t hash;
    Value key;  // null: deleted
    Value value;
  };
  explicit DictObject(Type* t) : Object(t) {}
  std::vector<Entry> entries;
  std::vector<int32_t> index;  // open addressing into entries; -1 empty
  int64_t used = 0;            // live entries
  uint64_t version = 0;        // bumped on every change (global caches)
  bool is_set = false;         // SetObject: entries is CPython's set table
  int64_t size() const { return used; }
};

// A set: `entries` is CPython's open-addressed set table itself (size a power
// of two; empty slots have a null key and hash 0, deleted ones a null key and
// hash -1), so walking entries in slot order iterates like CPython 3.11.
// `index` is unused; values are unused.
struct SetObject : DictObject {
  explicit SetObject(Type* t) : DictObject(t) {
    is_set = true;
    entries.resize(8);
  }
  int64_t fill = 0;    // active + deleted slots
  int64_t finger = 0;  // where pop() resumes its search
};

struct CellObject : Object {
  explicit CellObject(Type* t) : Object(t) {}
  Value value;  // null: empty cell
};

// The VM's form of a compiled Code: constants as Values, names interned,
// and per-instruction caches.
struct CodeObject : Object {
  explicit CodeObject(Type* t) : Object(t) {}
  std::shared_ptr<const Code> code;
  std::vector<Value> consts;
  std::vector<Ref<StrObject>> names;
  std::vector<Ref<StrObject>> varnames;
  int32_t nlocals = 0;     // varnames.size()
  int32_t ncells = 0;      // cellvars + freevars
  int32_t nparams = 0;     // positional + kw-only + *args + **kwargs slots
  int32_t frame_size = 0;  // locals + cells + stack
  // kLoadGlobal cache, one per instruction index (only those used).
  struct GlobalCache {
    uint64_t globals_version = ~0ull;
    uint64_t builtins_version = ~0ull;
    Value value;
  };
  std::vector<GlobalCache> global_cache;
  // Owned per-code state of a higher library (co_extra): frame-capture's
  // compiled entries. Destroyed with the code object.
  std::unique_ptr<Extension> extra;
};

struct FunctionObject : Object {
  explicit FunctionObject(Type* t) : Object(t) {}
  Ref<CodeObject> code;
  Ref<DictObject> globals;
  Ref<TupleObject> defaults;   // positional defaults (may be null)
  Ref<DictObject> kwdefaults;  // keyword-only defaults (may be null)
  Ref<TupleObject> closure;    // CellObjects for code->freevars (may be null)
  Ref<StrObject> name;
  Ref<StrObject> qualname;
  Value module;  // __module__ (a str)
  Value doc;
  Value annotations;  // __annotations__ (a dict), made on first read when the def had none
};

struct MethodObject : Object {  // a function bound to an instance
  explicit MethodObject(Type* t) : Object(t) {}
  Value function;
  Value self;
};

struct ArgsView;
// A native function or method. `self` is the bound instance for methods,
// and for plain functions whatever the creator attached (the module, or a
// data value such as the qualified name of an unsupported API).
using NativeFn = Value (*)(VM& vm, const Value& self, const ArgsView& args);
// A native function that also receives the data it was created with; the
// data survives binding to an instance (unlike `self`), so one C++
// function can serve many methods (a wrapper per wrapped method).
using NativeDataFn = Value (*)(VM& vm, const Value& self, const ArgsView& args, const Value& data);

struct NativeFunctionObject : Object {
  explicit NativeFunctionObject(Type* t) : Object(t) {}
  std::string name;      // "add"
  std::string qualname;  // "Tensor.add", for messages
  NativeFn fn = nullptr;
  Value self;
  // An unbound method in a type's dict: binds to the instance on attribute
  // access; called unbound, the first argument is self.
  bool is_method = false;
  Type* owner = nullptr;  // the type a method belongs to (for type checks)
  // When set, calls go to data_fn with `data` instead of to fn (see
  // CallNative; fn then only reports the misuse).
  NativeDataFn data_fn = nullptr;
  Value data;
};

// An instance of a class statement's subclass of int or float: the value
// the builtin would hold, plus the instance's attributes.
struct BoxedValueObject : Object {
  BoxedValueObject(Type* t, Value v) : Object(t), value(std::move(v)) {}
  Value value;
};
inline bool IsBoxed(const Value& v) {
  return v.is_object() && v.as_object()->type->has_flag(Type::kBoxed);
}
// The int or float a boxed value holds; any other value as it is.
inline const Value& Unbox(const Value& v) {
  return IsBoxed(v) ? static_cast<const BoxedValueObject*>(v.as_object())->value : v;
}

// Calls a native function or method with `self` (the bound instance, or
// nf->self for plain functions). int's and float's methods get the value a
// subclass instance boxes.
inline Value CallNative(VM& vm, const NativeFunctionObject* nf, const Value& self,
                        const ArgsView& args) {
  const Value& s =
      nf->owner != nullptr && nf->owner->has_flag(Type::kValueBase) ? Unbox(self) : self;
  if (nf->data_fn != nullptr) return nf->data_fn(vm, s, args, nf->data);
  return nf->fn(vm, s, args);
}

// A native property: getter and optional setter.
using NativeGetter = Value (*)(VM& vm, const Value& self);
using NativeSetter = bool (*)(VM& vm, const Value& self, const Value& value);
struct GetSetObject : Object {
  explicit GetSetObject(Type* t) : Object(t) {}
  std::string name;
  NativeGetter get = nullptr;
  NativeSetter set = nullptr;  // null: read-only ("can't set attribute")
  Type* owner = nullptr;
};

struct PropertyObject : Object {  // @property
  explicit PropertyObject(Type* t) : Object(t) {}
  Value fget, fset, fdel, doc;
};
struct StaticMethodObject : Object {
  explicit StaticMethodObject(Type* t) : Object(t) {}
  Value function;
};
struct ClassMethodObject : Object {
  explicit ClassMethodObject(Type* t) : Object(t) {}
  Value function;
};

struct ModuleObject : Object {  // attributes live in Object::dict
  explicit ModuleObject(Type* t) : Object(t) {}
  std::string name;
  // While its body runs on import: `from m import x` of a missing name
  // then says "partially initialized module" (circular imports).
  bool initializing = false;
};

struct TracebackEntry {
  Ref<CodeObject> code;
  int32_t line = 0;
};

// BaseException and every subclass (script subclasses too).
struct ExceptionObject : Object {
  explicit ExceptionObject(Type* t) : Object(t) {}
  Value args;     // a tuple
  Value cause;    // __cause__ (null: none)
  Value context;  // __context__ (null: none)
  bool suppress_context = false;
  // Raised for an attribute the real library has but tc does not support
  // (NotImplementedError): hasattr() and getattr(o, name, default) treat it
  // like AttributeError; see MarkUnsupportedAttribute in native.h.
  bool unsupported_attribute = false;
  std::vector<TracebackEntry> traceback;  // innermost first
};

struct SliceObject : Object {
  explicit SliceObject(Type* t) : Object(t) {}
  Value start, stop, step;  // None when omitted
};

struct RangeObject : Object {
  explicit RangeObject(Type* t) : Object(t) {}
  int64_t start = 0, stop = 0, step = 1;
  // (start, stop, step) as ints when one of them does not fit int64
  // (obj_range_big.cc); start/stop/step are unused then.
  Value big;
  int64_t size() const;
};

// The builtin types; created once per process, never freed.
struct BuiltinTypes {
  Type *object, *type, *none, *bool_, *int_, *float_, *str, *tuple, *list, *dict, *set, *frozenset,
      *range, *slice, *cell, *code, *function, *method, *native_function, *getset, *property,
      *staticmethod, *classmethod, *module, *super, *not_implemented, *ellipsis;
  // Iterators.
  Type *list_iter, *tuple_iter, *str_iter, *range_iter, *dict_keys, *dict_values, *dict_items,
      *dict_iter, *seq_iter, *callable_iter, *zip, *enumerate, *map, *filter, *reversed;
  // The SyntaxError family and OSError's subclasses (exc_syntax_error.cc,
  // exc_os_error.cc).
  Type *indentation_error, *tab_error, *blocking_io_error, *child_process_error, *connection_error,
      *broken_pipe_error, *connection_aborted_error, *connection_refused_error,
      *connection_reset_error, *file_exists_error, *file_not_found_error, *interrupted_error,
      *is_a_directory_error, *not_a_directory_error, *permission_error, *process_lookup_error,
      *timeout_error, *unsupported_operation;
  // Exceptions.
  Type *base_exception, *exception, *type_error, *value_error, *runtime_error,
      *not_implemented_error, *recursion_error, *assertion_error, *lookup_error, *key_error,
      *index_error, *attribute_error, *name_error, *unbound_local_error, *arithmetic_error,
      *zero_division_error, *overflow_error, *stop_iteration, *stop_async_iteration, *import_error,
      *module_not_found_error, *syntax_error, *system_exit, *keyboard_interrupt, *generator_exit,
      *os_error, *warning, *user_warning, *deprecation_warning;
  // The rest of CPython's builtin exceptions (exc_more.cc).
  Type *system_error, *eof_error, *memory_error, *buffer_error, *reference_error,
      *floating_point_error, *unicode_translate_error, *base_exception_group, *exception_group;
  // complex (obj_complex.cc).
  Type* complex;
  // Binary data and the codecs' errors.
  Type *bytes, *bytearray, *unicode_error, *unicode_decode_error, *unicode_encode_error;
};
// The builtin types (created on first use).
extern BuiltinTypes* g_builtin_types;
const BuiltinTypes& InitBuiltinTypes();
inline const BuiltinTypes& Types() {
  return g_builtin_types != nullptr ? *g_builtin_types : InitBuiltinTypes();
}
// Class dicts changed outside UpdateSlots: forget cached lookups.
void InvalidateTypeCaches();

// Singletons that are objects (not tagged values).
Value NotImplementedValue();
Value EllipsisValue();

}  // namespace tc::script

#endif  // TC_SCRIPT_OBJECT_H_
