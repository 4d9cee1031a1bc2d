// EnumTable: what each member of an enum stands for (its printed name, or a
// row of facts), kept as one array in the enum's order instead of a switch
// with a `case kX: return ...;` arm per member.
//
//   enum class Color { kRed, kGreen, kBlue };
//   constexpr EnumTable<Color::kBlue, std::string_view> kColorNames({"red", "green", "blue"});
//   std::string_view ColorName(Color c) { return kColorNames.at(c, "?"); }
//
// The table is sized by the enum's last member: a table with a row too few
// or too many does not compile, as a switch without a default would warn.
#ifndef TC_SUPPORT_ENUM_TABLE_H_
#define TC_SUPPORT_ENUM_TABLE_H_

#include <array>
#include <cstddef>

namespace tc::support {

template <auto kLast, typename Value>
class EnumTable {
 public:
  using Enum = decltype(kLast);
  static constexpr size_t kSize = static_cast<size_t>(kLast) + 1;

  template <size_t M>
  requires(M == kSize) constexpr explicit EnumTable(const Value (&rows)[M]) {
    for (size_t i = 0; i < M; ++i) rows_[i] = rows[i];
  }

  // The row of `e`; `fallback` for a value past the table (a corrupt enum,
  // which a switch would also have let through).
  constexpr Value at(Enum e, Value fallback) const {
    const auto i = static_cast<size_t>(e);
    return i < kSize ? rows_[i] : fallback;
  }

 private:
  std::array<Value, kSize> rows_{};
};

}  // namespace tc::support

#endif  // TC_SUPPORT_ENUM_TABLE_H_
