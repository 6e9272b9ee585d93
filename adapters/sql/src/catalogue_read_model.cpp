#include "artshop/sql/catalogue_read_model.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "artshop/sql/catalogue_file.hpp"
#include "artshop/sql/offer_repository.hpp"
#include "artshop/sql/transaction.hpp"

namespace artshop::sql {
namespace {

constexpr std::string_view kNewestVersion =
    "SELECT coalesce(max(version), 0) FROM catalogue_changes";
// The categories' own key in catalogue_changes: a change there reloads everything.
constexpr std::int64_t kCategoriesKey = 0;
// Past this many offers changed since the catalogue file was written, a start loads through SQL:
// catching up reads each changed offer on its own, three queries apiece.
constexpr std::size_t kFileCatchUpLimit = 50'000;

std::int64_t read_version(Connection& connection) {
  auto row = connection.prepare_cached(kNewestVersion);
  row.step();
  return row.column_int(0);
}

// Why the search index of a catalogue file is not used; empty when it is.
std::string unused_index_reason(const CatalogueFile::Contents& file,
                                const SearchAnalyser& analyser) {
  if (!file.search_index) return file.search_index.error();
  if (!*file.search_index) return "it keeps no search index";
  if (!(*file.search_index)->analysed_as(analyser))
    return "its search index was analysed otherwise";
  return {};
}

}  // namespace

SqlCatalogueReadModel::SqlCatalogueReadModel(ReadModelDatabase database, std::size_t patch_limit,
                                             std::chrono::nanoseconds trust_for,
                                             const SearchAnalyser& analyser)
    : database_(std::move(database)),
      analyser_(analyser),
      patch_limit_(patch_limit),
      trust_for_(trust_for),
      reloader_([this](const std::stop_token& stop) { reload_when_asked(stop); }) {}

SqlCatalogueReadModel::~SqlCatalogueReadModel() = default;

template <class Use>
auto SqlCatalogueReadModel::with_connection(std::unique_ptr<Connection>& connection,
                                            const Use& use) {
  if (!connection) connection = database_.connect();
  try {
    return use(*connection);
  } catch (const DatabaseError&) {
    connection.reset();
    throw;
  }
}

void SqlCatalogueReadModel::load() {
  const std::lock_guard lock(patching_);
  publish(load_all(patcher_, !snapshot_.load()));
}

std::shared_ptr<const CatalogueSnapshot> SqlCatalogueReadModel::current() {
  auto held = snapshot_.load();
  if (!held) {
    // Nothing to answer yet: the first caller loads, the others wait for it.
    const std::lock_guard lock(patching_);
    if (auto loaded = snapshot_.load()) return loaded;
    publish(load_all(patcher_, true));
    return snapshot_.load();
  }
  // The database is away: the snapshot held is the best answer until refresh() reaches it.
  if (unreachable_.load()) return held;
  // The count of writes is read before the check, so a write committed after it is not
  // mistaken for one the check saw.
  const auto writes = writes_.load();
  const auto now = std::chrono::steady_clock::now();
  // Whoever noted the check had published a snapshot at least as new first.
  if (checked_lately(writes, now)) return snapshot_.load();
  try {
    const auto newest = newest_version();
    saw(newest);
    if (newest == held->version()) {
      note_checked(writes, now);
      return held;
    }
    if (reloading_.load()) return held;
    auto next = patch(held);
    if (next->version() >= newest) note_checked(writes, now);
    return next;
  } catch (const DatabaseError& e) {
    unreachable(e);
    return snapshot_.load();
  }
}

bool SqlCatalogueReadModel::refresh() {
  // Reads the version on `connection`, made again at once when it broke: so that after an
  // outage no visitor's call meets a broken connection or waits for one to be made.
  const auto check = [this](std::unique_ptr<Connection>& connection) {
    try {
      return with_connection(connection, read_version);
    } catch (const DatabaseError&) {
      return with_connection(connection, read_version);
    }
  };
  try {
    std::optional<std::int64_t> newest;
    // A connection in use now is left to its caller, who drops it should it fail.
    for (auto& probe : probes_) {
      const std::unique_lock lock(probe.mutex, std::try_to_lock);
      if (lock.owns_lock()) newest = check(probe.connection);
    }
    if (const std::unique_lock lock(patching_, std::try_to_lock); lock.owns_lock()) {
      check(patcher_);
    }
    if (!newest) newest = newest_version();
    saw(*newest);
    if (unreachable_.exchange(false)) {
      spdlog::info("the catalogue's database answers again; taking in what changed meanwhile");
    }
    if (auto held = snapshot_.load(); held && *newest != held->version() && !reloading_.load()) {
      patch(std::move(held));
    }
    return true;
  } catch (const DatabaseError& e) {
    unreachable(e);
    return false;
  }
}

void SqlCatalogueReadModel::unreachable(const std::exception& cause) noexcept {
  if (!unreachable_.exchange(true)) {
    spdlog::warn("the catalogue's database cannot be reached, answering the last snapshot: {}",
                 cause.what());
  }
}

bool SqlCatalogueReadModel::checked_lately(
    std::uint64_t writes, std::chrono::steady_clock::time_point now) const noexcept {
  return trust_for_ > std::chrono::nanoseconds::zero() && checked_writes_.load() == writes &&
         now - checked_at_.load() < trust_for_;
}

void SqlCatalogueReadModel::note_checked(std::uint64_t writes,
                                         std::chrono::steady_clock::time_point now) noexcept {
  if (trust_for_ == std::chrono::nanoseconds::zero()) return;
  checked_at_.store(now);
  checked_writes_.store(writes);
}

std::int64_t SqlCatalogueReadModel::newest_version() {
  // Any free probe; when all are busy, the one this thread's id picks.
  for (auto& probe : probes_) {
    const std::unique_lock lock(probe.mutex, std::try_to_lock);
    if (!lock.owns_lock()) continue;
    return with_connection(probe.connection, read_version);
  }
  auto& probe = probes_[std::hash<std::thread::id>{}(std::this_thread::get_id()) % probes_.size()];
  const std::lock_guard lock(probe.mutex);
  return with_connection(probe.connection, read_version);
}

std::shared_ptr<const CatalogueSnapshot> SqlCatalogueReadModel::patch(
    std::shared_ptr<const CatalogueSnapshot> held) {
  const std::unique_lock lock(patching_, std::try_to_lock);
  if (!lock.owns_lock()) return held;
  // Another caller may have patched while this one read the version.
  if (auto newer = snapshot_.load(); newer->version() > held->version()) held = std::move(newer);
  return with_connection(patcher_, [&](Connection& connection) {
    // The version, the list of changes and the offers, all read at one moment.
    Transaction reading(connection, database_.begin_read);
    const auto version = read_version(connection);
    saw(version);
    if (version == held->version()) return held;
    auto changes = connection.prepare_cached(
        "SELECT offer_id FROM catalogue_changes WHERE version > ?1 ORDER BY version LIMIT ?2");
    changes.bind(1, held->version()).bind(2, static_cast<std::int64_t>(patch_limit_) + 1);
    std::vector<OfferId> changed;
    while (changes.step()) changed.push_back(OfferId{changes.column_int(0)});
    if (changed.size() > patch_limit_ ||
        std::ranges::find(changed, OfferId{kCategoriesKey}) != changed.end()) {
      ask_for_reload();
      return held;
    }
    SqlOfferRepository offers(connection);
    std::vector<std::shared_ptr<const Offer>> fresh;
    for (const auto id : changed) {
      if (auto offer = offers.find_by_id(id)) {
        fresh.push_back(std::make_shared<const Offer>(std::move(*offer)));
      }
    }
    reading.commit();
    auto next = std::make_shared<const CatalogueSnapshot>(
        held->patched(changed, std::move(fresh), version));
    publish(next);
    if (next->search_delta_size() > kSearchDeltaLimit) ask_for_reindex();
    return next;
  });
}

std::shared_ptr<const CatalogueSnapshot> SqlCatalogueReadModel::load_all(
    std::unique_ptr<Connection>& connection, bool first) {
  return with_connection(connection, [this, first](Connection& reading) {
    Transaction transaction(reading, database_.begin_read);
    SqlOfferRepository repository(reading);
    const CatalogueFile file(database_.catalogue_file);
    if (first && !file.path().empty()) {
      if (auto kept = caught_up(file, reading, kFileCatchUpLimit)) {
        // The file keeps the categories' urlNames; search and facets read their titles.
        auto categories = repository.category_titles();
        transaction.commit();
        auto index = kept->search_index.value_or(nullptr);
        const auto index_note = unused_index_reason(*kept, analyser_);
        const auto index_kept = index_note.empty();
        spdlog::info("catalogue read from {}: {} offers at version {}, {} read again since; {}",
                     file.path().string(), kept->offers.size(), kept->version, kept->changed.size(),
                     index_kept ? "search index kept" : index_note + ", building the search index");
        auto snapshot = std::make_shared<const CatalogueSnapshot>(
            kept->offers, std::move(categories), kept->version, analyser_,
            index_kept ? std::move(index) : nullptr, kept->changed);
        started_from_file_ = true;
        search_index_from_file_ = index_kept;
        if (!index_kept) {
          // The next start reads the index built now.
          kept->search_index = snapshot->search_index();
          ask_to_write(std::move(*kept));
        } else if (snapshot->search_delta_size() > kSearchDeltaLimit) {
          ask_for_reindex();
        }
        return snapshot;
      } else {
        spdlog::info("catalogue file {} not used: {}; loading from the database",
                     file.path().string(), kept.error());
      }
    }
    CatalogueFile::Contents contents{.version = read_version(reading),
                                     .newest_change = newest_change(reading)};
    auto categories = repository.category_titles();
    for (const auto& category : categories) contents.categories.push_back(category.url_name);
    auto offers = repository.visible_offers();
    transaction.commit();
    contents.offers.reserve(offers.size());
    for (auto& offer : offers) {
      contents.offers.push_back(std::make_shared<const Offer>(std::move(offer)));
    }
    auto snapshot = std::make_shared<const CatalogueSnapshot>(
        contents.offers, std::move(categories), contents.version, analyser_);
    if (!file.path().empty()) {
      contents.search_index = snapshot->search_index();
      ask_to_write(std::move(contents));
    }
    return snapshot;
  });
}

void SqlCatalogueReadModel::ask_to_write(CatalogueFile::Contents contents) {
  {
    const std::lock_guard lock(reload_mutex_);
    file_wanted_ = std::move(contents);
  }
  reload_wanted_.notify_one();
}

void SqlCatalogueReadModel::write_file(CatalogueFile::Contents contents) noexcept {
  try {
    const auto started = std::chrono::steady_clock::now();
    const CatalogueFile file(database_.catalogue_file);
    file.write(contents);
    files_written_.fetch_add(1);
    spdlog::info("catalogue file written: {} offers at version {} in {} ms", contents.offers.size(),
                 contents.version,
                 std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::steady_clock::now() - started)
                     .count());
  } catch (const std::exception& e) {
    // The next start loads through SQL: slower, never wrong.
    spdlog::warn("the catalogue file could not be written: {}", e.what());
  }
}

void SqlCatalogueReadModel::publish(const std::shared_ptr<const CatalogueSnapshot>& next) {
  // Never back: a slow reload must not replace a newer patch.
  auto held = snapshot_.load();
  while (!held || held->version() < next->version()) {
    if (snapshot_.compare_exchange_weak(held, next)) break;
  }
  note_lag();
}

void SqlCatalogueReadModel::saw(std::int64_t newest) {
  auto seen = newest_seen_.load();
  while (seen < newest && !newest_seen_.compare_exchange_weak(seen, newest)) {
  }
  note_lag();
}

void SqlCatalogueReadModel::note_lag() {
  const auto held = snapshot_.load();
  if (!held || held->version() >= newest_seen_.load()) {
    behind_since_.store({});
    return;
  }
  // Kept from the first look that found it behind.
  auto current = std::chrono::steady_clock::time_point{};
  behind_since_.compare_exchange_strong(current, std::chrono::steady_clock::now());
}

SqlCatalogueReadModel::Lag SqlCatalogueReadModel::lag() const {
  const auto held = snapshot_.load();
  const auto since = behind_since_.load();
  return {.versions = held ? std::max<std::int64_t>(newest_seen_.load() - held->version(), 0) : 0,
          .behind_for = since == std::chrono::steady_clock::time_point{}
                            ? std::chrono::steady_clock::duration::zero()
                            : std::chrono::steady_clock::now() - since};
}

void SqlCatalogueReadModel::ask_for_reload() {
  {
    const std::lock_guard lock(reload_mutex_);
    reload_asked_ = true;
    reloading_ = true;
  }
  reload_wanted_.notify_one();
}

void SqlCatalogueReadModel::ask_for_reindex() {
  {
    const std::lock_guard lock(reload_mutex_);
    reindex_asked_ = true;
  }
  reload_wanted_.notify_one();
}

void SqlCatalogueReadModel::reload_when_asked(const std::stop_token& stop) {
  std::unique_ptr<Connection> connection;
  while (true) {
    bool reload = false;
    bool reindex = false;
    std::optional<CatalogueFile::Contents> to_write;
    {
      std::unique_lock lock(reload_mutex_);
      if (!reload_wanted_.wait(lock, stop, [this] {
            return reload_asked_ || reindex_asked_ || file_wanted_.has_value();
          })) {
        return;
      }
      reload = std::exchange(reload_asked_, false);
      reindex = std::exchange(reindex_asked_, false);
      if (!reload) to_write = std::exchange(file_wanted_, std::nullopt);
    }
    if (reload) {
      reload_all(connection);
    } else if (reindex) {
      reindex_search(connection);
    }
    // A reload asks to write its own, newer file; one asked for before it is dropped.
    if (reload) {
      const std::lock_guard lock(reload_mutex_);
      to_write = std::exchange(file_wanted_, std::nullopt);
    }
    if (to_write) write_file(std::move(*to_write));
  }
}

void SqlCatalogueReadModel::reindex_search(std::unique_ptr<Connection>& connection) {
  // The big index is built from the snapshot held now while callers keep answering and
  // patching; then the snapshot of that moment takes it, its newer changes in the small one.
  // Every other publisher holds `patching_` too, so the snapshot cannot change meanwhile.
  std::optional<CatalogueSnapshot> reindexed;
  try {
    const auto started = std::chrono::steady_clock::now();
    // Patches during the last rebuild may have asked again for what it did.
    const auto from = snapshot_.load();
    if (!from || from->search_delta_size() <= kSearchDeltaLimit) return;
    reindexed = from->reindexed();
    {
      const std::lock_guard lock(patching_);
      const auto held = snapshot_.load();
      snapshot_.store(std::make_shared<const CatalogueSnapshot>(held->rebased(*reindexed)));
    }
    spdlog::info("catalogue search index rebuilt: {} offers at version {} in {} ms",
                 reindexed->size(), reindexed->version(),
                 std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::steady_clock::now() - started)
                     .count());
  } catch (const std::exception& e) {
    spdlog::error("rebuilding the catalogue's search index failed: {}", e.what());
    return;
  }
  if (database_.catalogue_file.empty()) return;
  try {
    write_file(with_connection(connection, [&](Connection& reading) {
      Transaction transaction(reading, database_.begin_read);
      auto contents = file_of(*reindexed, reading);
      transaction.commit();
      return contents;
    }));
  } catch (const std::exception& e) {
    spdlog::warn("the catalogue file could not be written after the search index: {}", e.what());
  }
}

CatalogueFile::Contents SqlCatalogueReadModel::file_of(const CatalogueSnapshot& snapshot,
                                                       Connection& reading) const {
  // Any change at the snapshot's version or later ties the file to this database: the newest
  // is one (caught_up() looks for it at the file's version or later).
  CatalogueFile::Contents contents{.version = snapshot.version(),
                                   .newest_change = newest_change(reading)};
  contents.categories.assign(snapshot.category_names().begin(), snapshot.category_names().end());
  contents.offers.assign(snapshot.offers().begin(), snapshot.offers().end());
  contents.search_index = snapshot.search_index();
  return contents;
}

SqlCatalogueReadModel::Start SqlCatalogueReadModel::start() const {
  return {.from_file = started_from_file_.load(),
          .search_index_from_file = search_index_from_file_.load(),
          .files_written = files_written_.load()};
}

void SqlCatalogueReadModel::reload_all(std::unique_ptr<Connection>& connection) {
  try {
    const auto started = std::chrono::steady_clock::now();
    auto next = load_all(connection);
    spdlog::info("catalogue reloaded: {} offers at version {} in {} ms", next->size(),
                 next->version(),
                 std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::steady_clock::now() - started)
                     .count());
    publish(next);
  } catch (const std::exception& e) {
    spdlog::error("reloading the catalogue failed: {}", e.what());
  }
  reloading_ = false;
}

void WritesTellTheCatalogue::run(Mode mode, const std::function<bool(Repositories&)>& work) {
  if (mode != Mode::Write) {
    transactions_.run(mode, work);
    return;
  }
  // Told even when the work fails: a commit may have happened before the failure surfaced.
  try {
    transactions_.run(mode, work);
  } catch (...) {
    catalogue_.written();
    throw;
  }
  catalogue_.written();
}

}  // namespace artshop::sql
