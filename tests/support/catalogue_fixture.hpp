#pragma once

#include <filesystem>
#include <string>

namespace artshop::testing {

// Offers in the shared test catalogue: two rounds of the 11 styles, over every category and
// aspect ratio, small enough to seed in seconds.
inline constexpr int kFixtureOffers = 22;

// A data folder holding a seeded catalogue, made once per build of the artshop binary (by
// `artshop seed`, under a file lock so parallel test processes wait for one another), and
// copied into `destination` for one test to use and change. On PostgreSQL (test_database.hpp),
// copy_seeded_postgres_catalogue in its place.
// `offers` other than kFixtureOffers: a catalogue of that size, made and kept alike (the
// shop's default 132, which the judged search queries are over, takes a minute to seed).
void copy_seeded_catalogue(const std::filesystem::path& destination, int offers = kFixtureOffers);

// Runs `artshop seed` for `offers` offers into the data folder `dir`, on the database at
// `database_url` (empty: SQLite in `dir`); its log goes to dir/seed.log. Throws when it fails.
void seed_into(const std::filesystem::path& dir, const std::string& database_url,
               int offers = kFixtureOffers);

}  // namespace artshop::testing
