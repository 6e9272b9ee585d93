#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string_view>
#include <vector>

#include "artshop/crypto/aes_gcm_gift_card_cipher.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/openssl_random_source.hpp"
#include "artshop/unicode/icu_text_normaliser.hpp"
#include "config.hpp"
#include "database.hpp"

namespace artshop::app {

// What `artshop migrate` builds, and what every other part of the shop stands on: the data
// folder, the database, and what its migrations work with (gift-card numbers are sealed and
// looked up under keys kept outside the database; stored e-mails are brought to their normal
// form). No blob store, image generator, mail transport, payment provider or HTTP server: a
// migration must not fail, or wait, for any of them.
struct Storage {
  explicit Storage(const Config& config);
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  // Applies pending migrations; answers the schema version.
  int migrate();

  const Config& config;
  crypto::OpenSslRandomSource random;
  crypto::GiftCardKeys gift_card_keys;
  crypto::AesGcmGiftCardNumberCipher gift_card_cipher;
  crypto::HmacTokenHasher gift_card_digests;
  unicode::IcuTextNormaliser text;
  std::unique_ptr<Database> database;  // SQLite or PostgreSQL (config.database_url)
};

// An installation secret: configured as hex under the configuration entry `name`, or generated
// once into `file` (owner-only) and read back on later starts.
std::vector<std::byte> installation_secret(std::string_view hex, std::string_view name,
                                           const std::filesystem::path& file, RandomSource& random);

// An installation secret given as hex in the configuration entry `name`.
std::vector<std::byte> configured_secret(std::string_view hex, std::string_view name);

}  // namespace artshop::app
