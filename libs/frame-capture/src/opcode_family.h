// The opcode families the translator dispatches on (Dynamo's
// InstructionTranslator groups its handlers the same way): one handler
// file per family, translator_<family>.cc.
// Temporary: replaced by tc/script/bytecode.h's OpcodeFamilyOf at merge.
#ifndef TC_FRAME_CAPTURE_SRC_OPCODE_FAMILY_H_
#define TC_FRAME_CAPTURE_SRC_OPCODE_FAMILY_H_

#include <cstdint>

#include "tc/script/bytecode.h"

namespace tc::frame_capture {

enum class OpcodeFamily : uint8_t {
  kLoadStore,    // stack shuffles, names, imports
  kAttrSubscr,   // attributes, subscripts, slices, kLoadMethod, kLoadSuper
  kOperator,     // kUnary, kBinary, kInplace
  kJumpCompare,  // jumps, compares, kGetIter, kForIter, kCheckExcMatch
  kBuild,        // build/unpack, format, list-append and friends
  kCall,         // calls, kMakeFunction, kMakeClass, kReturn
  kWithTry,      // raise, reraise, exception info, with blocks, assertions
};

constexpr OpcodeFamily OpcodeFamilyOf(script::Opcode op) {
  using script::Opcode;
  switch (op) {
    case Opcode::kNop:
    case Opcode::kPop:
    case Opcode::kDup:
    case Opcode::kDupTwo:
    case Opcode::kRotTwo:
    case Opcode::kRotThree:
    case Opcode::kRotFour:
    case Opcode::kLoadConst:
    case Opcode::kLoadFast:
    case Opcode::kStoreFast:
    case Opcode::kDeleteFast:
    case Opcode::kLoadDeref:
    case Opcode::kStoreDeref:
    case Opcode::kDeleteDeref:
    case Opcode::kLoadClosure:
    case Opcode::kLoadGlobal:
    case Opcode::kStoreGlobal:
    case Opcode::kDeleteGlobal:
    case Opcode::kLoadName:
    case Opcode::kStoreName:
    case Opcode::kDeleteName:
    case Opcode::kImportName:
    case Opcode::kImportFrom:
      return OpcodeFamily::kLoadStore;
    case Opcode::kLoadAttr:
    case Opcode::kStoreAttr:
    case Opcode::kDeleteAttr:
    case Opcode::kLoadMethod:
    case Opcode::kLoadSuper:
    case Opcode::kBinarySubscr:
    case Opcode::kStoreSubscr:
    case Opcode::kDeleteSubscr:
    case Opcode::kBuildSlice:
      return OpcodeFamily::kAttrSubscr;
    case Opcode::kUnary:
    case Opcode::kBinary:
    case Opcode::kInplace:
      return OpcodeFamily::kOperator;
    case Opcode::kCompare:
    case Opcode::kJump:
    case Opcode::kPopJumpIfFalse:
    case Opcode::kPopJumpIfTrue:
    case Opcode::kJumpIfFalseOrPop:
    case Opcode::kJumpIfTrueOrPop:
    case Opcode::kGetIter:
    case Opcode::kForIter:
    case Opcode::kCheckExcMatch:
      return OpcodeFamily::kJumpCompare;
    case Opcode::kBuildTuple:
    case Opcode::kBuildList:
    case Opcode::kBuildSet:
    case Opcode::kBuildMap:
    case Opcode::kListAppend:
    case Opcode::kSetAdd:
    case Opcode::kMapAdd:
    case Opcode::kListExtend:
    case Opcode::kSetUpdate:
    case Opcode::kDictUpdate:
    case Opcode::kDictMerge:
    case Opcode::kListToTuple:
    case Opcode::kUnpackSequence:
    case Opcode::kUnpackEx:
    case Opcode::kFormatValue:
    case Opcode::kBuildString:
      return OpcodeFamily::kBuild;
    case Opcode::kCall:
    case Opcode::kCallKw:
    case Opcode::kCallEx:
    case Opcode::kCallMethod:
    case Opcode::kCallMethodKw:
    case Opcode::kMakeFunction:
    case Opcode::kMakeClass:
    case Opcode::kReturn:
      return OpcodeFamily::kCall;
    case Opcode::kRaise:
    case Opcode::kReraise:
    case Opcode::kPushExcInfo:
    case Opcode::kPopExcept:
    case Opcode::kLoadAssertionError:
    case Opcode::kBeforeWith:
    case Opcode::kWithExceptStart:
      return OpcodeFamily::kWithTry;
  }
  return OpcodeFamily::kLoadStore;
}

}  // namespace tc::frame_capture

#endif  // TC_FRAME_CAPTURE_SRC_OPCODE_FAMILY_H_
