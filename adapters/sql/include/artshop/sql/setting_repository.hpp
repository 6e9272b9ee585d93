#pragma once

#include "artshop/sql/connection.hpp"
#include "artshop/sql/repositories.hpp"

namespace artshop::sql {

class SqlSettingRepository final : public SettingRepository {
 public:
  explicit SqlSettingRepository(Connection& connection) noexcept : db_(connection) {}

  std::optional<std::string> get(std::string_view key) override {
    auto row = db_.prepare("SELECT value FROM settings WHERE key = ?1");
    row.bind(1, key);
    if (!row.step()) return std::nullopt;
    return row.column_text(0);
  }

  void set(std::string_view key, std::string_view value) override {
    db_.prepare(
           "INSERT INTO settings (key, value) VALUES (?1, ?2) "
           "ON CONFLICT (key) DO UPDATE SET value = excluded.value")
        .bind(1, key)
        .bind(2, value)
        .run();
  }

 private:
  Connection& db_;
};

}  // namespace artshop::sql
