// The builtins that run source text: exec, eval and compile, and locals()
// (builtins_functions.cc installs them). CPython's dataclasses, namedtuple
// and friends build functions by exec()ing generated source in a globals
// dict with a separate locals dict.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

#include "tc/script/compiler.h"
#include "tc/script/native.h"

#include "exc_syntax_error.h"
#include "module_unsupported.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

const BuiltinTypes& T() { return Types(); }

// The code of exec/eval's first argument: a code object, or str / bytes
// source compiled here (filename "<string>").
bool CodeOf(VM& vm, const Value& source, const char* fname, bool eval_mode, Value* out) {
  if (IsInstance(source, T().code)) {
    *out = source;
    return true;
  }
  std::string text;
  if (const std::string* s = StrValue(source)) {
    text = *s;
  } else if (source.is_object() && (source.type() == T().bytes || source.type() == T().bytearray)) {
    text = static_cast<BytesObject*>(source.as_object())->data;
  } else {
    RaiseTypeError(vm, absl::StrFormat("%s() arg 1 must be a string, bytes or code object", fname));
    return false;
  }
  if (eval_mode) {
    // eval() ignores leading spaces and tabs.
    size_t i = text.find_first_not_of(" \t");
    text.erase(0, i == std::string::npos ? text.size() : i);
  }
  CompileOptions options;
  options.names_in_namespace = true;
  options.eval_mode = eval_mode;
  absl::StatusOr<std::shared_ptr<const Code>> code = CompileText(text, "<string>", options);
  if (!code.ok()) {
    if (auto se = SyntaxError::FromStatus(code.status())) {
      vm.SetException(NewSyntaxError(vm, *se));
    } else {
      RaiseValueError(vm, std::string(code.status().message()));
    }
    return false;
  }
  *out = Value::Adopt(vm.MakeCodeObject(*std::move(code)).Release());
  return true;
}

// A snapshot of the current frame's local names: its namespace at module
// or class level, else a new dict of the function's bound locals and cells.
Value FrameLocals(VM& vm) {
  Frame* f = vm.current_frame();
  if (f == nullptr) return NewDict();
  if (f->ns != nullptr) return Value::Borrow(f->ns);
  if (f->func == nullptr) return Value::Borrow(f->globals);
  Value d = NewDict();
  auto* dict = static_cast<DictObject*>(d.as_object());
  const CodeObject* co = f->code;
  for (int32_t i = 0; i < co->nlocals; ++i) {
    if (!f->locals[i].is_null()) DictSetStr(dict, co->varnames[i]->value, f->locals[i]);
  }
  const Code& code = *co->code;
  int32_t ncell = static_cast<int32_t>(code.cellvars.size());
  for (int32_t i = 0; i < co->ncells; ++i) {
    const std::string& name = i < ncell ? code.cellvars[i] : code.freevars[i - ncell];
    auto* cell = static_cast<CellObject*>(f->locals[co->nlocals + i].as_object());
    if (!cell->value.is_null()) DictSetStr(dict, name, cell->value);
  }
  return d;
}

// exec(source, globals=None, locals=None) and eval(): runs the code with
// `globals` as its globals and `locals` as the namespace of its names.
Value RunIn(VM& vm, const ArgsView& args, const char* fname, bool eval_mode) {
  if (!CheckArgCount(vm, args, fname, 1, 3)) return {};
  Value globals = args.nargs > 1 ? args[1] : Value::None();
  Value locals = args.nargs > 2 ? args[2] : Value::None();
  if (!globals.is_none() && !IsInstance(globals, T().dict)) {
    return RaiseTypeError(vm, eval_mode ? std::string("globals must be a dict")
                                        : absl::StrCat("exec() globals must be a dict, not ",
                                                       std::string(TypeName(globals))));
  }
  if (!locals.is_none() && !IsInstance(locals, T().dict)) {
    return RaiseTypeError(vm, "locals must be a mapping");
  }
  if (globals.is_none()) {
    Frame* f = vm.current_frame();
    if (f == nullptr) return RaiseTypeError(vm, absl::StrFormat("%s() needs globals", fname));
    globals = Value::Borrow(f->globals);
    if (locals.is_none()) locals = FrameLocals(vm);
  } else if (locals.is_none()) {
    locals = globals;
  }
  auto* g = static_cast<DictObject*>(globals.as_object());
  if (DictGetStr(g, "__builtins__") == nullptr) {
    DictSetStr(g, "__builtins__", Value::Borrow(vm.builtins()));
  }
  Value code;
  if (!CodeOf(vm, args[0], fname, eval_mode, &code)) return {};
  auto* co = static_cast<CodeObject*>(code.as_object());
  if (!co->code->freevars.empty()) {
    return RaiseTypeError(
        vm, absl::StrFormat("code object passed to %s() may not contain free variables", fname));
  }
  DictObject* ns = locals.as_object() == g ? nullptr : static_cast<DictObject*>(locals.as_object());
  Value r = vm.RunCode(co->code, g, ns);
  if (r.is_null()) return {};
  return eval_mode ? r : Value::None();
}

Value ExecFn(VM& vm, const Value&, const ArgsView& args) { return RunIn(vm, args, "exec", false); }
Value EvalFn(VM& vm, const Value&, const ArgsView& args) { return RunIn(vm, args, "eval", true); }

// compile(source, filename, mode): a code object for exec ('exec') or eval
// ('eval'); flags and optimize are accepted and ignored.
Value CompileFn(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {
      "source", "filename", "mode", "flags", "dont_inherit", "optimize", "_feature_version"};
  Value a[7];
  if (!ParseArgs(vm, args, "compile", kNames, 3, a)) return {};
  const std::string* filename = StrValue(a[1]);
  const std::string* mode = StrValue(a[2]);
  if (filename == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("compile() argument 'filename' must be str, not %s", TypeName(a[1])));
  }
  if (mode == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("compile() argument 'mode' must be str, not %s", TypeName(a[2])));
  }
  if (*mode != "exec" && *mode != "eval" && *mode != "single") {
    return RaiseValueError(vm, "compile() mode must be 'exec', 'eval' or 'single'");
  }
  if (*mode == "single") return RaiseUnsupportedName(vm, "compile(mode='single')");
  // ast.parse(): compile() to a syntax tree (ast.PyCF_ONLY_AST, 0x400).
  if (a[3].is_int() && (a[3].as_int() & 0x400) != 0) {
    return RaiseUnsupportedName(vm, "ast.parse");
  }
  if (IsInstance(a[0], T().code)) return a[0];
  std::string text;
  if (const std::string* s = StrValue(a[0])) {
    text = *s;
  } else if (a[0].is_object() && (a[0].type() == T().bytes || a[0].type() == T().bytearray)) {
    text = static_cast<BytesObject*>(a[0].as_object())->data;
  } else {
    return RaiseTypeError(vm, "compile() arg 1 must be a string, bytes or AST object");
  }
  CompileOptions options;
  options.names_in_namespace = true;
  options.eval_mode = *mode == "eval";
  if (options.eval_mode) {
    size_t i = text.find_first_not_of(" \t");
    text.erase(0, i == std::string::npos ? text.size() : i);
  }
  absl::StatusOr<std::shared_ptr<const Code>> code = CompileText(text, *filename, options);
  if (!code.ok()) {
    if (auto se = SyntaxError::FromStatus(code.status())) {
      vm.SetException(NewSyntaxError(vm, *se));
      return {};
    }
    return RaiseValueError(vm, std::string(code.status().message()));
  }
  return Value::Adopt(vm.MakeCodeObject(*std::move(code)).Release());
}

Value LocalsFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "locals", 0, 0)) return {};
  return FrameLocals(vm);
}

constexpr MethodDef kExecBuiltins[] = {
    {"exec", ExecFn},
    {"eval", EvalFn},
    {"compile", CompileFn},
    {"locals", LocalsFn},
};

}  // namespace

void AddExecBuiltins(DictObject* b) {
  for (const MethodDef& d : kExecBuiltins) {
    DictSetStr(b, d.name, NewNativeFunction(d.name, d.fn, Value::None()));
  }
}

}  // namespace tc::script
