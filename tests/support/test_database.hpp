#pragma once

#include <filesystem>
#include <string>

namespace artshop::testing {

// Which database the test servers run on: SQLite in their data folder (the default) or, when
// the environment says ARTSHOP_TEST_DATABASE=postgres, PostgreSQL: a database of their own on
// the test process's throwaway cluster (PostgresCluster::shared()), made afresh for each
// server as the SQLite file is (tests/CMakeLists.txt runs the API suites both ways).
bool on_postgres();

// A new, empty database on the process's cluster. Answers its URL.
std::string fresh_postgres_database();

// Prepares `data_dir` for a server on PostgreSQL with a seeded test catalogue of `offers`: a new
// database copied from one seeded once per process and size (by `artshop seed`, like the
// SQLite fixture), and that seeding's pictures copied into the folder. The folder remembers
// the database's URL, which ServerProcess then gives the server.
void copy_seeded_postgres_catalogue(const std::filesystem::path& data_dir, int offers);

// The URL a data folder was given by copy_seeded_postgres_catalogue, or "".
std::string postgres_url_of(const std::filesystem::path& data_dir);

}  // namespace artshop::testing
