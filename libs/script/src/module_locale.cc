// The _locale module, native in CPython too, behind CPython's own
// locale.py (and so gettext and argparse): setlocale, localeconv,
// nl_langinfo, getencoding, the LC_* and nl_langinfo constants, CHAR_MAX
// and locale.Error, over the C library's locale. As CPython does at
// start-up, LC_CTYPE is set from the environment when the module is first
// imported, with a C or POSIX locale coerced to C.UTF-8 (PEP 538).
// strcoll and strxfrm are left to locale.py's fallbacks (code point
// order, right for the C locale's collation).
#include <langinfo.h>
#include <locale.h>

#include <climits>
#include <string>

#include "absl/strings/str_format.h"

#include "vm_internal.h"

namespace tc::script {

namespace {

Type* LocaleErrorType() {
  static Type* t = [] {
    Type* e = NewExceptionType(Types(), "Error", Types().exception);
    e->module = "locale";
    e->qualname = "Error";
    return e;
  }();
  return t;
}

Value SetLocale(VM& vm, const Value&, const ArgsView& args) {
  static constexpr const char* kNames[] = {"category", "locale"};
  Value a[2];
  if (!ParseArgs(vm, args, "setlocale", kNames, 1, a)) return {};
  int64_t category;
  if (!ToInt(vm, a[0], &category)) return {};
  const char* result;
  if (a[1].is_null() || a[1].is_none()) {
    result = ::setlocale(static_cast<int>(category), nullptr);
  } else {
    const std::string* name = StrValue(a[1]);
    if (name == nullptr) {
      return RaiseTypeError(
          vm,
          absl::StrFormat("setlocale() argument 2 must be str or None, not %s", TypeName(a[1])));
    }
    result = ::setlocale(static_cast<int>(category), name->c_str());
  }
  if (result == nullptr) return Raise(vm, LocaleErrorType(), "unsupported locale setting");
  return NewStr(result);
}

// A grouping string (a byte per group, CHAR_MAX or 0 ending it) as
// CPython's list: up to and including a CHAR_MAX, or up to the 0.
Value GroupingList(const char* g) {
  std::vector<Value> items;
  for (; *g != '\0'; ++g) {
    items.push_back(Value::Int(static_cast<unsigned char>(*g)));
    if (*g == CHAR_MAX) break;
  }
  return NewList(std::move(items));
}

Value LocaleConv(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "localeconv", 0, 0)) return {};
  const lconv* lc = ::localeconv();
  Value d = NewDict();
  DictObject* t = DictTable(d);
  // CPython's order (Modules/_localemodule.c): the text fields, the
  // char-valued numbers and the groupings, interleaved as there.
  struct Field {
    const char* name;
    char* lconv::*text;
    char lconv::*number;
  };
  static constexpr Field kFields[] = {{"int_curr_symbol", &lconv::int_curr_symbol, nullptr},
                                      {"currency_symbol", &lconv::currency_symbol, nullptr},
                                      {"mon_decimal_point", &lconv::mon_decimal_point, nullptr},
                                      {"mon_thousands_sep", &lconv::mon_thousands_sep, nullptr},
                                      {"mon_grouping", &lconv::mon_grouping, nullptr},
                                      {"positive_sign", &lconv::positive_sign, nullptr},
                                      {"negative_sign", &lconv::negative_sign, nullptr},
                                      {"int_frac_digits", nullptr, &lconv::int_frac_digits},
                                      {"frac_digits", nullptr, &lconv::frac_digits},
                                      {"p_cs_precedes", nullptr, &lconv::p_cs_precedes},
                                      {"p_sep_by_space", nullptr, &lconv::p_sep_by_space},
                                      {"n_cs_precedes", nullptr, &lconv::n_cs_precedes},
                                      {"n_sep_by_space", nullptr, &lconv::n_sep_by_space},
                                      {"p_sign_posn", nullptr, &lconv::p_sign_posn},
                                      {"n_sign_posn", nullptr, &lconv::n_sign_posn},
                                      {"decimal_point", &lconv::decimal_point, nullptr},
                                      {"thousands_sep", &lconv::thousands_sep, nullptr},
                                      {"grouping", &lconv::grouping, nullptr}};
  for (const Field& f : kFields) {
    std::string_view name(f.name);
    Value v = f.number != nullptr          ? Value::Int(lc->*f.number)
              : name.ends_with("grouping") ? GroupingList(lc->*f.text)
                                           : NewStr(lc->*f.text);
    DictSetStr(t, f.name, std::move(v));
  }
  return d;
}

struct LangInfoItem {
  const char* name;
  nl_item item;
};
constexpr LangInfoItem kLangInfo[] = {
    {"CODESET", CODESET},
    {"D_T_FMT", D_T_FMT},
    {"D_FMT", D_FMT},
    {"T_FMT", T_FMT},
    {"T_FMT_AMPM", T_FMT_AMPM},
    {"AM_STR", AM_STR},
    {"PM_STR", PM_STR},
    {"DAY_1", DAY_1},
    {"DAY_2", DAY_2},
    {"DAY_3", DAY_3},
    {"DAY_4", DAY_4},
    {"DAY_5", DAY_5},
    {"DAY_6", DAY_6},
    {"DAY_7", DAY_7},
    {"ABDAY_1", ABDAY_1},
    {"ABDAY_2", ABDAY_2},
    {"ABDAY_3", ABDAY_3},
    {"ABDAY_4", ABDAY_4},
    {"ABDAY_5", ABDAY_5},
    {"ABDAY_6", ABDAY_6},
    {"ABDAY_7", ABDAY_7},
    {"MON_1", MON_1},
    {"MON_2", MON_2},
    {"MON_3", MON_3},
    {"MON_4", MON_4},
    {"MON_5", MON_5},
    {"MON_6", MON_6},
    {"MON_7", MON_7},
    {"MON_8", MON_8},
    {"MON_9", MON_9},
    {"MON_10", MON_10},
    {"MON_11", MON_11},
    {"MON_12", MON_12},
    {"ABMON_1", ABMON_1},
    {"ABMON_2", ABMON_2},
    {"ABMON_3", ABMON_3},
    {"ABMON_4", ABMON_4},
    {"ABMON_5", ABMON_5},
    {"ABMON_6", ABMON_6},
    {"ABMON_7", ABMON_7},
    {"ABMON_8", ABMON_8},
    {"ABMON_9", ABMON_9},
    {"ABMON_10", ABMON_10},
    {"ABMON_11", ABMON_11},
    {"ABMON_12", ABMON_12},
    {"RADIXCHAR", RADIXCHAR},
    {"THOUSEP", THOUSEP},
    {"YESEXPR", YESEXPR},
    {"NOEXPR", NOEXPR},
    {"CRNCYSTR", CRNCYSTR},
    {"ERA", ERA},
    {"ERA_D_FMT", ERA_D_FMT},
    {"ERA_D_T_FMT", ERA_D_T_FMT},
    {"ERA_T_FMT", ERA_T_FMT},
    {"ALT_DIGITS", ALT_DIGITS},
};

Value NlLangInfo(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "nl_langinfo", 1, 1)) return {};
  int64_t key;
  if (!ToInt(vm, args[0], &key)) return {};
  for (const LangInfoItem& i : kLangInfo) {
    if (i.item == key) return NewStr(::nl_langinfo(i.item));
  }
  return RaiseValueError(vm, "unsupported langinfo constant");
}

Value GetEncoding(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "getencoding", 0, 0)) return {};
  return NewStr(::nl_langinfo(CODESET));
}

constexpr MethodDef kFunctions[] = {{"setlocale", SetLocale},
                                    {"localeconv", LocaleConv},
                                    {"nl_langinfo", NlLangInfo},
                                    {"getencoding", GetEncoding}};

// CPython's start-up locale: LC_CTYPE from the environment, a C or POSIX
// one coerced to C.UTF-8. Done once per process.
void InitCtypeLocale() {
  static const bool done = [] {
    const char* got = ::setlocale(LC_CTYPE, "");
    std::string name = got == nullptr ? "C" : got;
    if (name == "C" || name == "POSIX") {
      if (::setlocale(LC_CTYPE, "C.UTF-8") == nullptr) ::setlocale(LC_CTYPE, "C");
    }
    return true;
  }();
  (void)done;
}

}  // namespace

bool InitLocaleModule(VM&, ModuleObject* m) {
  InitCtypeLocale();
  AddFunctions(m, kFunctions);
  ModuleSet(m, "Error", Value::Borrow(LocaleErrorType()));
  ModuleSet(m, "CHAR_MAX", Value::Int(CHAR_MAX));
  for (auto [name, v] : {std::pair{"LC_CTYPE", LC_CTYPE},
                         {"LC_COLLATE", LC_COLLATE},
                         {"LC_TIME", LC_TIME},
                         {"LC_MONETARY", LC_MONETARY},
                         {"LC_NUMERIC", LC_NUMERIC},
                         {"LC_ALL", LC_ALL},
                         {"LC_MESSAGES", LC_MESSAGES}}) {
    ModuleSet(m, name, Value::Int(v));
  }
  for (const LangInfoItem& i : kLangInfo) ModuleSet(m, i.name, Value::Int(i.item));
  return true;
}

}  // namespace tc::script
