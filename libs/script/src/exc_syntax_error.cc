// SyntaxError objects (exc_syntax_error.h).
#include "exc_syntax_error.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

constexpr const char* kFields[] = {"filename", "lineno",     "offset",
                                   "text",     "end_lineno", "end_offset"};

// SyntaxError(msg, (filename, lineno, offset, text, end_lineno, end_offset)).
Value SyntaxErrorInit(VM& vm, const Value& self, const ArgsView& args) {
  auto* e = Cast<ExceptionObject>(self);
  e->args = NewTuple(std::vector<Value>(args.data, args.data + args.nargs));
  if (!vm.SetAttr(self, "msg", args.nargs >= 1 ? args[0] : Value::None())) return {};
  const std::vector<Value>* details = args.nargs == 2 ? TupleOrListItems(args[1]) : nullptr;
  if (args.nargs == 2 && (details == nullptr || details->size() < 4 || details->size() > 6)) {
    return RaiseTypeError(vm, "SyntaxError: details must be a tuple of 4 to 6 items");
  }
  for (size_t i = 0; i < 6; ++i) {
    Value v = details != nullptr && i < details->size() ? (*details)[i] : Value::None();
    if (!vm.SetAttr(self, kFields[i], std::move(v))) return {};
  }
  return vm.SetAttr(self, "print_file_and_line", Value::None()) ? Value::None() : Value();
}

Value SyntaxErrorStr(VM& vm, const Value& self, const ArgsView&) {
  Value msg = vm.GetAttr(self, "msg");
  Value filename = msg.is_null() ? Value() : vm.GetAttr(self, "filename");
  Value lineno = filename.is_null() ? Value() : vm.GetAttr(self, "lineno");
  if (lineno.is_null()) return {};
  std::string m;
  if (!vm.StrString(msg.is_none() ? Cast<ExceptionObject>(self)->args : msg, &m)) {
    return {};
  }
  const std::string* f = StrValue(filename);
  std::string base;
  if (f != nullptr) {
    size_t slash = f->rfind('/');
    base = slash == std::string::npos ? *f : f->substr(slash + 1);
  }
  if (f != nullptr && lineno.is_int()) {
    return NewStr(absl::StrCat(m, " (", base, ", line ", lineno.as_int(), ")"));
  }
  if (f != nullptr) return NewStr(absl::StrCat(m, " (", base, ")"));
  if (lineno.is_int()) return NewStr(absl::StrCat(m, " (line ", lineno.as_int(), ")"));
  return NewStr(m);
}

constexpr MethodDef kSyntaxErrorMethods[] = {{"__init__", SyntaxErrorInit},
                                             {"__str__", SyntaxErrorStr}};

}  // namespace

void InitSyntaxErrorTypes(BuiltinTypes& bt) {
  AddMethods(bt.syntax_error, kSyntaxErrorMethods);
  UpdateSlots(bt.syntax_error);
  bt.indentation_error = NewExceptionType(bt, "IndentationError", bt.syntax_error);
  bt.tab_error = NewExceptionType(bt, "TabError", bt.indentation_error);
}

Value NewSyntaxError(VM& vm, const SyntaxError& se) {
  const BuiltinTypes& T = Types();
  Type* t = se.type == "IndentationError" ? T.indentation_error
            : se.type == "TabError"       ? T.tab_error
                                          : T.syntax_error;
  auto opt_int = [](int v) { return v > 0 ? Value::Int(v) : Value::None(); };
  Value details = NewTuple({NewStr(se.filename), opt_int(se.line), opt_int(se.col),
                            se.line > 0 ? NewStr(se.text + "\n") : Value::None(),
                            opt_int(se.end_line > 0 ? se.end_line : se.line),
                            opt_int(se.end_col > 0 ? se.end_col : se.col + 1)});
  Value args[2] = {NewStr(se.msg), std::move(details)};
  return vm.Call(Value::Borrow(t), ArgsView(args, 2));
}

std::optional<SyntaxError> SyntaxErrorOf(VM& vm, const Value& exc) {
  if (!IsInstance(exc, Types().syntax_error) || exc.as_object()->dict == nullptr) {
    return std::nullopt;
  }
  DictObject* d = exc.as_object()->dict;
  const Value* lineno = DictGetStr(d, "lineno");
  const Value* filename = DictGetStr(d, "filename");
  if (lineno == nullptr || filename == nullptr || StrValue(*filename) == nullptr) {
    return std::nullopt;
  }
  auto int_of = [&](const char* name) {
    const Value* v = DictGetStr(d, name);
    return v != nullptr && v->is_int() ? static_cast<int>(v->as_int()) : 0;
  };
  SyntaxError se;
  se.type = exc.type()->name;
  se.filename = *StrValue(*filename);
  se.line = int_of("lineno");
  se.col = int_of("offset");
  se.end_line = int_of("end_lineno");
  se.end_col = int_of("end_offset");
  const Value* msg = DictGetStr(d, "msg");
  if (msg == nullptr || !vm.StrString(*msg, &se.msg)) vm.ClearException();
  const Value* text = DictGetStr(d, "text");
  if (text != nullptr && StrValue(*text) != nullptr) {
    se.text = *StrValue(*text);
    while (!se.text.empty() && (se.text.back() == '\n' || se.text.back() == '\r')) {
      se.text.pop_back();
    }
  } else {
    se.line = se.line > 0 ? se.line : 0;
  }
  return se;
}

}  // namespace tc::script
