#include "artshop/core/generation/get_generation_allowance.hpp"

#include <algorithm>

#include "generation_day.hpp"

namespace artshop {

Result<GenerationAllowance> GetGenerationAllowance::operator()(UserId caller) {
  const auto day = detail::start_of_day(clock_.now());
  return transactions_.read([&](Ports::Scope& tx) -> Result<GenerationAllowance> {
    const auto used = tx.get<GeneratedImageRepository>().count_free_since(caller, day);
    return GenerationAllowance{.free_per_day = rules_.free_per_day,
                               .free_remaining = std::max(0, rules_.free_per_day - used),
                               .price_per_image = Money(rules_.price_eur_cents, Currency::EUR),
                               .resets_at = day + std::chrono::days{1}};
  });
}

}  // namespace artshop
