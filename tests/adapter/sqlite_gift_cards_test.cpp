// Gift-card numbers at rest: sealed with a key the database does not hold, found by a keyed
// digest, and converted from the plain text an older schema kept.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "artshop/core/error.hpp"
#include "artshop/crypto/aes_gcm_gift_card_cipher.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/openssl_random_source.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/gift_card_numbers.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

constexpr std::string_view kNumber = "7K3QW9ZX2M4B8R1T";
constexpr int kVersionBeforeSealing = 6;

std::vector<std::byte> secret(std::uint8_t value) {
  return std::vector<std::byte>(32, std::byte{value});
}

std::string read_bytes(const std::filesystem::path& file) {
  if (!std::filesystem::exists(file)) return {};
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

class SqliteGiftCards : public ::testing::Test {
 protected:
  // A database as the version before sealing left it: one gift card with its number in plain
  // text under an unkeyed digest, and a live reset code.
  SqliteGiftCards() {
    Connection connection(file());
    migrate(connection, artshop_schema().first(kVersionBeforeSealing));
    // The card's buyer and the paid order that bought it.
    connection.execute(
        "INSERT INTO accounts (id, email, password_hash, created_at) "
        "VALUES (1, 'ann@example.com', 'hash', 0);"
        "INSERT INTO orders (id, account_id, currency, rate_scaled, total_minor, pay_by_balance, "
        "first_name, last_name, billing_country, billing_state, billing_city, billing_address1, "
        "billing_zip_code, javascript_enabled, accept_language, screen_width, screen_height, "
        "time_zone_offset, user_agent, payment_reference, status, created_at, expires_at, "
        "settled_at) VALUES (1, 1, 'EUR', 1000000, 2500, 1, 'Ann', 'Lee', 'NO', '', 'Oslo', "
        "'Karl Johans gate 1', '0154', 1, 'en', 1920, 1080, 0, 'test', 'ord_1', 'Paid', 0, 0, 0);");
    connection
        .prepare(
            "INSERT INTO gift_cards (number_digest, number, order_id, buyer_id, value_micro_eur, "
            "bought_minor, bought_currency, rate_scaled, issued_at) "
            "VALUES (?1, ?2, 1, 1, 25000000, 2500, 'EUR', 1000000, 0)")
        .bind(1, crypto::sha256_hex(kNumber))
        .bind(2, kNumber)
        .run();
    connection.execute(
        "INSERT INTO reset_codes (account_id, code_digest, expires_at) VALUES (1, 'old', 0);");
  }

  std::filesystem::path file() const { return dir.path() / "artshop.db"; }

  // Migrates to the newest schema and seals, as a start of the app does.
  int start(const GiftCardNumberCipher& with, const TokenHasher& lookup) {
    Connection connection(file());
    migrate(connection, artshop_schema());
    return protect_gift_card_numbers(connection, with, lookup);
  }

  std::optional<GiftCard> find(const GiftCardNumberCipher& with, const TokenHasher& lookup) {
    ConnectionPool pool(file(), 1);
    SqliteUnitOfWork transactions(pool, &with);
    return transactions
        .read([&](Repositories& repos) -> Result<std::optional<GiftCard>> {
          return repos.gift_cards.find_by_digest(lookup.digest(kNumber));
        })
        .value();
  }

  std::int64_t query_int(const std::string& sql) {
    Connection connection(file());
    auto row = connection.prepare(sql);
    row.step();
    return row.column_int(0);
  }

  artshop::testing::TempDir dir;
  crypto::OpenSslRandomSource random;
  crypto::GiftCardKeys first_keys = crypto::derive_gift_card_keys(secret(1));
  crypto::AesGcmGiftCardNumberCipher first_cipher{first_keys.cipher, {}, random};
  crypto::HmacTokenHasher first_lookup{first_keys.lookup};
};

TEST_F(SqliteGiftCards, TheFirstStartWithAKey_SealsPlainNumbersAndLeavesNoCopyInTheFile) {
  ASSERT_EQ(start(first_cipher, first_lookup), 1);
  EXPECT_EQ(query_int("SELECT count(*) FROM gift_cards WHERE number IS NULL AND number_key_id = '" +
                      first_keys.cipher.id + "'"),
            1);
  const auto bytes = read_bytes(file()) + read_bytes(file().string() + "-wal");
  EXPECT_EQ(bytes.find(kNumber), std::string::npos) << "not even in free pages";

  const auto card = find(first_cipher, first_lookup);
  ASSERT_TRUE(card) << "found by the keyed digest";
  EXPECT_EQ(card->number, kNumber);
  EXPECT_EQ(card->value_micro_eur, 25'000'000);
  EXPECT_EQ(start(first_cipher, first_lookup), 0) << "nothing is left to convert";
}

TEST_F(SqliteGiftCards, TheMigrationDropsResetCodesStoredUnderTheOldDigest) {
  start(first_cipher, first_lookup);
  EXPECT_EQ(query_int("SELECT count(*) FROM reset_codes"), 0);
}

TEST_F(SqliteGiftCards, ANewKeyWithTheOldOneAsPrevious_ReSealsEveryCardAtStart) {
  start(first_cipher, first_lookup);
  const auto second_keys = crypto::derive_gift_card_keys(secret(2));
  const crypto::AesGcmGiftCardNumberCipher rotated{second_keys.cipher, {first_keys.cipher}, random};
  const crypto::HmacTokenHasher second_lookup{second_keys.lookup};
  ASSERT_EQ(start(rotated, second_lookup), 1);

  const crypto::AesGcmGiftCardNumberCipher only_new{second_keys.cipher, {}, random};
  const auto card = find(only_new, second_lookup);
  ASSERT_TRUE(card) << "the old key is no longer needed";
  EXPECT_EQ(card->number, kNumber);
  EXPECT_FALSE(find(only_new, first_lookup)) << "the old digest is gone";
}

TEST_F(SqliteGiftCards, AStartWithoutTheKeyACardIsSealedUnder_RefusesToRun) {
  start(first_cipher, first_lookup);
  const auto other_keys = crypto::derive_gift_card_keys(secret(3));
  const crypto::AesGcmGiftCardNumberCipher stranger{other_keys.cipher, {}, random};
  EXPECT_THROW(start(stranger, crypto::HmacTokenHasher{other_keys.lookup}), DatabaseError);
}

TEST_F(SqliteGiftCards, AUnitOfWorkWithoutACipher_NeverStoresANumberInPlainText) {
  start(first_cipher, first_lookup);
  ConnectionPool pool(file(), 1);
  SqliteUnitOfWork transactions(pool);
  EXPECT_THROW(transactions.read([&](Repositories& repos) -> Result<bool> {
    return repos.gift_cards.find_by_digest(first_lookup.digest(kNumber)).has_value();
  }),
               std::logic_error);
}

}  // namespace
}  // namespace artshop::sqlite
