#include "artshop/sqlite/transaction.hpp"

#include <sqlite3.h>

#include <chrono>
#include <thread>

namespace artshop::sqlite {
namespace {

bool is_busy(const DatabaseError& error) noexcept {
  const int primary = error.code() & 0xff;
  return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

}  // namespace

sql::Transaction::Begun Transaction::begin(Connection& connection, Kind kind) {
  constexpr int kAttempts = 5;
  for (int attempt = 1;; ++attempt) {
    try {
      connection.execute(kind == Kind::Immediate ? "BEGIN IMMEDIATE" : "BEGIN");
      return {};
    } catch (const DatabaseError& error) {
      // The busy timeout has already waited; a few more tries ride out a long writer.
      if (!is_busy(error) || attempt == kAttempts) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(50 * attempt));
    }
  }
}

}  // namespace artshop::sqlite
