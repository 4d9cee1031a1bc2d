// Source names and fetching values back from a frame.
#include "tc/frame_capture/source.h"

#include "absl/strings/str_cat.h"

#include "tc/script/native.h"
#include "tc/script/vm.h"

namespace tc::frame_capture {

using script::Value;

namespace {
SourcePtr Make(Source s) { return std::make_shared<const Source>(std::move(s)); }
}  // namespace

SourcePtr Source::Local(std::string name, int64_t slot) {
  return Make({Kind::kLocal, std::move(name), slot, false, nullptr});
}
SourcePtr Source::Global(std::string name) {
  return Make({Kind::kGlobal, std::move(name), 0, false, nullptr});
}
SourcePtr Source::Closure(std::string name, int64_t cell) {
  return Make({Kind::kClosure, std::move(name), cell, false, nullptr});
}
SourcePtr Source::Attr(SourcePtr base, std::string name) {
  return Make({Kind::kAttr, std::move(name), 0, false, std::move(base)});
}
SourcePtr Source::Item(SourcePtr base, int64_t index) {
  return Make({Kind::kItem, "", index, false, std::move(base)});
}
SourcePtr Source::Key(SourcePtr base, std::string key) {
  return Make({Kind::kItem, std::move(key), 0, true, std::move(base)});
}
SourcePtr Source::Keys(SourcePtr base) {
  return Make({Kind::kKeys, "", 0, false, std::move(base)});
}
SourcePtr Source::CellContents(SourcePtr base, int64_t cell) {
  return Make({Kind::kCellContents, "", cell, false, std::move(base)});
}
SourcePtr Source::DictKeyAt(SourcePtr base, int64_t index) {
  return Make({Kind::kDictKeyAt, "", index, false, std::move(base)});
}
SourcePtr Source::DictValueAt(SourcePtr base, int64_t index) {
  return Make({Kind::kDictValueAt, "", index, false, std::move(base)});
}

bool IsDictForKeys(const Value& d) {
  if (!d.is_object()) return false;
  const script::Type* t = d.type();
  return t == script::Types().dict || (t->module == "collections" && t->name == "defaultdict");
}

Value DictKeysText(const Value& d) {
  if (!IsDictForKeys(d)) return Value();
  std::string out = "[";
  for (const auto& e : script::Cast<script::DictObject>(d)->entries) {
    if (e.key.is_null()) continue;
    if (out.size() > 1) out += ", ";
    if (const std::string* s = script::StrValue(e.key)) {
      out += '\'';
      for (char c : *s) {
        if (c == '\'' || c == '\\') out += '\\';
        out += c;
      }
      out += '\'';
    } else if (e.key.is_int()) {
      absl::StrAppend(&out, e.key.as_int());
    } else {
      out += '?';
    }
  }
  out += ']';
  return script::NewStr(std::move(out));
}

namespace {

// Name() (`full`) and ShortName() differ only in how the root is spelled:
// the guard form L['x'] / G['x'] or the bare variable name.
std::string Spell(const Source& s, bool full) {
  using Kind = Source::Kind;
  switch (s.kind) {
    case Kind::kLocal:
    case Kind::kClosure:
      return full ? absl::StrCat("L['", s.name, "']") : s.name;
    case Kind::kGlobal:
      return full ? absl::StrCat("G['", s.name, "']") : s.name;
    case Kind::kAttr:
      return absl::StrCat(Spell(*s.base, full), ".", s.name);
    case Kind::kItem:
      return s.dict_key ? absl::StrCat(Spell(*s.base, full), "['", s.name, "']")
                        : absl::StrCat(Spell(*s.base, full), "[", s.index, "]");
    case Kind::kKeys:
      return absl::StrCat(Spell(*s.base, full), ".keys()");
    case Kind::kCellContents:
      return absl::StrCat(Spell(*s.base, full), ".__closure__[", s.index, "].cell_contents");
    case Kind::kDictKeyAt:
      return absl::StrCat("list(dict.keys(", Spell(*s.base, full), "))[", s.index, "]");
    case Kind::kDictValueAt: {
      std::string base = Spell(*s.base, full);
      return absl::StrCat(base, "[list(dict.keys(", base, "))[", s.index, "]]");
    }
  }
  return "";
}

}  // namespace

std::string Source::Name() const { return Spell(*this, true); }

std::string Source::ShortName() const { return Spell(*this, false); }

bool Source::is_local_rooted() const {
  const Source* s = this;
  while (s->base != nullptr) s = s->base.get();
  return s->kind != Kind::kGlobal;
}

Value Fetch(script::VM& vm, const Source& source, const FrameView& frame) {
  switch (source.kind) {
    case Source::Kind::kLocal:
      return frame.params[source.index];
    case Source::Kind::kGlobal: {
      const Value* v = script::DictGetStr(frame.function->globals.get(), source.name);
      if (v == nullptr) v = script::DictGetStr(vm.builtins(), source.name);
      return v == nullptr ? Value() : *v;
    }
    case Source::Kind::kClosure:
    case Source::Kind::kCellContents: {
      script::CellObject* cell = FetchCell(vm, source, frame);
      return cell == nullptr ? Value() : cell->value;
    }
    case Source::Kind::kAttr: {
      Value base = Fetch(vm, *source.base, frame);
      if (base.is_null()) return base;
      Value v = vm.GetAttrOrNull(base, script::Intern(source.name));
      if (v.is_null()) vm.ClearException();
      return v;
    }
    case Source::Kind::kItem: {
      Value base = Fetch(vm, *source.base, frame);
      if (base.is_null()) return base;
      const script::Type* t = base.type();
      const auto& types = script::Types();
      if (source.dict_key) {
        if (!IsDictForKeys(base)) return Value();
        const Value* v = script::DictGetStr(script::Cast<script::DictObject>(base), source.name);
        return v == nullptr ? Value() : *v;
      }
      if (IsDictForKeys(base)) {  // an int key
        Value v;
        if (script::DictGet(vm, script::Cast<script::DictObject>(base), Value::Int(source.index),
                            &v) <= 0) {
          vm.ClearException();
          return Value();
        }
        return v;
      }
      const std::vector<Value>* items = nullptr;
      if (t == types.list) items = &script::Cast<script::ListObject>(base)->items;
      if (t == types.tuple) items = &script::Cast<script::TupleObject>(base)->items;
      if (items == nullptr || source.index >= static_cast<int64_t>(items->size())) return Value();
      return (*items)[source.index];
    }
    case Source::Kind::kKeys:
      return DictKeysText(Fetch(vm, *source.base, frame));
    case Source::Kind::kDictKeyAt:
    case Source::Kind::kDictValueAt: {
      Value base = Fetch(vm, *source.base, frame);
      if (!IsDictForKeys(base)) return Value();
      int64_t i = 0;
      for (const auto& e : script::Cast<script::DictObject>(base)->entries) {
        if (e.key.is_null()) continue;
        if (i++ == source.index) {
          return source.kind == Source::Kind::kDictKeyAt ? e.key : e.value;
        }
      }
      return Value();
    }
  }
  return Value();
}

script::CellObject* FetchCell(script::VM& vm, const Source& source, const FrameView& frame) {
  const script::TupleObject* closure = nullptr;
  if (source.kind == Source::Kind::kClosure) {
    closure = frame.function->closure.get();
  } else if (source.kind == Source::Kind::kCellContents) {
    Value fn = Fetch(vm, *source.base, frame);
    if (!fn.is_object() || fn.type() != script::Types().function) return nullptr;
    closure = script::Cast<script::FunctionObject>(fn)->closure.get();
  }
  if (closure == nullptr || source.index < 0 ||
      source.index >= static_cast<int64_t>(closure->items.size())) {
    return nullptr;
  }
  const Value& cell = closure->items[source.index];
  if (!cell.is_object() || cell.type() != script::Types().cell) return nullptr;
  return script::Cast<script::CellObject>(cell);
}

}  // namespace tc::frame_capture
