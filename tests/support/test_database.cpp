#include "support/test_database.hpp"

#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "artshop/postgres/connection.hpp"
#include "support/catalogue_fixture.hpp"
#include "support/postgres_cluster.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kUrlFile = "postgres-url";
constexpr std::string_view kSeededTemplate = "seeded_catalogue";

std::string create_database(std::string_view template_name = {}) {
  static int made = 0;
  const auto name = "api_" + std::to_string(++made);
  auto& cluster = PostgresCluster::shared();
  std::string statement = "CREATE DATABASE " + name;
  if (!template_name.empty()) statement += " TEMPLATE " + std::string(template_name);
  postgres::Connection(cluster.url()).execute(statement);
  return cluster.url(name);
}

// A template database's name: the fixture's, or one of another size.
std::string template_name(int offers) {
  return offers == kFixtureOffers ? std::string(kSeededTemplate)
                                  : std::string(kSeededTemplate) + "_" + std::to_string(offers);
}

// A seeded catalogue's pictures, seeded once per process and size into its template database.
const fs::path& seeded_folder(int offers) {
  static std::mutex mutex;
  static std::map<int, TempDir> folders;
  const std::scoped_lock lock(mutex);
  const auto [folder, added] = folders.try_emplace(offers);
  if (!added) return folder->second.path();
  try {
    auto& cluster = PostgresCluster::shared();
    const auto name = template_name(offers);
    postgres::Connection(cluster.url()).execute("CREATE DATABASE " + name);
    seed_into(folder->second.path(), cluster.url(name), offers);
  } catch (...) {
    folders.erase(folder);
    throw;
  }
  return folder->second.path();
}

}  // namespace

bool on_postgres() {
  const char* chosen = std::getenv("ARTSHOP_TEST_DATABASE");
  return chosen != nullptr && std::string_view(chosen) == "postgres";
}

std::string fresh_postgres_database() {
  return create_database();
}

void copy_seeded_postgres_catalogue(const fs::path& data_dir, int offers) {
  const auto& seeded = seeded_folder(offers);
  fs::create_directories(data_dir);
  fs::copy(seeded, data_dir, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  std::ofstream(data_dir / kUrlFile) << create_database(template_name(offers));
}

std::string postgres_url_of(const fs::path& data_dir) {
  std::ifstream in(data_dir / kUrlFile);
  std::stringstream url;
  url << in.rdbuf();
  return url.str();
}

}  // namespace artshop::testing
