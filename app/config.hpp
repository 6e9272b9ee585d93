#pragma once

#include <expected>
#include <filesystem>
#include <string>
#include <vector>

#include "artshop/core/exchange_rates.hpp"
#include "settings.hpp"

namespace artshop::app {

// Everything the executable is told, checked once at start. See artshop.example.conf.
struct Config {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::filesystem::path data_dir = "data";
  std::filesystem::path static_dir = "frontend/dist";
  std::string log_level = "info";
  unsigned io_threads = 0;  // 0: one per core
  unsigned worker_threads = 4;
  bool behind_tls = false;
  std::vector<std::string> cors_origins;
  ExchangeRates rates = ExchangeRates::defaults();
  Settings settings;  // the raw entries, for features that read their own keys

  std::filesystem::path database_file() const { return data_dir / "artshop.db"; }
};

// Reads the file (if given) and the environment. An error names the bad entry.
std::expected<Config, std::string> load_config(const std::filesystem::path& file, char** environment);

}  // namespace artshop::app
