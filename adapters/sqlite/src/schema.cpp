#include <array>

#include "artshop/sqlite/migrations.hpp"

namespace artshop::sqlite {
namespace {

// Each feature appends its migrations here; never edit one that has shipped.
constexpr std::array<Migration, 2> kSchema{{
    {1, "settings",
     R"sql(
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
)sql"},
    {2, "accounts",
     R"sql(
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  billing_country TEXT NOT NULL DEFAULT '',
  billing_state TEXT NOT NULL DEFAULT '',
  billing_city TEXT NOT NULL DEFAULT '',
  billing_address1 TEXT NOT NULL DEFAULT '',
  billing_zip_code TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE refresh_tokens (
  token_digest TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  family TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  rotated_at INTEGER,
  revoked_at INTEGER
) STRICT;
CREATE INDEX refresh_tokens_by_family ON refresh_tokens (family);
CREATE INDEX refresh_tokens_by_account ON refresh_tokens (account_id);

CREATE TABLE reset_codes (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  code_digest TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE rate_limit_events (
  bucket TEXT NOT NULL,
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX rate_limit_events_by_bucket ON rate_limit_events (bucket, at);
CREATE INDEX rate_limit_events_by_time ON rate_limit_events (at);
)sql"},
}};

}  // namespace

std::span<const Migration> artshop_schema() { return kSchema; }

}  // namespace artshop::sqlite
