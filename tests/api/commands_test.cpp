// The artshop commands (import, migrate) against real files and a real database.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <set>
#include <string>

#include "shop_api.hpp"
#include "support/http_client.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

namespace json = boost::json;

CommandRun import_into(const std::filesystem::path& data_dir) {
  return run_artshop(data_dir, std::string("import ") + ARTSHOP_SOURCE_DIR + "/tests/data/import");
}

TEST(MigrateCommand, TheShippedExampleConfigurationIsAccepted) {
  TempDir data;
  const auto run = run_artshop(data.path(), std::string("migrate --config ") + ARTSHOP_SOURCE_DIR +
                                                "/app/artshop.example.conf");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(std::filesystem::exists(data.path() / "artshop.db")) << run.output;
}

// A shop may be seeded with up to a million sample offers; one more is refused before anything
// is built, by the setting's own message (the command never reaches the database).
TEST(MigrateCommand, SeedOffersUpToAMillionAreAcceptedOneMoreIsRefused) {
  TempDir data;
  const auto million = run_artshop(data.path(), "migrate", "ARTSHOP_SEED_OFFERS=1000000 ");
  EXPECT_EQ(million.exit_code, 0) << million.output;

  TempDir other;
  const auto more = run_artshop(other.path(), "migrate", "ARTSHOP_SEED_OFFERS=1000001 ");
  EXPECT_EQ(more.exit_code, 2) << more.output;
  EXPECT_NE(more.output.find("seed_offers (ARTSHOP_SEED_OFFERS): expected a whole number from 0 "
                             "to 1000000, got '1000001'"),
            std::string::npos)
      << more.output;
  EXPECT_FALSE(std::filesystem::exists(other.path() / "artshop.db")) << more.output;
}

// `artshop migrate` builds the database and nothing else: a signing key it cannot read (every
// other command refuses to start with it) does not stop it, and it leaves in the data folder
// the database and the gift-card key its migrations seal numbers under, no more: no signing or
// reset-code key, no media, originals or mail folder of the parts it did not build.
TEST(MigrateCommand, BuildsOnlyTheDatabase) {
  TempDir data;
  const auto run = run_artshop(data.path(), "migrate", "ARTSHOP_JWT_SIGNING_KEY=not-hex ");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  std::set<std::string> made;
  for (const auto& entry : std::filesystem::directory_iterator(data.path())) {
    made.insert(entry.path().filename().string());
  }
  EXPECT_EQ(made, (std::set<std::string>{"artshop.db", "gift-cards.key"})) << run.output;

  const auto seed = run_artshop(data.path(), "seed", "ARTSHOP_JWT_SIGNING_KEY=not-hex ");
  EXPECT_EQ(seed.exit_code, 1) << "the key is one the shop refuses: " << seed.output;
  EXPECT_NE(seed.output.find("jwt signing keys must be the hex"), std::string::npos) << seed.output;
}

// The one integer `sql` answers in the data folder's database.
std::int64_t count_in(const std::filesystem::path& data_dir, std::string_view sql) {
  auto connection = sqlite_database(data_dir / "artshop.db")();
  auto row = connection->prepare(sql);
  row.step();
  return row.column_int(0);
}

// The first owner comes from the command line: the account is made without a password, the
// member invited, the set-up link printed under the configured public URL, and nothing but
// the database (and the gift-card key its migrations use) is made: no secret is taken from the
// command line, and no key the command does not need is generated.
TEST(StaffAddCommand, PrintsTheSetupLinkAndBuildsOnlyTheDatabase) {
  TempDir data;
  const auto run = run_artshop(data.path(), "staff add Ann@Example.com --role owner",
                               "ARTSHOP_PUBLIC_URL=http://localhost:8443 ");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  constexpr std::string_view kLink = "http://localhost:8443/admin/setup/";
  const auto at = run.output.find(kLink);
  ASSERT_NE(at, std::string::npos) << run.output;
  const auto token = run.output.substr(at + kLink.size(), 43);
  EXPECT_EQ(
      token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
      std::string::npos)
      << token;
  EXPECT_EQ(count_in(data.path(),
                     "SELECT count(*) FROM staff s JOIN accounts a ON a.id = s.account_id "
                     "WHERE a.email = 'ann@example.com' AND a.password_hash = '' "
                     "AND s.role = 'owner' AND s.status = 'invited'"),
            1);
  EXPECT_EQ(count_in(data.path(),
                     "SELECT count(*) FROM audit_log WHERE action = 'staff.add' "
                     "AND actor_id IS NULL AND address = 'command line'"),
            1);
  std::set<std::string> made;
  for (const auto& entry : std::filesystem::directory_iterator(data.path())) {
    made.insert(entry.path().filename().string());
  }
  EXPECT_EQ(made, (std::set<std::string>{"artshop.db", "gift-cards.key"})) << run.output;
}

TEST(StaffAddCommand, ABadEmailRoleOrAMemberTwice_ExitsTwoWithAClearMessage) {
  TempDir data;
  const auto bad_role = run_artshop(data.path(), "staff add ann@example.com --role admin");
  EXPECT_EQ(bad_role.exit_code, 2) << bad_role.output;
  EXPECT_NE(bad_role.output.find("role: Choose owner, support or catalogue."), std::string::npos)
      << bad_role.output;
  const auto bad_email = run_artshop(data.path(), "staff add not-an-address --role owner");
  EXPECT_EQ(bad_email.exit_code, 2) << bad_email.output;
  EXPECT_NE(bad_email.output.find("email: Enter a valid e-mail address."), std::string::npos)
      << bad_email.output;
  const auto no_role = run_artshop(data.path(), "staff add ann@example.com");
  EXPECT_EQ(no_role.exit_code, 2) << no_role.output;
  EXPECT_NE(no_role.output.find("staff add needs --role"), std::string::npos) << no_role.output;
  EXPECT_EQ(count_in(data.path(), "SELECT count(*) FROM staff"), 0) << "nothing was added";

  ASSERT_EQ(run_artshop(data.path(), "staff add ann@example.com --role owner").exit_code, 0);
  const auto twice = run_artshop(data.path(), "staff add ann@example.com --role support");
  EXPECT_EQ(twice.exit_code, 2) << twice.output;
  EXPECT_NE(twice.output.find("This address is staff already."), std::string::npos) << twice.output;
}

TEST(ImportCommand, AddsTheGoodRowsReportsTheBadOneAndIsIdempotent) {
  TempDir data;
  const auto first = import_into(data.path());
  EXPECT_EQ(first.exit_code, 1) << "a rejected row makes the run fail: " << first.output;
  EXPECT_NE(first.output.find("row 2: imported quiet-harbour"), std::string::npos) << first.output;
  EXPECT_NE(first.output.find("row 3: imported signal-tower"), std::string::npos) << first.output;
  for (const char* problem : {"row 4: rejected: file", "row 4: rejected: category",
                              "row 4: rejected: style", "row 4: rejected: price"}) {
    EXPECT_NE(first.output.find(problem), std::string::npos) << problem << "\n" << first.output;
  }
  EXPECT_NE(first.output.find("2 imported, 0 already present, 1 rejected"), std::string::npos);

  const auto second = import_into(data.path());
  EXPECT_NE(second.output.find("0 imported, 2 already present, 1 rejected"), std::string::npos)
      << second.output;

  ServerProcess server({.env = {{"ARTSHOP_DATA_DIR", data.path().string()}}});
  const auto harbour = get(server.url("/api/offers/get-one?UrlName=quiet-harbour&Currency=EUR"));
  ASSERT_EQ(harbour.status, 200) << harbour.body;
  const auto offer = json::parse(harbour.body).as_object();
  EXPECT_EQ(offer.at("orientation").as_string(), "Horizontal");
  EXPECT_EQ(offer.at("aspectRatio").as_string(), "16x9");
  EXPECT_EQ(offer.at("width").as_int64(), 640);
  EXPECT_EQ(offer.at("price").at("amount").as_string(), "24.50");
  EXPECT_EQ(offer.at("attributes").as_array().size(), 1U)
      << "a 640-pixel picture is not sold at sizes it does not have";
  EXPECT_EQ(get(server.url(std::string(offer.at("preview").at("jpeg").as_string()))).status, 200);
  const auto tower =
      json::parse(get(server.url("/api/offers/get-one?UrlName=signal-tower&Currency=EUR")).body)
          .as_object();
  EXPECT_EQ(tower.at("orientation").as_string(), "Vertical");
  EXPECT_EQ(tower.at("price").at("amount").as_string(), "19.00") << "the default price";
}

}  // namespace
}  // namespace artshop::testing
