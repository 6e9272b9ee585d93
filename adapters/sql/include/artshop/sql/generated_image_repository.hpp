#pragma once

#include "artshop/core/generation/generated_image.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// Generated images over one connection, inside the transaction a unit of work opened on it.
class SqlGeneratedImageRepository final : public GeneratedImageRepository {
 public:
  explicit SqlGeneratedImageRepository(Connection& connection) noexcept : db_(connection) {}
  GeneratedImageId add(const GeneratedImage& image) override;
  std::optional<GeneratedImage> find(GeneratedImageId id) override;
  GeneratedImagePage list_for_user(UserId owner, int offset, int limit) override;
  int count_free_since(UserId owner, std::chrono::sys_seconds since) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
