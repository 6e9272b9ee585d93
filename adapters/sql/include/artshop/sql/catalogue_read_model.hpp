#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/sql/catalogue_file.hpp"
#include "artshop/sql/connection.hpp"
#include "artshop/sql/unit_of_work.hpp"

namespace artshop::sql {

// How the read model reaches its database: connections of its own, and the statement that
// opens a read transaction seeing one consistent moment ("BEGIN" in SQLite, "BEGIN ISOLATION
// LEVEL REPEATABLE READ READ ONLY" in PostgreSQL).
struct ReadModelDatabase {
  std::function<std::unique_ptr<Connection>()> connect;
  std::string begin_read;
  // The catalogue file (catalogue_file.hpp) next to the database; empty: none. The first load
  // reads it and catches up with what changed since, instead of loading every offer through
  // SQL; a full load writes it afresh, on the read model's thread.
  std::filesystem::path catalogue_file;
};

// The catalogue in memory, kept in step with the database through `catalogue_changes`: the
// triggers of the schema give every write to an offer, its attributes or tags (and to the
// categories) the next catalogue version, whichever process writes it, so every server of a
// shop on one database follows every other's writes.
//
// current() reads the newest version: one indexed lookup on a connection of the read model's
// own (a few microseconds in SQLite, where WAL readers never wait for a writer; a round trip to
// the server in PostgreSQL). With `trust_for` above zero, a call within that time of a check that
// found the snapshot current skips the lookup, unless this process wrote since (written(), which
// WritesTellTheCatalogue calls after every write transaction): so this process's own writes show
// on the very next call, and other processes' within `trust_for`.
// - Unchanged: the snapshot it holds.
// - Up to `patch_limit` offers changed: the caller reads those offers again and answers a
//   patched snapshot, so whoever wrote sees the write on their very next call. A caller that
//   finds another thread patching answers the snapshot it holds rather than wait.
// - More changed (seeding, an import, categories): a thread of the read model loads everything
//   anew while every caller keeps answering the snapshot it holds.
// Snapshots search with `analyser` (which must outlive the read model). A patch adds to the
// small search index of the offers changed since the big one was built; once it covers more
// than kSearchDeltaLimit offers, the read model's thread builds the big one anew while callers
// keep answering and patching (CatalogueSnapshot::reindexed and rebased).
//
// When the database cannot be reached (a restart, an outage), current() keeps answering the
// snapshot it holds: the connection that failed is dropped, and no caller touches the database
// again until refresh(), a background check, reaches it, connects again what broke and catches
// up with what was written meanwhile. So a visitor's call never waits for a connection to be
// made, and the catalogue answers throughout.
class SqlCatalogueReadModel final : public CatalogueReadModel {
 public:
  explicit SqlCatalogueReadModel(ReadModelDatabase database, std::size_t patch_limit = 256,
                                 std::chrono::nanoseconds trust_for = {},
                                 const SearchAnalyser& analyser = plain_search_analyser());
  ~SqlCatalogueReadModel() override;
  SqlCatalogueReadModel(const SqlCatalogueReadModel&) = delete;
  SqlCatalogueReadModel& operator=(const SqlCatalogueReadModel&) = delete;

  // Loads the whole catalogue in the caller's thread (a server does so once its schema is
  // migrated, before it listens); current() does it on its first call otherwise.
  void load();

  std::shared_ptr<const CatalogueSnapshot> current() override;

  // This process committed a write that may have changed the catalogue: the next call checks.
  void written() noexcept { writes_.fetch_add(1); }

  // Checks the database now, on the caller's thread (a background one: it may wait for a
  // connection to be made): connects again every connection that broke, takes in what changed
  // since the snapshot, and answers whether the database answered. Until a refresh answers
  // true, current() answers its snapshot without asking the database.
  bool refresh();

  // How far the snapshot is behind the database, as the last look at its version found it
  // (visitors' calls look, and refresh(), which the readiness check runs every second).
  struct Lag {
    std::int64_t versions = 0;  // catalogue versions the database has and the snapshot lacks
    // Since a look first found the snapshot behind; zero while it is current.
    std::chrono::steady_clock::duration behind_for{};
  };
  Lag lag() const;

  // Where the catalogue of the first load came from, and how many catalogue files were written
  // since (a full load writes one, and so does a rebuild of the search index).
  struct Start {
    bool from_file = false;               // the catalogue file, caught up; else through SQL
    bool search_index_from_file = false;  // the file's search index too; else built
    std::uint64_t files_written = 0;
  };
  Start start() const;

 private:
  // A connection that reads the version, lent to one caller at a time.
  struct Probe {
    std::mutex mutex;
    std::unique_ptr<Connection> connection;
  };

  std::int64_t newest_version();
  // Uses `connection`, connecting it first when it has none, and drops it when it fails, so
  // that the next use connects again (a restarted server closed it).
  template <class Use>
  auto with_connection(std::unique_ptr<Connection>& connection, const Use& use);
  // The database did not answer: callers answer the snapshot until refresh() reaches it.
  void unreachable(const std::exception& cause) noexcept;
  bool checked_lately(std::uint64_t writes,
                      std::chrono::steady_clock::time_point now) const noexcept;
  void note_checked(std::uint64_t writes, std::chrono::steady_clock::time_point now) noexcept;
  std::shared_ptr<const CatalogueSnapshot> patch(std::shared_ptr<const CatalogueSnapshot> held);
  // `first`: the first load of the process, which may start from the catalogue file.
  std::shared_ptr<const CatalogueSnapshot> load_all(std::unique_ptr<Connection>& connection,
                                                    bool first = false);
  // Writes the catalogue file from a full load, on the reload thread (ask_to_write()).
  void ask_to_write(CatalogueFile::Contents contents);
  void write_file(CatalogueFile::Contents contents) noexcept;
  void publish(const std::shared_ptr<const CatalogueSnapshot>& next);
  // A look found `newest` the database's version: notes whether the snapshot is behind it.
  void saw(std::int64_t newest);
  void note_lag();
  void ask_for_reload();
  void reload_when_asked(const std::stop_token& stop);

  void ask_for_reindex();
  void reload_all(std::unique_ptr<Connection>& connection);
  // Builds the big search index anew; then, with `connection`, writes a catalogue file of the
  // snapshot it was built from, so that the next start catches up from there.
  void reindex_search(std::unique_ptr<Connection>& connection);
  // The file of `snapshot` (whose search index answers for all of it), read at its version:
  // the change tying it to its database is read with `reading`.
  CatalogueFile::Contents file_of(const CatalogueSnapshot& snapshot, Connection& reading) const;

  const ReadModelDatabase database_;
  const SearchAnalyser& analyser_;
  const std::size_t patch_limit_;
  const std::chrono::nanoseconds trust_for_;
  std::atomic<std::uint64_t> writes_{0};
  // The last check that found the snapshot current: when, and how many writes it had seen. Two
  // atomics, each possibly from another check: a mixed pair either still describes a valid
  // check or makes the next call check again (current()).
  std::atomic<std::chrono::steady_clock::time_point> checked_at_{};
  std::atomic<std::uint64_t> checked_writes_{0};
  std::atomic<std::shared_ptr<const CatalogueSnapshot>> snapshot_;
  std::atomic<bool> unreachable_{false};
  std::atomic<std::int64_t> newest_seen_{0};
  std::atomic<std::chrono::steady_clock::time_point> behind_since_{};  // zero: not behind
  std::array<Probe, 4> probes_;

  std::mutex patching_;  // one patch at a time, on `patcher_`
  std::unique_ptr<Connection> patcher_;

  std::mutex reload_mutex_;
  std::condition_variable_any reload_wanted_;
  bool reload_asked_ = false;
  bool reindex_asked_ = false;
  std::optional<CatalogueFile::Contents> file_wanted_;  // under reload_mutex_
  std::atomic<bool> reloading_{false};
  std::atomic<bool> started_from_file_{false};
  std::atomic<bool> search_index_from_file_{false};
  std::atomic<std::uint64_t> files_written_{0};
  std::jthread reloader_;  // last: stopped and joined before the rest goes
};

// Tells the read model after each write transaction of this process, so that a write is seen
// by the next call even while the read model trusts a recent check (see above).
class WritesTellTheCatalogue final : public UnitOfWork {
 public:
  WritesTellTheCatalogue(UnitOfWork& transactions, SqlCatalogueReadModel& catalogue) noexcept
      : transactions_(transactions), catalogue_(catalogue) {}

  void run(Mode mode, const std::function<bool(Repositories&)>& work) override;

 private:
  UnitOfWork& transactions_;
  SqlCatalogueReadModel& catalogue_;
};

}  // namespace artshop::sql
