#include "manifest.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "artshop/core/text.hpp"
#include "artshop/json/members.hpp"

namespace artshop::app {
namespace {

namespace json = boost::json;

// A manifest's text, trimmed, as an owned string.
std::string trim(std::string_view text) {
  return std::string(text::trim(text));
}

std::vector<std::string> split_tags(std::string_view text) {
  std::vector<std::string> tags;
  for (const auto& row : parse_csv(text)) {
    for (const auto& tag : row) {
      if (auto clean = trim(tag); !clean.empty()) tags.push_back(text::to_lower_ascii(clean));
    }
  }
  return tags;
}

std::expected<std::string, std::string> read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::unexpected("cannot read " + file.string());
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::expected<std::vector<ImportRow>, std::string> from_csv(std::string_view text) {
  const auto table = parse_csv(text);
  if (table.empty()) return std::unexpected("manifest.csv is empty");
  std::vector<std::string> columns;
  for (const auto& name : table.front()) columns.push_back(text::to_lower_ascii(trim(name)));
  const auto column = [&](std::string_view name) -> std::optional<std::size_t> {
    const auto found = std::ranges::find(columns, name);
    if (found == columns.end()) return std::nullopt;
    return static_cast<std::size_t>(found - columns.begin());
  };
  for (const auto* required : {"file", "title", "category"}) {
    if (!column(required)) {
      return std::unexpected(std::string("manifest.csv has no '") + required + "' column");
    }
  }
  std::vector<ImportRow> rows;
  for (std::size_t r = 1; r < table.size(); ++r) {
    const auto& fields = table[r];
    const auto field = [&](std::string_view name) -> std::optional<std::string> {
      const auto index = column(name);
      if (!index || *index >= fields.size()) return std::nullopt;
      return trim(fields[*index]);
    };
    rows.push_back({.line = static_cast<int>(r + 1),
                    .file = field("file").value_or(""),
                    .title = field("title").value_or(""),
                    .description = field("description").value_or(""),
                    .category = text::to_lower_ascii(field("category").value_or("")),
                    .style = field("style").value_or(""),
                    .tags = split_tags(field("tags").value_or("")),
                    .price = field("price")});
  }
  return rows;
}

std::expected<std::vector<ImportRow>, std::string> from_json(std::string_view text) {
  boost::system::error_code error;
  const auto document = json::parse(text, error);
  if (error) return std::unexpected("manifest.json is not valid JSON: " + error.message());
  const json::array* items = document.if_array();
  if (const auto* manifest = document.if_object(); items == nullptr && manifest != nullptr) {
    items = array_member(*manifest, "pictures");
  }
  if (items == nullptr) return std::unexpected("manifest.json must be an array of pictures");
  // A number (a price written without quotes) is kept as its JSON text.
  const auto text_of = [](const json::object& item,
                          std::string_view key) -> std::optional<std::string> {
    if (const auto* written = string_member(item, key)) return trim(*written);
    const auto* value = item.if_contains(key);
    if (value != nullptr && value->is_number()) return json::serialize(*value);
    return std::nullopt;
  };
  std::vector<ImportRow> rows;
  int index = 0;
  for (const auto& entry : *items) {
    ++index;
    ImportRow row{.line = index};
    if (const auto* item = entry.if_object()) {
      row.file = text_of(*item, "file").value_or("");
      row.title = text_of(*item, "title").value_or("");
      row.description = text_of(*item, "description").value_or("");
      row.category = text::to_lower_ascii(text_of(*item, "category").value_or(""));
      row.style = text_of(*item, "style").value_or("");
      row.price = text_of(*item, "price");
      if (const auto* tags = array_member(*item, "tags")) {
        for (const auto& tag : *tags) {
          if (const auto* name = tag.if_string()) {
            row.tags.push_back(text::to_lower_ascii(trim(*name)));
          }
        }
      } else {
        row.tags = split_tags(text_of(*item, "tags").value_or(""));
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

std::vector<std::vector<std::string>> parse_csv(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false;
  bool row_has_content = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
      continue;
    }
    if (c == '"') {
      quoted = true;
      row_has_content = true;
    } else if (c == ',') {
      row.push_back(std::move(field));
      field.clear();
      row_has_content = true;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      if (row_has_content || !field.empty()) {
        row.push_back(std::move(field));
        rows.push_back(std::move(row));
      }
      row.clear();
      field.clear();
      row_has_content = false;
    } else {
      field += c;
    }
  }
  if (row_has_content || !field.empty()) {
    row.push_back(std::move(field));
    rows.push_back(std::move(row));
  }
  return rows;
}

std::expected<std::vector<ImportRow>, std::string> read_manifest(const std::filesystem::path& dir) {
  for (const auto* name : {"manifest.json", "manifest.csv"}) {
    const auto file = dir / name;
    if (!std::filesystem::exists(file)) continue;
    const auto text = read_text(file);
    if (!text) return std::unexpected(text.error());
    return std::string_view(name).ends_with(".json") ? from_json(*text) : from_csv(*text);
  }
  return std::unexpected("no manifest.json or manifest.csv in " + dir.string());
}

}  // namespace artshop::app
