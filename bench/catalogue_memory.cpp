// Where the catalogue's memory goes: loads the visible offers of a shop's SQLite database the way
// the read model does, builds the snapshot, and answers the heap the process holds after each
// step (glibc's own count) beside a count of the offers' bytes by field (sizeof plus the heap
// blocks of their strings and vectors, each rounded as glibc rounds a block). Then writes the
// catalogue file next to the database and times a start's load from it (read, then caught up
// with the database) against the full load through SQL.
//
//   build/bench/catalogue_memory DATA_DIR/artshop.db
#include <fmt/format.h>
#include <malloc.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "artshop/core/catalogue/catalogue_snapshot.hpp"
#include "artshop/sql/catalogue_file.hpp"
#include "artshop/sql/offer_repository.hpp"
#include "artshop/sql/transaction.hpp"
#include "artshop/sqlite/connection.hpp"

namespace {

using artshop::Offer;

// A glibc heap block: the request plus its 8-byte header, in 16-byte steps, 32 at least.
std::size_t block(std::size_t bytes) {
  if (bytes == 0) return 0;
  const auto rounded = (bytes + 8 + 15) / 16 * 16;
  return rounded < 32 ? 32 : rounded;
}

std::size_t heap_bytes() {
  const auto info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

struct Tally {
  std::map<std::string, std::size_t> bytes;
  std::unordered_set<const void*> shared_seen;

  std::size_t of(const std::string& text) const {
    return text.capacity() > 15 ? block(text.capacity() + 1) : 0;
  }
  template <class Shared>
  requires requires(const Shared& s) { s.shares_with(s); }
  std::size_t of(const Shared& text) {
    // Counted once per block, however many offers share it.
    if (text.empty() || !shared_seen.insert(text.data()).second) return 0;
    return block(Shared::block_bytes(text.size()));
  }
  void add(const std::string& field, std::size_t count) { bytes[field] += count; }

  void offer(const Offer& offer) {
    // make_shared: the offer and its 16-byte control block in one heap block.
    add("Offer itself (sizeof + shared_ptr control block)", block(sizeof(Offer) + 16));
    add("url_name, title (heap)", of(offer.url_name) + of(offer.title));
    add("description (heap)", of(offer.description));
    add("category (heap)", of(offer.category));
    std::size_t tags = block(offer.tags.capacity() * sizeof(std::string));
    for (const auto& tag : offer.tags) tags += of(tag);
    add("tags (vector + heap)", tags);
    std::size_t attributes = block(offer.attributes.capacity() * sizeof(artshop::OfferAttribute));
    for (const auto& attribute : offer.attributes) attributes += of(attribute.name);
    add("attributes (vector + heap)", attributes);
    add("images (heap)", of(offer.images.thumbnail_webp) + of(offer.images.thumbnail_jpeg) +
                             of(offer.images.preview_webp) + of(offer.images.preview_jpeg));
    add("source (heap)", of(offer.source.prompt) + of(offer.source.original_key));
  }
};

double mb(std::size_t bytes) {
  return static_cast<double>(bytes) / 1e6;
}

// Wall and CPU time since a start: on a shared machine the CPU time is the stable figure.
struct Stopwatch {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  std::clock_t cpu = std::clock();
  std::string elapsed() const {
    const auto cpu_seconds =
        static_cast<double>(std::clock() - cpu) / static_cast<double>(CLOCKS_PER_SEC);
    const auto wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
    return fmt::format("{:.2f} s wall, {:.2f} s CPU", wall_seconds, cpu_seconds);
  }
};

void write_and_time_the_file(artshop::sqlite::Connection& connection, const char* database,
                             const std::vector<std::shared_ptr<const Offer>>& offers,
                             const std::vector<std::string>& categories) {
  const artshop::sql::CatalogueFile file(std::filesystem::path(database).parent_path() /
                                         "catalogue.snapshot");
  artshop::sql::CatalogueFile::Contents contents{.version = 0,
                                                 .newest_change = 0,
                                                 .categories = categories,
                                                 .offers = offers,
                                                 .search_index = {}};
  {
    artshop::sql::Transaction reading(connection, "BEGIN");
    auto version = connection.prepare("SELECT coalesce(max(version), 0) FROM catalogue_changes");
    version.step();
    contents.version = version.column_int(0);
    contents.newest_change = artshop::sql::newest_change(connection);
    reading.commit();
  }
  const Stopwatch writing;
  file.write(contents);
  std::printf("file written in %s: %.1f MB\n", writing.elapsed().c_str(),
              mb(std::filesystem::file_size(file.path())));
  for (int run = 0; run < 3; ++run) {
    const Stopwatch started;
    artshop::sql::Transaction reading(connection, "BEGIN");
    const auto loaded = artshop::sql::caught_up(file, connection, 10'000);
    reading.commit();
    if (!loaded) {
      std::printf("the file was refused: %s\n", loaded.error().c_str());
      return;
    }
    std::printf("start's load from the file, caught up: %s (%zu offers)\n",
                started.elapsed().c_str(), loaded->offers.size());
  }
  for (int run = 0; run < 3; ++run) {
    const Stopwatch started;
    artshop::sql::Transaction reading(connection, "BEGIN");
    const auto loaded = artshop::sql::SqlOfferRepository(connection).visible_offers();
    reading.commit();
    std::printf("full load through SQL: %s (%zu offers)\n", started.elapsed().c_str(),
                loaded.size());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: catalogue_memory DATA_DIR/artshop.db\n");
    return 2;
  }
  artshop::sqlite::Connection connection(argv[1]);
  const auto before = heap_bytes();
  const Stopwatch started;
  std::vector<std::shared_ptr<const Offer>> offers;
  std::vector<std::string> categories;
  {
    artshop::sql::Transaction reading(connection, "BEGIN");
    artshop::sql::SqlOfferRepository repository(connection);
    for (auto& category : repository.categories()) categories.push_back(category.url_name);
    auto loaded = repository.visible_offers();
    reading.commit();
    offers.reserve(loaded.size());
    for (auto& offer : loaded) offers.push_back(std::make_shared<const Offer>(std::move(offer)));
  }
  const auto load_time = started.elapsed();
  const auto with_offers = heap_bytes();
  const artshop::CatalogueSnapshot snapshot(offers, categories, 1);
  const auto with_snapshot = heap_bytes();

  Tally tally;
  for (const auto& offer : offers) tally.offer(*offer);
  std::size_t counted = 0;
  std::printf("%zu offers, loaded in %s, sizeof(Offer) %zu\n", offers.size(), load_time.c_str(),
              sizeof(Offer));
  std::printf("| part | MB | bytes per offer |\n|---|---:|---:|\n");
  const auto per = [&](std::size_t bytes) {
    return offers.empty() ? 0.0 : static_cast<double>(bytes) / static_cast<double>(offers.size());
  };
  for (const auto& [part, bytes] : tally.bytes) {
    counted += bytes;
    std::printf("| %s | %.1f | %.0f |\n", part.c_str(), mb(bytes), per(bytes));
  }
  std::printf("| offers, counted | %.1f | %.0f |\n", mb(counted), per(counted));
  std::printf("| offers, glibc heap in use | %.1f | %.0f |\n", mb(with_offers - before),
              per(with_offers - before));
  std::printf("| snapshot's own orders and indexes (glibc) | %.1f | %.0f |\n",
              mb(with_snapshot - with_offers), per(with_snapshot - with_offers));
  write_and_time_the_file(connection, argv[1], offers, categories);
  return 0;
}
