// Private declarations shared by the VM's source files: the frame layout,
// type-initialization entry points of each builtin type's file, and small
// helpers used across them.
#ifndef TC_SCRIPT_SRC_VM_INTERNAL_H_
#define TC_SCRIPT_SRC_VM_INTERNAL_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tc/script/module_registry.h"
#include "tc/script/native.h"
#include "tc/script/object.h"
#include "tc/script/value.h"
#include "tc/script/vm.h"

#if defined(__GNUC__)
#define TC_LIKELY(x) __builtin_expect(!!(x), 1)
#define TC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define TC_LIKELY(x) (x)
#define TC_UNLIKELY(x) (x)
#endif

namespace tc::script {

// One running call. Lives on the C++ stack of VM::Eval's caller; its
// locals, cells and operand stack are a slice of the VM's value stack.
struct Frame {
  CodeObject* code = nullptr;
  FunctionObject* func = nullptr;  // null for module and class bodies
  DictObject* globals = nullptr;
  DictObject* ns = nullptr;  // class body namespace (kLoadName/kStoreName)
  Value* locals = nullptr;   // nlocals, then ncells cells, then the stack
  int32_t pc = 0;            // index of the instruction being run
  Frame* prev = nullptr;
  // Generator frames: where Eval resumes (instruction and stack depth),
  // whether it stopped at a yield (rather than returning), and whether it
  // resumes by raising the VM's pending exception at that yield.
  int32_t resume_pc = 0;
  int32_t resume_depth = 0;
  bool yielded = false;
  bool throw_in = false;
};

// Per-type set-up, called once from Types().
void InitObjectTypes(BuiltinTypes& t);  // object, type, None, function, ...
void InitNumberTypes(BuiltinTypes& t);  // bool, int, float
void InitStrType(BuiltinTypes& t);
void InitContainerTypes(BuiltinTypes& t);  // tuple, list, dict, set, range, slice
void InitIteratorTypes(BuiltinTypes& t);
void InitExceptionTypes(BuiltinTypes& t);
void InitBytesTypes(BuiltinTypes& t);         // bytes, bytearray
void InitStopIterationType(BuiltinTypes& t);  // StopIteration.value (obj_generator.cc)
// The builtins' types and constants (builtins_types.cc).
void AddBuiltinTypesAndConstants(DictObject* b);
// BaseException's methods and attributes (exc_base.cc).
std::span<const MethodDef> BaseExceptionMethods();
std::span<const GetSetDef> BaseExceptionGetSets();
void InitMoreExceptionTypes(BuiltinTypes& t);  // exc_more.cc
void InitComplexType(BuiltinTypes& t);         // obj_complex.cc
void InitBytesTypes(BuiltinTypes& t);          // bytes, bytearray
void InitStopIterationType(BuiltinTypes& t);   // StopIteration.value (obj_generator.cc)
void InitPatternFlags(BuiltinTypes& t);        // kMatchSelf, kMapping, kSequence (vm_match.cc)

// The match statement's instructions (vm_match.cc); null with an exception
// set on error.
// Type::kMapping or kSequence: what `t` or the first of its bases carrying
// one says (0 for neither).
uint32_t PatternCollectionKind(const Type* t);
// MATCH_KEYS: a tuple of subject[key] for each of `keys` (a tuple), or None
// when one is missing; ValueError for a key given twice.
Value MatchKeys(VM& vm, const Value& subject, const Value& keys);
// MATCH_CLASS: the tuple of `nargs` positional (through __match_args__)
// then the `names` attributes of `subject` when it is an instance of `cls`
// that has them all, else None.
Value MatchClass(VM& vm, const Value& subject, const Value& cls, int nargs, const Value& names);

// The code type's methods and attributes (obj_code.cc).
std::span<const MethodDef> CodeMethods();
// int's, float's and bool's constructors and float's own methods (number_new.cc).
std::span<const MethodDef> IntTypeMethods();
std::span<const MethodDef> FloatTypeMethods();
std::span<const MethodDef> BoolTypeMethods();
// object.__reduce_ex__, __reduce__ and __getstate__ (obj_reduce.cc).
std::span<const MethodDef> ObjectReduceMethods();
std::span<const GetSetDef> CodeGetSets();

// A new immortal builtin type.
Type* NewBuiltinType(const char* name, Type* base, uint32_t flags, Object* (*alloc)(Type*));
// A builtin exception class deriving from `base` (instances have a dict),
// while `bt` is being set up.
Type* NewExceptionType(const BuiltinTypes& bt, const char* name, Type* base);

// Builtins module contents and the math / sys modules.
void InitBuiltinFunctions(VM& vm, DictObject* builtins);
void AddIntrospectionBuiltins(DictObject* builtins);  // builtins_introspection.cc
void AddExecBuiltins(DictObject* builtins);           // builtins_exec.cc
bool InitMathModule(VM& vm, ModuleObject* m);

// ImportError's name/path/msg (exc_import_error.cc).
void InitImportErrorType(BuiltinTypes& bt);

// The VM's own native modules (vm_core_modules.cc): their init functions
// by name, null for any other name.
ModuleInitFn FindCoreModule(std::string_view name);
bool InitSysModule(VM& vm, ModuleObject* m);
bool InitOsModule(VM& vm, ModuleObject* m);
bool InitPosixModule(VM& vm, ModuleObject* m);  // module_os.cc
bool InitPosixPathModule(VM& vm, ModuleObject* m);
bool InitIoModule(VM& vm, ModuleObject* m);
bool InitImportlibModule(VM& vm, ModuleObject* m);
bool InitErrnoModule(VM& vm, ModuleObject* m);
bool InitBuiltinsModule(VM& vm, ModuleObject* m);  // module_builtins.cc
bool InitStringModule(VM& vm, ModuleObject* m);    // module_string.cc: _string
bool InitThreadModule(VM& vm, ModuleObject* m);    // module_thread.cc: _thread
// builtin_dunders.cc: gives the builtin types their special methods as
// attributes (once per process); IsBuiltinDunder tells one of those from
// a method a class defines (only the latter fills a type's slot).
void InstallBuiltinDunders();
bool IsBuiltinDunder(const Value& v);
// object.__new__(cls, *args), a static method (vm_class.cc).
Value ObjectNew(VM& vm, const Value& self, const ArgsView& args);
// importlib's ModuleSpec for a module (origin: its file, "built-in", or
// None; search_locations: a package's __path__ list, or None).
Value NewModuleSpec(const std::string& name, Value origin, Value search_locations);

int64_t HashInt(int64_t v);
int64_t HashFloat(double v);
int64_t HashBytes(std::string_view s);

// Applies a format spec (f-strings, format()) to builtin values.
bool FormatBuiltin(VM& vm, const Value& v, std::string_view spec, std::string* out);
// "%" formatting of a str with a tuple / single value.
Value StrPercent(VM& vm, const std::string& fmt, const Value& args);
// str.format(*args, **kwargs).
Value StrFormatMethod(VM& vm, const std::string& fmt, const ArgsView& args);

// type's and object's class-creation methods: type.__new__/__init__/
// __call__/__prepare__, object.__new__/__init_subclass__ (vm_class.cc).
void AddClassCreationMethods(BuiltinTypes& bt);
// TypeError for instantiating a class with abstract methods (abc).
Value RaiseAbstractInstantiation(VM& vm, Type* cls);
// type.__new__(meta, name, bases, ns, **kwargs): a new class (vm_class.cc).
Value NewClass(VM& vm, Type* meta, const Value& name, const Value& bases, const Value& ns,
               const ArgsView& kwargs);

// Slice and range values.
Value NewSlice(Value start, Value stop, Value step);
Value NewRange(int64_t start, int64_t stop, int64_t step);

// The items of a tuple or list, or of an instance of a subclass of either
// (torch.Size, return_types, script subclasses); null for anything else.
// The VM's fast paths test the exact types; the fallbacks after a type's
// own special methods use this.
inline const std::vector<Value>* TupleOrListItems(const Value& v) {
  if (!v.is_object()) return nullptr;
  const BuiltinTypes& t = Types();
  Type* ty = v.as_object()->type;
  if (ty == t.tuple || IsSubtype(ty, t.tuple))
    return &static_cast<TupleObject*>(v.as_object())->items;
  if (ty == t.list || IsSubtype(ty, t.list)) return &static_cast<ListObject*>(v.as_object())->items;
  return nullptr;
}

// The table of a dict or of an instance of a dict subclass (OrderedDict,
// script subclasses: their alloc is dict's, so they are DictObjects); null
// for anything else. Like TupleOrListItems, for the fallbacks that run after
// the exact-type fast paths and a type's own special methods.
inline DictObject* DictTable(const Value& v) {
  if (!v.is_object()) return nullptr;
  Type* ty = v.as_object()->type;
  Type* dict = Types().dict;
  return ty == dict || IsSubtype(ty, dict) ? static_cast<DictObject*>(v.as_object()) : nullptr;
}

// Sequence comparisons and helpers.
int SeqEqual(VM& vm, const std::vector<Value>& a, const std::vector<Value>& b);
Value SeqCompare(VM& vm, CompareOp op, const std::vector<Value>& a, const std::vector<Value>& b);
std::string SeqRepr(VM& vm, const std::vector<Value>& items, const char* open, const char* close,
                    bool* ok);

// Dict internals.
void DictClear(DictObject* d);
bool DictDel(VM& vm, DictObject* d, const Value& key, bool* found);
Value DictCopyOf(const DictObject* d, Type* type);
// Finds a str key without error; entry index or -1.
int64_t DictFindStr(const DictObject* d, StrObject* key);
// Sets a str key given as a str object (no interning lookup).
void DictSetStrKey(DictObject* d, StrObject* key, Value value);
int64_t DictFind(VM& vm, const DictObject* d, const Value& key, int64_t hash, bool* error);
// dict's behaviours on any dict's table, whatever its type's special
// methods: what `d[k]`, `d == o`, repr(d) do for dict itself, and what
// `super().__getitem__(k)` / `dict.__repr__(d)` reach in a subclass.
// d[k]: calls the type's __missing__ (dict subclasses) on a missing key.
Value DictSubscript(VM& vm, const Value& d, const Value& key);
// 1 equal, 0 not, -1 error.
int DictEqual(VM& vm, DictObject* a, DictObject* b);
bool DictReprString(VM& vm, const DictObject* d, std::string* out);
// OrderedDict.move_to_end: moves an existing key's entry to the end (or
// the front); *found false when the key is absent.
bool DictMoveToEnd(VM& vm, DictObject* d, const Value& key, bool last, bool* found);

// Iterator objects.
Value NewSeqIter(Type* type, Value seq);  // list/tuple/str iterators
Value NewDictIter(Value dict, int kind);  // 0 keys, 1 values, 2 items
Value NewDictView(Value dict, int kind);

// Lists.
bool ListSort(VM& vm, ListObject* l, const Value& key, bool reverse);

// Ranges with bounds beyond int64 (obj_range_big.cc): MakeRange picks the
// int64 form when all three fit; the rest act on a range with `big` set.
Value MakeRange(VM& vm, const Value& start, const Value& stop, const Value& step);
Value BigRangeAttr(const RangeObject* r, int i);  // 0 start, 1 stop, 2 step
Value BigRangeLength(VM& vm, const RangeObject* r);
Value BigRangeIter(VM& vm, const RangeObject* r);
Value BigRangeGetItem(VM& vm, const RangeObject* r, const Value& key);
int BigRangeContains(VM& vm, const RangeObject* r, const Value& x);
bool BigRangeRepr(VM& vm, const RangeObject* r, std::string* out);

// The builtin memoryview over bytes and bytearray (obj_memoryview.cc).
Type* MemoryViewType();
// The bytes a live memoryview shows, into *out; false for anything else.
bool MemoryViewBytes(const Value& v, std::string* out);

// types.GenericAlias (`list[int]`), and the classmethod __class_getitem__
// that makes one, added to a builtin generic class (obj_generic_alias.cc).
Type* GenericAliasType();
void AddClassGetItem(Type* t);
// types.UnionType (`int | None`), and the `|` operators that make one,
// added to type and GenericAlias (obj_union_type.cc).
Type* UnionTypeType();
void AddUnionOperators(Type* t);

// collections.OrderedDict (a native dict subclass) and its module.
Type* OrderedDictType();
bool InitCollectionsModule(VM& vm, ModuleObject* m);
bool InitAbcModule(VM& vm, ModuleObject* m);  // _abc (module_abc.cc)

// The operator module (module_operator.cc).
bool InitOperatorModule(VM& vm, ModuleObject* m);

// The random (module_random.cc) and time (module_time.cc) modules.
bool InitRandomModule(VM& vm, ModuleObject* m);
bool InitTimeModule(VM& vm, ModuleObject* m);
// time's calendar functions and struct_time (module_time_calendar.cc).
void AddTimeCalendar(ModuleObject* m);
bool InitCodecsModule(VM& vm, ModuleObject* m);    // module_codecs.cc: _codecs
bool InitLocaleModule(VM& vm, ModuleObject* m);    // module_locale.cc: _locale
bool InitStructModule(VM& vm, ModuleObject* m);    // module_struct.cc: _struct
bool InitZlibModule(VM& vm, ModuleObject* m);      // module_zlib.cc: zlib
bool InitBinasciiModule(VM& vm, ModuleObject* m);  // module_binascii.cc: binascii
// The re module (module_re.cc).
bool InitReModule(VM& vm, ModuleObject* m);

// The message of an exception: str(exc).
std::string ExceptionMessage(VM& vm, const Value& exc);
Value NewExceptionArgs(Type* type, Value args_tuple);

}  // namespace tc::script

namespace tc::script {

// Builtin iterator layouts.
struct SeqIterObject : Object {  // list, tuple, str iterators
  explicit SeqIterObject(Type* t) : Object(t) {}
  Value seq;
  int64_t index = 0;
};
struct RangeIterObject : Object {
  explicit RangeIterObject(Type* t) : Object(t) {}
  int64_t cur = 0, stop = 0, step = 1;
};
struct DictIterObject : Object {
  explicit DictIterObject(Type* t) : Object(t) {}
  Value dict;
  size_t pos = 0;
  int kind = 0;  // 0 keys, 1 values, 2 items
  int64_t expected_size = 0;
};
struct DictViewObject : Object {
  explicit DictViewObject(Type* t) : Object(t) {}
  Value dict;
  int kind = 0;
};
// zip, enumerate, map, filter, reversed, iter(callable, sentinel).
struct MultiIterObject : Object {
  explicit MultiIterObject(Type* t) : Object(t) {}
  std::vector<Value> iters;
  Value func;
  int64_t count = 0;
  bool strict = false;
};
struct SuperObject : Object {
  explicit SuperObject(Type* t) : Object(t) {}
  Type* cls = nullptr;  // start the lookup after this class
  Value self;
  Type* self_type = nullptr;
};

}  // namespace tc::script
#endif  // TC_SCRIPT_SRC_VM_INTERNAL_H_
