#pragma once

// What every persistence backend's repositories and unit of work promise the use cases,
// written once against the ports and run against each backend. A backend joins by one .cpp
// that opens a fresh store and calls ARTSHOP_STORE_CONTRACTS (see in_memory_store_test.cpp,
// sqlite_store_test.cpp and docs/architecture.md, "Contract suites").

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "artshop/sql/unit_of_work.hpp"

namespace artshop::contract {

using std::chrono::sys_seconds;

inline constexpr sys_seconds kNow{std::chrono::seconds{1'800'000'000}};

// Stores the order's payment, then the order against it, as PlaceOrder does.
OrderId insert_order(Repositories& repos, Order order);

// One fresh, empty store with the shop's whole schema, reached only through its ports.
class Store {
 public:
  virtual ~Store() = default;
  virtual UnitOfWork& transactions() = 0;
};

// A backend under test: its name and how to open a fresh store for each case.
struct Backend {
  std::string name;
  std::function<std::unique_ptr<Store>()> open;
  friend void PrintTo(const Backend& backend, std::ostream* out) { *out << backend.name; }
};

class StoreContract : public ::testing::TestWithParam<Backend> {
 protected:
  StoreContract() : store_(GetParam().open()) {}

  UnitOfWork& transactions() { return store_->transactions(); }

  // Runs `work` in a transaction that commits, and answers what it returned.
  template <class Work>
  auto write(Work&& work) {
    return committed(UnitOfWork::Mode::Write, std::forward<Work>(work));
  }
  template <class Work>
  auto read(Work&& work) {
    return committed(UnitOfWork::Mode::Read, std::forward<Work>(work));
  }

  // Rows that others point at, stored through the ports.
  UserId add_account(std::string_view email);
  OfferId add_offer(const Offer& offer);
  OrderId add_order(const Order& order);  // insert_order in a transaction of its own
  PaymentId add_payment(const Payment& payment);

  // Complete values with every field set, ready to store.
  static Offer an_offer(std::string url_name, sys_seconds created_at, std::int64_t price_eur_cents,
                        Licence licence = Licence::Personal);
  // An order of one line and one gift card; its payment is Pending, `reference` its reference.
  static Order an_order(UserId user, OfferId offer, std::string reference, sys_seconds created_at);
  // A Pending payment for the balance.
  static Payment a_deposit(UserId user, std::string reference, sys_seconds created_at);

 private:
  template <class Work>
  auto committed(UnitOfWork::Mode mode, Work&& work) {
    using Answer = std::invoke_result_t<Work&, Repositories&>;
    if constexpr (std::is_void_v<Answer>) {
      transactions().run(mode, [&](Repositories& repos) {
        work(repos);
        return true;
      });
    } else {
      std::optional<Answer> answer;
      transactions().run(mode, [&](Repositories& repos) {
        answer.emplace(work(repos));
        return true;
      });
      return std::move(*answer);
    }
  }

  std::unique_ptr<Store> store_;
};

// One suite per port, so a failure names the port that broke its promise.
class AccountContract : public StoreContract {};
class RefreshTokenContract : public StoreContract {};
class ResetCodeContract : public StoreContract {};
class RateLimitContract : public StoreContract {};
class OfferContract : public StoreContract {};
class SettingContract : public StoreContract {};
class PaymentContract : public StoreContract {};
class OrderContract : public StoreContract {};
class LedgerContract : public StoreContract {};
class GiftCardContract : public StoreContract {};
class ArtworkContract : public StoreContract {};
class PaymentEventContract : public StoreContract {};
class IdempotencyContract : public StoreContract {};
class GeneratedImageContract : public StoreContract {};
class SupportTicketContract : public StoreContract {};
class LeaseContract : public StoreContract {};
class MailOutboxContract : public StoreContract {};
class StaffContract : public StoreContract {};
class AuditLogContract : public StoreContract {};
class CustomerDeskContract : public StoreContract {};
class CatalogueDeskContract : public StoreContract {};
// Refunds and the back office's reads of orders, over an order of Ann's and a staff
// member, Sue.
class BackOfficeContract : public StoreContract {
 protected:
  BackOfficeContract();
  UserId ann, sue;
  OfferId offer;
  OrderId order;
};
class UnitOfWorkContract : public StoreContract {};
class SalesReportsContract : public StoreContract {};

// The backend's name ends each test's name: "Sqlite/OrderContract.UpdateStatus_.../Sqlite".
inline std::string name_of(const ::testing::TestParamInfo<Backend>& backend) {
  return backend.param.name;
}

}  // namespace artshop::contract

#define ARTSHOP_STORE_CONTRACT(prefix, suite, backend) \
  INSTANTIATE_TEST_SUITE_P(prefix, suite, ::testing::Values(backend), ::artshop::contract::name_of)

// Runs every suite against `backend` (a Backend); `prefix` starts the test names.
#define ARTSHOP_STORE_CONTRACTS(prefix, backend)                   \
  ARTSHOP_STORE_CONTRACT(prefix, AccountContract, backend);        \
  ARTSHOP_STORE_CONTRACT(prefix, RefreshTokenContract, backend);   \
  ARTSHOP_STORE_CONTRACT(prefix, ResetCodeContract, backend);      \
  ARTSHOP_STORE_CONTRACT(prefix, RateLimitContract, backend);      \
  ARTSHOP_STORE_CONTRACT(prefix, OfferContract, backend);          \
  ARTSHOP_STORE_CONTRACT(prefix, SettingContract, backend);        \
  ARTSHOP_STORE_CONTRACT(prefix, PaymentContract, backend);        \
  ARTSHOP_STORE_CONTRACT(prefix, OrderContract, backend);          \
  ARTSHOP_STORE_CONTRACT(prefix, LedgerContract, backend);         \
  ARTSHOP_STORE_CONTRACT(prefix, GiftCardContract, backend);       \
  ARTSHOP_STORE_CONTRACT(prefix, ArtworkContract, backend);        \
  ARTSHOP_STORE_CONTRACT(prefix, PaymentEventContract, backend);   \
  ARTSHOP_STORE_CONTRACT(prefix, IdempotencyContract, backend);    \
  ARTSHOP_STORE_CONTRACT(prefix, GeneratedImageContract, backend); \
  ARTSHOP_STORE_CONTRACT(prefix, SupportTicketContract, backend);  \
  ARTSHOP_STORE_CONTRACT(prefix, LeaseContract, backend);          \
  ARTSHOP_STORE_CONTRACT(prefix, MailOutboxContract, backend);     \
  ARTSHOP_STORE_CONTRACT(prefix, StaffContract, backend);          \
  ARTSHOP_STORE_CONTRACT(prefix, AuditLogContract, backend);       \
  ARTSHOP_STORE_CONTRACT(prefix, CustomerDeskContract, backend);   \
  ARTSHOP_STORE_CONTRACT(prefix, CatalogueDeskContract, backend);  \
  ARTSHOP_STORE_CONTRACT(prefix, BackOfficeContract, backend);     \
  ARTSHOP_STORE_CONTRACT(prefix, UnitOfWorkContract, backend);     \
  ARTSHOP_STORE_CONTRACT(prefix, SalesReportsContract, backend)
