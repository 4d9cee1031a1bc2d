// VM lifecycle: construction (builtins, module table), running module
// code, converting Code constants, imports through the module registry,
// raising exceptions and formatting tracebacks like CPython 3.11.
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

#include "tc/script/bigint.h"
#include "tc/script/module_registry.h"
#include "tc/script/native.h"
#include "tc/script/syntax_error.h"

#include "exc_syntax_error.h"
#include "src/obj_complex.h"
#include "vm_internal.h"

namespace tc::script {

namespace {
constexpr size_t kStackValues = 1 << 20;  // 16 MiB of Values for all frames

Value ConstToValue(VM& vm, const Const& c) {
  struct Visitor {
    VM& vm;
    Value operator()(ConstNone) const { return Value::None(); }
    Value operator()(bool b) const { return Value::Bool(b); }
    Value operator()(int64_t i) const { return Value::Int(i); }
    Value operator()(double d) const { return Value::Float(d); }
    Value operator()(const ConstStr& s) const {
      // Short identifier-like strings are interned (dict keys, attributes).
      if (s.value.size() <= 32) return InternStr(s.value);
      return NewStr(s.value);
    }
    Value operator()(const ConstBytes& b) const { return NewBytes(b.value); }
    Value operator()(const ConstBigInt& b) const { return IntFromDecimal(b.decimal); }
    Value operator()(const ConstImaginary& c) const { return NewComplex(0.0, c.imag); }
    Value operator()(const std::shared_ptr<const ConstTuple>& t) const {
      std::vector<Value> items;
      for (const Const& c : t->items) items.push_back(ConstToValue(vm, c));
      return NewTuple(std::move(items));
    }
    Value operator()(const std::shared_ptr<const Code>& code) const {
      return Value::Adopt(vm.MakeCodeObject(code).Release());
    }
  };
  return std::visit(Visitor{vm}, c);
}

// Where CPython's pure-Python standard library lives on Debian 12
// (libpython3.11-minimal and libpython3.11-stdlib); read at run time,
// never copied into the tree.
constexpr char kStdlibDir[] = "/usr/lib/python3.11";

std::string AbsolutePath(std::string_view p) {
  std::error_code ec;
  std::filesystem::path abs = std::filesystem::absolute(std::filesystem::path(p), ec);
  return ec ? std::string(p) : abs.lexically_normal().string();
}

// sys.path[0] for a script: its directory with symlinks resolved (CPython
// realpath()s the script), "" for no script ("-c", tests).
std::string ScriptDirectory(const std::string& script) {
  if (script.empty() || script == "-c") return "";
  std::error_code ec;
  std::filesystem::path real = std::filesystem::canonical(script, ec);
  if (ec) real = std::filesystem::path(AbsolutePath(script));
  return real.parent_path().string();
}

}  // namespace

VM::VM() {
  const BuiltinTypes& T = Types();
  stack_ = static_cast<Value*>(std::calloc(kStackValues, sizeof(Value)));
  stack_top_ = stack_;
  stack_end_ = stack_ + kStackValues;
  builtins_ = Ref<DictObject>::Adopt(static_cast<DictObject*>(NewDict().Release()));
  modules_ = Ref<DictObject>::Adopt(static_cast<DictObject*>(NewDict().Release()));
  InitBuiltinFunctions(*this, builtins_.get());
  InstallBuiltinDunders();
  (void)T;
  SetArgv({""});
}

VM::~VM() {
  // The extension may hold script values and run script-side cleanup.
  extension_.reset();
  exception_ = Value();
  handled_ = Value();
  // Module dicts can reference each other; break the cycles by clearing.
  for (auto& e : modules_->entries) {
    if (e.value.is_object() && e.value.as_object()->dict != nullptr) {
      DictObject* d = e.value.as_object()->dict;
      std::vector<DictObject::Entry> entries = std::move(d->entries);
      DictClear(d);
    }
  }
  // Frames are gone: every slot is null again, nothing to destroy.
  std::free(stack_);
}

Ref<CodeObject> VM::MakeCodeObject(std::shared_ptr<const Code> code) {
  auto co = Ref<CodeObject>::Adopt(new CodeObject(Types().code));
  co->code = code;
  for (const Const& c : code->consts) co->consts.push_back(ConstToValue(*this, c));
  for (const std::string& n : code->names) co->names.push_back(Ref<StrObject>::Borrow(Intern(n)));
  for (const std::string& n : code->varnames) {
    co->varnames.push_back(Ref<StrObject>::Borrow(Intern(n)));
  }
  co->nlocals = static_cast<int32_t>(code->varnames.size());
  co->ncells = static_cast<int32_t>(code->cellvars.size() + code->freevars.size());
  co->nparams = code->argcount + code->kwonly_argcount + ((code->flags & Code::kVarArgs) ? 1 : 0) +
                ((code->flags & Code::kVarKeywords) ? 1 : 0);
  co->frame_size = co->nlocals + co->ncells + code->max_stack + 4;
  co->global_cache.resize(code->instructions.size());
  return co;
}

Value VM::RunCode(std::shared_ptr<const Code> code, DictObject* globals, DictObject* ns) {
  Ref<CodeObject> co = MakeCodeObject(std::move(code));
  if (stack_top_ + co->frame_size > stack_end_ || !RecursionEnter()) {
    return Raise(Types().recursion_error, "maximum recursion depth exceeded");
  }
  Value* locals = stack_top_;
  stack_top_ += co->frame_size;
  if (co->ncells > 0) {
    for (int32_t i = 0; i < co->ncells; ++i)
      locals[co->nlocals + i] = Value::Adopt(new CellObject(Types().cell));
  }
  Frame f;
  f.code = co.get();
  f.globals = globals;
  f.ns = ns;
  f.locals = locals;
  Value r = Eval(&f);
  for (Value *p = locals, *e = locals + co->nlocals + co->ncells; p < e; ++p) *p = Value();
  stack_top_ = locals;
  RecursionLeave();
  return r;
}

Value VM::RunModule(std::shared_ptr<const Code> code, std::string_view module_name) {
  auto* m = new ModuleObject(Types().module);
  Value mv = Value::Adopt(m);
  m->name = std::string(module_name);
  ModuleSet(m, "__name__", NewStr(m->name));
  ModuleSet(m, "__file__", NewStr(code->filename));
  ModuleSet(m, "__builtins__", Value::Borrow(builtins_.get()));
  ModuleSet(m, "__doc__", Value::None());
  // A script run by path has no package and no spec (CPython's __main__).
  ModuleSet(m, "__package__", Value::None());
  ModuleSet(m, "__spec__", Value::None());
  ModuleSet(m, "__loader__", Value::None());
  DictSetStr(modules_.get(), m->name, mv);
  Value r = RunCode(std::move(code), m->dict);
  if (r.is_null()) return r;
  return mv;
}

void VM::SetArgv(std::vector<std::string> argv) {
  Value sys = Import("sys");
  if (sys.is_null()) {
    ClearException();
    return;
  }
  auto* m = static_cast<ModuleObject*>(sys.as_object());
  // sys.path as CPython builds it: the script's directory (symlinks
  // resolved; '' when there is no script: the current directory), the
  // PYTHONPATH entries, then the standard library's directory.
  std::vector<Value> path = {NewStr(argv.empty() ? "" : ScriptDirectory(argv[0]))};
  if (const char* pp = std::getenv("PYTHONPATH"); pp != nullptr && *pp != '\0') {
    for (absl::string_view entry : absl::StrSplit(pp, ':')) {
      if (!entry.empty()) path.push_back(NewStr(AbsolutePath(std::string(entry))));
    }
  }
  path.push_back(NewStr(kStdlibDir));
  ModuleSet(m, "path", NewList(std::move(path)));
  std::vector<Value> items;
  for (auto& a : argv) items.push_back(NewStr(std::move(a)));
  ModuleSet(m, "argv", NewList(std::move(items)));
}

void VM::Write(std::string_view text, bool to_stderr) {
  if (output_ != nullptr && !to_stderr) {
    output_->append(text);
    return;
  }
  std::fwrite(text.data(), 1, text.size(), to_stderr ? stderr : stdout);
}

bool VM::CurrentLocation(std::string* filename, int32_t* line) const {
  if (frame_ == nullptr) return false;
  const Code& c = *frame_->code->code;
  *filename = c.filename;
  *line = c.locations.empty() ? 0 : c.locations[frame_->pc].line;
  return true;
}

// --- Exceptions --------------------------------------------------------------

void VM::AddTracebackEntry(CodeObject* code, int32_t line) {
  if (exception_.is_object() && exception_.as_object()->type->has_flag(Type::kExceptionType)) {
    static_cast<ExceptionObject*>(exception_.as_object())
        ->traceback.push_back({Ref<CodeObject>::Borrow(code), line});
  }
}

Value NewExceptionArgs(Type* type, Value args_tuple) {
  Object* o = type->alloc != nullptr ? type->alloc(type) : new ExceptionObject(type);
  auto* e = static_cast<ExceptionObject*>(o);
  e->args = std::move(args_tuple);
  return Value::Adopt(o);
}

Value VM::NewException(Type* type, std::string message) {
  return NewExceptionArgs(type, NewTuple({NewStr(std::move(message))}));
}

Value VM::Raise(Type* type, std::string message) {
  SetException(NewException(type, std::move(message)));
  return Value();
}

void VM::SetException(Value exc) {
  if (exc.is_object() && exc.as_object()->type->has_flag(Type::kExceptionType) &&
      !handled_.is_null()) {
    auto* e = static_cast<ExceptionObject*>(exc.as_object());
    if (e->context.is_null() && handled_.as_object() != exc.as_object()) e->context = handled_;
  }
  exception_ = std::move(exc);
}

bool VM::ExceptionMatches(Type* type) const {
  return !exception_.is_null() && IsInstance(exception_, type);
}

bool VM::ExceptionIsMissingAttribute() const {
  const BuiltinTypes& T = Types();
  if (exception_.is_null()) return false;
  if (IsInstance(exception_, T.attribute_error)) return true;
  return IsInstance(exception_, T.base_exception) &&
         static_cast<ExceptionObject*>(exception_.as_object())->unsupported_attribute;
}

std::string ExceptionMessage(VM& vm, const Value& exc) {
  if (!exc.is_object() || !exc.as_object()->type->has_flag(Type::kExceptionType)) {
    std::string s;
    vm.StrString(exc, &s);
    return s;
  }
  Type* ty = exc.as_object()->type;
  const Value& str_slot = ty->slot(Slot::kStr);
  if (!str_slot.is_null()) {
    std::string s;
    if (vm.StrString(exc, &s)) return s;
    vm.ClearException();
    return "<exception str() failed>";
  }
  auto* e = static_cast<ExceptionObject*>(exc.as_object());
  if (!e->args.is_object()) return "";
  const auto& args = static_cast<TupleObject*>(e->args.as_object())->items;
  std::string s;
  if (args.empty()) return "";
  if (args.size() == 1) {
    if (IsSubtype(ty, Types().key_error)) {
      vm.ReprString(args[0], &s);
    } else {
      vm.StrString(args[0], &s);
    }
    return s;
  }
  vm.ReprString(e->args, &s);
  return s;
}

std::string VM::FormatException(const Value& exc) {
  std::string out;
  if (exc.is_object() && exc.as_object()->type->has_flag(Type::kExceptionType)) {
    auto* e = static_cast<ExceptionObject*>(exc.as_object());
    if (!e->cause.is_null()) {
      out += FormatException(e->cause);
      out += "\nThe above exception was the direct cause of the following exception:\n\n";
    } else if (!e->context.is_null() && !e->suppress_context) {
      out += FormatException(e->context);
      out += "\nDuring handling of the above exception, another exception occurred:\n\n";
    }
    if (!e->traceback.empty()) {
      out += "Traceback (most recent call last):\n";
      for (auto it = e->traceback.rbegin(); it != e->traceback.rend(); ++it) {
        const Code& c = *it->code->code;
        out += absl::StrFormat("  File \"%s\", line %d, in %s\n", c.filename, it->line,
                               c.traceback_name.empty() ? c.name : c.traceback_name);
        if (c.source != nullptr) {
          std::string_view line = SourceLine(*c.source, it->line);
          size_t b = line.find_first_not_of(" \t\f");
          if (b != std::string_view::npos) {
            size_t en = line.find_last_not_of(" \t\r\f");
            out += absl::StrCat("    ", std::string(line.substr(b, en - b + 1)), "\n");
          }
        }
      }
    }
  }
  if (std::optional<SyntaxError> se = SyntaxErrorOf(*this, exc)) {
    // CPython's report of a SyntaxError: where, the line and carets.
    if (HasException()) ClearException();
    if (se->line > 0 && !se->text.empty()) return out + se->Format();
    return absl::StrCat(out, "  File \"", se->filename, "\", line ", se->line, "\n", se->type, ": ",
                        se->msg, "\n");
  }
  Type* ty = exc.type();
  std::string name = ty->module == "builtins" || ty->module == "__main__" || ty->module.empty()
                         ? ty->qualname
                         : absl::StrCat(ty->module, ".", ty->qualname);
  std::string msg = ExceptionMessage(*this, exc);
  if (HasException()) ClearException();
  out += msg.empty() ? name + "\n" : absl::StrCat(name, ": ", msg, "\n");
  return out;
}

}  // namespace tc::script
