#include "artshop/sql/order_repositories.hpp"
#include "payment_rows.hpp"
#include "row_values.hpp"

namespace artshop::sql {

namespace {

// Revoked artworks (their line was refunded) are neither listed nor found: they stop downloading.
const std::string kArtworkSelect = "SELECT " + std::string(kArtworkColumns) + " FROM artworks ";

}  // namespace

Artwork artwork_from_row(const Statement& row) {
  return {.id = ArtworkId{row.column_int(0)},
          .owner = UserId{row.column_int(1)},
          .order = OrderId{row.column_int(2)},
          .offer = OfferId{row.column_int(3)},
          .attribute = AttributeId{row.column_int(4)},
          .title = row.column_text(5),
          .size_name = row.column_text(6),
          .long_edge = static_cast<int>(row.column_int(7)),
          .licence = decode(parse_licence, row, 8, "artworks", "licence"),
          .acquired_at = from_epoch(row.column_int(9))};
}

ArtworkId SqlArtworkRepository::add(const Artwork& artwork) {
  auto statement = db_.prepare(
      "INSERT INTO artworks (account_id, order_id, offer_id, attribute_id, title, size_name, "
      "long_edge, licence, acquired_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) "
      "RETURNING id");
  statement.bind(1, artwork.owner.value)
      .bind(2, artwork.order.value)
      .bind(3, artwork.offer.value)
      .bind(4, artwork.attribute.value)
      .bind(5, artwork.title)
      .bind(6, artwork.size_name)
      .bind(7, artwork.long_edge)
      .bind(8, name(artwork.licence))
      .bind(9, epoch(artwork.acquired_at))
      .step();
  return ArtworkId{statement.column_int(0)};
}

std::optional<Artwork> SqlArtworkRepository::find(ArtworkId id) {
  auto row = db_.prepare(kArtworkSelect + "WHERE id = ?1 AND revoked = 0");
  row.bind(1, id.value);
  return first_row(row, artwork_from_row);
}

std::vector<Artwork> SqlArtworkRepository::list_for_user(UserId owner) {
  auto rows = db_.prepare(
      kArtworkSelect + "WHERE account_id = ?1 AND revoked = 0 ORDER BY acquired_at DESC, id DESC");
  rows.bind(1, owner.value);
  return all_rows(rows, artwork_from_row);
}

std::optional<std::string> SqlArtworkRepository::rendered(OfferId offer, int long_edge,
                                                          ImageFormat format) {
  auto row = db_.prepare(
      "SELECT blob_key FROM rendered_artworks WHERE offer_id = ?1 AND long_edge = ?2 AND "
      "format = ?3");
  row.bind(1, offer.value).bind(2, long_edge).bind(3, extension(format));
  if (!row.step()) return std::nullopt;
  return row.column_text(0);
}

void SqlArtworkRepository::remember_rendered(OfferId offer, int long_edge, ImageFormat format,
                                             std::string_view key) {
  db_.prepare(
         "INSERT INTO rendered_artworks (offer_id, long_edge, format, blob_key) "
         "VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING")
      .bind(1, offer.value)
      .bind(2, long_edge)
      .bind(3, extension(format))
      .bind(4, key)
      .run();
}

}  // namespace artshop::sql
