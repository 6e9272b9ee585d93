#include "artshop/sqlite/sqlite_unit_of_work.hpp"

#include "artshop/sqlite/account_repositories.hpp"
#include "artshop/sqlite/generated_image_repository.hpp"
#include "artshop/sqlite/offer_repository.hpp"
#include "artshop/sqlite/order_repositories.hpp"
#include "artshop/sqlite/setting_repository.hpp"
#include "artshop/sqlite/support_ticket_repository.hpp"
#include "artshop/sqlite/transaction.hpp"

namespace artshop::sqlite {
namespace {

// The repositories of one transaction, all bound to its connection.
struct BoundRepositories {
  BoundRepositories(Connection& connection, const GiftCardNumberCipher* gift_card_cipher)
      : accounts(connection),
        refresh_tokens(connection),
        reset_codes(connection),
        rate_limits(connection),
        offers(connection),
        settings(connection),
        payments(connection),
        orders(connection),
        ledger(connection),
        gift_cards(connection, gift_card_cipher),
        artworks(connection),
        payment_events(connection),
        idempotency(connection),
        generated_images(connection),
        support_tickets(connection) {}

  SqliteAccountRepository accounts;
  SqliteRefreshTokenRepository refresh_tokens;
  SqliteResetCodeRepository reset_codes;
  SqliteRateLimitRepository rate_limits;
  SqliteOfferRepository offers;
  SqliteSettingRepository settings;
  SqlitePaymentRepository payments;
  SqliteOrderRepository orders;
  SqliteLedger ledger;
  SqliteGiftCardRepository gift_cards;
  SqliteArtworkRepository artworks;
  SqlitePaymentEventRepository payment_events;
  SqliteIdempotencyRepository idempotency;
  SqliteGeneratedImageRepository generated_images;
  SqliteSupportTicketRepository support_tickets;
  Repositories view{.accounts = accounts,
                    .refresh_tokens = refresh_tokens,
                    .reset_codes = reset_codes,
                    .rate_limits = rate_limits,
                    .offers = offers,
                    .settings = settings,
                    .payments = payments,
                    .orders = orders,
                    .ledger = ledger,
                    .gift_cards = gift_cards,
                    .artworks = artworks,
                    .payment_events = payment_events,
                    .idempotency = idempotency,
                    .generated_images = generated_images,
                    .support_tickets = support_tickets};
};

}  // namespace

void SqliteUnitOfWork::run(Mode mode, const std::function<bool(Repositories&)>& work) {
  // Taken before a connection is leased, so a waiting writer holds none that readers need.
  std::unique_lock<std::mutex> writer;
  if (mode == Mode::Write) writer = std::unique_lock(writers_);
  auto connection = pool_.acquire();
  Transaction transaction(*connection, mode == Mode::Write ? Transaction::Kind::Immediate
                                                           : Transaction::Kind::Deferred);
  BoundRepositories repositories(*connection, gift_card_cipher_);
  if (work(repositories.view)) transaction.commit();
}

}  // namespace artshop::sqlite
