#pragma once

#include <expected>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace artshop::app {

// Raw configuration: "key = value" pairs from a file, overridden by ARTSHOP_* environment
// variables. Keys are lower-case with dots and underscores: `port`, `rate.usd`,
// `limit.login_per_email_ip`. The variable for a key is ARTSHOP_ + the key upper-cased with
// dots turned into underscores (ARTSHOP_PORT, ARTSHOP_RATE_USD).
class Settings {
 public:
  using Map = std::map<std::string, std::string, std::less<>>;

  // Reads a file of `key = value` lines; '#' starts a comment; blank lines are skipped.
  static std::expected<Settings, std::string> from_file(const std::filesystem::path& file);

  // Overrides every known key, and every key with a known prefix, from the environment.
  void apply_environment(std::span<const std::string_view> known_keys,
                         std::span<const std::string_view> known_prefixes, char** environment);

  void set(std::string key, std::string value) { values_[std::move(key)] = std::move(value); }
  std::optional<std::string> get(std::string_view key) const;
  const Map& values() const noexcept { return values_; }

  // Typed reads; an error names the key and what it should be.
  std::expected<std::string, std::string> text(std::string_view key, std::string fallback) const;
  std::expected<long long, std::string> integer(std::string_view key, long long fallback,
                                                long long min, long long max) const;
  std::expected<bool, std::string> boolean(std::string_view key, bool fallback) const;
  std::expected<std::vector<std::string>, std::string> list(std::string_view key) const;

 private:
  Map values_;
};

// ARTSHOP_ + upper-cased key with '.' turned into '_'.
std::string environment_name(std::string_view key);

}  // namespace artshop::app
