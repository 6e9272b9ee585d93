#pragma once

#include <cstddef>
#include <cstdint>
#include <expected>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/search_index.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// The catalogue the read model last loaded, kept on disk next to the database
// (data/catalogue.snapshot), so that a start reads one file instead of loading every offer
// through SQL, then reads only the offers changed since (caught_up below).
//
// The format (docs/catalogue.md, "The catalogue file"): a header (magic, format number, the
// catalogue version and the newest change it saw), the categories, a table of the texts offers
// share (picture keys), the offers, a length-prefixed section the search index may fill, and a
// checksum of everything before it. Integers little-endian. A file that is absent, truncated,
// corrupt, of another format or from another database is refused with its reason, never
// half-read: the caller loads from SQL as if there were none.
class CatalogueFile {
 public:
  static constexpr std::uint32_t kFormat = 2;

  struct Contents {
    std::int64_t version = 0;  // the catalogue version the offers were read at
    // The change that made `version`: its offer (0 for the categories). Found again in
    // catalogue_changes at that version or later, it ties the file to its database.
    std::int64_t newest_change = 0;
    std::vector<std::string> categories;  // urlNames
    std::vector<std::shared_ptr<const Offer>> offers;
    // The snapshot's search index over the Active offers at `version` (CatalogueSnapshot::
    // search_index): null when the file keeps none; read back, why it could not be, when the
    // rest of the file could (the offers are used and the index built anew).
    std::expected<std::shared_ptr<const SearchIndex>, std::string> search_index;
    // After caught_up(): the offers read again since the file's version, which the kept search
    // index does not answer for.
    std::vector<std::int64_t> changed;
  };

  explicit CatalogueFile(std::filesystem::path path) : path_(std::move(path)) {}

  // Replaces the file at once (a temporary file, synced, renamed over it, the folder synced),
  // so a crash leaves the old file or the new one. Throws std::system_error when it cannot.
  void write(const Contents& contents) const;

  // The file's contents, or why it cannot be used.
  std::expected<Contents, std::string> read() const;

  const std::filesystem::path& path() const noexcept { return path_; }

 private:
  std::filesystem::path path_;
};

// The catalogue as of the database's newest version: the file's offers with those changed since
// its version read again, and the categories read afresh, all in `reading`'s open transaction.
// Refused (the reason) when the file cannot be read, when it does not belong to this database
// (its newest change is not found at its version or later, or the database is behind it), or
// when more than `change_limit` offers changed since: then a full load costs about as much.
std::expected<CatalogueFile::Contents, std::string> caught_up(const CatalogueFile& file,
                                                              Connection& reading,
                                                              std::size_t change_limit);

// The change (its offer, 0 for the categories) that made the catalogue's newest version, for a
// file written from a load at that version. Read in the same transaction as the load.
std::int64_t newest_change(Connection& reading);

}  // namespace artshop::sql
