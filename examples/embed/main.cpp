// Artshop's core in a program of its own: a customer with a prepaid balance buys a picture and
// a gift card, the gift card's mail leaves through the outbox, and the ledger shows where the
// money went. The shop takes no cards here, so an order not paid from the balance is refused.
// Run it; it exits non-zero when anything fails.

#include <fmt/format.h>

#include <artshop/core/mail/deliver_mail.hpp>
#include <artshop/core/orders/get_balance.hpp>
#include <artshop/core/orders/place_order.hpp>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <span>
#include <string>

#include "memory_store.hpp"
#include "sha256_digests.hpp"

namespace embed {
namespace {

// The small ports: time, exchange rates and randomness.
class SystemClock final : public Clock {
 public:
  std::chrono::system_clock::time_point now() const override {
    return std::chrono::system_clock::now();
  }
};

class ShippedRates final : public ExchangeRateSource {
 public:
  ExchangeRates current() const override { return ExchangeRates::defaults(); }
};

// Payment references are drawn from it. std::random_device reads the kernel's generator on
// Linux; elsewhere use a real CSPRNG (the shop uses OpenSSL's).
class DeviceRandom final : public RandomSource {
 public:
  void fill(std::span<std::byte> out) override {
    for (auto& byte : out) byte = static_cast<std::byte>(device_() & 0xFFU);
  }

 private:
  std::random_device device_;
};

// The mail transport: this program prints each mail where a real one would hand it to SMTP.
class PrintedMail final : public Mailer {
 public:
  void send(const EmailMessage& message) override {
    fmt::print("mail to {}: {}\n", message.to, message.subject);
    ++sent;
  }
  int sent = 0;
};

constexpr std::int64_t kSeedBalanceEurCents = 50'00;

struct Seeded {
  UserId customer;
  OfferId offer;
  AttributeId hd;
  AttributeId original;
};

Money eur_from_micro(std::int64_t micro_eur) {
  return from_micro_eur(micro_eur, Currency::EUR, Rate{Rate::kScale}).value();
}

using SeedPorts = Transactions<AccountRepository, OfferRepository, Ledger>;

// One picture for sale and a customer with 50 EUR on their balance, written through the same
// ports the use cases use, in one transaction over the three it needs.
Result<Seeded> seed(const SeedPorts& transactions, const Clock& clock) {
  const auto now = std::chrono::floor<std::chrono::seconds>(clock.now());
  return transactions.write([&](SeedPorts::Scope& tx) -> Result<Seeded> {
    auto& accounts = tx.get<AccountRepository>();
    auto& offers = tx.get<OfferRepository>();
    const auto customer = accounts.insert("ada@example.com", "no password here", now);
    if (!customer) return std::unexpected(Error::conflict("the customer exists already"));
    accounts.update_names(*customer, "Ada", "Lovelace");

    const auto offer =
        offers.insert({.url_name = "harbour-at-dawn",
                       .title = "Harbour at Dawn",
                       .category = "landscapes",
                       .width = 3840,
                       .height = 2160,
                       .created_at = now,
                       .attributes = {{.name = "HD", .long_edge = 1920, .price_eur_cents = 12'00},
                                      {.name = "Original",
                                       .long_edge = 3840,
                                       .licence = Licence::ExclusiveCommercial,
                                       .price_eur_cents = 240'00}}});
    if (!offer) return std::unexpected(Error::conflict("the offer exists already"));
    const auto stored = offers.find_by_id(*offer);

    // A deposit the payment provider took earlier: cash in, owed to the customer.
    const Money paid(kSeedBalanceEurCents, Currency::EUR);
    const auto micro = kSeedBalanceEurCents * kMicroEurPerCent;
    const auto deposit =
        Posting::Builder("deposit:seed", now)
            .debit(LedgerAccount::provider_cash(), micro, paid, Rate{Rate::kScale})
            .credit(LedgerAccount::customer(*customer), micro, paid, Rate{Rate::kScale})
            .build();
    if (!deposit) return std::unexpected(Error::internal(std::string(describe(deposit.error()))));
    tx.get<Ledger>().post(*deposit);
    return Seeded{*customer, *offer, stored->attributes[0].id, stored->attributes[1].id};
  });
}

// An order of one picture at `size`, with a gift card of `gift_card` EUR when given.
PlaceOrderCommand balance_order(const Seeded& seeded, AttributeId size,
                                std::optional<std::string> gift_card = std::nullopt) {
  return {.user = seeded.customer,
          .names = {.first_name = "Ada", .last_name = "Lovelace"},
          .billing = {.country = "GB",
                      .city = "London",
                      .address1 = "12 St James's Square",
                      .zip_code = "SW1Y 4JH"},
          .cart_items = {{.offer_id = seeded.offer.value, .offer_attribute_id = size.value}},
          .gift_card_amount = std::move(gift_card),
          .currency = "EUR",
          .agreed_to_terms = true,
          .pay_by_balance = true};
}

// An error as the use case answers it: a kind, and for a refused request a message per field
// ("" for the request as a whole).
std::string describe_error(const Error& error) {
  std::string text;
  for (const auto& [field, messages] : error.fields.by_field()) {
    for (const auto& message : messages) {
      if (!text.empty()) text += "; ";
      text += field.empty() ? message : fmt::format("{}: {}", field, message);
    }
  }
  return text.empty() ? fmt::format("error: {}", error.detail) : text;
}

// Prints a posting's entries and answers whether its debits equal its credits.
bool print_ledger(Ledger& ledger, const std::string& reference) {
  std::int64_t debits = 0;
  std::int64_t credits = 0;
  fmt::print("ledger {}:\n", reference);
  for (const auto& entry : ledger.entries(reference)) {
    (entry.side == Side::Debit ? debits : credits) += entry.amount_micro_eur;
    const auto account =
        entry.account.user.value == 0
            ? std::string(name(entry.account.kind))
            : fmt::format("{} {}", name(entry.account.kind), entry.account.user.value);
    fmt::print("  {:<6} {:<20} {:>10}\n", name(entry.side), account,
               eur_from_micro(entry.amount_micro_eur).to_string());
  }
  const bool balanced = debits > 0 && debits == credits;
  fmt::print("  {}: debits {}, credits {}\n", balanced ? "balanced" : "NOT BALANCED",
             eur_from_micro(debits).to_string(), eur_from_micro(credits).to_string());
  return balanced;
}

int run() {
  SystemClock clock;
  ShippedRates rates;
  DeviceRandom random;
  MemoryStore store;
  Sha256Digests digests;
  PrintedMail transport;

  const auto seeded = seed(store.transactions(), clock);
  if (!seeded) {
    fmt::print(stderr, "seeding failed: {}\n", describe_error(seeded.error()));
    return EXIT_FAILURE;
  }
  const FulfilPaidOrder fulfil(random, digests);
  // No payment gateway: this shop sells against prepaid balances only.
  PlaceOrder place_order(store.transactions(), rates, nullptr, random, fulfil, clock);
  DeliverMail deliver_mail(store.transactions(), transport, clock);
  GetBalance get_balance(store.transactions(), rates);
  const auto balance = [&] { return get_balance({.user = seeded->customer, .currency = "EUR"}); };
  const auto before = balance();
  if (!before) {
    fmt::print(stderr, "no balance: {}\n", describe_error(before.error()));
    return EXIT_FAILURE;
  }
  fmt::print("balance before: {}\n", before->to_string());

  const auto placed = place_order(balance_order(*seeded, seeded->hd, "10"));
  if (!placed) {
    fmt::print(stderr, "the order was refused: {}\n", describe_error(placed.error()));
    return EXIT_FAILURE;
  }
  const auto& order = placed->order;
  fmt::print("order {} ({}) {}: {} picture, {} gift card, {} from the balance\n", order.id.value,
             order.payment.reference, name(order.payment.status), order.lines.size(),
             placed->gift_card_numbers.size(), order.total().to_string());

  // After the commit, the sender sends what the order queued: the gift card's number.
  const auto delivered = deliver_mail();
  if (!delivered || delivered->sent != 1 || transport.sent != 1) {
    fmt::print(stderr, "the gift card's mail was not sent\n");
    return EXIT_FAILURE;
  }
  const auto after = balance();
  if (!after) return EXIT_FAILURE;
  fmt::print("balance after: {}\n", after->to_string());

  // An expected refusal is a value too: the exclusive original costs more than is left, so
  // the order is refused and nothing is debited.
  const auto refused = place_order(balance_order(*seeded, seeded->original));
  if (refused) {
    fmt::print(stderr, "an order beyond the balance was placed\n");
    return EXIT_FAILURE;
  }
  fmt::print("a second order is refused: {}\n", describe_error(refused.error()));

  // Without a card provider, an order that does not pay from the balance is refused.
  auto by_card = balance_order(*seeded, seeded->hd);
  by_card.pay_by_balance = false;
  const auto card_order = place_order(by_card);
  if (card_order) {
    fmt::print(stderr, "an order by card was placed in a shop without a card provider\n");
    return EXIT_FAILURE;
  }
  fmt::print("an order by card is refused: {}\n", describe_error(card_order.error()));

  bool balanced = false;
  const Transactions<Ledger> ledger = store.transactions();
  ledger.run(TransactionMode::Read, [&](Transactions<Ledger>::Scope& tx) {
    balanced = print_ledger(tx.get<Ledger>(), "order:" + order.payment.reference);
    return true;
  });
  const auto left = before->minus(order.total());
  const auto last = balance();
  const bool debited = left && *after == *left;
  const bool unchanged = last && *last == *after;
  const bool paid = order.payment.status == PaymentStatus::Paid;
  return paid && debited && unchanged && balanced ? EXIT_SUCCESS : EXIT_FAILURE;
}

}  // namespace
}  // namespace embed

int main() {
  try {
    return embed::run();
  } catch (const std::exception& fault) {
    // Exceptions are for broken invariants and infrastructure faults, never for a refusal.
    fmt::print(stderr, "fault: {}\n", fault.what());
    return EXIT_FAILURE;
  }
}
