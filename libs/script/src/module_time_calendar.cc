// The `time` module's calendar half (CPython's Modules/timemodule.c over
// libc): struct_time, gmtime, localtime, mktime, strftime, asctime, ctime
// and the zone constants. logging's Formatter binds time.localtime and
// formats record times with strftime.
#include <time.h>

#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"

#include "tc/script/native.h"

#include "struct_seq.h"
#include "vm_internal.h"

namespace tc::script {

namespace {

// CPython's nine sequence fields (tm_zone and tm_gmtoff, attributes only
// in CPython, are not kept).
Type* StructTimeType() {
  static const char* const kFields[] = {"tm_year", "tm_mon",  "tm_mday", "tm_hour", "tm_min",
                                        "tm_sec",  "tm_wday", "tm_yday", "tm_isdst"};
  static Type* const kType = NewStructSeqType("struct_time", "time", kFields);
  return kType;
}

Value FromTm(const struct tm& t) {
  // Python's weekday counts from Monday, C's from Sunday; yday from 1.
  return NewStructSeq(
      StructTimeType(),
      {Value::Int(t.tm_year + 1900), Value::Int(t.tm_mon + 1), Value::Int(t.tm_mday),
       Value::Int(t.tm_hour), Value::Int(t.tm_min), Value::Int(t.tm_sec),
       Value::Int((t.tm_wday + 6) % 7), Value::Int(t.tm_yday + 1), Value::Int(t.tm_isdst)});
}

// The optional `secs` argument: now when absent or None; CPython's errors
// for a non-number or a value out of time_t's range.
bool SecondsArg(VM& vm, const ArgsView& args, const char* fname, time_t* out) {
  if (!CheckArgCount(vm, args, fname, 0, 1)) return false;
  if (args.nargs == 0 || args[0].is_none()) {
    *out = ::time(nullptr);
    return true;
  }
  double d;
  if (args[0].is_int()) {
    *out = static_cast<time_t>(args[0].as_int());
    return true;
  }
  if (!IsInstance(args[0], Types().float_)) {
    RaiseTypeError(
        vm, absl::StrFormat("'%s' object cannot be interpreted as an integer", TypeName(args[0])));
    return false;
  }
  if (!ToFloat(vm, args[0], &d)) return false;
  if (std::isnan(d)) {
    RaiseValueError(vm, "Invalid value NaN (not a number)");
    return false;
  }
  if (!(d > -9.2e18 && d < 9.2e18)) {
    Raise(vm, Types().overflow_error, "timestamp out of range for platform time_t");
    return false;
  }
  *out = static_cast<time_t>(std::floor(d));
  return true;
}

// A struct_time or 9-tuple as a struct tm, with CPython's checks.
bool ToTm(VM& vm, const Value& v, const char* fname, struct tm* t) {
  if (!IsInstance(v, Types().tuple)) {
    RaiseTypeError(vm, absl::StrFormat("Tuple or struct_time argument required"));
    return false;
  }
  const std::vector<Value>& items = Cast<TupleObject>(v)->items;
  if (items.size() != 9) {
    RaiseTypeError(vm, absl::StrFormat("%s(): illegal time tuple argument", fname));
    return false;
  }
  int64_t f[9];
  for (int i = 0; i < 9; ++i) {
    if (!ToInt(vm, items[i], &f[i])) return false;
  }
  *t = {};
  t->tm_year = static_cast<int>(f[0] - 1900);
  t->tm_mon = static_cast<int>(f[1] - 1);
  t->tm_mday = static_cast<int>(f[2]);
  t->tm_hour = static_cast<int>(f[3]);
  t->tm_min = static_cast<int>(f[4]);
  t->tm_sec = static_cast<int>(f[5]);
  t->tm_wday = static_cast<int>((f[6] + 1) % 7);
  t->tm_yday = static_cast<int>(f[7] - 1);
  t->tm_isdst = static_cast<int>(f[8]);
  return true;
}

// strftime/asctime's range checks (CPython's checktm after its fix-ups:
// a 0 month/day/yday is taken as 1).
bool CheckTm(VM& vm, struct tm* t) {
  if (t->tm_mon == -1) t->tm_mon = 0;
  if (t->tm_mday == 0) t->tm_mday = 1;
  if (t->tm_yday == -1) t->tm_yday = 0;
  const char* bad = nullptr;
  if (t->tm_mon < 0 || t->tm_mon > 11)
    bad = "month out of range";
  else if (t->tm_mday < 1 || t->tm_mday > 31)
    bad = "day of month out of range";
  else if (t->tm_hour < 0 || t->tm_hour > 23)
    bad = "hour out of range";
  else if (t->tm_min < 0 || t->tm_min > 59)
    bad = "minute out of range";
  else if (t->tm_sec < 0 || t->tm_sec > 61)
    bad = "seconds out of range";
  else if (t->tm_wday < 0)
    bad = "day of week out of range";
  else if (t->tm_yday < 0 || t->tm_yday > 365)
    bad = "day of year out of range";
  if (bad == nullptr) return true;
  RaiseValueError(vm, bad);
  return false;
}

// The time now as a struct tm in local time.
struct tm LocalNow() {
  time_t now = ::time(nullptr);
  struct tm t;
  localtime_r(&now, &t);
  return t;
}

// `secs` (or now) broken down in UTC or local time, with CPython's
// OverflowError when libc cannot.
bool BrokenDown(VM& vm, const ArgsView& args, const char* fname, bool local, struct tm* t) {
  time_t s;
  if (!SecondsArg(vm, args, fname, &s)) return false;
  if ((local ? localtime_r(&s, t) : gmtime_r(&s, t)) != nullptr) return true;
  Raise(vm, Types().overflow_error, "timestamp out of range for platform time_t");
  return false;
}

Value GmTime(VM& vm, const Value&, const ArgsView& args) {
  struct tm t;
  return BrokenDown(vm, args, "gmtime", false, &t) ? FromTm(t) : Value();
}

Value LocalTime(VM& vm, const Value&, const ArgsView& args) {
  struct tm t;
  return BrokenDown(vm, args, "localtime", true, &t) ? FromTm(t) : Value();
}

Value MkTime(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "mktime", 1, 1)) return {};
  struct tm t;
  if (!ToTm(vm, args[0], "mktime", &t)) return {};
  t.tm_wday = -1;  // mktime sets it; still -1 means the time was not representable
  time_t r = ::mktime(&t);
  if (r == static_cast<time_t>(-1) && t.tm_wday == -1) {
    return Raise(vm, Types().overflow_error, "mktime argument out of range");
  }
  return Value::Float(static_cast<double>(r));
}

Value StrFTime(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "strftime", 1, 2)) return {};
  const std::string* fmt = StrValue(args[0]);
  if (fmt == nullptr) {
    return RaiseTypeError(
        vm, absl::StrFormat("strftime() argument 1 must be str, not %s", TypeName(args[0])));
  }
  struct tm t;
  if (args.nargs == 2) {
    if (!ToTm(vm, args[1], "strftime", &t) || !CheckTm(vm, &t)) return {};
  } else {
    t = LocalNow();
  }
  if (fmt->empty()) return NewStr("");
  // Grow the buffer until the result fits, as CPython does (an empty
  // result from a non-empty format is taken as "did not fit" for a while).
  for (size_t size = 256; size <= 256 * fmt->size() + 4096; size *= 2) {
    std::string buf(size, '\0');
    size_t n = ::strftime(buf.data(), size, fmt->c_str(), &t);
    if (n > 0 || size >= 256 * fmt->size()) {
      buf.resize(n);
      return NewStr(std::move(buf));
    }
  }
  return NewStr("");
}

// "Sun Jun 20 23:21:05 1993", CPython's own format (not libc's asctime).
std::string AscTime(const struct tm& t) {
  static const char* const kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  return absl::StrFormat("%s %s%3d %.2d:%.2d:%.2d %d", kDays[t.tm_wday], kMonths[t.tm_mon],
                         t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec, 1900 + t.tm_year);
}

Value AscTimeFn(VM& vm, const Value&, const ArgsView& args) {
  if (!CheckArgCount(vm, args, "asctime", 0, 1)) return {};
  struct tm t;
  if (args.nargs == 1) {
    if (!ToTm(vm, args[0], "asctime", &t) || !CheckTm(vm, &t)) return {};
  } else {
    t = LocalNow();
  }
  return NewStr(AscTime(t));
}

Value CTime(VM& vm, const Value&, const ArgsView& args) {
  struct tm t;
  return BrokenDown(vm, args, "ctime", true, &t) ? NewStr(AscTime(t)) : Value();
}

constexpr MethodDef kCalendarFunctions[] = {
    {"gmtime", GmTime},     {"localtime", LocalTime}, {"mktime", MkTime},
    {"strftime", StrFTime}, {"asctime", AscTimeFn},   {"ctime", CTime},
};

}  // namespace

void AddTimeCalendar(ModuleObject* m) {
  AddFunctions(m, kCalendarFunctions);
  ModuleSet(m, "struct_time", Value::Borrow(StructTimeType()));
  // The zone constants as CPython computes them at import (tzset).
  ::tzset();
  ModuleSet(m, "timezone", Value::Int(::timezone));
  ModuleSet(m, "altzone", Value::Int(::timezone - 3600));
  ModuleSet(m, "daylight", Value::Int(::daylight));
  ModuleSet(m, "tzname", NewTuple({NewStr(::tzname[0]), NewStr(::tzname[1])}));
}

}  // namespace tc::script
