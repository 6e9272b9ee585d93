#include "artshop/sqlite/connection_pool.hpp"

namespace artshop::sqlite {

ConnectionPool::ConnectionPool(std::filesystem::path file, std::size_t size)
    : file_(std::move(file)) {
  idle_.reserve(size);
  for (std::size_t i = 0; i < std::max<std::size_t>(size, 1); ++i) {
    idle_.push_back(std::make_unique<Connection>(file_));
  }
}

ConnectionPool::Lease::~Lease() {
  if (connection_) pool_->release(std::move(connection_));
}

ConnectionPool::Lease ConnectionPool::acquire() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [this] { return !idle_.empty(); });
  auto connection = std::move(idle_.back());
  idle_.pop_back();
  return Lease(*this, std::move(connection));
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
  } catch (const DatabaseError&) {
    return false;
  }
}

}  // namespace artshop::sqlite
