#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artshop/core/catalogue/art_style.hpp"
#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/catalogue/search_analyser.hpp"

namespace artshop {

class SearchIndex;
class SearchQuery;

// Past this many offers changed since the search index was built, the read model builds a
// new one on a thread of its own (CatalogueSnapshot::reindexed).
inline constexpr std::size_t kSearchDeltaLimit = 4'096;
inline constexpr std::size_t kMaxSuggestions = 8;
inline constexpr std::size_t kMaxTitleSuggestions = 5;
inline constexpr std::size_t kRelatedOfferCount = 8;
// A snapshot keeps its latest searches' answers (CatalogueSnapshot::searches_kept): up to this
// many, each with its first kRankedKept matches (four pages of the largest size).
inline constexpr std::size_t kSearchesKept = 2'048;
inline constexpr std::size_t kRankedKept = 384;
// A snapshot also keeps the latest searches' matches, whatever the filters and order, grouped
// by style, category and orientation and in price order (docs/search.md, "Kept matches"): a
// search of the same words with other filters, another order or currency costs a count per
// group and a walk of the matches that fit, not the index and a join of every match. Kept
// only for searches of at least kMatchesKeptFrom matches (fewer cost little anyway), the least
// recently asked for going past kMatchesKeptBytes: six bytes a match, so about 11 million.
inline constexpr std::size_t kMatchesKeptFrom = 1'024;
inline constexpr std::size_t kMatchesKeptBytes = std::size_t{64} << 20;
// How deep a listing without a search reaches and still costs little at any catalogue size:
// a snapshot reads a few tens of thousands of its entries for it at most (docs/search.md,
// "Cost and where it runs"). Twenty pages of 24, five of 96.
inline constexpr std::size_t kQuickListingDepth = 480;
// And how many entries it reads at most to be cheap: a listing newest first within a price
// range walks the newest order for the range's offers, however far apart they lie.
inline constexpr std::size_t kQuickListingReads = 50'000;

struct CategoryCount {
  std::string url_name;
  std::string title;
  int count = 0;
};
template <class Value>
struct ValueCount {
  Value value{};
  int count = 0;
};

// How many Active offers match the search and every filter except the facet's own, so that a
// shopper filtering by one style still sees how many offers every other style has. No entry
// has a count of 0, except price bands, one per band asked for.
struct CatalogueFacets {
  std::vector<CategoryCount> categories;     // by title
  std::vector<ValueCount<ArtStyle>> styles;  // in the enum's order
  std::vector<ValueCount<Orientation>> orientations;
  std::vector<int> price_bands;  // as OfferSearch::price_band_starts
};

// Offers a query over a snapshot found. They are shared with the snapshot, so a page costs
// no copy of an offer and outlives a newer snapshot replacing this one.
struct CatalogueMatches {
  std::vector<std::shared_ptr<const Offer>> items;
  int total = 0;           // matching offers over all pages
  CatalogueFacets facets;  // when OfferSearch::facets asks for them
  // For a search with words that found nothing: a close spelling that finds something.
  std::optional<std::string> did_you_mean;
  // The folded words of the page's titles and tags the search found, each once, sorted.
  std::vector<std::string> matched_words;
};

// One suggestion while a customer types: an offer's title, or a word of the catalogue's tags.
struct CatalogueSuggestion {
  enum class Kind : std::uint8_t { Title, Tag };
  Kind kind = Kind::Title;
  std::string text;
  std::shared_ptr<const Offer> offer;  // for a title
};

// The catalogue as visitors see it at one moment, in memory: the Active and SoldOut offers
// (Hidden ones are never shown) with the gallery's orders worked out in advance, so that a
// filtered, sorted and counted page is a binary search or a scan of compact keys rather than a
// database query. Its answers follow OfferRepository's rules for the filters and sorts:
// searches see Active offers only, newest first with ties by descending id, by price with ties
// by id (ascending, and the exact reverse for HighToLow). Search is answered from a full-text
// index (SearchIndex, docs/search.md) over the Active offers' titles, tags, descriptions,
// category titles and style names, ranked by relevance with ties newest first.
//
// Immutable: a change makes a new snapshot. patched() shares every offer that did not change,
// so keeping the catalogue in step with a write costs the changed offers and a copy of the
// compact orders, not a reload. The search index is shared too: the big one built with the
// snapshot stays, and a small one covers the offers changed since, which the big one no longer
// answers for; reindexed() folds them in.
class CatalogueSnapshot {
 public:
  CatalogueSnapshot() = default;
  // `offers` in any order, Hidden ones left out. `version` is the version of the stored
  // catalogue these were read at. `analyser` analyses the offers' words and the searches; it
  // must outlive the snapshot and every snapshot made from it.
  CatalogueSnapshot(std::vector<std::shared_ptr<const Offer>> offers,
                    std::vector<Category> categories, std::int64_t version,
                    const SearchAnalyser& analyser);
  // As above, searching with `search_index`, kept from an earlier snapshot of this catalogue
  // (a file, say) instead of building one: it answers for every Active offer but those of
  // `changed_since` (ids of offers changed since it was built, in any order), which a small
  // index covers. Built anew when `search_index` is null or was analysed otherwise
  // (SearchIndex::analysed_as).
  CatalogueSnapshot(std::vector<std::shared_ptr<const Offer>> offers,
                    std::vector<Category> categories, std::int64_t version,
                    const SearchAnalyser& analyser, std::shared_ptr<const SearchIndex> search_index,
                    std::vector<std::int64_t> changed_since);
  // As above with `categories` by urlName (their titles are their urlNames), searching with
  // plain_search_analyser().
  CatalogueSnapshot(std::vector<std::shared_ptr<const Offer>> offers,
                    std::vector<std::string> categories, std::int64_t version);

  // This catalogue with every offer of `changed` as it is in `fresh` now, or gone when `fresh`
  // lacks it (deleted or Hidden). The categories stay. Costs the changed offers' words and the
  // small index over every offer changed since the big one was built.
  CatalogueSnapshot patched(std::span<const OfferId> changed,
                            std::vector<std::shared_ptr<const Offer>> fresh,
                            std::int64_t version) const;

  // Offers changed since the big search index was built: past kSearchDeltaLimit, the owner
  // makes reindexed() on a thread that answers no visitor.
  std::size_t search_delta_size() const noexcept;
  // This catalogue with one search index built anew over all of it: costs a full build (a
  // million offers take seconds), so never on a visitor's thread.
  CatalogueSnapshot reindexed() const;
  // This catalogue searching with the big index of `reindexed`, made by reindexed() from an
  // older snapshot of this one's line: the offers that changed since it are covered by the
  // small index. Costs a walk of both catalogues and the changed offers' words.
  CatalogueSnapshot rebased(const CatalogueSnapshot& reindexed) const;

  // The big search index when it answers for exactly this snapshot's Active offers (none
  // changed since it was built): what a file may keep for the next start. Null otherwise.
  std::shared_ptr<const SearchIndex> search_index() const noexcept;

  // The page, the total and, as `search` asks, the facets; for a Search, the words found and
  // the did-you-mean. A Search without a word (only punctuation) finds nothing.
  CatalogueMatches search(const OfferSearch& search) const;
  // The same when it costs little however large the catalogue, std::nullopt otherwise: a
  // listing without a search whose page ends within kQuickListingDepth, or a page within the
  // first kRankedKept matches of a search whose answer this snapshot keeps. A server may work
  // it out where it reads requests rather than queue it.
  std::optional<CatalogueMatches> search_if_cheap(const OfferSearch& search) const;
  // Up to kMaxSuggestions suggestions for what a customer is typing: up to kMaxTitleSuggestions
  // distinct titles of the best-ranked Active offers whose title holds every word (the last as
  // a prefix), then the words completing the last one that offers hold as tags, most first.
  std::vector<CatalogueSuggestion> suggest(std::string_view prefix) const;
  // Up to `count` Active offers like `offer`: 3 points per tag they share, 2 for the same
  // style, 1 for the same category, the most first, ties newest first; never `offer` itself,
  // never one sharing nothing.
  std::vector<std::shared_ptr<const Offer>> related(const Offer& offer,
                                                    std::size_t count = kRelatedOfferCount) const;
  // The `count` newest Active offers.
  std::vector<std::shared_ptr<const Offer>> latest(int count) const;
  // An Active or SoldOut offer by its urlName, ignoring ASCII case; nullptr when none.
  std::shared_ptr<const Offer> find(std::string_view url_name) const;
  bool has_category(std::string_view url_name) const;

  std::int64_t version() const noexcept { return version_; }
  // Every visible (Active and SoldOut) offer, by id.
  std::span<const std::shared_ptr<const Offer>> offers() const noexcept { return by_id_; }
  // Every category by title, each with its Active offers counted (from the price buckets'
  // counts: a few hundred additions, whatever the catalogue's size).
  std::vector<Category> categories() const;
  // The categories' urlNames, sorted.
  std::span<const std::string> category_names() const noexcept { return categories_; }
  // Active and SoldOut offers.
  std::size_t size() const noexcept { return by_id_.size(); }
  // How many searches' answers this snapshot keeps now, and how many searches' matches; how
  // many times it found a search's matches through the index, kept or not.
  std::size_t searches_kept() const;
  std::size_t matches_kept() const;
  std::uint64_t matches_made() const;

 private:
  // What an order of Active offers holds per offer: the sort keys and filters, side by side,
  // so that a count scans a few megabytes at 100,000 offers instead of chasing pointers.
  struct Entry {
    std::int64_t created_at = 0;
    std::int64_t price = 0;  // the lowest attribute price, euro cents
    std::int64_t id = 0;
    const Offer* offer = nullptr;
    std::uint16_t category = 0;  // index into categories_
    ArtStyle style = ArtStyle::None;
    Orientation orientation = Orientation::Square;
  };
  using Order = std::vector<Entry>;
  static constexpr std::size_t kStyles = kAllArtStyles.size();
  // The Active offers of one style, category (one more for none known) and orientation, in
  // the gallery's two orders. A filtered listing merges the orders of the cells its filters
  // select, so that its page costs the page however few offers the filters leave. A patch
  // shares every cell none of whose offers changed.
  struct Cell {
    Order newest;    // NewToOld
    Order cheapest;  // LowToHigh
  };

  struct Search;
  struct Filters;
  // An offer a search found, with its score.
  struct Hit {
    const Entry* entry = nullptr;
    std::uint16_t score = 0;
  };
  // Active offers per style, category (one more for none known) and orientation, counted
  // from each bound of the price buckets up: a listing without a search reads its total and
  // facets from it for whole buckets, and walks only the entries of a bucket a price bound
  // cuts. Buckets are price stretches of about equal size, the euro band starts among bounds.
  struct PriceCube {
    std::vector<std::int64_t> bounds;  // bucket k holds prices in [bounds[k], bounds[k + 1])
    std::size_t categories = 0;        // the category dimension, with "none" last
    // Per bound, then per cell: the offers of each cell priced at least the bound, so that a
    // count at one bound reads one stretch of memory.
    std::vector<int> at_least;
    std::size_t cells() const noexcept;
    std::size_t cell(std::size_t style, std::size_t category, std::size_t orientation) const;
    void add(const Entry& entry, int sign);
  };
  struct Tally;
  // A search's answer but its page: the first matches in order, the total, the facets, the
  // did-you-mean.
  struct Ranked;
  // A search's matches whatever the filters: per cell, their places in the cheapest order,
  // ascending, with their scores.
  struct Matches;
  // What a search's matches are grouped and ordered by, per place in the cheapest order.
  struct CheapFacts {
    std::uint32_t fresh = 0;  // the place in the newest order
    std::uint32_t cell = 0;   // cell_of()
  };
  // The latest searches' answers by query, filters and order, up to kSearchesKept: the shoppers
  // paging through a word or asking for a popular one cost the index and the pass over its
  // matches once per snapshot, the answers asked for least recently going first; and the
  // latest searches' matches, by query. A copy of a snapshot starts with none, since both
  // point into the snapshot's own orders.
  class Memo {
   public:
    Memo();
    Memo(const Memo& /*other*/);
    Memo(Memo&&) noexcept;
    Memo& operator=(const Memo& other);
    Memo& operator=(Memo&&) noexcept;
    ~Memo();
    std::shared_ptr<const Ranked> find(const std::string& key) const;
    void keep(const std::string& key, std::shared_ptr<const Ranked> ranked) const;
    std::size_t size() const;
    // The matches of a search's words, kept by the bytes they take (kMatchesKeptBytes); made
    // counts every matches made, `keep` or not.
    std::shared_ptr<const Matches> find_matches(const std::string& words) const;
    void keep_matches(const std::string& words, std::shared_ptr<const Matches> matches,
                      bool keep) const;
    std::size_t matches_size() const;
    std::uint64_t matches_made() const;

   private:
    struct State;
    std::unique_ptr<State> state_;
  };

  // An offer under its urlName's hash: looked up by that hash, so that ordering a million of
  // them compares numbers rather than urlNames sharing long beginnings.
  struct Named {
    std::uint64_t hash = 0;
    const Offer* offer = nullptr;
  };
  static Named named(const Offer& offer);
  // By hash, then urlName.
  static bool by_name(const Named& a, const Named& b);

  Entry entry_of(const Offer& offer) const;
  void add_to_orders(const Offer& offer);
  void sort_orders();
  std::size_t cell_count() const noexcept;
  std::size_t cell_of(const Entry& entry) const noexcept;
  // The orders holding exactly the entries fitting every filter but price: the whole order
  // without such filters, else the selected cells' (none empty).
  std::vector<std::span<const Entry>> orders_of(const Filters& filters, bool newest) const;
  // The page of a listing without a search; std::nullopt when it would read more than `reads`
  // entries (a price range whose offers the newest order holds far apart).
  std::optional<std::vector<const Entry*>> listed(const OfferSearch& search, const Filters& filters,
                                                  std::size_t total, std::size_t reads) const;
  void place_entries();
  void count_prices();
  const Entry* entry_by_id(std::int64_t id) const noexcept;
  const std::shared_ptr<const Offer>& shared_of(const Entry& entry) const;
  std::vector<std::shared_ptr<const Offer>> shared_of(std::span<const Entry* const> entries) const;
  std::vector<std::shared_ptr<const Offer>> active_offers() const;
  const SearchAnalyser* search_analyser() const noexcept;
  std::shared_ptr<const SearchIndex> index_of(
      std::span<const std::shared_ptr<const Offer>> offers) const;
  std::shared_ptr<const Search> with_changes(
      std::shared_ptr<const SearchIndex> base, std::vector<std::int64_t> masked,
      std::vector<std::shared_ptr<const Offer>> delta_offers) const;
  // The query's matches, by id.
  std::vector<Hit> hits_of(const SearchQuery& query) const;
  // The matches of `query` (whose text is `words`), kept or found anew.
  std::shared_ptr<const Matches> matches_of(const SearchQuery& query,
                                            const std::string& words) const;
  std::shared_ptr<const Matches> matched(const SearchQuery& query) const;
  std::vector<std::int64_t> offers_tagged(std::string_view word) const;
  // search(), or search_if_cheap() when `cheap_only`.
  std::optional<CatalogueMatches> search_with(const OfferSearch& search, bool suggest_spelling,
                                              bool cheap_only) const;
  std::optional<CatalogueMatches> search_words(const OfferSearch& search, const Filters& filters,
                                               bool suggest_spelling, bool cheap_only) const;
  // The answer from the matches.
  std::shared_ptr<const Ranked> rank(const OfferSearch& search, const Matches& matches,
                                     const Filters& filters, bool suggest_spelling,
                                     std::size_t kept) const;
  // For a count of the offers priced at least `price`: the first price bucket it reads whole
  // from the counts (the bounds' size when none), and the entries it walks, those priced from
  // `price` up to that bucket.
  std::pair<std::size_t, std::span<const Entry>> cut_at(std::int64_t price) const;
  void tally_at_least(std::int64_t price, int sign, Tally& tally) const;
  // The places of the cells the filters select but price, in order.
  template <class Visit>
  void for_each_cell(const Filters& filters, Visit visit) const;
  // Active offers priced at least `price` fitting every filter but price.
  int count_at_least(std::int64_t price, const Filters& filters) const;
  void tally_prices(const Filters& filters, Tally& tally) const;
  std::vector<int> unsearched_bands(const Filters& filters,
                                    std::span<const std::int64_t> starts) const;
  CatalogueFacets facets_from(std::span<const int> categories, std::span<const int> styles,
                              std::span<const int> orientations, std::vector<int> bands) const;

  std::int64_t version_ = 0;
  std::vector<std::string> categories_;              // sorted
  std::vector<std::string> category_titles_;         // alongside categories_
  std::vector<std::shared_ptr<const Offer>> by_id_;  // every visible offer, by id
  std::vector<Named> by_url_name_;                   // the same, by urlName's hash
  Order newest_;                                     // Active, NewToOld
  Order cheapest_;                                   // Active, LowToHigh
  std::vector<std::shared_ptr<const Cell>> cells_;   // cell_count(), as PriceCube's cells
  Order by_id_entries_;  // Active, by id: what a search's matches are joined with
  // by_id_entries_'s place of each id, plus one (0: no Active offer), indexed by id; empty
  // when ids are too sparse for a table (place_entries()).
  std::vector<std::uint32_t> place_by_id_;
  // Alongside by_id_entries_: each entry's place in cheapest_. And alongside cheapest_: each
  // entry's place in newest_ and its cell. A search's matches are grouped and ordered by these
  // (12 MB at a million offers) without reading their entries.
  std::vector<std::uint32_t> cheap_place_;
  std::vector<CheapFacts> by_cheap_;
  // Alongside by_id_entries_: each entry's offer's place in by_id_.
  std::vector<std::uint32_t> offer_place_;
  PriceCube prices_;
  std::shared_ptr<const Search> search_;
  Memo memo_;
};

}  // namespace artshop
