#pragma once

// The ports this program hands over without using them. A balance-paid order of pictures
// never opens a payment with a provider, draws a gift card, mails anything or keeps an answer
// for an Idempotency-Key. Each one here throws: should a use case start to need one, the
// program fails loudly instead of quietly reading nothing.

#include <artshop/core/accounts/ports.hpp>
#include <artshop/core/orders/payment_gateway.hpp>
#include <artshop/core/orders/repositories.hpp>
#include <artshop/core/ports/mail_outbox.hpp>
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

struct UnusedMailOutbox final : MailOutbox {
  void enqueue(const EmailMessage&, sys_seconds) override { unused("mail"); }
  std::vector<OutboxMail> claim_due(sys_seconds, sys_seconds, int) override { unused("mail"); }
  void mark_sent(OutboxMailId) override { unused("mail"); }
  void reschedule(OutboxMailId, int, sys_seconds, std::string_view) override { unused("mail"); }
  void mark_dead(OutboxMailId, int, std::string_view) override { unused("mail"); }
  MailOutboxCounts counts() override { unused("mail"); }
};

struct UnusedGiftCards final : GiftCardRepository {
  bool insert(const GiftCard&) override { unused("gift cards"); }
  std::optional<GiftCard> find_by_digest(std::string_view) override { unused("gift cards"); }
  std::vector<GiftCard> list_for_order(OrderId) override { unused("gift cards"); }
  bool redeem(std::string_view, UserId, sys_seconds) override { unused("gift cards"); }
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

}  // namespace embed
