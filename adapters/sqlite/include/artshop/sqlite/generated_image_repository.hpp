#pragma once

#include "artshop/core/generation/generated_image.hpp"
#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// Generated images (migration 5) over one connection, inside the transaction a
// SqliteUnitOfWork opened on it.
class SqliteGeneratedImageRepository final : public GeneratedImageRepository {
 public:
  explicit SqliteGeneratedImageRepository(Connection& connection) noexcept : db_(connection) {}
  GeneratedImageId add(const GeneratedImage& image) override;
  std::optional<GeneratedImage> find(GeneratedImageId id) override;
  GeneratedImagePage list_for_user(UserId owner, int offset, int limit) override;
  int count_free_since(UserId owner, std::chrono::sys_seconds since) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sqlite
