#include "config.hpp"

#include <thread>

#include "artshop/rates/table_rates.hpp"

namespace artshop::app {
namespace {

const std::vector<std::string_view> kKeys{
    "host",      "port",        "data_dir",   "static_dir",  "log_level",
    "io_threads", "worker_threads", "behind_tls", "cors_origins", "jwt_signing_key",
};
const std::vector<std::string_view> kPrefixes{"rate.", "limit.", "smtp.", "mail."};

}  // namespace

std::expected<Config, std::string> load_config(const std::filesystem::path& file,
                                               char** environment) {
  Settings settings;
  if (!file.empty()) {
    auto loaded = Settings::from_file(file);
    if (!loaded) return std::unexpected(loaded.error());
    settings = std::move(*loaded);
  }
  settings.apply_environment(kKeys, kPrefixes, environment);

  Config config;
  const auto cores = std::max(1U, std::thread::hardware_concurrency());
  // Reads each entry into the config, stopping at the first bad one.
  std::string error;
  const auto take = [&error](auto&& result, auto& target) {
    if (!error.empty()) return;
    if (result) {
      target = static_cast<std::remove_reference_t<decltype(target)>>(*result);
    } else {
      error = result.error();
    }
  };
  take(settings.text("host", config.host), config.host);
  take(settings.integer("port", config.port, 0, 65535), config.port);
  std::string data_dir;
  std::string static_dir;
  take(settings.text("data_dir", config.data_dir.string()), data_dir);
  take(settings.text("static_dir", config.static_dir.string()), static_dir);
  take(settings.text("log_level", config.log_level), config.log_level);
  take(settings.integer("io_threads", cores, 1, 256), config.io_threads);
  take(settings.integer("worker_threads", config.worker_threads, 1, 256), config.worker_threads);
  take(settings.boolean("behind_tls", config.behind_tls), config.behind_tls);
  take(settings.list("cors_origins"), config.cors_origins);
  if (!error.empty()) return std::unexpected(error);
  config.data_dir = data_dir;
  config.static_dir = static_dir;

  auto rates = rates::rates_from_settings(settings.values());
  if (!rates) return std::unexpected(rates.error());
  config.rates = *rates;
  config.settings = std::move(settings);
  return config;
}

}  // namespace artshop::app
