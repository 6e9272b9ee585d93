// The back office's customers on the real server (docs/back-office.md, "Customers" and
// "Balance adjustments"): search and a customer's file, the lock and sign-out everywhere as the
// customer's own client feels them, adjustments with their limit, balance guard and key, and
// who may call what.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <mutex>
#include <string>
#include <vector>

#include "backstage.hpp"

namespace artshop::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::SizeIs;

constexpr std::string_view kLocked = "This account is locked: write to support.";
constexpr std::string_view kSessionEnded = "Your session has ended. Please log in again.";

// A customer's own login: both tokens, as the shop's client keeps them.
struct Login {
  std::string access;
  std::string refresh;
};

// The back office with an owner and a support member, and the customers' side of the same shop.
class AdminCustomers : public ::testing::Test {
 protected:
  AdminCustomers()
      : owner(backstage.first_owner()),
        support(backstage.invited_by(owner, "support@example.com", "support")),
        catalogue(backstage.invited_by(owner, "catalogue@example.com", "catalogue")) {
    backstage.owner_token = owner.token;
  }

  ShopServer& shop() { return backstage.shop; }

  Login log_in(const std::string& email) {
    const auto answer =
        post_json(shop().url("/api/Accounts/login"),
                  json::serialize(json::object{{"email", email}, {"password", kTestPassword}}));
    EXPECT_EQ(answer.status, 200) << answer.body;
    const auto tokens = parse_object(answer);
    return {std::string(tokens.at("accessToken").as_string()),
            std::string(tokens.at("refreshToken").as_string())};
  }
  HttpResponse log_in_answer(const std::string& email) {
    return post_json(shop().url("/api/Accounts/login"),
                     json::serialize(json::object{{"email", email}, {"password", kTestPassword}}));
  }
  long profile_status(const std::string& access) {
    return get(shop().url("/api/Accounts/profile"), {{"Authorization", "Bearer " + access}}).status;
  }
  // Why a refresh was refused ("" when it was not).
  std::string refresh_refusal(const std::string& refresh) {
    const auto answer = post_json(shop().url("/api/Accounts/refresh"),
                                  json::serialize(json::object{{"refreshToken", refresh}}));
    return answer.status == 200 ? std::string() : general_error(answer);
  }

  // The customer's id, as the back office's search finds it.
  std::int64_t id_of(const std::string& email) {
    const auto found = backstage.call("GET", "/api/admin/customers?Query=" + email, support.token);
    EXPECT_EQ(found.status, 200) << found.body;
    const auto items = parse_object(found).at("items").as_array();
    EXPECT_THAT(items, SizeIs(1));
    return items.empty() ? 0 : items[0].at("id").as_int64();
  }

  std::string customer_path(std::int64_t id, std::string_view rest = "") {
    return fmt::format("/api/admin/customers/{}{}", id, rest);
  }

  HttpResponse adjust(const Member& member, std::int64_t customer, std::string key,
                      json::value body) {
    RequestHeaders headers;
    if (!key.empty()) headers.emplace_back("Idempotency-Key", std::move(key));
    return backstage.call("POST", customer_path(customer, "/adjustments"), member.token, body,
                          headers);
  }
  static json::object adjustment(std::string direction, std::string amount,
                                 std::string reason = "Goodwill") {
    return {{"direction", std::move(direction)},
            {"amount", std::move(amount)},
            {"reason", std::move(reason)}};
  }

  // The rows an adjustment writes.
  std::int64_t adjustment_rows() {
    return backstage.rows("balance_adjustments") + backstage.rows("ledger_entries") +
           backstage.rows("audit_log");
  }

  Backstage backstage;
  Member owner;
  Member support;
  Member catalogue;
};

TEST_F(AdminCustomers, TheSearchAndTheFile_ShowTheCustomerWithBalanceSessionsAndLedger) {
  const auto ann = shop().sign_up();
  const auto id = id_of(ann.email);
  ASSERT_EQ(
      adjust(support, id, "credit-key-1", adjustment("credit", "5.00", "Late delivery")).status,
      201);

  const auto found = parse_object(
      backstage.call("GET", "/api/admin/customers?Query=" + ann.email.substr(0, 7), support.token));
  const auto row = found.at("items").as_array()[0].as_object();
  EXPECT_EQ(row.at("email").as_string(), ann.email);
  EXPECT_EQ(row.at("locked").as_bool(), false);
  EXPECT_EQ(row.at("balance").at("amount").as_string(), "5.00");

  const auto file = backstage.call("GET", customer_path(id), support.token);
  ASSERT_EQ(file.status, 200) << file.body;
  const auto body = parse_object(file);
  EXPECT_EQ(body.at("customer").at("lockedAt"), nullptr);
  EXPECT_THAT(body.at("sessions").as_array(), SizeIs(1)) << "sign_up signed in once";
  EXPECT_THAT(body.at("orders").as_array(), IsEmpty());
  EXPECT_EQ(body.at("ordersTotal").as_int64(), 0);

  const auto ledger =
      parse_object(backstage.call("GET", customer_path(id, "/ledger"), support.token));
  ASSERT_THAT(ledger.at("items").as_array(), SizeIs(1));
  const auto& line = ledger.at("items").as_array()[0];
  EXPECT_EQ(line.at("description").as_string(), "Adjustment: Late delivery");
  EXPECT_EQ(line.at("amount").at("amount").as_string(), "5.00");
  EXPECT_EQ(line.at("balanceAfter").at("amount").as_string(), "5.00");

  const auto missing = backstage.call("GET", customer_path(999999), support.token);
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(general_error(missing), "No such customer.");
}

TEST_F(AdminCustomers, ALock_EndsTheCustomersSessionsAtOnceAndRefusesTheirLogin_UntilUnlocked) {
  const auto ann = shop().sign_up();
  const auto id = id_of(ann.email);
  const auto login = log_in(ann.email);
  ASSERT_EQ(profile_status(login.access), 200);

  const auto locked =
      backstage.call("POST", customer_path(id, "/lock"), support.token, {{"reason", "Fraud"}});
  ASSERT_EQ(locked.status, 200) << locked.body;
  EXPECT_EQ(parse_object(locked).at("locked").as_bool(), true);
  EXPECT_TRUE(parse_object(locked).at("lockedAt").is_string());

  EXPECT_EQ(profile_status(login.access), 401) << "the access token issued before the lock";
  EXPECT_EQ(profile_status(ann.token), 401);
  EXPECT_EQ(refresh_refusal(login.refresh), kSessionEnded);
  const auto refused = log_in_answer(ann.email);
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(general_error(refused), kLocked);

  ASSERT_EQ(backstage.call("POST", customer_path(id, "/unlock"), support.token).status, 200);
  const auto again = log_in(ann.email);
  EXPECT_EQ(profile_status(again.access), 200);
  EXPECT_THAT(backstage.actions_of(support.email),
              ElementsAre("customer.unlock", "customer.lock", "staff.setup"));
}

TEST_F(AdminCustomers, SignOutEverywhere_EndsEveryLoginOfTheCustomer) {
  const auto ann = shop().sign_up();
  const auto id = id_of(ann.email);
  const auto phone = log_in(ann.email);
  const auto laptop = log_in(ann.email);
  ASSERT_EQ(backstage.call("POST", customer_path(id, "/sign-out-everywhere"), support.token).status,
            204);
  EXPECT_EQ(profile_status(ann.token), 401);
  EXPECT_EQ(profile_status(phone.access), 401);
  EXPECT_EQ(profile_status(laptop.access), 401);
  EXPECT_EQ(refresh_refusal(laptop.refresh), kSessionEnded);
  EXPECT_THAT(parse_object(backstage.call("GET", customer_path(id), support.token))
                  .at("sessions")
                  .as_array(),
              IsEmpty());
  EXPECT_EQ(profile_status(log_in(ann.email).access), 200) << "not a lock";
}

TEST_F(AdminCustomers, AboveTheLimit_SupportIsRefusedAndAnOwnerMayAdjust) {
  const auto ann = shop().sign_up();
  const auto id = id_of(ann.email);
  const auto before = adjustment_rows();
  const auto refused = adjust(support, id, "limit-key-1", adjustment("credit", "50.01"));
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_EQ(general_error(refused), "Only an owner may adjust a balance by more than 50.00 EUR.");
  EXPECT_EQ(adjustment_rows(), before) << "nothing written";

  const auto done = adjust(owner, id, "limit-key-2", adjustment("credit", "50.01"));
  ASSERT_EQ(done.status, 201) << done.body;
  const auto body = parse_object(done);
  EXPECT_EQ(body.at("balance").at("amount").as_string(), "50.01");
  EXPECT_EQ(body.at("adjustment").at("staff").at("email").as_string(), owner.email);
  EXPECT_EQ(shop().balance(ann), 5001);
}

TEST_F(AdminCustomers, ADebitPastTheBalance_IsRefusedWithWhatItHoldsAndNothingIsWritten) {
  const auto ann = shop().sign_up();
  const auto id = id_of(ann.email);
  ASSERT_EQ(adjust(support, id, "fund-key-01", adjustment("credit", "3.20")).status, 201);
  const auto before = adjustment_rows();
  const auto refused = adjust(support, id, "debit-key-1", adjustment("debit", "3.21"));
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_THAT(field_errors(refused, "amount"), ElementsAre("The balance holds only 3.20 EUR."));
  EXPECT_EQ(adjustment_rows(), before);
  EXPECT_EQ(shop().balance(ann), 320);
}

TEST_F(AdminCustomers, BadAmountsAndAMissingReason_AreRefusedOnTheirFieldsAndNothingIsWritten) {
  const auto ann = shop().sign_up();
  const auto id = id_of(ann.email);
  const auto before = adjustment_rows();
  for (const auto& [amount, message] : std::vector<std::pair<std::string, std::string>>{
           {"-1", "Must be more than zero."},
           {"0", "Must be more than zero."},
           {"1.005", "Use at most 2 decimals for EUR."},
           {"abc", "Must be an amount such as 12.50."}}) {
    const auto refused = adjust(support, id, "bad-amount-" + amount, adjustment("credit", amount));
    EXPECT_EQ(refused.status, 400) << amount << refused.body;
    EXPECT_THAT(field_errors(refused, "amount"), ElementsAre(message)) << amount;
  }
  const auto no_reason =
      adjust(support, id, "no-reason-1", {{"direction", "credit"}, {"amount", "5.00"}});
  EXPECT_EQ(no_reason.status, 400);
  EXPECT_THAT(field_errors(no_reason, "reason"), ElementsAre("Say why."));
  const auto no_key = adjust(support, id, "", adjustment("credit", "5.00"));
  EXPECT_EQ(no_key.status, 400);
  EXPECT_THAT(field_errors(no_key, "Idempotency-Key"),
              ElementsAre("Send an Idempotency-Key of 8 to 64 characters."));
  EXPECT_EQ(adjustment_rows(), before);
  EXPECT_EQ(shop().balance(ann), 0);
}

TEST_F(AdminCustomers, TheSameKeyTwice_MakesOneAdjustment_AndAnotherBodyUnderItIsRefused) {
  const auto ann = shop().sign_up();
  const auto id = id_of(ann.email);
  const auto first = adjust(support, id, "same-key-01", adjustment("credit", "5.00"));
  ASSERT_EQ(first.status, 201) << first.body;
  const auto again = adjust(support, id, "same-key-01", adjustment("credit", "5.00"));
  EXPECT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(parse_object(again), parse_object(first));
  const auto other = adjust(support, id, "same-key-01", adjustment("credit", "6.00"));
  EXPECT_EQ(other.status, 400);
  EXPECT_THAT(field_errors(other, "Idempotency-Key"),
              ElementsAre("This key was used for another adjustment."));
  EXPECT_EQ(backstage.rows("balance_adjustments"), 1);
  EXPECT_EQ(shop().balance(ann), 500);
}

TEST_F(AdminCustomers, TwoDebitsRacingOnOneBalance_OneIsRefusedAndTheBalanceNeverGoesBelowZero) {
  const auto ann = shop().sign_up();
  const auto id = id_of(ann.email);
  ASSERT_EQ(adjust(owner, id, "race-fund-1", adjustment("credit", "10.00")).status, 201);
  std::mutex answers_mutex;
  std::vector<HttpResponse> answers;
  in_parallel(2, [&](int i) {
    auto answer = adjust(i == 0 ? owner : support, id, fmt::format("race-debit-{}", i),
                         adjustment("debit", "6.00"));
    const std::lock_guard lock(answers_mutex);
    answers.push_back(std::move(answer));
  });
  int done = 0;
  for (const auto& answer : answers) {
    if (answer.status == 201) {
      ++done;
    } else {
      EXPECT_EQ(answer.status, 400) << answer.body;
      EXPECT_THAT(field_errors(answer, "amount"), ElementsAre("The balance holds only 4.00 EUR."));
    }
  }
  EXPECT_EQ(done, 1);
  EXPECT_EQ(shop().balance(ann), 400);
  EXPECT_EQ(backstage.rows("balance_adjustments"), 2);
}

// Every route of this slice against no session, a customer's token and a role without its
// permission: each refusal by its message, and nothing written.
TEST_F(AdminCustomers, EveryRoute_RefusesAnyoneButStaffWithThePermission) {
  const auto ann = shop().sign_up();
  const auto id = id_of(ann.email);
  struct Route {
    std::string method;
    std::string path;
    json::value body;
  };
  const std::vector<Route> routes{
      {"GET", "/api/admin/customers", nullptr},
      {"GET", customer_path(id), nullptr},
      {"GET", customer_path(id, "/ledger"), nullptr},
      {"POST", customer_path(id, "/sign-out-everywhere"), nullptr},
      {"POST", customer_path(id, "/lock"), {{"reason", "Fraud"}}},
      {"POST", customer_path(id, "/unlock"), nullptr},
      {"POST", customer_path(id, "/adjustments"), adjustment("credit", "5.00")}};
  const auto written = [&] {
    return adjustment_rows() +
           shop().count("SELECT count(*) FROM accounts WHERE locked_at IS NOT NULL") +
           shop().count("SELECT count(*) FROM refresh_tokens WHERE revoked_at IS NOT NULL");
  };
  for (const auto& [token, message, who] :
       std::vector<std::tuple<std::string, std::string_view, std::string>>{
           {"", kSignIn, "no token"},
           {ann.token, kSignIn, "a customer"},
           {catalogue.token, kRoleForbids, "catalogue"}}) {
    for (const auto& route : routes) {
      const auto before = written();
      const auto answer = backstage.call(route.method, route.path, token, route.body,
                                         {{"Idempotency-Key", "every-route-key"}});
      EXPECT_EQ(answer.status, 403) << who << " " << route.method << " " << route.path;
      EXPECT_EQ(general_error(answer), message) << who << " " << route.method << " " << route.path;
      EXPECT_EQ(written(), before) << who << " " << route.method << " " << route.path;
    }
  }
  EXPECT_EQ(profile_status(ann.token), 200) << "the customer's own session is untouched";
}

}  // namespace
}  // namespace artshop::testing
