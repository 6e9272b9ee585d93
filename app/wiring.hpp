#pragma once

#include <filesystem>

#include "config.hpp"

namespace artshop::app {

// The commands of the executable; each answers the process exit code.

// Migrates, serves, and seeds an empty catalogue in the background; /readyz answers 503
// until the catalogue is ready. Returns after SIGTERM or SIGINT.
int serve(const Config& config);
// Applies pending database migrations.
int migrate(const Config& config);
// Migrates and seeds an empty catalogue now, in the foreground.
int seed(const Config& config);
// Adds the pictures a folder's manifest lists; prints a line per row.
int import_pictures(const Config& config, const std::filesystem::path& dir);

}  // namespace artshop::app
