#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <string_view>

#include "support/temp_dir.hpp"

namespace artshop::testing {

// A real pgbouncer (Debian's, 1.18, which keeps no prepared statements for its clients) on a
// free loopback port, in front of every database of the PostgreSQL server on 127.0.0.1:
// `server_port`, in pool_mode = transaction as docs/scale-out.md "Behind pgbouncer" sets it up:
// a server session is lent to a client for one transaction, then to whichever client asks next.
// At most `pool_size` server sessions per database, however many clients connect. Clients log
// in as `postgres` without a password (auth_type trust, the user listed in an auth_file the
// helper writes), as the test cluster lets them. It runs in the foreground as a child of the
// test (as `nobody` when the tests run as root, which it refuses), its configuration and log in
// a folder of its own, and is stopped when this object goes away.
class PgBouncer {
 public:
  // Returns once pgbouncer accepts connections; throws std::runtime_error, with its log, when
  // it does not start.
  PgBouncer(unsigned short server_port, int pool_size);
  ~PgBouncer();
  PgBouncer(const PgBouncer&) = delete;
  PgBouncer& operator=(const PgBouncer&) = delete;

  // postgresql://postgres@127.0.0.1:PORT/DATABASE, through pgbouncer.
  std::string url(std::string_view database) const;
  unsigned short port() const noexcept { return port_; }
  // Everything pgbouncer logged: each client's login, each server session it opened, each
  // client it refused and why.
  std::string log_text() const;
  // How many times the log says `text`.
  std::size_t log_count(std::string_view text) const;

 private:
  void start(unsigned short server_port, int pool_size);
  void stop();

  TempDir folder_;
  std::filesystem::path log_;
  unsigned short port_ = 0;
  pid_t process_ = -1;
};

}  // namespace artshop::testing
