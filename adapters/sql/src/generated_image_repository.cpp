#include "artshop/sql/generated_image_repository.hpp"

#include <string>

#include "row_values.hpp"

namespace artshop::sql {
namespace {

constexpr std::string_view kSelect =
    "SELECT id, account_id, prompt, style, aspect_ratio, seed, width, height, blob_key, "
    "file_name, price_eur_cents, created_at FROM generated_images ";

GeneratedImage image_from_row(const Statement& row) {
  return {.id = GeneratedImageId{row.column_int(0)},
          .owner = UserId{row.column_int(1)},
          .prompt = row.column_text(2),
          .style = decode(parse_art_style, row, 3, "generated_images", "style"),
          .aspect_ratio = decode(parse_aspect_ratio, row, 4, "generated_images", "aspect_ratio"),
          .seed = static_cast<std::uint32_t>(row.column_int(5)),
          .width = static_cast<int>(row.column_int(6)),
          .height = static_cast<int>(row.column_int(7)),
          .blob_key = row.column_text(8),
          .file_name = row.column_text(9),
          .price_eur_cents = row.column_int(10),
          .created_at = from_epoch(row.column_int(11))};
}

}  // namespace

GeneratedImageId SqlGeneratedImageRepository::add(const GeneratedImage& image) {
  auto statement = db_.prepare(
      "INSERT INTO generated_images (account_id, prompt, style, aspect_ratio, seed, width, "
      "height, blob_key, file_name, price_eur_cents, created_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) RETURNING id");
  statement.bind(1, image.owner.value)
      .bind(2, image.prompt)
      .bind(3, name(image.style))
      .bind(4, name(image.aspect_ratio))
      .bind(5, std::int64_t{image.seed})
      .bind(6, image.width)
      .bind(7, image.height)
      .bind(8, image.blob_key)
      .bind(9, image.file_name)
      .bind(10, image.price_eur_cents)
      .bind(11, epoch(image.created_at))
      .step();
  return GeneratedImageId{statement.column_int(0)};
}

std::optional<GeneratedImage> SqlGeneratedImageRepository::find(GeneratedImageId id) {
  auto row = db_.prepare(std::string(kSelect) + "WHERE id = ?1");
  row.bind(1, id.value);
  return first_row(row, image_from_row);
}

GeneratedImagePage SqlGeneratedImageRepository::list_for_user(UserId owner, int offset, int limit) {
  GeneratedImagePage page;
  auto rows = db_.prepare(std::string(kSelect) +
                          "WHERE account_id = ?1 ORDER BY created_at DESC, id DESC "
                          "LIMIT ?2 OFFSET ?3");
  rows.bind(1, owner.value).bind(2, limit).bind(3, offset);
  page.items = all_rows(rows, image_from_row);
  auto total = db_.prepare("SELECT count(*) FROM generated_images WHERE account_id = ?1");
  total.bind(1, owner.value);
  total.step();
  page.total = static_cast<int>(total.column_int(0));
  return page;
}

int SqlGeneratedImageRepository::count_free_since(UserId owner, std::chrono::sys_seconds since) {
  auto row = db_.prepare(
      "SELECT count(*) FROM generated_images "
      "WHERE account_id = ?1 AND price_eur_cents = 0 AND created_at >= ?2");
  row.bind(1, owner.value).bind(2, epoch(since));
  row.step();
  return static_cast<int>(row.column_int(0));
}

}  // namespace artshop::sql
