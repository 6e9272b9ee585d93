#pragma once

#include <chrono>
#include <utility>

#include "artshop/core/error.hpp"
#include "artshop/core/generation/generated_image.hpp"
#include "artshop/core/generation/generation_rules.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct GenerationAllowance {
  int free_per_day = 0;
  int free_remaining = 0;
  Money price_per_image{0, Currency::EUR};
  std::chrono::sys_seconds resets_at;  // the next UTC midnight
};

// GET /api/generated-images/allowance: what the caller may still have free today.
class GetGenerationAllowance {
 public:
  using Ports = Transactions<GeneratedImageRepository>;

  GetGenerationAllowance(Ports transactions, const Clock& clock, GenerationRules rules)
      : transactions_(std::move(transactions)), clock_(clock), rules_(rules) {}
  Result<GenerationAllowance> operator()(UserId caller);

 private:
  Ports transactions_;
  const Clock& clock_;
  GenerationRules rules_;
};

}  // namespace artshop
