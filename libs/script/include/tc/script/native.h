// The API for writing builtin modules and types in C++ (torch, torch.nn,
// math): native functions, argument parsing, raising exceptions, building
// str/list/tuple/dict values, and defining native types that script classes
// can subclass.
//
// How to write a native module:
//
//   // A native type: the C++ layout derives from Object.
//   struct CounterObject : Object {
//     explicit CounterObject(Type* t) : Object(t) {}
//     int64_t n = 0;
//   };
//   Type* g_counter_type = nullptr;
//
//   Value CounterInit(VM& vm, const Value& self, const ArgsView& args) {
//     static constexpr const char* kNames[] = {"start"};
//     Value a[1];
//     if (!ParseArgs(vm, args, "Counter", kNames, /*required=*/0, a)) return {};
//     int64_t start = 0;
//     if (!a[0].is_null() && !ToInt(vm, a[0], &start)) return {};
//     Cast<CounterObject>(self)->n = start;
//     return Value::None();
//   }
//   Value CounterBump(VM& vm, const Value& self, const ArgsView& args) {
//     if (!CheckArgCount(vm, args, "bump", 0, 0)) return {};
//     return Value::Int(++Cast<CounterObject>(self)->n);
//   }
//   Value CounterN(VM&, const Value& self) { return Value::Int(Cast<CounterObject>(self)->n); }
//   Value Twice(VM& vm, const Value&, const ArgsView& args) {
//     if (!CheckArgCount(vm, args, "twice", 1, 1)) return {};
//     return vm.Binary(BinaryOp::kAdd, args[0], args[0]);
//   }
//
//   constexpr MethodDef kCounterMethods[] = {
//     {"__init__", CounterInit}, {"bump", CounterBump}};
//   constexpr GetSetDef kCounterProps[] = {{"n", CounterN, nullptr}};
//   constexpr MethodDef kFunctions[] = {{"twice", Twice}};
//
//   bool InitDemo(VM& vm, ModuleObject* m) {
//     if (g_counter_type == nullptr) {
//       g_counter_type = NewNativeType({
//           .name = "Counter",
//           .module = "demo",
//           .methods = kCounterMethods,
//           .getsets = kCounterProps,
//           .alloc = [](Type* cls) -> Object* { return new CounterObject(cls); },
//           .flags = Type::kBaseType | Type::kInstanceDict});  // subclassable
//     }
//     AddType(m, g_counter_type);
//     AddFunctions(m, kFunctions);
//     ModuleSet(m, "answer", Value::Int(42));
//     return true;
//   }
//   TC_SCRIPT_REGISTER_MODULE("demo", InitDemo);   // see module_registry.h
//
// Conventions: a native function returns a Value, or the null Value
// (`return {};`) with an exception set on the VM (use the Raise* helpers,
// which return null so `return RaiseTypeError(vm, ...)` reads naturally).
// Arguments arrive as an ArgsView over the caller's stack: positional
// values, then keyword values named by `kwnames`.
//
// Special methods are ordinary methods with dunder names: `__add__`,
// `__radd__`, `__getitem__`, `__len__`, `__repr__`, `__call__`,
// `__enter__`/`__exit__`, `__eq__` (return NotImplementedValue() to defer
// to the other operand). `__init__` runs after `alloc`; a `__new__` method
// (called with self = the class) replaces alloc when present.
#ifndef TC_SCRIPT_NATIVE_H_
#define TC_SCRIPT_NATIVE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/script/object.h"
#include "tc/script/value.h"
#include "tc/script/vm.h"

namespace tc::script {

struct ArgsView {
  const Value* data = nullptr;
  int32_t nargs = 0;                     // positional count
  const TupleObject* kwnames = nullptr;  // StrObjects naming data[nargs...]

  ArgsView() = default;
  ArgsView(const Value* d, int32_t n, const TupleObject* kw = nullptr)
      : data(d), nargs(n), kwnames(kw) {}
  int32_t size() const { return nargs; }
  const Value& operator[](int32_t i) const { return data[i]; }
  int32_t nkw() const {
    return kwnames == nullptr ? 0 : static_cast<int32_t>(kwnames->items.size());
  }
  std::string_view kwname(int32_t i) const;
  const Value& kwvalue(int32_t i) const { return data[nargs + i]; }
};

// Binds `args` to `names` like a Python signature `f(n0, n1, ...)`: the
// first `required` are required; positions past `max_positional` (when
// >= 0) are keyword-only. out[i] is null for an omitted optional argument.
// Raises TypeError with CPython-like messages and returns false on error.
bool ParseArgs(VM& vm, const ArgsView& args, std::string_view fname,
               std::span<const char* const> names, int required, Value* out,
               int max_positional = -1);
// Positional-only count check, no keywords: "f() takes exactly one argument (2 given)".
bool CheckArgCount(VM& vm, const ArgsView& args, std::string_view fname, int min, int max);

// Conversions (TypeError on a wrong type). ToInt accepts bool and int
// (and objects with __index__); ToFloat accepts int, bool and float.
bool ToInt(VM& vm, const Value& v, int64_t* out);
bool ToFloat(VM& vm, const Value& v, double* out);
// Truthiness (calls __bool__ / __len__); -1 on error.
int Truthy(VM& vm, const Value& v);
// The str's text, or null when v is not a str (no error set).
const std::string* StrValue(const Value& v);

// The data of a bytes or bytearray (or a subclass), or null (no error set).
const std::string* BytesValue(const Value& v);

// The object inside a Value, downcast without checks (check the type
// first with IsInstance).
template <typename T>
T* Cast(const Value& v) {
  return static_cast<T*>(v.as_object());
}

// Creating values.
Value NewStr(std::string s);
Value NewBytes(std::string data);
Value NewByteArray(std::string data);
Value InternStr(std::string_view s);    // same object for equal names
StrObject* Intern(std::string_view s);  // borrowed, immortal
Value NewTuple(std::vector<Value> items);
Value NewList(std::vector<Value> items);
Value NewDict();
Value NewSet();
// Dict access; keys hash as in Python. Return false with an exception set
// on error (unhashable key, raising __eq__).
bool DictSet(VM& vm, DictObject* d, const Value& key, Value value);
// 1 found (*out set), 0 missing, -1 error.
int DictGet(VM& vm, DictObject* d, const Value& key, Value* out);
// String-keyed variants (no errors possible).
void DictSetStr(DictObject* d, std::string_view key, Value value);
const Value* DictGetStr(const DictObject* d, std::string_view key);
// Iterating a dict: for (auto& e : d->entries) if (!e.key.is_null()) ...

// Native functions and types.
struct MethodDef {
  const char* name;
  NativeFn fn;
  enum Kind : uint8_t { kMethod, kStatic, kClass } kind = kMethod;
};
struct GetSetDef {
  const char* name;
  NativeGetter get;
  NativeSetter set = nullptr;
};
// Every member has a default so a spec can be written as designated
// initializers naming only what differs (-Wextra asks for the defaults).
struct TypeSpec {
  const char* name = nullptr;    // "Tensor"
  const char* module = nullptr;  // "torch"
  Type* base = nullptr;          // null: object
  std::span<const MethodDef> methods = {};
  std::span<const GetSetDef> getsets = {};
  Object* (*alloc)(Type* cls) = nullptr;  // null: inherited from base
  uint32_t flags = 0;                     // Type::Flags
};
// Creates a native type (immortal). Class attributes can be added later
// with TypeSet (not by writing t->dict directly: attribute lookups and
// special-method slots are cached and TypeSet refreshes them).
Type* NewNativeType(const TypeSpec& spec);
void TypeSet(Type* t, std::string_view name, Value v);
// Adds methods (static and class methods by their kind) to a native type
// after NewNativeType; call UpdateSlots(t) when done.
void AddMethods(Type* t, std::span<const MethodDef> methods);
// Adds getset descriptors (properties written in C++) to a native type's
// dict.
void AddGetSets(Type* t, std::span<const GetSetDef> defs);
// A native function value; `self` is passed to fn on every call.
Value NewNativeFunction(std::string name, NativeFn fn, Value self = Value::None(),
                        std::string qualname = "");
// A copy of native method `f` (its name, functions and data) as a method of
// `owner`, bound to `self` (null: unbound): what attribute access makes,
// and what a wrapper of a method keeps of the original.
Value CopyNativeMethod(const NativeFunctionObject* f, Value self, Type* owner);
// A native method of `owner` that receives `data` on every call, bound or
// not (put it in the class with TypeSet). With owner null, a plain
// function (self = None).
Value NewNativeDataMethod(Type* owner, std::string name, NativeDataFn fn, Value data,
                          std::string qualname = "");
// Allocates a native object of C++ type T (T's constructor takes the Type*).
template <typename T, typename... A>
Value NewObject(Type* t, A&&... a) {
  return Value::Adopt(new T(t, std::forward<A>(a)...));
}

// Sequences: resolves a slice against a length (Python semantics), and
// normalizes an index, raising IndexError("<what> index out of range").
bool SliceIndices(VM& vm, const SliceObject* s, int64_t length, int64_t* start, int64_t* stop,
                  int64_t* step, int64_t* count);
bool SeqIndex(VM& vm, const Value& key, int64_t size, const char* what, int64_t* out);

// Modules.
void ModuleSet(ModuleObject* m, std::string_view name, Value v);
void AddFunctions(ModuleObject* m, std::span<const MethodDef> fns);  // self = module
void AddType(ModuleObject* m, Type* t);                              // under t->name

// Raising: all return the null Value. `Raise` takes any exception type.
Value Raise(VM& vm, Type* type, std::string message);
Value RaiseTypeError(VM& vm, std::string message);
Value RaiseValueError(VM& vm, std::string message);
Value RaiseRuntimeError(VM& vm, std::string message);
Value RaiseNotImplementedError(VM& vm, std::string message);
Value RaiseIndexError(VM& vm, std::string message);
Value RaiseKeyError(VM& vm, Value key);  // KeyError(key): str() is repr(key)
Value RaiseAttributeError(VM& vm, std::string message);
Value RaiseZeroDivisionError(VM& vm, std::string message);
Value RaiseOverflowError(VM& vm, std::string message);
// Marks the pending exception (raised by a __getattr__ for an attribute
// the real library has but tc does not support) so hasattr() returns False
// and getattr(obj, name, default) the default, as for AttributeError; a
// plain attribute access still reports it. Returns the null Value.
Value MarkUnsupportedAttribute(VM& vm);
// Whether v is a generator object (a suspended frame of a function that
// yields); frame-capture does not run one while tracing.
bool IsGeneratorObject(const Value& v);
// Whether v is an iterator over the steps of a coroutine or an async
// generator (coroutine.__await__(), asend(), athrow()), whose
// StopIteration carries the result.
bool KeepsStopValue(const Value& v);
// Whether calling v's methods (or next(v)) may run a suspended frame: a
// generator, coroutine or async generator, or one of the awaitables above.
bool ResumesFrame(const Value& v);
// "'x' object ..." uses the type's name: TypeName(v).
std::string_view TypeName(const Value& v);

}  // namespace tc::script

#endif  // TC_SCRIPT_NATIVE_H_
