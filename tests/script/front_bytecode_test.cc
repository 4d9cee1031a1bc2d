// The opcode table (opcodes.def): names, families, flags and stack effects.
// The expected values were written from the hand-written switches the table
// replaced, not read back from the table.
#include <set>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "tc/script/bytecode.h"

namespace tc::script {
namespace {

struct NamedOpcode {
  Opcode op;
  std::string_view name;
};

// Every opcode with the name OpcodeName gave it before the table existed.
constexpr NamedOpcode kOpcodeNames[] = {
    {Opcode::kNop, "NOP"},
    {Opcode::kPop, "POP"},
    {Opcode::kDup, "DUP"},
    {Opcode::kDupTwo, "DUP_TWO"},
    {Opcode::kRotTwo, "ROT_TWO"},
    {Opcode::kRotThree, "ROT_THREE"},
    {Opcode::kRotFour, "ROT_FOUR"},
    {Opcode::kCopy, "COPY"},
    {Opcode::kSwap, "SWAP"},
    {Opcode::kLoadConst, "LOAD_CONST"},
    {Opcode::kLoadFast, "LOAD_FAST"},
    {Opcode::kStoreFast, "STORE_FAST"},
    {Opcode::kDeleteFast, "DELETE_FAST"},
    {Opcode::kLoadDeref, "LOAD_DEREF"},
    {Opcode::kStoreDeref, "STORE_DEREF"},
    {Opcode::kDeleteDeref, "DELETE_DEREF"},
    {Opcode::kLoadClosure, "LOAD_CLOSURE"},
    {Opcode::kLoadGlobal, "LOAD_GLOBAL"},
    {Opcode::kStoreGlobal, "STORE_GLOBAL"},
    {Opcode::kDeleteGlobal, "DELETE_GLOBAL"},
    {Opcode::kLoadName, "LOAD_NAME"},
    {Opcode::kStoreName, "STORE_NAME"},
    {Opcode::kDeleteName, "DELETE_NAME"},
    {Opcode::kLoadAttr, "LOAD_ATTR"},
    {Opcode::kStoreAttr, "STORE_ATTR"},
    {Opcode::kDeleteAttr, "DELETE_ATTR"},
    {Opcode::kLoadMethod, "LOAD_METHOD"},
    {Opcode::kLoadSuper, "LOAD_SUPER"},
    {Opcode::kBinarySubscr, "BINARY_SUBSCR"},
    {Opcode::kStoreSubscr, "STORE_SUBSCR"},
    {Opcode::kDeleteSubscr, "DELETE_SUBSCR"},
    {Opcode::kBuildSlice, "BUILD_SLICE"},
    {Opcode::kUnary, "UNARY"},
    {Opcode::kBinary, "BINARY"},
    {Opcode::kInplace, "INPLACE"},
    {Opcode::kCompare, "COMPARE"},
    {Opcode::kJump, "JUMP"},
    {Opcode::kPopJumpIfFalse, "POP_JUMP_IF_FALSE"},
    {Opcode::kPopJumpIfTrue, "POP_JUMP_IF_TRUE"},
    {Opcode::kJumpIfFalseOrPop, "JUMP_IF_FALSE_OR_POP"},
    {Opcode::kJumpIfTrueOrPop, "JUMP_IF_TRUE_OR_POP"},
    {Opcode::kGetIter, "GET_ITER"},
    {Opcode::kForIter, "FOR_ITER"},
    {Opcode::kBuildTuple, "BUILD_TUPLE"},
    {Opcode::kBuildList, "BUILD_LIST"},
    {Opcode::kBuildSet, "BUILD_SET"},
    {Opcode::kBuildMap, "BUILD_MAP"},
    {Opcode::kListAppend, "LIST_APPEND"},
    {Opcode::kSetAdd, "SET_ADD"},
    {Opcode::kMapAdd, "MAP_ADD"},
    {Opcode::kListExtend, "LIST_EXTEND"},
    {Opcode::kSetUpdate, "SET_UPDATE"},
    {Opcode::kDictUpdate, "DICT_UPDATE"},
    {Opcode::kDictMerge, "DICT_MERGE"},
    {Opcode::kListToTuple, "LIST_TO_TUPLE"},
    {Opcode::kUnpackSequence, "UNPACK_SEQUENCE"},
    {Opcode::kUnpackEx, "UNPACK_EX"},
    {Opcode::kFormatValue, "FORMAT_VALUE"},
    {Opcode::kBuildString, "BUILD_STRING"},
    {Opcode::kCall, "CALL"},
    {Opcode::kCallKw, "CALL_KW"},
    {Opcode::kCallEx, "CALL_EX"},
    {Opcode::kCallMethod, "CALL_METHOD"},
    {Opcode::kCallMethodKw, "CALL_METHOD_KW"},
    {Opcode::kMakeFunction, "MAKE_FUNCTION"},
    {Opcode::kMakeClass, "MAKE_CLASS"},
    {Opcode::kReturn, "RETURN"},
    {Opcode::kRaise, "RAISE"},
    {Opcode::kReraise, "RERAISE"},
    {Opcode::kPushExcInfo, "PUSH_EXC_INFO"},
    {Opcode::kPopExcept, "POP_EXCEPT"},
    {Opcode::kCheckExcMatch, "CHECK_EXC_MATCH"},
    {Opcode::kLoadAssertionError, "LOAD_ASSERTION_ERROR"},
    {Opcode::kBeforeWith, "BEFORE_WITH"},
    {Opcode::kWithExceptStart, "WITH_EXCEPT_START"},
    {Opcode::kImportName, "IMPORT_NAME"},
    {Opcode::kImportFrom, "IMPORT_FROM"},
    {Opcode::kSetupAnnotations, "SETUP_ANNOTATIONS"},
    {Opcode::kImportStar, "IMPORT_STAR"},
    {Opcode::kYieldValue, "YIELD_VALUE"},
    {Opcode::kGetYieldFromIter, "GET_YIELD_FROM_ITER"},
    {Opcode::kSend, "SEND"},
    {Opcode::kGetAwaitable, "GET_AWAITABLE"},
    {Opcode::kGetAiter, "GET_AITER"},
    {Opcode::kGetAnext, "GET_ANEXT"},
    {Opcode::kEndAsyncFor, "END_ASYNC_FOR"},
    {Opcode::kBeforeAsyncWith, "BEFORE_ASYNC_WITH"},
    {Opcode::kAsyncGenWrap, "ASYNC_GEN_WRAP"},
    {Opcode::kGetLen, "GET_LEN"},
    {Opcode::kMatchMapping, "MATCH_MAPPING"},
    {Opcode::kMatchSequence, "MATCH_SEQUENCE"},
    {Opcode::kMatchKeys, "MATCH_KEYS"},
    {Opcode::kMatchClass, "MATCH_CLASS"},
};

TEST(OpcodeTableTest, EveryOpcodeKeepsItsName) {
  ASSERT_EQ(std::size(kOpcodeNames), static_cast<size_t>(kNumOpcodes));
  std::set<std::string_view> seen;
  for (int i = 0; i < kNumOpcodes; ++i) {
    const NamedOpcode& expected = kOpcodeNames[i];
    EXPECT_EQ(static_cast<int>(expected.op), i) << expected.name;
    EXPECT_EQ(OpcodeName(expected.op), expected.name);
    EXPECT_TRUE(seen.insert(OpcodeName(static_cast<Opcode>(i))).second) << "duplicate name";
  }
  EXPECT_EQ(OpcodeName(static_cast<Opcode>(kNumOpcodes)), "?");
}

TEST(OpcodeTableTest, EveryOpcodeHasAFamily) {
  for (int i = 0; i < kNumOpcodes; ++i) {
    auto family = static_cast<int>(OpcodeFamilyOf(static_cast<Opcode>(i)));
    EXPECT_LE(family, static_cast<int>(OpcodeFamily::kMatch)) << OpcodeName(static_cast<Opcode>(i));
  }
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kRotFour), OpcodeFamily::kLoadStore);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kSwap), OpcodeFamily::kLoadStore);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kMatchClass), OpcodeFamily::kMatch);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kLoadFast), OpcodeFamily::kLoadStore);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kImportFrom), OpcodeFamily::kLoadStore);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kImportStar), OpcodeFamily::kLoadStore);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kLoadMethod), OpcodeFamily::kAttrSubscr);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kLoadSuper), OpcodeFamily::kAttrSubscr);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kBuildSlice), OpcodeFamily::kAttrSubscr);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kStoreSubscr), OpcodeFamily::kAttrSubscr);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kInplace), OpcodeFamily::kOperator);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kCompare), OpcodeFamily::kJumpCompare);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kForIter), OpcodeFamily::kJumpCompare);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kCheckExcMatch), OpcodeFamily::kJumpCompare);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kListAppend), OpcodeFamily::kBuild);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kFormatValue), OpcodeFamily::kBuild);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kUnpackEx), OpcodeFamily::kBuild);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kMakeClass), OpcodeFamily::kCall);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kReturn), OpcodeFamily::kCall);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kReraise), OpcodeFamily::kWithTry);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kLoadAssertionError), OpcodeFamily::kWithTry);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kWithExceptStart), OpcodeFamily::kWithTry);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kGetAwaitable), OpcodeFamily::kCall);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kEndAsyncFor), OpcodeFamily::kWithTry);
  EXPECT_EQ(OpcodeFamilyOf(Opcode::kBeforeAsyncWith), OpcodeFamily::kWithTry);
}

TEST(OpcodeTableTest, JumpAndTerminalFlags) {
  const std::set<Opcode> jumps = {Opcode::kJump,
                                  Opcode::kPopJumpIfFalse,
                                  Opcode::kPopJumpIfTrue,
                                  Opcode::kJumpIfFalseOrPop,
                                  Opcode::kJumpIfTrueOrPop,
                                  Opcode::kForIter,
                                  Opcode::kSend};
  const std::set<Opcode> terminal = {Opcode::kJump, Opcode::kReturn, Opcode::kReraise,
                                     Opcode::kRaise};
  for (int i = 0; i < kNumOpcodes; ++i) {
    auto op = static_cast<Opcode>(i);
    EXPECT_EQ(OpcodeHasJump(op), jumps.count(op) == 1) << OpcodeName(op);
    EXPECT_EQ((OpcodeFlagsOf(op) & kNoFallThrough) != 0, terminal.count(op) == 1) << OpcodeName(op);
  }
}

TEST(OpcodeTableTest, StackEffects) {
  struct Case {
    Opcode op;
    int arg;
    bool jump;
    int effect;
  };
  const Case cases[] = {
      {Opcode::kNop, 0, false, 0},
      {Opcode::kPop, 0, false, -1},
      {Opcode::kDupTwo, 0, false, 2},
      {Opcode::kRotThree, 0, false, 0},
      {Opcode::kCopy, 3, false, 1},
      {Opcode::kSwap, 3, false, 0},
      {Opcode::kSetupAnnotations, 0, false, 0},
      {Opcode::kGetLen, 0, false, 1},
      {Opcode::kMatchMapping, 0, false, 1},
      {Opcode::kMatchSequence, 0, false, 1},
      {Opcode::kMatchKeys, 0, false, 1},
      {Opcode::kMatchClass, 2, false, -2},
      {Opcode::kLoadConst, 5, false, 1},
      {Opcode::kStoreFast, 2, false, -1},
      {Opcode::kDeleteName, 1, false, 0},
      {Opcode::kLoadAttr, 1, false, 0},
      {Opcode::kStoreAttr, 1, false, -2},
      {Opcode::kDeleteAttr, 1, false, -1},
      {Opcode::kLoadSuper, 0, false, -1},
      {Opcode::kStoreSubscr, 0, false, -3},
      {Opcode::kDeleteSubscr, 0, false, -2},
      {Opcode::kBuildSlice, 2, false, -1},
      {Opcode::kBuildSlice, 3, false, -2},
      {Opcode::kUnary, 1, false, 0},
      {Opcode::kBinary, 0, false, -1},
      {Opcode::kCompare, 3, false, -1},
      {Opcode::kJump, 7, true, 0},
      {Opcode::kPopJumpIfFalse, 7, true, -1},
      {Opcode::kPopJumpIfTrue, 7, false, -1},
      {Opcode::kJumpIfFalseOrPop, 7, true, 0},
      {Opcode::kJumpIfFalseOrPop, 7, false, -1},
      {Opcode::kJumpIfTrueOrPop, 7, true, 0},
      {Opcode::kForIter, 9, true, -1},
      {Opcode::kForIter, 9, false, 1},
      {Opcode::kYieldValue, 0, false, 0},
      {Opcode::kSend, 9, true, -1},
      {Opcode::kSend, 9, false, 0},
      {Opcode::kBuildTuple, 0, false, 1},
      {Opcode::kBuildList, 4, false, -3},
      {Opcode::kBuildMap, 3, false, -5},
      {Opcode::kBuildString, 2, false, -1},
      {Opcode::kListAppend, 2, false, -1},
      {Opcode::kMapAdd, 2, false, -2},
      {Opcode::kListToTuple, 0, false, 0},
      {Opcode::kUnpackSequence, 4, false, 3},
      {Opcode::kUnpackEx, 2 | (1 << 8), false, 3},
      {Opcode::kFormatValue, 2, false, 0},
      {Opcode::kFormatValue, 4 | 2, false, -1},
      {Opcode::kCall, 3, false, -3},
      {Opcode::kCallKw, 3, false, -4},
      {Opcode::kCallEx, 0, false, -1},
      {Opcode::kCallEx, 1, false, -2},
      {Opcode::kCallMethod, 2, false, -3},
      {Opcode::kCallMethodKw, 2, false, -4},
      {Opcode::kMakeFunction, 0, false, 0},
      {Opcode::kMakeFunction, 5, false, -2},
      {Opcode::kMakeFunction, 7, false, -3},
      {Opcode::kMakeClass, 1, false, -2},
      {Opcode::kReturn, 0, false, -1},
      {Opcode::kRaise, 0, false, 0},
      {Opcode::kRaise, 2, false, -2},
      {Opcode::kReraise, 0, false, -1},
      {Opcode::kPushExcInfo, 0, false, 1},
      {Opcode::kPopExcept, 0, false, -1},
      {Opcode::kCheckExcMatch, 0, false, 0},
      {Opcode::kBeforeWith, 0, false, 1},
      {Opcode::kWithExceptStart, 0, false, 1},
      {Opcode::kImportName, 0, false, 1},
      {Opcode::kImportFrom, 0, false, 1},
      {Opcode::kImportStar, 0, false, -1},
      {Opcode::kGetAwaitable, 1, false, 0},
      {Opcode::kGetAiter, 0, false, 0},
      {Opcode::kGetAnext, 0, false, 1},
      {Opcode::kEndAsyncFor, 0, false, -2},
      {Opcode::kBeforeAsyncWith, 0, false, 1},
      {Opcode::kAsyncGenWrap, 0, false, 0},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(OpcodeStackEffect(c.op, c.arg, c.jump), c.effect)
        << OpcodeName(c.op) << " arg " << c.arg << (c.jump ? " (jump)" : "");
  }
}

}  // namespace
}  // namespace tc::script
