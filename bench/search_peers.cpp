// Catalogue search beside two peers on the same seeded catalogue and the same judged queries
// (bench/search-judged.json): SQLite FTS5, PostgreSQL's full-text search and the shop's
// SearchIndex with its real folding and stemming. For each engine and catalogue size: the
// relevance (how many of the offers a query must find are among its first 5 results) and the
// time a query takes, p50 and p99 over every judged query asked many times.
// docs/benchmarks.md, "Search peers".
//
// Usage: search_peers [--sizes 132,100000] [--repetitions N] [--judged FILE]
// Without PostgreSQL's programs (Debian postgresql-15) its rows are skipped, saying so.
#include <libpq-fe.h>
#include <sqlite3.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "artshop/unicode/icu_search_text_folder.hpp"
#include "artshop/unicode/snowball_word_stemmer.hpp"
#include "seeded_search_catalogue.hpp"
#include "support/postgres_cluster.hpp"
#include "support/unprivileged_process.hpp"

namespace {

using artshop::bench::SeededSearchCatalogue;
using Clock = std::chrono::steady_clock;
using UrlNames = std::vector<std::string>;

constexpr std::size_t kFirst = 5;

struct JudgedQuery {
  std::string query;
  UrlNames expect;
};

std::vector<JudgedQuery> judged_queries(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file);
  std::stringstream text;
  text << in.rdbuf();
  const auto document = boost::json::parse(text.str());
  std::vector<JudgedQuery> out;
  for (const auto& entry : document.as_array()) {
    const auto& object = entry.as_object();
    JudgedQuery judged{.query = std::string(object.at("query").as_string())};
    for (const auto& name : object.at("expect").as_array()) {
      judged.expect.emplace_back(name.as_string());
    }
    out.push_back(std::move(judged));
  }
  return out;
}

// A query's points: each expected offer among the first 5; for a query that must find
// nothing, one point when nothing is found.
std::size_t points(const JudgedQuery& judged, const UrlNames& found) {
  if (judged.expect.empty()) return found.empty() ? 1 : 0;
  return static_cast<std::size_t>(std::ranges::count_if(judged.expect, [&](const auto& name) {
    return std::ranges::find(found, name) != found.end();
  }));
}

std::size_t most_points(const std::vector<JudgedQuery>& queries) {
  std::size_t total = 0;
  for (const auto& judged : queries) total += std::max<std::size_t>(judged.expect.size(), 1);
  return total;
}

// The words of a query as the peers are asked them: runs of ASCII letters and digits and of
// bytes beyond ASCII (each peer's own tokenizer folds those), so that no query can be read as
// their query syntax.
std::vector<std::string> peer_words(std::string_view query) {
  std::vector<std::string> words(1);
  for (const char c : query) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80 || std::isalnum(byte)) {
      words.back() += c;
    } else if (!words.back().empty()) {
      words.emplace_back();
    }
  }
  if (words.back().empty()) words.pop_back();
  return words;
}

// One engine, loaded with one catalogue: the urlNames of the first 5 offers it finds.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual UrlNames first(std::string_view query) = 0;
};

class ShopEngine final : public Engine {
 public:
  explicit ShopEngine(const SeededSearchCatalogue& catalogue)
      : catalogue_(catalogue), index_(catalogue.documents(), analyser_) {}

  UrlNames first(std::string_view query) override {
    UrlNames out;
    for (const auto offer : index_.search(query, analyser_).ranked()) {
      if (out.size() == kFirst) break;
      out.push_back(catalogue_.url_names[offer]);
    }
    return out;
  }

 private:
  const SeededSearchCatalogue& catalogue_;
  const artshop::IcuSearchTextFolder folder_;
  const artshop::SnowballWordStemmer stemmer_;
  const artshop::SearchAnalyser analyser_{folder_, stemmer_};
  const artshop::SearchIndex index_;
};

std::string joined_tags(const artshop::SeedOffer& offer) {
  std::string out;
  for (const auto& tag : offer.tags) out += (out.empty() ? "" : ", ") + tag;
  return out;
}

// SQLite FTS5 in memory: one table of the offers' text, Porter stemming over unicode61 with
// diacritics removed, ranked by bm25 with the shop's field weights.
class Fts5Engine final : public Engine {
 public:
  explicit Fts5Engine(const SeededSearchCatalogue& catalogue) : catalogue_(catalogue) {
    check(sqlite3_open(":memory:", &db_));
    execute(
        "CREATE VIRTUAL TABLE offers USING fts5(title, tags, description, category, style, "
        "tokenize = 'porter unicode61 remove_diacritics 2')");
    execute("BEGIN");
    sqlite3_stmt* insert = prepare(
        "INSERT INTO offers(rowid, title, tags, description, category, style) "
        "VALUES (?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < catalogue.plan.size(); ++i) {
      const auto& offer = catalogue.plan[i];
      const auto tags = joined_tags(offer);
      const auto style = artshop::name(offer.style);
      sqlite3_bind_int64(insert, 1, static_cast<sqlite3_int64>(i));
      bind_text(insert, 2, offer.title);
      bind_text(insert, 3, tags);
      bind_text(insert, 4, offer.description);
      bind_text(insert, 5, catalogue.category_titles[i]);
      bind_text(insert, 6, style);
      if (sqlite3_step(insert) != SQLITE_DONE) check(SQLITE_ERROR);
      sqlite3_reset(insert);
    }
    sqlite3_finalize(insert);
    execute("COMMIT");
    // Columns title, tags, description, category, style: the shop's weights 4, 3, 1, 2, 2.
    search_ = prepare(
        "SELECT rowid FROM offers WHERE offers MATCH ? "
        "ORDER BY bm25(offers, 4, 3, 1, 2, 2), rowid LIMIT 5");
  }
  ~Fts5Engine() override {
    sqlite3_finalize(search_);
    sqlite3_close(db_);
  }

  UrlNames first(std::string_view query) override {
    // Each word a string, the last one also a prefix: "owl" "blu"*.
    std::string match;
    const auto words = peer_words(query);
    for (const auto& word : words) match += (match.empty() ? "\"" : " \"") + word + "\"";
    if (match.empty()) return {};
    match += "*";
    bind_text(search_, 1, match);
    UrlNames out;
    while (sqlite3_step(search_) == SQLITE_ROW) {
      out.push_back(
          catalogue_.url_names[static_cast<std::size_t>(sqlite3_column_int64(search_, 0))]);
    }
    sqlite3_reset(search_);
    return out;
  }

 private:
  void check(int status) const {
    if (status != SQLITE_OK)
      throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db_));
  }
  void execute(const char* sql) { check(sqlite3_exec(db_, sql, nullptr, nullptr, nullptr)); }
  sqlite3_stmt* prepare(const char* sql) {
    sqlite3_stmt* statement = nullptr;
    check(sqlite3_prepare_v2(db_, sql, -1, &statement, nullptr));
    return statement;
  }
  static void bind_text(sqlite3_stmt* statement, int at, std::string_view text) {
    sqlite3_bind_text(statement, at, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  }

  const SeededSearchCatalogue& catalogue_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* search_ = nullptr;
};

// A throwaway PostgreSQL 15 (the tests' own cluster), one table with a weighted tsvector per
// offer (title A, tags B, category and style C, description D) under a GIN index, English
// stemming after unaccent, ranked by ts_rank.
class PostgresEngine final : public Engine {
 public:
  PostgresEngine(const SeededSearchCatalogue& catalogue, artshop::testing::PostgresCluster& server)
      : catalogue_(catalogue), db_(PQconnectdb(server.url().c_str())) {
    if (PQstatus(db_) != CONNECTION_OK) fail("connect");
    execute("SET client_min_messages = warning");  // no notice for a stop word in a query
    execute("DROP TABLE IF EXISTS offers, offers_text");
    execute("CREATE EXTENSION IF NOT EXISTS unaccent");
    execute("DROP TEXT SEARCH CONFIGURATION IF EXISTS shop");
    execute("CREATE TEXT SEARCH CONFIGURATION shop (COPY = english)");
    execute(
        "ALTER TEXT SEARCH CONFIGURATION shop ALTER MAPPING FOR hword, hword_part, word "
        "WITH unaccent, english_stem");
    execute(
        "CREATE TABLE offers_text (id int, title text, tags text, description text, "
        "category text, style text)");
    copy_offers();
    execute(
        "CREATE TABLE offers AS SELECT id, "
        "setweight(to_tsvector('shop', title), 'A') || setweight(to_tsvector('shop', tags), 'B') "
        "|| setweight(to_tsvector('shop', category || ' ' || style), 'C') "
        "|| setweight(to_tsvector('shop', description), 'D') AS words FROM offers_text");
    execute("CREATE INDEX offers_words ON offers USING gin (words)");
    execute("VACUUM ANALYZE offers");
    PQclear(check(PQprepare(db_, "search",
                            "SELECT id FROM offers, to_tsquery('shop', $1) AS query "
                            "WHERE words @@ query ORDER BY ts_rank(words, query) DESC, id LIMIT 5",
                            1, nullptr),
                  PGRES_COMMAND_OK, "prepare"));
  }
  ~PostgresEngine() override { PQfinish(db_); }

  UrlNames first(std::string_view query) override {
    // Every word, the last one also a prefix: owl & blu:*.
    std::string text;
    for (const auto& word : peer_words(query)) text += (text.empty() ? "" : " & ") + word;
    if (text.empty()) return {};
    text += ":*";
    const char* values[] = {text.c_str()};
    auto* result =
        check(PQexecPrepared(db_, "search", 1, values, nullptr, nullptr, 0), PGRES_TUPLES_OK, text);
    UrlNames out;
    for (int row = 0; row < PQntuples(result); ++row) {
      out.push_back(catalogue_.url_names[std::stoul(PQgetvalue(result, row, 0))]);
    }
    PQclear(result);
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("PostgreSQL, " + what + ": " + PQerrorMessage(db_));
  }
  PGresult* check(PGresult* result, ExecStatusType wanted, const std::string& what) const {
    if (PQresultStatus(result) != wanted) {
      PQclear(result);
      fail(what);
    }
    return result;
  }
  void execute(const std::string& sql) {
    PQclear(check(PQexec(db_, sql.c_str()), PGRES_COMMAND_OK, sql));
  }

  // COPY's text format: a tab between fields, and a backslash, tab or newline escaped.
  static void append_field(std::string& row, std::string_view text) {
    for (const char c : text) {
      if (c == '\\' || c == '\t' || c == '\n' || c == '\r') row += '\\';
      row += c == '\t' ? 't' : c == '\n' ? 'n' : c == '\r' ? 'r' : c;
    }
  }

  void copy_offers() {
    PQclear(check(PQexec(db_, "COPY offers_text FROM STDIN"), PGRES_COPY_IN, "COPY"));
    std::string rows;
    const auto send = [&] {
      if (PQputCopyData(db_, rows.data(), static_cast<int>(rows.size())) != 1) fail("COPY data");
      rows.clear();
    };
    for (std::size_t i = 0; i < catalogue_.plan.size(); ++i) {
      const auto& offer = catalogue_.plan[i];
      const auto tags = joined_tags(offer);
      rows += std::to_string(i);
      for (const std::string_view field :
           {std::string_view(offer.title), std::string_view(tags),
            std::string_view(offer.description), std::string_view(catalogue_.category_titles[i]),
            artshop::name(offer.style)}) {
        rows += '\t';
        append_field(rows, field);
      }
      rows += '\n';
      if (rows.size() > (1 << 20)) send();
    }
    send();
    if (PQputCopyEnd(db_, nullptr) != 1) fail("COPY end");
    PQclear(check(PQgetResult(db_), PGRES_COMMAND_OK, "COPY"));
  }

  const SeededSearchCatalogue& catalogue_;
  PGconn* db_;
};

struct Row {
  std::string engine;
  std::size_t offers = 0;
  double build_seconds = 0;
  std::size_t points = 0;
  double p50_us = 0;
  double p99_us = 0;
  UrlNames missed;  // the queries that fell short, for a reader checking the judgement
};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Each judged query once for its points, then every query `repetitions` times in turn, each
// timed alone (wall-clock: PostgreSQL answers from another process).
Row measure(std::string engine_name, const std::function<std::unique_ptr<Engine>()>& load,
            const std::vector<JudgedQuery>& queries, std::size_t offers, int repetitions) {
  Row row{.engine = std::move(engine_name), .offers = offers};
  const auto start = Clock::now();
  const auto engine = load();
  row.build_seconds = seconds_since(start);
  for (const auto& judged : queries) {
    const auto earned = points(judged, engine->first(judged.query));
    row.points += earned;
    if (earned < std::max<std::size_t>(judged.expect.size(), 1)) row.missed.push_back(judged.query);
  }
  std::vector<double> micros;
  micros.reserve(queries.size() * static_cast<std::size_t>(repetitions));
  for (int round = 0; round < repetitions; ++round) {
    for (const auto& judged : queries) {
      const auto asked = Clock::now();
      const auto found = engine->first(judged.query);
      micros.push_back(seconds_since(asked) * 1e6);
      if (found.size() > kFirst) throw std::logic_error("more than 5 results");
    }
  }
  std::ranges::sort(micros);
  row.p50_us = micros[micros.size() / 2];
  row.p99_us = micros[micros.size() * 99 / 100];
  return row;
}

void print(const Row& row, std::size_t most) {
  std::printf("%-10s %9zu %8.2f s %6zu/%zu %10.1f %10.1f   %s\n", row.engine.c_str(), row.offers,
              row.build_seconds, row.points, most, row.p50_us, row.p99_us,
              row.missed.empty() ? ""
                                 : ("fell short: " +
                                    [&] {
                                      std::string list;
                                      for (const auto& query : row.missed)
                                        list += (list.empty() ? "" : " | ") + query;
                                      return list;
                                    }())
                                       .c_str());
  std::fflush(stdout);
}

std::vector<int> sizes_of(const std::string& list) {
  std::vector<int> out;
  std::stringstream in(list);
  for (std::string size; std::getline(in, size, ',');) out.push_back(std::stoi(size));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes{132, 100'000};
  int repetitions = 0;  // by size, unless given
  std::string judged_file = ARTSHOP_SOURCE_DIR "/bench/search-judged.json";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    if (option == "--sizes") {
      sizes = sizes_of(argv[i + 1]);
    } else if (option == "--repetitions") {
      repetitions = std::stoi(argv[i + 1]);
    } else if (option == "--judged") {
      judged_file = argv[i + 1];
    } else {
      std::fprintf(stderr, "usage: %s [--sizes 132,100000] [--repetitions N] [--judged FILE]\n",
                   argv[0]);
      return 2;
    }
  }
  const auto queries = judged_queries(judged_file);
  const auto most = most_points(queries);

  std::unique_ptr<artshop::testing::PostgresCluster> postgres;
  bool have_postgres = true;
  try {
    artshop::testing::find_program("initdb", "/usr/lib/postgresql/15/bin", "postgresql-15");
  } catch (const std::runtime_error& absent) {
    have_postgres = false;
    std::printf("PostgreSQL skipped: %s\n", absent.what());
  }
  if (have_postgres) postgres = std::make_unique<artshop::testing::PostgresCluster>();

  std::printf("%zu judged queries (%s); relevance: expected offers among the first 5\n",
              queries.size(), judged_file.c_str());
  std::printf("%-10s %9s %10s %8s %10s %10s\n", "engine", "offers", "load", "hits@5", "p50 us",
              "p99 us");
  for (const auto size : sizes) {
    const SeededSearchCatalogue catalogue(size);
    // A few thousand timed queries each; fewer on a large catalogue, where a peer's query costs
    // milliseconds.
    const auto rounds = repetitions > 0 ? repetitions : size <= 10'000 ? 200 : 20;
    const auto offers = catalogue.plan.size();
    print(measure(
              "artshop", [&] { return std::make_unique<ShopEngine>(catalogue); }, queries, offers,
              rounds),
          most);
    print(measure(
              "fts5", [&] { return std::make_unique<Fts5Engine>(catalogue); }, queries, offers,
              rounds),
          most);
    if (postgres) {
      print(measure(
                "postgres", [&] { return std::make_unique<PostgresEngine>(catalogue, *postgres); },
                queries, offers, rounds),
            most);
    }
  }
  return 0;
}
