#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop {

// Where the money of a Paid order came from: the buyer's balance, or the payment provider.
enum class Funding : std::uint8_t { Balance, Provider };

// Makes a Paid order's purchases real: artworks for its lines, SoldOut for its exclusive
// pictures, numbers for its gift cards, and the ledger posting. The numbers are queued in the
// outbox for the buyer, mailed after the commit by DeliverMail (they also stay in the order
// history). Both ways an order gets paid call it: PlaceOrder paid from the balance, and
// HandlePaymentEvent when the provider reports a card payment. It runs inside the transaction
// that settled the payment, so it is handed that transaction's repositories rather than
// transactions of its own: an order is paid and fulfilled together or not at all.
class FulfilPaidOrder {
 public:
  // What it writes, and the buyer's account it reads for the mail, all bound to the caller's
  // transaction.
  struct Ports {
    ArtworkRepository& artworks;
    OfferRepository& offers;
    OrderRepository& orders;
    GiftCardRepository& gift_cards;
    Ledger& ledger;
    AccountRepository& accounts;
    MailOutbox& mail;

    // Picked out of the scope of a transaction over (at least) these seven.
    template <class Scope>
    static Ports of(const Scope& tx) {
      return {.artworks = tx.template get<ArtworkRepository>(),
              .offers = tx.template get<OfferRepository>(),
              .orders = tx.template get<OrderRepository>(),
              .gift_cards = tx.template get<GiftCardRepository>(),
              .ledger = tx.template get<Ledger>(),
              .accounts = tx.template get<AccountRepository>(),
              .mail = tx.template get<MailOutbox>()};
    }
  };

  // Gift-card numbers are drawn from `random` and stored as their `digests`.
  FulfilPaidOrder(RandomSource& random, const TokenHasher& digests)
      : random_(random), digests_(digests) {}

  // Answers the numbers of the gift cards it issued, grouped.
  Result<std::vector<std::string>> operator()(const Ports& tx, const Order& order, Funding funding,
                                              std::chrono::sys_seconds now) const;

 private:
  RandomSource& random_;
  const TokenHasher& digests_;
};

}  // namespace artshop
