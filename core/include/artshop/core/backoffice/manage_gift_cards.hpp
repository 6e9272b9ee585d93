#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/text_normaliser.hpp"
#include "artshop/core/ports/transactions.hpp"

// The back office's gift cards (docs/back-office.md, "Gift cards"): the list, a goodwill card
// and the void. Every one needs manage_gift_cards.
namespace artshop {

namespace gift_card_messages {
inline constexpr std::string_view kNoSuchGiftCard = "No such gift card.";
inline constexpr std::string_view kRedeemedAlready = "This gift card was redeemed already.";
inline constexpr std::string_view kVoidAlready = "This gift card is void already.";
inline constexpr std::string_view kChooseState = "Choose active, redeemed or voided.";
inline constexpr std::string_view kMessageTooLong = "Keep the message to 500 characters.";
inline constexpr std::string_view kKeyReused = "This key was used for another gift card.";
}  // namespace gift_card_messages

// A goodwill card's message to its recipient: at most 500 characters.
inline constexpr std::size_t kMaxGiftCardMessageLength = 500;

// 404 "No such gift card.".
Error no_such_gift_card();

// "•••• •••• •••• 1234": the last four symbols, all the back office ever shows of a number.
std::string masked_gift_card_number(std::string_view number);

// GET /api/admin/gift-cards?Query=&State=&Page=&PageSize=, as sent.
struct ListGiftCardsQuery {
  std::optional<std::string> query;
  std::optional<std::string> state;
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

struct GiftCardList {
  std::vector<GiftCardListing> items;
  std::int64_t total = 0;
  PageRequest page;
};

// The list, newest first. `Query` is a whole number as typed (found by its digest, as
// redemption finds it: numbers are stored sealed), an e-mail (the buyer's or the recipient's,
// anywhere in it) or a card's id. A card exists only once its order is paid, so there is no
// "unpaid" state to filter on.
class ListGiftCards {
 public:
  using Ports = Transactions<GiftCardRepository>;

  ListGiftCards(Ports transactions, const TokenHasher& digests)
      : transactions_(std::move(transactions)), digests_(digests) {}
  Result<GiftCardList> operator()(const StaffActor& actor, const ListGiftCardsQuery& query);

 private:
  Ports transactions_;
  const TokenHasher& digests_;
};

// POST /api/admin/gift-cards with its Idempotency-Key, as sent.
struct IssueGiftCardCommand {
  StaffActor actor;
  std::optional<std::string> idempotency_key;
  std::optional<std::string> amount;  // EUR, "25.00"
  std::optional<std::string> email;
  std::optional<std::string> message;
  std::string address;
};

struct IssuedGiftCard {
  GiftCardListing card;
  bool replayed = false;  // the key was seen with this very request: nothing done again
};

// A goodwill card: no order, worth `amount` EUR within the bounds of a bought card, its number
// mailed to `email` through the outbox in the transaction that stores it (the only place the
// whole number goes). Ledger "gift-card-issued:<id>": Debit Adjustments / Credit
// GiftCardsOutstanding. The same key with the same request answers the first card; with
// another, 400 on Idempotency-Key.
class IssueGiftCard {
 public:
  using Ports = Transactions<GiftCardRepository, Ledger, AuditLog, MailOutbox>;

  IssueGiftCard(Ports transactions, const Clock& clock, RandomSource& random,
                const TokenHasher& digests, const TextNormaliser& text)
      : transactions_(std::move(transactions)),
        clock_(clock),
        random_(random),
        digests_(digests),
        text_(text) {}
  Result<IssuedGiftCard> operator()(const IssueGiftCardCommand& command);

 private:
  Ports transactions_;
  const Clock& clock_;
  RandomSource& random_;
  const TokenHasher& digests_;
  const TextNormaliser& text_;
};

struct VoidGiftCardCommand {
  StaffActor actor;
  GiftCardId card;
  std::optional<std::string> reason;
  std::string address;
};

// POST /api/admin/gift-cards/{id}/void: a card neither redeemed nor void stops being
// redeemable. Ledger "gift-card-void:<id>": Debit GiftCardsOutstanding / Credit Adjustments for
// its value (a goodwill card's issue reversed; a bought card's money stays with the shop).
class VoidGiftCard {
 public:
  using Ports = Transactions<GiftCardRepository, Ledger, AuditLog>;

  VoidGiftCard(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<GiftCardListing> operator()(const VoidGiftCardCommand& command);

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
