#include "artshop/core/accounts/countries.hpp"

#include <algorithm>

#include "artshop/core/text.hpp"

namespace artshop {

namespace {

constexpr bool sorted_by_code_without_duplicates() {
  return std::ranges::adjacent_find(kCountries, [](const Country& a, const Country& b) {
           return a.code >= b.code;
         }) == kCountries.end();
}
static_assert(sorted_by_code_without_duplicates(), "find_country searches by halving");

}  // namespace

std::optional<Country> find_country(std::string_view code) noexcept {
  if (code.size() != 2) return std::nullopt;
  const std::string upper = text::to_upper_ascii(code);
  const auto found = std::ranges::lower_bound(kCountries, upper, {}, &Country::code);
  if (found == kCountries.end() || found->code != upper) return std::nullopt;
  return *found;
}

}  // namespace artshop
