// The builtin type table's core: object, type, None, functions, methods,
// descriptors (property, staticmethod, classmethod), super, modules, the
// number types, and the exception hierarchy.
#include <cmath>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "exc_os_error.h"
#include "exc_syntax_error.h"
#include "obj_union.h"
#include "src/obj_bigint.h"
#include "src/str_helpers.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

BuiltinTypes* g_bt = nullptr;  // while initializing

Type* Make(const char* name, Type* base, uint32_t flags = 0, Object* (*alloc)(Type*) = nullptr) {
  Type* t = NewBuiltinType(name, base, flags, alloc);
  t->type = g_bt->type;
  if (g_bt->dict != nullptr) t->dict = static_cast<DictObject*>(NewDict().Release());
  return t;
}

void Finish(Type* t, std::span<const MethodDef> methods = {}, std::span<const GetSetDef> gs = {}) {
  AddMethods(t, methods);
  AddGetSets(t, gs);
  UpdateSlots(t);
}

// --- object -----------------------------------------------------------------
Value ObjectInit(VM& vm, const Value& self, const ArgsView& args) {
  // Arguments are for __new__ when a class defines one.
  if ((args.nargs > 0 || args.nkw() > 0) && self.type()->slot(Slot::kNew).is_null()) {
    return RaiseTypeError(vm, absl::StrFormat("%s() takes no arguments", TypeName(self)));
  }
  return Value::None();
}
Value ObjectSetAttrFn(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__setattr__", 2, 2)) return {};
  const std::string* n = StrValue(args[0]);
  if (n == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  if (!vm.GenericSetAttr(self, Intern(*n), args[1])) return {};
  return Value::None();
}
Value ObjectDelAttrFn(VM& vm, const Value& self, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "__delattr__", 1, 1)) return {};
  const std::string* n = StrValue(args[0]);
  if (n == nullptr) return RaiseTypeError(vm, "attribute name must be string");
  if (!vm.GenericDelAttr(self, Intern(*n))) return {};
  return Value::None();
}
constexpr MethodDef kObjectMethods[] = {
    {"__init__", ObjectInit}, {"__setattr__", ObjectSetAttrFn}, {"__delattr__", ObjectDelAttrFn}};

// --- type -------------------------------------------------------------------
Value TypeMro(VM&, const Value& self, const ArgsView&) {
  std::vector<Value> v;
  for (Type* m : static_cast<Type*>(self.as_object())->mro) v.push_back(Value::Borrow(m));
  return NewList(std::move(v));
}
constexpr MethodDef kTypeMethods[] = {{"mro", TypeMro}, {"__or__", TypeOr}, {"__ror__", TypeRor}};

// --- functions and methods -----------------------------------------------------
// Sets a function's __name__ / __qualname__ (`attr`, for the error) to
// str `v`, interned.
bool SetInternedName(VM& vm, const Value& v, const char* attr, Ref<StrObject>* out) {
  const std::string* s = StrValue(v);
  if (s == nullptr) {
    RaiseTypeError(vm, absl::StrCat(attr, " must be set to a string object"));
    return false;
  }
  *out = Ref<StrObject>::Borrow(Intern(*s));
  return true;
}
Value FnName(VM&, const Value& self) { return Cast<FunctionObject>(self)->name.value(); }
bool FnSetName(VM& vm, const Value& self, const Value& v) {
  return SetInternedName(vm, v, "__name__", &Cast<FunctionObject>(self)->name);
}
Value FnQualname(VM&, const Value& self) { return Cast<FunctionObject>(self)->qualname.value(); }
bool FnSetQualname(VM& vm, const Value& self, const Value& v) {
  return SetInternedName(vm, v, "__qualname__", &Cast<FunctionObject>(self)->qualname);
}
Value FnModule(VM&, const Value& self) { return Cast<FunctionObject>(self)->module; }
bool FnSetModule(VM&, const Value& self, const Value& v) {
  Cast<FunctionObject>(self)->module = v;
  return true;
}
Value FnDoc(VM&, const Value& self) {
  const Value& d = Cast<FunctionObject>(self)->doc;
  return d.is_null() ? Value::None() : d;
}
bool FnSetDoc(VM&, const Value& self, const Value& v) {
  Cast<FunctionObject>(self)->doc = v;
  return true;
}
// __annotations__: what the def's annotations made, or a new empty dict
// kept from the first read on (CPython's func_get_annotations).
Value FnAnnotations(VM&, const Value& self) {
  auto* fn = Cast<FunctionObject>(self);
  if (fn->annotations.is_null() || fn->annotations.is_none()) fn->annotations = NewDict();
  return fn->annotations;
}
bool FnSetAnnotations(VM& vm, const Value& self, const Value& v) {
  if (!v.is_none() && !IsInstance(v, Types().dict)) {
    RaiseTypeError(vm, "__annotations__ must be set to a dict object");
    return false;
  }
  Cast<FunctionObject>(self)->annotations = v;
  return true;
}
Value FnDefaults(VM&, const Value& self) { return Cast<FunctionObject>(self)->defaults.value(); }
Value FnGlobals(VM&, const Value& self) { return Cast<FunctionObject>(self)->globals.value(); }
Value FnKwdefaults(VM&, const Value& self) {
  return Cast<FunctionObject>(self)->kwdefaults.value();
}
// The cells of the function's free variables (types.py takes CellType from
// one), or None.
Value FnClosure(VM&, const Value& self) { return Cast<FunctionObject>(self)->closure.value(); }
Value FnCode(VM&, const Value& self) { return Cast<FunctionObject>(self)->code.value(); }
Value CellContents(VM& vm, const Value& self) {
  const Value& v = Cast<CellObject>(self)->value;
  return v.is_null() ? RaiseValueError(vm, "Cell is empty") : v;
}
constexpr GetSetDef kCellGetSets[] = {{"cell_contents", CellContents}};
// types.coroutine() swaps in a code object with other co_flags.
bool FnSetCode(VM& vm, const Value& self, const Value& v) {
  auto* fn = Cast<FunctionObject>(self);
  if (!IsInstance(v, Types().code)) {
    RaiseTypeError(vm, "__code__ must be set to a code object");
    return false;
  }
  auto* co = Cast<CodeObject>(v);
  if (co->code->freevars.size() != fn->code->code->freevars.size()) {
    RaiseValueError(vm, absl::StrFormat("%s() requires a code object with %d free vars, not %d",
                                        fn->name->value, fn->code->code->freevars.size(),
                                        co->code->freevars.size()));
    return false;
  }
  fn->code = Ref<CodeObject>::Borrow(co);
  return true;
}
// f.__call__(...): the VM calls functions and methods directly, but
// callable() checks such as collections.abc.Callable's look for __call__
// in the type's dict.
Value CallSelf(VM& vm, const Value& self, const ArgsView& args) { return vm.Call(self, args); }
constexpr MethodDef kCallableMethods[] = {{"__call__", CallSelf}};

constexpr GetSetDef kFunctionGetSets[] = {{"__name__", FnName, FnSetName},
                                          {"__qualname__", FnQualname, FnSetQualname},
                                          {"__module__", FnModule, FnSetModule},
                                          {"__doc__", FnDoc, FnSetDoc},
                                          {"__defaults__", FnDefaults},
                                          {"__globals__", FnGlobals},
                                          {"__code__", FnCode, FnSetCode},
                                          {"__kwdefaults__", FnKwdefaults},
                                          {"__closure__", FnClosure},
                                          {"__annotations__", FnAnnotations, FnSetAnnotations}};

Value MethodSelf(VM&, const Value& self) { return Cast<MethodObject>(self)->self; }
Value MethodFunc(VM&, const Value& self) { return Cast<MethodObject>(self)->function; }
Value MethodName(VM& vm, const Value& self) {
  return vm.GetAttr(Cast<MethodObject>(self)->function, "__name__");
}
Value MethodDoc(VM& vm, const Value& self) {
  return vm.GetAttr(Cast<MethodObject>(self)->function, "__doc__");
}
// types.MethodType(function, instance), as contextlib's ExitStack binds
// an __exit__ by hand.
Value MethodNew(VM& vm, const Value&, const ArgsView& args) {
  if (args.nkw() > 0) return RaiseTypeError(vm, "method() takes no keyword arguments");
  if (!CheckArgCount(vm, args, "method", 2, 2)) return {};
  const Value& fn = args[0];
  Type* t = fn.type();
  bool callable = fn.is_object() &&
                  (t == Types().function || t == Types().native_function || t == Types().method ||
                   IsSubtype(t, Types().type) || !t->slot(Slot::kCall).is_null());
  if (!callable) return RaiseTypeError(vm, "first argument must be callable");
  if (args[1].is_none()) return RaiseTypeError(vm, "instance must not be None");
  auto* m = new MethodObject(Types().method);
  m->function = fn;
  m->self = args[1];
  return Value::Adopt(m);
}
constexpr MethodDef kMethodMethods[] = {{"__new__", MethodNew}, {"__call__", CallSelf}};
constexpr GetSetDef kMethodGetSets[] = {{"__self__", MethodSelf},
                                        {"__func__", MethodFunc},
                                        {"__name__", MethodName},
                                        {"__doc__", MethodDoc}};

Value NativeName(VM&, const Value& self) { return NewStr(Cast<NativeFunctionObject>(self)->name); }
Value NativeQualname(VM&, const Value& self) {
  return NewStr(Cast<NativeFunctionObject>(self)->qualname);
}
Value NativeSelf(VM&, const Value& self) {
  const Value& s = Cast<NativeFunctionObject>(self)->self;
  return s.is_null() ? Value::None() : s;
}
// A module function's module name (pickle's whichmodule reads it); None
// for a method bound to an object, as in CPython.
Value NativeModule(VM&, const Value& self) {
  const Value& s = Cast<NativeFunctionObject>(self)->self;
  if (s.is_object() && IsInstance(s, Types().module)) {
    if (const Value* name = DictGetStr(s.as_object()->dict, "__name__")) return *name;
  }
  return Value::None();
}
constexpr GetSetDef kNativeGetSets[] = {{"__name__", NativeName},
                                        {"__qualname__", NativeQualname},
                                        {"__self__", NativeSelf},
                                        {"__module__", NativeModule}};

// --- property / staticmethod / classmethod ---------------------------------------
Value PropertyNew(VM& vm, const Value& cls, const ArgsView& args) {
  static constexpr const char* kNames[] = {"fget", "fset", "fdel", "doc"};
  Value a[4];
  if (!ParseArgs(vm, args, "property", kNames, 0, a)) return {};
  auto* p = new PropertyObject(Cast<Type>(cls));
  p->fget = a[0].is_null() ? Value::None() : a[0];
  p->fset = a[1].is_null() ? Value::None() : a[1];
  p->fdel = a[2].is_null() ? Value::None() : a[2];
  p->doc = a[3].is_null() ? Value::None() : a[3];
  Value pv = Value::Adopt(p);
  if (p->doc.is_none() && !p->fget.is_none()) {
    // As CPython: without doc=, the getter's docstring.
    Value d = vm.GetAttrOrNull(p->fget, Intern("__doc__"));
    if (d.is_null() && vm.HasException()) return {};
    if (!d.is_null()) p->doc = std::move(d);
  }
  return pv;
}
Value PropertyCopyWith(VM& vm, const Value& self, const ArgsView& args, int which) {
  if (!CheckArgCount(vm, args, which == 0 ? "getter" : which == 1 ? "setter" : "deleter", 1, 1)) {
    return {};
  }
  auto* src = Cast<PropertyObject>(self);
  auto* p = new PropertyObject(self.type());
  p->fget = which == 0 ? args[0] : src->fget;
  p->fset = which == 1 ? args[0] : src->fset;
  p->fdel = which == 2 ? args[0] : src->fdel;
  p->doc = src->doc;
  return Value::Adopt(p);
}
Value PropertyGetter(VM& vm, const Value& self, const ArgsView& args) {
  return PropertyCopyWith(vm, self, args, 0);
}
Value PropertySetter(VM& vm, const Value& self, const ArgsView& args) {
  return PropertyCopyWith(vm, self, args, 1);
}
Value PropertyDeleter(VM& vm, const Value& self, const ArgsView& args) {
  return PropertyCopyWith(vm, self, args, 2);
}
Value PropertyFget(VM&, const Value& self) { return Cast<PropertyObject>(self)->fget; }
Value PropertyFset(VM&, const Value& self) { return Cast<PropertyObject>(self)->fset; }
Value PropertyDoc(VM&, const Value& self) { return Cast<PropertyObject>(self)->doc; }
bool PropertySetDoc(VM&, const Value& self, const Value& v) {
  Cast<PropertyObject>(self)->doc = v;
  return true;
}
constexpr MethodDef kPropertyMethods[] = {{"__new__", PropertyNew, MethodDef::kMethod},
                                          {"getter", PropertyGetter},
                                          {"setter", PropertySetter},
                                          {"deleter", PropertyDeleter}};
// abc: a wrapper is abstract when what it wraps is.
Value AnyAbstract(VM& vm, std::initializer_list<Value> fns) {
  static StrObject* const kName = Intern("__isabstractmethod__");
  for (const Value& f : fns) {
    if (f.is_null() || f.is_none()) continue;
    Value flag = vm.GetAttrOrNull(f, kName);
    if (flag.is_null()) {
      if (vm.HasException()) return {};
      continue;
    }
    int t = vm.Truthy(flag);
    if (t < 0) return {};
    if (t) return Value::Bool(true);
  }
  return Value::Bool(false);
}
Value PropertyIsAbstract(VM& vm, const Value& self) {
  auto* p = Cast<PropertyObject>(self);
  return AnyAbstract(vm, {p->fget, p->fset, p->fdel});
}
constexpr GetSetDef kPropertyGetSets[] = {{"fget", PropertyFget},
                                          {"fset", PropertyFset},
                                          {"__doc__", PropertyDoc, PropertySetDoc},
                                          {"__isabstractmethod__", PropertyIsAbstract}};

// staticmethod / classmethod: __new__ makes an instance of the class asked
// for (subclasses such as abc.abstractclassmethod), __init__ sets the
// callable.
template <typename T>
Value WrapperNew(VM& vm, const Value& cls, const ArgsView& args, const char* name) {
  if (!CheckArgCount(vm, args, name, 1, 1)) return {};
  auto* s = new T(Cast<Type>(cls));
  s->function = args[0];
  return Value::Adopt(s);
}
template <typename T>
Value WrapperInit(VM& vm, const Value& self, const ArgsView& args, const char* name) {
  if (!CheckArgCount(vm, args, name, 1, 1)) return {};
  Cast<T>(self)->function = args[0];
  return Value::None();
}
Value StaticMethodNew(VM& vm, const Value& cls, const ArgsView& args) {
  return WrapperNew<StaticMethodObject>(vm, cls, args, "staticmethod");
}
Value ClassMethodNew(VM& vm, const Value& cls, const ArgsView& args) {
  return WrapperNew<ClassMethodObject>(vm, cls, args, "classmethod");
}
Value StaticMethodInit(VM& vm, const Value& self, const ArgsView& args) {
  return WrapperInit<StaticMethodObject>(vm, self, args, "staticmethod");
}
Value ClassMethodInit(VM& vm, const Value& self, const ArgsView& args) {
  return WrapperInit<ClassMethodObject>(vm, self, args, "classmethod");
}
Value StaticFunc(VM&, const Value& self) { return Cast<StaticMethodObject>(self)->function; }
Value ClassFunc(VM&, const Value& self) { return Cast<ClassMethodObject>(self)->function; }
constexpr MethodDef kStaticMethods[] = {{"__new__", StaticMethodNew},
                                        {"__init__", StaticMethodInit}};
constexpr MethodDef kClassMethods[] = {{"__new__", ClassMethodNew}, {"__init__", ClassMethodInit}};
Value StaticIsAbstract(VM& vm, const Value& self) {
  return AnyAbstract(vm, {Cast<StaticMethodObject>(self)->function});
}
Value ClassIsAbstract(VM& vm, const Value& self) {
  return AnyAbstract(vm, {Cast<ClassMethodObject>(self)->function});
}
constexpr GetSetDef kStaticGetSets[] = {{"__func__", StaticFunc},
                                        {"__isabstractmethod__", StaticIsAbstract}};
constexpr GetSetDef kClassGetSets[] = {{"__func__", ClassFunc},
                                       {"__isabstractmethod__", ClassIsAbstract}};

// super(type, obj)
Value SuperNew(VM& vm, const Value&, const ArgsView& args) {
  if (args.nargs == 0) return RaiseRuntimeError(vm, "super(): no arguments");
  if (!CheckArgCount(vm, args, "super", 2, 2)) return {};
  if (!IsInstance(args[0], Types().type)) {
    return RaiseTypeError(
        vm, absl::StrFormat("super() argument 1 must be a type, not %s", TypeName(args[0])));
  }
  auto* s = new SuperObject(Types().super);
  Value sv = Value::Adopt(s);
  s->cls = Cast<Type>(args[0]);
  s->self = args[1];
  if (IsInstance(args[1], Types().type) && IsSubtype(Cast<Type>(args[1]), s->cls)) {
    s->self_type = Cast<Type>(args[1]);
  } else {
    s->self_type = args[1].type();
  }
  if (!IsSubtype(s->self_type, s->cls)) {
    return RaiseTypeError(vm, "super(type, obj): obj must be an instance or subtype of type");
  }
  return sv;
}
constexpr MethodDef kSuperMethods[] = {{"__new__", SuperNew}};

Value NoneNew(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "NoneType", 0, 0)) return {};
  return Value::None();
}
constexpr MethodDef kNoneMethods[] = {{"__new__", NoneNew}};

// --- exceptions ------------------------------------------------------------------
Object* AllocException(Type* cls) { return new ExceptionObject(cls); }
Object* AllocObject(Type* cls) { return new Object(cls); }

}  // namespace

namespace {

// The one instance of a singleton type (NotImplemented, Ellipsis): never
// freed, its count never reaches zero.
Object* NewImmortal(Type* t) {
  auto* x = new Object(t);
  x->refcnt = kImmortalRefcount;
  return x;
}

}  // namespace

Value NotImplementedValue() {
  static Object* const o = NewImmortal(Types().not_implemented);
  return Value::Borrow(o);
}
Value EllipsisValue() {
  static Object* const o = NewImmortal(Types().ellipsis);
  return Value::Borrow(o);
}

void InitObjectTypes(BuiltinTypes& bt) {
  g_bt = &bt;
  constexpr uint32_t kBase = Type::kBaseType;
  bt.object = Make("object", nullptr, kBase, AllocObject);
  bt.type = Make("type", bt.object, kBase);
  bt.object->type = bt.type;
  bt.type->type = bt.type;
  bt.str = Make("str", bt.object, kBase | Type::kOperatorSlots,
                [](Type* c) -> Object* { return new StrObject(c, ""); });
  bt.dict = Make("dict", bt.object, kBase | Type::kOperatorSlots,
                 [](Type* c) -> Object* { return new DictObject(c); });
  bt.native_function = Make("builtin_function_or_method", bt.object);
  bt.staticmethod = Make("staticmethod", bt.object, kBase,
                         [](Type* c) -> Object* { return new StaticMethodObject(c); });
  bt.classmethod = Make("classmethod", bt.object, kBase,
                        [](Type* c) -> Object* { return new ClassMethodObject(c); });
  bt.getset = Make("getset_descriptor", bt.object);
  bt.str->type = bt.dict->type = bt.native_function->type = bt.type;
  // Now dicts can be made: give the first types theirs.
  for (Type* t : {bt.object, bt.type, bt.str, bt.dict, bt.native_function, bt.staticmethod,
                  bt.classmethod, bt.getset}) {
    t->type = bt.type;
    t->dict = static_cast<DictObject*>(NewDict().Release());
  }
  bt.none = Make("NoneType", bt.object);
  bt.none->alloc = nullptr;
  bt.not_implemented = Make("NotImplementedType", bt.object);
  bt.ellipsis = Make("ellipsis", bt.object);
  bt.cell = Make("cell", bt.object);
  bt.code = Make("code", bt.object);
  bt.function = Make("function", bt.object, Type::kInstanceDict);
  bt.method = Make("method", bt.object);
  bt.property = Make("property", bt.object, kBase);
  bt.super = Make("super", bt.object);
  bt.module = Make("module", bt.object);
  Finish(bt.object, kObjectMethods);
  AddMethods(bt.object, ObjectReduceMethods());
  Finish(bt.type, kTypeMethods);
  AddClassCreationMethods(bt);
  Finish(bt.native_function, kCallableMethods, kNativeGetSets);
  Finish(bt.staticmethod, kStaticMethods, kStaticGetSets);
  Finish(bt.classmethod, kClassMethods, kClassGetSets);
  Finish(bt.getset);
  Finish(bt.none, kNoneMethods);
  Finish(bt.not_implemented);
  Finish(bt.ellipsis);
  Finish(bt.cell, {}, kCellGetSets);
  Finish(bt.code, CodeMethods(), CodeGetSets());
  Finish(bt.function, kCallableMethods, kFunctionGetSets);
  Finish(bt.method, kMethodMethods, kMethodGetSets);
  Finish(bt.property, kPropertyMethods, kPropertyGetSets);
  Finish(bt.super, kSuperMethods);
  Finish(bt.module);
}

void InitNumberTypes(BuiltinTypes& bt) {
  g_bt = &bt;
  constexpr uint32_t kValue = Type::kBaseType | Type::kValueBase | Type::kOperatorSlots;
  bt.int_ = Make("int", bt.object, kValue);
  bt.bool_ = Make("bool", bt.int_);
  bt.float_ = Make("float", bt.object, kValue);
  AddIntMethods(bt.int_);
  Finish(bt.int_, IntTypeMethods());
  Finish(bt.bool_, BoolTypeMethods());
  Finish(bt.float_, FloatTypeMethods());
}

void InitExceptionTypes(BuiltinTypes& bt) {
  g_bt = &bt;
  constexpr uint32_t kF = Type::kBaseType | Type::kInstanceDict | Type::kExceptionType;
  bt.base_exception = Make("BaseException", bt.object, kF, AllocException);
  Finish(bt.base_exception, BaseExceptionMethods(), BaseExceptionGetSets());
  auto sub = [&](const char* name, Type* base) {
    Type* t = Make(name, base, kF);
    Finish(t);
    return t;
  };
  bt.system_exit = sub("SystemExit", bt.base_exception);
  bt.keyboard_interrupt = sub("KeyboardInterrupt", bt.base_exception);
  bt.generator_exit = sub("GeneratorExit", bt.base_exception);
  bt.exception = sub("Exception", bt.base_exception);
  bt.type_error = sub("TypeError", bt.exception);
  bt.value_error = sub("ValueError", bt.exception);
  bt.unicode_error = sub("UnicodeError", bt.value_error);
  bt.unicode_decode_error = sub("UnicodeDecodeError", bt.unicode_error);
  bt.unicode_encode_error = sub("UnicodeEncodeError", bt.unicode_error);
  bt.runtime_error = sub("RuntimeError", bt.exception);
  bt.not_implemented_error = sub("NotImplementedError", bt.runtime_error);
  bt.recursion_error = sub("RecursionError", bt.runtime_error);
  bt.assertion_error = sub("AssertionError", bt.exception);
  bt.lookup_error = sub("LookupError", bt.exception);
  bt.key_error = sub("KeyError", bt.lookup_error);
  bt.index_error = sub("IndexError", bt.lookup_error);
  bt.attribute_error = sub("AttributeError", bt.exception);
  bt.name_error = sub("NameError", bt.exception);
  bt.unbound_local_error = sub("UnboundLocalError", bt.name_error);
  bt.arithmetic_error = sub("ArithmeticError", bt.exception);
  bt.zero_division_error = sub("ZeroDivisionError", bt.arithmetic_error);
  bt.overflow_error = sub("OverflowError", bt.arithmetic_error);
  bt.stop_iteration = sub("StopIteration", bt.exception);
  bt.stop_async_iteration = sub("StopAsyncIteration", bt.exception);
  InitStopIterationType(bt);
  bt.import_error = sub("ImportError", bt.exception);
  bt.module_not_found_error = sub("ModuleNotFoundError", bt.import_error);
  bt.syntax_error = sub("SyntaxError", bt.exception);
  bt.os_error = sub("OSError", bt.exception);
  InitOSErrorTypes(bt);
  InitSyntaxErrorTypes(bt);
  InitImportErrorType(bt);
  bt.warning = sub("Warning", bt.exception);
  bt.user_warning = sub("UserWarning", bt.warning);
  bt.deprecation_warning = sub("DeprecationWarning", bt.warning);
}

}  // namespace tc::script
