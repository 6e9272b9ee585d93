#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace artshop {

// Named facts about the installation ("catalogue.seeded"), kept in the database.
class SettingRepository {
 public:
  virtual ~SettingRepository() = default;
  virtual std::optional<std::string> get(std::string_view key) = 0;
  virtual void set(std::string_view key, std::string_view value) = 0;
};

}  // namespace artshop
