// The back office's dashboard and exports on the real server (docs/back-office.md, "Dashboard"
// and "Exports"): the figures to the cent against the ledger's own postings, who may call what,
// the CSV's quoting with a formula neutralised, and a ledger export of a range of dates.
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>
#include <vector>

#include "backstage.hpp"

namespace artshop::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

constexpr std::int64_t kImagePriceCents = 300;

// Euro cents as the API writes an amount: "12.50".
std::string eur(std::int64_t cents) {
  return fmt::format("{}.{:02}", cents / 100, cents % 100);
}

std::string today() {
  return fmt::format("{:%F}",
                     std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()));
}

// The lines of a CSV body, each without its CRLF; fails on a line ended by LF alone.
std::vector<std::string> csv_lines(const std::string& body) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < body.size()) {
    const auto end = body.find("\r\n", start);
    if (end == std::string::npos) {
      ADD_FAILURE() << "a record not ended by CRLF: " << body.substr(start);
      break;
    }
    const auto line = body.substr(start, end - start);
    EXPECT_EQ(line.find('\n'), std::string::npos) << "a bare LF in " << line;
    lines.push_back(line);
    start = end + 2;
  }
  return lines;
}

// The back office with one member of each role; generated images cost 3.00 EUR from the first.
class AdminReports : public ::testing::Test {
 protected:
  AdminReports()
      : backstage({{"ARTSHOP_GENERATION_FREE_PER_DAY", "0"},
                   {"ARTSHOP_GENERATION_PRICE_EUR_CENTS", std::to_string(kImagePriceCents)}},
                  true),
        owner(backstage.first_owner()),
        support(backstage.invited_by(owner, "support@example.com", "support")),
        catalogue(backstage.invited_by(owner, "catalogue@example.com", "catalogue")) {
    backstage.owner_token = owner.token;
  }

  ShopServer& shop() { return backstage.shop; }

  // A paid order: from the balance, or by card through the provider's webhook. Its id and
  // total in cents.
  std::pair<std::int64_t, std::int64_t> paid_order(const Customer& customer, bool by_balance,
                                                   json::value gift_card = nullptr) {
    const auto placed =
        shop().place_order(customer, {shop().cheapest_regular()}, std::move(gift_card), by_balance);
    EXPECT_EQ(placed.status, 200) << placed.body;
    const auto order = parse_object(placed).at("order").as_object();
    const auto total = order.at("total").at("minorUnits").as_int64();
    if (!by_balance) {
      const std::string reference(order.at("reference").as_string());
      const auto delivered = shop().deliver_paid_event("evt_" + reference, reference, total, "eur");
      EXPECT_EQ(delivered.status, 200) << delivered.body;
    }
    return {order.at("id").as_int64(), total};
  }

  // A sum over the ledger's entries read from the database, in micro-euros.
  std::int64_t ledger_sum(std::string_view account, std::string_view side,
                          std::string_view posting) {
    return shop().count(fmt::format(
        "SELECT coalesce(sum(amount_micro_eur), 0) FROM ledger_entries WHERE account_kind = '{}' "
        "AND side = '{}' AND posting LIKE '{}'",
        account, side, posting));
  }

  json::object dashboard() {
    const auto answer = backstage.call("GET", "/api/admin/dashboard", owner.token);
    EXPECT_EQ(answer.status, 200) << answer.body;
    return parse_object(answer);
  }

  HttpResponse download(std::string_view path, const std::string& token) {
    return backstage.call("GET", path, token);
  }

  Backstage backstage;
  Member owner;
  Member support;
  Member catalogue;
};

std::string amount_of(const json::value& money) {
  return std::string(money.at("amount").as_string());
}

// Micro-euros as the dashboard writes them (whole cents here).
std::string eur_of_micro(std::int64_t micro) {
  return eur(micro / 10'000);
}

TEST_F(AdminReports, TheDashboard_SumsTheLedgerToTheCent_AndEqualsItsPostingsReadDirectly) {
  const auto ann = shop().sign_up();
  shop().fund_cents(ann, 100'00);  // a deposit: money held, not revenue
  const auto [balance_order, balance_total] = paid_order(ann, true);
  const auto [card_order, card_total] = paid_order(ann, false, "25.00");
  const auto card_picture = card_total - 25'00;
  ASSERT_EQ(shop()
                .post("/api/generated-images",
                      {{"prompt", "a lighthouse"},
                       {"style", "Watercolor"},
                       {"aspectRatio", "1x1"},
                       {"count", 1},
                       {"seed", 7}},
                      ann)
                .status,
            200);
  RequestHeaders key{{"Idempotency-Key", "refund-key-0001"}};
  const auto refunded =
      backstage.call("POST", fmt::format("/api/admin/orders/{}/refunds", balance_order),
                     owner.token, {{"amount", "1.20"}, {"reason", "Scratched"}}, key);
  ASSERT_EQ(refunded.status, 201) << refunded.body;

  const auto figures = dashboard();
  const auto& period = figures.at("periods").at("today");
  const auto& revenue = period.at("revenue");
  // What the test placed, to the cent.
  EXPECT_EQ(amount_of(revenue.at("pictures")), eur(balance_total + card_picture));
  EXPECT_EQ(amount_of(revenue.at("giftCards")), "25.00");
  EXPECT_EQ(amount_of(revenue.at("generatedImages")), eur(kImagePriceCents));
  EXPECT_EQ(amount_of(revenue.at("total")), eur(balance_total + card_total + kImagePriceCents));
  EXPECT_EQ(amount_of(period.at("refunds")), "1.20");
  EXPECT_EQ(amount_of(period.at("net")), eur(balance_total + card_total + kImagePriceCents - 1'20));
  EXPECT_EQ(amount_of(period.at("deposits")), "100.00");
  // And what the ledger's postings hold, summed here straight from the database.
  EXPECT_EQ(amount_of(revenue.at("pictures")),
            eur_of_micro(ledger_sum("SalesRevenue", "Credit", "order:%")));
  EXPECT_EQ(amount_of(revenue.at("giftCards")),
            eur_of_micro(ledger_sum("GiftCardsOutstanding", "Credit", "order:%")));
  EXPECT_EQ(amount_of(revenue.at("generatedImages")),
            eur_of_micro(ledger_sum("GenerationRevenue", "Credit", "%")));
  EXPECT_EQ(amount_of(period.at("refunds")),
            eur_of_micro(ledger_sum("SalesRevenue", "Debit", "refund:%") +
                         ledger_sum("GiftCardsOutstanding", "Debit", "refund:%")));
  EXPECT_EQ(amount_of(period.at("deposits")),
            eur_of_micro(ledger_sum("CustomerBalance", "Credit", "deposit:%")));

  // A new shop: the week and the month are today.
  EXPECT_EQ(figures.at("periods").at("last7Days"), period);
  EXPECT_EQ(figures.at("periods").at("last30Days"), period);
  EXPECT_EQ(period.at("newCustomers").as_int64(), shop().count("SELECT count(*) FROM accounts"));
  EXPECT_EQ(figures.at("ordersByStatus").at("Paid").as_int64(), 2);
  const auto& daily = figures.at("daily").as_array();
  ASSERT_EQ(daily.size(), 90U);
  EXPECT_EQ(daily.back().at("date").as_string(), today());
  EXPECT_EQ(daily.back().at("net"), period.at("net"));
  EXPECT_EQ(amount_of(daily.front().at("net")), "0.00");
}

TEST_F(AdminReports, EveryRoute_RefusesAnyoneButTheOwnerAndWritesNothing) {
  const auto ann = shop().sign_up();
  const std::vector<std::string> routes{"/api/admin/dashboard", "/api/admin/exports/orders.csv",
                                        "/api/admin/exports/ledger.csv",
                                        "/api/admin/exports/customers.csv"};
  const auto audit_before = backstage.rows("audit_log");
  for (const auto& path : routes) {
    for (const auto& token : {std::string(), ann.token, support.token, catalogue.token}) {
      const auto answer = backstage.call("GET", path, token);
      EXPECT_EQ(answer.status, 403) << path;
      const bool staff = token == support.token || token == catalogue.token;
      EXPECT_EQ(general_error(answer), staff ? kRoleForbids : kSignIn) << path;
      EXPECT_THAT(answer.body, Not(HasSubstr("id,")));  // no CSV was started
    }
  }
  EXPECT_EQ(backstage.rows("audit_log"), audit_before);
  // The owner may, and each export is recorded.
  for (const auto& path : routes) EXPECT_EQ(backstage.call("GET", path, owner.token).status, 200);
  const auto actions = backstage.actions_of(owner.email);
  for (const auto* action : {"export.orders", "export.ledger", "export.customers"}) {
    EXPECT_THAT(actions, ::testing::Contains(action));
  }
}

TEST_F(AdminReports, TheCustomersExport_QuotesFieldsAndNeutralisesAFormula_CrlfEnded) {
  const auto ann = shop().sign_up();
  ASSERT_EQ(shop()
                .post("/api/Accounts/update",
                      {{"firstName", "=HYPERLINK(\"http://evil.example\",\"Click\")"},
                       {"lastName", "Smith, Jr"}},
                      ann)
                .status,
            200);
  const auto answer = download("/api/admin/exports/customers.csv", owner.token);
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(answer.header("Content-Type"), "text/csv; charset=utf-8");
  EXPECT_EQ(answer.header("Content-Disposition"), "attachment; filename=\"customers.csv\"");
  EXPECT_EQ(answer.header("Transfer-Encoding"), "chunked");
  const auto lines = csv_lines(answer.body);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(),
            "id,email,first_name,last_name,country,created_at,locked_at,balance_eur");
  std::string anns;
  for (const auto& line : lines) {
    if (line.find(ann.email) != std::string::npos) anns = line;
  }
  // The formula starts with ' and is quoted for its quotes and comma; the name with a comma is
  // quoted whole.
  EXPECT_THAT(anns,
              HasSubstr(ann.email + ",\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"Click\"\")\","
                                    "\"Smith, Jr\","));
  EXPECT_THAT(anns, ::testing::EndsWith(",0.00"));
}

TEST_F(AdminReports, TheLedgerExport_HoldsTheEntriesOfItsDatesOnly_AndABadDateIsRefused) {
  const auto ann = shop().sign_up();
  shop().fund_cents(ann, 20'00);
  paid_order(ann, true);
  const auto entries = shop().count("SELECT count(*) FROM ledger_entries");
  const auto day = today();

  const auto same_day =
      download(fmt::format("/api/admin/exports/ledger.csv?From={}&To={}", day, day), owner.token);
  ASSERT_EQ(same_day.status, 200) << same_day.body;
  EXPECT_EQ(same_day.header("Content-Disposition"),
            fmt::format("attachment; filename=\"ledger-{}-to-{}.csv\"", day, day));
  const auto lines = csv_lines(same_day.body);
  EXPECT_EQ(static_cast<std::int64_t>(lines.size()), entries + 1) << same_day.body;
  // The deposit's two entries come first, each on its own row; the balance's is the credit.
  ASSERT_GE(lines.size(), 3U);
  EXPECT_THAT(lines.at(1), StartsWith("1,deposit:"));
  EXPECT_THAT(lines.at(2), StartsWith("2,deposit:"));
  const auto& credit = lines.at(1).find(",CustomerBalance,") != std::string::npos ? lines.at(1)
                                                                                   : lines.at(2);
  EXPECT_THAT(credit, HasSubstr(",CustomerBalance,"));
  EXPECT_THAT(credit, ::testing::EndsWith(",Credit,20.00,20.00,EUR,1"));

  const auto tomorrow =
      fmt::format("{:%F}", std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()) +
                               std::chrono::days(1));
  const auto later = download("/api/admin/exports/ledger.csv?From=" + tomorrow, owner.token);
  ASSERT_EQ(later.status, 200);
  EXPECT_EQ(csv_lines(later.body).size(), 1U) << "the header alone";

  const auto audit_before = backstage.rows("audit_log");
  const auto bad = download("/api/admin/exports/ledger.csv?From=yesterday", owner.token);
  EXPECT_EQ(bad.status, 400);
  EXPECT_FALSE(field_errors(bad, "From").empty()) << bad.body;
  const auto reversed = download(
      fmt::format("/api/admin/exports/orders.csv?From={}&To=2020-01-01", day), owner.token);
  EXPECT_EQ(reversed.status, 400);
  EXPECT_THAT(field_errors(reversed, "To"), ::testing::ElementsAre("Must not be before From."));
  EXPECT_EQ(backstage.rows("audit_log"), audit_before) << "a refused export is not recorded";
}

}  // namespace
}  // namespace artshop::testing
