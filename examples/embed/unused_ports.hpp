#pragma once

// The ports this program hands over without using them. A balance-paid order of pictures
// never opens a payment, draws a gift card or mails anything, and Repositories names every
// repository of the shop. Each one here throws: should a use case start to need one, the
// program fails loudly instead of quietly reading nothing.

#include <artshop/core/accounts/ports.hpp>
#include <artshop/core/orders/payment_gateway.hpp>
#include <artshop/core/ports/mailer.hpp>
#include <artshop/core/ports/repositories.hpp>
#include <chrono>
#include <stdexcept>
#include <string>
#include <string_view>

namespace embed {

using namespace artshop;
using std::chrono::sys_seconds;

[[noreturn]] inline void unused(std::string_view port) {
  throw std::logic_error(std::string(port) + " is not provided by this program");
}

class UnusedPaymentGateway final : public PaymentGateway {
 public:
  Checkout create_checkout(const CheckoutRequest&) override { unused("payments"); }
  std::string_view signature_header() const override { unused("payments"); }
  std::expected<PaymentEvent, WebhookError> parse_webhook(
      std::string_view, std::string_view, std::chrono::system_clock::time_point) override {
    unused("payments");
  }
};

class UnusedTokenHasher final : public TokenHasher {
 public:
  std::string digest(std::string_view) const override { unused("token digests"); }
};

class UnusedMailer final : public Mailer {
 public:
  void send(const EmailMessage&) override { unused("mail"); }
};

struct UnusedRefreshTokens final : RefreshTokenRepository {
  void insert(const RefreshTokenRecord&, sys_seconds) override { unused("refresh tokens"); }
  std::optional<RefreshTokenRecord> find(std::string_view) override { unused("refresh tokens"); }
  bool mark_rotated(std::string_view, sys_seconds) override { unused("refresh tokens"); }
  void revoke_family(std::string_view, sys_seconds) override { unused("refresh tokens"); }
  void revoke_user_sessions(UserId, std::string_view, sys_seconds) override {
    unused("refresh tokens");
  }
  bool session_is_live(UserId, std::string_view) override { unused("refresh tokens"); }
};

struct UnusedResetCodes final : ResetCodeRepository {
  void replace(const ResetCodeRecord&) override { unused("reset codes"); }
  std::optional<ResetCodeRecord> find(UserId) override { unused("reset codes"); }
  void record_failed_attempt(UserId) override { unused("reset codes"); }
  void remove(UserId) override { unused("reset codes"); }
};

struct UnusedRateLimits final : RateLimitRepository {
  int count_since(std::string_view, sys_seconds) override { unused("rate limits"); }
  std::optional<sys_seconds> oldest_since(std::string_view, sys_seconds) override {
    unused("rate limits");
  }
  void add(std::string_view, sys_seconds) override { unused("rate limits"); }
  void prune(sys_seconds) override { unused("rate limits"); }
};

struct UnusedSettings final : SettingRepository {
  std::optional<std::string> get(std::string_view) override { unused("settings"); }
  void set(std::string_view, std::string_view) override { unused("settings"); }
};

struct UnusedGiftCards final : GiftCardRepository {
  bool insert(const GiftCard&) override { unused("gift cards"); }
  std::optional<GiftCard> find_by_digest(std::string_view) override { unused("gift cards"); }
  std::vector<GiftCard> list_for_order(OrderId) override { unused("gift cards"); }
  bool redeem(std::string_view, UserId, sys_seconds) override { unused("gift cards"); }
};

struct UnusedPaymentEvents final : PaymentEventRepository {
  bool record(std::string_view, sys_seconds) override { unused("payment events"); }
};

struct UnusedIdempotency final : IdempotencyRepository {
  std::optional<IdempotencyRecord> find(UserId, std::string_view, sys_seconds) override {
    unused("idempotency keys");
  }
  bool insert(const IdempotencyRecord&) override { unused("idempotency keys"); }
  bool complete(const IdempotencyRecord&) override { unused("idempotency keys"); }
  void remove(UserId, std::string_view) override { unused("idempotency keys"); }
  void prune(sys_seconds) override { unused("idempotency keys"); }
};

struct UnusedGeneratedImages final : GeneratedImageRepository {
  GeneratedImageId add(const GeneratedImage&) override { unused("generated images"); }
  std::optional<GeneratedImage> find(GeneratedImageId) override { unused("generated images"); }
  GeneratedImagePage list_for_user(UserId, int, int) override { unused("generated images"); }
  int count_free_since(UserId, sys_seconds) override { unused("generated images"); }
};

struct UnusedSupportTickets final : SupportTicketRepository {
  std::optional<SupportTicketId> insert(const SupportTicket&, sys_seconds) override {
    unused("support tickets");
  }
  std::optional<SupportTicket> find_by_reference(std::string_view) override {
    unused("support tickets");
  }
  std::vector<SupportTicket> claim_unsent(sys_seconds, sys_seconds, sys_seconds, int) override {
    unused("support tickets");
  }
  void record_mails(SupportTicketId, std::optional<sys_seconds>,
                    std::optional<sys_seconds>) override {
    unused("support tickets");
  }
};

struct UnusedRepositories {
  UnusedRefreshTokens refresh_tokens;
  UnusedResetCodes reset_codes;
  UnusedRateLimits rate_limits;
  UnusedSettings settings;
  UnusedGiftCards gift_cards;
  UnusedPaymentEvents payment_events;
  UnusedIdempotency idempotency;
  UnusedGeneratedImages generated_images;
  UnusedSupportTickets support_tickets;
};

}  // namespace embed
