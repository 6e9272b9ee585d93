#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "support/temp_dir.hpp"

namespace artshop::testing {

// A PostgreSQL 15 server of the test's own: a cluster made with initdb in a temporary folder
// (UTF-8, C locale, trust authentication), listening on a free loopback port and on a socket
// in that folder, never on the machine's own cluster. It is built for speed, not durability
// (fsync off). When the tests run as root, initdb and the server, which refuse root, run as
// `nobody`. The server is stopped (fast shutdown, by the pid it wrote in postmaster.pid) and
// the folder removed when this object goes away; should the test process die first, the
// server is told to quit with it.
class PostgresCluster {
 public:
  // Returns once the server accepts connections; throws std::runtime_error, with the end of
  // its log, when initdb or the server fails, or the server is not ready within 30 s.
  PostgresCluster();
  ~PostgresCluster();
  PostgresCluster(const PostgresCluster&) = delete;
  PostgresCluster& operator=(const PostgresCluster&) = delete;

  // The cluster of this test executable, started by the first call. Call it from the main
  // thread (a fixture's SetUp): the server is told to quit when the thread that started it
  // ends.
  static PostgresCluster& shared();

  // postgresql://postgres@127.0.0.1:PORT/DATABASE (the superuser, no password).
  std::string url(std::string_view database = "postgres") const;
  unsigned short port() const noexcept { return port_; }

  // Stops the server and starts it again on the same port with the same data: every open
  // session is closed, as a restart or failover of a real server would close them.
  void restart();
  // The two halves of restart(), for an outage that lasts: stop() shuts the server down (fast
  // shutdown: open sessions are closed, new ones refused) and returns once it has exited;
  // start() starts it again on the same port and returns once it accepts connections.
  void stop();
  void start();

  // The server stopped for the life of this object (or until end()), so that a test that
  // fails meanwhile leaves it running for the next one.
  class Outage {
   public:
    explicit Outage(PostgresCluster& cluster) : cluster_(cluster) { cluster_.stop(); }
    ~Outage() {
      if (!ended_) cluster_.start();
    }
    Outage(const Outage&) = delete;
    Outage& operator=(const Outage&) = delete;

    void end() {
      ended_ = true;
      cluster_.start();
    }

   private:
    PostgresCluster& cluster_;
    bool ended_ = false;
  };

  // Every process of the server stopped (SIGSTOP) for the life of this object: its port still
  // accepts connections and its sessions still take statements (the kernel does both), but
  // nothing answers, as from a server that hung or a black hole of a listener. Continued
  // (SIGCONT) when it goes, so that a test that fails meanwhile leaves the server running.
  class Freeze {
   public:
    explicit Freeze(PostgresCluster& cluster);
    ~Freeze();
    Freeze(const Freeze&) = delete;
    Freeze& operator=(const Freeze&) = delete;

   private:
    std::vector<pid_t> stopped_;
  };

 private:
  std::string log_tail() const;

  TempDir folder_;
  std::filesystem::path data_;
  std::filesystem::path log_;
  unsigned short port_ = 0;
  pid_t server_ = -1;
};

}  // namespace artshop::testing
