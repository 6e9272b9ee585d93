#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <regex>
#include <span>
#include <string>
#include <string_view>

#include "artshop/crypto/argon2_password_hasher.hpp"
#include "artshop/crypto/openssl_random_source.hpp"

namespace artshop::crypto {
namespace {

// Cheap settings keep most tests fast; the production settings get their own tests below.
constexpr Argon2Parameters kCheap{.memory_kib = 64, .iterations = 1, .parallelism = 1};

class Argon2PasswordHasherTest : public ::testing::Test {
 protected:
  OpenSslRandomSource random;
  Argon2PasswordHasher cheap{random, kCheap};
};

TEST_F(Argon2PasswordHasherTest, Hash_WithDefaultParameters_IsArgon2idPhcOf19MiB2Passes1Lane) {
  const Argon2PasswordHasher production(random);
  ASSERT_EQ(production.parameters(), (Argon2Parameters{19456, 2, 1}));
  const auto phc = production.hash("violet tram harbour");

  // 16 salt bytes are 22 base64 characters, 32 hash bytes 43 (unpadded).
  const std::regex phc_format(
      R"(\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43})");
  EXPECT_TRUE(std::regex_match(phc, phc_format)) << phc;
  EXPECT_TRUE(production.verify("violet tram harbour", phc));
  EXPECT_FALSE(production.verify("violet tram harbouR", phc));
  EXPECT_FALSE(production.needs_rehash(phc));
}

TEST_F(Argon2PasswordHasherTest, Hash_SaltsEachHash) {
  EXPECT_NE(cheap.hash("same password"), cheap.hash("same password"));
}

TEST_F(Argon2PasswordHasherTest, Verify_WithRightPassword_IsTrueAndWithAnyOtherFalse) {
  const auto phc = cheap.hash("correct horse");
  EXPECT_TRUE(cheap.verify("correct horse", phc));
  EXPECT_FALSE(cheap.verify("correct hors", phc));
  EXPECT_FALSE(cheap.verify("Correct horse", phc));
  EXPECT_FALSE(cheap.verify("", phc));
}

TEST_F(Argon2PasswordHasherTest,
       Verify_WithPasswordsDifferingOnlyAfter100Characters_TellsThemApart) {
  // Nothing is truncated (bcrypt would cut at 72 bytes): the last character counts.
  const std::string base(100, 'p');
  const auto phc = cheap.hash(base + "A");
  EXPECT_TRUE(cheap.verify(base + "A", phc));
  EXPECT_FALSE(cheap.verify(base + "B", phc));
  EXPECT_FALSE(cheap.verify(base, phc));
}

TEST_F(Argon2PasswordHasherTest, Verify_HashesEveryByteIncludingMultibyteAndNul) {
  const std::string with_nul("abc\0def", 7);
  const auto phc = cheap.hash(with_nul);
  EXPECT_TRUE(cheap.verify(with_nul, phc));
  EXPECT_FALSE(cheap.verify("abc", phc));
  const auto emoji = cheap.hash("\U0001F3A8\U0001F3A8\U0001F3A8\U0001F3A8");
  EXPECT_TRUE(cheap.verify("\U0001F3A8\U0001F3A8\U0001F3A8\U0001F3A8", emoji));
}

TEST_F(Argon2PasswordHasherTest, Verify_WithUnreadableStoredHash_IsFalse) {
  for (const char* stored : {"", "plain text", "$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaA",
                             "$argon2id$v=19$m=64,t=1,p=1$", "$2b$12$abcdefghijklmnopqrstuv"}) {
    EXPECT_FALSE(cheap.verify("password", stored)) << stored;
  }
}

TEST_F(Argon2PasswordHasherTest, Verify_WithAbsurdlyExpensiveStoredHash_RefusesWithoutComputing) {
  // 64 GiB would exhaust the machine; it is refused on sight.
  EXPECT_FALSE(cheap.verify("password",
                            "$argon2id$v=19$m=67108864,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$"
                            "aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"));
}

TEST_F(Argon2PasswordHasherTest, NeedsRehash_WhenAnyParameterOrVersionDiffers_IsTrue) {
  const auto phc = cheap.hash("password");
  EXPECT_FALSE(cheap.needs_rehash(phc));
  for (const auto other :
       {Argon2Parameters{128, 1, 1}, Argon2Parameters{64, 2, 1}, Argon2Parameters{64, 1, 2}}) {
    EXPECT_TRUE(Argon2PasswordHasher(random, other).needs_rehash(phc));
  }
  EXPECT_TRUE(cheap.needs_rehash("$argon2id$v=16$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaA"));
  EXPECT_TRUE(cheap.needs_rehash("$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaA"));
  EXPECT_TRUE(cheap.needs_rehash("garbage"));
}

TEST_F(Argon2PasswordHasherTest, NeedsRehash_AfterUpgradeToProductionParameters_IsTrue) {
  const Argon2PasswordHasher production(random);
  const auto old_hash = cheap.hash("password");
  EXPECT_TRUE(production.needs_rehash(old_hash));
  EXPECT_TRUE(production.verify("password", old_hash));  // old hashes still log in
}

// Hashes made by libargon2's own encoder (argon2id_hash_encoded), as accounts stored them before
// the hasher drove libargon2 with memory of its own: they must keep logging in.
constexpr std::string_view kStoredCheap =
    "$argon2id$v=19$m=64,t=1,p=1$c2l4dGVlbiBieXRlIHNhbA$"
    "OZHVl+0kMwiFhnO0lrin1VAhuqQ/IpFS0BZ2dU7nUh8";
constexpr std::string_view kStoredProduction =
    "$argon2id$v=19$m=19456,t=2,p=1$YW5vdGhlciAxNkIgc2FsdA$"
    "p+d/CBiU6YPKnjpd6/rcHd8p4cYP8QXesaG/WHo3oGU";
constexpr std::string_view kStoredTwoLanes =
    "$argon2id$v=19$m=64,t=1,p=2$c2FsdHNhbHRzYWx0c2FsdA$"
    "PvdVWBNrGdX98gJ7qMlrbW791MCc8FXXm2IXOZUWRfo";

TEST_F(Argon2PasswordHasherTest, Verify_HashesStoredByLibargon2sEncoder_StillLogIn) {
  EXPECT_TRUE(cheap.verify("correct horse", kStoredCheap));
  EXPECT_FALSE(cheap.verify("correct hors", kStoredCheap));
  EXPECT_TRUE(cheap.verify("violet tram harbour", kStoredProduction));
  EXPECT_FALSE(cheap.verify("violet tram harbouR", kStoredProduction));
  EXPECT_TRUE(cheap.verify("two lanes", kStoredTwoLanes));
  EXPECT_FALSE(cheap.verify("two lanez", kStoredTwoLanes));
}

// Gives the salt a test chooses, so that a hash can be compared with a known one.
class KnownSalt final : public RandomSource {
 public:
  explicit KnownSalt(std::string_view salt) : salt_(salt) {}
  void fill(std::span<std::byte> out) override {
    ASSERT_EQ(out.size(), salt_.size());
    std::ranges::transform(salt_, out.begin(), [](char c) { return static_cast<std::byte>(c); });
  }

 private:
  std::string_view salt_;
};

TEST(Argon2Compatibility, Hash_WithTheSameSalt_IsWhatLibargon2sEncoderWrites) {
  KnownSalt salt("another 16B salt");
  const Argon2PasswordHasher production(salt);
  EXPECT_EQ(production.hash("violet tram harbour"), kStoredProduction);
}

TEST_F(Argon2PasswordHasherTest, Verify_WithDamagedSaltOrHash_IsFalse) {
  for (const char* stored :
       {"$argon2id$v=19$m=64,t=1,p=1$c2l4dGVlbiBieXRlIHNhbA$OZHVl+0kMwiFhnO0lrin1VAhuqQ/"
        "IpFS0BZ2dU7nUh",
        "$argon2id$v=19$m=64,t=1,p=1$c2l4dGVlbiBieXRlIHNhbA$OZHVl+0kMwiFhnO0lrin1VAhuqQ/"
        "IpFS0BZ2dU7nUh8=",
        "$argon2id$v=19$m=64,t=1,p=1$c2l4dGVlbiBieXRl!HNhbA$OZHVl+0kMwiFhnO0lrin1VAhuqQ/"
        "IpFS0BZ2dU7nUh8",
        "$argon2id$v=19$m=64,t=1,p=1$c2FsdA$OZHVl+0kMwiFhnO0lrin1VAhuqQ/IpFS0BZ2dU7nUh8",
        "$argon2id$v=19$m=64,t=1,p=1$c2l4dGVlbiBieXRlIHNhbA$",
        "$argon2id$v=7$m=64,t=1,p=1$c2l4dGVlbiBieXRlIHNhbA$OZHVl+0kMwiFhnO0lrin1VAhuqQ/"
        "IpFS0BZ2dU7nUh8"}) {
    EXPECT_FALSE(cheap.verify("correct horse", stored)) << stored;
  }
}

TEST(Argon2Settings, ReadArgon2idSettings_ReadsVersionAndParameters) {
  const auto settings = read_argon2id_settings("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");
  ASSERT_TRUE(settings);
  EXPECT_EQ(*settings, (Argon2idHashSettings{19, {19456, 2, 1}}));
  EXPECT_FALSE(read_argon2id_settings("$argon2id$v=19$m=19456,t=2$c2FsdA$aGFzaA"));
  EXPECT_FALSE(read_argon2id_settings("$argon2id$v=19$m=,t=2,p=1$c2FsdA$aGFzaA"));
  EXPECT_FALSE(read_argon2id_settings("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA"));
}

TEST(Argon2Settings, Constructor_WithUnusableParameters_Throws) {
  OpenSslRandomSource random;
  EXPECT_THROW(Argon2PasswordHasher(random, {.memory_kib = 4, .iterations = 1, .parallelism = 1}),
               std::invalid_argument);
  EXPECT_THROW(Argon2PasswordHasher(random, {.memory_kib = 64, .iterations = 0, .parallelism = 1}),
               std::invalid_argument);
}

}  // namespace
}  // namespace artshop::crypto
