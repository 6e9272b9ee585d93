#include "listener.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "wire_writer.hpp"

namespace artshop::http {
namespace {

using namespace std::chrono_literals;
using artshop::testing::eventually;
using artshop::testing::RawConnection;

const tcp::endpoint kAnyLoopbackPort{net::ip::make_address("127.0.0.1"), 0};

// Event loops, each on a thread of its own, with a listener of one port group: what the server
// runs, less the sessions. Each accepted connection is kept open, with the thread that got it.
class Loops {
 public:
  Loops(std::size_t count, std::size_t cap, const tcp::endpoint& endpoint = kAnyLoopbackPort)
      : connections(cap) {
    std::vector<net::io_context*> contexts;
    for (std::size_t i = 0; i < count; ++i) {
      contexts.push_back(&*contexts_.emplace_back(std::make_unique<net::io_context>(1)));
    }
    auto acceptors = bind_port_group(contexts, endpoint);
    for (auto& acceptor : acceptors) {
      listeners_.push_back(
          std::make_unique<Listener>(std::move(acceptor), connections, [this](tcp::socket socket) {
            const std::scoped_lock lock(mutex_);
            accepted_.emplace_back(std::this_thread::get_id(), std::move(socket));
          }));
    }
    for (std::size_t i = 0; i < count; ++i) {
      listeners_[i]->start();
      threads_.emplace_back([&ioc = *contexts_[i]] { ioc.run(); });
      thread_ids_.push_back(threads_.back().get_id());
    }
  }
  ~Loops() {
    for (auto& ioc : contexts_) ioc->stop();
    threads_.clear();
    const std::scoped_lock lock(mutex_);
    accepted_.clear();
  }

  unsigned short port() const { return listeners_.front()->port(); }
  std::size_t accepted() {
    const std::scoped_lock lock(mutex_);
    return accepted_.size();
  }
  // How many connections the loop `index` accepted, each on that loop's own thread.
  std::size_t accepted_on(std::size_t index) {
    const std::scoped_lock lock(mutex_);
    std::size_t count = 0;
    for (const auto& [thread, socket] : accepted_) count += thread == thread_ids_[index] ? 1U : 0U;
    return count;
  }
  void close_all() {
    for (std::size_t i = 0; i < listeners_.size(); ++i) {
      std::promise<void> closed;
      net::post(*contexts_[i], [&] {
        listeners_[i]->close();
        closed.set_value();
      });
      closed.get_future().wait();
    }
  }

  ConnectionCount connections;

 private:
  std::vector<std::unique_ptr<net::io_context>> contexts_;
  std::vector<std::unique_ptr<Listener>> listeners_;
  std::vector<std::jthread> threads_;
  std::vector<std::thread::id> thread_ids_;
  std::mutex mutex_;
  std::vector<std::pair<std::thread::id, tcp::socket>> accepted_;
};

TEST(Listener, EveryLoopAcceptsConnectionsOfTheOnePortOnItsOwnThread) {
  Loops loops(2, 0);
  std::vector<std::unique_ptr<RawConnection>> clients;
  for (int i = 0; i < 24; ++i) {
    clients.push_back(std::make_unique<RawConnection>("127.0.0.1", loops.port()));
  }
  ASSERT_TRUE(eventually([&] { return loops.accepted() == 24; }, 10s)) << loops.accepted();
  EXPECT_EQ(loops.accepted_on(0) + loops.accepted_on(1), 24U)
      << "a connection was handed over off its loop's thread";
  // The kernel spreads connections over the group by their addresses: 24 all on one loop would
  // be a one in eight million chance.
  EXPECT_GT(loops.accepted_on(0), 0U);
  EXPECT_GT(loops.accepted_on(1), 0U);
  EXPECT_EQ(loops.connections.open(), 24U);
}

TEST(Listener, AConnectionPastTheCap_GetsTheCanned503AndIsClosed) {
  Loops loops(2, 1);
  RawConnection first("127.0.0.1", loops.port());
  ASSERT_TRUE(eventually([&] { return loops.accepted() == 1; }, 10s));
  RawConnection second("127.0.0.1", loops.port());
  EXPECT_EQ(second.receive(), kTooManyConnections);
  EXPECT_TRUE(second.closed_by_peer());
  EXPECT_EQ(loops.accepted(), 1U);
  EXPECT_EQ(loops.connections.open(), 1U) << "the refused connection was counted";
}

TEST(Listener, ClosedListeners_AcceptNoMore) {
  Loops loops(2, 0);
  const auto port = loops.port();
  RawConnection before("127.0.0.1", port);
  loops.close_all();
  EXPECT_THROW(RawConnection("127.0.0.1", port), std::system_error);
}

TEST(PortGroup, APortAnotherGroupHolds_IsReportedTaken) {
  Loops first(2, 0);
  const tcp::endpoint taken{net::ip::make_address("127.0.0.1"), first.port()};
  try {
    Loops second(2, 0, taken);
    ADD_FAILURE() << "a second group bound port " << taken.port() << " beside the first";
  } catch (const boost::system::system_error& error) {
    EXPECT_EQ(error.code(), net::error::address_in_use) << error.what();
  }
}

TEST(PortGroup, APortAPlainListenerHolds_IsReportedTaken) {
  net::io_context ioc;
  tcp::acceptor plain(ioc, kAnyLoopbackPort);  // no SO_REUSEPORT, as most servers bind
  const tcp::endpoint taken{net::ip::make_address("127.0.0.1"), plain.local_endpoint().port()};
  try {
    Loops second(2, 0, taken);
    ADD_FAILURE() << "a group bound port " << taken.port() << " beside another listener";
  } catch (const boost::system::system_error& error) {
    EXPECT_EQ(error.code(), net::error::address_in_use) << error.what();
  }
}

}  // namespace
}  // namespace artshop::http
