#include "storage.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/jwt_keyring.hpp"
#include "artshop/crypto/signing_key_file.hpp"

namespace artshop::app {
namespace {

crypto::AesGcmGiftCardNumberCipher make_gift_card_cipher(const Config& config,
                                                         const crypto::GiftCardKeys& current,
                                                         RandomSource& random) {
  std::vector<crypto::CipherKey> previous;
  previous.reserve(config.gift_card_previous_keys.size());
  for (const auto& hex : config.gift_card_previous_keys) {
    previous.push_back(
        crypto::derive_gift_card_keys(configured_secret(hex, "gift_card_previous_keys")).cipher);
  }
  return {current.cipher, std::move(previous), random};
}

// The data folder exists before anything opens a file in it.
const Config& with_data_dir(const Config& config) {
  std::filesystem::create_directories(config.data_dir);
  return config;
}

// database.pool_size, or by default one connection per thread that may query, plus one so a
// readiness probe never waits.
std::size_t database_pool_size(const Config& config) {
  if (config.database_pool.size > 0) return config.database_pool.size;
  return config.worker_threads + config.password_pool.threads + config.render_pool.threads +
         config.generation_pool.threads + config.mail_pool.threads + 1;
}

}  // namespace

std::vector<std::byte> configured_secret(std::string_view hex, std::string_view name) {
  auto secret = crypto::from_hex(hex);
  if (!secret || secret->size() < crypto::JwtKeyring::kMinSecretBytes) {
    throw std::runtime_error(std::string(name) + " must be the hex of at least 32 random bytes");
  }
  return std::move(*secret);
}

std::vector<std::byte> installation_secret(std::string_view hex, std::string_view name,
                                           const std::filesystem::path& file,
                                           RandomSource& random) {
  return hex.empty() ? crypto::load_or_create_secret_file(file, random)
                     : configured_secret(hex, name);
}

Storage::Storage(const Config& configuration)
    : config(with_data_dir(configuration)),
      gift_card_keys(crypto::derive_gift_card_keys(installation_secret(
          config.gift_card_key, "gift_card_key", config.gift_card_key_file(), random))),
      gift_card_cipher(make_gift_card_cipher(config, gift_card_keys, random)),
      gift_card_digests(gift_card_keys.lookup),
      database(open_database(config, database_pool_size(config), gift_card_cipher)) {}

int Storage::migrate() {
  return database->migrate(gift_card_cipher, gift_card_digests, text);
}

}  // namespace artshop::app
