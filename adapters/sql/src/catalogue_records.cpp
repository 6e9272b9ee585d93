#include "artshop/sql/catalogue_records.hpp"

#include <fmt/format.h>

#include <charconv>
#include <variant>

#include "offer_rows.hpp"
#include "row_values.hpp"

namespace artshop::sql {
namespace {

constexpr std::string_view kRowColumns =
    "SELECT o.id, o.url_name, o.title, o.category, o.style, o.status, o.created_at, "
    "o.min_price_eur_cents, o.thumbnail_webp, o.thumbnail_jpeg FROM offers o";

StaffOfferRow row_of(const Statement& row) {
  return {.id = OfferId{row.column_int(0)},
          .url_name = row.column_text(1),
          .title = row.column_text(2),
          .category = row.column_text(3),
          .style = decode(parse_art_style, row, 4, "offers", "style"),
          .status = decode(parse_offer_status, row, 5, "offers", "status"),
          .created_at = from_epoch(row.column_int(6)),
          .lowest_price_eur_cents = row.column_int(7),
          .thumbnail_webp = row.column_text(8),
          .thumbnail_jpeg = row.column_text(9)};
}

std::string_view order_by(StaffOfferSort sort) {
  switch (sort) {
    case StaffOfferSort::Title:
      return " ORDER BY lower(o.title), o.id";
    case StaffOfferSort::DearestFirst:
      return " ORDER BY o.min_price_eur_cents DESC, o.id DESC";
    case StaffOfferSort::NewestFirst:
      break;
  }
  return " ORDER BY o.created_at DESC, o.id DESC";
}

// The id a query names, when it is a whole number; -1 (no offer's) otherwise.
std::int64_t id_in(std::string_view text) {
  std::int64_t id = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  return error == std::errc() && end == text.data() + text.size() ? id : -1;
}

}  // namespace

StaffOfferPage SqlCatalogueRecords::search(const StaffOfferQuery& query) {
  // Each `?` in the text gets the next value, in the order the conditions are written.
  std::string where = " WHERE 1 = 1";
  std::vector<std::variant<std::string, std::int64_t>> values;
  if (query.text) {
    // The text comes lower-cased; urlNames are stored in lower case.
    where +=
        " AND (lower(o.title) LIKE ? ESCAPE '\\' OR o.url_name LIKE ? ESCAPE '\\' OR o.id = ?)";
    values.emplace_back(contains_pattern(*query.text));
    values.emplace_back(contains_pattern(*query.text));
    values.emplace_back(id_in(*query.text));
  }
  if (query.status) {
    where += " AND o.status = ?";
    values.emplace_back(std::string(name(*query.status)));
  }
  if (query.category) {
    where += " AND o.category = ?";
    values.emplace_back(*query.category);
  }
  const auto bind_all = [&values](Statement& statement) {
    int index = 1;
    for (const auto& value : values) {
      std::visit([&](const auto& v) { statement.bind(index++, v); }, value);
    }
  };
  StaffOfferPage page;
  auto count = db_.prepare("SELECT count(*) FROM offers o" + where);
  bind_all(count);
  count.step();
  page.total = count.column_int(0);
  auto rows = db_.prepare(std::string(kRowColumns) + where + std::string(order_by(query.sort)) +
                          " LIMIT ? OFFSET ?");
  bind_all(rows);
  const auto paging = static_cast<int>(values.size());
  rows.bind(paging + 1, query.limit).bind(paging + 2, query.offset);
  page.items = all_rows(rows, row_of);
  return page;
}

void SqlCatalogueRecords::update(const Offer& offer) {
  db_.prepare(
         "UPDATE offers SET title = ?1, description = ?2, category = ?3, style = ?4, "
         "min_price_eur_cents = ?5 WHERE id = ?6")
      .bind(1, offer.title)
      .bind(2, offer.description)
      .bind(3, offer.category)
      .bind(4, name(offer.style))
      .bind(5, offer.lowest_price_eur_cents())
      .bind(6, offer.id.value)
      .run();
  auto price = db_.prepare(
      "UPDATE offer_attributes SET price_eur_cents = ?1 "
      "WHERE id = ?2 AND offer_id = ?3 AND price_eur_cents <> ?1");
  for (const auto& attribute : offer.attributes) {
    price.bind(1, attribute.price_eur_cents).bind(2, attribute.id.value).bind(3, offer.id.value);
    price.run();
    price.reset();
  }
  db_.prepare("DELETE FROM offer_tags WHERE offer_id = ?1").bind(1, offer.id.value).run();
  insert_tags(db_, offer.id, offer.tags);
}

void SqlCatalogueRecords::replace_attributes(OfferId offer,
                                             const std::vector<OfferAttribute>& attributes) {
  // The new rows first, then the old ones go: SQLite gives a rowid above the largest present, so
  // an id once the offer's is never given to another size (a cart may still hold it).
  auto newest =
      db_.prepare("SELECT coalesce(max(id), 0) FROM offer_attributes WHERE offer_id = ?1");
  newest.bind(1, offer.value);
  newest.step();
  const auto old_up_to = newest.column_int(0);
  insert_attributes(db_, offer, attributes);
  db_.prepare("DELETE FROM offer_attributes WHERE offer_id = ?1 AND id <= ?2")
      .bind(1, offer.value)
      .bind(2, old_up_to)
      .run();
}

bool SqlCatalogueRecords::ordered(OfferId offer) {
  auto row = db_.prepare("SELECT 1 FROM order_lines WHERE offer_id = ?1 LIMIT 1");
  row.bind(1, offer.value);
  return row.step();
}

bool SqlCatalogueRecords::set_status(OfferId offer, OfferStatus from, OfferStatus to) {
  db_.prepare("UPDATE offers SET status = ?1 WHERE id = ?2 AND status = ?3")
      .bind(1, name(to))
      .bind(2, offer.value)
      .bind(3, name(from))
      .run();
  return db_.changes() == 1;
}

}  // namespace artshop::sql
