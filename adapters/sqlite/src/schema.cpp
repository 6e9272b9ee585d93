#include <array>

#include "artshop/sqlite/migrations.hpp"

namespace artshop::sqlite {
namespace {

// Each feature appends its migrations here; never edit one that has shipped.
constexpr std::array<Migration, 23> kSchema{{
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
    {4, "orders and ledger",
     R"sql(
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  currency TEXT NOT NULL CHECK (length(currency) = 3),
  rate_scaled INTEGER NOT NULL CHECK (rate_scaled > 0),
  total_minor INTEGER NOT NULL CHECK (total_minor > 0),
  pay_by_balance INTEGER NOT NULL CHECK (pay_by_balance IN (0, 1)),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  billing_country TEXT NOT NULL,
  billing_state TEXT NOT NULL,
  billing_city TEXT NOT NULL,
  billing_address1 TEXT NOT NULL,
  billing_zip_code TEXT NOT NULL,
  javascript_enabled INTEGER NOT NULL CHECK (javascript_enabled IN (0, 1)),
  accept_language TEXT NOT NULL,
  screen_width INTEGER NOT NULL,
  screen_height INTEGER NOT NULL,
  time_zone_offset INTEGER NOT NULL,
  user_agent TEXT NOT NULL,
  payment_reference TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('Pending', 'Paid', 'Failed', 'Expired')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  settled_at INTEGER,
  CHECK ((status = 'Pending') = (settled_at IS NULL))
) STRICT;
CREATE INDEX orders_by_account ON orders (account_id, created_at DESC, id DESC);
CREATE INDEX orders_pending_by_expiry ON orders (expires_at) WHERE status = 'Pending';

CREATE TABLE order_lines (
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  offer_id INTEGER NOT NULL REFERENCES offers (id),
  attribute_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  size_name TEXT NOT NULL,
  long_edge INTEGER NOT NULL CHECK (long_edge > 0),
  licence TEXT NOT NULL CHECK (licence IN ('Personal', 'Commercial', 'ExclusiveCommercial')),
  price_minor INTEGER NOT NULL CHECK (price_minor > 0),
  price_eur_cents INTEGER NOT NULL CHECK (price_eur_cents > 0),
  PRIMARY KEY (order_id, position),
  UNIQUE (order_id, attribute_id)
) STRICT;

CREATE TABLE order_gift_cards (
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  PRIMARY KEY (order_id, position)
) STRICT;

-- One row per exclusive offer held by a Pending order (or being fulfilled); the primary key
-- is the guard: a second order cannot hold the same offer.
CREATE TABLE exclusive_reservations (
  offer_id INTEGER PRIMARY KEY REFERENCES offers (id),
  order_id INTEGER NOT NULL REFERENCES orders (id)
) STRICT;
CREATE INDEX exclusive_reservations_by_order ON exclusive_reservations (order_id);

CREATE TABLE deposits (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  currency TEXT NOT NULL CHECK (length(currency) = 3),
  rate_scaled INTEGER NOT NULL CHECK (rate_scaled > 0),
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  billing_country TEXT NOT NULL,
  billing_state TEXT NOT NULL,
  billing_city TEXT NOT NULL,
  billing_address1 TEXT NOT NULL,
  billing_zip_code TEXT NOT NULL,
  javascript_enabled INTEGER NOT NULL CHECK (javascript_enabled IN (0, 1)),
  accept_language TEXT NOT NULL,
  screen_width INTEGER NOT NULL,
  screen_height INTEGER NOT NULL,
  time_zone_offset INTEGER NOT NULL,
  user_agent TEXT NOT NULL,
  payment_reference TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('Pending', 'Paid', 'Failed', 'Expired')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  settled_at INTEGER,
  CHECK ((status = 'Pending') = (settled_at IS NULL))
) STRICT;
CREATE INDEX deposits_pending_by_expiry ON deposits (expires_at) WHERE status = 'Pending';

-- The append-only double-entry ledger (docs/ledger.md): rows are inserted, never changed.
CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY,
  posting TEXT NOT NULL,
  account_kind TEXT NOT NULL CHECK (account_kind IN
    ('CustomerBalance', 'ProviderCash', 'SalesRevenue', 'GiftCardsOutstanding')),
  account_id INTEGER REFERENCES accounts (id),
  side TEXT NOT NULL CHECK (side IN ('Debit', 'Credit')),
  amount_micro_eur INTEGER NOT NULL CHECK (amount_micro_eur > 0),
  original_minor INTEGER NOT NULL,
  original_currency TEXT NOT NULL CHECK (length(original_currency) = 3),
  rate_scaled INTEGER NOT NULL CHECK (rate_scaled > 0),
  created_at INTEGER NOT NULL,
  CHECK ((account_kind = 'CustomerBalance') = (account_id IS NOT NULL))
) STRICT;
CREATE INDEX ledger_entries_by_customer ON ledger_entries (account_id) WHERE account_id IS NOT NULL;
CREATE INDEX ledger_entries_by_posting ON ledger_entries (posting);
CREATE TRIGGER ledger_entries_are_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_are_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;

CREATE TABLE gift_cards (
  number_digest TEXT PRIMARY KEY,
  number TEXT NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  buyer_id INTEGER NOT NULL REFERENCES accounts (id),
  value_micro_eur INTEGER NOT NULL CHECK (value_micro_eur > 0),
  bought_minor INTEGER NOT NULL CHECK (bought_minor > 0),
  bought_currency TEXT NOT NULL CHECK (length(bought_currency) = 3),
  rate_scaled INTEGER NOT NULL CHECK (rate_scaled > 0),
  issued_at INTEGER NOT NULL,
  redeemed_by INTEGER REFERENCES accounts (id),
  redeemed_at INTEGER,
  CHECK ((redeemed_by IS NULL) = (redeemed_at IS NULL))
) STRICT;
CREATE INDEX gift_cards_by_order ON gift_cards (order_id);

CREATE TABLE artworks (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  order_id INTEGER NOT NULL REFERENCES orders (id),
  offer_id INTEGER NOT NULL REFERENCES offers (id),
  attribute_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  size_name TEXT NOT NULL,
  long_edge INTEGER NOT NULL CHECK (long_edge > 0),
  licence TEXT NOT NULL CHECK (licence IN ('Personal', 'Commercial', 'ExclusiveCommercial')),
  acquired_at INTEGER NOT NULL
) STRICT;
CREATE INDEX artworks_by_account ON artworks (account_id, acquired_at DESC, id DESC);

CREATE TABLE payment_events (
  event_id TEXT PRIMARY KEY,
  processed_at INTEGER NOT NULL
) STRICT;

CREATE TABLE idempotency_keys (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, key)
) STRICT;
CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at);
)sql"},
    {5, "generated images",
     R"sql(
-- The ledger gains the account generated images are paid to; SQLite cannot change a CHECK in
-- place, so the table is rebuilt with its rows, indexes and triggers (the triggers go with the
-- old table before its rows do, so the append-only rule is not tripped).
CREATE TABLE ledger_entries_new (
  id INTEGER PRIMARY KEY,
  posting TEXT NOT NULL,
  account_kind TEXT NOT NULL CHECK (account_kind IN
    ('CustomerBalance', 'ProviderCash', 'SalesRevenue', 'GiftCardsOutstanding',
     'GenerationRevenue')),
  account_id INTEGER REFERENCES accounts (id),
  side TEXT NOT NULL CHECK (side IN ('Debit', 'Credit')),
  amount_micro_eur INTEGER NOT NULL CHECK (amount_micro_eur > 0),
  original_minor INTEGER NOT NULL,
  original_currency TEXT NOT NULL CHECK (length(original_currency) = 3),
  rate_scaled INTEGER NOT NULL CHECK (rate_scaled > 0),
  created_at INTEGER NOT NULL,
  CHECK ((account_kind = 'CustomerBalance') = (account_id IS NOT NULL))
) STRICT;
INSERT INTO ledger_entries_new SELECT * FROM ledger_entries;
DROP TABLE ledger_entries;
ALTER TABLE ledger_entries_new RENAME TO ledger_entries;
CREATE INDEX ledger_entries_by_customer ON ledger_entries (account_id) WHERE account_id IS NOT NULL;
CREATE INDEX ledger_entries_by_posting ON ledger_entries (posting);
CREATE TRIGGER ledger_entries_are_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_are_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;

CREATE TABLE generated_images (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  prompt TEXT NOT NULL,
  style TEXT NOT NULL,
  aspect_ratio TEXT NOT NULL,
  seed INTEGER NOT NULL CHECK (seed BETWEEN 0 AND 4294967295),
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0),
  blob_key TEXT NOT NULL,
  file_name TEXT NOT NULL,
  price_eur_cents INTEGER NOT NULL CHECK (price_eur_cents >= 0),
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX generated_images_by_account ON generated_images (account_id, created_at DESC, id DESC);
-- The day's free quota counts only free images of one account since midnight.
CREATE INDEX generated_images_free_by_day ON generated_images (account_id, created_at)
  WHERE price_eur_cents = 0;
)sql"},
    {6, "support tickets",
     R"sql(
CREATE TABLE support_tickets (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN
    ('General', 'Order', 'Payment', 'Account', 'Technical', 'Copyright', 'Other')),
  description TEXT NOT NULL,
  client_address TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  confirmation_sent_at INTEGER,
  notice_sent_at INTEGER,
  -- Until when a sender holds the ticket's unsent mails (NULL: nobody does).
  mails_claimed_until INTEGER
) STRICT;
-- The retry reads the few tickets with a mail still to send, oldest first.
CREATE INDEX support_tickets_unsent ON support_tickets (created_at)
  WHERE confirmation_sent_at IS NULL OR notice_sent_at IS NULL;
CREATE INDEX support_tickets_by_account ON support_tickets (account_id)
  WHERE account_id IS NOT NULL;
)sql"},
    {7, "secrets at rest",
     R"sql(
-- Reset codes become HMAC digests under a server key. Live codes last 10 minutes, so they
-- are dropped rather than converted: their owners ask for a new one.
DELETE FROM reset_codes;

-- Gift-card numbers become sealed (AES-256-GCM) under a server key that the database does not
-- hold. SQL cannot encrypt, so existing numbers stay in `number` until the first start that
-- has the key seals them (sqlite::protect_gift_card_numbers) and empties the column.
CREATE TABLE gift_cards_new (
  number_digest TEXT PRIMARY KEY,
  number TEXT,
  number_key_id TEXT,
  number_sealed TEXT,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  buyer_id INTEGER NOT NULL REFERENCES accounts (id),
  value_micro_eur INTEGER NOT NULL CHECK (value_micro_eur > 0),
  bought_minor INTEGER NOT NULL CHECK (bought_minor > 0),
  bought_currency TEXT NOT NULL CHECK (length(bought_currency) = 3),
  rate_scaled INTEGER NOT NULL CHECK (rate_scaled > 0),
  issued_at INTEGER NOT NULL,
  redeemed_by INTEGER REFERENCES accounts (id),
  redeemed_at INTEGER,
  CHECK ((redeemed_by IS NULL) = (redeemed_at IS NULL)),
  CHECK ((number_key_id IS NULL) = (number_sealed IS NULL)),
  CHECK ((number IS NULL) = (number_sealed IS NOT NULL))
) STRICT;
INSERT INTO gift_cards_new (number_digest, number, order_id, buyer_id, value_micro_eur,
  bought_minor, bought_currency, rate_scaled, issued_at, redeemed_by, redeemed_at)
  SELECT number_digest, number, order_id, buyer_id, value_micro_eur, bought_minor,
         bought_currency, rate_scaled, issued_at, redeemed_by, redeemed_at FROM gift_cards;
DROP TABLE gift_cards;
ALTER TABLE gift_cards_new RENAME TO gift_cards;
CREATE INDEX gift_cards_by_order ON gift_cards (order_id);
)sql"},
    {8, "rendered artworks",
     R"sql(
-- Each size of an offer is rendered once: where the file is kept in the private blob store.
CREATE TABLE rendered_artworks (
  offer_id INTEGER NOT NULL REFERENCES offers (id),
  long_edge INTEGER NOT NULL CHECK (long_edge > 0),
  format TEXT NOT NULL,
  blob_key TEXT NOT NULL,
  PRIMARY KEY (offer_id, long_edge, format)
) STRICT, WITHOUT ROWID;
)sql"},
    {9, "catalogue changes",
     R"sql(
-- Every server process keeps the catalogue in memory and must see every write to it, its own
-- and other processes'. Each offer's latest change takes the next catalogue version (offer_id 0
-- stands for the categories), so a process learns with one index lookup whether the catalogue
-- moved since its snapshot (max(version)), and which offers to read again.
CREATE TABLE catalogue_changes (
  offer_id INTEGER PRIMARY KEY,
  version INTEGER NOT NULL
) STRICT;
CREATE UNIQUE INDEX catalogue_changes_by_version ON catalogue_changes (version);
CREATE TRIGGER offers_inserted AFTER INSERT ON offers BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (NEW.id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER offers_updated AFTER UPDATE ON offers BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (OLD.id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (NEW.id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER offers_deleted AFTER DELETE ON offers BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (OLD.id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER offer_attributes_inserted AFTER INSERT ON offer_attributes BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (NEW.offer_id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER offer_attributes_updated AFTER UPDATE ON offer_attributes BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (OLD.offer_id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (NEW.offer_id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER offer_attributes_deleted AFTER DELETE ON offer_attributes BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (OLD.offer_id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER offer_tags_inserted AFTER INSERT ON offer_tags BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (NEW.offer_id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER offer_tags_updated AFTER UPDATE ON offer_tags BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (OLD.offer_id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (NEW.offer_id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER offer_tags_deleted AFTER DELETE ON offer_tags BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (OLD.offer_id, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER categories_inserted AFTER INSERT ON categories BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (0, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER categories_updated AFTER UPDATE ON categories BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (0, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
CREATE TRIGGER categories_deleted AFTER DELETE ON categories BEGIN
  INSERT INTO catalogue_changes (offer_id, version)
    VALUES (0, (SELECT coalesce(max(version), 0) + 1 FROM catalogue_changes))
    ON CONFLICT (offer_id) DO UPDATE SET version = excluded.version;
END;
)sql"},
    {10, "payments",
     R"sql(
-- Orders and deposits each carried a payment's columns; both become payers of one payment
-- attempt, whose status is the only one (docs/ledger.md, "Payments"). An order paid from the
-- balance keeps its Paid payment, so it too has its status in one place.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('Order', 'Deposit')),
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  currency TEXT NOT NULL CHECK (length(currency) = 3),
  rate_scaled INTEGER NOT NULL CHECK (rate_scaled > 0),
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  billing_country TEXT NOT NULL,
  billing_state TEXT NOT NULL,
  billing_city TEXT NOT NULL,
  billing_address1 TEXT NOT NULL,
  billing_zip_code TEXT NOT NULL,
  javascript_enabled INTEGER NOT NULL CHECK (javascript_enabled IN (0, 1)),
  accept_language TEXT NOT NULL,
  screen_width INTEGER NOT NULL,
  screen_height INTEGER NOT NULL,
  time_zone_offset INTEGER NOT NULL,
  user_agent TEXT NOT NULL,
  reference TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('Pending', 'Paid', 'Failed', 'Expired')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  settled_at INTEGER,
  CHECK ((status = 'Pending') = (settled_at IS NULL))
) STRICT;
CREATE INDEX payments_by_account ON payments (account_id, created_at DESC, id DESC);
CREATE INDEX payments_pending_by_expiry ON payments (expires_at) WHERE status = 'Pending';

-- A deposit's id is the one its payer was answered (GET /api/balance/deposits/{id}), so a
-- deposit's payment keeps it; the payments of orders are numbered after the deposits' (orders
-- keep their own ids, the ones customers see).
INSERT INTO payments (id, purpose, account_id, currency, rate_scaled, amount_minor,
    first_name, last_name, billing_country, billing_state, billing_city, billing_address1,
    billing_zip_code, javascript_enabled, accept_language, screen_width, screen_height,
    time_zone_offset, user_agent,
    reference, status, created_at, expires_at, settled_at)
  SELECT id, 'Deposit', account_id, currency, rate_scaled, amount_minor,
    first_name, last_name, billing_country, billing_state, billing_city, billing_address1,
    billing_zip_code, javascript_enabled, accept_language, screen_width, screen_height,
    time_zone_offset, user_agent,
    payment_reference, status, created_at, expires_at, settled_at
  FROM deposits;
INSERT INTO payments (id, purpose, account_id, currency, rate_scaled, amount_minor,
    first_name, last_name, billing_country, billing_state, billing_city, billing_address1,
    billing_zip_code, javascript_enabled, accept_language, screen_width, screen_height,
    time_zone_offset, user_agent,
    reference, status, created_at, expires_at, settled_at)
  SELECT (SELECT coalesce(max(id), 0) FROM deposits) + id, 'Order', account_id, currency,
    rate_scaled, total_minor,
    first_name, last_name, billing_country, billing_state, billing_city, billing_address1,
    billing_zip_code, javascript_enabled, accept_language, screen_width, screen_height,
    time_zone_offset, user_agent,
    payment_reference, status, created_at, expires_at, settled_at
  FROM orders;

-- Order lines, gift cards, reservations and artworks refer to orders, which keep their ids:
-- the table is rebuilt in place (foreign keys are off while a migration runs, and checked
-- before it commits).
CREATE TABLE orders_new (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL UNIQUE REFERENCES payments (id),
  pay_by_balance INTEGER NOT NULL CHECK (pay_by_balance IN (0, 1))
) STRICT;
INSERT INTO orders_new (id, payment_id, pay_by_balance)
  SELECT id, (SELECT coalesce(max(id), 0) FROM deposits) + id, pay_by_balance FROM orders;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;
DROP TABLE deposits;
)sql"},
    {11, "stored order of tags and gift cards",
     R"sql(
-- An offer's tags and an order's gift cards are listed in the order they were written. That
-- order was the rowid, which only SQLite has; the repositories serve other databases too, so
-- it becomes a column. Rows written from now on number themselves within their offer or order.
ALTER TABLE offer_tags ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
UPDATE offer_tags SET position = rowid;
ALTER TABLE gift_cards ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
UPDATE gift_cards SET position = rowid;
)sql"},
    {12, "chore leases",
     R"sql(
-- Who runs a chore that must run on one server at a time (housekeeping, seeding), and until
-- when: the servers of one shop share the database, so they share this table.
CREATE TABLE leases (
  chore TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
)sql"},
    {13, "mail outbox",
     R"sql(
-- The mails use cases decide to send, written in the same transaction as their cause and sent
-- after the commit by the mail chore (docs/mail.md). A sent mail is deleted; a Dead one stays,
-- without its body, for the operator.
CREATE TABLE mail_outbox (
  -- Never reused, though sent mails are deleted: the id is part of a mail's delivery key.
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Pending', 'Dead')),
  attempts INTEGER NOT NULL CHECK (attempts >= 0),
  created_at INTEGER NOT NULL,
  -- When a Pending mail is due; a sender that claims it pushes this to the end of its claim.
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT
) STRICT;
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE status = 'Pending';
-- The tickets' own record of unsent mails retires: their claims no longer mean anything.
-- Mails not yet sent (confirmation_sent_at or notice_sent_at NULL) are queued in the outbox
-- by the first start that runs this code (QueueUnsentSupportMail), which knows the addresses.
UPDATE support_tickets SET mails_claimed_until = NULL;
)sql"},
    {14, "refresh grace",
     R"sql(
-- A rotated refresh token keeps the token it was rotated to: its digest, and for the few
-- seconds of the grace period the token itself, sealed under a key derived from the rotated
-- token (which is not stored), so that a second refresh from another tab is answered the same
-- successor. Housekeeping forgets the sealed ones past the grace period; the partial index holds
-- only those.
ALTER TABLE refresh_tokens ADD COLUMN successor_digest TEXT;
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed TEXT;
CREATE INDEX refresh_tokens_sealed_by_rotation ON refresh_tokens (rotated_at)
  WHERE successor_sealed IS NOT NULL;
)sql"},
    {15, "customer balances",
     R"sql(
-- Each customer's balance as a running figure, moved by a trigger in the transaction that
-- writes the ledger entry, so that it always equals the credits minus the debits of the
-- customer's entries (docs/ledger.md, "Balances"): reading it is one row, however long the
-- customer's history. A migration that rebuilds ledger_entries must create the trigger again.
CREATE TABLE customer_balances (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id),
  balance_micro_eur INTEGER NOT NULL
) STRICT;
INSERT INTO customer_balances (account_id, balance_micro_eur)
  SELECT account_id,
         sum(CASE side WHEN 'Credit' THEN amount_micro_eur ELSE -amount_micro_eur END)
  FROM ledger_entries WHERE account_id IS NOT NULL GROUP BY account_id;
CREATE TRIGGER ledger_entries_move_balance AFTER INSERT ON ledger_entries
  WHEN NEW.account_id IS NOT NULL
BEGIN
  INSERT INTO customer_balances (account_id, balance_micro_eur)
    VALUES (NEW.account_id,
            CASE NEW.side WHEN 'Credit' THEN NEW.amount_micro_eur ELSE -NEW.amount_micro_eur END)
    ON CONFLICT (account_id)
      DO UPDATE SET balance_micro_eur = balance_micro_eur + excluded.balance_micro_eur;
END;
)sql"},
    {16, "idempotency outcomes",
     R"sql(
-- An idempotency key keeps what its request made (an order, a deposit, a gift card redemption,
-- by id) or why it was refused, instead of the HTTP answer: a repetition is answered with the
-- thing as it is now. state: 0 running, 1 effect committed while the request still runs, 2
-- answered. Keys kept in the old form within their 24 hours stay replayable: their answer moves
-- whole into outcome_reference ("<status> <body>") under outcome 'Earlier'.
ALTER TABLE idempotency_keys ADD COLUMN state INTEGER NOT NULL DEFAULT 0;
ALTER TABLE idempotency_keys ADD COLUMN outcome TEXT;
ALTER TABLE idempotency_keys ADD COLUMN outcome_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE idempotency_keys ADD COLUMN outcome_reference TEXT NOT NULL DEFAULT '';
ALTER TABLE idempotency_keys ADD COLUMN payment_link TEXT NOT NULL DEFAULT '';
ALTER TABLE idempotency_keys ADD COLUMN refusal_kind TEXT;
ALTER TABLE idempotency_keys ADD COLUMN refusal_fields TEXT NOT NULL DEFAULT '';
UPDATE idempotency_keys SET
  state = CASE WHEN status = 0 THEN 0 WHEN status < 0 THEN 1 ELSE 2 END,
  outcome = CASE WHEN status = 0 THEN NULL ELSE 'Earlier' END,
  outcome_reference = CASE WHEN status = 0 THEN '' ELSE abs(status) || ' ' || response END;
ALTER TABLE idempotency_keys DROP COLUMN status;
ALTER TABLE idempotency_keys DROP COLUMN response;
)sql"},
    {17, "staff",
     R"sql(
-- The back office (docs/back-office.md). A staff member is an account with a role; the second
-- factor's secret is kept sealed under a key outside the database, with the step of the last
-- code accepted so that no code works twice; recovery codes, set-up links and sessions only as
-- digests. The audit trail is append-only: the triggers refuse to change or remove a record.
CREATE TABLE staff (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id),
  role TEXT NOT NULL CHECK (role IN ('owner', 'support', 'catalogue')),
  status TEXT NOT NULL CHECK (status IN ('invited', 'active', 'suspended')),
  created_at INTEGER NOT NULL,
  last_sign_in_at INTEGER
) STRICT;
CREATE TABLE staff_second_factors (
  account_id INTEGER PRIMARY KEY REFERENCES staff (account_id),
  secret_sealed TEXT NOT NULL,
  last_used_step INTEGER
) STRICT;
CREATE TABLE staff_recovery_codes (
  account_id INTEGER NOT NULL REFERENCES staff (account_id),
  code_digest TEXT NOT NULL,
  PRIMARY KEY (account_id, code_digest)
) STRICT;
CREATE TABLE staff_setup_links (
  token_digest TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES staff (account_id),
  expires_at INTEGER NOT NULL,
  secret_sealed TEXT
) STRICT;
CREATE INDEX staff_setup_links_by_member ON staff_setup_links (account_id);
CREATE TABLE staff_sessions (
  token_digest TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES staff (account_id),
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  address TEXT NOT NULL
) STRICT;
CREATE INDEX staff_sessions_by_member ON staff_sessions (account_id);
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  actor_id INTEGER,
  actor_email TEXT NOT NULL,
  address TEXT NOT NULL,
  action TEXT NOT NULL,
  object TEXT NOT NULL,
  before_values TEXT NOT NULL,
  after_values TEXT NOT NULL
) STRICT;
CREATE INDEX audit_log_by_time ON audit_log (at, id);
CREATE INDEX audit_log_by_actor ON audit_log (actor_email, at);
CREATE INDEX audit_log_by_action ON audit_log (action, at);
CREATE TRIGGER audit_log_is_append_only_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_log_is_append_only_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
)sql"},
    {18, "gift card ids, goodwill cards, voiding; the adjustments account",
     R"sql(
-- Gift cards get an id of their own (staff name a card without its number), may be issued by
-- staff as goodwill (no order and no buyer: a recipient and the member who issued it), and may
-- be voided (a refund of the order that bought them, or staff), never once redeemed. SQLite
-- cannot change a primary key in place, so the table is rebuilt; existing cards are numbered
-- in the order they were written.
CREATE TABLE gift_cards_new (
  id INTEGER PRIMARY KEY,
  number_digest TEXT NOT NULL UNIQUE,
  number TEXT,
  number_key_id TEXT,
  number_sealed TEXT,
  order_id INTEGER REFERENCES orders (id),
  buyer_id INTEGER REFERENCES accounts (id),
  recipient_email TEXT NOT NULL DEFAULT '',
  issued_by INTEGER REFERENCES accounts (id),
  value_micro_eur INTEGER NOT NULL CHECK (value_micro_eur > 0),
  bought_minor INTEGER NOT NULL CHECK (bought_minor > 0),
  bought_currency TEXT NOT NULL CHECK (length(bought_currency) = 3),
  rate_scaled INTEGER NOT NULL CHECK (rate_scaled > 0),
  issued_at INTEGER NOT NULL,
  redeemed_by INTEGER REFERENCES accounts (id),
  redeemed_at INTEGER,
  voided_at INTEGER,
  position INTEGER NOT NULL DEFAULT 0,
  CHECK ((redeemed_by IS NULL) = (redeemed_at IS NULL)),
  CHECK ((number_key_id IS NULL) = (number_sealed IS NULL)),
  CHECK ((number IS NULL) = (number_sealed IS NOT NULL)),
  CHECK ((order_id IS NULL) = (buyer_id IS NULL)),
  CHECK (redeemed_at IS NULL OR voided_at IS NULL)
) STRICT;
INSERT INTO gift_cards_new (id, number_digest, number, number_key_id, number_sealed, order_id,
  buyer_id, value_micro_eur, bought_minor, bought_currency, rate_scaled, issued_at, redeemed_by,
  redeemed_at, position)
  SELECT rowid, number_digest, number, number_key_id, number_sealed, order_id, buyer_id,
         value_micro_eur, bought_minor, bought_currency, rate_scaled, issued_at, redeemed_by,
         redeemed_at, position FROM gift_cards ORDER BY rowid;
DROP TABLE gift_cards;
ALTER TABLE gift_cards_new RENAME TO gift_cards;
CREATE INDEX gift_cards_by_order ON gift_cards (order_id);

-- The ledger gains the account staff's goodwill and corrections are booked to. The table is
-- rebuilt as in migration 5, and its triggers (append-only, the running customer balance of
-- migration 15) are created again.
CREATE TABLE ledger_entries_new (
  id INTEGER PRIMARY KEY,
  posting TEXT NOT NULL,
  account_kind TEXT NOT NULL CHECK (account_kind IN
    ('CustomerBalance', 'ProviderCash', 'SalesRevenue', 'GiftCardsOutstanding',
     'GenerationRevenue', 'Adjustments')),
  account_id INTEGER REFERENCES accounts (id),
  side TEXT NOT NULL CHECK (side IN ('Debit', 'Credit')),
  amount_micro_eur INTEGER NOT NULL CHECK (amount_micro_eur > 0),
  original_minor INTEGER NOT NULL,
  original_currency TEXT NOT NULL CHECK (length(original_currency) = 3),
  rate_scaled INTEGER NOT NULL CHECK (rate_scaled > 0),
  created_at INTEGER NOT NULL,
  CHECK ((account_kind = 'CustomerBalance') = (account_id IS NOT NULL))
) STRICT;
INSERT INTO ledger_entries_new SELECT * FROM ledger_entries;
DROP TABLE ledger_entries;
ALTER TABLE ledger_entries_new RENAME TO ledger_entries;
CREATE INDEX ledger_entries_by_customer ON ledger_entries (account_id) WHERE account_id IS NOT NULL;
CREATE INDEX ledger_entries_by_posting ON ledger_entries (posting);
CREATE TRIGGER ledger_entries_are_append_only_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_are_append_only_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_entries_move_balance AFTER INSERT ON ledger_entries
  WHEN NEW.account_id IS NOT NULL
BEGIN
  INSERT INTO customer_balances (account_id, balance_micro_eur)
    VALUES (NEW.account_id,
            CASE NEW.side WHEN 'Credit' THEN NEW.amount_micro_eur ELSE -NEW.amount_micro_eur END)
    ON CONFLICT (account_id)
      DO UPDATE SET balance_micro_eur = balance_micro_eur + excluded.balance_micro_eur;
END;
)sql"},
    {19, "refunds",
     R"sql(
-- Refunds of paid orders (docs/back-office.md, "Refunds"). An order keeps how much of it was
-- given back (refunds pending and succeeded); it grows only by a guarded UPDATE that keeps it
-- within the total. Each line or gift card given back is a row of refunded_items, whose primary
-- key keeps a second refund of the same item out; a failed refund deletes its rows. An artwork
-- whose line was refunded is revoked: no longer listed nor downloaded.
ALTER TABLE orders ADD COLUMN refunded_minor INTEGER NOT NULL DEFAULT 0
  CHECK (refunded_minor >= 0);
ALTER TABLE artworks ADD COLUMN revoked INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1));
CREATE TABLE refunds (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  at INTEGER NOT NULL,
  staff_id INTEGER REFERENCES accounts (id),
  staff_email TEXT NOT NULL,
  amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
  currency TEXT NOT NULL CHECK (length(currency) = 3),
  gift_cards_minor INTEGER NOT NULL CHECK (gift_cards_minor >= 0),
  reason TEXT NOT NULL,
  lines TEXT NOT NULL,
  gift_cards TEXT NOT NULL,
  return_to_sale INTEGER NOT NULL CHECK (return_to_sale IN (0, 1)),
  status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  source TEXT NOT NULL CHECK (source IN ('staff', 'provider')),
  -- Staff refunds: the Idempotency-Key, unique per order; none for a refund made at the provider.
  idempotency_key TEXT,
  request_hash TEXT NOT NULL,
  provider_reference TEXT NOT NULL,
  UNIQUE (order_id, idempotency_key)
) STRICT;
CREATE INDEX refunds_pending ON refunds (at, id) WHERE status = 'pending';
CREATE TABLE refunded_items (
  order_id INTEGER NOT NULL REFERENCES orders (id),
  kind TEXT NOT NULL CHECK (kind IN ('line', 'gift-card')),
  item INTEGER NOT NULL,
  refund_id INTEGER NOT NULL REFERENCES refunds (id),
  PRIMARY KEY (order_id, kind, item)
) STRICT;
CREATE INDEX refunded_items_by_refund ON refunded_items (refund_id);

-- The order page's payment history (docs/back-office.md, "Orders"): every change of a payment's
-- status, written by the same statement's transaction as the change, with what made it.
-- Payments made before keep what can be known: their creation (placed; Paid at once for an
-- order paid from the balance) and, once settled, the settlement: an Expired payment by the
-- expiry, any other by the provider's webhook (its real source was not recorded then).
CREATE TABLE payment_status_changes (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL REFERENCES payments (id),
  at INTEGER NOT NULL,
  from_status TEXT CHECK (from_status IN ('Pending', 'Paid', 'Failed', 'Expired')),
  to_status TEXT NOT NULL CHECK (to_status IN ('Pending', 'Paid', 'Failed', 'Expired')),
  source TEXT NOT NULL CHECK (source IN ('placed', 'webhook', 'expiry'))
) STRICT;
CREATE INDEX payment_status_changes_by_payment ON payment_status_changes (payment_id, id);
INSERT INTO payment_status_changes (payment_id, at, from_status, to_status, source)
  SELECT payments.id, payments.created_at, NULL,
         CASE WHEN orders.pay_by_balance = 1 THEN payments.status ELSE 'Pending' END, 'placed'
  FROM payments LEFT JOIN orders ON orders.payment_id = payments.id
  ORDER BY payments.id;
INSERT INTO payment_status_changes (payment_id, at, from_status, to_status, source)
  SELECT payments.id, payments.settled_at, 'Pending', payments.status,
         CASE WHEN payments.status = 'Expired' THEN 'expiry' ELSE 'webhook' END
  FROM payments LEFT JOIN orders ON orders.payment_id = payments.id
  WHERE payments.settled_at IS NOT NULL AND payments.status <> 'Pending'
    AND COALESCE(orders.pay_by_balance, 0) = 0
  ORDER BY payments.id;

-- The webhook events about each payment, for its order page: the provider's kind of event and
-- our payment's reference ('' for events recorded before).
ALTER TABLE payment_events ADD COLUMN kind TEXT NOT NULL DEFAULT '';
ALTER TABLE payment_events ADD COLUMN payment_reference TEXT NOT NULL DEFAULT '';
CREATE INDEX payment_events_by_payment ON payment_events (payment_reference, processed_at)
  WHERE payment_reference <> '';

-- A mail about an order ("order:42") says so, and stays once sent (status Sent, its body
-- dropped: it may hold gift-card numbers) so that the order page lists it; other sent mails
-- are still deleted. SQLite cannot change a CHECK, so the table is rebuilt, its ids and the
-- highest id ever given kept (an id is never reused).
CREATE TABLE mail_outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Pending', 'Sent', 'Dead')),
  attempts INTEGER NOT NULL CHECK (attempts >= 0),
  created_at INTEGER NOT NULL,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  about TEXT NOT NULL DEFAULT ''
) STRICT;
INSERT INTO mail_outbox_new (id, recipient, subject, body, status, attempts, created_at,
                             next_attempt_at, last_error)
  SELECT id, recipient, subject, body, status, attempts, created_at, next_attempt_at, last_error
  FROM mail_outbox;
DELETE FROM sqlite_sequence WHERE name = 'mail_outbox_new';
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'mail_outbox_new', seq FROM sqlite_sequence WHERE name = 'mail_outbox';
DROP TABLE mail_outbox;
ALTER TABLE mail_outbox_new RENAME TO mail_outbox;
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE status = 'Pending';
CREATE INDEX mail_outbox_about ON mail_outbox (about, id) WHERE about <> '';
)sql"},
    {20, "customer desk",
     R"sql(
-- The back office's customers (docs/back-office.md, "Customers" and "Balance adjustments"): an
-- account staff locked may not sign in and its logins fail at once; each adjustment of a
-- balance keeps who made it, why, the Idempotency-Key it was sent with (one adjustment per key
-- and staff member) and the balance it left. Its ledger posting is "adjustment:<id>".
ALTER TABLE accounts ADD COLUMN locked_at INTEGER;
CREATE TABLE balance_adjustments (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  staff_id INTEGER NOT NULL REFERENCES accounts (id),
  staff_email TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount_eur_cents INTEGER NOT NULL CHECK (amount_eur_cents > 0),
  reason TEXT NOT NULL,
  at INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL,
  balance_after_micro_eur INTEGER NOT NULL,
  UNIQUE (staff_id, idempotency_key)
) STRICT;
-- A goodwill card staff issue (docs/back-office.md, "Gift cards") keeps the Idempotency-Key it
-- was sent with (one card per key and staff member) and its message, so that a retry answers
-- the same card. The back office lists a customer's cards, bought or redeemed.
CREATE TABLE goodwill_gift_card_keys (
  staff_id INTEGER NOT NULL REFERENCES accounts (id),
  idempotency_key TEXT NOT NULL,
  gift_card_id INTEGER NOT NULL REFERENCES gift_cards (id),
  message TEXT NOT NULL,
  PRIMARY KEY (staff_id, idempotency_key)
) STRICT;
CREATE INDEX gift_cards_by_buyer ON gift_cards (buyer_id);
CREATE INDEX gift_cards_by_redeemer ON gift_cards (redeemed_by);
)sql"},
    {21, "refunds at the provider",
     R"sql(
-- A card payment keeps the provider's id of the money it took (Stripe's payment_intent, from
-- the checkout.session.completed that settled it), which a refund names at the provider
-- (docs/payments.md, "Refunds"). Empty for the sandbox, balance payments and older rows.
ALTER TABLE payments ADD COLUMN provider_payment TEXT NOT NULL DEFAULT '';
)sql"},
    {22, "support desk",
     R"sql(
-- The support desk (docs/support.md, "The conversation"; docs/back-office.md, "Support desk"):
-- a ticket has a status, the staff member answering it and a conversation. Its description is
-- the first message, the customer's; staff reply or keep notes (internal: never shown or mailed
-- to the customer). last_message_at is the newest message's time, for the desk's order.
ALTER TABLE support_tickets ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'open', 'waiting', 'closed'));
ALTER TABLE support_tickets ADD COLUMN assignee_id INTEGER
  REFERENCES accounts (id) ON DELETE SET NULL;
ALTER TABLE support_tickets ADD COLUMN last_message_at INTEGER NOT NULL DEFAULT 0;
UPDATE support_tickets SET last_message_at = created_at;
CREATE TABLE support_ticket_messages (
  id INTEGER PRIMARY KEY,
  ticket_id INTEGER NOT NULL REFERENCES support_tickets (id),
  at INTEGER NOT NULL,
  author TEXT NOT NULL CHECK (author IN ('customer', 'staff')),
  staff_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  body TEXT NOT NULL,
  internal INTEGER NOT NULL CHECK (internal IN (0, 1))
) STRICT;
CREATE INDEX support_ticket_messages_by_ticket ON support_ticket_messages (ticket_id, at, id);
INSERT INTO support_ticket_messages (ticket_id, at, author, staff_id, body, internal)
  SELECT id, created_at, 'customer', NULL, description, 0 FROM support_tickets ORDER BY id;
CREATE INDEX support_tickets_newest ON support_tickets (created_at, id);
CREATE INDEX support_tickets_by_last_message ON support_tickets (last_message_at, id);
)sql"},
    {23, "the dashboard's reads of the ledger by time",
     R"sql(
-- The dashboard sums the last 90 days of the ledger and the ledger export reads a range of
-- dates (docs/back-office.md, "Dashboard" and "Exports"): both by the entries' time.
CREATE INDEX ledger_entries_by_time ON ledger_entries (created_at);
)sql"},
}};

}  // namespace

std::span<const Migration> artshop_schema() {
  return kSchema;
}

}  // namespace artshop::sqlite
