#pragma once

#include <expected>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/catalogue/import_picture.hpp"

namespace artshop::app {

// Reads CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of fields.
std::vector<std::vector<std::string>> parse_csv(std::string_view text);

// Reads DIR/manifest.json or DIR/manifest.csv (the first that exists). CSV has a header row
// naming the columns file, title, description, category, style, tags, price in any order
// (tags comma-separated inside the field); JSON is an array of objects with those keys (tags
// an array or a comma-separated string). Answers why when there is no readable manifest.
std::expected<std::vector<ImportRow>, std::string> read_manifest(const std::filesystem::path& dir);

}  // namespace artshop::app
