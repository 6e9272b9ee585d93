#include "artshop/sqlite/sqlite_unit_of_work.hpp"

#include "artshop/sqlite/account_repositories.hpp"
#include "artshop/sqlite/offer_repository.hpp"
#include "artshop/sqlite/order_repositories.hpp"
#include "artshop/sqlite/setting_repository.hpp"
#include "artshop/sqlite/transaction.hpp"

namespace artshop::sqlite {
namespace {

// The repositories of one transaction, all bound to its connection.
struct BoundRepositories {
  explicit BoundRepositories(Connection& connection)
      : accounts(connection),
        refresh_tokens(connection),
        reset_codes(connection),
        rate_limits(connection),
        offers(connection),
        settings(connection),
        orders(connection),
        deposits(connection),
        ledger(connection),
        gift_cards(connection),
        artworks(connection),
        payment_events(connection),
        idempotency(connection) {}

  SqliteAccountRepository accounts;
  SqliteRefreshTokenRepository refresh_tokens;
  SqliteResetCodeRepository reset_codes;
  SqliteRateLimitRepository rate_limits;
  SqliteOfferRepository offers;
  SqliteSettingRepository settings;
  SqliteOrderRepository orders;
  SqliteDepositRepository deposits;
  SqliteLedger ledger;
  SqliteGiftCardRepository gift_cards;
  SqliteArtworkRepository artworks;
  SqlitePaymentEventRepository payment_events;
  SqliteIdempotencyRepository idempotency;
  Repositories view{.accounts = accounts,
                    .refresh_tokens = refresh_tokens,
                    .reset_codes = reset_codes,
                    .rate_limits = rate_limits,
                    .offers = offers,
                    .settings = settings,
                    .orders = orders,
                    .deposits = deposits,
                    .ledger = ledger,
                    .gift_cards = gift_cards,
                    .artworks = artworks,
                    .payment_events = payment_events,
                    .idempotency = idempotency};
};

}  // namespace

void SqliteUnitOfWork::run(Mode mode, const std::function<bool(Repositories&)>& work) {
  // Taken before a connection is leased, so a waiting writer holds none that readers need.
  std::unique_lock<std::mutex> writer;
  if (mode == Mode::Write) writer = std::unique_lock(writers_);
  auto connection = pool_.acquire();
  Transaction transaction(*connection, mode == Mode::Write ? Transaction::Kind::Immediate
                                                           : Transaction::Kind::Deferred);
  BoundRepositories repositories(*connection);
  if (work(repositories.view)) transaction.commit();
}

}  // namespace artshop::sqlite
