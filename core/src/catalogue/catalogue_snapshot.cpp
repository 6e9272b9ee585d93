#include "artshop/core/catalogue/catalogue_snapshot.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>
#include <limits>
#include <list>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "artshop/core/catalogue/search_index.hpp"
#include "artshop/core/text.hpp"
#include "prefetch.hpp"

namespace artshop {

using detail::prefetch;
using detail::prefetch_fields;

// The search side of a snapshot: the big index built with it, shared by every snapshot patched
// from it, and the small one over the offers changed since.
struct CatalogueSnapshot::Search {
  const SearchAnalyser* analyser = nullptr;
  std::shared_ptr<const SearchIndex> base;  // the Active offers when it was built
  std::vector<std::int64_t> masked;         // ids the base no longer answers for, sorted
  std::vector<std::shared_ptr<const Offer>> delta_offers;  // Active ones among them, by id
  std::shared_ptr<const SearchIndex> delta;                // over delta_offers
};

namespace {

constexpr auto kNoCategory = std::numeric_limits<std::uint16_t>::max();
// How many price buckets a snapshot counts its offers in (PriceCube): a price bound cuts one
// bucket, whose entries are walked, about 250 at a million offers (twice that at most). The
// counts take cells x buckets x 4 bytes: 6.5 MB at most with the seeded categories.
constexpr std::size_t kPriceBuckets = 4096;
// How many of a search's best offers suggestions look at for titles holding every word.
constexpr std::size_t kSuggestionCandidates = 256;
// Related offers: how many offers holding one of the picture's tags are looked at, at most,
// and how many entries of a style or the catalogue are walked for the same style or category.
constexpr std::size_t kRelatedTagWalk = 50'000;
constexpr std::size_t kRelatedOrderWalk = 100'000;
// Entries are found by id through a table of places while ids are at most this many times the
// entries (plus the slack): a catalogue whose offers were mostly deleted searches instead.
constexpr std::size_t kDenseIds = 4;
constexpr std::size_t kDenseIdsSlack = 65'536;

// How many matches ahead a pass over them asks for what it reads of each (prefetch()).
constexpr std::size_t kPrefetchAhead = 16;
constexpr int kSharedTagPoints = 3;
constexpr int kSameStylePoints = 2;
constexpr int kSameCategoryPoints = 1;

bool newer(std::int64_t created_a, std::int64_t id_a, std::int64_t created_b,
           std::int64_t id_b) noexcept {
  return created_a != created_b ? created_a > created_b : id_a > id_b;
}

bool cheaper(std::int64_t price_a, std::int64_t id_a, std::int64_t price_b,
             std::int64_t id_b) noexcept {
  return price_a != price_b ? price_a < price_b : id_a < id_b;
}

// `kept` (in order, without what `keep` refuses) merged with `added`, in the order of `less`.
template <class T, class Keep, class Less>
std::vector<T> merged(const std::vector<T>& kept, Keep keep, std::vector<T> added, Less less) {
  std::ranges::sort(added, less);
  std::vector<T> result;
  result.reserve(kept.size() + added.size());
  auto next = added.begin();
  for (const auto& item : kept) {
    if (!keep(item)) continue;
    while (next != added.end() && less(*next, item)) result.push_back(*next++);
    result.push_back(item);
  }
  result.insert(result.end(), next, added.end());
  return result;
}

// A style as customers read it, the words search finds it by: "PopArt" is "Pop Art"; None is
// no style at all.
const std::string& style_words(ArtStyle style) {
  static const auto spelled_styles = [] {
    std::array<std::string, kAllArtStyles.size()> words;
    for (const auto each : kAllArtStyles) {
      if (each == ArtStyle::None) continue;
      auto& spelled = words[static_cast<std::size_t>(each)];
      for (const auto c : name(each)) {
        if (c >= 'A' && c <= 'Z' && !spelled.empty()) spelled += ' ';
        spelled += c;
      }
    }
    return words;
  }();
  return spelled_styles[static_cast<std::size_t>(style)];
}

std::uint32_t offer_number(std::int64_t id) {
  if (id < 0 || id >= std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("an offer id past what catalogue search numbers");
  }
  return static_cast<std::uint32_t>(id);
}

std::uint64_t url_name_hash(std::string_view url_name) {
  return std::hash<std::string_view>{}(url_name);
}

// Ids with their scores, ascending by id.
struct Scored {
  std::int64_t id = 0;
  std::uint16_t score = 0;
};

}  // namespace

CatalogueSnapshot::Named CatalogueSnapshot::named(const Offer& offer) {
  return {.hash = url_name_hash(offer.url_name), .offer = &offer};
}

bool CatalogueSnapshot::by_name(const Named& a, const Named& b) {
  return a.hash != b.hash ? a.hash < b.hash : a.offer->url_name < b.offer->url_name;
}

CatalogueSnapshot::CatalogueSnapshot(std::vector<std::shared_ptr<const Offer>> offers,
                                     std::vector<std::string> categories, std::int64_t version)
    : CatalogueSnapshot(
          std::move(offers),
          [&categories] {
            std::vector<Category> named;
            named.reserve(categories.size());
            for (auto& url_name : categories) {
              named.push_back({.url_name = url_name, .title = url_name});
            }
            return named;
          }(),
          version, plain_search_analyser()) {}

CatalogueSnapshot::CatalogueSnapshot(std::vector<std::shared_ptr<const Offer>> offers,
                                     std::vector<Category> categories, std::int64_t version,
                                     const SearchAnalyser& analyser)
    : CatalogueSnapshot(std::move(offers), std::move(categories), version, analyser, nullptr, {}) {}

CatalogueSnapshot::CatalogueSnapshot(std::vector<std::shared_ptr<const Offer>> offers,
                                     std::vector<Category> categories, std::int64_t version,
                                     const SearchAnalyser& analyser,
                                     std::shared_ptr<const SearchIndex> search_index,
                                     std::vector<std::int64_t> changed_since)
    : version_(version) {
  std::ranges::sort(categories, {}, &Category::url_name);
  const auto repeats = std::ranges::unique(categories, {}, &Category::url_name);
  categories.erase(repeats.begin(), repeats.end());
  for (auto& category : categories) {
    categories_.push_back(std::move(category.url_name));
    category_titles_.push_back(std::move(category.title));
  }
  std::erase_if(offers, [](const auto& offer) { return offer->status == OfferStatus::Hidden; });
  // A catalogue file holds them by id already: checking costs a pass, sorting a million does not.
  const auto by_id = [](const auto& offer) { return offer->id.value; };
  if (!std::ranges::is_sorted(offers, {}, by_id)) std::ranges::sort(offers, {}, by_id);
  by_id_ = std::move(offers);
  by_url_name_.reserve(by_id_.size());
  for (const auto& offer : by_id_) {
    by_url_name_.push_back(named(*offer));
    add_to_orders(*offer);
  }
  std::ranges::sort(by_url_name_, by_name);
  sort_orders();
  count_prices();
  // The index is built with the analyser it will be searched with; a kept one is used only if
  // built with an analyser analysing the same way.
  auto search = std::make_shared<Search>();
  search->analyser = &analyser;
  search_ = search;
  if (!search_index || !search_index->analysed_as(analyser)) {
    search->base = index_of(active_offers());
    return;
  }
  std::vector<std::shared_ptr<const Offer>> delta_offers;
  for (const auto id : changed_since) {
    const auto* entry = entry_by_id(id);
    if (entry != nullptr) delta_offers.push_back(shared_of(*entry));
  }
  search_ =
      with_changes(std::move(search_index), std::move(changed_since), std::move(delta_offers));
}

std::vector<Category> CatalogueSnapshot::categories() const {
  std::vector<Category> listed;
  listed.reserve(categories_.size());
  for (std::size_t category = 0; category < categories_.size(); ++category) {
    // The first bound is the lowest price there is: its counts are every offer of a cell.
    int count = 0;
    for (std::size_t style = 0; style < kStyles && !prices_.at_least.empty(); ++style) {
      for (std::size_t orientation = 0; orientation < kAllOrientations.size(); ++orientation) {
        count += prices_.at_least[prices_.cell(style, category, orientation)];
      }
    }
    listed.push_back({.url_name = categories_[category],
                      .title = category_titles_[category],
                      .offer_count = count});
  }
  std::ranges::stable_sort(listed, {}, &Category::title);
  return listed;
}

std::shared_ptr<const SearchIndex> CatalogueSnapshot::search_index() const noexcept {
  return search_ && search_->masked.empty() ? search_->base : nullptr;
}

CatalogueSnapshot::Entry CatalogueSnapshot::entry_of(const Offer& offer) const {
  const auto category = std::ranges::lower_bound(categories_, offer.category);
  return {.created_at = offer.created_at.time_since_epoch().count(),
          .price = offer.lowest_price_eur_cents(),
          .id = offer.id.value,
          .offer = &offer,
          .category = category != categories_.end() && *category == offer.category
                          ? static_cast<std::uint16_t>(category - categories_.begin())
                          : kNoCategory,
          .style = offer.style,
          .orientation = offer.orientation};
}

void CatalogueSnapshot::add_to_orders(const Offer& offer) {
  if (offer.status == OfferStatus::Active) by_id_entries_.push_back(entry_of(offer));
}

namespace {

bool newer_entry(const auto& a, const auto& b) noexcept {
  return newer(a.created_at, a.id, b.created_at, b.id);
}

bool cheaper_entry(const auto& a, const auto& b) noexcept {
  return cheaper(a.price, a.id, b.price, b.id);
}

}  // namespace

void CatalogueSnapshot::sort_orders() {
  if (!std::ranges::is_sorted(by_id_entries_, {}, &Entry::id)) {
    std::ranges::sort(by_id_entries_, {}, &Entry::id);
  }
  newest_ = by_id_entries_;
  cheapest_ = by_id_entries_;
  std::ranges::sort(newest_, [](const Entry& a, const Entry& b) { return newer_entry(a, b); });
  std::ranges::sort(cheapest_, [](const Entry& a, const Entry& b) { return cheaper_entry(a, b); });
  // Each cell's orders are the whole orders' entries of that cell, in the same order.
  std::vector<Cell> cells(cell_count());
  std::vector<std::size_t> sizes(cells.size(), 0);
  for (const auto& entry : newest_) ++sizes[cell_of(entry)];
  for (std::size_t c = 0; c < cells.size(); ++c) {
    cells[c].newest.reserve(sizes[c]);
    cells[c].cheapest.reserve(sizes[c]);
  }
  for (const auto& entry : newest_) cells[cell_of(entry)].newest.push_back(entry);
  for (const auto& entry : cheapest_) cells[cell_of(entry)].cheapest.push_back(entry);
  cells_.clear();
  cells_.reserve(cells.size());
  for (auto& cell : cells) cells_.push_back(std::make_shared<const Cell>(std::move(cell)));
  place_entries();
}

namespace {

// The place of a style, category (with "none" last of `categories`) and orientation among the
// cells of a snapshot's counts and orders.
std::size_t cell_place(std::size_t style, std::size_t category, std::size_t orientation,
                       std::size_t categories) noexcept {
  return (style * categories + category) * kAllOrientations.size() + orientation;
}

std::size_t category_place(std::uint16_t category, std::size_t none) {
  return std::min<std::size_t>(category, none);
}

// How many cells there are, and an entry's, with `categories` counting "none".
std::size_t cell_total(std::size_t categories) noexcept {
  return kAllArtStyles.size() * categories * kAllOrientations.size();
}

std::size_t entry_cell(const auto& entry, std::size_t categories) noexcept {
  return cell_place(static_cast<std::size_t>(entry.style),
                    category_place(entry.category, categories - 1),
                    static_cast<std::size_t>(entry.orientation), categories);
}

}  // namespace

std::size_t CatalogueSnapshot::cell_count() const noexcept {
  return cell_total(categories_.size() + 1);
}

std::size_t CatalogueSnapshot::cell_of(const Entry& entry) const noexcept {
  return entry_cell(entry, categories_.size() + 1);
}

std::size_t CatalogueSnapshot::PriceCube::cells() const noexcept {
  return cell_total(categories);
}

std::size_t CatalogueSnapshot::PriceCube::cell(std::size_t style, std::size_t category,
                                               std::size_t orientation) const {
  return cell_place(style, category, orientation, categories);
}

void CatalogueSnapshot::PriceCube::add(const Entry& entry, int sign) {
  const auto place = entry_cell(entry, categories);
  for (std::size_t k = 0; k < bounds.size() && bounds[k] <= entry.price; ++k) {
    at_least[k * cells() + place] += sign;
  }
}

void CatalogueSnapshot::count_prices() {
  // A new bucket starts where the price changes once a bucket holds its share, and before a
  // price many offers share, so that no bound cuts through a crowd; the price bands start
  // buckets of their own, so the euro bands are whole buckets.
  auto& cube = prices_;
  cube = {};
  auto& bounds = cube.bounds;
  bounds.push_back(std::numeric_limits<std::int64_t>::min());
  bounds.insert(bounds.end(), kPriceBandStartsEurCents.begin(), kPriceBandStartsEurCents.end());
  const auto share = std::max<std::size_t>(1, cheapest_.size() / kPriceBuckets);
  std::size_t held = 0;
  for (auto run = cheapest_.begin(); run != cheapest_.end();) {
    const auto price = run->price;
    const auto end =
        std::find_if(run, cheapest_.end(), [price](const Entry& e) { return e.price != price; });
    const auto length = static_cast<std::size_t>(end - run);
    if (held >= share || length >= share) {
      bounds.push_back(price);
      held = 0;
    }
    held += length;
    run = end;
  }
  std::ranges::sort(bounds);
  bounds.erase(std::ranges::unique(bounds).begin(), bounds.end());
  cube.categories = categories_.size() + 1;
  const auto cells = cube.cells();
  cube.at_least.assign(cells * bounds.size(), 0);
  // Each offer in its bucket, then summed from the dearest bucket down.
  for (const auto& entry : cheapest_) {
    const auto bucket = std::ranges::upper_bound(bounds, entry.price) - bounds.begin() - 1;
    const auto place = cell_of(entry);
    ++cube.at_least[static_cast<std::size_t>(bucket) * cells + place];
  }
  for (auto k = bounds.size() - 1; k > 0; --k) {
    for (std::size_t place = 0; place < cells; ++place) {
      cube.at_least[(k - 1) * cells + place] += cube.at_least[k * cells + place];
    }
  }
}

std::vector<std::shared_ptr<const Offer>> CatalogueSnapshot::active_offers() const {
  std::vector<std::shared_ptr<const Offer>> active;
  active.reserve(by_id_entries_.size());
  for (const auto& offer : by_id_) {
    if (offer->status == OfferStatus::Active) active.push_back(offer);
  }
  return active;
}

std::shared_ptr<const SearchIndex> CatalogueSnapshot::index_of(
    std::span<const std::shared_ptr<const Offer>> offers) const {
  const auto& analyser = *search_analyser();
  std::vector<SearchDocument> documents;
  documents.reserve(offers.size());
  for (const auto& offer : offers) {
    const auto category = std::ranges::lower_bound(categories_, offer->category);
    const auto place = static_cast<std::size_t>(category - categories_.begin());
    documents.push_back(
        {.offer = offer_number(offer->id.value),
         .title = offer->title,
         .tags = offer->tags,
         .description = offer->description,
         .category = place < categories_.size() && categories_[place] == offer->category
                         ? std::string_view(category_titles_[place])
                         : std::string_view(),
         .style = style_words(offer->style)});
  }
  return std::make_shared<const SearchIndex>(documents, analyser);
}

const SearchAnalyser* CatalogueSnapshot::search_analyser() const noexcept {
  return search_ ? search_->analyser : &plain_search_analyser();
}

std::shared_ptr<const CatalogueSnapshot::Search> CatalogueSnapshot::with_changes(
    std::shared_ptr<const SearchIndex> base, std::vector<std::int64_t> masked,
    std::vector<std::shared_ptr<const Offer>> delta_offers) const {
  auto search = std::make_shared<Search>();
  search->analyser = search_analyser();
  search->base = std::move(base);
  std::ranges::sort(masked);
  masked.erase(std::ranges::unique(masked).begin(), masked.end());
  search->masked = std::move(masked);
  std::ranges::sort(delta_offers, {}, [](const auto& offer) { return offer->id.value; });
  search->delta = delta_offers.empty() ? nullptr : index_of(delta_offers);
  search->delta_offers = std::move(delta_offers);
  return search;
}

CatalogueSnapshot CatalogueSnapshot::patched(std::span<const OfferId> changed,
                                             std::vector<std::shared_ptr<const Offer>> fresh,
                                             std::int64_t version) const {
  std::erase_if(fresh, [](const auto& offer) { return offer->status == OfferStatus::Hidden; });
  std::vector<std::int64_t> replaced;
  for (const auto id : changed) replaced.push_back(id.value);
  for (const auto& offer : fresh) replaced.push_back(offer->id.value);
  std::ranges::sort(replaced);
  replaced.erase(std::ranges::unique(replaced).begin(), replaced.end());
  const auto unchanged = [&replaced](std::int64_t id) {
    return !std::ranges::binary_search(replaced, id);
  };

  CatalogueSnapshot next;
  next.version_ = version;
  next.categories_ = categories_;
  next.category_titles_ = category_titles_;
  next.by_id_ = merged(
      by_id_, [&](const auto& offer) { return unchanged(offer->id.value); }, fresh,
      [](const auto& a, const auto& b) { return a->id.value < b->id.value; });
  std::vector<Named> fresh_names;
  fresh_names.reserve(fresh.size());
  for (const auto& offer : fresh) fresh_names.push_back(named(*offer));
  next.by_url_name_ = merged(
      by_url_name_, [&](const Named& name) { return unchanged(name.offer->id.value); },
      std::move(fresh_names), by_name);

  std::vector<Entry> added;
  std::vector<std::shared_ptr<const Offer>> fresh_active;
  for (const auto& offer : fresh) {
    if (offer->status != OfferStatus::Active) continue;
    added.push_back(next.entry_of(*offer));
    fresh_active.push_back(offer);
  }
  const auto keep = [&](const Entry& entry) { return unchanged(entry.id); };
  const auto by_newest = [](const Entry& a, const Entry& b) { return newer_entry(a, b); };
  const auto by_price = [](const Entry& a, const Entry& b) { return cheaper_entry(a, b); };
  const auto by_id = [](const Entry& a, const Entry& b) { return a.id < b.id; };
  next.newest_ = merged(newest_, keep, added, by_newest);
  next.cheapest_ = merged(cheapest_, keep, added, by_price);
  next.by_id_entries_ = merged(by_id_entries_, keep, added, by_id);
  next.place_entries();
  // The counts follow the offers that went and came, in the buckets of this snapshot; the
  // cells they left or joined are merged anew, the others shared.
  next.prices_ = prices_;
  next.cells_ = cells_;
  const auto empty = std::make_shared<const Cell>();
  next.cells_.resize(next.cell_count(), empty);
  std::vector<bool> touched(next.cells_.size(), false);
  for (const auto id : replaced) {
    if (const auto* gone = entry_by_id(id)) {
      next.prices_.add(*gone, -1);
      touched[cell_of(*gone)] = true;
    }
  }
  for (const auto& entry : added) {
    next.prices_.add(entry, 1);
    touched[cell_of(entry)] = true;
  }
  for (std::size_t c = 0; c < touched.size(); ++c) {
    if (!touched[c]) continue;
    std::vector<Entry> of_cell;
    std::ranges::copy_if(added, std::back_inserter(of_cell),
                         [&](const Entry& entry) { return cell_of(entry) == c; });
    const auto& was = *next.cells_[c];
    next.cells_[c] = std::make_shared<const Cell>(
        Cell{.newest = merged(was.newest, keep, of_cell, by_newest),
             .cheapest = merged(was.cheapest, keep, std::move(of_cell), by_price)});
  }

  // The big index stays; the small one covers every offer changed since it was built.
  if (search_) {
    auto masked = search_->masked;
    masked.insert(masked.end(), replaced.begin(), replaced.end());
    auto delta_offers = fresh_active;
    for (const auto& offer : search_->delta_offers) {
      if (unchanged(offer->id.value)) delta_offers.push_back(offer);
    }
    // Made by this snapshot, whose analyser the next one keeps: `next` has none yet.
    next.search_ = with_changes(search_->base, std::move(masked), std::move(delta_offers));
  }
  return next;
}

std::size_t CatalogueSnapshot::search_delta_size() const noexcept {
  return search_ ? search_->masked.size() : 0;
}

CatalogueSnapshot CatalogueSnapshot::reindexed() const {
  CatalogueSnapshot next = *this;
  next.search_ = with_changes(index_of(active_offers()), {}, {});
  return next;
}

CatalogueSnapshot CatalogueSnapshot::rebased(const CatalogueSnapshot& reindexed) const {
  // The offers that changed since `reindexed` was taken: a patch shares every offer it leaves
  // alone, so an offer changed exactly when its pointer did.
  std::vector<std::int64_t> changed;
  std::vector<std::shared_ptr<const Offer>> delta_offers;
  auto theirs = reindexed.by_id_.begin();
  const auto theirs_end = reindexed.by_id_.end();
  for (const auto& mine : by_id_) {
    for (; theirs != theirs_end && (*theirs)->id.value < mine->id.value; ++theirs) {
      changed.push_back((*theirs)->id.value);
    }
    if (theirs != theirs_end && (*theirs)->id.value == mine->id.value &&
        theirs->get() == mine.get()) {
      ++theirs;
      continue;
    }
    if (theirs != theirs_end && (*theirs)->id.value == mine->id.value) ++theirs;
    changed.push_back(mine->id.value);
    if (mine->status == OfferStatus::Active) delta_offers.push_back(mine);
  }
  for (; theirs != theirs_end; ++theirs) changed.push_back((*theirs)->id.value);
  CatalogueSnapshot next = *this;
  const auto base = reindexed.search_ ? reindexed.search_->base : nullptr;
  next.search_ = with_changes(base, std::move(changed), std::move(delta_offers));
  return next;
}

void CatalogueSnapshot::place_entries() {
  // Both are by id, the entries a subset of the offers.
  offer_place_.clear();
  offer_place_.reserve(by_id_entries_.size());
  std::size_t at = 0;
  for (const auto& entry : by_id_entries_) {
    while (at < by_id_.size() && by_id_[at]->id.value < entry.id) ++at;
    offer_place_.push_back(static_cast<std::uint32_t>(at));
  }
  place_by_id_.clear();
  const bool dense =
      !by_id_entries_.empty() && by_id_entries_.front().id >= 0 &&
      by_id_entries_.back().id <=
          static_cast<std::int64_t>(kDenseIds * by_id_entries_.size() + kDenseIdsSlack);
  if (dense) {
    place_by_id_.assign(static_cast<std::size_t>(by_id_entries_.back().id) + 1, 0);
    for (std::size_t place = 0; place < by_id_entries_.size(); ++place) {
      place_by_id_[static_cast<std::size_t>(by_id_entries_[place].id)] =
          static_cast<std::uint32_t>(place + 1);
    }
  }
  // The three orders hold the same entries.
  const auto place_of = [this](const Entry& entry) {
    return static_cast<std::size_t>(entry_by_id(entry.id) - by_id_entries_.data());
  };
  cheap_place_.assign(by_id_entries_.size(), 0);
  for (std::size_t cheap = 0; cheap < cheapest_.size(); ++cheap) {
    cheap_place_[place_of(cheapest_[cheap])] = static_cast<std::uint32_t>(cheap);
  }
  by_cheap_.assign(cheapest_.size(), {});
  for (std::size_t fresh = 0; fresh < newest_.size(); ++fresh) {
    by_cheap_[cheap_place_[place_of(newest_[fresh])]] = {
        .fresh = static_cast<std::uint32_t>(fresh),
        .cell = static_cast<std::uint32_t>(cell_of(newest_[fresh]))};
  }
}

const CatalogueSnapshot::Entry* CatalogueSnapshot::entry_by_id(std::int64_t id) const noexcept {
  if (!place_by_id_.empty()) {
    if (id < 0 || static_cast<std::uint64_t>(id) >= place_by_id_.size()) return nullptr;
    const auto place = place_by_id_[static_cast<std::size_t>(id)];
    return place == 0 ? nullptr : &by_id_entries_[place - 1];
  }
  const auto found = std::ranges::lower_bound(by_id_entries_, id, {}, &Entry::id);
  return found != by_id_entries_.end() && found->id == id ? &*found : nullptr;
}

// The filters of a listing, each asked of an entry on its own: a facet counts the entries
// failing no filter but its own.
struct CatalogueSnapshot::Filters {
  std::optional<Orientation> orientation;
  std::optional<ArtStyle> style;
  std::optional<std::uint16_t> category;
  std::optional<std::int64_t> min_price;
  std::optional<std::int64_t> max_price;

  bool orientation_fits(const auto& e) const noexcept {
    return !orientation || e.orientation == *orientation;
  }
  bool style_fits(const auto& e) const noexcept { return !style || e.style == *style; }
  bool category_fits(const auto& e) const noexcept { return !category || e.category == *category; }
  bool price_fits(const auto& e) const noexcept {
    return (!min_price || e.price >= *min_price) && (!max_price || e.price <= *max_price);
  }
  // Which of the style, category and orientation filters the offers of a cell fit.
  struct CellFit {
    bool style = true;
    bool category = true;
    bool orientation = true;
    int failing() const noexcept { return !style + !category + !orientation; }
  };
  CellFit cell_fits(std::size_t s, std::size_t c, std::size_t o) const noexcept {
    return {.style = !style || s == static_cast<std::size_t>(*style),
            .category = !category || c == *category,
            .orientation = !orientation || o == static_cast<std::size_t>(*orientation)};
  }
};

namespace {

// Where a search's page starts and ends among its matches, negative numbers read as none.
struct PageBounds {
  std::size_t offset;
  std::size_t wanted;  // one past the page's last match
};
PageBounds page_of(const OfferSearch& search) noexcept {
  const auto offset = static_cast<std::size_t>(std::max(0, search.offset));
  return {offset, offset + static_cast<std::size_t>(std::max(0, search.limit))};
}

bool more_relevant(const auto& a, const auto& b) noexcept {
  return a.score != b.score ? a.score > b.score : newer_entry(*a.entry, *b.entry);
}

}  // namespace

CatalogueFacets CatalogueSnapshot::facets_from(std::span<const int> categories,
                                               std::span<const int> styles,
                                               std::span<const int> orientations,
                                               std::vector<int> bands) const {
  CatalogueFacets facets;
  for (std::size_t c = 0; c < categories.size(); ++c) {
    if (categories[c] > 0) {
      facets.categories.push_back(
          {.url_name = categories_[c], .title = category_titles_[c], .count = categories[c]});
    }
  }
  std::ranges::stable_sort(facets.categories, {}, &CategoryCount::title);
  for (std::size_t s = 0; s < styles.size(); ++s) {
    if (styles[s] > 0) facets.styles.push_back({kAllArtStyles[s], styles[s]});
  }
  for (std::size_t o = 0; o < orientations.size(); ++o) {
    if (orientations[o] > 0) facets.orientations.push_back({kAllOrientations[o], orientations[o]});
  }
  facets.price_bands = std::move(bands);
  return facets;
}

// A listing's total and its facets but the price bands, added up per style, category and
// orientation: the offers fitting every filter, and for each facet those failing no filter but
// its own. Counts come signed, as a difference of two counts over prices.
struct CatalogueSnapshot::Tally {
  const Filters& filters;
  int total = 0;
  std::vector<int> categories;  // with the offers of no known category last
  std::array<int, kStyles> styles{};
  std::array<int, kAllOrientations.size()> orientations{};

  Tally(const Filters& f, std::size_t category_count)
      : filters(f), categories(category_count + 1, 0) {}

  void add(std::size_t style, std::size_t category, std::size_t orientation, int count) {
    const auto fits = filters.cell_fits(style, category, orientation);
    total += fits.failing() == 0 ? count : 0;
    styles[style] += (fits.category && fits.orientation) ? count : 0;
    categories[category] += (fits.style && fits.orientation) ? count : 0;
    orientations[orientation] += (fits.style && fits.category) ? count : 0;
  }
  void add(const Entry& e, int count) {
    add(static_cast<std::size_t>(e.style), category_place(e.category, categories.size() - 1),
        static_cast<std::size_t>(e.orientation), count);
  }
};

std::pair<std::size_t, std::span<const CatalogueSnapshot::Entry>> CatalogueSnapshot::cut_at(
    std::int64_t price) const {
  const auto& bounds = prices_.bounds;
  const auto bucket =
      static_cast<std::size_t>(std::ranges::lower_bound(bounds, price) - bounds.begin());
  const auto from =
      std::ranges::partition_point(cheapest_, [&](const Entry& e) { return e.price < price; });
  const auto to =
      bucket < bounds.size()
          ? std::partition_point(from, cheapest_.end(),
                                 [&](const Entry& e) { return e.price < bounds[bucket]; })
          : cheapest_.end();
  return {bucket, std::span(from, to)};
}

void CatalogueSnapshot::tally_at_least(std::int64_t price, int sign, Tally& tally) const {
  // Whole buckets from the counts, then the entries of the bucket the price cuts.
  const auto [bucket, cut] = cut_at(price);
  if (bucket < prices_.bounds.size()) {
    for (std::size_t style = 0; style < kStyles; ++style) {
      for (std::size_t category = 0; category < prices_.categories; ++category) {
        for (std::size_t orientation = 0; orientation < kAllOrientations.size(); ++orientation) {
          const auto count =
              prices_
                  .at_least[bucket * prices_.cells() + prices_.cell(style, category, orientation)];
          if (count != 0) tally.add(style, category, orientation, sign * count);
        }
      }
    }
  }
  for (const auto& e : cut) tally.add(e, sign);
}

void CatalogueSnapshot::tally_prices(const Filters& filters, Tally& tally) const {
  // A range ending below its start holds no offer.
  if (filters.min_price && filters.max_price && *filters.min_price > *filters.max_price) return;
  tally_at_least(filters.min_price.value_or(std::numeric_limits<std::int64_t>::min()), 1, tally);
  if (filters.max_price && *filters.max_price < std::numeric_limits<std::int64_t>::max()) {
    tally_at_least(*filters.max_price + 1, -1, tally);
  }
}

template <class Visit>
void CatalogueSnapshot::for_each_cell(const Filters& filters, Visit visit) const {
  const auto categories = categories_.size() + 1;
  for (std::size_t style = 0; style < kStyles; ++style) {
    if (filters.style && static_cast<std::size_t>(*filters.style) != style) continue;
    for (std::size_t category = 0; category < categories; ++category) {
      if (filters.category && *filters.category != category) continue;
      for (std::size_t orientation = 0; orientation < kAllOrientations.size(); ++orientation) {
        if (!filters.orientation || static_cast<std::size_t>(*filters.orientation) == orientation) {
          visit(cell_place(style, category, orientation, categories));
        }
      }
    }
  }
}

int CatalogueSnapshot::count_at_least(std::int64_t price, const Filters& filters) const {
  // The whole buckets from the counts of the cells the filters select, then the entries of the
  // bucket the price cuts.
  const auto [bucket, cut] = cut_at(price);
  int count = 0;
  if (bucket < prices_.bounds.size()) {
    const auto row = std::span(prices_.at_least).subspan(bucket * prices_.cells());
    for_each_cell(filters, [&](std::size_t place) { count += row[place]; });
  }
  for (const auto& e : cut) {
    if (filters.style_fits(e) && filters.category_fits(e) && filters.orientation_fits(e)) {
      ++count;
    }
  }
  return count;
}

std::vector<int> CatalogueSnapshot::unsearched_bands(const Filters& filters,
                                                     std::span<const std::int64_t> starts) const {
  // A band ignores the price range: the offers fitting the other filters from its start on,
  // less those from the next band's.
  std::vector<int> at_least(starts.size() + 1, 0);
  for (std::size_t b = 0; b < starts.size(); ++b) at_least[b] = count_at_least(starts[b], filters);
  std::vector<int> bands(starts.size(), 0);
  for (std::size_t b = 0; b < starts.size(); ++b) bands[b] = at_least[b] - at_least[b + 1];
  return bands;
}

CatalogueMatches CatalogueSnapshot::search(const OfferSearch& search) const {
  // Not cheap only: there is always an answer.
  auto found = search_with(search, true, false);
  return found ? std::move(*found) : CatalogueMatches{};
}

std::optional<CatalogueMatches> CatalogueSnapshot::search_if_cheap(
    const OfferSearch& search) const {
  return search_with(search, true, true);
}

std::optional<CatalogueMatches> CatalogueSnapshot::search_with(const OfferSearch& search,
                                                               bool suggest_spelling,
                                                               bool cheap_only) const {
  CatalogueMatches found;
  found.facets.price_bands.assign(search.facets ? search.price_band_starts.size() : 0, 0);
  Filters filters{.orientation = search.orientation,
                  .style = search.style,
                  .category = std::nullopt,
                  .min_price = search.min_price_eur_cents,
                  .max_price = search.max_price_eur_cents};
  if (search.category) {
    const auto known = std::ranges::lower_bound(categories_, *search.category);
    if (known == categories_.end() || *known != *search.category) return found;
    filters.category = static_cast<std::uint16_t>(known - categories_.begin());
  }
  if (search.search) return search_words(search, filters, suggest_spelling, cheap_only);
  if (cheap_only && page_of(search).wanted > kQuickListingDepth) return std::nullopt;

  // The total and facets come from the counts; the page from the orders.
  Tally tally(filters, categories_.size());
  tally_prices(filters, tally);
  found.total = tally.total;
  if (search.facets) {
    found.facets =
        facets_from(std::span(tally.categories).first(categories_.size()), tally.styles,
                    tally.orientations, unsearched_bands(filters, search.price_band_starts));
  }
  const auto page =
      listed(search, filters, static_cast<std::size_t>(std::max(0, found.total)),
             cheap_only ? kQuickListingReads : std::numeric_limits<std::size_t>::max());
  if (!page) return std::nullopt;
  found.items = shared_of(*page);
  return found;
}

namespace {

// Visits the entries of `orders`, each in the order of `before` (from its end when `reversed`),
// merged into one order, until `visit` returns false.
template <class Entry, class Before, class Visit>
void walk_merged(std::span<const std::span<const Entry>> orders, bool reversed, Before before,
                 Visit visit) {
  struct Cursor {
    std::span<const Entry> order;
    std::size_t next = 0;
    const Entry& at(bool from_end) const {
      return from_end ? order[order.size() - 1 - next] : order[next];
    }
  };
  std::vector<Cursor> heap;
  heap.reserve(orders.size());
  for (const auto order : orders) {
    if (!order.empty()) heap.push_back({order});
  }
  // The cursor whose entry comes first on top.
  const auto later = [&](const Cursor& a, const Cursor& b) {
    return reversed ? before(a.at(reversed), b.at(reversed))
                    : before(b.at(reversed), a.at(reversed));
  };
  std::ranges::make_heap(heap, later);
  while (!heap.empty()) {
    std::ranges::pop_heap(heap, later);
    auto& cursor = heap.back();
    if (!visit(cursor.at(reversed))) return;
    if (++cursor.next < cursor.order.size()) {
      std::ranges::push_heap(heap, later);
    } else {
      heap.pop_back();
    }
  }
}

}  // namespace

std::vector<std::span<const CatalogueSnapshot::Entry>> CatalogueSnapshot::orders_of(
    const Filters& filters, bool newest) const {
  std::vector<std::span<const Entry>> orders;
  if (!filters.style && !filters.category && !filters.orientation) {
    if (!newest_.empty()) orders.emplace_back(newest ? newest_ : cheapest_);
    return orders;
  }
  if (cells_.size() != cell_count()) return orders;
  for_each_cell(filters, [&](std::size_t place) {
    const auto& order = newest ? cells_[place]->newest : cells_[place]->cheapest;
    if (!order.empty()) orders.emplace_back(order);
  });
  return orders;
}

std::optional<std::vector<const CatalogueSnapshot::Entry*>> CatalogueSnapshot::listed(
    const OfferSearch& search, const Filters& filters, std::size_t total, std::size_t reads) const {
  std::vector<const Entry*> page;
  const auto [offset, wanted] = page_of(search);
  if (offset >= total || offset >= wanted) return page;
  std::size_t seen = 0;
  const auto take = [&](const Entry& entry) {
    if (seen++ >= offset) page.push_back(&entry);
    return seen < wanted;
  };
  // An order by price holds a price range as one stretch: two binary searches bound it.
  const auto priced = [&](std::span<const Entry> cheapest) {
    if (filters.min_price) {
      cheapest = cheapest.subspan(static_cast<std::size_t>(
          std::ranges::partition_point(
              cheapest, [&](const Entry& e) { return e.price < *filters.min_price; }) -
          cheapest.begin()));
    }
    if (filters.max_price) {
      cheapest = cheapest.first(static_cast<std::size_t>(
          std::ranges::partition_point(
              cheapest, [&](const Entry& e) { return e.price <= *filters.max_price; }) -
          cheapest.begin()));
    }
    return cheapest;
  };
  const auto by_newest = [](const Entry& a, const Entry& b) { return newer_entry(a, b); };
  if (search.sort != OfferSort::NewToOld) {
    auto orders = orders_of(filters, false);
    for (auto& order : orders) order = priced(order);
    walk_merged<Entry>(
        orders, search.sort == OfferSort::HighToLow,
        [](const Entry& a, const Entry& b) { return cheaper_entry(a, b); }, take);
    return page;
  }
  auto newest = orders_of(filters, true);
  if (!filters.min_price && !filters.max_price) {
    walk_merged<Entry>(newest, false, by_newest, take);
    return page;
  }
  // Newest first within a price range: walking the newest orders reads about wanted * fitting /
  // total entries, skipping other prices; taking the range's `total` entries from the price
  // orders and keeping the newest reads `total`. The fewer is read.
  std::size_t fitting = 0;
  for (const auto order : newest) fitting += order.size();
  if (total > wanted * fitting / total) {
    std::size_t read = 0;
    walk_merged<Entry>(newest, false, by_newest, [&](const Entry& entry) {
      return ++read <= reads && (!filters.price_fits(entry) || take(entry));
    });
    if (read > reads) return std::nullopt;
    return page;
  }
  if (total > reads) return std::nullopt;
  std::vector<const Entry*> kept;
  kept.reserve(std::min(wanted, total));
  const auto order = [](const Entry* a, const Entry* b) { return newer_entry(*a, *b); };
  for (const auto cheapest : orders_of(filters, false)) {
    for (const auto& entry : priced(cheapest)) {
      if (kept.size() < wanted) {
        kept.push_back(&entry);
        std::ranges::push_heap(kept, order);
      } else if (order(&entry, kept.front())) {
        std::ranges::pop_heap(kept, order);
        kept.back() = &entry;
        std::ranges::push_heap(kept, order);
      }
    }
  }
  std::ranges::sort_heap(kept, order);
  page.assign(kept.begin() + static_cast<std::ptrdiff_t>(std::min(offset, kept.size())),
              kept.end());
  return page;
}

const std::shared_ptr<const Offer>& CatalogueSnapshot::shared_of(const Entry& entry) const {
  // The entry by id in by_id_entries_, a read of the table of places, and its offer's place.
  const auto* found = entry_by_id(entry.id);
  if (found != nullptr && offer_place_.size() == by_id_entries_.size()) {
    return by_id_[offer_place_[static_cast<std::size_t>(found - by_id_entries_.data())]];
  }
  return *std::ranges::lower_bound(by_id_, entry.id, {}, [](const auto& o) { return o->id.value; });
}

// A page's entries lie anywhere in tables of a million offers, and so do their offers. Finding
// them all before taking any count lets their cache misses overlap (taking a count is a locked
// instruction, which waits for every read before it), and the offers' fields, beside which
// make_shared keeps the count, are asked for before pricing reads them.
std::vector<std::shared_ptr<const Offer>> CatalogueSnapshot::shared_of(
    std::span<const Entry* const> entries) const {
  std::vector<const std::shared_ptr<const Offer>*> held;
  held.reserve(entries.size());
  for (const auto* entry : entries) held.push_back(&shared_of(*entry));
  for (const auto* offer : held) prefetch_fields(**offer);
  std::vector<std::shared_ptr<const Offer>> offers;
  offers.reserve(held.size());
  for (const auto* offer : held) offers.push_back(*offer);
  return offers;
}

std::vector<CatalogueSnapshot::Hit> CatalogueSnapshot::hits_of(const SearchQuery& query) const {
  std::vector<Hit> hits;
  if (!search_) return hits;
  const auto base = search_->base ? search_->base->search(query) : SearchMatches{};
  const auto delta = search_->delta ? search_->delta->search(query) : SearchMatches{};
  const auto& masked = search_->masked;
  hits.reserve(base.size() + delta.size());
  // Both answers are ascending, and so are the entries they are joined with.
  const auto add = [&](std::uint32_t offer, std::uint16_t score) {
    if (const auto* entry = entry_by_id(offer)) hits.push_back({entry, score});
  };
  std::size_t d = 0;
  for (std::size_t b = 0; b < base.size(); ++b) {
    for (; d < delta.size() && delta.offers[d] < base.offers[b]; ++d) {
      add(delta.offers[d], delta.scores[d]);
    }
    if (!std::ranges::binary_search(masked, std::int64_t{base.offers[b]})) {
      add(base.offers[b], base.scores[b]);
    }
  }
  for (; d < delta.size(); ++d) add(delta.offers[d], delta.scores[d]);
  return hits;
}

struct CatalogueSnapshot::Ranked {
  std::vector<const Entry*> first;  // in the search's order
  int total = 0;
  CatalogueFacets facets;
  std::optional<std::string> did_you_mean;
  // Per match of `first` as far as a page has reached, the folded words of its title and tags
  // the search found: worked out once, for the first page showing it, since folding and
  // stemming a page's words costs more than the rest of a kept answer's page.
  mutable std::mutex words_mutex;
  mutable std::vector<std::vector<std::string>> found_words;
  mutable std::vector<bool> worked_out;
};

struct CatalogueSnapshot::Matches {
  // Cell c's matches are [starts[c], starts[c + 1]) of `cheap` and `scores`.
  std::vector<std::uint32_t> starts;
  std::vector<std::uint32_t> cheap;   // the matches' places in cheapest_, per cell ascending
  std::vector<std::uint16_t> scores;  // alongside `cheap`

  std::size_t bytes() const noexcept {
    return sizeof(Matches) + (starts.size() + cheap.size()) * sizeof(std::uint32_t) +
           scores.size() * sizeof(std::uint16_t);
  }
  // Where the matches of cell `cell` placed in [from, to) of cheapest_ are in `cheap`.
  std::pair<std::size_t, std::size_t> between(std::size_t cell, std::uint32_t from,
                                              std::uint32_t to) const {
    const auto begin = cheap.begin() + starts[cell];
    const auto end = cheap.begin() + starts[cell + 1];
    const auto first = std::lower_bound(begin, end, from);
    const auto last = from < to ? std::lower_bound(first, end, to) : first;
    return {static_cast<std::size_t>(first - cheap.begin()),
            static_cast<std::size_t>(last - cheap.begin())};
  }
};

namespace {

// Answers by key, each of a weight: past `bound` in all, those asked for least recently go.
template <class Answer>
class Recent {
 public:
  explicit Recent(std::size_t bound) : bound_(bound) {}
  Answer find(const std::string& key) {
    const auto found = places_.find(key);
    if (found == places_.end()) return {};
    items_.splice(items_.begin(), items_, found->second);
    return found->second->answer;
  }
  // The answer under `key`, no longer kept here.
  Answer take(const std::string& key) {
    const auto found = places_.find(key);
    if (found == places_.end()) return {};
    auto answer = std::move(found->second->answer);
    weight_ -= found->second->weight;
    items_.erase(found->second);
    places_.erase(found);
    return answer;
  }
  void put(const std::string& key, Answer answer, std::size_t weight = 1) {
    take(key);
    items_.push_front({.key = key, .answer = std::move(answer), .weight = weight});
    places_.emplace(key, items_.begin());
    weight_ += weight;
    while (weight_ > bound_) {
      weight_ -= items_.back().weight;
      places_.erase(items_.back().key);
      items_.pop_back();
    }
  }
  std::size_t size() const noexcept { return items_.size(); }

 private:
  struct Item {
    std::string key;
    Answer answer;
    std::size_t weight = 0;
  };
  std::size_t bound_;
  std::size_t weight_ = 0;
  std::list<Item> items_;  // the latest asked for first
  std::unordered_map<std::string, typename std::list<Item>::iterator> places_;
};

}  // namespace

// A new answer waits among the answers asked for once; asked for again, it joins those asked
// for more than once, which answers asked for once never push out: a run of one-off searches
// (rare words, unusual filters) leaves the popular answers kept.
struct CatalogueSnapshot::Memo::State {
  std::mutex mutex;
  Recent<std::shared_ptr<const Ranked>> once{kSearchesKept / 2};
  Recent<std::shared_ptr<const Ranked>> again{kSearchesKept / 2};
  Recent<std::shared_ptr<const Matches>> matches{kMatchesKeptBytes};
  std::uint64_t matches_made = 0;
};

CatalogueSnapshot::Memo::Memo() : state_(std::make_unique<State>()) {}
CatalogueSnapshot::Memo::Memo(const Memo& /*other*/) : Memo() {}
CatalogueSnapshot::Memo::Memo(Memo&&) noexcept = default;
CatalogueSnapshot::Memo& CatalogueSnapshot::Memo::operator=(const Memo& other) {
  if (this != &other) state_ = std::make_unique<State>();
  return *this;
}
CatalogueSnapshot::Memo& CatalogueSnapshot::Memo::operator=(Memo&&) noexcept = default;
CatalogueSnapshot::Memo::~Memo() = default;

std::shared_ptr<const CatalogueSnapshot::Ranked> CatalogueSnapshot::Memo::find(
    const std::string& key) const {
  if (!state_) return nullptr;
  const std::scoped_lock lock(state_->mutex);
  if (auto ranked = state_->again.find(key)) return ranked;
  auto ranked = state_->once.take(key);
  if (ranked) state_->again.put(key, ranked);
  return ranked;
}

void CatalogueSnapshot::Memo::keep(const std::string& key,
                                   std::shared_ptr<const Ranked> ranked) const {
  if (!state_) return;
  const std::scoped_lock lock(state_->mutex);
  state_->once.put(key, std::move(ranked));
}

std::size_t CatalogueSnapshot::Memo::size() const {
  if (!state_) return 0;
  const std::scoped_lock lock(state_->mutex);
  return state_->once.size() + state_->again.size();
}

std::shared_ptr<const CatalogueSnapshot::Matches> CatalogueSnapshot::Memo::find_matches(
    const std::string& words) const {
  if (!state_) return nullptr;
  const std::scoped_lock lock(state_->mutex);
  return state_->matches.find(words);
}

void CatalogueSnapshot::Memo::keep_matches(const std::string& words,
                                           std::shared_ptr<const Matches> matches,
                                           bool keep) const {
  if (!state_) return;
  const auto bytes = matches->bytes();
  const std::scoped_lock lock(state_->mutex);
  ++state_->matches_made;
  if (keep) state_->matches.put(words, std::move(matches), bytes);
}

std::size_t CatalogueSnapshot::Memo::matches_size() const {
  if (!state_) return 0;
  const std::scoped_lock lock(state_->mutex);
  return state_->matches.size();
}

std::uint64_t CatalogueSnapshot::Memo::matches_made() const {
  if (!state_) return 0;
  const std::scoped_lock lock(state_->mutex);
  return state_->matches_made;
}

std::size_t CatalogueSnapshot::searches_kept() const {
  return memo_.size();
}

std::size_t CatalogueSnapshot::matches_kept() const {
  return memo_.matches_size();
}

std::uint64_t CatalogueSnapshot::matches_made() const {
  return memo_.matches_made();
}

namespace {

// What a search's answer but its page depends on, as one string.
std::string ranked_key(const OfferSearch& search, bool suggest_spelling) {
  std::string key = search.search.value_or("");
  const auto add = [&key](std::int64_t value) {
    std::array<char, sizeof value> bytes{};
    std::memcpy(bytes.data(), &value, sizeof value);
    key.append(bytes.data(), bytes.size());
  };
  const auto add_optional = [&](const auto& value) {
    add(value ? 1 : 0);
    if (value) add(static_cast<std::int64_t>(*value));
  };
  key += '\0';
  add(static_cast<std::int64_t>(search.sort));
  add(search.by_relevance ? 1 : 0);
  add(suggest_spelling ? 1 : 0);
  add_optional(search.orientation);
  add_optional(search.style);
  add_optional(search.min_price_eur_cents);
  add_optional(search.max_price_eur_cents);
  key += search.category.value_or("");
  key += '\0';
  add(search.facets ? 1 : 0);
  if (search.facets) {
    for (const auto start : search.price_band_starts) add(start);
  }
  return key;
}

}  // namespace

std::optional<CatalogueMatches> CatalogueSnapshot::search_words(const OfferSearch& search,
                                                                const Filters& filters,
                                                                bool suggest_spelling,
                                                                bool cheap_only) const {
  CatalogueMatches found;
  found.facets.price_bands.assign(search.facets ? search.price_band_starts.size() : 0, 0);
  const auto& analyser = *search_analyser();
  if (!search.search) return found;
  const SearchQuery query(*search.search, analyser);
  if (query.empty()) return found;

  // The first pages come from the answer kept for the same search, or kept for the next.
  const auto [offset, wanted] = page_of(search);
  if (cheap_only && wanted > kRankedKept) return std::nullopt;
  const bool kept = wanted <= kRankedKept;
  std::string key;
  std::shared_ptr<const Ranked> ranked;
  if (kept) {
    key = ranked_key(search, suggest_spelling);
    ranked = memo_.find(key);
  }
  if (!ranked && cheap_only) return std::nullopt;
  if (!ranked) {
    const auto matches = matches_of(query, *search.search);
    ranked = rank(search, *matches, filters, suggest_spelling, kept ? kRankedKept : wanted);
    if (kept) memo_.keep(key, ranked);
  }
  found.total = ranked->total;
  if (search.facets) found.facets = ranked->facets;
  found.did_you_mean = ranked->did_you_mean;

  const auto end = std::min(wanted, ranked->first.size());
  if (offset < end) found.items = shared_of(std::span(ranked->first).subspan(offset, end - offset));
  {
    const std::scoped_lock lock(ranked->words_mutex);
    if (ranked->found_words.size() < end) {
      ranked->found_words.resize(end);
      ranked->worked_out.resize(end, false);
    }
    std::vector<std::string> words;
    for (auto at = offset; at < end; ++at) {
      auto& found_here = ranked->found_words[at];
      if (!ranked->worked_out[at]) {
        const auto& offer = *ranked->first[at]->offer;
        words.clear();
        analyser.append_words(offer.title, words);
        for (const auto& tag : offer.tags) analyser.append_words(tag, words);
        for (auto& word : words) {
          if (query.finds(word, analyser.stem(word))) found_here.push_back(std::move(word));
        }
        ranked->worked_out[at] = true;
      }
      found.matched_words.insert(found.matched_words.end(), found_here.begin(), found_here.end());
    }
  }
  std::ranges::sort(found.matched_words);
  found.matched_words.erase(std::ranges::unique(found.matched_words).begin(),
                            found.matched_words.end());
  return found;
}

std::shared_ptr<const CatalogueSnapshot::Matches> CatalogueSnapshot::matches_of(
    const SearchQuery& query, const std::string& words) const {
  if (auto kept = memo_.find_matches(words)) return kept;
  auto matches = matched(query);
  memo_.keep_matches(words, matches, matches->cheap.size() >= kMatchesKeptFrom);
  return matches;
}

std::shared_ptr<const CatalogueSnapshot::Matches> CatalogueSnapshot::matched(
    const SearchQuery& query) const {
  // The matches are marked at their places in the cheapest order, then read in it: each cell's
  // come out in price order without a sort. The marks and scores are kept per thread, since a
  // table of a catalogue's size, new at each search, would cost more in page faults than in use.
  thread_local std::vector<std::uint64_t> marked;
  thread_local std::vector<std::uint16_t> score_at;
  constexpr std::size_t kBits = 64;
  const auto hits = hits_of(query);
  marked.assign((cheapest_.size() + kBits - 1) / kBits, 0);
  if (score_at.size() < cheapest_.size()) score_at.resize(cheapest_.size());
  for (const auto& hit : hits) {
    const auto at = cheap_place_[static_cast<std::size_t>(hit.entry - by_id_entries_.data())];
    marked[at / kBits] |= std::uint64_t{1} << (at % kBits);
    score_at[at] = hit.score;
  }
  const auto each_marked = [&](auto visit) {
    for (std::size_t word = 0; word < marked.size(); ++word) {
      for (auto bits = marked[word]; bits != 0; bits &= bits - 1) {
        visit(static_cast<std::uint32_t>(word * kBits +
                                         static_cast<std::size_t>(std::countr_zero(bits))));
      }
    }
  };
  auto matches = std::make_shared<Matches>();
  auto& starts = matches->starts;
  starts.assign(cell_count() + 1, 0);
  each_marked([&](std::uint32_t at) { ++starts[by_cheap_[at].cell + 1]; });
  std::partial_sum(starts.begin(), starts.end(), starts.begin());
  // As many as were marked: an offer found twice (it cannot be: the small index covers what
  // the big one no longer answers for) would be marked once.
  matches->cheap.resize(starts.back());
  matches->scores.resize(starts.back());
  auto next = starts;
  each_marked([&](std::uint32_t at) {
    const auto slot = next[by_cheap_[at].cell]++;
    matches->cheap[slot] = at;
    matches->scores[slot] = score_at[at];
  });
  return matches;
}

std::shared_ptr<const CatalogueSnapshot::Ranked> CatalogueSnapshot::rank(
    const OfferSearch& search, const Matches& matches, const Filters& filters,
    bool suggest_spelling, std::size_t kept_count) const {
  auto ranked = std::make_shared<Ranked>();
  // Places in the cheapest order: the price range's, and each band's start (then the end).
  const auto end = static_cast<std::uint32_t>(cheapest_.size());
  const auto priced_from = [&](std::int64_t price) {
    return static_cast<std::uint32_t>(
        std::ranges::partition_point(cheapest_,
                                     [price](const Entry& e) { return e.price < price; }) -
        cheapest_.begin());
  };
  const auto low = filters.min_price ? priced_from(*filters.min_price) : 0U;
  const auto high =
      filters.max_price && *filters.max_price < std::numeric_limits<std::int64_t>::max()
          ? priced_from(*filters.max_price + 1)
          : end;
  std::vector<int> bands(search.facets ? search.price_band_starts.size() : 0, 0);
  std::vector<std::uint32_t> band_from;
  for (std::size_t b = 0; b < bands.size(); ++b) {
    band_from.push_back(priced_from(search.price_band_starts[b]));
  }
  band_from.push_back(end);

  // Per cell, the matches in the price range: they count for the total and the facets as the
  // cell's style, category and orientation fit the filters; those of the cells fitting every
  // filter also count for the bands and make the page. A cell failing more filters than a
  // count looks past is never read.
  Tally tally(filters, categories_.size());
  std::vector<std::pair<std::size_t, std::size_t>> fitting;
  const auto categories = categories_.size() + 1;
  const int most_failing = search.facets ? 1 : 0;
  for (std::size_t style = 0; style < kStyles; ++style) {
    for (std::size_t category = 0; category < categories; ++category) {
      for (std::size_t orientation = 0; orientation < kAllOrientations.size(); ++orientation) {
        const auto cell = cell_place(style, category, orientation, categories);
        if (matches.starts[cell] == matches.starts[cell + 1]) continue;
        const int failing = filters.cell_fits(style, category, orientation).failing();
        if (failing > most_failing) continue;
        const auto [first, last] = matches.between(cell, low, high);
        tally.add(style, category, orientation, static_cast<int>(last - first));
        if (failing > 0) continue;
        if (first < last) fitting.emplace_back(first, last);
        for (std::size_t b = 0; b < bands.size(); ++b) {
          const auto [band_first, band_last] =
              matches.between(cell, band_from[b], band_from[b + 1]);
          bands[b] += static_cast<int>(band_last - band_first);
        }
      }
    }
  }
  ranked->total = tally.total;
  if (search.facets) {
    ranked->facets = facets_from(std::span(tally.categories).first(categories_.size()),
                                 tally.styles, tally.orientations, std::move(bands));
  }

  // The best `kept_count` of the matches fitting every filter, in a heap, its worst on top.
  struct Pick {
    std::uint32_t cheap = 0;
    std::uint32_t fresh = 0;
    std::uint16_t score = 0;
  };
  const auto order = [&](const Pick& a, const Pick& b) {
    if (search.by_relevance) return a.score != b.score ? a.score > b.score : a.fresh < b.fresh;
    switch (search.sort) {
      case OfferSort::LowToHigh:
        return a.cheap < b.cheap;
      case OfferSort::HighToLow:
        return a.cheap > b.cheap;
      case OfferSort::NewToOld:
        break;
    }
    return a.fresh < b.fresh;
  };
  std::vector<Pick> kept;
  kept.reserve(std::min(kept_count, static_cast<std::size_t>(ranked->total)));
  // False when the heap is full and `pick` comes after its worst.
  const auto consider = [&](const Pick& pick) {
    if (kept.size() < kept_count) {
      kept.push_back(pick);
      std::ranges::push_heap(kept, order);
      return true;
    }
    if (kept.empty() || !order(pick, kept.front())) return false;
    std::ranges::pop_heap(kept, order);
    kept.back() = pick;
    std::ranges::push_heap(kept, order);
    return true;
  };
  const bool by_price = !search.by_relevance && search.sort != OfferSort::NewToOld;
  for (const auto& [first, last] : fitting) {
    if (by_price) {
      // A cell's matches are in price order: walked from its best end, up to the first that
      // comes too late for the page, as every one after it does.
      const bool dearest_first = search.sort == OfferSort::HighToLow;
      for (std::size_t n = 0; n < last - first; ++n) {
        const auto at = dearest_first ? last - 1 - n : first + n;
        if (!consider({.cheap = matches.cheap[at], .fresh = 0, .score = matches.scores[at]})) {
          break;
        }
      }
      continue;
    }
    // The places in the newest order lie apart in a table of 8 MB at a million offers: each is
    // asked for a few matches ahead.
    for (auto at = first; at < last; ++at) {
      if (at + kPrefetchAhead < last) prefetch(&by_cheap_[matches.cheap[at + kPrefetchAhead]]);
      const auto cheap = matches.cheap[at];
      consider({.cheap = cheap, .fresh = by_cheap_[cheap].fresh, .score = matches.scores[at]});
    }
  }
  std::ranges::sort_heap(kept, order);
  ranked->first.reserve(kept.size());
  for (const auto& pick : kept) ranked->first.push_back(&cheapest_[pick.cheap]);

  // A spelling is looked for only when the words find no offer at all: with matches the
  // filters leave out, the words were spelt as the catalogue spells them.
  if (ranked->total == 0 && suggest_spelling && matches.cheap.empty() && search_) {
    const auto& analyser = *search_analyser();
    for (const auto* index : {search_->base.get(), search_->delta.get()}) {
      if (index == nullptr) continue;
      auto spelling = index->did_you_mean(*search.search, analyser);
      if (!spelling) continue;
      auto corrected = search;
      corrected.search = *spelling;
      corrected.facets = false;
      corrected.limit = 0;
      if (search_with(corrected, false, false)->total > 0) {
        ranked->did_you_mean = std::move(spelling);
        break;
      }
    }
  }
  return ranked;
}

std::vector<CatalogueSuggestion> CatalogueSnapshot::suggest(std::string_view prefix) const {
  std::vector<CatalogueSuggestion> suggestions;
  const auto& analyser = *search_analyser();
  const SearchQuery query(prefix, analyser);
  if (query.empty()) return suggestions;

  // Titles: the best-ranked offers first, those whose title holds every word.
  auto hits = hits_of(query);
  const auto looked_at = std::min(kSuggestionCandidates, hits.size());
  std::partial_sort(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(looked_at), hits.end(),
                    [](const Hit& a, const Hit& b) { return more_relevant(a, b); });
  std::vector<std::string> words;
  std::vector<std::string> stems;
  for (std::size_t k = 0; k < looked_at && suggestions.size() < kMaxTitleSuggestions; ++k) {
    const auto& offer = *hits[k].entry->offer;
    if (std::ranges::any_of(suggestions, [&](const auto& s) { return s.text == offer.title; })) {
      continue;
    }
    words = analyser.words(offer.title);
    stems.clear();
    for (const auto& word : words) stems.push_back(analyser.stem(word));
    const bool in_title = std::ranges::all_of(query.words(), [&](const SearchQueryWord& typed) {
      for (std::size_t w = 0; w < words.size(); ++w) {
        if (typed.finds(words[w], stems[w])) return true;
      }
      return false;
    });
    if (!in_title) continue;
    suggestions.push_back({.kind = CatalogueSuggestion::Kind::Title,
                           .text = offer.title,
                           .offer = shared_of(*hits[k].entry)});
  }

  // Then tags completing the last word, the most offers first.
  if (!search_) return suggestions;
  const auto& last = query.words().back().word;
  std::vector<SearchWordCount> tags;
  for (const auto* index : {search_->base.get(), search_->delta.get()}) {
    if (index == nullptr) continue;
    for (auto& tag : index->complete_tags(last, kMaxSuggestions)) {
      const auto known = std::ranges::find(tags, tag.word, &SearchWordCount::word);
      if (known == tags.end()) {
        tags.push_back(std::move(tag));
      } else {
        known->offers += tag.offers;
      }
    }
  }
  std::ranges::sort(tags, [](const SearchWordCount& a, const SearchWordCount& b) {
    return a.offers != b.offers ? a.offers > b.offers : a.word < b.word;
  });
  for (auto& tag : tags) {
    if (suggestions.size() >= kMaxSuggestions) break;
    suggestions.push_back(
        {.kind = CatalogueSuggestion::Kind::Tag, .text = std::move(tag.word), .offer = nullptr});
  }
  return suggestions;
}

std::vector<std::int64_t> CatalogueSnapshot::offers_tagged(std::string_view word) const {
  std::vector<std::int64_t> ids;
  if (!search_) return ids;
  if (search_->base) {
    for (const auto offer : search_->base->offers_tagged(word)) {
      if (!std::ranges::binary_search(search_->masked, std::int64_t{offer})) ids.push_back(offer);
    }
  }
  if (search_->delta) {
    for (const auto offer : search_->delta->offers_tagged(word)) ids.push_back(offer);
  }
  return ids;
}

std::vector<std::shared_ptr<const Offer>> CatalogueSnapshot::related(const Offer& offer,
                                                                     std::size_t count) const {
  const auto& analyser = *search_analyser();
  std::unordered_map<std::int64_t, int> points;
  // Each tag once: offers holding its first word in a tag, then those holding the whole tag.
  std::vector<std::string> tags;
  for (const auto& tag : offer.tags) {
    auto lowered = text::to_lower_ascii(tag);
    if (std::ranges::find(tags, lowered) == tags.end()) tags.push_back(std::move(lowered));
  }
  std::size_t walked = 0;
  for (const auto& tag : tags) {
    const auto words = analyser.words(tag);
    if (words.empty()) continue;
    for (const auto id : offers_tagged(words.front())) {
      if (++walked > kRelatedTagWalk) break;
      if (id == offer.id.value) continue;
      const auto* entry = entry_by_id(id);
      if (entry == nullptr) continue;
      const auto& theirs = entry->offer->tags;
      if (std::ranges::any_of(theirs, [&](const std::string& t) {
            return text::equal_ignoring_ascii_case(t, tag);
          })) {
        points[id] += kSharedTagPoints;
      }
    }
  }
  const auto mine = entry_of(offer);
  const bool styled =
      offer.style != ArtStyle::None && static_cast<std::size_t>(offer.style) < kStyles;
  const bool filed = mine.category != kNoCategory;
  const auto likeness = [&](const Entry& e) {
    return (styled && e.style == mine.style ? kSameStylePoints : 0) +
           (filed && e.category == mine.category ? kSameCategoryPoints : 0);
  };
  for (auto& [id, score] : points) score += likeness(*entry_by_id(id));
  // Offers sharing no tag: the newest of the same style and category, of the style only, of
  // the category only, as many of each as could be shown.
  std::array<std::size_t, 4> taken{};
  const auto take = [&](const Entry& e) {
    if (e.id == offer.id.value || points.contains(e.id)) return;
    const auto score = likeness(e);
    auto& of_score = taken[static_cast<std::size_t>(score)];
    if (score == 0 || of_score >= count) return;
    ++of_score;
    points.emplace(e.id, score);
  };
  const auto walk = [&](const Filters& filters) {
    std::size_t walked_order = 0;
    walk_merged<Entry>(
        orders_of(filters, true), false,
        [](const Entry& a, const Entry& b) { return newer_entry(a, b); },
        [&](const Entry& e) {
          take(e);
          return ++walked_order < kRelatedOrderWalk;
        });
  };
  if (styled) walk(Filters{.style = offer.style});
  if (filed) walk(Filters{});

  std::vector<Hit> ranked;
  ranked.reserve(points.size());
  for (const auto& [id, score] : points) {
    ranked.push_back({entry_by_id(id), static_cast<std::uint16_t>(score)});
  }
  const auto shown = std::min(count, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(shown),
                    ranked.end(), [](const Hit& a, const Hit& b) { return more_relevant(a, b); });
  std::vector<std::shared_ptr<const Offer>> related;
  for (std::size_t k = 0; k < shown; ++k) related.push_back(shared_of(*ranked[k].entry));
  return related;
}

std::vector<std::shared_ptr<const Offer>> CatalogueSnapshot::latest(int count) const {
  return search({.sort = OfferSort::NewToOld, .offset = 0, .limit = count}).items;
}

std::shared_ptr<const Offer> CatalogueSnapshot::find(std::string_view url_name) const {
  // urlNames are stored as lower-case slugs.
  const auto lowered = text::to_lower_ascii(url_name);
  const auto hash = url_name_hash(lowered);
  auto found = std::ranges::lower_bound(by_url_name_, hash, {}, &Named::hash);
  while (found != by_url_name_.end() && found->hash == hash && found->offer->url_name != lowered) {
    ++found;
  }
  if (found == by_url_name_.end() || found->hash != hash) return nullptr;
  const auto id = found->offer->id.value;
  return *std::ranges::lower_bound(by_id_, id, {}, [](const auto& o) { return o->id.value; });
}

bool CatalogueSnapshot::has_category(std::string_view url_name) const {
  return std::ranges::binary_search(categories_, url_name, {},
                                    [](const std::string& c) -> std::string_view { return c; });
}

}  // namespace artshop
