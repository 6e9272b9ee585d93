#include "artshop/postgres/connection_pool.hpp"

#include <algorithm>

namespace artshop::postgres {

ConnectionPool::ConnectionPool(std::string url, std::size_t size) : url_(std::move(url)) {
  const std::size_t count = std::max<std::size_t>(size, 1);
  idle_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) idle_.push_back(std::make_unique<Connection>(url_));
}

ConnectionPool::Lease::~Lease() {
  if (connection_) pool_->release(std::move(connection_));
}

ConnectionPool::Lease ConnectionPool::acquire() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [this] { return !idle_.empty(); });
  Lease lease(*this, std::move(idle_.back()));
  idle_.pop_back();
  lock.unlock();
  // Outside the lock: connecting again waits on the network.
  if (!lease->healthy()) lease->reconnect();
  return lease;
}

void ConnectionPool::release(std::unique_ptr<Connection> connection) {
  {
    const std::lock_guard lock(mutex_);
    idle_.push_back(std::move(connection));
  }
  available_.notify_one();
}

bool ConnectionPool::ping() {
  try {
    auto connection = acquire();
    auto statement = connection->prepare("SELECT count(*) FROM schema_migrations");
    return statement.step();
  } catch (const sql::DatabaseError&) {
    return false;
  }
}

}  // namespace artshop::postgres
