#include "artshop/core/catalogue/catalogue_snapshot.hpp"

#include <algorithm>
#include <limits>

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr auto kNoCategory = std::numeric_limits<std::uint16_t>::max();

bool newer(std::int64_t created_a, std::int64_t id_a, std::int64_t created_b,
           std::int64_t id_b) noexcept {
  return created_a != created_b ? created_a > created_b : id_a > id_b;
}

bool cheaper(std::int64_t price_a, std::int64_t id_a, std::int64_t price_b,
             std::int64_t id_b) noexcept {
  return price_a != price_b ? price_a < price_b : id_a < id_b;
}

// What SQL's `LIKE '%text%'` finds: `lowered_needle` anywhere in `text`, ignoring the case of
// ASCII letters only (SQLite's LIKE folds no other letter).
bool contains_ignoring_ascii_case(std::string_view text, std::string_view lowered_needle) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  return !std::ranges::search(text, lowered_needle, {}, lower).empty();
}

bool mentions(const Offer& offer, std::string_view lowered_needle) {
  return contains_ignoring_ascii_case(offer.title, lowered_needle) ||
         std::ranges::any_of(offer.tags, [&](const std::string& tag) {
           return contains_ignoring_ascii_case(tag, lowered_needle);
         });
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

}  // namespace

CatalogueSnapshot::CatalogueSnapshot(std::vector<std::shared_ptr<const Offer>> offers,
                                     std::vector<std::string> categories, std::int64_t version)
    : version_(version), categories_(std::move(categories)) {
  std::ranges::sort(categories_);
  categories_.erase(std::ranges::unique(categories_).begin(), categories_.end());
  std::erase_if(offers, [](const auto& offer) { return offer->status == OfferStatus::Hidden; });
  std::ranges::sort(offers, {}, [](const auto& offer) { return offer->id.value; });
  by_id_ = std::move(offers);
  by_url_name_.reserve(by_id_.size());
  for (const auto& offer : by_id_) {
    by_url_name_.push_back(offer.get());
    add_to_orders(*offer);
  }
  std::ranges::sort(by_url_name_, {}, &Offer::url_name);
  sort_orders();
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
  if (offer.status != OfferStatus::Active) return;
  const auto entry = entry_of(offer);
  const auto style = static_cast<std::size_t>(offer.style);
  newest_.push_back(entry);
  cheapest_.push_back(entry);
  if (style < kStyles) {
    newest_by_style_[style].push_back(entry);
    cheapest_by_style_[style].push_back(entry);
  }
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
  const auto by_newest = [](const Entry& a, const Entry& b) { return newer_entry(a, b); };
  const auto by_price = [](const Entry& a, const Entry& b) { return cheaper_entry(a, b); };
  std::ranges::sort(newest_, by_newest);
  std::ranges::sort(cheapest_, by_price);
  for (auto& order : newest_by_style_) std::ranges::sort(order, by_newest);
  for (auto& order : cheapest_by_style_) std::ranges::sort(order, by_price);
}

CatalogueSnapshot CatalogueSnapshot::patched(std::span<const OfferId> changed,
                                             std::vector<std::shared_ptr<const Offer>> fresh,
                                             std::int64_t version) const {
  std::erase_if(fresh, [](const auto& offer) { return offer->status == OfferStatus::Hidden; });
  std::vector<std::int64_t> replaced;
  for (const auto id : changed) replaced.push_back(id.value);
  for (const auto& offer : fresh) replaced.push_back(offer->id.value);
  std::ranges::sort(replaced);
  const auto unchanged = [&replaced](std::int64_t id) {
    return !std::ranges::binary_search(replaced, id);
  };

  CatalogueSnapshot next;
  next.version_ = version;
  next.categories_ = categories_;
  next.by_id_ = merged(
      by_id_, [&](const auto& offer) { return unchanged(offer->id.value); }, fresh,
      [](const auto& a, const auto& b) { return a->id.value < b->id.value; });
  std::vector<const Offer*> fresh_names;
  fresh_names.reserve(fresh.size());
  for (const auto& offer : fresh) fresh_names.push_back(offer.get());
  next.by_url_name_ = merged(
      by_url_name_, [&](const Offer* offer) { return unchanged(offer->id.value); },
      std::move(fresh_names),
      [](const Offer* a, const Offer* b) { return a->url_name < b->url_name; });

  std::vector<Entry> added;
  for (const auto& offer : fresh) {
    if (offer->status == OfferStatus::Active) added.push_back(next.entry_of(*offer));
  }
  const auto keep = [&](const Entry& entry) { return unchanged(entry.id); };
  const auto by_newest = [](const Entry& a, const Entry& b) { return newer_entry(a, b); };
  const auto by_price = [](const Entry& a, const Entry& b) { return cheaper_entry(a, b); };
  next.newest_ = merged(newest_, keep, added, by_newest);
  next.cheapest_ = merged(cheapest_, keep, added, by_price);
  for (std::size_t style = 0; style < kStyles; ++style) {
    std::vector<Entry> of_style;
    std::ranges::copy_if(added, std::back_inserter(of_style), [style](const Entry& entry) {
      return static_cast<std::size_t>(entry.style) == style;
    });
    next.newest_by_style_[style] = merged(newest_by_style_[style], keep, of_style, by_newest);
    next.cheapest_by_style_[style] =
        merged(cheapest_by_style_[style], keep, std::move(of_style), by_price);
  }
  return next;
}

const CatalogueSnapshot::Order& CatalogueSnapshot::order_for(
    OfferSort sort, const std::optional<ArtStyle>& style) const {
  const bool newest = sort == OfferSort::NewToOld;
  if (style && static_cast<std::size_t>(*style) < kStyles) {
    const auto index = static_cast<std::size_t>(*style);
    return newest ? newest_by_style_[index] : cheapest_by_style_[index];
  }
  return newest ? newest_ : cheapest_;
}

CatalogueMatches CatalogueSnapshot::search(const OfferSearch& search) const {
  CatalogueMatches found;
  std::optional<std::uint16_t> category;
  if (search.category) {
    const auto known = std::ranges::lower_bound(categories_, *search.category);
    if (known == categories_.end() || *known != *search.category) return found;
    category = static_cast<std::uint16_t>(known - categories_.begin());
  }
  std::span<const Entry> entries = order_for(search.sort, search.style);
  const auto min = search.min_price_eur_cents;
  const auto max = search.max_price_eur_cents;
  // An order by price holds a price range as one stretch: two binary searches bound it.
  const bool by_price = search.sort != OfferSort::NewToOld;
  if (by_price && min) {
    entries = entries.subspan(static_cast<std::size_t>(
        std::ranges::partition_point(entries, [&](const Entry& e) { return e.price < *min; }) -
        entries.begin()));
  }
  if (by_price && max) {
    entries = entries.first(static_cast<std::size_t>(
        std::ranges::partition_point(entries, [&](const Entry& e) { return e.price <= *max; }) -
        entries.begin()));
  }
  const bool price_checked = by_price || (!min && !max);
  const auto needle = search.search ? text::to_lower_ascii(*search.search) : std::string();
  const bool filtered = search.orientation || category || !price_checked || search.search;
  const auto matches = [&](const Entry& e) {
    if (search.orientation && e.orientation != *search.orientation) return false;
    if (category && e.category != *category) return false;
    if (!price_checked && ((min && e.price < *min) || (max && e.price > *max))) return false;
    return !search.search || mentions(*e.offer, needle);
  };

  const auto offset = static_cast<std::size_t>(std::max(0, search.offset));
  const auto limit = static_cast<std::size_t>(std::max(0, search.limit));
  std::vector<const Entry*> page;
  const auto walk = [&](auto first, auto last) {
    if (!filtered) {
      const auto size = static_cast<std::size_t>(last - first);
      found.total = static_cast<int>(size);
      for (auto at = offset; at < size && at < offset + limit; ++at) {
        page.push_back(&first[static_cast<std::ptrdiff_t>(at)]);
      }
      return;
    }
    std::size_t total = 0;
    for (; first != last; ++first) {
      if (!matches(*first)) continue;
      if (total >= offset && total < offset + limit) page.push_back(&*first);
      ++total;
    }
    found.total = static_cast<int>(total);
  };
  if (search.sort == OfferSort::HighToLow) {
    walk(entries.rbegin(), entries.rend());
  } else {
    walk(entries.begin(), entries.end());
  }
  found.items.reserve(page.size());
  for (const auto* entry : page) {
    const auto offer =
        std::ranges::lower_bound(by_id_, entry->id, {}, [](const auto& o) { return o->id.value; });
    found.items.push_back(*offer);
  }
  return found;
}

std::vector<std::shared_ptr<const Offer>> CatalogueSnapshot::latest(int count) const {
  return search({.sort = OfferSort::NewToOld, .offset = 0, .limit = count}).items;
}

std::shared_ptr<const Offer> CatalogueSnapshot::find(std::string_view url_name) const {
  // urlNames are stored as lower-case slugs.
  const auto lowered = text::to_lower_ascii(url_name);
  const auto found = std::ranges::lower_bound(
      by_url_name_, lowered, {},
      [](const Offer* offer) -> std::string_view { return offer->url_name; });
  if (found == by_url_name_.end() || (*found)->url_name != lowered) return nullptr;
  const auto id = (*found)->id.value;
  return *std::ranges::lower_bound(by_id_, id, {}, [](const auto& o) { return o->id.value; });
}

bool CatalogueSnapshot::has_category(std::string_view url_name) const {
  return std::ranges::binary_search(categories_, url_name, {},
                                    [](const std::string& c) -> std::string_view { return c; });
}

}  // namespace artshop
