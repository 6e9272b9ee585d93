#include "artshop/sql/offer_repository.hpp"

#include <algorithm>
#include <map>
#include <variant>

#include "offer_rows.hpp"
#include "row_values.hpp"
#include "text_interner.hpp"

namespace artshop::sql {
namespace {

constexpr std::string_view kOfferColumns =
    "o.id, o.url_name, o.title, o.description, o.category, o.style, o.orientation, "
    "o.aspect_ratio, o.width, o.height, o.created_at, o.status, o.thumbnail_webp, "
    "o.thumbnail_jpeg, o.preview_webp, o.preview_jpeg, o.source_prompt, o.source_seed, "
    "o.original_key";

Offer offer_from_row(const Statement& row) {
  Offer offer;
  offer.id = OfferId{row.column_int(0)};
  offer.url_name = row.column_text(1);
  offer.title = row.column_text(2);
  offer.description = row.column_text(3);
  offer.category = row.column_text(4);
  offer.style = decode(parse_art_style, row, 5, "offers", "style");
  offer.orientation = decode(parse_orientation, row, 6, "offers", "orientation");
  offer.aspect_ratio = decode(parse_aspect_ratio, row, 7, "offers", "aspect_ratio");
  offer.width = static_cast<int>(row.column_int(8));
  offer.height = static_cast<int>(row.column_int(9));
  offer.created_at = from_epoch(row.column_int(10));
  offer.status = decode(parse_offer_status, row, 11, "offers", "status");
  offer.images = {.thumbnail_webp = row.column_text(12),
                  .thumbnail_jpeg = row.column_text(13),
                  .preview_webp = row.column_text(14),
                  .preview_jpeg = row.column_text(15)};
  offer.source = {.prompt = row.column_text(16),
                  .seed = static_cast<std::uint64_t>(row.column_int(17)),
                  .original_key = row.column_text(18)};
  return offer;
}

OfferAttribute attribute_from_row(const Statement& row) {
  return {.id = AttributeId{row.column_int(1)},
          .name = row.column_text(2),
          .long_edge = static_cast<int>(row.column_int(3)),
          .licence = decode(parse_licence, row, 4, "offer_attributes", "licence"),
          .price_eur_cents = row.column_int(5)};
}

constexpr std::string_view kAttributeColumns =
    "offer_id, id, name, long_edge, licence, price_eur_cents";

// "?,?,?" for an IN list of `count` parameters.
std::string placeholders(std::size_t count) {
  std::string list;
  for (std::size_t i = 0; i < count; ++i) list += i == 0 ? "?" : ",?";
  return list;
}

std::string_view order_by(OfferSort sort) {
  switch (sort) {
    case OfferSort::LowToHigh:
      return " ORDER BY o.min_price_eur_cents ASC, o.id ASC";
    case OfferSort::HighToLow:
      return " ORDER BY o.min_price_eur_cents DESC, o.id DESC";
    case OfferSort::NewToOld:
      break;
  }
  return " ORDER BY o.created_at DESC, o.id DESC";
}

}  // namespace

std::vector<Offer> SqlOfferRepository::read_offers(Statement& rows) {
  std::vector<Offer> offers;
  while (rows.step()) offers.push_back(offer_from_row(rows));
  if (offers.empty()) return offers;

  std::map<std::int64_t, Offer*> by_id;
  for (auto& offer : offers) by_id[offer.id.value] = &offer;
  const auto in_list = placeholders(offers.size());
  auto attributes = db_.prepare_cached("SELECT " + std::string(kAttributeColumns) +
                                       " FROM offer_attributes WHERE offer_id IN (" + in_list +
                                       ") ORDER BY price_eur_cents, id");
  auto tags = db_.prepare_cached("SELECT offer_id, tag FROM offer_tags WHERE offer_id IN (" +
                                 in_list + ") ORDER BY offer_id, position");
  int index = 1;
  for (const auto& offer : offers) {
    attributes.bind(index, offer.id.value);
    tags.bind(index, offer.id.value);
    ++index;
  }
  while (attributes.step()) {
    by_id.at(attributes.column_int(0))->attributes.push_back(attribute_from_row(attributes));
  }
  while (tags.step()) by_id.at(tags.column_int(0))->tags.push_back(tags.column_text(1));
  return offers;
}

OfferPage SqlOfferRepository::search(const OfferSearch& search) {
  // Each `?` in the text gets the next value, in the order the conditions are written.
  std::string where = " WHERE o.status = 'Active'";
  std::vector<std::variant<std::string, std::int64_t>> values;
  const auto condition = [&](std::string_view sql, auto value) {
    where += sql;
    values.emplace_back(std::move(value));
  };
  if (search.orientation) {
    condition(" AND o.orientation = ?", std::string(name(*search.orientation)));
  }
  if (search.style) condition(" AND o.style = ?", std::string(name(*search.style)));
  if (search.category) condition(" AND o.category = ?", *search.category);
  if (search.min_price_eur_cents) {
    condition(" AND o.min_price_eur_cents >= ?", *search.min_price_eur_cents);
  }
  if (search.max_price_eur_cents) {
    condition(" AND o.min_price_eur_cents <= ?", *search.max_price_eur_cents);
  }
  if (search.search) {
    // Case-insensitive in every database: SQLite's LIKE ignores the case of ASCII letters,
    // PostgreSQL's does not.
    const auto pattern = contains_pattern(*search.search);
    condition(" AND (lower(o.title) LIKE lower(?) ESCAPE '\\'", pattern);
    condition(
        " OR EXISTS (SELECT 1 FROM offer_tags t WHERE t.offer_id = o.id"
        " AND lower(t.tag) LIKE lower(?) ESCAPE '\\'))",
        pattern);
  }
  const auto bind_all = [&values](Statement& statement) {
    int index = 1;
    for (const auto& value : values) {
      std::visit([&](const auto& v) { statement.bind(index++, v); }, value);
    }
  };

  OfferPage page;
  auto count = db_.prepare_cached("SELECT count(*) FROM offers o" + where);
  bind_all(count);
  count.step();
  page.total = static_cast<int>(count.column_int(0));
  if (page.total == 0 || search.offset >= page.total) return page;

  // Paging is bound, not written into the text, so the cached statements stay a bounded set.
  auto rows = db_.prepare_cached("SELECT " + std::string(kOfferColumns) + " FROM offers o" + where +
                                 std::string(order_by(search.sort)) + " LIMIT ? OFFSET ?");
  bind_all(rows);
  const auto paging = static_cast<int>(values.size());
  rows.bind(paging + 1, search.limit).bind(paging + 2, search.offset);
  page.items = read_offers(rows);
  return page;
}

std::vector<Offer> SqlOfferRepository::visible_offers() {
  std::vector<Offer> offers;
  TextInterner shared;
  auto rows = db_.prepare("SELECT " + std::string(kOfferColumns) +
                          " FROM offers o WHERE o.status != 'Hidden' ORDER BY o.id");
  while (rows.step()) hold_compactly(offers.emplace_back(offer_from_row(rows)), shared);
  const auto find = [&offers](std::int64_t id) -> Offer* {
    const auto found =
        std::ranges::lower_bound(offers, id, {}, [](const Offer& offer) { return offer.id.value; });
    return found != offers.end() && found->id.value == id ? &*found : nullptr;
  };
  // In id order, so each offer's attributes only need their prices ordered (as read_offers
  // orders them: by price, then id).
  auto attributes = db_.prepare("SELECT " + std::string(kAttributeColumns) +
                                " FROM offer_attributes ORDER BY id");
  while (attributes.step()) {
    if (auto* offer = find(attributes.column_int(0))) {
      offer->attributes.push_back(attribute_from_row(attributes));
    }
  }
  auto tags = db_.prepare("SELECT offer_id, tag FROM offer_tags ORDER BY offer_id, position");
  while (tags.step()) {
    if (auto* offer = find(tags.column_int(0))) offer->tags.push_back(tags.column_text(1));
  }
  for (auto& offer : offers) {
    std::ranges::stable_sort(offer.attributes, {}, &OfferAttribute::price_eur_cents);
    // Grown one by one, the lists hold room for more: a million offers keep what they have.
    offer.attributes.shrink_to_fit();
    offer.tags.shrink_to_fit();
  }
  return offers;
}

std::vector<Offer> SqlOfferRepository::latest(int count) {
  auto rows = db_.prepare_cached("SELECT " + std::string(kOfferColumns) +
                                 " FROM offers o WHERE o.status = 'Active'" +
                                 std::string(order_by(OfferSort::NewToOld)) + " LIMIT ?1");
  rows.bind(1, count);
  return read_offers(rows);
}

std::optional<Offer> SqlOfferRepository::find_by_url_name(std::string_view url_name) {
  // urlNames are stored as slugs, in lower case: comparing with the lower-cased name keeps
  // the lookup case-insensitive and on the unique index (COLLATE NOCASE would scan it).
  std::string lowered(url_name);
  for (auto& c : lowered) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  auto rows = db_.prepare_cached("SELECT " + std::string(kOfferColumns) +
                                 " FROM offers o WHERE o.url_name = ?1");
  rows.bind(1, lowered);
  auto offers = read_offers(rows);
  if (offers.empty()) return std::nullopt;
  return std::move(offers.front());
}

std::optional<Offer> SqlOfferRepository::find_by_id(OfferId id) {
  auto rows =
      db_.prepare_cached("SELECT " + std::string(kOfferColumns) + " FROM offers o WHERE o.id = ?1");
  rows.bind(1, id.value);
  auto offers = read_offers(rows);
  if (offers.empty()) return std::nullopt;
  return std::move(offers.front());
}

bool SqlOfferRepository::mark_sold_out(OfferId id) {
  db_.prepare("UPDATE offers SET status = 'SoldOut' WHERE id = ?1 AND status = 'Active'")
      .bind(1, id.value)
      .run();
  return db_.changes() == 1;
}

std::vector<Category> SqlOfferRepository::categories() {
  auto rows = db_.prepare_cached(
      "SELECT c.url_name, c.title, "
      "(SELECT count(*) FROM offers o WHERE o.category = c.url_name AND o.status = 'Active') "
      "FROM categories c ORDER BY c.title");
  std::vector<Category> result;
  while (rows.step()) {
    result.push_back({.url_name = rows.column_text(0),
                      .title = rows.column_text(1),
                      .offer_count = static_cast<int>(rows.column_int(2))});
  }
  return result;
}

bool SqlOfferRepository::has_categories() {
  return db_.prepare_cached("SELECT 1 FROM categories LIMIT 1").step();
}

std::vector<Category> SqlOfferRepository::category_titles() {
  auto rows = db_.prepare_cached("SELECT url_name, title FROM categories ORDER BY title");
  std::vector<Category> result;
  while (rows.step())
    result.push_back({.url_name = rows.column_text(0), .title = rows.column_text(1)});
  return result;
}

bool SqlOfferRepository::category_exists(std::string_view url_name) {
  auto row = db_.prepare_cached("SELECT 1 FROM categories WHERE url_name = ?1");
  row.bind(1, url_name);
  return row.step();
}

void SqlOfferRepository::upsert_category(const Category& category) {
  db_.prepare(
         "INSERT INTO categories (url_name, title) VALUES (?1, ?2) "
         "ON CONFLICT (url_name) DO UPDATE SET title = excluded.title")
      .bind(1, category.url_name)
      .bind(2, category.title)
      .run();
}

std::optional<OfferId> SqlOfferRepository::insert(const Offer& offer) {
  // Kept prepared, as are the attributes' and tags' inserts: seeding a million offers runs
  // each of them a million times or more, and need not parse and plan them each time.
  auto statement = db_.prepare_cached(
      "INSERT INTO offers (url_name, title, description, category, style, orientation, "
      "aspect_ratio, width, height, created_at, status, min_price_eur_cents, thumbnail_webp, "
      "thumbnail_jpeg, preview_webp, preview_jpeg, source_prompt, source_seed, original_key) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
      "?19) ON CONFLICT (url_name) DO NOTHING RETURNING id");
  statement.bind(1, offer.url_name)
      .bind(2, offer.title)
      .bind(3, offer.description)
      .bind(4, offer.category)
      .bind(5, name(offer.style))
      .bind(6, name(offer.orientation))
      .bind(7, name(offer.aspect_ratio))
      .bind(8, offer.width)
      .bind(9, offer.height)
      .bind(10, epoch(offer.created_at))
      .bind(11, name(offer.status))
      .bind(12, offer.lowest_price_eur_cents())
      .bind(13, offer.images.thumbnail_webp.view())
      .bind(14, offer.images.thumbnail_jpeg.view())
      .bind(15, offer.images.preview_webp.view())
      .bind(16, offer.images.preview_jpeg.view())
      .bind(17, offer.source.prompt.view())
      .bind(18, static_cast<std::int64_t>(offer.source.seed))
      .bind(19, offer.source.original_key.view());
  if (!statement.step()) return std::nullopt;
  const OfferId id{statement.column_int(0)};
  insert_attributes(db_, id, offer.attributes);
  insert_tags(db_, id, offer.tags);
  return id;
}

void insert_attributes(Connection& db, OfferId offer,
                       const std::vector<OfferAttribute>& attributes) {
  auto attribute = db.prepare_cached(
      "INSERT INTO offer_attributes (offer_id, name, long_edge, licence, price_eur_cents) "
      "VALUES (?1, ?2, ?3, ?4, ?5)");
  for (const auto& a : attributes) {
    attribute.bind(1, offer.value).bind(2, a.name).bind(3, a.long_edge).bind(4, name(a.licence));
    attribute.bind(5, a.price_eur_cents).run();
    attribute.reset();
  }
}

void insert_tags(Connection& db, OfferId offer, const std::vector<std::string>& tags) {
  auto tag = db.prepare_cached(
      "INSERT INTO offer_tags (offer_id, tag, position) VALUES (?1, ?2, ?3) "
      "ON CONFLICT DO NOTHING");
  int position = 0;
  for (const auto& text : tags) {
    tag.bind(1, offer.value).bind(2, text).bind(3, position++).run();
    tag.reset();
  }
}

int SqlOfferRepository::count() {
  auto row = db_.prepare("SELECT count(*) FROM offers");
  row.step();
  return static_cast<int>(row.column_int(0));
}

}  // namespace artshop::sql
