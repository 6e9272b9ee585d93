#include "settings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <fstream>

#include "artshop/core/text.hpp"

namespace artshop::app {
std::string environment_name(std::string_view key) {
  std::string name = "ARTSHOP_";
  for (const char c : key) {
    name += c == '.' ? '_' : (c >= 'a' && c <= 'z' ? char(c - 32) : c);
  }
  return name;
}

std::expected<Settings, std::string> Settings::from_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) return std::unexpected(fmt::format("cannot read configuration file {}", file.string()));
  Settings settings;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto content = text::trim(std::string_view(line).substr(0, line.find('#')));
    if (content.empty()) continue;
    const auto equals = content.find('=');
    if (equals == std::string_view::npos || text::trim(content.substr(0, equals)).empty()) {
      return std::unexpected(
          fmt::format("{}:{}: expected 'key = value', got '{}'", file.string(), number, content));
    }
    settings.set(text::to_lower_ascii(text::trim(content.substr(0, equals))),
                 std::string(text::trim(content.substr(equals + 1))));
  }
  return settings;
}

void Settings::apply_environment(std::span<const std::string_view> known_keys,
                                 std::span<const std::string_view> known_prefixes,
                                 char** environment) {
  for (const auto key : known_keys) {
    if (const char* value = std::getenv(environment_name(key).c_str())) {
      set(std::string(key), value);
    }
  }
  // Prefixed keys (rate.usd, limit.x) are open-ended, so scan the environment for them.
  for (char** entry = environment; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view variable(*entry);
    const auto equals = variable.find('=');
    if (equals == std::string_view::npos) continue;
    const auto name = variable.substr(0, equals);
    for (const auto prefix : known_prefixes) {
      const auto prefix_name = environment_name(prefix);  // "rate." -> "ARTSHOP_RATE_"
      if (name.size() > prefix_name.size() && name.starts_with(prefix_name)) {
        set(std::string(prefix) + text::to_lower_ascii(name.substr(prefix_name.size())),
            std::string(variable.substr(equals + 1)));
      }
    }
  }
}

std::optional<std::string> Settings::get(std::string_view key) const {
  const auto found = values_.find(key);
  if (found == values_.end()) return std::nullopt;
  return found->second;
}

std::expected<std::string, std::string> Settings::text(std::string_view key,
                                                       std::string fallback) const {
  return get(key).value_or(std::move(fallback));
}

std::expected<long long, std::string> Settings::integer(std::string_view key, long long fallback,
                                                        long long min, long long max) const {
  const auto value = get(key);
  if (!value) return fallback;
  long long number = 0;
  const auto* end = value->data() + value->size();
  const auto [rest, error] = std::from_chars(value->data(), end, number);
  if (error != std::errc{} || rest != end || number < min || number > max) {
    return std::unexpected(fmt::format("{} ({}): expected a whole number from {} to {}, got '{}'",
                                       key, environment_name(key), min, max, *value));
  }
  return number;
}

std::expected<bool, std::string> Settings::boolean(std::string_view key, bool fallback) const {
  const auto value = get(key);
  if (!value) return fallback;
  const auto word = text::to_lower_ascii(*value);
  if (word == "true" || word == "yes" || word == "on" || word == "1") return true;
  if (word == "false" || word == "no" || word == "off" || word == "0") return false;
  return std::unexpected(
      fmt::format("{} ({}): expected true or false, got '{}'", key, environment_name(key), *value));
}

std::expected<std::vector<std::string>, std::string> Settings::list(std::string_view key) const {
  std::vector<std::string> items;
  const auto value = get(key);
  if (!value) return items;
  std::string_view rest(*value);
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const auto item = text::trim(rest.substr(0, comma));
    if (!item.empty()) items.emplace_back(item);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }
  return items;
}

}  // namespace artshop::app
