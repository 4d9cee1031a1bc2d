// Source: where a value the trace relied on lives in the frame, as Dynamo
// names it (L['x'], G['torch'].abs, L['self'].fc1.weight, L['xs'][0]).
// Sources name graph inputs and guards, and fetch the values again on every
// call of the compiled frame.
#ifndef TC_FRAME_CAPTURE_SOURCE_H_
#define TC_FRAME_CAPTURE_SOURCE_H_

#include <cstdint>
#include <memory>
#include <string>

#include "tc/script/object.h"
#include "tc/script/value.h"

namespace tc::frame_capture {

struct Source;
using SourcePtr = std::shared_ptr<const Source>;

struct Source {
  enum class Kind : uint8_t {
    kLocal,    // a parameter of the frame: L['name'] (index = parameter slot)
    kGlobal,   // the frame's globals (or builtins): G['name']
    kClosure,  // a free variable of the frame's function (index = cell)
    kAttr,     // base.name
    kItem,     // base[index] of a list, tuple or dict (dict keys are str)
    kKeys,     // the ordered keys of the dict `base`, as text (see DictKeysText)
    // What cell `index` of the function `base` holds:
    // base.__closure__[index].cell_contents.
    kCellContents,
    // Key number `index` of the dict `base` (a dict keyed by objects, such
    // as an optimizer's state keyed by parameters): list(base.keys())[i].
    kDictKeyAt,
    // The value under that key: base[list(base.keys())[i]].
    kDictValueAt,
  };
  Kind kind;
  std::string name;   // local, global, attribute or dict-key name
  int64_t index = 0;  // local slot, closure cell, sequence index
  bool dict_key = false;
  SourcePtr base;

  static SourcePtr Local(std::string name, int64_t slot);
  static SourcePtr Global(std::string name);
  static SourcePtr Closure(std::string name, int64_t cell);
  static SourcePtr Attr(SourcePtr base, std::string name);
  static SourcePtr Item(SourcePtr base, int64_t index);
  static SourcePtr Key(SourcePtr base, std::string key);
  static SourcePtr Keys(SourcePtr base);
  static SourcePtr CellContents(SourcePtr base, int64_t cell);
  static SourcePtr DictKeyAt(SourcePtr base, int64_t index);
  static SourcePtr DictValueAt(SourcePtr base, int64_t index);

  // Dynamo's guard name: L['x'], G['torch'].abs, L['xs'][0], L['d']['k'].
  std::string Name() const;
  // The simplified form recompile messages use: x, self.fc1.weight.
  std::string ShortName() const;
  bool is_local_rooted() const;
};

// The keys of dict `d` (a dict or a collections.defaultdict) in order as
// one string ("['a', 'b', 3]"), or null when `d` is neither: a trace that
// read a dict input depends on its key set, and an EQUALS guard on this
// text checks it (Dynamo's DICT_KEYS_MATCH). Keys other than str and int
// print as "?": the translator guards such keys one by one, by identity
// (kDictKeyAt sources).
script::Value DictKeysText(const script::Value& d);
// Whether DictKeysText and the kDictKeyAt / kDictValueAt sources read `d`.
bool IsDictForKeys(const script::Value& d);

// What a source is read from when the compiled frame runs.
struct FrameView {
  const script::Value* params;  // the bound parameters (FrameHookCall)
  script::FunctionObject* function;
};

// Reads the value at `source` (null with no exception when it is missing:
// a guard failure, not an error).
script::Value Fetch(script::VM& vm, const Source& source, const FrameView& frame);

// The cell a kClosure or kCellContents source reads (a written cell is
// replayed into it); null when it is missing or `source` names no cell.
script::CellObject* FetchCell(script::VM& vm, const Source& source, const FrameView& frame);

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SOURCE_H_
