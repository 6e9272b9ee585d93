#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// How the read model reaches its database: connections of its own, and the statement that
// opens a read transaction seeing one consistent moment ("BEGIN" in SQLite, "BEGIN ISOLATION
// LEVEL REPEATABLE READ READ ONLY" in PostgreSQL).
struct ReadModelDatabase {
  std::function<std::unique_ptr<Connection>()> connect;
  std::string begin_read;
};

// The catalogue in memory, kept in step with the database through `catalogue_changes`: the
// triggers of the schema give every write to an offer, its attributes or tags (and to the
// categories) the next catalogue version, whichever process writes it, so every server of a
// shop on one database follows every other's writes.
//
// current() reads the newest version on every call: one indexed lookup on a connection of the
// read model's own (a few microseconds in SQLite, where WAL readers never wait for a writer; a
// round trip to the server in PostgreSQL).
// - Unchanged: the snapshot it holds.
// - Up to `patch_limit` offers changed: the caller reads those offers again and answers a
//   patched snapshot, so whoever wrote sees the write on their very next call. A caller that
//   finds another thread patching answers the snapshot it holds rather than wait.
// - More changed (seeding, an import, categories): a thread of the read model loads everything
//   anew while every caller keeps answering the snapshot it holds.
class SqlCatalogueReadModel final : public CatalogueReadModel {
 public:
  explicit SqlCatalogueReadModel(ReadModelDatabase database, std::size_t patch_limit = 256);
  ~SqlCatalogueReadModel() override;
  SqlCatalogueReadModel(const SqlCatalogueReadModel&) = delete;
  SqlCatalogueReadModel& operator=(const SqlCatalogueReadModel&) = delete;

  // Loads the whole catalogue in the caller's thread (a server does so once its schema is
  // migrated, before it listens); current() does it on its first call otherwise.
  void load();

  std::shared_ptr<const CatalogueSnapshot> current() override;

 private:
  // A connection that reads the version, lent to one caller at a time.
  struct Probe {
    std::mutex mutex;
    std::unique_ptr<Connection> connection;
  };

  std::int64_t newest_version();
  std::shared_ptr<const CatalogueSnapshot> patch(std::shared_ptr<const CatalogueSnapshot> held);
  std::shared_ptr<const CatalogueSnapshot> load_all(Connection& connection);
  void publish(const std::shared_ptr<const CatalogueSnapshot>& next);
  void ask_for_reload();
  void reload_when_asked(const std::stop_token& stop);

  const ReadModelDatabase database_;
  const std::size_t patch_limit_;
  std::atomic<std::shared_ptr<const CatalogueSnapshot>> snapshot_;
  std::array<Probe, 4> probes_;

  std::mutex patching_;  // one patch at a time, on `patcher_`
  std::unique_ptr<Connection> patcher_;

  std::mutex reload_mutex_;
  std::condition_variable_any reload_wanted_;
  bool reload_asked_ = false;
  std::atomic<bool> reloading_{false};
  std::jthread reloader_;  // last: stopped and joined before the rest goes
};

}  // namespace artshop::sql
