#pragma once

#include "artshop/core/ports/leases.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

class SqlLeaseRepository final : public LeaseRepository {
 public:
  explicit SqlLeaseRepository(Connection& connection) noexcept : db_(connection) {}

  bool take(std::string_view chore, std::string_view holder, std::chrono::sys_seconds now,
            std::chrono::sys_seconds until) override;
  void release(std::string_view chore, std::string_view holder) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
