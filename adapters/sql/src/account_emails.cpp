#include "artshop/sql/account_emails.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "artshop/core/accounts/email.hpp"

namespace artshop::sql {

RenormalisedEmails renormalise_account_emails(Connection& connection, const TextNormaliser& text) {
  std::vector<std::pair<std::int64_t, std::string>> stale;
  auto rows = connection.prepare("SELECT id, email FROM accounts ORDER BY id");
  while (rows.step()) {
    auto email = rows.column_text(1);
    const bool ascii =
        std::ranges::all_of(email, [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (ascii) continue;
    auto normal = normalize_email(email, text);
    if (normal != email) stale.emplace_back(rows.column_int(0), std::move(normal));
  }
  RenormalisedEmails report;
  for (const auto& [id, normal] : stale) {
    auto taken = connection.prepare("SELECT 1 FROM accounts WHERE email = ?1");
    if (taken.bind(1, normal).step()) {
      report.collisions.push_back(id);
      continue;
    }
    connection.prepare("UPDATE accounts SET email = ?2 WHERE id = ?1")
        .bind(1, id)
        .bind(2, normal)
        .run();
    ++report.changed;
  }
  return report;
}

}  // namespace artshop::sql
