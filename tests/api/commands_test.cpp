// The artshop commands (import, migrate) against real files and a real database.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <boost/json.hpp>
#include <cstdio>
#include <memory>
#include <set>
#include <string>

#include "support/http_client.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

namespace json = boost::json;

struct Run {
  int exit_code = -1;
  std::string output;
};

// `environment` is put before the command as it stands ("NAME=value ").
Run run_artshop(const std::filesystem::path& data_dir, const std::string& arguments,
                const std::string& environment = "") {
  const auto command = environment + "ARTSHOP_DATA_DIR=" + data_dir.string() +
                       " ARTSHOP_LOG_LEVEL=warn " + ARTSHOP_BINARY + " " + arguments + " 2>&1";
  Run run;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::array<char, 512> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe.get()) != nullptr) run.output += buffer.data();
  const int status = pclose(pipe.release());
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

Run import_into(const std::filesystem::path& data_dir) {
  return run_artshop(data_dir, std::string("import ") + ARTSHOP_SOURCE_DIR + "/tests/data/import");
}

TEST(MigrateCommand, TheShippedExampleConfigurationIsAccepted) {
  TempDir data;
  const auto run = run_artshop(data.path(), std::string("migrate --config ") + ARTSHOP_SOURCE_DIR +
                                                "/app/artshop.example.conf");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(std::filesystem::exists(data.path() / "artshop.db")) << run.output;
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
