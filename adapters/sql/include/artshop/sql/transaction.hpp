#pragma once

#include <string_view>

#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// A transaction that rolls back unless committed. `begin` is the statement that opens it
// ("BEGIN", "BEGIN IMMEDIATE", "BEGIN ISOLATION LEVEL ...").
class Transaction {
 public:
  Transaction(Connection& connection, std::string_view begin);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit();

 protected:
  // For a driver that opened the transaction itself (SQLite waits out a busy database first).
  struct Begun {};
  Transaction(Connection& connection, Begun) noexcept : connection_(connection) {}

 private:
  Connection& connection_;
  bool open_ = true;
};

}  // namespace artshop::sql
