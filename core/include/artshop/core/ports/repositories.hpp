#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/generation/generated_image.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/support/repositories.hpp"

namespace artshop {

// Named facts about the installation ("catalogue.seeded"), kept in the database.
class SettingRepository {
 public:
  virtual ~SettingRepository() = default;
  virtual std::optional<std::string> get(std::string_view key) = 0;
  virtual void set(std::string_view key, std::string_view value) = 0;
};

// Every repository port, bound to one transaction. A UnitOfWork hands this to the work it
// runs; each feature adds its repositories here.
struct Repositories {
  AccountRepository& accounts;
  RefreshTokenRepository& refresh_tokens;
  ResetCodeRepository& reset_codes;
  RateLimitRepository& rate_limits;
  OfferRepository& offers;
  SettingRepository& settings;
  PaymentRepository& payments;
  OrderRepository& orders;
  Ledger& ledger;
  GiftCardRepository& gift_cards;
  ArtworkRepository& artworks;
  PaymentEventRepository& payment_events;
  IdempotencyRepository& idempotency;
  GeneratedImageRepository& generated_images;
  SupportTicketRepository& support_tickets;
};

}  // namespace artshop
