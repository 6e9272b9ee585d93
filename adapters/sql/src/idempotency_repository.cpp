#include <array>
#include <charconv>
#include <utility>

#include "artshop/sql/order_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {
namespace {

using std::chrono::sys_seconds;
using Kind = IdempotentOutcome::Kind;

constexpr std::array<std::pair<Kind, std::string_view>, 5> kOutcomes{{
    {Kind::Order, "Order"},
    {Kind::Deposit, "Deposit"},
    {Kind::GiftCardRedemption, "GiftCardRedemption"},
    {Kind::Refused, "Refused"},
    {Kind::Earlier, "Earlier"},
}};

constexpr std::array<std::pair<ErrorKind, std::string_view>, 7> kErrorKinds{{
    {ErrorKind::Validation, "Validation"},
    {ErrorKind::Unauthenticated, "Unauthenticated"},
    {ErrorKind::Forbidden, "Forbidden"},
    {ErrorKind::NotFound, "NotFound"},
    {ErrorKind::Conflict, "Conflict"},
    {ErrorKind::TooManyRequests, "TooManyRequests"},
    {ErrorKind::Internal, "Internal"},
}};

template <class Enum, std::size_t N>
std::string_view name_of(const std::array<std::pair<Enum, std::string_view>, N>& names,
                         Enum value) {
  for (const auto& [known, name] : names) {
    if (known == value) return name;
  }
  return {};
}

template <class Enum, std::size_t N>
std::optional<Enum> parse_name(const std::array<std::pair<Enum, std::string_view>, N>& names,
                               std::string_view text) {
  for (const auto& [known, name] : names) {
    if (name == text) return known;
  }
  return std::nullopt;
}

// A refusal's field messages as one text: each field and message with its length first
// ("6:amount14:Must be above 5."), so that no text inside can be read as a separator.
std::string encode_fields(const ValidationErrors& errors) {
  std::string text;
  for (const auto& [field, messages] : errors.by_field()) {
    for (const auto& message : messages) {
      text += fmt::format("{}:{}{}:{}", field.size(), field, message.size(), message);
    }
  }
  return text;
}

std::optional<std::string_view> next_part(std::string_view& text) {
  std::size_t length = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), length);
  if (error != std::errc{} || end == text.data() + text.size() || *end != ':') return std::nullopt;
  const auto start = static_cast<std::size_t>(end - text.data()) + 1;
  if (text.size() - start < length) return std::nullopt;
  const auto part = text.substr(start, length);
  text.remove_prefix(start + length);
  return part;
}

std::optional<ValidationErrors> decode_fields(std::string_view text) {
  ValidationErrors errors;
  while (!text.empty()) {
    const auto field = next_part(text);
    const auto message = field ? next_part(text) : std::nullopt;
    if (!message) return std::nullopt;
    errors.add(*field, std::string(*message));
  }
  return errors;
}

// Columns: outcome, outcome_id, outcome_reference, payment_link, refusal_kind, refusal_fields.
std::optional<IdempotentOutcome> outcome_of(const Statement& row, int first) {
  if (!row.column_optional_text(first)) return std::nullopt;
  const auto parse_outcome = [](std::string_view text) { return parse_name(kOutcomes, text); };
  IdempotentOutcome outcome{
      .kind = decode(parse_outcome, row, first, "idempotency_keys", "outcome"),
      .id = row.column_int(first + 1),
      .reference = row.column_text(first + 2),
      .payment_link = row.column_text(first + 3)};
  if (outcome.kind == Kind::Refused) {
    const auto parse_kind = [](std::string_view text) { return parse_name(kErrorKinds, text); };
    outcome.refusal.kind = decode(parse_kind, row, first + 4, "idempotency_keys", "refusal_kind");
    outcome.refusal.fields =
        decode(decode_fields, row, first + 5, "idempotency_keys", "refusal_fields");
  }
  return outcome;
}

// Binds the outcome columns from `first` on.
void bind_outcome(Statement& statement, int first,
                  const std::optional<IdempotentOutcome>& outcome) {
  if (!outcome) {
    statement.bind_null(first).bind(first + 1, 0).bind(first + 2, "").bind(first + 3, "");
    statement.bind_null(first + 4).bind(first + 5, "");
    return;
  }
  statement.bind(first, name_of(kOutcomes, outcome->kind))
      .bind(first + 1, outcome->id)
      .bind(first + 2, outcome->reference)
      .bind(first + 3, outcome->payment_link);
  if (outcome->kind == Kind::Refused) {
    statement.bind(first + 4, name_of(kErrorKinds, outcome->refusal.kind))
        .bind(first + 5, encode_fields(outcome->refusal.fields));
  } else {
    statement.bind_null(first + 4).bind(first + 5, "");
  }
}

std::optional<IdempotencyState> parse_state(std::int64_t value) {
  if (value < 0 || value > static_cast<std::int64_t>(IdempotencyState::Answered)) {
    return std::nullopt;
  }
  return static_cast<IdempotencyState>(value);
}

}  // namespace

std::optional<IdempotencyRecord> SqlIdempotencyRepository::find(UserId user, std::string_view key,
                                                                sys_seconds since) {
  auto row = db_.prepare(
      "SELECT request_hash, state, created_at, outcome, outcome_id, outcome_reference, "
      "payment_link, refusal_kind, refusal_fields FROM idempotency_keys "
      "WHERE account_id = ?1 AND key = ?2 AND created_at > ?3");
  row.bind(1, user.value).bind(2, key).bind(3, epoch(since));
  if (!row.step()) return std::nullopt;
  const auto state = parse_state(row.column_int(1));
  if (!state) {
    throw DatabaseError(0, fmt::format("idempotency_keys.state holds {}, which is not a value "
                                       "this version knows",
                                       row.column_int(1)));
  }
  return IdempotencyRecord{.user = user,
                           .key = std::string(key),
                           .request_hash = row.column_text(0),
                           .state = *state,
                           .outcome = outcome_of(row, 3),
                           .created_at = from_epoch(row.column_int(2))};
}

bool SqlIdempotencyRepository::insert(const IdempotencyRecord& record) {
  auto statement = db_.prepare(
      "INSERT INTO idempotency_keys (account_id, key, request_hash, state, created_at, outcome, "
      "outcome_id, outcome_reference, payment_link, refusal_kind, refusal_fields) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) "
      "ON CONFLICT (account_id, key) DO NOTHING");
  statement.bind(1, record.user.value)
      .bind(2, record.key)
      .bind(3, record.request_hash)
      .bind(4, static_cast<std::int64_t>(record.state))
      .bind(5, epoch(record.created_at));
  bind_outcome(statement, 6, record.outcome);
  statement.run();
  return db_.changes() == 1;
}

bool SqlIdempotencyRepository::complete(const IdempotencyRecord& record) {
  auto statement = db_.prepare(
      "UPDATE idempotency_keys SET state = ?4, outcome = ?5, outcome_id = ?6, "
      "outcome_reference = ?7, payment_link = ?8, refusal_kind = ?9, refusal_fields = ?10 "
      "WHERE account_id = ?1 AND key = ?2 AND created_at = ?3");
  statement.bind(1, record.user.value)
      .bind(2, record.key)
      .bind(3, epoch(record.created_at))
      .bind(4, static_cast<std::int64_t>(record.state));
  bind_outcome(statement, 5, record.outcome);
  statement.run();
  return db_.changes() == 1;
}

void SqlIdempotencyRepository::remove(UserId user, std::string_view key) {
  db_.prepare("DELETE FROM idempotency_keys WHERE account_id = ?1 AND key = ?2")
      .bind(1, user.value)
      .bind(2, key)
      .run();
}

void SqlIdempotencyRepository::prune(sys_seconds before) {
  db_.prepare("DELETE FROM idempotency_keys WHERE created_at < ?1").bind(1, epoch(before)).run();
}

}  // namespace artshop::sql
