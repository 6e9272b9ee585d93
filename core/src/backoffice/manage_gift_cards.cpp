#include "artshop/core/backoffice/manage_gift_cards.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "artshop/core/accounts/email.hpp"
#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/orders/pricing.hpp"
#include "artshop/core/orders/store_gift_card.hpp"
#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {

std::string_view name_of(GiftCardState state) noexcept {
  switch (state) {
    case GiftCardState::Active:
      return "active";
    case GiftCardState::Redeemed:
      return "redeemed";
    case GiftCardState::Voided:
      break;
  }
  return "voided";
}

std::optional<GiftCardState> parse_gift_card_state(std::string_view name) noexcept {
  for (const auto state : {GiftCardState::Active, GiftCardState::Redeemed, GiftCardState::Voided}) {
    if (name == name_of(state)) return state;
  }
  return std::nullopt;
}

GiftCardState state_of(const GiftCard& card) noexcept {
  if (card.redeemed_at) return GiftCardState::Redeemed;
  if (card.voided_at) return GiftCardState::Voided;
  return GiftCardState::Active;
}

bool matches(const GiftCardQuery& query, const GiftCard& card,
             const std::optional<std::string>& buyer_email) {
  if (query.customer && card.buyer != query.customer && card.redeemed_by != query.customer) {
    return false;
  }
  if (query.state && state_of(card) != *query.state) return false;
  if (!query.number_digest && !query.email_text && !query.id) return true;
  const auto contains = [&](std::string_view email) {
    return query.email_text && email.find(*query.email_text) != std::string_view::npos;
  };
  return card.number_digest == query.number_digest || card.id == query.id ||
         (buyer_email && contains(*buyer_email)) ||
         (!card.recipient_email.empty() && contains(card.recipient_email));
}

std::string masked_gift_card_number(std::string_view number) {
  const auto last = number.substr(number.size() - std::min<std::size_t>(number.size(), 4));
  return fmt::format("•••• •••• •••• {}", last);
}

Error no_such_gift_card() {
  return Error::not_found(ValidationErrors("", std::string(gift_card_messages::kNoSuchGiftCard)),
                          "no such gift card");
}

namespace {

// The card as the list shows it, read in the transaction that changed it.
GiftCardListing listing_of(GiftCardRepository& gift_cards, GiftCardId id) {
  auto page = gift_cards.search({.id = id, .limit = 1});
  if (page.items.empty()) throw std::logic_error("a gift card just written is not found");
  return std::move(page.items.front());
}

AuditRecord gift_card_audit(const StaffActor& actor, std::string_view address,
                            std::string_view action, GiftCardId card, std::chrono::sys_seconds at) {
  auto record = staff_audit(actor, address, action, actor.id, at);
  record.object = fmt::format("gift_card:{}", card.value);
  return record;
}

// One posting of a card's whole value between the shop's adjustments and the cards it owes.
Posting goodwill_posting(std::string reference, const GiftCard& card, bool voiding) {
  auto debit = LedgerAccount::adjustments();
  auto credit = LedgerAccount::gift_cards_outstanding();
  if (voiding) std::swap(debit, credit);
  auto posting = Posting::Builder(std::move(reference), card.voided_at.value_or(card.issued_at))
                     .debit(debit, card.value_micro_eur, card.bought, card.rate)
                     .credit(credit, card.value_micro_eur, card.bought, card.rate)
                     .build();
  if (!posting) throw std::logic_error(std::string(describe(posting.error())));
  return std::move(*posting);
}

EmailMessage goodwill_mail(std::string to, const GiftCard& card, std::string_view message) {
  std::string body = "Artshop sends you a gift card";
  body += message.empty() ? ".\n\n" : fmt::format(", with this message:\n\n  {}\n\n", message);
  body +=
      fmt::format("  {}  worth {}\n", group_gift_card_number(card.number), card.bought.to_string());
  body +=
      "\nRedeem it once, under Balance in your Artshop account. Whoever has the number can "
      "redeem it: keep it safe.\n";
  return {.to = std::move(to), .subject = "Your Artshop gift card", .text_body = std::move(body)};
}

// A card id typed as digits.
std::optional<GiftCardId> typed_id(std::string_view text) {
  std::int64_t value = 0;
  const auto* end = text.data() + text.size();
  const auto [stop, problem] = std::from_chars(text.data(), end, value);
  if (text.empty() || problem != std::errc{} || stop != end || value <= 0) return std::nullopt;
  return GiftCardId{value};
}

}  // namespace

Result<GiftCardList> ListGiftCards::operator()(const StaffActor& actor,
                                               const ListGiftCardsQuery& query) {
  if (auto allowed = require_permission(actor, StaffPermission::ManageGiftCards); !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  GiftCardQuery search;
  const auto state_sent = query.state.value_or("");
  const auto state_text = text::trim(state_sent);
  if (!state_text.empty()) {
    search.state = parse_gift_card_state(state_text);
    if (!search.state) errors.add("State", std::string(gift_card_messages::kChooseState));
  }
  const auto page = read_page_request(query.page, query.page_size, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const auto query_sent = query.query.value_or("");
  const auto typed = text::trim(query_sent);
  if (!typed.empty()) {
    if (const auto number = normalize_gift_card_number(typed)) {
      search.number_digest = digests_.digest(*number);
    }
    search.id = typed_id(typed);
    std::string lower(typed);
    std::ranges::transform(lower, lower.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    search.email_text = std::move(lower);
  }
  search.offset = page.offset();
  search.limit = page.page_size;
  return transactions_.read([&](Ports::Scope& tx) -> Result<GiftCardList> {
    auto found = tx.get<GiftCardRepository>().search(search);
    return GiftCardList{.items = std::move(found.items), .total = found.total, .page = page};
  });
}

Result<IssuedGiftCard> IssueGiftCard::operator()(const IssueGiftCardCommand& command) {
  if (auto allowed = require_permission(command.actor, StaffPermission::ManageGiftCards);
      !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  const auto key = read_idempotency_key(command.idempotency_key, errors);
  const auto amount = read_staff_amount(command.amount, Currency::EUR, "amount", errors);
  if (amount && (*amount < kMinGiftCardEurCents || *amount > kMaxGiftCardEurCents)) {
    errors.add("amount", fmt::format("A gift card is worth {} to {}.",
                                     Money(kMinGiftCardEurCents, Currency::EUR).to_string(),
                                     Money(kMaxGiftCardEurCents, Currency::EUR).to_string()));
  }
  const auto email = normalize_email(command.email.value_or(""), text_);
  if (const auto problem = email_problem(email)) errors.add("email", std::string(*problem));
  const auto message_sent = command.message.value_or("");
  const std::string message(text::trim(message_sent));
  const auto length = text::utf8_length(message);
  if (!length || *length > kMaxGiftCardMessageLength ||
      text::has_control_characters_besides_line_breaks(message)) {
    errors.add("message", std::string(gift_card_messages::kMessageTooLong));
  }
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  const Money value(*amount, Currency::EUR);
  return transactions_.write([&](Ports::Scope& tx) -> Result<IssuedGiftCard> {
    auto& gift_cards = tx.get<GiftCardRepository>();
    if (auto earlier = gift_cards.find_goodwill_issue(command.actor.id, *key)) {
      auto card = listing_of(gift_cards, earlier->card);
      if (card.card.bought != value || card.card.recipient_email != email ||
          earlier->message != message) {
        return std::unexpected(
            Error::validation("Idempotency-Key", std::string(gift_card_messages::kKeyReused)));
      }
      return IssuedGiftCard{.card = std::move(card), .replayed = true};
    }
    auto stored = store_gift_card(gift_cards, random_, digests_,
                                  {.recipient_email = email,
                                   .issued_by = command.actor.id,
                                   .value_micro_eur = *amount * kMicroEurPerCent,
                                   .bought = value,
                                   .issued_at = now});
    if (!stored) return std::unexpected(stored.error());
    gift_cards.record_goodwill_issue(command.actor.id, *key,
                                     {.card = stored->id, .message = message});
    tx.get<Ledger>().post(
        goodwill_posting(fmt::format("gift-card-issued:{}", stored->id.value), *stored, false));
    tx.get<MailOutbox>().enqueue(goodwill_mail(email, *stored, message), now, {});
    auto record =
        gift_card_audit(command.actor, command.address, "gift_card.issue", stored->id, now);
    // Never the number: the mail is the only place it goes.
    record.after =
        audit_values({{"amount", value.to_string()}, {"email", email}, {"message", message}});
    tx.get<AuditLog>().append(record);
    return IssuedGiftCard{.card = listing_of(gift_cards, stored->id), .replayed = false};
  });
}

Result<GiftCardListing> VoidGiftCard::operator()(const VoidGiftCardCommand& command) {
  if (auto allowed = require_permission(command.actor, StaffPermission::ManageGiftCards);
      !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  const auto reason = read_reason(command.reason, "reason", errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<GiftCardListing> {
    auto& gift_cards = tx.get<GiftCardRepository>();
    auto card = gift_cards.find(command.card);
    if (!card) return std::unexpected(no_such_gift_card());
    // The guarded void refuses a card redeemed or voided since it was read, too.
    if (card->redeemed_at || (!card->voided_at && !gift_cards.void_card(card->id, now))) {
      return std::unexpected(Error::general(std::string(gift_card_messages::kRedeemedAlready)));
    }
    if (card->voided_at) {
      return std::unexpected(Error::general(std::string(gift_card_messages::kVoidAlready)));
    }
    card->voided_at = now;
    tx.get<Ledger>().post(
        goodwill_posting(fmt::format("gift-card-void:{}", card->id.value), *card, true));
    auto record = gift_card_audit(command.actor, command.address, "gift_card.void", card->id, now);
    record.before = audit_values({{"state", "active"}});
    record.after = audit_values({{"state", "voided"}, {"reason", *reason}});
    tx.get<AuditLog>().append(record);
    return listing_of(gift_cards, card->id);
  });
}

}  // namespace artshop
