#pragma once

#include <filesystem>

namespace artshop::testing {

// Offers in the shared test catalogue: two rounds of the 11 styles, over every category and
// aspect ratio, small enough to seed in seconds.
inline constexpr int kFixtureOffers = 22;

// A data folder holding a seeded catalogue, made once per build of the artshop binary (by
// `artshop seed`, under a file lock so parallel test processes wait for one another), and
// copied into `destination` for one test to use and change.
void copy_seeded_catalogue(const std::filesystem::path& destination);

}  // namespace artshop::testing
