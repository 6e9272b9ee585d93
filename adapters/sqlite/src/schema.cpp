#include <array>

#include "artshop/sqlite/migrations.hpp"

namespace artshop::sqlite {
namespace {

// Each feature appends its migrations here; never edit one that has shipped.
constexpr std::array<Migration, 3> kSchema{{
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
    {3, "catalogue",
     R"sql(
CREATE TABLE categories (
  url_name TEXT PRIMARY KEY,
  title TEXT NOT NULL
) STRICT;

CREATE TABLE offers (
  id INTEGER PRIMARY KEY,
  url_name TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL REFERENCES categories (url_name),
  style TEXT NOT NULL,
  orientation TEXT NOT NULL,
  aspect_ratio TEXT NOT NULL,
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0),
  created_at INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Active', 'SoldOut', 'Hidden')),
  -- The lowest attribute price, kept here so that price filters and sorts use an index.
  min_price_eur_cents INTEGER NOT NULL CHECK (min_price_eur_cents > 0),
  thumbnail_webp TEXT NOT NULL,
  thumbnail_jpeg TEXT NOT NULL,
  preview_webp TEXT NOT NULL,
  preview_jpeg TEXT NOT NULL,
  source_prompt TEXT NOT NULL DEFAULT '',
  source_seed INTEGER NOT NULL DEFAULT 0,
  original_key TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX offers_by_newest ON offers (status, created_at DESC, id DESC);
CREATE INDEX offers_by_price ON offers (status, min_price_eur_cents, id);
CREATE INDEX offers_by_category ON offers (status, category, created_at DESC, id DESC);
CREATE INDEX offers_by_style ON offers (status, style, created_at DESC, id DESC);
CREATE INDEX offers_by_orientation ON offers (status, orientation, created_at DESC, id DESC);

CREATE TABLE offer_attributes (
  id INTEGER PRIMARY KEY,
  offer_id INTEGER NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  long_edge INTEGER NOT NULL CHECK (long_edge > 0),
  licence TEXT NOT NULL CHECK (licence IN ('Personal', 'Commercial', 'ExclusiveCommercial')),
  price_eur_cents INTEGER NOT NULL CHECK (price_eur_cents > 0)
) STRICT;
CREATE INDEX offer_attributes_by_offer ON offer_attributes (offer_id);

CREATE TABLE offer_tags (
  offer_id INTEGER NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  PRIMARY KEY (offer_id, tag)
) STRICT;
CREATE INDEX offer_tags_by_tag ON offer_tags (tag);
)sql"},
}};

}  // namespace

std::span<const Migration> artshop_schema() { return kSchema; }

}  // namespace artshop::sqlite
