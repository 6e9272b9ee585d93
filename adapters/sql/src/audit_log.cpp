#include <fmt/format.h>

#include <string>
#include <vector>

#include "artshop/sql/staff_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {
namespace {

// The WHERE clause of the filters a query sets, numbered from ?1, and the binding of its values.
struct Filters {
  std::string where;
  int count = 0;

  explicit Filters(const AuditQuery& query) {
    add(query.actor_email.has_value(), "actor_email = ?{}");
    add(query.action.has_value(), "action = ?{}");
    add(query.from.has_value(), "at >= ?{}");
    add(query.until.has_value(), "at < ?{}");
  }

  void add(bool present, std::string_view condition) {
    if (!present) return;
    where += where.empty() ? "WHERE " : " AND ";
    where += fmt::format(fmt::runtime(condition), ++count);
  }

  static void bind(Statement& statement, const AuditQuery& query) {
    int index = 0;
    if (query.actor_email) statement.bind(++index, *query.actor_email);
    if (query.action) statement.bind(++index, *query.action);
    if (query.from) statement.bind(++index, epoch(*query.from));
    if (query.until) statement.bind(++index, epoch(*query.until));
  }
};

}  // namespace

std::int64_t SqlAuditLog::append(const AuditRecord& record) {
  std::optional<std::int64_t> actor;
  if (record.actor) actor = record.actor->value;
  auto statement = db_.prepare(
      "INSERT INTO audit_log (at, actor_id, actor_email, address, action, object, before_values, "
      "after_values) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id");
  statement.bind(1, epoch(record.at))
      .bind(2, actor)
      .bind(3, record.actor_email)
      .bind(4, record.address)
      .bind(5, record.action)
      .bind(6, record.object)
      .bind(7, record.before)
      .bind(8, record.after);
  statement.step();
  return statement.column_int(0);
}

AuditPage SqlAuditLog::list(const AuditQuery& query) {
  const Filters filters(query);
  AuditPage page;
  auto count = db_.prepare("SELECT count(*) FROM audit_log " + filters.where);
  Filters::bind(count, query);
  count.step();
  page.total = count.column_int(0);

  auto rows = db_.prepare(
      fmt::format("SELECT id, at, actor_id, actor_email, address, action, object, before_values, "
                  "after_values FROM audit_log {} ORDER BY at DESC, id DESC LIMIT ?{} OFFSET ?{}",
                  filters.where, filters.count + 1, filters.count + 2));
  Filters::bind(rows, query);
  rows.bind(filters.count + 1, query.limit).bind(filters.count + 2, query.offset);
  page.items = all_rows(rows, [](const Statement& row) {
    std::optional<UserId> actor;
    if (const auto id = row.column_optional_int(2)) actor = UserId{*id};
    return AuditRecord{.id = row.column_int(0),
                       .at = from_epoch(row.column_int(1)),
                       .actor = actor,
                       .actor_email = row.column_text(3),
                       .address = row.column_text(4),
                       .action = row.column_text(5),
                       .object = row.column_text(6),
                       .before = row.column_text(7),
                       .after = row.column_text(8)};
  });
  return page;
}

}  // namespace artshop::sql
