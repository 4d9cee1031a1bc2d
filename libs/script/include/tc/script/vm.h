// VM: runs compiled script code. One VM is one interpreter: its module
// table, builtins, exception state and value stack. Not thread-safe
// (reference counts are not atomic); use one VM per thread.
//
// Native code calls back into script through Call/CallMethod/GetAttr and
// the operator helpers; each returns the null Value (or false / -1) with
// an exception set on the VM when the script raised.
#ifndef TC_SCRIPT_VM_H_
#define TC_SCRIPT_VM_H_

#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tc/script/bytecode.h"
#include "tc/script/code.h"
#include "tc/script/extension.h"
#include "tc/script/frame_hook.h"
#include "tc/script/object.h"
#include "tc/script/value.h"

namespace tc::script {

struct ArgsView;
struct Frame;
struct FoundModule;

class VM {
 public:
  VM();
  ~VM();
  VM(const VM&) = delete;
  VM& operator=(const VM&) = delete;

  // --- Running code -------------------------------------------------------
  // Runs a module body as module `module_name` (e.g. "__main__") and
  // returns the module, or null with the exception set.
  Value RunModule(std::shared_ptr<const Code> code, std::string_view module_name);
  // Runs `code` with `globals` as its globals, and `ns` (when not null) as
  // the namespace its LOAD_NAME / STORE_NAME use (exec() with locals).
  Value RunCode(std::shared_ptr<const Code> code, DictObject* globals, DictObject* ns = nullptr);
  // Wraps a Code as a CodeObject (constants converted, names interned).
  Ref<CodeObject> MakeCodeObject(std::shared_ptr<const Code> code);

  // sys.argv for scripts.
  void SetArgv(std::vector<std::string> argv);
  // print() writes here instead of stdout when set (tests).
  void SetOutput(std::string* sink) { output_ = sink; }
  void Write(std::string_view text, bool to_stderr = false);

  // --- Calling -----------------------------------------------------------
  Value Call(const Value& callable, const ArgsView& args);
  Value Call(const Value& callable, std::initializer_list<Value> args);
  Value CallKw(const Value& callable, std::span<const Value> args,
               std::span<const std::pair<std::string_view, Value>> kwargs);
  Value CallMethod(const Value& obj, std::string_view name, std::initializer_list<Value> args);
  // Runs a script function's frame with its parameters already bound
  // (`params` as in FrameHookCall), without consulting the frame hook.
  Value RunFunction(FunctionObject* fn, Value* params);
  // Binds a call's arguments to `fn`'s parameter slots as a call would
  // (defaults, *args, **kwargs; TypeError as CPython words it), writing
  // code->nparams values to `params`. False with the exception set.
  bool BindArguments(FunctionObject* fn, Value* params, const Value* args, int32_t nargs,
                     const TupleObject* kwnames, const Value* self) {
    return BindArgs(fn, params, args, nargs, kwnames, self);
  }

  // Runs instruction `pc` of `fn`'s code once, outside the eval loop, on
  // `stack`: the operand stack the instruction sees (top last), which it
  // pops its operands from and pushes its results onto exactly as the eval
  // loop would. For callers that rebuilt a frame's state elsewhere
  // (frame-capture runs the instruction a graph broke on, then the resume
  // function), so that only the VM gives bytecode its meaning. Supports the
  // instructions that neither jump nor read locals, cells or the block
  // stack: calls (CALL, CALL_KW, CALL_METHOD, CALL_METHOD_KW, CALL_EX),
  // LOAD_ATTR, STORE_ATTR, DELETE_ATTR, BINARY_SUBSCR, STORE_SUBSCR,
  // DELETE_SUBSCR, STORE_GLOBAL (into fn's globals), the unary, binary,
  // in-place and compare operators, and FORMAT_VALUE; any other raises
  // RuntimeError. False with the exception set when the instruction raised
  // (the stack then holds what was left below its operands); no traceback
  // entry is added for `fn` (see AddTracebackEntry).
  bool RunInstruction(FunctionObject* fn, int32_t pc, std::vector<Value>* stack);

  // --- Attributes, operators, conversions --------------------------------
  Value GetAttr(const Value& obj, std::string_view name);
  Value GetAttr(const Value& obj, StrObject* name);
  // Like GetAttr but a missing attribute is null with no exception set.
  Value GetAttrOrNull(const Value& obj, StrObject* name);
  bool SetAttr(const Value& obj, std::string_view name, Value v);
  bool SetAttr(const Value& obj, StrObject* name, Value v);
  bool DelAttr(const Value& obj, StrObject* name);
  // object.__setattr__ / object.__delattr__: SetAttr / DelAttr without a
  // class's __setattr__ / __delattr__ hook (what such a hook calls through
  // super() to actually store).
  bool GenericSetAttr(const Value& obj, StrObject* name, Value v);
  bool GenericDelAttr(const Value& obj, StrObject* name);
  Value Binary(BinaryOp op, const Value& a, const Value& b);
  Value Inplace(BinaryOp op, const Value& a, const Value& b);
  Value Unary(UnaryOp op, const Value& a);
  Value Compare(CompareOp op, const Value& a, const Value& b);
  int Equal(const Value& a, const Value& b);  // 1, 0, -1 on error
  int Truthy(const Value& v);                 // 1, 0, -1 on error
  Value GetItem(const Value& c, const Value& key);
  bool SetItem(const Value& c, const Value& key, Value v);
  bool DelItem(const Value& c, const Value& key);
  int Contains(const Value& c, const Value& item);  // 1, 0, -1
  Value Len(const Value& v);
  bool Length(const Value& v, int64_t* out);
  bool Hash(const Value& v, int64_t* out);
  Value Iter(const Value& v);
  // The next item; null with no exception when exhausted.
  Value Next(const Value& it);
  // Appends every item of an iterable.
  bool Extend(std::vector<Value>* out, const Value& iterable);
  Value Repr(const Value& v);
  Value Str(const Value& v);
  // ascii(v): the repr with non-ASCII characters escaped.
  Value Ascii(const Value& v);
  // repr()/str() as std::string; false on error.
  bool ReprString(const Value& v, std::string* out);
  bool StrString(const Value& v, std::string* out);
  Value Format(const Value& v, std::string_view spec);

  // --- Modules -----------------------------------------------------------
  // Imports a module by absolute dotted name (parents first), as CPython's
  // importlib: sys.modules, then builtin modules, then source files along
  // sys.path (vm_import.cc); returns the leaf module.
  Value Import(std::string_view dotted_name);
  // The IMPORT_NAME instruction: `spec` is the dotted name with one leading
  // dot per level of a relative import ("..m", "." for `from . import x`),
  // resolved against the importing module's `globals` (__package__).
  Value ImportName(std::string_view spec, DictObject* globals);
  // The IMPORT_FROM instruction: attribute `name` of `module`, else its
  // submodule, else CPython's "cannot import name" ImportError.
  Value ImportFrom(const Value& module, StrObject* name);
  // The IMPORT_STAR instruction: binds in `ns` each name of the module's
  // __all__, else each key of its __dict__ not starting with '_'
  // (CPython's import_all_from, with its errors). False on error.
  bool ImportStar(const Value& module, DictObject* ns);
  DictObject* builtins() const { return builtins_.get(); }
  DictObject* modules() const { return modules_.get(); }

  // --- Exceptions --------------------------------------------------------
  Value Raise(Type* type, std::string message);  // always returns null
  // Sets the exception being raised (an instance or an exception class).
  void SetException(Value exc);
  bool HasException() const { return !exception_.is_null(); }
  const Value& exception() const { return exception_; }
  Value TakeException() { return std::move(exception_); }
  // Records that the pending exception passed through `code` at `line`
  // (for callers that run a frame's work outside the interpreter loop).
  void AddTracebackEntry(CodeObject* code, int32_t line);
  void ClearException() { exception_ = Value(); }
  // Whether the pending exception is an instance of `type`.
  bool ExceptionMatches(Type* type) const;
  // Whether the pending exception means "no such attribute" to hasattr()
  // and getattr(o, name, default): an AttributeError, or an exception
  // marked by MarkUnsupportedAttribute (native.h).
  bool ExceptionIsMissingAttribute() const;
  // The traceback and message, exactly as CPython prints it.
  std::string FormatException(const Value& exc);
  // Instantiates an exception class with one message argument.
  Value NewException(Type* type, std::string message);

  // --- Extension slot ----------------------------------------------------
  // The VM's owned per-interpreter state of a higher library
  // (frame-capture's Dynamo runtime). Destroyed first when the VM dies,
  // while modules and builtins still exist.
  Extension* extension() const { return extension_.get(); }
  void set_extension(std::unique_ptr<Extension> e) { extension_ = std::move(e); }

  // --- Eval-frame hook ---------------------------------------------------
  void SetFrameHook(FrameHook hook, void* user_data) {
    frame_hook_ = hook;
    frame_hook_data_ = user_data;
  }
  FrameHook frame_hook() const { return frame_hook_; }

  // Where the innermost running script frame is ("file.py", line), for
  // messages like "torch.foo is not supported by tc (script.py:12)".
  bool CurrentLocation(std::string* filename, int32_t* line) const;

  // --- Internals (the eval loop and builtins) ----------------------------
  Value CallFunction(FunctionObject* fn, const Value* args, int32_t nargs,
                     const TupleObject* kwnames, const Value* self);
  Value CallType(Type* t, const ArgsView& args);
  Value CallWithSelf(const Value& callable, const Value& self, const ArgsView& args);
  Value Eval(Frame* f);
  Value Descr(const Value& attr, const Value& obj, Type* owner);  // binds a class attribute
  Value LoadSuper(const Value& cls, const Value& self, StrObject* name);
  // The class statement: bases tuple, keywords dict (or None), the body
  // function run in the namespace the metaclass prepares.
  Value MakeClass(const Value& body, const Value& bases, const Value& kwargs, StrObject* name);
  // Runs a class body function with `ns` as its namespace.
  Value RunClassBody(FunctionObject* body, DictObject* ns);
  Value GetBuiltin(StrObject* name) const;
  bool RecursionEnter();
  void RecursionLeave() { --depth_; }
  // sys.getrecursionlimit / setrecursionlimit and the current depth.
  int32_t recursion_limit() const { return recursion_limit_; }
  void set_recursion_limit(int32_t limit) { recursion_limit_ = limit; }
  int32_t recursion_depth() const { return depth_; }
  const Value& handled_exception() const { return handled_; }
  void set_handled_exception(Value v) { handled_ = std::move(v); }
  Frame* current_frame() const { return frame_; }

 private:
  friend struct VMAccess;
  bool BindArgs(FunctionObject* fn, Value* locals, const Value* args, int32_t nargs,
                const TupleObject* kwnames, const Value* self);
  bool RunCallInstruction(const Instruction& ins, std::vector<Value>* stack);
  bool ResolveRelativeName(std::string_view name, std::string_view package, int level,
                           std::string* out);
  Value InitBuiltinModule(const std::string& name, bool (*init)(VM&, ModuleObject*));
  Value LoadSourceModule(const std::string& name, const FoundModule& found);

  Ref<DictObject> builtins_;
  Ref<DictObject> modules_;  // sys.modules
  Value exception_;          // being raised
  Value handled_;            // being handled (bare `raise`, __context__)
  std::string* output_ = nullptr;
  FrameHook frame_hook_ = nullptr;
  void* frame_hook_data_ = nullptr;
  Frame* frame_ = nullptr;  // innermost running frame
  int32_t depth_ = 0;
  int32_t recursion_limit_ = 1000;
  // Value stack for frames: locals, cells and operand stacks.
  // calloc'ed: an all-zero Value is null, so untouched pages stay unmapped.
  Value* stack_ = nullptr;
  Value* stack_top_ = nullptr;
  Value* stack_end_ = nullptr;
  std::unique_ptr<Extension> extension_;
};

}  // namespace tc::script

#endif  // TC_SCRIPT_VM_H_
