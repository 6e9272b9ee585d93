#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "artshop/sql/connection.hpp"

struct pg_conn;
struct pg_result;

namespace artshop::postgres {

// A failure PostgreSQL reported, with its SQLSTATE ("23505", "40001"; "08006" when the
// connection itself was lost). code() carries the same five characters as a number (see
// sqlstate_code), so the state survives a copy made as the plain sql::DatabaseError.
class DatabaseError : public sql::DatabaseError {
 public:
  DatabaseError(std::string_view sqlstate, const std::string& message);
  std::string sqlstate() const;
};

// The SQLSTATE's five characters (digits and capital letters) read as a base-36 number.
int sqlstate_code(std::string_view sqlstate) noexcept;
std::string sqlstate_text(int code);

// A serialization failure (40001) or a deadlock (40P01): the transaction did nothing and may
// run again. Any other error is not worth a second try.
bool is_retryable(const sql::DatabaseError& error) noexcept;

// The server could not be reached or went away: a connection exception (class 08: refused,
// lost, closed mid-statement; not 08P01, a protocol violation) or the server shutting down,
// crashed or not yet accepting sessions (57P01, 57P02, 57P03). Nothing about the request
// itself was wrong.
bool is_unreachable(const sql::DatabaseError& error) noexcept;

// The server stopped waiting on the shop's behalf (Timeouts): a statement ran past the statement
// timeout (57014, query_canceled: the driver cancels nothing itself), a lock stayed taken past
// the lock timeout (55P03), or a transaction sat idle past its timeout and the server ended the
// session (25P03). Nothing about the request was wrong; it may succeed in a moment.
bool timed_out(const sql::DatabaseError& error) noexcept;

// How long the server lets one transaction of the shop wait, and how long the driver waits for
// the server (docs/scale-out.md, "Timeouts"). Each is a parameter of the database URL under
// PostgreSQL's own name (`?lock_timeout=2s`), in milliseconds or with a unit (ms, s, min, h);
// 0 turns it off.
struct Timeouts {
  // The longest one statement of a transaction may run; the server cancels it then (57014).
  std::chrono::milliseconds statement{10'000};
  // The longest a statement waits for a row or table lock another session holds (55P03).
  std::chrono::milliseconds lock{5'000};
  // The longest a transaction may sit open with nothing sent: the server ends the session of a
  // shop server that died mid-transaction (25P03), and the locks it held go with it.
  std::chrono::milliseconds idle_in_transaction{30'000};

  // How long the driver waits for an answer the server owes before it gives the connection
  // up: the statement timeout and some room for the server's own cancellation to arrive. A
  // server that stopped answering (hung, or its host gone while its network still answers)
  // never sends one. Unbounded when the statement timeout is off.
  std::optional<std::chrono::milliseconds> answer_limit() const;
};

// A database URL read: the driver's own parameters taken out of its query, the rest for libpq,
// which would refuse them.
//   statement_timeout, lock_timeout, idle_in_transaction_session_timeout: the Timeouts;
//   prepared_statements=on (the default): prepare_cached() keeps named statements on the
//     server for the life of the session;
//   prepared_statements=off: every statement is the unnamed one, parsed at each run, for a
//     pooler in transaction mode (pgbouncer before 1.21) that lends the server's session to
//     other clients between transactions, so a statement named in one transaction is not there
//     in the next.
// Throws DatabaseError (22023) naming a parameter whose value is not a duration, or
// prepared_statements when it is neither on nor off; never the URL, which may hold a password.
struct DriverUrl {
  std::string libpq_url;
  bool prepared_statements = true;
  Timeouts timeouts;
};
DriverUrl read_driver_url(std::string_view url);

// The statement that opens a transaction of `isolation` ("SERIALIZABLE", "REPEATABLE READ READ
// ONLY") with the settings every transaction of the shop runs with, set for that transaction
// alone (SET LOCAL) and sent with the BEGIN in one round trip. Settings are never made for the
// session: behind a pooler in transaction mode the next transaction may run on another
// server session, and this one's may serve another client.
std::string begin_transaction(std::string_view isolation);

// One connection to a PostgreSQL server, used by one thread at a time.
//
// Statements are sent with their parameters apart from their text (never spliced into it),
// both as text: the server converts a parameter to the type its place in the statement
// demands. prepare() uses the unnamed statement, parsed again at each run; prepare_cached()
// keeps a named statement on the server for the life of the session (unless the URL says
// prepared_statements=off), named apart from any other connection's.
class Connection final : public sql::Connection {
 public:
  // `url` is a libpq connection URI, postgresql://user@host:port/database?option=value, with
  // the driver's own parameters besides (read_driver_url). Throws DatabaseError when a driver
  // parameter is invalid, or the server cannot be reached or refuses the login.
  explicit Connection(const std::string& url);
  ~Connection() override;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  Connection(Connection&&) = delete;
  Connection& operator=(Connection&&) = delete;

  void execute(std::string_view sql) override;
  sql::Statement prepare(std::string_view sql) override;
  sql::Statement prepare_cached(std::string_view sql) override;
  std::int64_t changes() const override { return changes_; }

  // Whether the session is still usable between transactions: connected, and not inside a
  // transaction someone left open. Reads what the server sent meanwhile without waiting, so a
  // server that restarted (and closed the session) is noticed before the next statement.
  bool healthy();
  // Connects again with the same parameters; the server forgot the named statements, so
  // they are prepared again when next used. Throws DatabaseError when the server is still
  // unreachable.
  void reconnect();

  // Ends the open transaction with COMMIT, and throws if the server did not commit it: a
  // transaction in which a statement failed can only roll back, and PostgreSQL answers its
  // COMMIT with ROLLBACK rather than an error. The error thrown then is the failed
  // statement's, so a serialization failure that some caller caught is still seen as one.
  void commit() override;

  // `begin` ("BEGIN ISOLATION LEVEL ...") followed by the URL's server-side timeouts for that
  // one transaction (SET LOCAL), sent together in one round trip. Per transaction rather than
  // per session, so that they hold on whichever server session a pooler (pgbouncer in
  // transaction mode) hands out, and leak to no other client.
  std::string begin_with_timeouts(std::string_view begin) const;
  // How long this connection waits for an answer (Timeouts::answer_limit); nullopt: as long as
  // it takes (a migration rewriting a large table).
  std::optional<std::chrono::milliseconds> answer_limit() const noexcept { return answer_limit_; }
  void set_answer_limit(std::optional<std::chrono::milliseconds> limit) noexcept {
    answer_limit_ = limit;
  }

 private:
  friend class PgCursor;

  // Throws the failure `result` reports (or the connection's, when there is no result), and
  // frees `result`.
  [[noreturn]] void fail(pg_result* result, std::string_view statement);
  // The answer to what a PQsend* call just sent (`sent`: whether it could), as PQexec would
  // gather it: the last result, or the first error. When the server sends nothing for
  // answer_limit(), closes the connection (the pool connects again before its next lease) and
  // throws DatabaseError 08006.
  pg_result* answer(int sent, std::string_view statement);
  void remember_changes(pg_result* result) noexcept;

  pg_conn* connection_ = nullptr;
  std::int64_t changes_ = 0;
  // The first failure of the open transaction, kept for commit().
  std::string last_failure_state_;
  std::string last_failure_message_;
  bool prepared_statements_ = true;
  std::string statement_prefix_;  // of the names of this connection's statements
  std::unordered_map<std::string, std::string> cached_;  // statement text -> server name
  std::string set_timeouts_;  // the SET LOCAL statements of begin_with_timeouts()
  std::optional<std::chrono::milliseconds> answer_limit_;
};

}  // namespace artshop::postgres
