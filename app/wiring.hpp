#pragma once

#include <filesystem>
#include <string>

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
// `artshop staff add EMAIL --role ROLE`: makes the account staff (created without a password
// when the e-mail has none) and prints its one-time set-up link. Builds the storage alone, like
// migrate. Exit code 2 for a bad e-mail or role, or an address that is staff already.
int add_staff(const Config& config, const std::string& email, const std::string& role);
// Adds the pictures a folder's manifest lists; prints a line per row.
int import_pictures(const Config& config, const std::filesystem::path& dir);

}  // namespace artshop::app
