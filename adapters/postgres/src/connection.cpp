#include "artshop/postgres/connection.hpp"

#include <fmt/format.h>
#include <libpq-fe.h>
#include <poll.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <climits>
#include <memory>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "artshop/postgres/placeholders.hpp"

namespace artshop::postgres {
namespace {

constexpr Oid kBooleanType = 16;  // pg_type's oid of boolean
constexpr std::string_view kConnectionLost = "08006";
constexpr std::string_view kInternalError = "XX000";
constexpr std::string_view kInFailedTransaction = "25P02";
constexpr std::string_view kInvalidParameterValue = "22023";
constexpr std::string_view kNoSuchPreparedStatement = "26000";

// The shop's own setting in the URL's query, taken out before libpq reads the URL (libpq
// refuses a parameter it does not know).
constexpr std::string_view kPreparedStatements = "prepared_statements";

constexpr int kSqlstateLength = 5;
constexpr int kSqlstateBase = 36;

std::string trimmed(const char* text) {
  std::string out = text != nullptr ? text : "";
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

void log_notice(void* /*unused*/, const char* message) {
  spdlog::debug("postgres: {}", trimmed(message));
}

struct ResultDeleter {
  void operator()(PGresult* result) const noexcept { PQclear(result); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

// The statement as an error message quotes it: a migration's whole text would bury the message.
std::string context_of(std::string_view statement) {
  constexpr std::size_t kLongestContext = 240;
  return statement.size() <= kLongestContext
             ? std::string(statement)
             : std::string(statement.substr(0, kLongestContext)) + "...";
}

bool succeeded(const PGresult* result) noexcept {
  const auto status = PQresultStatus(result);
  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

// What every transaction sets for itself, for its own length only (SET LOCAL): a session
// setting would not survive a pooler in transaction mode, which lends the server's session to
// another client between transactions, and would reach that client instead.
// The planner is told that random reads cost little more than sequential ones (as on any SSD):
// a SERIALIZABLE transaction that scans a whole table takes a predicate lock on all of it, so
// that any insert there by another writer (another customer's order) conflicts with it; an
// index scan locks only what it read (PostgreSQL's manual, "Serializable Isolation Level",
// advises encouraging index scans for this reason).
constexpr std::string_view kTransactionSettings = "SET LOCAL random_page_cost = 1.1";

// A name no other session's statement has: behind a pooler in transaction mode a server's
// session serves several clients, and a name counted from 1 by each of them would run another
// client's statement rather than fail.
std::string statement_prefix() {
  thread_local std::mt19937_64 random{std::random_device{}()};
  return fmt::format("artshop_{:016x}_", random());
}

// Room for the server's own cancellation of a statement to arrive before the driver gives up
// on an answer.
constexpr std::chrono::milliseconds kAnswerGrace{5'000};

// "250", "250ms", "10s", "2min", "1h" (PostgreSQL's units; a bare number is milliseconds).
std::optional<std::chrono::milliseconds> read_duration(std::string_view text) {
  long long amount = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), amount);
  if (error != std::errc{} || end == text.data() || amount < 0) return std::nullopt;
  const std::string_view unit(end, text.data() + text.size());
  long long scale = 0;
  if (unit.empty() || unit == "ms") scale = 1;
  if (unit == "s") scale = 1'000;
  if (unit == "min") scale = 60'000;
  if (unit == "h") scale = 3'600'000;
  if (scale == 0 || amount > INT_MAX / scale) return std::nullopt;  // the server's own ceiling
  return std::chrono::milliseconds(amount * scale);
}

// libpq's own limits on the network, defaults the URL may override (docs/scale-out.md,
// "Timeouts"). A server out of reach (a host that does not answer) fails a connection attempt
// within seconds rather than at TCP's own timeout, minutes later; a connection whose host
// vanished (power lost, a network cut) is found dead by keepalive probes when idle, and by
// the unacknowledged data when a statement was sent, rather than after TCP's quarter of an
// hour of retransmissions.
std::array<std::pair<const char*, const char*>, 6> network_timeouts() {
  return {{{"connect_timeout", "5"},
           {"keepalives", "1"},
           {"keepalives_idle", "30"},
           {"keepalives_interval", "10"},
           {"keepalives_count", "3"},
           {"tcp_user_timeout", "30000"}}};
}

// SET LOCAL of the server-side timeouts, in milliseconds.
std::string set_timeouts(const Timeouts& timeouts) {
  return "; SET LOCAL statement_timeout = " + std::to_string(timeouts.statement.count()) +
         "; SET LOCAL lock_timeout = " + std::to_string(timeouts.lock.count()) +
         "; SET LOCAL idle_in_transaction_session_timeout = " +
         std::to_string(timeouts.idle_in_transaction.count());
}

}  // namespace

std::optional<std::chrono::milliseconds> Timeouts::answer_limit() const {
  if (statement == std::chrono::milliseconds::zero()) return std::nullopt;
  return statement + kAnswerGrace;
}

DriverUrl read_driver_url(std::string_view url) {
  DriverUrl read{.libpq_url = std::string(url), .prepared_statements = true, .timeouts = {}};
  const auto query = url.find('?');
  if (query == std::string_view::npos) return read;
  const std::array<std::pair<std::string_view, std::chrono::milliseconds*>, 3> durations{{
      {"statement_timeout", &read.timeouts.statement},
      {"lock_timeout", &read.timeouts.lock},
      {"idle_in_transaction_session_timeout", &read.timeouts.idle_in_transaction},
  }};
  std::string kept;
  std::string_view rest = url.substr(query + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const auto parameter = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    const auto equals = parameter.find('=');
    const auto name = parameter.substr(0, equals);
    const auto value =
        equals == std::string_view::npos ? std::string_view() : parameter.substr(equals + 1);
    // Only the parameter is quoted in a refusal: the URL may hold a password.
    if (name == kPreparedStatements) {
      if (value != "on" && value != "off") {
        throw DatabaseError(kInvalidParameterValue,
                            "the database URL's " + std::string(kPreparedStatements) + " is \"" +
                                std::string(value) + "\"; it must be on or off");
      }
      read.prepared_statements = value == "on";
      continue;
    }
    const auto duration =
        std::ranges::find(durations, name, [](const auto& our) { return our.first; });
    if (duration == durations.end()) {
      if (!parameter.empty()) kept += (kept.empty() ? "" : "&") + std::string(parameter);
      continue;
    }
    const auto read_value = read_duration(value);
    if (!read_value) {
      throw DatabaseError(kInvalidParameterValue,
                          std::string(name) + " in the database URL must be a duration " +
                              "such as 500ms, 10s or 2min, not \"" + std::string(value) + "\"");
    }
    *duration->second = *read_value;
  }
  read.libpq_url = std::string(url.substr(0, query)) + (kept.empty() ? "" : "?" + kept);
  return read;
}

std::string begin_transaction(std::string_view isolation) {
  return "BEGIN ISOLATION LEVEL " + std::string(isolation) + "; " +
         std::string(kTransactionSettings);
}

int sqlstate_code(std::string_view sqlstate) noexcept {
  int code = 0;
  for (const char c : sqlstate.substr(0, kSqlstateLength)) {
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 0;
    code = code * kSqlstateBase + digit;
  }
  return code;
}

std::string sqlstate_text(int code) {
  std::string text(kSqlstateLength, '0');
  for (int i = kSqlstateLength - 1; i >= 0; --i) {
    const int digit = code % kSqlstateBase;
    text[static_cast<std::size_t>(i)] =
        static_cast<char>(digit < 10 ? '0' + digit : 'A' + digit - 10);
    code /= kSqlstateBase;
  }
  return text;
}

bool is_retryable(const sql::DatabaseError& error) noexcept {
  static const int serialization_failure = sqlstate_code("40001");
  static const int deadlock = sqlstate_code("40P01");
  return error.code() == serialization_failure || error.code() == deadlock;
}

bool is_unreachable(const sql::DatabaseError& error) noexcept {
  static const int admin_shutdown = sqlstate_code("57P01");
  static const int crash_shutdown = sqlstate_code("57P02");
  static const int cannot_connect_now = sqlstate_code("57P03");
  // Class 08 is every code from "08000" up to, not including, "09000"; but a protocol
  // violation (08P01) is a statement sent wrong, not a server away.
  static const int connection_class = sqlstate_code("08000");
  static const int next_class = sqlstate_code("09000");
  static const int protocol_violation = sqlstate_code("08P01");
  const int code = error.code();
  return (code >= connection_class && code < next_class && code != protocol_violation) ||
         code == admin_shutdown || code == crash_shutdown || code == cannot_connect_now;
}

bool timed_out(const sql::DatabaseError& error) noexcept {
  static const int query_canceled = sqlstate_code("57014");
  static const int lock_not_available = sqlstate_code("55P03");
  static const int idle_in_transaction_timeout = sqlstate_code("25P03");
  const int code = error.code();
  return code == query_canceled || code == lock_not_available ||
         code == idle_in_transaction_timeout;
}

DatabaseError::DatabaseError(std::string_view sqlstate, const std::string& message)
    : sql::DatabaseError(sqlstate_code(sqlstate), message) {}

std::string DatabaseError::sqlstate() const {
  return sqlstate_text(code());
}

// One statement with its parameters and, once run, all the rows it answered (libpq reads a
// result whole).
class PgCursor final : public sql::Cursor {
 public:
  // `name` is the server's name of a prepared statement, or empty for the unnamed one, which
  // is parsed from `numbered.sql` at each run.
  PgCursor(Connection& connection, NumberedStatement numbered, std::string name)
      : connection_(connection),
        statement_(std::move(numbered.sql)),
        name_(std::move(name)),
        values_(static_cast<std::size_t>(numbered.parameters)) {}

  void bind(int index, std::int64_t value) override { slot(index) = std::to_string(value); }
  void bind(int index, std::string_view value) override { slot(index) = std::string(value); }
  void bind_null(int index) override { slot(index).reset(); }

  bool step() override {
    if (!result_) execute();
    ++row_;
    return row_ < PQntuples(result_.get());
  }
  void run() override {
    if (!result_) execute();
  }
  void reset() override {
    result_.reset();
    row_ = -1;
  }

  bool is_null(int column) const override {
    check_cell(column);
    return PQgetisnull(result_.get(), row_, column) != 0;
  }

  // NULL reads as 0 and a boolean as 0 or 1, as they do from SQLite, so that SQL written once
  // reads the same from both.
  std::int64_t column_int(int column) const override {
    if (is_null(column)) return 0;
    const char* text = PQgetvalue(result_.get(), row_, column);
    const auto length = static_cast<std::size_t>(PQgetlength(result_.get(), row_, column));
    if (PQftype(result_.get(), column) == kBooleanType) return text[0] == 't' ? 1 : 0;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text, text + length, value);
    if (error != std::errc{} || end != text + length) {
      throw DatabaseError("22P02", "column " + std::string(PQfname(result_.get(), column)) +
                                       " of " + statement_ + " is not a 64-bit integer");
    }
    return value;
  }

  std::string column_text(int column) const override {
    if (is_null(column)) return {};
    return {PQgetvalue(result_.get(), row_, column),
            static_cast<std::size_t>(PQgetlength(result_.get(), row_, column))};
  }

 private:
  std::optional<std::string>& slot(int index) {
    if (index < 1 || static_cast<std::size_t>(index) > values_.size()) {
      throw DatabaseError("08P01", "parameter " + std::to_string(index) + " is not in " +
                                       statement_ + " (it has " + std::to_string(values_.size()) +
                                       ")");
    }
    return values_[static_cast<std::size_t>(index - 1)];
  }

  void check_cell(int column) const {
    if (!result_ || row_ < 0 || row_ >= PQntuples(result_.get())) {
      throw DatabaseError(kInternalError, "no current row of " + statement_);
    }
    if (column < 0 || column >= PQnfields(result_.get())) {
      throw DatabaseError(kInternalError,
                          "no column " + std::to_string(column) + " in " + statement_);
    }
  }

  void execute() {
    std::vector<const char*> values;
    values.reserve(values_.size());
    for (const auto& value : values_) values.push_back(value ? value->c_str() : nullptr);
    const int count = static_cast<int>(values.size());
    PGconn* handle = connection_.connection_;
    const int sent = name_.empty() ? PQsendQueryParams(handle, statement_.c_str(), count, nullptr,
                                                       values.data(), nullptr, nullptr, 0)
                                   : PQsendQueryPrepared(handle, name_.c_str(), count,
                                                         values.data(), nullptr, nullptr, 0);
    PGresult* result = connection_.answer(sent, statement_);
    if (!succeeded(result)) connection_.fail(result, statement_);
    connection_.remember_changes(result);
    result_.reset(result);
    row_ = -1;
  }

  Connection& connection_;
  std::string statement_;
  std::string name_;
  std::vector<std::optional<std::string>> values_;
  Result result_;
  int row_ = -1;
};

Connection::Connection(const std::string& url) : statement_prefix_(statement_prefix()) {
  const auto driver = read_driver_url(url);
  prepared_statements_ = driver.prepared_statements;
  set_timeouts_ = set_timeouts(driver.timeouts);
  answer_limit_ = driver.timeouts.answer_limit();
  // Settings before the URL are defaults it may override; the ones after it hold whatever it
  // says: the shop exchanges UTF-8 whatever the server's or the environment's default.
  // No `options`: pgbouncer refuses a session that sends it (see kTransactionSettings for what
  // it used to set).
  std::vector<const char*> keys;
  std::vector<const char*> values;
  for (const auto& [key, value] : network_timeouts()) {
    keys.push_back(key);
    values.push_back(value);
  }
  keys.insert(keys.end(), {"dbname", "client_encoding", "fallback_application_name", nullptr});
  values.insert(values.end(), {driver.libpq_url.c_str(), "UTF8", "artshop", nullptr});
  connection_ = PQconnectdbParams(keys.data(), values.data(), 1);
  if (connection_ == nullptr) throw DatabaseError(kConnectionLost, "out of memory for libpq");
  if (PQstatus(connection_) != CONNECTION_OK) {
    // Named by database and host only: the URL may hold a password.
    const std::string message = "cannot connect to database " + trimmed(PQdb(connection_)) +
                                " at " + trimmed(PQhost(connection_)) + ":" +
                                trimmed(PQport(connection_)) + ": " +
                                trimmed(PQerrorMessage(connection_));
    PQfinish(connection_);
    throw DatabaseError("08001", message);
  }
  PQsetNoticeProcessor(connection_, log_notice, nullptr);
}

Connection::~Connection() {
  PQfinish(connection_);
}

void Connection::fail(PGresult* result, std::string_view statement) {
  const Result owned(result);
  const std::string context = context_of(statement);
  const char* state = result != nullptr ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  std::string sqlstate = state != nullptr ? state : "";
  if (sqlstate.empty()) {
    sqlstate = PQstatus(connection_) == CONNECTION_BAD ? kConnectionLost : kInternalError;
  }
  const char* primary =
      result != nullptr ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  // The server's detail is left out: it quotes the row's values (an e-mail address, say),
  // and the message ends in logs.
  std::string message = primary != nullptr ? primary : trimmed(PQerrorMessage(connection_));
  // The statements after a failure fail only because it did (25P02): they report the first
  // one, so that a serialization failure some caller swallowed still reads as one.
  if (sqlstate == kInFailedTransaction && !last_failure_state_.empty()) {
    throw DatabaseError(last_failure_state_, "SQLSTATE " + sqlstate + ": " + message +
                                                 " (in: " + context + "), after SQLSTATE " +
                                                 last_failure_state_ + ": " +
                                                 last_failure_message_);
  }
  if (sqlstate == kNoSuchPreparedStatement) {
    message +=
        " (is a pooler in transaction mode, such as pgbouncer, between the shop and "
        "PostgreSQL? Then add " +
        std::string(kPreparedStatements) + "=off to the database URL)";
  }
  last_failure_state_ = sqlstate;
  last_failure_message_ = message;
  throw DatabaseError(sqlstate, "SQLSTATE " + sqlstate + ": " + message + " (in: " + context + ")");
}

void Connection::remember_changes(PGresult* result) noexcept {
  // Only writes count, as with SQLite: a SELECT in between leaves the count of the last write.
  const std::string_view command = PQcmdStatus(result);
  for (const std::string_view write : {"INSERT ", "UPDATE ", "DELETE ", "MERGE "}) {
    if (!command.starts_with(write)) continue;
    const std::string_view rows = PQcmdTuples(result);
    std::int64_t count = 0;
    std::from_chars(rows.data(), rows.data() + rows.size(), count);
    changes_ = count;
    return;
  }
}

PGresult* Connection::answer(int sent, std::string_view statement) {
  if (sent == 0) return nullptr;  // fail() reports why it could not be sent
  PGresult* kept = nullptr;
  while (true) {
    // Waits while the server is busy; the limit is on silence, so a long answer that keeps
    // arriving is read whole.
    while (PQisBusy(connection_) != 0) {
      pollfd readable{.fd = PQsocket(connection_), .events = POLLIN, .revents = 0};
      const int waited = ::poll(
          &readable, 1,
          answer_limit_ ? static_cast<int>(std::min<std::int64_t>(answer_limit_->count(), INT_MAX))
                        : -1);
      if (waited == 0) {
        PQclear(kept);
        // Closed at once: the server may still be running the statement, and the answer, should
        // it come, belongs to no one. The pool connects again before the next lease.
        ::shutdown(PQsocket(connection_), SHUT_RDWR);
        PQconsumeInput(connection_);
        throw DatabaseError(kConnectionLost,
                            "SQLSTATE 08006: the database server sent nothing for " +
                                std::to_string(answer_limit_->count()) +
                                " ms, the connection was given up (in: " + context_of(statement) +
                                ")");
      }
      if (waited < 0 && errno == EINTR) continue;
      if (PQconsumeInput(connection_) == 0) break;  // lost: PQgetResult reports it
    }
    PGresult* next = PQgetResult(connection_);
    if (next == nullptr) return kept;
    if (kept != nullptr && PQresultStatus(kept) == PGRES_FATAL_ERROR) {
      PQclear(next);  // the first error is the one that tells why
    } else {
      PQclear(kept);
      kept = next;
    }
  }
}

std::string Connection::begin_with_timeouts(std::string_view begin) const {
  return std::string(begin) + set_timeouts_;
}

void Connection::execute(std::string_view sql) {
  const std::string text(sql);
  PGresult* result = answer(PQsendQuery(connection_, text.c_str()), sql);
  if (!succeeded(result)) fail(result, sql);
  remember_changes(result);
  PQclear(result);
}

sql::Statement Connection::prepare(std::string_view sql) {
  // The unnamed statement is parsed and run in one round trip (PQexecParams) rather than
  // prepared here: a second prepare() would replace it before the first one runs.
  return sql::Statement(std::make_unique<PgCursor>(*this, number_parameters(sql), std::string()));
}

sql::Statement Connection::prepare_cached(std::string_view sql) {
  if (!prepared_statements_) return prepare(sql);
  auto numbered = number_parameters(sql);
  auto found = cached_.find(std::string(sql));
  if (found == cached_.end()) {
    std::string name = statement_prefix_ + std::to_string(cached_.size() + 1);
    PGresult* result =
        answer(PQsendPrepare(connection_, name.c_str(), numbered.sql.c_str(), 0, nullptr), sql);
    if (!succeeded(result)) fail(result, sql);
    PQclear(result);
    found = cached_.emplace(std::string(sql), std::move(name)).first;
  }
  return sql::Statement(std::make_unique<PgCursor>(*this, std::move(numbered), found->second));
}

bool Connection::healthy() {
  // A server that ended the session sent its reason, then closed the socket; libpq notices
  // the close only on a read after the one that returned the reason.
  for (int read = 0; read < 2 && PQstatus(connection_) == CONNECTION_OK; ++read) {
    pollfd readable{.fd = PQsocket(connection_), .events = POLLIN, .revents = 0};
    if (::poll(&readable, 1, 0) <= 0) break;  // nothing arrived: the session is as it was
    if (PQconsumeInput(connection_) == 0) return false;
  }
  return PQstatus(connection_) == CONNECTION_OK && PQtransactionStatus(connection_) == PQTRANS_IDLE;
}

void Connection::reconnect() {
  cached_.clear();
  PQreset(connection_);
  if (PQstatus(connection_) != CONNECTION_OK) {
    throw DatabaseError(kConnectionLost, "cannot connect again to database " +
                                             trimmed(PQdb(connection_)) + ": " +
                                             trimmed(PQerrorMessage(connection_)));
  }
}

void Connection::commit() {
  if (PQtransactionStatus(connection_) == PQTRANS_INERROR) {
    throw DatabaseError(
        last_failure_state_.empty() ? kInFailedTransaction : last_failure_state_,
        "the transaction cannot commit, a statement in it failed: " + last_failure_message_);
  }
  PGresult* result = answer(PQsendQuery(connection_, "COMMIT"), "COMMIT");
  if (!succeeded(result)) fail(result, "COMMIT");
  const std::string_view answer = PQcmdStatus(result);
  const bool committed = answer == "COMMIT";
  PQclear(result);
  if (!committed) {
    throw DatabaseError(kInFailedTransaction, "the server rolled back instead of committing");
  }
}

}  // namespace artshop::postgres
